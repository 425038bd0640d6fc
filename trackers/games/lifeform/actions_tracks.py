"""Actions that move the trackers: Self-Destruct, the Hostility causes, Cocoon, Malfunction and
the android (spec lifeform §3.4, §3.8, §3.9, §3.13, §4)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.lifeform import decks, loadout, moves
from trackers.games.lifeform.board_profile import COLUMNS
from trackers.games.lifeform.common import (
    crew_card_param,
    lifeform_card_param,
    member_param,
    played_crew_card,
    played_lifeform_card,
    profile,
)
from trackers.games.lifeform.loadout import NAMES

Notes = list[Note | str]
EQUIP = ("draw 2, Self-Destruct +1", "draw 3, Self-Destruct +2")  # spec §3.4


def _advance_sd(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(moves.advance_sd(state, args["spaces"], profile(state), rng))


def _equip(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Equip: draw 2 and SD +1, or draw 3 and SD +2; then the hand limit (spec §3.4, T5)."""
    count = 2 if args["option"] == EQUIP[0] else 3
    prof = profile(state)
    notes: Notes = list(decks.draw(state, "crew", args["crew_member"], count, prof))
    return notes + list(moves.advance_sd(state, count - 1, prof, rng))


def _hostile(cause: str, what: str) -> Any:
    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
        if cause == "flamethrower":
            notes.append(Note(f"{what} (spec §3.8)", "hostility"))
        return notes + list(moves.add_hostility(state, cause, profile(state)))
    return apply


def _flamethrower_cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Reset Cocoon; the lifeform cuts its hand; with 3 images a ghost goes; Hostility +1;
    the Cocoon Chamber token returns (C6: the table's reading) (spec §3.8)."""
    prof = profile(state)
    notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
    notes += moves.reset_cocoon(state, prof)
    images = state.facts["images"]
    if len(images["on_board"]) == 3:
        ghost = args["ghost_removed"]
        if ghost not in images["on_board"]:
            raise ActionError("ghost_removed: with 3 images on the board the lifeform removes one "
                              f"sensor ghost; give one of {', '.join(images['on_board'])}",
                              "ghost_removed")
        images["on_board"].remove(ghost)
        images["aside"].append(ghost)
        notes.append(Note(f"the lifeform removes {ghost}, a sensor ghost, from the board",
                          "cocoon"))
    notes.append(Note("if the chamber holds the Cocoon Chamber token, it goes (to the pool or "
                      "out of the game: spec C6)", "cocoon"))
    return notes + list(moves.add_hostility(state, "flamethrower_cocoon", prof))


ANDROID_CAUSES = ("Flamethrower-Android", "Shock-Prod action (C14: only if your table reads the "
                  "hint that way)")


def _flamethrower_android(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Android Status +1: Flamethrower-Android, or a Shock-Prod action under C14 (spec §4.5)."""
    notes: Notes = [Note(f"{args['via']} (spec §3.8, §4.5)", "android_status")]
    notes += moves.advance_android(state, profile(state))
    return list(played_crew_card(state, args["crew_member"], args["card"])) + notes


def _android_destroyed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(moves.destroy_android(state, profile(state), args["why"]))


def _shoot_mining_laser(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Shoot the Mining Laser (spec §3.4): an image moves and the lifeform discards its whole
    hand (no reveal), or the android is destroyed; a Power Outage; Hostility +1; card removed."""
    member, prof = args["crew_member"], profile(state)
    cards = state.facts["special_cards"]
    if cards["mining_laser"] != member:
        raise ActionError(f"crew_member: {member} does not hold the Mining Laser card",
                          "crew_member")
    cards["mining_laser"] = "removed"
    notes: Notes = []
    if args["target"] == "android":
        notes += moves.destroy_android(state, prof, "shot by the Mining Laser")
    else:
        lifeform = state.facts["lifeform"]
        held = decks.deck(state, "lifeform").hands.get(lifeform, 0)
        if held:
            notes += decks.discard(state, "lifeform", lifeform, held)
        notes.append(Note("move the image to a chamber next to its own (not the shooter's); the "
                          "lifeform does not say whether it was real (spec §3.4)", "hostility"))
    notes.append(Note("put a Power Outage token in the target's chamber (never the Shuttlebay); "
                      "the Mining Laser card leaves the game (spec §3.4)", "hostility"))
    return notes + list(moves.add_hostility(state, "mining_laser", prof))


def _cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_cocoon(state, profile(state)))


def _malfunction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_malfunction(state, profile(state), rng))


def _pathway_deviation(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Once a game, from the 10 mark: the lifeform steers the android (spec §3.9)."""
    android = state.facts["android"]
    if not moves.heat_analyzers_gone(state):
        raise ActionError("Android Pathway Deviation is allowed only once Self-Destruct has "
                          "reached 10 (spec §3.9)", "action")
    if android["deviation_used"]:
        raise ActionError("Android Pathway Deviation was used already (once a game)", "action")
    android["deviation_used"] = True
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + [Note(
        "Android Pathway Deviation: the android makes 1 bonus move off the A.I. Path now; from "
        "now on the lifeform steers it every Android phase (spec §3.5, §3.9)", "android_status")]


def _android_in_remora(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The android enters the Remora: tokens off the Loadout, then Destroyed (spec §3.5)."""
    prof = profile(state)
    number = moves.removal_number(state, prof)
    if number is None:
        number = args["printed"]
        if number is None:
            raise ActionError("printed: " + prof.unknown("android_status.removals") + "; or give "
                              "the number printed on the tracker's space", "printed")
    take = {c: args[c] or 0 for c in COLUMNS}
    notes: Notes = [Note(f"the android enters the Remora: the lifeform removes {number} Mission "
                         "token(s), the top of a column first (spec §3.5 step 5)",
                         "android_status")]
    notes += loadout.android_removal(state, take, number)
    return notes + list(moves.destroy_android(state, prof, "it entered the Remora"))


def actions() -> tuple[Action, ...]:
    card = crew_card_param()
    lf_card = lifeform_card_param()
    return (
        Action("advance_self_destruct", "Advance Self-Destruct",
               "Move the Self-Destruct tracker on by a number of spaces (spec §4.1).",
               _advance_sd, (Param("spaces", "int", "spaces toward Explosion", minimum=1,
                                   maximum=30),), key="j",
                                   short="Adv. SD", topic="self_destruct"),
        Action("equip", "Equip", "Crew activity: draw 2 and Self-Destruct +1, or draw 3 and "
               "Self-Destruct +2 (spec §3.4).", _equip,
               (member_param(), Param("option", "choice", "which Equip", choices=EQUIP)),
               key="e", short="Equip", topic="self_destruct"),
        Action("flamethrower", "Flamethrower", "A crew member fires at an image 1-2 chambers "
               "away; Hostility +1 (spec §3.8).",
               _hostile("flamethrower", "the crew moves the image twice (not through characters, "
                        "the cat, other images or the Security Door)"),
               (member_param(), card), key="f", short="Flamer", topic="hostility"),
        Action("flamethrower_cocoon", "Flamethrower-Cocoon", "Burn a cocoon chamber: Cocoon back "
               "to Start, Hostility +1 (spec §3.8).", _flamethrower_cocoon,
               (member_param(), card, Param("ghost_removed", "choice", "with 3 images: the "
                                            "sensor ghost the lifeform removes",
                                            choices=lambda s: s.facts["images"]["on_board"],
                                            optional=True)), topic="cocoon"),
        Action("flamethrower_android", "Flamethrower-Android", "Android Status +1 "
               "(spec §3.8, §4.5; a Shock-Prod action only under C14).", _flamethrower_android,
               (member_param(), card, Param("via", "choice", "what advanced it",
                                            choices=ANDROID_CAUSES, optional=True,
                                            default=ANDROID_CAUSES[0])),
               topic="android_status"),
        Action("android_destroyed", "Android destroyed", "Mark the android destroyed by hand "
               "(e.g. the tracker reached Destroyed) (spec §4.5).", _android_destroyed,
               (Param("why", "str", "what destroyed it"),), topic="android_status",
               enabled=lambda s: not s.facts["android"]["destroyed"]),
        Action("shoot_mining_laser", "Shoot the Mining Laser", "At an adjacent image or the "
               "android; Hostility +1; the card leaves the game (spec §3.4).",
               _shoot_mining_laser,
               (member_param(), Param("target", "choice", "what is shot",
                                      choices=("lifeform image", "android"))), topic="hostility"),
        Action("cocoon_advance", "Lifeform Cocoon action", "Cocoon +1 with an image in a "
               "cocoon chamber (spec §3.9, §4.3).", _cocoon, (lf_card,),
               topic="cocoon"),
        Action("malfunction_advance", "Lifeform Malfunction action", "Malfunction +1 and its "
               "space's task (spec §3.9, §4.4).", _malfunction, (lf_card,), key="w",
               short="Malfunc.",
               topic="malfunction"),
        Action("pathway_deviation", "Android Pathway Deviation", "Once a game from the 10 mark: "
               "the lifeform steers the android (spec §3.9).", _pathway_deviation, (lf_card,),
               topic="android_status",
               enabled=lambda s: not s.facts["android"]["deviation_used"]),
        Action("android_enters_remora", "Android enters the Remora", "The lifeform removes "
               "Loadout tokens (top first, any columns); the android is destroyed (spec §3.5).",
               _android_in_remora,
               tuple(Param(c, "int", f"tokens taken from {NAMES[c]}", minimum=0, maximum=20,
                           optional=True, default=0) for c in COLUMNS)
               + (Param("printed", "int", "the number printed on the Android Status space, "
                        "while the board profile lacks it", minimum=0, maximum=30,
                        optional=True),),
               topic="android_status", enabled=lambda s: not s.facts["android"]["destroyed"]),
        Action("hostility_other", "Hostility, other cause", "Advance Hostility for a cause "
               "a card names (spec §3.7: card text wins).", _hostility_other,
               (Param("spaces", "int", "spaces to advance", minimum=1, maximum=10),
                Param("why", "str", "the cause")), topic="hostility"),
    )


def _hostility_other(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(moves.add_hostility(state, "other", profile(state), args["spaces"],
                                            args["why"]))
    return notes
