"""The table's state: named pieces, free facts, and the board values the players entered."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, TypeVar

from trackers.pieces import Piece, Secret, piece_from_dict

P = TypeVar("P", bound=Piece)


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
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pieces": {name: p.to_dict() for name, p in self.pieces.items()},
            "facts": copy.deepcopy(self.facts),
            "board": copy.deepcopy(self.board),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        return cls(
            pieces={name: piece_from_dict(p) for name, p in data["pieces"].items()},
            facts=copy.deepcopy(data["facts"]),
            board=copy.deepcopy(data["board"]),
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
