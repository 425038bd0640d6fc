"""Contamination cards, Scans and Larvae (rulebook: Contamination, Wounds, and Death).

Each Character's entry counts the Contamination cards they hold (``contamination``); the
Larva is the Counter ``p<seat>_larva``. Whether a card reads INFECTED is unknown until a Scan,
so the table reports what a Scan found (``infected``, and ``scanned``: how many of the cards
held it covered). ``final_check`` is the Victory Check's step 2.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew, intruders
from trackers.games.nemesis_lockdown.facts import facts_of

REMOVERS = ("Decon Room", "Surgery", "an Item or card")


def add_cards(state: State, name: str, count: int, why: str) -> list[Note | str]:
    crew.need_active(state, name, "Contamination")
    person = crew.entry(state, name)
    person["contamination"] += count
    cards = "card" if count == 1 else "cards"
    return [f"{name} takes {count} Contamination {cards} ({why}) on top of the Action discard "
            f"pile; {person['contamination']} held"]


def _larva(state: State, name: str, source: str) -> list[Note | str]:
    larva = crew.counter(state, name, "larva")
    if larva.value == 0:
        larva.value = 1
        return [f"{name}: a Larva goes on the Character board ({source})"]
    room = crew.entry(state, name)["room"] or f"Room where {name} died"
    notes: list[Note | str] = [f"{name} already carries a Larva: the second one kills",
                               *crew.kill(state, name, "a second Larva", creeper=True,
                                          corpse=facts_of(state)["options"]["larva_corpse"])]
    # The Creeper miniature comes from the box, not the bag: no token lies under it.
    return notes + intruders.place(state, "Creeper", room, token=False)


def scan(state: State, name: str, infected: int) -> list[Note | str]:
    """A Scan (L1, L2). Several INFECTED in one Scan count as one Larva here: the rulebook
    speaks of one Larva per INFECTED result and does not cover several (G29)."""
    crew.need_active(state, name, "a Scan")
    held = crew.entry(state, name)["contamination"]
    if infected > held:
        raise ActionError(f"infected: {name} holds {held} Contamination "
                          f"{'card' if held == 1 else 'cards'}; give 0 to {held}", "infected")
    person = crew.entry(state, name)
    # What the Victory Check reads unless the table says: the cards held now were scanned.
    person["infected"], person["scanned"] = infected, held
    if infected == 0:
        return [f"{name}'s Scan: no INFECTED card"]
    return [f"{name}'s Scan: INFECTED; the card stays", *_larva(state, name, "the Scan")]


def infest(state: State, name: str, larva_id: str | None) -> list[Note | str]:
    """A Larva attacks (C5): a Larva unless one is there already, and 1 Contamination card."""
    crew.need_active(state, name, "a Larva attack")
    notes: list[Note | str] = []
    if larva_id:
        notes += intruders.infest(state, larva_id)
    larva = crew.counter(state, name, "larva")
    if larva.value == 0:
        larva.value = 1
        notes.append(f"{name}: a Larva goes on the Character board")
    else:
        notes.append(f"{name} already carries a Larva: an Infest adds no second one")
    return notes + add_cards(state, name, 1, "a Larva attack")


def remove(state: State, name: str, cards: int, larva: bool, where: str) -> list[Note | str]:
    """Decon Room, Surgery or an Item take cards (to the deck's bottom) and perhaps the Larva."""
    crew.need_active(state, name, "removing Contamination")
    person = crew.entry(state, name)
    if cards > person["contamination"]:
        raise ActionError(f"cards: {name} holds {person['contamination']}; give 0 to "
                          f"{person['contamination']}", "cards")
    person["contamination"] -= cards
    # Decon and Surgery take the INFECTED cards first (Room Sheet): the known ones go first.
    person["infected"] = max(0, min(person.get("infected", 0) - cards, person["contamination"]))
    person["scanned"] = min(person.get("scanned", 0), person["contamination"])
    notes: list[Note | str] = [f"{name}: {cards} Contamination "
                               f"{'card' if cards == 1 else 'cards'} removed ({where}) to the "
                               f"bottom of the Contamination deck; {person['contamination']} "
                               "held"]
    if larva:
        counter = crew.counter(state, name, "larva")
        if counter.value == 0:
            raise ActionError(f"larva: {name} carries no Larva", "larva")
        counter.value = 0
        notes.append(f"{name}'s Larva is removed")
    return notes


ACTION_DECK = 10  # each Character's Action deck holds 10 cards (Setup (Summary))
APP_DRAWS = "the app draws"
DREW_CONTAMINATION = "a Contamination card came up"
DREW_CLEAN = "no Contamination card"
DRAWS = (APP_DRAWS, DREW_CONTAMINATION, DREW_CLEAN)


def draw_four(contamination: int, rng: Random) -> bool:
    """All of a Character's cards shuffled, 4 drawn: True when a Contamination card shows."""
    cards = ["Action"] * ACTION_DECK + ["Contamination"] * contamination
    rng.shuffle(cards)
    return "Contamination" in cards[:4]


def final_check(state: State, name: str, rng: Random, infected: int | None, held: int | None,
                drawn: str | None) -> tuple[bool, list[Note | str]]:
    """Victory Check step 2 for one survivor: (dies, notes). ``infected``: what the Scan at
    the check found (blank: what earlier Scans logged); ``held``: the Contamination cards
    counted at the table (blank: as logged); ``drawn``: the real draw, or the app draws."""
    person = crew.entry(state, name)
    logged = int(person["contamination"])
    larva = crew.counter(state, name, "larva").value > 0
    cards = logged if held is None else held
    notes: list[Note | str] = []
    if infected is None:
        infected = int(person.get("infected", 0))
        unscanned = cards - int(person.get("scanned", 0))
        if not infected and not larva and unscanned > 0:
            raise ActionError(f"infected: {name} holds {plural(cards)}, {unscanned} not "
                              "scanned yet: Scan them and give how many read INFECTED (0 if "
                              "none)", "infected")
    if infected > cards:
        if held is not None:
            raise ActionError(f"infected: {infected} INFECTED is more than the {plural(held)} "
                              f"given for {name}; give 0 to {held}", "infected")
        notes.append(f"{name}: the log counted {plural(logged)}; the {infected} INFECTED make "
                     f"it {infected}")
        cards = infected
    if not infected and not larva:
        return False, [*notes, f"{name}: no INFECTED card and no Larva, no draw"]
    why = "a Larva" if larva else f"{infected} INFECTED"
    if drawn in (None, APP_DRAWS):
        dies, how = draw_four(cards, rng), "the app drew"
    else:
        dies, how = drawn == DREW_CONTAMINATION, "your table drew"
    notes.append(f"{name}: {why}; all {ACTION_DECK + cards} cards ({ACTION_DECK} Action, "
                 f"{plural(cards)}) shuffled, {how} 4: "
                 + (DREW_CONTAMINATION if dies else DREW_CLEAN))
    return dies, notes


def plural(count: int) -> str:
    return f"{count} Contamination {'card' if count == 1 else 'cards'}"
