"""What every piece shares: a kind name, plain-data round trips, and hand overrides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


class PieceError(ValueError):
    """A piece refused a change; the message names the field and what is allowed."""


@dataclass(frozen=True)
class Field:
    """One value of a piece that the players may override by hand ("set value")."""

    name: str
    label: str
    minimum: int | None = None
    maximum: int | None = None


_KINDS: dict[str, type[Piece]] = {}


def register_piece(cls: type[Piece]) -> type[Piece]:
    """Class decorator: make a piece kind loadable from a snapshot."""
    _KINDS[cls.kind] = cls
    return cls


def piece_from_dict(data: dict[str, Any]) -> Piece:
    """Rebuild any registered piece from ``Piece.to_dict`` output."""
    kind = data.get("kind")
    if kind not in _KINDS:
        raise PieceError(f"unknown piece kind {kind!r}")
    return _KINDS[kind].from_dict(data)


class Piece:
    """Base class: a piece is plain data with a label and a one-line summary."""

    kind: ClassVar[str] = "piece"
    label: str

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Piece:
        raise NotImplementedError

    def summary(self) -> str:
        """One line for the tracks panel; never shows a hidden value."""
        raise NotImplementedError

    def fields(self) -> list[Field]:
        """The values players may set by hand."""
        return []

    def get_field(self, name: str) -> int:
        raise PieceError(f"{self.label}: no value named {name!r}")

    def set_field(self, name: str, value: int) -> list[str]:
        """Override a value by hand; returns notes for the table."""
        raise PieceError(f"{self.label}: no value named {name!r}")

    def _field(self, name: str) -> Field:
        for field in self.fields():
            if field.name == name:
                return field
        allowed = ", ".join(f.name for f in self.fields()) or "none"
        raise PieceError(f"{self.label}: no value named {name!r} (allowed: {allowed})")

    def _check_range(self, name: str, value: int) -> None:
        field = self._field(name)
        low, high = field.minimum, field.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise PieceError(f"{self.label} {field.label}: {value} is outside {_span(low, high)}")


def _span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"{low} or more"
    if high is not None:
        return f"{high} or less"
    return "any whole number"
