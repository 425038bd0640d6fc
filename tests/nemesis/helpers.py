"""Shared helpers for the Nemesis: Lockdown tests: walking the round's checklist, a crew
member's status."""

from __future__ import annotations

from trackers.engine import Note, Session
from trackers.games.nemesis_lockdown import leaving, rounds
from trackers.pieces import Track


def walk_to(s: Session, key: str) -> list[Note]:
    """Tick the checklist forward to step ``key``, resolving the app's own steps on the way
    (an Adult drawn from the bag, no Pod launched); what was said on the way."""
    said: list[Note] = []
    while s.state.facts["phase"] == "setup":
        said += s.do("next_step")
    for _ in range(40):
        now = rounds.current(s.state)
        if now == key:
            return said
        if now == "time":
            said += s.do("advance_time")
        elif now == "bag":
            said += s.do("develop_bag", drawn="Adult")
        elif now == "css" and leaving.css_waiting(s.state):
            said += s.do("launch_css", face="no Pod")
        else:
            said += s.do("next_step")
    raise AssertionError(key)


def round_on(s: Session, slot: int) -> None:
    """Walk to the Player turns of the round played on ``slot`` of the Time track."""
    walk_to(s, "turns")
    while s.state.piece("time", Track).position != slot:
        walk_to(s, "time")
        s.do("advance_time")
        walk_to(s, "turns")


def status(s: Session, name: str) -> str:
    """The crew member's status (alive, dead, evacuated...)."""
    return next(c["status"] for c in s.state.facts["crew"] if c["name"] == name)
