"""Countdown: several markers on one tracker; the highest drives the timeline.

Modelled on Pandora Celeste's Turn Cycle Tracker (spec pandora-celeste §4.1-4.5): every
marker ticks down together, a delay adds to one marker, and a marker at 0 goes off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from trackers.pieces.base import Field, Piece, PieceError, register_piece


@register_piece
@dataclass
class Countdown(Piece):
    """Named markers counting down to zero on one tracker."""

    kind: ClassVar[str] = "countdown"
    label: str
    markers: dict[str, int] = field(default_factory=dict)
    top: int | None = None  # the tracker's highest box; None while unset
    gone_off: list[str] = field(default_factory=list)

    def driver(self) -> str | None:
        """The marker with the highest value (first by name on a tie: the box is the same)."""
        live = {k: v for k, v in self.markers.items() if k not in self.gone_off}
        if not live:
            return None
        return max(sorted(live), key=lambda k: live[k])

    def driving_value(self) -> int | None:
        name = self.driver()
        return None if name is None else self.markers[name]

    def add_marker(self, name: str, value: int) -> None:
        if name in self.markers:
            raise PieceError(f"{self.label}: a marker named {name!r} is already on the tracker")
        self._check_value(name, value)
        self.markers[name] = value

    def remove_marker(self, name: str) -> None:
        self._need(name)
        del self.markers[name]
        if name in self.gone_off:
            self.gone_off.remove(name)

    def tick(self, amount: int = 1) -> list[str]:
        """Every live marker goes down ``amount``; returns the markers that reached 0 now."""
        if amount < 0:
            raise PieceError(f"{self.label}: tick amount must be 0 or more, not {amount}")
        reached: list[str] = []
        for name in sorted(self.markers):
            if name in self.gone_off:
                continue
            self.markers[name] = max(0, self.markers[name] - amount)
            if self.markers[name] == 0:
                self.gone_off.append(name)
                reached.append(name)
        return reached

    def delay(self, name: str, amount: int = 1) -> None:
        """Push one marker back up (a delay action adds Cycles)."""
        self._need(name)
        if name in self.gone_off:
            raise PieceError(f"{self.label}: {name} has already gone off")
        self._check_value(name, self.markers[name] + amount)
        self.markers[name] += amount

    def _need(self, name: str) -> None:
        if name not in self.markers:
            have = ", ".join(sorted(self.markers)) or "none"
            raise PieceError(f"{self.label}: no marker named {name!r} (markers: {have})")

    def _check_value(self, name: str, value: int) -> None:
        if value < 0 or (self.top is not None and value > self.top):
            top = "" if self.top is None else f" to {self.top}"
            raise PieceError(f"{self.label} {name}: {value} is outside 0{top}")

    def summary(self) -> str:
        if not self.markers:
            return f"{self.label}: no markers"
        parts = [f"{k} {v}" + (" (gone off)" if k in self.gone_off else "")
                 for k, v in sorted(self.markers.items(), key=lambda kv: -kv[1])]
        return f"{self.label}: " + ", ".join(parts) + f"; driving: {self.driver() or 'none'}"

    def fields(self) -> list[Field]:
        return [Field(name, name, 0, self.top) for name in sorted(self.markers)]

    def get_field(self, name: str) -> int:
        self._field(name)
        return self.markers[name]

    def set_field(self, name: str, value: int) -> list[str]:
        self._check_range(name, value)
        self.markers[name] = value
        if value > 0 and name in self.gone_off:
            self.gone_off.remove(name)
        if value == 0 and name not in self.gone_off:
            self.gone_off.append(name)
            return [f"{self.label}: {name} is at 0"]
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "markers": dict(self.markers),
                "top": self.top, "gone_off": list(self.gone_off)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Countdown:
        return cls(data["label"], dict(data["markers"]), data["top"], list(data["gone_off"]))
