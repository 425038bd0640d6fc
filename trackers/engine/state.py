"""The table's state: named pieces, free facts, and the board values the players entered."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, TypeVar

from trackers.pieces import Piece, Secret, piece_from_dict

P = TypeVar("P", bound=Piece)
_ATOMS = (str, int, float, bool, type(None))


def plain_copy(value: Any) -> Any:
    """A copy of plain JSON-like data (facts, board values): dicts and lists copied, text and
    numbers shared; anything else deep-copied. Several times faster than ``copy.deepcopy``,
    which the play history and every snapshot read pay per game."""
    if isinstance(value, dict):
        return {k: v if type(v) in _ATOMS else plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _ATOMS else plain_copy(v) for v in value]
    if type(value) in _ATOMS:
        return value
    return copy.deepcopy(value)


@dataclass
class State:
    """Everything the app tracks for one game.

    ``pieces`` are the trackers shown on screen, in display order. ``facts`` is plain
    JSON-able data a game keeps beside them (phase, round, who is where). ``board`` holds
    printed board values the user entered; a key that is absent is unset.
    """

    pieces: dict[str, Piece] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    board: dict[str, Any] = field(default_factory=dict)

    def piece(self, name: str, kind: type[P]) -> P:
        found = self.pieces.get(name)
        if not isinstance(found, kind):
            raise KeyError(f"no {kind.__name__} named {name!r}")
        return found

    def copy(self) -> State:
        # facts and board are plain data (snapshots keep them as JSON): copied as such
        return State(pieces=copy.deepcopy(self.pieces), facts=plain_copy(self.facts),
                     board=plain_copy(self.board))

    def to_dict(self) -> dict[str, Any]:
        return {
            "pieces": {name: p.to_dict() for name, p in self.pieces.items()},
            "facts": plain_copy(self.facts),
            "board": plain_copy(self.board),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        return cls(
            pieces={name: piece_from_dict(p) for name, p in data["pieces"].items()},
            facts=plain_copy(data["facts"]),
            board=plain_copy(data["board"]),
        )

    def hidden_copy(self) -> State:
        """The state as anyone at the table may see it: unrevealed secrets hold a marker
        instead of their value and nonce, and the game's hidden facts are left out.

        Cheap (no deep copy): pieces other than unrevealed secrets are shared with this
        state, so treat the copy as read-only.
        """
        pieces = {name: p.hidden_copy() if isinstance(p, Secret) else p
                  for name, p in self.pieces.items()}
        facts = dict(self.facts)
        if "hidden" in facts:
            facts["hidden"] = HIDDEN_FACTS
        return State(pieces=pieces, facts=facts, board=self.board)

    def public_dict(self) -> dict[str, Any]:
        """Plain data safe to show or export: unrevealed secrets are blanked."""
        data = self.to_dict()
        for name, piece in self.pieces.items():
            if isinstance(piece, Secret):
                data["pieces"][name] = piece.redacted()
        hidden = data["facts"].pop("hidden", None)
        if hidden is not None:
            data["facts"]["hidden"] = HIDDEN_FACTS
        return data


HIDDEN_FACTS = "not shown until revealed"
