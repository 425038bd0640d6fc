"""A seat's texts in the table's words: what the engine writes for its log and its command
line (``secret=p1_objective``, ``owner_absent=yes``), said for a player's phone instead.

The CLI keeps its own wording; the logs on screen (a seat's and the laptop's) show the same
lines with each argument named in plain words and each piece by its label ("Ann's kept
Objective"), and a seat an error without the command line's way around it (a seat's player
is there: they give their own PIN).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tableside.api import OpenSession

_ARGS = re.compile(r" \(((?:[a-z_]+=(?:\(hidden\)|[^,()]*)(?:, )?)+)\)")
_NAME = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
_COMMAND_LINE = re.compile(r";[^;]*\b[a-z]+_[a-z_]+=[a-z]+\b[^;]*")


def _label(play: OpenSession, word: str) -> str:
    piece = play.state.pieces.get(word)
    label = getattr(piece, "label", None)
    return str(label) if label else word


def labels(play: OpenSession, text: str) -> str:
    """Each piece's id in ``text`` (p1_objective) said by its label."""
    return _NAME.sub(lambda found: _label(play, found.group(0)), text)


def log_words(play: OpenSession, text: str) -> str:
    """A log line: "Choose a secret (secret=p1_objective, value=(hidden))" said as
    "Choose a secret: secret Ann's kept Objective, value hidden"."""
    def said(found: re.Match[str]) -> str:
        parts = []
        for pair in found.group(1).split(", "):
            name, _, value = pair.partition("=")
            value = "hidden" if value == "(hidden)" else _label(play, value)
            parts.append(f"{name.replace('_', ' ')} {value}")
        return ": " + ", ".join(parts)

    return _ARGS.sub(said, text)


def error_words(play: OpenSession, text: str) -> str:
    """An error for a seat: pieces by their labels, no command line's way around it."""
    return labels(play, _COMMAND_LINE.sub("", text))
