"""A player's marker on the Space Station Phoenix score track, read with the lap tokens.

The running total is what counts; the space and lap token shown are derived from it with the
table's lap size (spec space-station-phoenix §3.6). The lap size is not in the rulebook text
(spec §10.13): until the table enters it, the marker shows the total and says the lap size is
unset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trackers.games.space_station_phoenix.score_track import lap_note, track_position
from trackers.pieces import Piece, register_piece
from trackers.pieces.base import Field


def points_text(points: int) -> str:
    """"1 point", "-1 point", "0 points", "48 points"."""
    return f"{points} point" + ("" if abs(points) == 1 else "s")


def reading(points: int, lap_size: int | None) -> str:
    """Where the marker sits, in a few words: "space 12 + 50 lap token"."""
    if lap_size is None:
        return "lap size unset; the lap tokens suggest 50: ctrl+d"
    position = track_position(points, lap_size)
    if position.space is None:
        return "below 0: shown as the table rules"
    if position.laps == 0:
        return f"space {position.space}"
    if position.lap_token is not None:
        return f"space {position.space} + {position.lap_token} lap token"
    return f"space {position.space} after {position.laps} laps: no printed token"


@register_piece
@dataclass
class ScoreMarker(Piece):
    """One player's in-game points (laps included); may go below 0 (Hub A-12, spec §3.6)."""

    kind: ClassVar[str] = "phoenix_score"
    label: str
    points: int = 0
    lap_size: int | None = None  # spec §10.13: the table's setting, no default

    def summary(self) -> str:
        return f"{self.label}: {points_text(self.points)} ({reading(self.points, self.lap_size)})"

    def add(self, amount: int) -> list[str]:
        """Move the marker; returns what to do with the lap tokens, if anything."""
        before = self.points
        self.points += amount
        return self._lap_notes(before)

    def _lap_notes(self, before: int) -> list[str]:
        if self.lap_size is None:
            return []
        note = lap_note(before, self.points, self.lap_size)
        return [f"{self.label} {note}"] if note else []

    # --- hand overrides ----------------------------------------------------------
    def fields(self) -> list[Field]:
        return [Field("points", "points")]

    def get_field(self, name: str) -> int:
        self._field(name)
        return self.points

    def set_field(self, name: str, value: int) -> list[str]:
        self._field(name)
        before = self.points
        self.points = value
        return self._lap_notes(before)

    # --- plain data --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "points": self.points,
                "lap_size": self.lap_size}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScoreMarker:
        return cls(data["label"], data["points"], data.get("lap_size"))
