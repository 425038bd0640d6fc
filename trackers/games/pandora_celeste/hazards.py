"""Fire and Hull Breach counts with their limits (spec pandora-celeste §7.1, §7.2; T31-T33).

The app counts tokens; the board decides where they spread, so the table enters the counts.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Counter

OUT_OF_CONTROL = 12  # spec §7.1: Fire tokens ending a Cycle in 12 rooms
UNSTOPPABLE_ABOVE = 10  # spec §7.1: more than 10 Fire tokens when the tracker reaches 0
CATASTROPHIC_ABOVE = 8  # spec §7.2: more than 8 Hull Breach markers at once
SECTIONS = ("the Bridge", "Living Quarters", "Cargo Control", "the Cargo Bays", "Engineering")


def fire_rooms(state: State) -> Counter:
    return state.piece("fire_rooms", Counter)


def fire_doorways(state: State) -> Counter:
    return state.piece("fire_doorways", Counter)


def breaches(state: State) -> Counter:
    return state.piece("hull_breaches", Counter)


def fire_tokens(state: State) -> int:
    """Every Fire token on the Ship, rooms and doorways (spec §7.1)."""
    return fire_rooms(state).value + fire_doorways(state).value


def change_fire(state: State, rooms: int, doorways: int) -> list[Note | str]:
    """Fire tokens laid or put out (spec §7.1)."""
    if rooms == 0 and doorways == 0:
        raise ActionError("rooms: give a change in rooms or doorways (+ laid, - put out)",
                          "rooms")
    for piece, change, field in ((fire_rooms(state), rooms, "rooms"),
                                 (fire_doorways(state), doorways, "doorways")):
        if piece.value + change < 0:
            raise ActionError(f"{field}: only {piece.value} on the Ship", field)
    fire_rooms(state).value += rooms
    fire_doorways(state).value += doorways
    rooms_now, doors_now = fire_rooms(state).value, fire_doorways(state).value
    notes: list[Note | str] = [Note(f"Fire: {rooms_now} room{'' if rooms_now == 1 else 's'}, "
                                    f"{doors_now} doorway{'' if doors_now == 1 else 's'}",
                                    "fire")]
    if rooms > 0:
        notes.append(Note("A new Fire token lies face down: no damage this Cycle; it turns "
                          "flame-up and spreads at the End of Cycle", "fire"))
    if fire_tokens(state) == 0:
        notes.append(Note("The fire is out", "fire"))
    return notes + lit(state)


def lit(state: State) -> list[Note | str]:
    """Remember that fire burned in this game: only a fire put out pauses Scenario 2's
    Vacuum count («Fighting the Fire»)."""
    if fire_tokens(state) > 0:
        facts_of(state)["fire_lit"] = True
    return []


def fire_out(state: State) -> bool:
    """The fire was lit and every token is out."""
    return bool(facts_of(state).get("fire_lit")) and fire_tokens(state) == 0


def change_breaches(state: State, change: int) -> list[Note | str]:
    """Hull Breach markers laid, sealed or gone with a section (spec §7.2; T33)."""
    if change == 0:
        raise ActionError("markers: give a change (+ laid, - removed)", "markers")
    count = breaches(state)
    if count.value + change < 0:
        raise ActionError(f"markers: only {count.value} on the board", "markers")
    before = count.value
    count.value += change
    notes: list[Note | str] = [Note(f"Hull Breach markers on the board: {count.value}",
                                    "hull_breach")]
    if change > 0:
        notes.append(Note("Each creature in a newly breached room without an EVA Suit flips a "
                          "Nasty Action card, bottom box: blue = sucked into space, red = holds "
                          "on (the Trophy Hunter ignores it)", "hull_breach"))
    if before <= CATASTROPHIC_ABOVE < count.value:
        facts_of(state)["collapse_due"] = True  # held by the checks until 'Hull collapse'
        notes += catastrophic()
    return notes


def catastrophic() -> list[Note | str]:
    return [Note(f"Catastrophic Hull Breach: more than {CATASTROPHIC_ABOVE} markers. The "
                 f"section ({', '.join(SECTIONS)}) with the most markers breaks off with "
                 "everyone in it (a tie is for the table to settle); its markers come off the "
                 "board ('Hull collapse' records it)", "hull_breach"),
            Note("Then agree: play on with separate sections, or remove the section with the "
                 "fewest crew; without agreement no section goes, but every breached room is "
                 "destroyed (a Wound marker in each)", "hull_breach")]


def end_of_cycle(state: State) -> list[Note | str]:
    """The fire and breach checks at the End of Cycle (spec §2 Phase 4 A, §7.1, §7.2; T31)."""
    notes: list[Note | str] = []
    rooms = fire_rooms(state).value
    if rooms >= OUT_OF_CONTROL:
        notes.append(Note(f"Fire ends the Cycle in {rooms} rooms: out of control. The text "
                          "gives no effect for this and does not say whether exactly 12 or at "
                          "least 12 is meant («If you fail to fight the Fire…», p.19)", "fire"))
    if breaches(state).value > CATASTROPHIC_ABOVE:
        notes.append(Note(f"{breaches(state).value} Hull Breach markers: still catastrophic",
                          "hull_breach"))
    return notes


def unstoppable(state: State) -> list[Note | str]:
    """The tracker reached 0 with more than 10 Fire tokens (spec §7.1; T32)."""
    if fire_tokens(state) <= UNSTOPPABLE_ABOVE:
        return []
    return [Note(f"{fire_tokens(state)} Fire tokens as the tracker reaches 0: the fire is "
                 "unstoppable. The Fireproofing Protocol opens every airlock in that part of "
                 "the Ship (front or rear): the fire goes out and every unprotected crewmember "
                 "there dies (who counts as protected is the table's call); Nasties survive unless "
                 "their "
                 "Log says otherwise", "fire")]
