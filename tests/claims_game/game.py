"""The claims demo wired into one ``Game``: the demo's pieces and actions, plus Ann's two
sealed cards, a call-out (a claim decided by the seal) and a sweep (a claim, then a reveal
only when it holds: the rules branch on a sealed answer)."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from tests.claims_game import INFO
from tests.demo.game import GAME as DEMO
from trackers.engine import Action, Note, SessionSetup, State
from trackers.engine.claims import ABSENT, absent_param, decide
from trackers.pieces import Secret

ROLES = ("Loyal", "Company")


def setup(s: SessionSetup, rng: Random) -> State:
    state = DEMO.setup(s, rng)
    state.pieces["ann_card"] = Secret("Ann's card", "Ann", list(ROLES))
    state.pieces["ann_place"] = Secret("Ann's place", "Ann", ["north", "south"])
    return state


def call_out(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    verdict, notes = decide(state, "ann_card", "Company", claim="Ann holds a Company card",
                            absent=args[ABSENT])
    if verdict is None:
        return [*notes, "The call-out is set aside: nobody gains or loses"]
    return [*notes, "The caller is right" if verdict else "The caller is wrong"]


def sweep(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    company, notes = decide(state, "ann_card", "Company", claim="Ann is Company")
    out: list[Note | str] = list(notes)
    if company:
        place = state.piece("ann_place", Secret)
        value, _, ok = place.reveal()
        out.append(f"Ann's place: {value} ({'matches' if ok else 'does NOT match'})")
    return out


def recall(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    """The rules' moment to change a chosen secret: its owner may choose it again now."""
    state.piece("ann_card", Secret).replaceable = True
    return ["Ann may choose her card again"]


GAME = dataclasses.replace(
    DEMO, info=INFO, setup=setup,
    actions=(*DEMO.actions,
             Action("call_out", "Call out", "Say Ann holds a Company card.", call_out,
                    (absent_param("Ann"),)),
             Action("sweep", "Sweep", "If Ann is Company, her place is shown.", sweep),
             Action("recall", "Recall", "Ann may choose her card again.", recall)))
