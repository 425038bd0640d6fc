"""An owner who is absent cannot reveal: the rules that need a reveal say so, log
it, and go on without it, the value staying sealed (as Nemesis's Victory Check does)."""

from __future__ import annotations

from trackers.engine import Note, Param, State
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Secret

ABSENT = "owner_absent"


def absent_param(whose: str) -> Param:
    """The explicit way out, never the default: the owner is away or cannot give the PIN."""
    return Param(ABSENT, "bool", f"yes: the {whose} is absent, cannot reveal",
                 optional=True, default=False)


def not_revealed(state: State, name: str, what: str, then: str) -> Note:
    """Record that ``name`` was needed and its owner could not reveal it; ``then``: how the
    table goes on. The value stays sealed (nothing is opened)."""
    secret = state.piece(name, Secret)
    facts_of(state).setdefault("not_revealed", []).append({"secret": name, "when": what})
    return Note(f"{secret.label} cannot be revealed ({secret.owner} absent or PIN not given; "
                f"code {secret.code} stays sealed) for {what}: {then}; marked unchecked",
                "reality_calibration",
                key_moment=f"{secret.label} not revealed ({what}): its owner was absent, "
                           "unchecked")
