"""The seal: a small file beside each journal holding the chain head, outside the journal.

The last record of a journal has no later record to carry its fingerprint, so the seal
keeps it (``lines``, ``head``), updated under the session lock after every append. That
head is the seal's first line, of fixed width, rewritten in place (one small write: a
rename per action would cost as much as the journal's own fsync); the rest of the file is
replaced whole, rarely. A
journal edited after the fact then shows either as a broken chain (a record before the
last) or as a mismatch with the seal (the last record, or records removed). The seal also
keeps a copy of the header (game, setup, seed) and the title, so a lost catalog or a
damaged first line loses nothing, and ``breaks`` and ``damage``: what was once found changed
or damaged, kept for good so that later appends or edits cannot hide it, until the table
dismisses it (``dismissed``: said no more, still kept).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import atomic_write
from saves.journal import JournalContents, describe_line

SEAL_FORMAT = 1
HEAD_WIDTH = 128  # bytes of the first line, newline included


@dataclass
class Seal:
    lines: int  # complete lines in the journal when it was sealed (the header is line 1)
    head: str  # line_hash of line ``lines``
    header: dict[str, Any] | None = None
    title: str | None = None
    breaks: list[str] = field(default_factory=list)
    damage: list[str] = field(default_factory=list)  # records found damaged, kept for good
    dismissed: list[str] = field(default_factory=list)  # breaks and damage the table has seen

    def to_bytes(self) -> bytes:
        body = json.dumps({"format": SEAL_FORMAT, "header": self.header, "title": self.title,
                           "breaks": self.breaks, "damage": self.damage,
                           "dismissed": self.dismissed}, ensure_ascii=False).encode()
        return head_line(self.lines, self.head) + body


def head_line(lines: int, head: str) -> bytes:
    """The seal's first line: the chain head, padded to a fixed width."""
    text = json.dumps({"format": SEAL_FORMAT, "lines": lines, "head": head}).encode()
    return text.ljust(HEAD_WIDTH - 1) + b"\n"


def read_seal(path: Path) -> Seal | None:
    """The seal in ``path``, or None when it is missing or unreadable (a head that cannot
    be read counts as none: ``lines`` 0)."""
    try:
        first, _, rest = path.read_bytes().partition(b"\n")
        data = json.loads(rest)
        if not isinstance(data, dict) or data.get("format") != SEAL_FORMAT:
            return None
        header = data.get("header")
        seal = Seal(0, "", header if isinstance(header, dict) else None,
                    data["title"] if isinstance(data.get("title"), str) else None,
                    _texts(data, "breaks"), _texts(data, "damage"), _texts(data, "dismissed"))
    except (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
    try:
        head = json.loads(first)
        if head.get("format") == SEAL_FORMAT:
            seal.lines, seal.head = int(head["lines"]), str(head["head"])
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    return seal


def _texts(data: dict[str, Any], key: str) -> list[str]:
    found = data.get(key) or []
    return [str(text) for text in found] if isinstance(found, list) else []


def write_seal(path: Path, seal: Seal) -> None:
    """Replace the seal (whole or not at all; not fsynced: a seal one record behind after a
    power cut is read as 'records added since', never as damage)."""
    atomic_write(path, seal.to_bytes(), durable=False)


def write_head(path: Path, seal: Seal) -> None:
    """Rewrite only the seal's first line in place (after each append, under the lock)."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        write_seal(path, seal)
        return
    try:
        os.write(fd, head_line(seal.lines, seal.head))
    finally:
        os.close(fd)


def check_against(contents: JournalContents, lines: int, head: str, where: str) -> str | None:
    """What does not match between the journal and a chain head kept elsewhere, or None.

    Records past the kept head are fine (appended after it was saved); fewer lines, or a
    different fingerprint at that line, mean the journal was changed after it was written.
    """
    if lines < 1:
        return None
    if contents.lines < lines:
        return (f"the journal ends at line {contents.lines} but {where} was made at line "
                f"{lines}: {lines - contents.lines} record(s) were removed after they were "
                "written")
    if lines in contents.lost:
        return None  # a damaged line: already reported as lost
    if contents.hashes[lines - 1] != head:
        return (f"{describe_line(contents, lines)} was changed after it was written (it no "
                f"longer matches {where})")
    return None
