"""Crewmembers: who is in play, wounds, healing, ScuttleBugs (spec pandora-celeste §1, §6).

``facts["crew"]`` maps each crewmember to a small record; the wound count is the Counter
piece ``<slug>_wounds`` so the table can correct it by hand.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.pieces import Counter

# spec §1.1: name -> (the wound that kills, workstation start)
CREW: dict[str, tuple[int, str]] = {
    "Cargo": (8, "Cargo Control"),
    "Cap": (8, "Captain's Cabin"),
    "Flygirl": (8, "the Bridge"),
    "Skins": (8, "Company Rep's Office"),
    "Greaseball": (8, "Engineering (the Cryo-Chamber if only the front of the Ship is used)"),
    "The Kid": (6, "any Vent Node, losing and picking up no card"),
    "Keni": (8, "Sick Bay"),
    "Marina": (8, "Cryo-Chamber"),
}
ANDROIDS = ("Skins",)  # spec §1.1, §7.2: takes no Hull Breach damage
SOURCES = ("Nasty attack", "ScuttleBug", "Fire", "Hull Breach", "other")
AUTOMED = ("heal 2", "surgery")
HAND_TARGET = 5  # spec §6.3: AutoMed Surgery heals the hand back up to 5


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def names(state: State) -> list[str]:
    return list(state.facts["crew"])


def alive(state: State) -> list[str]:
    return [n for n, c in state.facts["crew"].items() if c["status"] == "alive"]


def record(state: State, name: str) -> dict[str, Any]:
    if name not in state.facts["crew"]:
        raise ActionError(f"crew: {name!r} is not in play; give one of "
                          f"{', '.join(names(state))}", "crew")
    entry: dict[str, Any] = state.facts["crew"][name]
    return entry


def need_alive(state: State, name: str) -> dict[str, Any]:
    entry = record(state, name)
    if entry["status"] != "alive":
        raise ActionError(f"crew: {name} is {entry['status']}", "crew")
    return entry


def wounds(state: State, name: str) -> Counter:
    return state.piece(f"{slug(name)}_wounds", Counter)


def wound(state: State, name: str, dmg: int, source: str, eva_suit: bool) -> list[Note | str]:
    """Lose ``dmg`` cards to the Wound Tracker (spec §6.1, §6.2, §7.2, §7.3; T27, T29)."""
    entry = need_alive(state, name)
    notes: list[Note | str] = []
    if source == "Hull Breach" and (name in ANDROIDS or eva_suit):
        return [Note(f"{name} takes no Hull Breach damage", "hull_breach")]
    if eva_suit and source != "ScuttleBug" and dmg > 0:
        dmg -= 1  # spec §7.3: the suit takes 1 off every dmg, never off a ScuttleBug's
        notes.append(Note("EVA Suit: 1 dmg less", "wounds"))
    tracker = wounds(state, name)
    kills_at = CREW[name][0]
    tracker.value = min(tracker.value + dmg, kills_at)
    notes.append(Note(f"{name} loses {dmg} card(s) to the Wound Tracker (from the hand, not a "
                      "Hand Clogger; or the top of the Deck or the discards): "
                      f"{tracker.value} of {kills_at}", "wounds"))
    if tracker.value < kills_at:
        return notes
    if name == "Keni" and not entry["fatal_blow_used"]:
        entry["fatal_blow_used"] = True
        return notes + [Note("Keni survives one fatal blow per game; the text does not say how "
                             "(spec G-15): set her Wound Tracker by hand", "wounds")]
    return notes + die(state, name, source)


def die(state: State, name: str, source: str) -> list[Note | str]:
    """A crewmember dies (spec §6.4, §6.5 step 6)."""
    entry = need_alive(state, name)
    entry["status"] = "dead"
    notes: list[Note | str] = [Note(
        f"{name} is dead: take the Crew Cards off the mat; tokens of carried Tools and Items go "
        "in the room. The player may wake a spare crewmember (4 cards, Cryo-Chamber, 2 Hidden "
        "Agendas keep 1) or become a Player-Nasty", "wounds")]
    if source == "ScuttleBug" and entry["scuttlebugs"]:
        notes.append(Note("The ScuttleBug kill: a MonsterBug bursts out of the body (a Big "
                          "Nasty)", "nasties"))
    return notes


def heal(state: State, name: str, cards: int) -> list[Note | str]:
    """Cards of your own colour back from the Wound Tracker (Rest, Medikit; spec §6.3)."""
    need_alive(state, name)
    tracker = wounds(state, name)
    if cards > tracker.value:
        raise ActionError(f"cards: {name} has only {tracker.value} card(s) on the Wound Tracker",
                          "cards")
    tracker.value -= cards
    return [Note(f"{name} heals {cards} card(s) of their own colour back into the hand: "
                 f"{tracker.value} on the tracker", "wounds")]


def automed(state: State, name: str, use: str, hand: int, own_lost: int) -> list[Note | str]:
    """AutoMed in the Sick Bay, once per Round per crewmember (spec §6.3; T28)."""
    entry = need_alive(state, name)
    if entry["automed_used"]:
        raise ActionError(f"crew: {name} has used the AutoMed this Cycle already", "crew")
    if own_lost > wounds(state, name).value:
        raise ActionError(f"own_lost: {name} has only {wounds(state, name).value} card(s) on the "
                          "Wound Tracker", "own_lost")
    entry["automed_used"] = True
    notes: list[Note | str] = []
    if use == "heal 2":
        healed = min(2, own_lost)
    else:
        healed = min(own_lost, HAND_TARGET - hand if hand < HAND_TARGET else 1)
        if entry["scuttlebugs"]:
            entry["scuttlebugs"] -= 1
            notes.append(Note(f"Surgery removes and kills a ScuttleBug inside {name}", "wounds"))
    return notes + heal(state, name, healed)


def scuttlebug(state: State, name: str) -> list[Note | str]:
    """A ScuttleBug HIT burrows in instead of dealing dmg (spec §6.5; T20)."""
    entry = need_alive(state, name)
    entry["scuttlebugs"] += 1
    return [Note(f"A ScuttleBug burrows into {name} (its card on the mat; {entry['scuttlebugs']} "
                 "inside): 1 lost card at the end of each of their later turns, no push-your-luck, "
                 "no EVA protection; cure: AutoMed Surgery in the Sick Bay", "wounds")]
