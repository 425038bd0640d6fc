"""Counter: a count with a limit and what happens when something would go past it.

E.g. Nemesis fire markers (the 13th explodes the facility) or Pandora hull breaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trackers.pieces.base import Field, Piece, PieceError, register_piece


@register_piece
@dataclass
class Counter(Piece):
    """A whole-number count between ``floor`` and ``limit``."""

    kind: ClassVar[str] = "counter"
    label: str
    value: int = 0
    limit: int | None = None  # None: no limit, or one the text does not give (unset)
    past_limit: str = ""  # what the table must do when a change would pass the limit
    floor: int = 0

    def add(self, amount: int = 1) -> list[str]:
        """Add (or with a negative amount, take away); returns the notes for the table."""
        target = self.value + amount
        if target < self.floor:
            raise PieceError(f"{self.label}: cannot go below {self.floor} (now {self.value})")
        if self.limit is not None and target > self.limit:
            over = target - self.limit
            self.value = self.limit
            what = self.past_limit or "the limit is reached"
            return [f"{self.label} would pass its limit of {self.limit} by {over}: {what}"]
        self.value = target
        return []

    def summary(self) -> str:
        limit = "" if self.limit is None else f"/{self.limit}"
        return f"{self.label}: {self.value}{limit}"

    def fields(self) -> list[Field]:
        return [Field("value", "count", self.floor, self.limit)]

    def get_field(self, name: str) -> int:
        self._field(name)
        return self.value

    def set_field(self, name: str, value: int) -> list[str]:
        self._check_range(name, value)
        self.value = value
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "value": self.value, "limit": self.limit,
                "past_limit": self.past_limit, "floor": self.floor}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Counter:
        return cls(data["label"], data["value"], data["limit"], data["past_limit"], data["floor"])
