"""The Intruder bag: contents, development (step 10) and Encounters (spec nemesis-lockdown §6).

The app can draw for the table (from the session's random stream) or record a token the
table drew from its own bag (``drawn``). A drawn token leaves the bag (``Bag.out``) until a
rule puts it back.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import rounds
from trackers.games.nemesis_lockdown.ending import check_running
from trackers.pieces import Bag, Counter

KINDS = ("Blank", "Larva", "Creeper", "Queen", "Adult", "Breeder")


def bag_contents(players: int) -> dict[str, int]:
    """1 Blank, 4 Larvae, 1 Creeper, 1 Queen, 3 Adults + 1 per player (spec §2.2; S1-S3)."""
    return {"Blank": 1, "Larva": 4, "Creeper": 1, "Queen": 1, "Adult": 3 + players, "Breeder": 0}


def bag(state: State) -> Bag:
    return state.piece("intruder_bag", Bag)


def _draw(state: State, rng: Random, drawn: str | None) -> str:
    intruders = bag(state)
    if drawn is None:
        return intruders.draw(rng)
    if intruders.contents.get(drawn, 0) == 0:
        inside = ", ".join(k for k, n in sorted(intruders.contents.items()) if n) or "nothing"
        raise ActionError(f"drawn: no {drawn} token is in the bag (it holds {inside})", "drawn")
    intruders.contents[drawn] -= 1
    intruders.out[drawn] = intruders.out.get(drawn, 0) + 1
    return drawn


def _discard(intruders: Bag, kind: str) -> None:
    """A drawn token that leaves the game (a developed Larva or Creeper)."""
    intruders.out[kind] -= 1


def first_intruder(state: State) -> list[Note | str]:
    """First Encounter (spec §4): the first Intruder miniature of the game."""
    if state.facts["first_encounter"]:
        return []
    state.facts["first_encounter"] = True
    return [Note("First Encounter: every player discards 1 of their 2 Objectives face down and "
                 "keeps the other secret (record it with 'Choose a secret')", "victory")]


def develop(state: State, rng: Random, drawn: str | None, nest_occupied: bool) -> list[Note | str]:
    """Event Phase step 10 (spec §6.2; examples B1-B5)."""
    check_running(state)
    rounds.require_step(state, "bag", "Intruder bag development")
    intruders = bag(state)
    kind = _draw(state, rng, drawn)
    notes: list[Note | str] = [Note(f"Bag development: {kind} drawn", "intruder_bag")]
    if kind in ("Larva", "Creeper"):
        grown = "Adult" if kind == "Larva" else "Breeder"
        _discard(intruders, kind)
        intruders.add(grown)
        notes.append(f"The {kind} token leaves the game; an {grown} token goes into the bag")
    elif kind == "Blank":
        intruders.return_token(kind)
        intruders.add("Adult")
        notes.append("The Blank goes back and an Adult token is added to the bag")
    elif kind in ("Adult", "Breeder"):
        intruders.return_token(kind)
        notes.append(Note(f"The {kind} goes back. Every player whose Character is not in Combat "
                          "makes a Noise roll (spec G40: whether isolated or Bunker Characters "
                          "roll is not stated)", "noise"))
    else:
        intruders.return_token(kind)
        if nest_occupied:
            notes.append("The Queen goes back. A Character is in the Nest: put the Queen "
                         "miniature there and resolve an Encounter (spec G41: the text does not "
                         "say whether a token is drawn for it)")
            notes += first_intruder(state)
        else:
            eggs = state.piece("eggs", Counter)
            eggs.add(1)
            notes.append(f"The Queen goes back. Nobody is in the Nest: add an Egg to the Nest "
                         f"slot (now {eggs.value})")
    rounds.mark_done(state, "bag")
    return notes


def encounter(state: State, rng: Random, drawn: str | None) -> list[Note | str]:
    """An Encounter: draw a token, place its Intruder, check for a Surprise Attack (spec §6.3)."""
    check_running(state)
    notes: list[Note | str] = [Note("Encounter: first discard the Noise markers of every "
                                    "Corridor connected to the Room (Technical Corridors "
                                    "included)", "intruder_bag")]
    kind = _draw(state, rng, drawn)
    if kind == "Blank":
        return notes + [
            "Blank drawn: no Intruder appears; put a Noise marker in every Corridor connected "
            "to the Room",
            "The text does not say whether this Blank goes back into the bag (spec G17); if "
            "your table returns it, use 'Return a token to the bag'"]
    notes.append(f"{kind} drawn: place a {kind} miniature in the Room. On the token's back, "
                 "read the lower number (powered Section) or the higher one (Darkness); a hand "
                 "smaller than that number means a Surprise Attack")
    return notes + first_intruder(state)


def return_token(state: State, kind: str) -> list[Note | str]:
    """A drawn token goes back, e.g. an Intruder entering a Technical Corridor (spec §6.4; B8)."""
    bag(state).return_token(kind)
    return [Note(f"{kind} token back in the bag. An Intruder that went into a Technical "
                 "Corridor also loses its Injuries and its miniature leaves the board",
                 "intruder_bag")]


def surprise_attack(hand: int, lower: int, higher: int, darkness: bool) -> bool:
    """Fewer cards in hand than the token's number for the light -> Surprise (spec §6.3; B6)."""
    if lower > higher:
        raise ActionError(f"lower: {lower} is above the higher number {higher}", "lower")
    return hand < (higher if darkness else lower)


def odds_lines(state: State) -> list[str]:
    intruders = bag(state)
    odds = intruders.odds()
    if not odds:
        return ["the bag is empty (spec G17: the text does not say what happens then)"]
    return [f"{kind}: {count} of {intruders.size} ({_percent(odds[kind])})"
            for kind, count in sorted(intruders.contents.items(), key=lambda kv: -kv[1])
            if count]


def _percent(chance: Fraction) -> str:
    return f"{round(float(chance) * 100)}%"
