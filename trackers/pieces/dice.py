"""Dice: named faces, roll n and keep k. Faces the rulebook does not give stay unset."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from trackers.pieces.base import PieceError


@dataclass(frozen=True)
class Dice:
    """A kind of die. ``rank`` orders faces for keep-k (higher is better); default: face order."""

    label: str
    faces: tuple[str, ...] | None  # None: the faces are a board value the user has not set
    rank: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        # Caught when the game module is built, not at the table mid-roll.
        if self.faces is not None and not self.faces:
            raise PieceError(f"{self.label}: faces: give at least one (or None while unset)")
        if self.rank is not None and self.faces is not None and len(self.rank) != len(self.faces):
            raise PieceError(f"{self.label}: rank needs one number per face "
                             f"({len(self.faces)} faces, {len(self.rank)} ranks)")

    def roll(self, count: int, rng: Random, keep: int | None = None) -> list[str]:
        """Roll ``count`` dice and keep the best ``keep`` (all when None), best first."""
        if self.faces is None:
            raise PieceError(f"{self.label}: faces are unset; enter them on the board profile")
        if count < 1:
            raise PieceError(f"{self.label}: dice to roll must be 1 or more, not {count}")
        if keep is not None and not 1 <= keep <= count:
            raise PieceError(f"{self.label}: dice to keep must be 1 to {count}, not {keep}")
        rolled = [rng.randrange(len(self.faces)) for _ in range(count)]
        rank = self.rank or tuple(range(len(self.faces)))
        rolled.sort(key=lambda i: rank[i], reverse=True)
        kept = rolled if keep is None else rolled[:keep]
        return [self.faces[i] for i in kept]
