"""Actions for the launch, the endings, the Showdown, and modules B and D (spec lifeform §9,
§10, §11.2, §11.4)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.lifeform import asteroids, hunt_flow, launch_flow, showdown_flow
from trackers.games.lifeform.common import profile
from trackers.games.lifeform.secrets_flow import LIFEFORM_ONLY

Notes = list[Note | str]
JUMPED = ("check them", "leave them unchecked")


def _launch(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(launch_flow.launch(state, profile(state), args["confirm_unknown"]))


def _reading(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(launch_flow.choose_reading(state, args["reading"], profile(state)))


def _declare(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(launch_flow.declare_lifeform_win(state, args["reason"]))


def _hibernate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown_flow.hibernate(state, args["keep"], profile(state)))


def _fight_check(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown_flow.fight_check(state, args, profile(state)))


def _fight_result(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown_flow.fight_result(state, args))


def _jumped(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(asteroids.resolve_jumped(state, args["decision"] == JUMPED[0], rng))


def _hide(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(hunt_flow.choose_hiding_place(state, args["location"], rng))


def _bet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(hunt_flow.place_bet(state, args["location"], profile(state)))


def _hunt(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(hunt_flow.hunt_step(state, args["step"], args["location"], profile(state)))


def _stage(*stages: str) -> Any:
    return lambda state: state.facts["stage"] in stages


def _module(letter: str) -> Any:
    return lambda state: letter in state.facts["modules"] and state.facts["stage"] == "showdown"


def _targets(state: State) -> list[str]:
    return showdown_flow.surviving_crew(state) if state.facts["showdown"] else []


def actions() -> tuple[Action, ...]:
    icons = "showdown icons separated by commas, e.g. 'red claw, green eye'"
    return (
        Action("launch", "Launch the Remora", "Every criterion met and every crew member "
               "agrees: launch, and the app decides Ending A, B or C (spec §5.3, §9).", _launch,
               (Param("confirm_unknown", "bool", "the table checked the criteria the app cannot "
                      "(unset board values)", optional=True, default=False),),
               key="g", short="Launch", topic="endings", enabled=_stage("starship", "setup")),
        Action("choose_ending_reading", "Choose the ending reading", "Where the texts disagree "
               "(C9), the table picks a reading; or settle Ending B once the Stowaway ranges "
               "are entered (spec §9).", _reading,
               (Param("reading", "choice", "which reading", choices=launch_flow.reading_labels,
                      optional=True),), topic="endings", enabled=_stage("launched")),
        Action("declare_lifeform_win", "The lifeform wins", "A win the app cannot see, e.g. "
               "everyone aboard and the launch criteria can no longer be met (spec §3.1).",
               _declare, (Param("reason", "str", "why"),), topic="endings",
               enabled=_stage("setup", "starship", "launched")),
        Action("hibernation", "Hibernation", "The six hibernation steps the app can count: "
               "kills, crew pool, the lifeform's draw and Hostility tokens (spec §10.2).",
               _hibernate,
               (Param("keep", "choice", "hibernation step 4 (the texts disagree, C3)",
                      choices=showdown_flow.KEEP_READINGS),),
               topic="hibernation", enabled=_stage("showdown")),
        Action("fight_check", "Check a fight", "Can the target match every fight icon? Shows "
               "one way (spec §10.5).", _fight_check,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("fight_icons", "str", f"the lifeform's card: {icons}"),
                Param("hostility_tokens", "int", "Hostility tokens added (red claws)",
                      minimum=0, maximum=10, optional=True, default=0),
                Param("stowaway_card", "bool", "the 1-2 Minute card added?", optional=True,
                      default=False),
                Param("cards", "str", "the target's cards, ';' between cards, '+' between "
                      "icons, e.g. 'green eye + red claw; harpoon gun'", optional=True,
                      default=""),
                Param("harpoon_tokens", "int", "the target's Harpoon tokens", minimum=0,
                      maximum=2, optional=True, default=0),
                Param("data_tokens", "str", f"the target's Data tokens: {icons}",
                      optional=True, default=""),
                Param("sister_data_tokens", "str", f"the SIS-TER player's Data tokens: {icons}",
                      optional=True, default=""),
                Param("ships_cat", "bool", "the Ship's Cat may match for this fight?",
                      optional=True, default=False),
                Param("surplus_character", "choice", "C5: may a second surviving character "
                      "match 1 icon?", choices=("yes", "no", "not settled"), optional=True,
                      default="not settled")),
               topic="fight", enabled=_stage("showdown")),
        Action("fight_result", "Fight result", "Record a fight: matched, eliminated or "
               "cancelled (spec §10.5); the app says who wins (spec §10.6).", _fight_result,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("result", "choice", "what happened", choices=showdown_flow.RESULTS),
                Param("hostility_tokens", "int", "Hostility tokens the lifeform added",
                      minimum=0, maximum=10, optional=True, default=0),
                Param("stowaway_card", "bool", "the 1-2 Minute card added?", optional=True,
                      default=False),
                Param("crew_cards_used", "int", "Crew cards the target played", minimum=0,
                      maximum=10, optional=True, default=0)),
               topic="showdown", enabled=_stage("showdown")),
        Action("asteroids_jumped", "Asteroid tokens jumped over", "Module B: the table decides "
               "whether tokens the tracker jumped over are checked (spec §11.2, G20).",
               _jumped, (Param("decision", "choice", "check or not", choices=JUMPED),),
               topic="module_b",
               enabled=lambda s: bool(s.facts.get("asteroids", {}).get("held"))),
        Action("hide_in_remora", "Module D: choose the hiding place", "The lifeform secretly "
               "keeps 1 location card (spec §11.4 step 1).", _hide,
               (Param("location", "choice", "the hiding place", choices=hunt_flow.LOCATIONS,
                      secret=True),),
               topic="module_d", private_to=LIFEFORM_ONLY, enabled=_module("D")),
        Action("hunt_bet", "Module D: Hostility token bet", "The lifeform puts 2 Hostility "
               "tokens openly on a location, not Engineering (spec §11.4 step 2).", _bet,
               (Param("location", "choice", "where the tokens go",
                      choices=hunt_flow.LOCATIONS[:-1]),), topic="module_d",
               enabled=_module("D")),
        Action("hunt_step", "Module D: next hunt action", "Search, Halon search or lifeform "
               "reveal, as the Remora board's strip says (spec §11.4).", _hunt,
               (Param("step", "choice", "the action", choices=hunt_flow.STEPS),
                Param("location", "choice", "the location", choices=hunt_flow.LOCATIONS,
                      optional=True)), topic="module_d", enabled=_module("D")),
    )
