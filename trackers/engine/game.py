"""A game module's definition: its options, board values, setup and actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any

from trackers.engine.actions import Action, ActionError, Note, parse_whole_number

if TYPE_CHECKING:
    from trackers.engine.state import State


@dataclass(frozen=True)
class Option:
    """A choice made when a game is created. ``kind``: "bool", "choice" or "multi"."""

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    help: str = ""

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ActionError(f"option {self.name}: give true or false", self.name)
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise ActionError(
                    f"option {self.name}: {value!r} is not allowed; give one of "
                    + ", ".join(self.choices), self.name)
            return value
        values = list(value) if isinstance(value, (list, tuple)) else None
        if values is None or any(v not in self.choices for v in values):
            raise ActionError(
                f"option {self.name}: give a list drawn from " + ", ".join(self.choices), self.name)
        return sorted(set(values))


@dataclass(frozen=True)
class BoardValue:
    """A printed board value the rulebook text does not give: the user enters it.

    It has no default. Until set, the app shows it as unset and names where to look.
    ``kind`` is "int" or "ints" (a list of whole numbers).
    """

    key: str
    label: str
    look_at: str  # the rulebook section / board area to read it from
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, raw: Any) -> int | list[int]:
        """Check a value typed by the user ("3" or "16, 17, 19" for lists)."""
        allowed = self._allowed()
        if self.kind == "ints":
            if isinstance(raw, str):
                parts = [p for p in raw.replace(",", " ").split() if p]
            elif isinstance(raw, list):
                parts = raw
            else:
                raise ActionError(f"{self.key}: give {allowed}", self.key)
            return [self._one(p, allowed) for p in parts]
        return self._one(raw, allowed)

    def _one(self, raw: Any, allowed: str) -> int:
        value = parse_whole_number(raw) if isinstance(raw, str) else raw
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionError(f"{self.key}: {raw!r} is not allowed; give {allowed}", self.key)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise ActionError(f"{self.key}: {value} is not allowed; give {allowed}", self.key)
        return value

    def _allowed(self) -> str:
        span = ""
        if self.minimum is not None and self.maximum is not None:
            span = f" from {self.minimum} to {self.maximum}"
        many = "whole numbers separated by commas" if self.kind == "ints" else "a whole number"
        return many + span


@dataclass(frozen=True)
class SessionSetup:
    """What a session is created with: player count, names, options and board values."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    board: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "options": dict(self.options),
                "names": list(self.names), "board": dict(self.board)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionSetup:
        return cls(data["players"], dict(data.get("options", {})),
                   tuple(data.get("names", ())), dict(data.get("board", {})))


@dataclass(frozen=True)
class Panel:
    """A block of text lines a game adds to its screen (launch readiness, who plays next)."""

    title: str
    lines: tuple[str, ...]
    topic: str | None = None


Setup = Callable[[SessionSetup, Random], "State"]
BoardChanged = Callable[["State", str, Any], "Sequence[Note | str]"]


@dataclass(frozen=True)
class Game:
    """Everything the engine needs to run one game."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    setup: Setup
    actions: tuple[Action, ...] = ()
    options: tuple[Option, ...] = ()
    board_values: tuple[BoardValue, ...] = ()
    topics: dict[str, str] = field(default_factory=dict)  # piece name -> reference topic
    blurb: str = ""
    board_changed: BoardChanged | None = None  # re-read pieces after a board value is set
    panels: Callable[[State], list[Panel]] | None = None  # extra text panels for the screen
    checklist: Callable[[State], list[tuple[str, bool]]] | None = None  # (step, done) now
    # Checks across board values (one value may bound another); returns the problems found.
    check_board: Callable[[dict[str, Any]], list[str]] | None = None

    def action(self, name: str) -> Action:
        for action in self.actions:
            if action.name == name:
                return action
        raise ActionError(f"{self.title} has no action named {name!r}", "action")

    def board_value(self, key: str) -> BoardValue:
        for value in self.board_values:
            if value.key == key:
                return value
        raise ActionError(f"{self.title} has no board value named {key!r}", "key")

    def parse_board(self, values: dict[str, Any]) -> dict[str, Any]:
        """Check a whole set of board values: each by itself, then across them."""
        checked = {key: self.board_value(key).parse(raw) for key, raw in values.items()}
        if self.check_board is not None:
            problems = self.check_board(checked)
            if problems:
                raise ActionError("; ".join(problems), "board")
        return checked

    def check_setup(self, setup: SessionSetup) -> SessionSetup:
        """Validate player count and options; fill option defaults."""
        if setup.players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise ActionError(f"players: {self.title} is played by {counts}", "players")
        known = {o.name: o for o in self.options}
        for name in setup.options:
            if name not in known:
                allowed = ", ".join(known) or "none"
                raise ActionError(f"option {name!r} is unknown (allowed: {allowed})", name)
        options = {o.name: o.check(setup.options.get(o.name, o.default)) for o in self.options}
        names = setup.names or tuple(f"Player {i + 1}" for i in range(setup.players))
        if len(names) != setup.players:
            raise ActionError(f"names: give {setup.players} names, one per player", "names")
        board = self.parse_board(dict(setup.board))
        return SessionSetup(setup.players, options, tuple(names), board)
