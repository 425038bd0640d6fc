"""The start locations at setup (rulebook «Where the Crew will Start», «Protocol Bans»): each
crewmember's start entered in turn, from the rooms open to them, and the Wake-Up discard.

A crewmember who starts On Wake-Up in the Cryo-Chamber discards a card of their choice at
once: the setup does not go on until the table has said that each of them did.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import Action, ActionError, Note, State
from trackers.games.pandora_celeste.action_fields import PLAYED, RULES
from trackers.games.pandora_celeste.facts import facts_of
from trackers.games.pandora_celeste.setup import WAKE_UP, start_choices


def unplaced(state: State) -> list[str]:
    """The crewmembers whose start is not entered yet, in the crew's order."""
    return [n for n, c in facts_of(state)["crew"].items() if not c["room"]]


def next_to_place(state: State) -> list[str]:
    """Whose start is entered now: the first without one (each in turn, so the form offers
    only the rooms open to them)."""
    return unplaced(state)[:1]


def rooms(state: State) -> list[str]:
    """The rooms open to the crewmember whose start is entered now."""
    who = next_to_place(state)
    return start_choices(state, who[0]) if who else []


def place_why_not(state: State) -> str | None:
    if facts_of(state)["phase"] != "setup":
        return "start locations are chosen at setup"
    if not unplaced(state):
        return "every crewmember's start location is entered (undo one to change it)"
    return None


def due(state: State) -> list[str]:
    """Who started On Wake-Up and has not discarded yet (at setup)."""
    facts = facts_of(state)
    if facts["phase"] != "setup":
        return []
    done = facts.get("wake_up") or []
    return [n for n, c in facts["crew"].items() if c["room"] == WAKE_UP and n not in done]


def why_due(state: State) -> str | None:
    waiting = due(state)
    if not waiting:
        return None
    each = "each discards" if len(waiting) > 1 else "they discard"
    return (f"{' and '.join(waiting)} woke up in the Cryo-Chamber: {each} 1 card of their "
            "choice at once; record it first ('Wake-Up discard')")


def why_not(state: State) -> str | None:
    if facts_of(state)["phase"] != "setup":
        return "the Wake-Up discard is made at setup, as the crewmember wakes"
    if not due(state):
        return "nobody has woken up in the Cryo-Chamber without discarding"
    return None


def discard(state: State, who: str) -> list[Note | str]:
    if who not in due(state):
        raise ActionError(f"crew: {who} has no Wake-Up discard to make; give one of "
                          f"{', '.join(due(state)) or 'nobody'}", "crew")
    facts_of(state).setdefault("wake_up", []).append(who)
    return [Note(f"{who} discards 1 card of their choice, still groggy from waking up "
                 "(rulebook «Where the Crew will Start»)", "setup")]


class StartLocation(Action):
    """'Start location': a crewmember not yet placed who is not next, or a room not open to
    them, is refused naming whose turn it is and the rooms they may take."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        who, waiting = args.get("crew"), unplaced(state)
        if isinstance(who, str) and waiting and who.strip() != waiting[0]:
            name = who.strip()
            placed = facts_of(state)["crew"].get(name, {}).get("room")
            why = (f"{name}'s start is entered already ({placed}); undo it to change it"
                   if placed else f"{waiting[0]}'s start comes first (each in turn, in the "
                   "crew's order)" if name in waiting else f"{name!r} is not in play")
            raise ActionError(f"crew: {why}", "crew")
        room = args.get("room")
        if waiting and isinstance(room, str) and room.strip() \
                and room.strip() not in rooms(state):
            raise ActionError(f"room: {waiting[0]} may start in {' or '.join(rooms(state))}",
                              "room")
        checked = super().validate(state, args)
        checked[PLAYED] = RULES  # a start made since it also places the crewmember's area
        return checked


def area_of(room: str) -> str:
    """The noise scope a start room stands in: Engineering is at the back, Cargo Control its
    own section, every other start room at the front («The Stern Target»)."""
    if room.startswith("Engineering"):
        return "back"
    if room.startswith("Cargo Control"):
        return "Cargo Control section"
    return "front"
