"""Fire and Malfunction markers with their limits, and the Noise roll (spec nemesis-lockdown §7)."""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown.board import NOISE_FACES, noise_die
from trackers.games.nemesis_lockdown.ending import check_running, end_game
from trackers.pieces import Counter

FIRE_LIMIT = 12  # spec §7.1: 12 Fire markers; the 13th destroys the Facility
MALFUNCTION_LIMIT = 10  # spec §7.1: 10 Malfunction markers; the 11th destroys the Facility


def place_fire(state: State) -> list[Note | str]:
    """One more Fire marker; past 12 the Facility explodes (spec §7.1; M1)."""
    check_running(state)
    fire = state.piece("fire", Counter)
    if fire.value >= FIRE_LIMIT:
        return end_game(state, "E2", f"a Fire marker had to be placed with all {FIRE_LIMIT} "
                                     "already on the board: the Facility explodes")
    fire.add(1)
    return [Note(f"Fire marker placed ({fire.value} of {FIRE_LIMIT}). One per Room. A "
                 "Character ending a turn there takes 1 Light Wound (once a round); Intruders "
                 "there take 1 Injury in step 8", "fire")]


def place_malfunction(state: State) -> list[Note | str]:
    """One more Malfunction marker; past 10 the Facility is destroyed (spec §7.1; M2, M3)."""
    check_running(state)
    broken = state.piece("malfunction", Counter)
    if broken.value >= MALFUNCTION_LIMIT:
        return end_game(state, "E2", f"a Malfunction marker had to be placed with all "
                                     f"{MALFUNCTION_LIMIT} already on the board")
    broken.add(1)
    return [Note(f"Malfunction marker placed ({broken.value} of {MALFUNCTION_LIMIT}). The "
                 "Room's Action and any Computer there are off; Search still works", "malfunction")]


def noise_roll(state: State, rng: Random, rolled: str | None, slime: bool,
               who: str | None) -> list[Note | str]:
    """Roll (or record) the Noise die and say what it does (spec §7.3; M4)."""
    check_running(state)
    if rolled is None:
        die = noise_die(state)
        if die.faces is None:
            raise ActionError("rolled: the Noise die's faces are unset (board values "
                              "noise_die_*, spec G21); roll the real die and give its result",
                              "rolled")
        rolled = die.roll(1, rng)[0]
    if rolled not in NOISE_FACES:
        raise ActionError(f"rolled: give one of {', '.join(NOISE_FACES)}", "rolled")
    by = f"{who}: " if who else ""
    notes: list[Note | str] = [Note(f"{by}Noise roll: {rolled}", "noise")]
    if rolled == "Silence" and slime:
        notes.append(Note("Slime turns Silence into Danger", "noise"))
        rolled = "Danger"
    if rolled == "Silence":
        notes.append(Note("Silence: nothing happens", "noise"))
    elif rolled == "Danger":
        notes.append(Note("Danger: every eligible Intruder in a neighbouring Room moves in (a "
                          "Closed Door is destroyed instead); if none can, put Noise in every "
                          "connected Corridor", "noise"))
    else:
        notes.append(Note(f"Put a Noise marker in the connected Corridor {rolled} (a Technical "
                          "Corridor Entrance sends it to the Technical Corridors space). If "
                          "that Corridor already has one: Encounter instead", "noise"))
    return notes
