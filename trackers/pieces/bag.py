"""Bag: a multiset of tokens drawn blind, e.g. the Nemesis Intruder bag."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any, ClassVar

from trackers.pieces.base import Field, Piece, PieceError, register_piece
from trackers.pieces.chance import Chance


@register_piece
@dataclass
class Bag(Piece):
    """Token kinds and how many of each are in the bag; ``out`` holds drawn tokens;
    ``drawn`` counts the blind draws of a game that draws at the moment (each draw's pick is
    keyed by it, so a draw made again after an undo takes the same token)."""

    kind: ClassVar[str] = "bag"
    label: str
    contents: dict[str, int] = field(default_factory=dict)
    out: dict[str, int] = field(default_factory=dict)
    drawn: int = 0

    @property
    def size(self) -> int:
        return sum(self.contents.values())

    def odds(self) -> dict[str, Fraction]:
        """The chance of each kind on the next draw."""
        size = self.size
        if size == 0:
            return {}
        return {k: Fraction(n, size) for k, n in sorted(self.contents.items()) if n}

    def draw(self, rng: Random) -> str:
        """Draw one token at random; it leaves the bag (kept in ``out``)."""
        kind = self.random_kind(rng)
        self._move(kind, self.contents, self.out)
        return kind

    def random_kind(self, rng: Random) -> str:
        """The kind of the token a blind draw takes now (the token stays in the bag)."""
        if self.size == 0:
            raise PieceError(f"{self.label} is empty")
        if isinstance(rng, Chance):
            self.drawn += 1
            pick = rng.pick(self.label, self.drawn, self.size)
        else:
            pick = rng.randrange(self.size)
        for kind, count in sorted(self.contents.items()):
            if pick < count:
                return kind
            pick -= count
        raise AssertionError("unreachable: pick is below the bag size")

    def return_token(self, kind: str) -> None:
        """Put a drawn token back in the bag."""
        if self.out.get(kind, 0) == 0:
            raise PieceError(f"{self.label}: no drawn {kind!r} token to return")
        self._move(kind, self.out, self.contents)

    def remove(self, kind: str) -> None:
        """Take a token out of the bag for good."""
        if self.contents.get(kind, 0) == 0:
            raise PieceError(f"{self.label}: no {kind!r} token in the bag")
        self.contents[kind] -= 1

    def add(self, kind: str, count: int = 1) -> None:
        if count < 1:
            raise PieceError(f"{self.label}: tokens to add must be 1 or more, not {count}")
        self.contents[kind] = self.contents.get(kind, 0) + count

    @staticmethod
    def _move(kind: str, source: dict[str, int], target: dict[str, int]) -> None:
        source[kind] -= 1
        target[kind] = target.get(kind, 0) + 1

    def summary(self) -> str:
        inside = ", ".join(f"{k} {n}" for k, n in sorted(self.contents.items()) if n) or "empty"
        return f"{self.label}: {inside}"

    def fields(self) -> list[Field]:
        return [Field(k, f"{k} in the bag", 0) for k in sorted(self.contents)]

    def get_field(self, name: str) -> int:
        self._field(name)
        return self.contents[name]

    def set_field(self, name: str, value: int) -> list[str]:
        self._check_range(name, value)
        self.contents[name] = value
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "contents": dict(self.contents),
                "out": dict(self.out), "drawn": self.drawn}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Bag:
        return cls(data["label"], dict(data["contents"]), dict(data["out"]),
                   int(data.get("drawn", 0)))
