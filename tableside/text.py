"""Text a person typed (or a file brought), made safe to print on a terminal.

A title, a name or a note may hold anything: an escape sequence that clears the screen or
retitles the window, a carriage return that overwrites the row, a C1 control. ``plain``
removes every such sequence and control character, keeping only newlines; ``one_line``
also folds newlines, so a listing stays one row per item. Square brackets are left alone:
the command line prints text as is, so ``[b]Bo[/b]`` shows as typed.
"""

from __future__ import annotations

import re
from typing import TextIO

# ESC-started sequences first (CSI ``ESC [ ... final``, OSC ``ESC ] ... BEL|ST``, the DCS/
# PM/APC strings, and two-character escapes), so their parameters go with them; then the
# 8-bit CSI; then any other C0/C1 control except the newline (a carriage return only as the
# first half of a CRLF line end, as CSV writes them).
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?"
)
_CONTROLS = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")


def plain(text: object) -> str:
    """``text`` without terminal control sequences or control characters (newlines kept)."""
    return _CONTROLS.sub("", _SEQUENCES.sub("", str(text)))


def one_line(text: object) -> str:
    """``plain``, with line breaks turned into spaces: one row per item in a listing."""
    return " ".join(plain(text).replace("\r\n", "\n").split("\n"))


class PlainWriter:
    """A text stream that passes everything through ``plain``: installed around the
    command line's output, so no sub-command can let a typed escape sequence through."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(plain(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def isatty(self) -> bool:
        return False  # so Rich writes no colour codes of its own either

    def fileno(self) -> int:
        return self._stream.fileno()

    @property
    def encoding(self) -> str:
        return getattr(self._stream, "encoding", None) or "utf-8"

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)
