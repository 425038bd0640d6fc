"""Helpers for the Nemesis: Lockdown end-of-game tests: a game on the public board values,
walked round by round (the shared helpers of the older test files are being gathered; these
may join them)."""

from __future__ import annotations

from typing import Any

from tests.nemesis.helpers import finish_setup, keep_objectives
from trackers.engine import Note, Session, SessionSetup
from trackers.games.nemesis_lockdown import leaving, rounds
from trackers.games.nemesis_lockdown.game import GAME
from trackers.pieces import Track

DEFAULTS = dict(GAME.board_defaults)
ISOLATED, BUNKER, DEAD = "locked in the Isolation Room", "in the Bunker", "dead"


def game(names: tuple[str, ...] = ("Ann", "Bo"), mode: str = "", seed: str = "ending",
         **board: Any) -> Session:
    return Session(GAME, SessionSetup(len(names), names=names, mode=mode,
                                      board={**DEFAULTS, **board}), seed=seed)


def said(notes: list[Note]) -> str:
    return "\n".join(n.text for n in notes)


def time_on(s: Session) -> int:
    return s.state.piece("time", Track).position


def where(s: Session, name: str) -> str:
    return str(next(c["status"] for c in s.state.facts["crew"] if c["name"] == name))


def step_to(s: Session, key: str) -> None:
    """Tick the round forward to step ``key``, doing the app's own steps on the way."""
    finish_setup(s)
    for _ in range(40):
        keep_objectives(s)
        now = rounds.current(s.state)
        if now == key or s.state.facts.get("ended"):
            return
        if now == "time":
            s.do("advance_time")
        elif now == "bag":
            s.do("develop_bag", drawn="Adult")
        elif now == "css" and leaving.css_waiting(s.state):
            s.do("launch_css", face="no Pod")
        else:
            s.do("next_step")
    raise AssertionError(f"never reached {key}")


def turns_on(s: Session, slot: int) -> None:
    """The Player turns of the round played on ``slot``."""
    step_to(s, "turns")
    while time_on(s) != slot:
        step_to(s, "time")
        s.do("advance_time")
        step_to(s, "turns")
