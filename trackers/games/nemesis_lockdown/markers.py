"""Fire and Malfunction markers with their limits, Noise markers and the Noise roll.

Rulebook: Markers and Tokens; Movement, Exploration, and Noise. Noise markers are kept by the
name the table gives a Corridor ("S-02 corridor 3", "Technical Corridors"): the board's layout
is the table's, so the app keeps only what the table marks.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown.board import noise_die
from trackers.games.nemesis_lockdown.ending import end_game
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.pieces import Counter

FIRE_LIMIT = 12  # 12 Fire markers; the 13th destroys the Facility
MALFUNCTION_LIMIT = 10  # 10 Malfunction markers; the 11th destroys the Facility
NOISE_CHANGES = ("place", "remove")


def place_fire(state: State) -> list[Note | str]:
    """One more Fire marker; past 12 the Facility explodes (M1)."""
    fire = state.piece("fire", Counter)
    if fire.value >= FIRE_LIMIT:
        return end_game(state, "E2", f"a Fire marker had to be placed with all {FIRE_LIMIT} "
                                     "already on the board: the Facility explodes",
                        by_marker=True)
    fire.add(1)
    return [Note(f"Fire marker placed ({fire.value} of {FIRE_LIMIT}). One per Room. A "
                 "Character ending a turn there takes 1 Light Wound (once a round); Intruders "
                 "there take 1 Injury in step 8", "fire")]


NO_MALFUNCTION = ("Nest", "Contaminated Room")  # Markers and Tokens: never placed there


def place_malfunction(state: State, room: str | None = None) -> list[Note | str]:
    """One more Malfunction marker; past 10 the Facility is destroyed (M2, M3)."""
    if room is not None and room.strip().casefold().removeprefix("the ") in {
            r.casefold() for r in NO_MALFUNCTION}:
        return [Note(f"No Malfunction marker goes in the {room.strip()} (nor in an unexplored "
                     "Room): nothing is placed", "malfunction")]
    broken = state.piece("malfunction", Counter)
    if broken.value >= MALFUNCTION_LIMIT:
        return end_game(state, "E2", f"a Malfunction marker had to be placed with all "
                                     f"{MALFUNCTION_LIMIT} already on the board",
                        by_marker=True)
    broken.add(1)
    return [Note(f"Malfunction marker placed ({broken.value} of {MALFUNCTION_LIMIT}). The "
                 "Room's Action and any Computer there are off; Search still works",
                 "malfunction")]


def noise_markers(state: State) -> list[str]:
    found: list[str] = facts_of(state)["noise"]
    return found


def noise_marker(state: State, corridor: str, change: str) -> list[Note | str]:
    """Put a Noise marker in a Corridor, or take it off (one per Corridor)."""
    marked = noise_markers(state)
    known = {c.casefold(): c for c in marked}
    if change == "place":
        if corridor.casefold() in known:
            return [Note(f"{known[corridor.casefold()]} already has a Noise marker: a Noise "
                         "result there means an Encounter instead", "noise")]
        marked.append(corridor)
        return [Note(f"Noise marker in {corridor}", "noise")]
    if corridor.casefold() not in known:
        held = ", ".join(marked) or "none"
        raise ActionError(f"corridor: {corridor!r} has no Noise marker (marked: {held})",
                          "corridor")
    marked.remove(known[corridor.casefold()])
    return [Note(f"Noise marker taken off {known[corridor.casefold()]}", "noise")]


def noise_roll(state: State, rng: Random, rolled: str | None, slime: bool,
               who: str | None, corridor: str | None) -> list[Note | str]:
    """Roll (or record) the Noise die and say what it does (M4)."""
    if rolled is None:
        rolled = noise_die(state).roll(1, rng)[0]
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
    elif corridor:
        notes += noise_marker(state, corridor, "place")
    else:
        notes.append(Note(f"Put a Noise marker in the connected Corridor {rolled} (a Technical "
                          "Corridor Entrance sends it to the Technical Corridors space). If "
                          "that Corridor already has one: Encounter instead", "noise"))
    return notes


def needs_die(rolled: str | None) -> list[str]:
    """The app rolls only a die whose faces the table entered."""
    from trackers.games.nemesis_lockdown.board import noise_die_keys

    return list(noise_die_keys()) if rolled is None else []

