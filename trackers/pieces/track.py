"""Track: a marker on numbered spaces, with milestones that fire on reach OR pass.

A track advances in one direction (Self-Destruct counts down, Hostility counts up).
A milestone fires when a move lands on it or jumps over it, in the order the marker
meets them, so a jump from 21 to 18 fires "20" and "19" once each (docs/DESIGN.md,
Pieces).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from trackers.pieces.base import Field, Piece, PieceError, register_piece


@dataclass(frozen=True)
class Milestone:
    """A space that does something when the marker reaches or passes it.

    ``repeat`` milestones fire every time they are reached again after the marker went
    back before them (the Cocoon track's final space); the others fire once a game.
    """

    at: int
    key: str
    note: str
    repeat: bool = False
    topic: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "key": self.key, "note": self.note, "repeat": self.repeat,
                "topic": self.topic}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Milestone:
        return cls(data["at"], data["key"], data["note"], bool(data.get("repeat", False)),
                   data.get("topic"))


@dataclass(frozen=True)
class Move:
    """What one move did: where from, where to, and the milestones it fired or un-fired."""

    track: str
    old: int
    new: int
    fired: tuple[Milestone, ...] = ()
    unfired: tuple[Milestone, ...] = ()
    blocked: int = 0  # steps that would have gone past the end of the track

    def notes(self) -> list[str]:
        out = [f"{m.note}" for m in self.fired]
        out += [f"{self.track}: milestone {m.key} is no longer reached" for m in self.unfired]
        if self.blocked:
            out.append(f"{self.track} is at its end ({self.new}); {self.blocked} more step(s) "
                       "had nowhere to go")
        return out


@register_piece
@dataclass
class Track(Piece):
    """A bounded position with a direction of travel and milestones.

    ``lowest``/``highest`` may be None while the printed board value is unset: the
    marker then moves without a stop on that side, and the summary says the end is unset.
    """

    kind: ClassVar[str] = "track"
    label: str
    position: int
    advance: int = 1  # +1: advancing counts up; -1: advancing counts down
    lowest: int | None = None
    highest: int | None = None
    milestones: list[Milestone] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)
    space_names: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.advance not in (1, -1):
            raise PieceError(f"{self.label}: advance must be 1 or -1, not {self.advance}")
        keys = [m.key for m in self.milestones]
        if len(keys) != len(set(keys)):
            raise PieceError(f"{self.label}: milestone keys repeat: {keys}")

    # --- reading ---------------------------------------------------------------
    def progress(self, position: int) -> int:
        """How far along the direction of travel a position is (bigger = further)."""
        return position * self.advance

    def space_name(self, position: int | None = None) -> str:
        pos = self.position if position is None else position
        return self.space_names.get(pos, str(pos))

    def is_fired(self, key: str) -> bool:
        return key in self.fired

    def summary(self) -> str:
        ends = []
        if self.lowest is None or self.highest is None:
            ends.append("end unset on board profile")
        nxt = self.next_milestone()
        tail = f"; next: {nxt.key}" if nxt else ""
        extra = f" ({', '.join(ends)})" if ends else ""
        return f"{self.label}: {self.space_name()}{tail}{extra}"

    def next_milestone(self) -> Milestone | None:
        ahead = [m for m in self.milestones
                 if m.key not in self.fired and self.progress(m.at) > self.progress(self.position)]
        return min(ahead, key=lambda m: self.progress(m.at)) if ahead else None

    # --- moving ----------------------------------------------------------------
    def move(self, steps: int) -> Move:
        """Advance ``steps`` spaces (negative: go back). Back moves keep once-milestones fired."""
        return self._go_to(self.position + steps * self.advance, correcting=False)

    def set_position(self, position: int) -> Move:
        """A hand correction: going back before a milestone un-fires it, as if it never happened."""
        return self._go_to(position, correcting=True)

    def _clamp(self, target: int) -> tuple[int, int]:
        low = self.lowest if self.lowest is not None else target
        high = self.highest if self.highest is not None else target
        clamped = max(low, min(high, target))
        return clamped, abs(target - clamped)

    def _go_to(self, target: int, *, correcting: bool) -> Move:
        old = self.position
        new, blocked = self._clamp(target)
        self.position = new
        fired: list[Milestone] = []
        unfired: list[Milestone] = []
        lo, hi = sorted((self.progress(old), self.progress(new)))
        ordered = sorted(self.milestones, key=lambda m: self.progress(m.at))
        if self.progress(new) > self.progress(old):
            for m in ordered:
                if lo < self.progress(m.at) <= hi and m.key not in self.fired:
                    self.fired.append(m.key)
                    fired.append(m)
        elif self.progress(new) < self.progress(old):
            for m in reversed(ordered):
                # Back past a milestone: a repeating one re-arms; a hand correction un-fires.
                if self.progress(new) < self.progress(m.at) <= hi and m.key in self.fired and (
                    m.repeat or correcting
                ):
                    self.fired.remove(m.key)
                    if correcting:
                        unfired.append(m)
        return Move(self.label, old, new, tuple(fired), tuple(unfired), blocked)

    # --- hand overrides ----------------------------------------------------------
    def fields(self) -> list[Field]:
        return [Field("position", "position", self.lowest, self.highest)]

    def get_field(self, name: str) -> int:
        self._field(name)
        return self.position

    def set_field(self, name: str, value: int) -> list[str]:
        self._check_range(name, value)
        return self.set_position(value).notes()

    # --- plain data ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind, "label": self.label, "position": self.position,
            "advance": self.advance, "lowest": self.lowest, "highest": self.highest,
            "milestones": [m.to_dict() for m in self.milestones], "fired": list(self.fired),
            "space_names": {str(k): v for k, v in self.space_names.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Track:
        return cls(
            label=data["label"], position=data["position"], advance=data["advance"],
            lowest=data["lowest"], highest=data["highest"],
            milestones=[Milestone.from_dict(m) for m in data["milestones"]],
            fired=list(data["fired"]),
            space_names={int(k): v for k, v in data["space_names"].items()},
        )
