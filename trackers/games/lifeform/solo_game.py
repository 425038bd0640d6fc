"""How the solo game joins the Lifeform package's ``Game``: each part of the contract goes to the
solo rules when the session plays the Dragon's Domain solo mode, else to the Lifeform rules.

The Lifeform actions (the crew, the lifeform player, the Showdown) are closed in solo; the solo
actions are open only there. ``game.py`` wraps its own parts with these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random
from typing import Any, TypeVar

from trackers.engine import Action, SessionSetup, State
from trackers.games.lifeform import INFO, solo, solo_actions, solo_board, solo_view

T = TypeVar("T")
OPTIONS = solo.OPTIONS
BOARD_VALUES = solo_board.BOARD_VALUES


STANDARD_MODES = tuple(m.id for m in INFO.modes if m.id != solo.MODE.id)


# Module B's actions, the same in both ways to play: the token the table flips, the jump.
SHARED = frozenset({"asteroid_token", "asteroids_jumped"})


def actions(base: tuple[Action, ...]) -> tuple[Action, ...]:
    """The game's actions by mode: the solo game has only its own and module B's (the engine
    keeps a session to its mode's actions)."""
    standard = tuple(replace(a, modes=STANDARD_MODES + ((solo.MODE.id,) if a.name in SHARED
                                                        else ())) for a in base)
    return standard + tuple(replace(a, modes=(solo.MODE.id,)) for a in solo_actions.actions())


def setup(base: Callable[[SessionSetup, Random], State]
          ) -> Callable[[SessionSetup, Random], State]:
    def run(s: SessionSetup, rng: Random) -> State:
        return solo.setup(s, rng) if s.mode == solo.MODE.id else base(s, rng)
    return run


def by_mode(base: Callable[..., T], solo_part: Callable[..., T]) -> Callable[..., T]:
    """``solo_part(state, ...)`` in a solo session, else ``base(state, ...)``."""
    def run(state: State, *args: Any) -> T:
        return solo_part(state, *args) if solo.is_solo(state) else base(state, *args)
    return run


board_changed = solo.board_changed
panels = solo_view.panels
checklist = solo_view.checklist
end = solo.end
status = solo.status
moment = solo.moment


def check_board(base: Callable[[dict[str, Any]], list[str]]
                ) -> Callable[[dict[str, Any]], list[str]]:
    """The Lifeform cross-checks, then the solo ones (a profile holds both)."""
    def run(values: dict[str, Any]) -> list[str]:
        return base(values) + solo_board.check_board(values)
    return run
