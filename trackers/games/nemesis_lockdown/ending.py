"""End conditions E1, E2, E4 and the Victory Check, as notes (spec nemesis-lockdown §11)."""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew

ENDINGS = {
    "E1": "Facility purged (the Time token reached S)",
    "E2": "Facility destroyed",
    "E4": "Alert Procedure ended the game",
}


def is_over(state: State) -> bool:
    return state.facts.get("ended") is not None


def check_running(state: State) -> None:
    if is_over(state):
        raise ActionError(f"the game is over: {state.facts['status']}", "action")


def end_game(state: State, code: str, cause: str) -> list[Note | str]:
    """Record the ending, apply its deaths, and list the Victory Check (spec §11.1, §11.2)."""
    state.facts["ended"] = code
    state.facts["status"] = f"over: {ENDINGS[code]}"
    notes: list[Note | str] = [Note(f"Game over ({code}): {cause}.", "victory")]
    inside = crew.with_status(state, crew.ACTIVE)
    if code == "E1":
        notes.append(Note("The Facility is purged: every Character not in the Isolation Room "
                          "dies; the Intruders live, so Kill-the-Queen and Destroy-the-Nest "
                          "Objectives fail", "victory"))
    elif code == "E2":
        inside += crew.with_status(state, crew.ISOLATED)
        notes.append(Note("Every Character and Intruder inside dies, the Isolation Room "
                          "included; the Queen counts as killed. Characters in the Bunker or "
                          "evacuated are outside (spec G42 leaves this open for a 13th Fire or "
                          "11th Malfunction: the app counts them as outside)", "victory"))
    else:
        notes.append(Note("The rulebook text does not say what happens to Characters and "
                          "Intruders still inside (spec G9); those Characters are not in a "
                          "survivor state", "victory"))
        inside = []
    for name in inside:
        crew.set_status(state, name, crew.DEAD)
    if inside:
        notes.append(f"Dead at the end: {', '.join(inside)}")
    pods = crew.with_status(state, crew.IN_POD)
    if pods:
        notes.append(f"Still in a CSS Pod: {', '.join(pods)}; the text does not say what "
                     "happens to them at the end (spec G12): settle it at the table")
    survivors = [c["name"] for c in state.facts["crew"]
                 if c["status"] in (crew.ISOLATED, crew.BUNKER, crew.EVACUATED)]
    if not survivors:
        notes.append(Note("No Character survived: there is no Victory Check and nobody wins",
                          "victory"))
        return notes
    notes += [
        Note(f"Victory Check for {', '.join(survivors)}:", "victory"),
        Note("1. Contingency check: turn the Active Contingency face up; its effect hits every "
             "surviving Character", "victory"),
        Note("2. Contamination check: each survivor Scans their Contamination cards; with an "
             "INFECTED card or a Larva, shuffle all their cards into one deck and draw 4: a "
             "Contamination card among them kills", "victory"),
        Note("3. Objective check: the living show their kept Objective (reveal the app's "
             "secret to prove it); alive and fulfilled = a winner", "victory"),
    ]
    return notes
