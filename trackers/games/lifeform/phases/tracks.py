"""The tracker actions: Self-Destruct, Hostility, Cocoon, Malfunction and the android."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.lifeform import (
    decks,
    moves,
)
from trackers.games.lifeform.board import COLUMNS
from trackers.games.lifeform.crew_activity import (
    ANDROID_CAUSES,
    flamethrower_android,
    flamethrower_cocoon,
    hostile,
    shoot_mining_laser,
)
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.lifeform_activity import (
    android_enters_remora,
    pathway_deviation,
    played_lifeform_card,
)
from trackers.games.lifeform.loadout import NAMES
from trackers.games.lifeform.phases.common import (
    crew_card_param,
    lifeform_card_param,
    member_param,
    playing,
    profile,
)

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


def _android_destroyed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(moves.destroy_android(state, profile(state), args["why"]))


def _cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_cocoon(state, profile(state)))


def _malfunction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_malfunction(state, profile(state), rng))


def track_actions() -> tuple[Action, ...]:
    card = crew_card_param()
    lf_card = lifeform_card_param()
    return (
        Action("advance_self_destruct", "Advance Self-Destruct",
               "Move the Self-Destruct tracker on by a number of spaces (rulebook p. 46, "
               "Self-Destruct Track).",
               _advance_sd, (Param("spaces", "int", "spaces toward Explosion", minimum=1,
                                   maximum=30),), key="j",
                                   short="Adv. SD", topic="self_destruct"),
        Action("equip", "Equip", "Crew activity: draw 2 and Self-Destruct +1, or draw 3 and "
               "Self-Destruct +2 (rulebook, Crew Activity Phase: Perform Activity).", _equip,
               (member_param(), Param("option", "choice", "which Equip", choices=EQUIP)),
               key="e", short="Equip", topic="self_destruct"),
        Action("flamethrower", "Flamethrower", "A crew member fires at an image 1-2 chambers "
               "away; Hostility +1 (rulebook p. 24, Crew Action Reference).",
               hostile("flamethrower", "the crew moves the image twice (not through characters, "
                        "the cat, other images or the Security Door)"),
               (member_param(), card), key="f", short="Flamer", topic="hostility"),
        Action("flamethrower_cocoon", "Flamethrower-Cocoon", "Burn a cocoon chamber: Cocoon back "
               "to Start, Hostility +1 (rulebook p. 24, Crew Action "
               "Reference).", flamethrower_cocoon,
               (member_param(), card, Param("ghost_removed", "choice", "with 3 images: the "
                                            "sensor ghost the lifeform removes",
                                            choices=lambda s: facts_of(s)["images"]["on_board"],
                                            optional=True)), topic="cocoon"),
        Action("flamethrower_android", "Flamethrower-Android", "Android Status +1 "
               "(rulebook p. 24, Crew Action Reference; rulebook, Android Status Track; a "
               "Shock-Prod action only under).", flamethrower_android,
               (member_param(), card, Param("via", "choice", "what advanced it",
                                            choices=ANDROID_CAUSES, optional=True,
                                            default=ANDROID_CAUSES[0])),
               topic="android_status"),
        Action("android_destroyed", "Android destroyed", "Mark the android destroyed by hand "
               "(e.g. the tracker reached Destroyed) (rulebook, Android Status "
               "Track).", _android_destroyed,
               (Param("why", "str", "what destroyed it"),), topic="android_status",
               enabled=lambda s: not facts_of(s)["android"]["destroyed"]),
        Action("shoot_mining_laser", "Shoot the Mining Laser", "At an adjacent image or the "
               "android; Hostility +1; the card leaves the game (rulebook, Crew Activity Phase: "
               "Perform Activity).",
               shoot_mining_laser,
               (member_param(), Param("target", "choice", "what is shot",
                                      choices=("lifeform image", "android"))), topic="hostility"),
        Action("cocoon_advance", "Lifeform Cocoon action", "Cocoon +1 with an image in a "
               "cocoon chamber (rulebook p. 26, Lifeform Action Reference; rulebook p. 45, Cocoon "
               "Track).", _cocoon, (lf_card,),
               topic="cocoon", enabled=playing),
        Action("malfunction_advance", "Lifeform Malfunction action", "Malfunction +1 and its "
               "space's task (rulebook p. 26, Lifeform Action Reference; rulebook, Malfunction "
               "Track).", _malfunction, (lf_card,), short="Malfunc.",
               topic="malfunction", enabled=playing),
        Action("pathway_deviation", "Android Pathway Deviation", "Once a game from the 10 mark: "
               "the lifeform steers the android (rulebook p. 26, Lifeform Action "
               "Reference).", pathway_deviation, (lf_card,),
               topic="android_status",
               enabled=lambda s: not facts_of(s)["android"]["deviation_used"]),
        Action("android_enters_remora", "Android enters the Remora", "The lifeform removes "
               "Loadout tokens (top first, any columns); the android is destroyed (rulebook, "
               "Android Phase).",
               android_enters_remora,
               tuple(Param(c, "int", f"tokens taken from {NAMES[c]}", minimum=0, maximum=20,
                           optional=True, default=0) for c in COLUMNS)
               + (Param("printed", "int", "the number on the Android Status space (if unset)",
                        minimum=0, maximum=30,
                        optional=True),),
               topic="android_status", enabled=lambda s: not facts_of(s)["android"]["destroyed"]),
        Action("hostility_other", "Hostility, other cause", "Advance Hostility for a cause "
               "a card names (rulebook, Play a Crew Card; card text wins).", _hostility_other,
               (Param("spaces", "int", "spaces to advance", minimum=1, maximum=10),
                Param("why", "str", "the cause")), topic="hostility"),
    )


def _hostility_other(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(moves.add_hostility(state, "other", profile(state), args["spaces"],
                                            args["why"]))
    return notes



