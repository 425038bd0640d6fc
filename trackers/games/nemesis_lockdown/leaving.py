"""Leaving the Facility: CSS tokens and Pods, the Isolation Room, the Bunker.

``facts["css"]`` lists the slots holding a face-down CSS token; what a token shows the table
reads when it is revealed in step 4 (the rulebook does not list the faces' mix).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.games.nemesis_lockdown.time_track import isolation_open, need_slot, slot

CSS_FACES = ("one Pod", "all Pods", "no Pod")  # what a revealed CSS token launches
CSS_ROOM = "Cargo Sending System Room"  # where a Character whose Pod stays goes back
# Where the app puts a Character who leaves play: location-dependent rules read this.
LEFT_FOR = {crew.IN_POD: "CSS Pod", crew.ISOLATED: "Isolation Room", crew.BUNKER: "Bunker"}
WAYS_OUT = (crew.IN_POD, crew.ISOLATED, crew.BUNKER, crew.DEAD)


def css_waiting(state: State) -> bool:
    return slot(state) in facts_of(state)["css"]


def launch_css(state: State, face: str | None, pod_player: str | None) -> list[Note | str]:
    """Event Phase step 4: reveal the token on the Time slot and launch (T12)."""
    here = slot(state)
    if here not in facts_of(state)["css"]:
        raise ActionError(f"no face-down CSS token lies on slot {here}", "face")
    if face is None:
        raise ActionError(f"face: a CSS token lies on slot {here}; give what it shows: "
                          f"{', '.join(CSS_FACES)}", "face")
    in_pods = crew.with_status(state, crew.IN_POD)
    if face == "one Pod" and in_pods and pod_player not in in_pods:
        raise ActionError(f"pod_player: name whose Pod launches: {', '.join(in_pods)}",
                          "pod_player")
    facts_of(state)["css"].remove(here)
    facts_of(state)["css_revealed"].append({"slot": here, "face": face})
    notes: list[Note | str] = [Note(f"CSS token on {here} shows {face}. Where a revealed token "
                                    "goes afterwards is not stated: set it aside", "time_track",
                                    key_moment=f"CSS launch on {here}: {face}")]
    for name in in_pods:
        if face == "all Pods" or (face == "one Pod" and name == pod_player):
            crew.set_status(state, name, crew.EVACUATED)
            notes.append(Note(f"{name} is evacuated: removed from the game, a survivor",
                              "victory", key_moment=f"CSS launch: {name} evacuated"))
        else:
            crew.set_status(state, name, crew.ACTIVE)
            crew.entry(state, name)["room"] = CSS_ROOM
            notes.append(f"{name}'s Pod stays: back into the CSS Room with 1 Serious Wound")
            notes += crew.wound(state, name, "serious")
    return notes + [n for n in crew.nobody_left_note(state) if n not in notes]


def schedule_css(state: State, from_slot: int, to_slot: int) -> list[Note | str]:
    """CSS Control Room: move one CSS token one slot, either way (T11; the direction is not
    stated, G12)."""
    tokens: list[int] = facts_of(state)["css"]
    if from_slot not in tokens:
        held = ", ".join(map(str, tokens)) or "none"
        raise ActionError(f"from_slot: no face-down CSS token on {from_slot} (tokens on: "
                          f"{held})", "from_slot")
    if abs(to_slot - from_slot) != 1:
        raise ActionError(f"to_slot: a CSS token moves one slot: give {from_slot - 1} or "
                          f"{from_slot + 1}", "to_slot")
    need_slot(state, to_slot, "to_slot", "rulebook: Room Sheet, CSS Control Room")
    if to_slot in tokens:
        raise ActionError(f"to_slot: slot {to_slot} already holds a CSS token; the rulebook "
                          "does not cover two on one slot (Room Sheet)", "to_slot")
    tokens.remove(from_slot)
    tokens.append(to_slot)
    tokens.sort(reverse=True)
    return [f"CSS token moved from slot {from_slot} to {to_slot}: Pods can be boarded in the "
            f"round on {to_slot} and it launches in that round's step 4"]


def leave(state: State, name: str, how: str) -> list[Note | str]:
    """A Character boards a Pod, locks in, reaches the Bunker or dies."""
    crew.need_active(state, name, "leaving the Facility")
    if how == crew.DEAD:
        return crew.kill(state, name, "recorded by the table")
    if how == crew.IN_POD:
        if not css_waiting(state):
            raise ActionError(f"how: Pods can be boarded only while a CSS token lies on the "
                              f"Time token's slot (now {slot(state)})", "how")
        note = (f"{name} boards a CSS Pod (one Character per Pod): discard every card and "
                "pass; game effects cannot touch them there")
    elif how == crew.ISOLATED:
        if not isolation_open(state):
            raise ActionError("how: the Isolation Room opens on slot 8 or with the Alert "
                              "Procedure; it is still closed", "how")
        note = (f"{name} is locked in the Isolation Room (after a Noise roll in which no "
                "Intruder appeared); safe unless the Facility is destroyed")
    else:
        if not facts_of(state)["main_gate_open"]:
            raise ActionError("how: the Main Gate is still closed", "how")
        note = (f"{name} reaches the Bunker (Exit Room, no Intruder there, with the Rover or "
                "an Enviro-Suit and a Noise roll without an Intruder)")
    crew.set_status(state, name, how)
    crew.entry(state, name)["room"] = LEFT_FOR[how]
    return [Note(note, "victory", key_moment=f"{name}: {how}"), *crew.nobody_left_note(state)]
