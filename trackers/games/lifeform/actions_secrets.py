"""Actions with hidden choices: Reality Calibration, meeting an image, attacks and reactions, the
Stowaway card and token, the Secret Objectives (spec lifeform §3.10, §6)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.lifeform import secrets_flow as flow
from trackers.games.lifeform.common import character_param, member_param, profile
from trackers.games.lifeform.secrets_flow import CREW_ONLY, LIFEFORM_ONLY, REACTIONS
from trackers.pieces import Secret

Notes = list[Note | str]


def _images(state: State) -> list[str]:
    return list(state.facts["images"]["on_board"])


def _calibrate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.calibrate(state, args["image"], rng))


def _meet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.meet_image(state, args["image"], args["character"], profile(state), rng))


def _attack(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.attack(state, args["character"]))


def _reaction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    reaction = next(k for k, v in REACTIONS.items() if v == args["reaction"])
    return list(flow.crew_reaction(state, args["crew_member"], reaction, args["cancelled"],
                                   args["character"], profile(state)))


def _stowaway(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.choose_stowaway(state, args["card"], rng))


def _stowaway_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """How the lifeform collects the +/- token is not in the text (G11): the table marks it."""
    state.facts["stowaway_token"] = args["held"]
    if args["held"]:
        return [Note("the lifeform holds the +/- Stowaway token: in Ending B it may count the "
                     "launch minute as 1 more or 1 less; then the token leaves the game "
                     "(spec §9; how it is collected: G11)", "stowaway")]
    return [Note("the lifeform does not hold the +/- Stowaway token", "stowaway")]


def _record_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.record_objective(state, args["slot"], args["title"], rng))


def _complete_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(flow.complete_objective(state, args["slot"]))


def _open_slots(state: State) -> list[str]:
    return [s for s in flow.objective_slots(state) if s not in state.facts["objectives"]["done"]]


def _stowaway_open(state: State) -> bool:
    return not state.piece("stowaway", Secret).is_set


def actions() -> tuple[Action, ...]:
    return (
        Action("reality_calibration", "Reality Calibration", "The lifeform secretly picks which "
               "image on the Valley Forge is real; everyone sees a new code (spec §6.1).",
               _calibrate, (Param("image", "choice", "the real lifeform", choices=_images,
                                  secret=True),),
               key="z", short="Calibrate", topic="reality_calibration", private_to=LIFEFORM_ONLY),
        Action("meet_image", "A character meets an image", "A character moved into an image's "
               "chamber: the lifeform shows which image is real (spec §3.10).", _meet,
               (Param("image", "choice", "the image met", choices=_images),
                character_param("the character who moved in")),
               key="i", short="Meet img", topic="reality_calibration"),
        Action("attack", "Lifeform attack", "The real lifeform attacks the chamber next to it: "
               "the identifier is shown, then the attack steps (spec §3.10).", _attack,
               (character_param("a character in the attacked chamber"),), key="a", short="Attack",
               topic="reality_calibration"),
        Action("crew_reaction", "Crew reaction", "Hide, Run! or Shock-Prod; not cancelled: "
               "Hostility +1; one per crew member per Lifeform phase (spec §3.10).", _reaction,
               (member_param("the crew member reacting"),
                Param("reaction", "choice", "which reaction", choices=tuple(REACTIONS.values())),
                Param("cancelled", "bool", "did the lifeform cancel it?", optional=True,
                      default=False),
                Param("character", "choice", "the character hiding or running",
                      choices=lambda s: [n for n, c in s.facts["characters"].items()
                                         if c["where"] != "dead"], optional=True)),
               key="y", short="Reaction", topic="hostility"),
        Action("choose_stowaway", "Choose the Stowaway card", "At the 20 mark the lifeform "
               "secretly picks 1 of the 3 cards; it is never chosen again (spec §4.1, §6.2).",
               _stowaway, (Param("card", "choice", "the Stowaway card",
                                 choices=flow.STOWAWAY_CARDS, secret=True),),
               topic="stowaway", private_to=LIFEFORM_ONLY, enabled=_stowaway_open),
        Action("stowaway_token", "+/- Stowaway token", "Mark whether the lifeform holds the "
               "+/- Stowaway token (how it is gained: G11) (spec §9).", _stowaway_token,
               (Param("held", "bool", "does the lifeform hold it?"),), topic="stowaway"),
        Action("record_objective", "Note a Secret Objective", "The crew notes a drawn card's "
               "title, hidden from the lifeform (optional) (spec §6.2).", _record_objective,
               (Param("slot", "choice", "which card", choices=_open_slots),
                Param("title", "str", "the card's title", secret=True)),
               topic="setup", private_to=CREW_ONLY),
        Action("complete_objective", "Secret Objective completed", "Show the card to the "
               "lifeform and remove it; all must go before launch (spec §6.2, §5.3).",
               _complete_objective, (Param("slot", "choice", "which card", choices=_open_slots),),
               topic="launch"),
    )

