"""Setup by player count and the effect of entered board values (spec nemesis-lockdown §2, §15)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, SessionSetup, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.board import TIME_START, last_number, slot_exists, slot_list
from trackers.games.nemesis_lockdown.intruders import bag_contents
from trackers.games.nemesis_lockdown.power import START_BLUE
from trackers.pieces import Bag, Counter, Secret, Track

CONTINGENCY_CODES = ["Green", "Yellow", "Blue", "Gray", "Red"]  # spec §10.4
START_EGGS = 5  # spec §2.1 step 7


def contingency_per_player(players: int) -> int:
    """2 each with 2 players, otherwise 1 (spec §2.2; S2)."""
    return 2 if players == 2 else 1


def setup(s: SessionSetup, rng: Random) -> State:
    """The table at the start (spec §2.3; S1-S4)."""
    state = State(board=dict(s.board))
    state.pieces["time"] = Track("Time track", TIME_START, advance=-1, highest=TIME_START)
    state.pieces["intruder_bag"] = Bag("Intruder bag", bag_contents(s.players))
    state.pieces["eggs"] = Counter("Eggs in the Nest slot", START_EGGS)
    state.pieces["fire"] = Counter("Fire markers on the board", 0, limit=12,
                                   past_limit="a 13th Fire destroys the Facility")
    state.pieces["malfunction"] = Counter("Malfunction markers on the board", 0, limit=10,
                                          past_limit="an 11th Malfunction destroys the Facility")
    for i, name in enumerate(s.names, start=1):
        state.pieces[f"p{i}_light"] = Counter(f"{name} Light Wounds", 0, limit=crew.LIGHT_LIMIT)
        state.pieces[f"p{i}_serious"] = Counter(f"{name} Serious Wounds", 0,
                                                limit=crew.SERIOUS_LIMIT)
        state.pieces[f"p{i}_larva"] = Counter(f"{name} Larva", 0, limit=1)
    for i, name in enumerate(s.names, start=1):
        state.pieces[f"p{i}_objective"] = Secret(f"{name}'s kept Objective", name)
        for k in range(1, contingency_per_player(s.players) + 1):
            suffix = "" if k == 1 else f"_{k}"
            state.pieces[f"p{i}_contingency{suffix}"] = Secret(
                f"{name}'s Contingency token {k}", name, list(CONTINGENCY_CODES))
    state.facts = _start_facts(s)
    apply_board(state)
    return state


def _start_facts(s: SessionSetup) -> dict[str, Any]:
    return {
        "status": "in progress", "phase": "setup", "step": 0, "round": 0,
        "time_side": "inactive", "autodestruct": None, "autodestruct_stopped": False,
        "alert": None, "css": [], "css_revealed": [],
        "main_gate_open": False, "first_encounter": False, "first_death": False,
        "power": {"blue": list(START_BLUE), "at": {}},
        "crew": [{"name": n, "status": crew.ACTIVE} for n in s.names],
        "ended": None,
    }


def setup_notes(players: int) -> list[str]:
    """The player-count facts the table needs at setup (spec §2.2, §13)."""
    bag = bag_contents(players)
    each = contingency_per_player(players)
    lines = [f"Intruder bag: {', '.join(f'{k} {n}' for k, n in bag.items() if n)} "
             f"({sum(bag.values())} tokens)",
             f"Contingency tokens: {each} per player, 1 face down on the Active slot, the rest "
             "in the Neutral Pool"]
    if players == 1:
        lines.append("Solo: Objectives from the Solo/Coop deck (draw 2, keep 1 at the First "
                     "Encounter); after the Active token, draw 2 from the Neutral Pool; Items "
                     "per Room halved, rounded up")
    return lines


def apply_board(state: State, key: str | None = None) -> list[str]:
    """Re-read the pieces after a board value is entered (spec §15 G1, G2)."""
    notes: list[str] = []
    track = state.piece("time", Track)
    last = last_number(state)
    if key in (None, "time_last_number") and last is not None:
        if track.position < last - 1:
            raise ActionError(f"time_last_number: the Time token is already on {track.position}",
                              "time_last_number")
        track.lowest = last - 1
        track.space_names = {last - 1: "S"}
        if key:
            notes.append(f"Time track: {TIME_START} down to {last}, then S")
    if key in (None, "css_slots") and "css_slots" in state.board:
        slots = slot_list(state, "css_slots")
        for n in slots:
            if slot_exists(state, n) is False:
                raise ActionError(f"css_slots: slot {n} is past the last numbered slot",
                                  "css_slots")
        passed = {r["slot"] for r in state.facts["css_revealed"]}
        if state.facts["phase"] != "setup" and (state.facts["css"] or passed):
            # In play the tokens may have been moved (Schedule CSS): keep the table's tokens.
            return notes + ["CSS slots saved; the tokens already on the track stay where "
                            "they are (move one with 'Schedule CSS' if needed)"]
        here = track.position
        state.facts["css"] = sorted({n for n in slots if n <= here and n not in passed},
                                    reverse=True)
        if key:
            notes.append("CSS tokens face down on slots: "
                          + (", ".join(map(str, state.facts["css"])) or "none"))
    return notes
