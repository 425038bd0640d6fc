"""Knowledge and the Weakness cards (rulebook: Contamination, Wounds, and Death, Knowledge).

Each Character's entry holds ``knowledge`` and whether the Knowledge token is active; the
discovered Weaknesses are ``facts["weaknesses"]`` (by the Object researched).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of

WEAKNESS_LEVELS = (3, 5, 8)  # a discovered Weakness helps from one of these levels
TESTING_LAB = 4  # the Testing Lab's Neutralizer needs Knowledge 4 or more
OBJECTS = ("Character Corpse", "Intruder Carcass", "Egg")
LABORATORY = "Laboratory: analyse an Object"
NEST = "first to explore the Nest"
COMPUTER = "a Computer Action"
ARCHIVE = "the Archive"
ITEM = "an Item"
SOURCES = {LABORATORY: 3, NEST: 1, COMPUTER: 1, ARCHIVE: 2, ITEM: None}


def gain(state: State, name: str, source: str, amount: int | None,
         researched: str | None) -> list[Note | str]:
    """Knowledge from one source (worked example K1)."""
    crew.need_active(state, name, "Knowledge")
    person = crew.entry(state, name)
    if person["kind"] is None:
        raise ActionError(f"player: say first whether {name} plays a Facility Worker or a "
                          "Nemesis Survivor ('Character drafted'): it sets the starting "
                          "Knowledge", "player")
    fixed = SOURCES[source]
    if fixed is None and not amount:
        raise ActionError("amount: give how much Knowledge the Item grants (1 or more)",
                          "amount")
    gained = fixed if fixed is not None else int(amount or 0)
    notes: list[Note | str] = []
    if source == ARCHIVE:
        if person["knowledge_active"]:
            raise ActionError(f"player: {name}'s Knowledge token is already active; the "
                              "Archive works only with an inactive one", "player")
        person["knowledge_active"] = True
        notes.append(f"{name}'s Knowledge token turns active; peek at one Contingency token "
                     "(never the Active one)")
    if source == NEST:
        first = facts_of(state).get("nest_explorer")
        if first is not None:
            raise ActionError(f"source: only the first Character to explore the Nest gains "
                              f"this Knowledge, and that was {first} (rulebook: Room Sheet, "
                              "Nest)", "source")
        facts_of(state)["nest_explorer"] = name
    if source == LABORATORY:
        if researched is None:
            raise ActionError("researched: name the Object analysed (" + ", ".join(OBJECTS)
                              + ")", "researched")
        found = facts_of(state)["weaknesses"]
        facts_of(state)["research_done"] = True
        if researched not in found:
            found.append(researched)
            notes.append(f"The Weakness under the {researched} is discovered; the Object goes "
                         "onto the Laboratory board (used up)")
        else:
            notes.append(f"The {researched} Weakness was already discovered")
    before = int(person["knowledge"] or 0)  # set with the kind, checked above
    person["knowledge"] = before + gained
    notes.insert(0, f"{name}: Knowledge {before} -> {person['knowledge']} ({source})")
    notes += crossed(before, before + gained, name)
    return notes


def crossed(before: int, after: int, name: str) -> list[Note | str]:
    notes: list[Note | str] = []
    for level in WEAKNESS_LEVELS:
        if before < level <= after:
            notes.append(Note(f"{name} reaches Knowledge {level}: discovered Weaknesses that "
                              f"need {level} now help {name}", "knowledge"))
    if before < TESTING_LAB <= after:
        notes.append(f"{name} may now take the Neutralizer in the Testing Lab (Knowledge 4+)")
    return notes


def usable(state: State, name: str) -> str:
    """What the Weakness cards do for a Character now, in a line."""
    person = crew.entry(state, name)
    if person["kind"] is None:
        return f"{name}: Knowledge starts once the drafted Character is entered"
    reached = [str(v) for v in WEAKNESS_LEVELS if int(person["knowledge"] or 0) >= v]
    first = ("the leftmost Weakness is usable" if person["kind"] == crew.SURVIVOR
             or facts_of(state)["research_done"] else
             "the leftmost Weakness waits for a first research")
    token = "active" if person["knowledge_active"] else "inactive"
    return (f"{name}: Knowledge {person['knowledge']} (token {token}); levels reached: "
            f"{', '.join(reached) or 'none'}; {first}")
