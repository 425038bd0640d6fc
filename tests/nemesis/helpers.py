"""Shared helpers for the Nemesis: Lockdown tests: walking the round's checklist, a crew
member's status."""

from __future__ import annotations

from trackers.engine import Note, Session
from trackers.games.nemesis_lockdown import leaving, objectives, power, rounds
from trackers.pieces import Track


def finish_setup(s: Session) -> list[Note]:
    """Tick the setup off, making its entries on the way: the Power tokens as numbered
    (S-01 1 ... Elevator 4) and a Facility Worker for anyone not yet drafted."""
    said: list[Note] = []
    while s.state.facts["phase"] == "setup":
        if rounds.current(s.state) == "power" and not power.where(s.state):
            said += s.do("place_power", s01=1, s02=2, s03=3, elevator=4)
        if rounds.current(s.state) == "draft":
            for person in s.state.facts["crew"]:
                if person["kind"] is None:
                    said += s.do("character_kind", player=person["name"],
                                 kind="Facility Worker")
        said += s.do("next_step")
    return said


def keep_objectives(s: Session) -> list[Note]:
    """After the First Encounter: each player not yet recorded keeps "Kept by <name>"."""
    said: list[Note] = []
    if objectives.keep_due(s.state) is None:
        return said
    for name in objectives.unkept(s.state):
        seat = 1 + [c["name"] for c in s.state.facts["crew"]].index(name)
        said += s.do("choose_secret", secret=f"p{seat}_objective", value=f"Kept by {name}")
    return said


def walk_to(s: Session, key: str) -> list[Note]:
    """Tick the checklist forward to step ``key``, resolving the app's own steps on the way
    (an Adult drawn from the bag, no Pod launched); what was said on the way."""
    said = finish_setup(s)
    for _ in range(40):
        said += keep_objectives(s)
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
