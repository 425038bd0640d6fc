"""The Nest: Eggs in the Nest slot, taken or destroyed (rulebook: Room Sheet, Nest)."""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.pieces import Counter


def eggs(state: State) -> Counter:
    return state.piece("eggs", Counter)


def _after(state: State, notes: list[Note | str]) -> list[Note | str]:
    notes.append(Note("Then make a Noise roll", "noise"))
    if eggs(state).value == 0:
        notes.append(Note("No Egg is left: the Nest is destroyed", "intruder_bag"))
    return notes


def take_egg(state: State, name: str) -> list[Note | str]:
    crew.need_active(state, name, "taking an Egg")
    nest = eggs(state)
    if nest.value == 0:
        raise ActionError("no Egg is left in the Nest slot", "player")
    nest.value -= 1
    facts_of(state)["eggs_taken"] += 1
    return _after(state, [f"{name} takes an Egg (a Heavy Object: it goes in a Hand slot); "
                          f"{nest.value} left in the Nest slot"])


def destroy_eggs(state: State, count: int) -> list[Note | str]:
    """Each Injury dealt to the uncarried Eggs destroys one."""
    nest = eggs(state)
    if count > nest.value:
        left = "1 Egg is" if nest.value == 1 else f"{nest.value} Eggs are"
        raise ActionError(f"count: only {left} in the Nest slot", "count")
    nest.value -= count
    facts_of(state)["eggs_destroyed"] += count
    return _after(state, [f"{count} {'Egg' if count == 1 else 'Eggs'} destroyed; "
                          f"{nest.value} left in the Nest slot"])
