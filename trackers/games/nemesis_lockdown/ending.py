"""The four endings and what each does to the Characters inside (rulebook: End of the Game).

``end_game`` records the ending once and applies its deaths; the Victory Check that follows
is worked out in ``victory``. ``end_record`` turns both into the engine's ``EndRecord``.
"""

from __future__ import annotations

from trackers.engine import Note, State
from trackers.games.nemesis_lockdown import crew, objectives
from trackers.games.nemesis_lockdown.facts import facts_of

ENDINGS = {
    "E1": "the Facility is purged (the Time token reached S)",
    "E2": "the Facility is destroyed",
    "E3": "nobody is left inside",
    "E4": "the Alert Procedure ended the game",
}
# What the table reads for each ending: the codes above stay internal (facts, tests).
NAMES = {
    "E1": "Facility purged",
    "E2": "Facility destroyed",
    "E3": "nobody left inside",
    "E4": "Alert Procedure",
}
RULE_END = "rulebook: End of the Game"
# Objectives the purge makes fail, read from their text: the Intruders live on.
PURGE_FAILS = (("kill", "queen"), ("destroy", "nest"))


def fails_in_purge(text: str) -> bool:
    """A Kill-the-Queen or Destroy-the-Nest Objective, as its card's text names it."""
    words = text.casefold()
    return any(all(w in words for w in pair) for pair in PURGE_FAILS)


def public_fails_in_purge(state: State, name: str) -> bool:
    """Whether the purge makes this public Objective fail: by the kind the table gave, or
    (records made before it was asked) by its words."""
    entry = facts_of(state)["objectives"][name]
    kind = entry.get("kind")
    if kind is not None:
        return kind in objectives.PURGE_FAILS
    return fails_in_purge(entry["text"])


def withdraw_for_purge(state: State) -> list[Note | str]:
    """Co-op: public Objectives the purge makes fail are no longer met, even if marked."""
    withdrawn = [name for name, o in facts_of(state)["objectives"].items()
                 if o["done"] and public_fails_in_purge(state, name)]
    for name in withdrawn:
        facts_of(state)["objectives"][name]["done"] = False
    return [Note(f"{name}'s public Objective ({facts_of(state)['objectives'][name]['text']}) was "
                 "marked met; the purge makes it fail: no longer met", "victory")
            for name in withdrawn]


def summary(code: str) -> str:
    """The ending as a sentence: "The Facility is destroyed."."""
    text = ENDINGS[code]
    return f"{text[0].upper()}{text[1:]}."


def is_over(state: State) -> bool:
    return facts_of(state).get("ended") is not None


def end_game(state: State, code: str, cause: str, *, by_marker: bool = False
             ) -> list[Note | str]:
    """Record the ending (once), apply its deaths and say what comes next. ``by_marker``: a
    13th Fire or 11th Malfunction, whose wording kills all Characters (G42: the table's
    setting says whether those already outside count)."""
    if is_over(state):
        return []
    facts_of(state)["ended"] = code
    facts_of(state)["end_cause"] = cause
    facts_of(state)["status"] = f"ended: {NAMES[code]}"
    notes: list[Note | str] = [Note(f"Game over ({NAMES[code]}): {cause}.", "victory",
                                    key_moment=f"Game over: {NAMES[code]}")]
    inside = crew.with_status(state, crew.ACTIVE)
    if code == "E1":
        notes.append(Note("The Facility is purged: every Character not in the Isolation Room "
                          "dies; the Intruders live, so Kill-the-Queen and Destroy-the-Nest "
                          "Objectives fail", "victory"))
        notes += withdraw_for_purge(state)
    elif code == "E2":
        inside += crew.with_status(state, crew.ISOLATED)
        outside_die = by_marker and not facts_of(state)["options"]["outside_survives"]
        if outside_die:
            inside += crew.with_status(state, crew.BUNKER) + crew.with_status(state,
                                                                              crew.EVACUATED)
        notes.append(Note("Every Character and Intruder inside dies, the Isolation Room "
                          "included; the Queen counts as killed. " +
                          ("Your table's setting: those in the Bunker or evacuated die too"
                           if outside_die else "Characters in the Bunker or evacuated are "
                           "outside and live"), "victory"))
        facts_of(state)["intruders"] = []
    else:
        notes.append(Note("The rulebook does not say what happens to Characters and Intruders "
                          f"still inside ({RULE_END}); they are not in a survivor state",
                          "victory"))
        inside = []
    for name in inside:
        crew.set_status(state, name, crew.DEAD)
        notes.append(Note(f"Dead at the end: {name} ({NAMES[code]})", "victory",
                          key_moment=f"{name} dies ({NAMES[code]})"))
    pods = crew.with_status(state, crew.IN_POD)
    if pods:
        notes.append(Note(f"Still in a CSS Pod: {', '.join(pods)}. The rulebook does not say "
                          "whether they survive (Leaving the Facility): the Victory Check asks "
                          "your table", "victory"))
    candidates = crew.candidates(state)
    if not candidates:
        notes.append(Note("No Character survived: there is no Victory Check and nobody wins",
                          "victory"))
        return notes
    notes.append(Note(f"Victory Check for {', '.join(candidates)}: turn the Active Contingency "
                      "face up ('Reveal the Active Contingency'), then 'Victory Check' for "
                      "each survivor", "victory"))
    return notes
