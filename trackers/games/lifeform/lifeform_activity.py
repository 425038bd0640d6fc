"""Lifeform activities with a rule of their own (rulebook, Lifeform Activity Phase; rulebook
p. 26, Lifeform Action Reference): Lurk, Vent, Android Pathway Deviation, the android entering
the Remora, and the cards a lifeform activity spends."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import (
    decks,
    loadout,
    moves,
)
from trackers.games.lifeform.board import COLUMNS, board_of
from trackers.games.lifeform.facts import facts_of

Notes = list[Note | str]

def lurk_discards(state: State) -> list[str]:
    """0 up to the Evolution number (and no more than the hand) (rulebook, Lurk). While the
    Evolution number is unset (the form asks for it) every count up to the hand is offered;
    Lurk checks the number once it is entered."""
    evolution = decks.cocoon_value(state, board_of(state.board), "evolution")
    held = decks.hand_size(state, facts_of(state)["lifeform"])
    return [str(n) for n in range(min(held if evolution is None else evolution, held) + 1)]


def lurk(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Lurk: below MAX HAND; discard up to Evolution, then draw up to MAX HAND (spec §3.6)."""
    prof, lifeform = board_of(state.board), facts_of(state)["lifeform"]
    limit = decks.cocoon_value(state, prof, "max_hand")
    evolution = decks.cocoon_value(state, prof, "evolution")
    if limit is None or evolution is None:
        raise ActionError("Lurk needs the Cocoon MAX HAND and Evolution numbers from your "
                          "board (rulebook p. 45, Cocoon Track)", "discard")
    held = decks.hand_size(state, lifeform)
    if held >= limit:
        raise ActionError(f"Lurk is allowed only below MAX HAND ({held} held, limit {limit}) "
                          "(rulebook, Lifeform Activity Phase)", "discard")
    discard = int(args["discard"])
    if discard > min(evolution, held):
        raise ActionError(f"discard: 0 to {min(evolution, held)} (Evolution {evolution})",
                          "discard")
    notes: Notes = []
    if discard:
        notes += decks.discard(state, "lifeform", lifeform, discard)
    return notes + list(decks.draw(state, "lifeform", lifeform,
                                   limit - decks.hand_size(state, lifeform), prof))


def use_vent(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if moves.vents_held(state) < 1:
        raise ActionError("the lifeform holds no Vent token", "action")
    facts_of(state)["vents"]["used"] += 1
    return [Note("Use Vent: the Vent token leaves the game; the lifeform does a Vent action "
                 "(its effect is not in the rulebook text; the Strategic Summary hints that Vent "
                 "use "
                 "stops at some Self-Destruct space, which the table may settle) (rulebook, "
                 "Lifeform Activity Phase)", "round")]


def pathway_deviation(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Once a game, from the 10 mark: the lifeform steers the android (spec §3.9)."""
    android = facts_of(state)["android"]
    if not moves.heat_analyzers_gone(state):
        raise ActionError("Android Pathway Deviation is allowed only once Self-Destruct has "
                          "reached 10 (rulebook p. 26, Lifeform Action Reference)", "action")
    if android["deviation_used"]:
        raise ActionError("Android Pathway Deviation was used already (once a game)", "action")
    android["deviation_used"] = True
    android["off_path"] = True  # its bonus move leaves the A.I. Path; the lifeform steers
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + [Note(
        "Android Pathway Deviation: the android makes 1 bonus move off the A.I. Path now; from "
        "now on the lifeform steers it every Android phase (rulebook, Android Phase; rulebook p. "
        "26, Lifeform Action Reference)", "android_status")]


def android_enters_remora(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The android enters the Remora: tokens off the Loadout, then Destroyed (spec §3.5)."""
    prof = board_of(state.board)
    number = moves.removal_number(state, prof)
    if number is None:
        number = args["printed"]
        if number is None:
            raise ActionError("printed: " + prof.unknown("android_status.removals") + "; or give "
                              "the number printed on the tracker's space", "printed")
    take = {c: args[c] or 0 for c in COLUMNS}
    notes: Notes = [Note(f"the android enters the Remora: the lifeform removes {number} Mission "
                         "token(s), the top of a column first (rulebook, Android Phase step 5)",
                         "android_status")]
    notes += loadout.android_removal(state, take, number)
    return notes + list(moves.destroy_android(state, prof, "it entered the Remora"))


LIFEFORM_CARD = ("a Lifeform card", "already counted")


def lifeform_cards(state: State) -> list[str]:
    """Outside its Lifeform Activity phase the lifeform plays no card as its activity: only
    an action already counted (an attack on a character who walked in) is offered."""
    if facts_of(state)["stage"] == "starship" and facts_of(state)["phase"] != "lifeform":
        return [LIFEFORM_CARD[1]]
    return list(LIFEFORM_CARD)



def played_lifeform_card(state: State, card: str) -> list[Note]:
    if card == LIFEFORM_CARD[0]:
        return decks.discard(state, "lifeform", facts_of(state)["lifeform"], 1)
    return []


