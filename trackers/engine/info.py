"""What menus know of a game before its rules load: its ``GameInfo``, play modes and tools.

Kept apart from the rules (``game``) and importing nothing of the engine, so Home lists the
games without loading any game's rules or the engine (start-up time).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlayMode:
    """A way to play a game (standard, solo, True Solo, co-op, the Dragon's Domain solo).

    ``option_defaults`` overrides option defaults in this mode (module C on in solo).
    """

    id: str
    title: str
    player_counts: tuple[int, ...]
    note: str = ""
    option_defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Tool:
    """Something a game adds beside its sessions, such as an end-of-game score calculator.

    The app finds its screen in the game's ``tui.games`` module (``TOOLS[id]``) and the
    command line its command in the game's ``tableside.games`` module (``TOOLS[id]``).
    ``cli_name`` is the word after the tool's verb: ``tableside score phoenix``.
    """

    id: str
    title: str
    home_key: str | None = None
    verb: str | None = None
    cli_name: str | None = None


@dataclass(frozen=True)
class GameInfo:
    """What is known of a game before its rules are loaded."""

    id: str
    title: str
    modes: tuple[PlayMode, ...]
    blurb: str = ""
    note: str = ""  # shown on New game (e.g. "name the lifeform player first")
    rulebook_titles: tuple[str, ...] = ()  # names that identify its rulebook by title
    rulebook_words: tuple[str, ...] = ()  # words frequent in its rulebook, rare in others
    synonyms: tuple[tuple[str, ...], ...] = ()  # search: words the table uses for one thing
    tools: tuple[Tool, ...] = ()
    # The package holding its rules and its reference card (card.md): by default
    # trackers.games.<package>; a game registered from elsewhere (a test's) names its own.
    home: str = ""

    def __post_init__(self) -> None:
        if not self.home:
            object.__setattr__(self, "home", f"trackers.games.{self.package}")

    @property
    def package(self) -> str:
        """The one rule that finds a game's modules: its id with "-" as "_"."""
        return self.id.replace("-", "_")

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted({n for m in self.modes for n in m.player_counts}))

    def mode(self, mode_id: str) -> PlayMode:
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        allowed = ", ".join(m.id for m in self.modes)
        raise _action_error(f"mode: {mode_id!r} is not a way to play {self.title}; give one of "
                          f"{allowed}", "mode")

    def default_mode(self, players: int) -> PlayMode:
        """The first mode played by ``players``, or ActionError listing the counts."""
        for mode in self.modes:
            if players in mode.player_counts:
                return mode
        counts = ", ".join(str(n) for n in self.player_counts)
        raise _action_error(f"players: {self.title} is played by {counts}", "players")


def _action_error(message: str, field_name: str) -> Exception:
    from trackers.engine.actions import ActionError  # first use only: menus never need it

    return ActionError(message, field_name)
