"""The end of the game: the launch and its endings, the Showdown and its fights, modules B
and D."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.lifeform import (
    asteroid_mirror,
    asteroids,
    crew_share,
    endings,
    hunt_order,
    module_d,
    remora_hunt,
    showdown,
)
from trackers.games.lifeform.absent import ABSENT, absent_param
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.hibernation import numbers
from trackers.games.lifeform.phases.common import (
    in_stage,
    module_showdown,
    profile,
)
from trackers.games.lifeform.phases.needs import cocoon_needs
from trackers.games.lifeform.secrets import LIFEFORM_ONLY

Notes = list[Note | str]

JUMPED = ("check them", "leave them unchecked")


def _launch(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.launch(state, profile(state), args["confirm_unknown"], args[ABSENT]))


def _reading(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.choose_reading(state, args["reading"], profile(state)))


def _declare(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.declare_lifeform_win(state, args["reason"]))


def _hibernate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    drawn = numbers(state, profile(state))
    notes: Notes = list(showdown.hibernate(state, args["keep"], profile(state)))
    if args.get(crew_share.FLAG) and drawn is not None:
        crew_share.open_share(state, drawn.crew_cards.value)
    return notes


@dataclass(frozen=True)
class Hibernate(Action):
    """The hibernation as the app does it now: its step 1 (the crew's draw, shared out) is
    held until every card is shared. The flag is added in ``validate``, which runs when the
    table acts and not on replay, so a game saved before replays without the hold."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        given = {k: v for k, v in args.items() if k != crew_share.FLAG}
        return {**super().validate(state, given), crew_share.FLAG: True}


def _fight_check(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown.fight_check(state, args, profile(state)))


def _fight_result(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = hunt_order.use_combat_tokens(state, int(args.get("combat_tokens_used") or 0))
    return [*notes, *showdown.fight_result(state, args)]


def _jumped(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(asteroids.resolve_jumped(state, args["decision"] == JUMPED[0], rng))


def one_two_minute_card() -> Param:
    """Asked only while the lifeform keeps the 1-2 Minute card: it keeps it for the Showdown
    only when that was the card it chose at 20 and guessed right (rulebook, Endings)."""
    return Param("stowaway_card", "bool", "the 1-2 Minute card added?", optional=True,
                 default=False,
                 shown=lambda s: bool((facts_of(s).get("showdown") or {}).get("stowaway_card")),
                 hidden_why="the lifeform does not hold the 1-2 Minute card: it keeps it for "
                            "the Showdown only as the card it chose and guessed right with "
                            "(rulebook, Endings)")


def _hide(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(remora_hunt.choose_hiding_place(state, args["location"], rng))


def _bet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(remora_hunt.place_bet(state, args["location"], profile(state)))


def _hunt(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(remora_hunt.hunt_step(state, args["step"], args["location"], profile(state),
                                      bool(args.get(ABSENT))))


@dataclass(frozen=True)
class HuntStep(Action):
    """A hunt step: a lifeform reveal's mark is checked against the sealed hiding place when
    the table takes it (``validate``), never on replay."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        if checked.get("step") == "lifeform reveal":
            remora_hunt.check_mark(state, checked.get("location"), checked)
        return checked


def _targets(state: State) -> list[str]:
    """Who the lifeform may target now: a surviving crew member other than the last fight's
    target, unless only one is left (rulebook, Fight Sequence step 1)."""
    show = facts_of(state)["showdown"]
    if not show:
        return []
    return list(showdown.legal_targets(showdown.surviving_crew(state), show["previous_target"]))


def end_actions() -> tuple[Action, ...]:
    icons = "icons, e.g. 'red claw, green eye'"  # fits one line of the form at 80 columns
    return (
        Action("launch", "Launch the Remora", "Every criterion met and every crew member "
               "agrees: launch, and the app decides Ending A, B or C (rulebook p. 35, Launch the "
               "Remora Sequence; rulebook, Endings).", _launch,
               (Param("confirm_unknown", "bool", "the table checked what the app cannot (unset "
                      "values)", optional=True, default=False),
                absent_param("lifeform player")),
               key="g", short="Launch", topic="endings", enabled=in_stage("starship", "setup")),
        Action("choose_ending_reading", "Choose the ending reading", "Where the texts disagree "
               "(Last Man Aboard before 9), the table picks a reading; or settle Ending B once "
               "the Stowaway ranges "
               "are entered (rulebook, Endings).", _reading,
               (Param("reading", "choice", "which reading", choices=endings.reading_labels,
                      optional=True),), topic="endings", enabled=in_stage("launched")),
        Action("declare_lifeform_win", "The lifeform wins", "A win the app cannot see, e.g. "
               "everyone aboard and the launch criteria can no longer be met (rulebook, Gameplay "
               "Overview).",
               _declare, (Param("reason", "str", "why"),), topic="endings",
               enabled=in_stage("setup", "starship", "launched")),
        Action("ending_c_refill", "Ending C refill", "Ending C: the lifeform discards up to its "
               "Evolution number, then draws up to its max hand size (rulebook, Ending C).",
               lambda s, a, r: showdown.ending_c_refill(s, int(a["discard"]), profile(s)),
               (Param("discard", "choice", "Lifeform cards discarded first (up to the "
                      "Evolution number)", choices=lambda s: showdown.refill_choices(
                          s, profile(s)), optional=True, default="0"),),
               topic="endings", needs=cocoon_needs,
               enabled=lambda s: bool((facts_of(s).get("showdown") or {}).get("refill_due"))),
        Hibernate("hibernation", "Hibernation", "The six hibernation steps the app can count: "
               "kills, crew pool, the lifeform's draw and Hostility tokens (rulebook p. 38, "
               "Showdown Stage).",
               _hibernate,
               (Param("keep", "choice", "hibernation step 4 (the rule and its example disagree)",
                      choices=showdown.KEEP_READINGS),),
               topic="hibernation", enabled=lambda s: in_stage("showdown")(s)
               and not facts_of(s)["showdown"].get("refill_due")),
        Action("fight_check", "Check a fight", "Can the target match every fight icon? Shows "
               "one way (rulebook, Fight Sequence). Icons are separated by commas; the "
               "target's cards by ';', a card's icons by '+': 'green eye + red claw; harpoon "
               "gun'. 'none' for no tokens.", _fight_check,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("fight_icons", "str", f"the lifeform card's {icons}"),
                Param("hostility_tokens", "int", "Hostility tokens added (red claws)",
                      minimum=0, maximum=10, optional=True, default=0),
                one_two_minute_card(),
                Param("cards", "str", "the target's cards, e.g. 'green eye + red claw; harpoon "
                      "gun'", optional=True,
                      default=""),
                Param("harpoon_tokens", "int", "the target's Harpoon tokens", minimum=0,
                      maximum=2, optional=True, default=0),
                Param("data_tokens", "str", f"the target's Data token {icons}",
                      optional=True, default=""),
                Param("sister_data_tokens", "str", "the SIS-TER player's Data token icons",
                      optional=True, default=""),
                Param("ships_cat", "bool", "the Ship's Cat may match for this fight?",
                      optional=True, default=False),
                Param("surplus_character", "choice", "a 2nd character matches 1 icon? (example "
                      "only)", choices=("yes", "no", "not settled"), optional=True,
                      default="not settled")),
               topic="fight", enabled=in_stage("showdown"), why_not=hunt_order.fights_wait),
        Action("fight_result", "Fight result", "Record a fight: matched, eliminated or "
               "cancelled (rulebook, Fight Sequence); the app says who wins (rulebook, Fight "
               "Sequence).", _fight_result,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("result", "choice", "what happened", choices=showdown.RESULTS),
                Param("hostility_tokens", "int", "Hostility tokens the lifeform added",
                      minimum=0, maximum=10, optional=True, default=0),
                one_two_minute_card(),
                Param("crew_cards_used", "int", "Crew cards the target played", minimum=0,
                      maximum=10, optional=True, default=0),
                Param("combat_tokens_used", "int", "module D: combat tokens from the hunt used",
                      minimum=0, maximum=10, optional=True, default=0,
                      shown=lambda s: "D" in facts_of(s).get("modules", []),
                      hidden_why="module D is not played in this game, so the crew has no "
                                 "combat tokens from its hunt")),
               topic="showdown", enabled=in_stage("showdown"), why_not=hunt_order.fights_wait),
        Action("asteroids_jumped", "Asteroid tokens jumped over", "Module B: the table decides "
               "whether tokens the tracker jumped over are checked (Thirteenth Passenger, Module "
               "B).",
               _jumped, (Param("decision", "choice", "check or not", choices=JUMPED),),
               topic="module_b",
               enabled=lambda s: bool(facts_of(s).get("asteroids", {}).get("held"))),
        Action("asteroid_token", "Module B: asteroid token flipped", "Your own tokens: the "
               "tracker reached a token; flip it and enter what it shows; on a hit, the Asteroid "
               "Impact card you drew (Thirteenth Passenger, Module B).",
               lambda s, a, r: asteroid_mirror.flip(s, a["shows"], a["impact_card"]),
               (Param("shows", "choice", "what the token shows", choices=asteroid_mirror.SHOWS),
                Param("impact_card", "str", "on a hit: the Impact card drawn (the deck it "
                      "strikes)", optional=True, default="")),
               topic="module_b", enabled=lambda s: asteroid_mirror.due(s) is not None),
        Action("hide_in_remora", "Module D: choose the hiding place", "The lifeform secretly "
               "keeps 1 location card (Thirteenth Passenger, Module D step 1).", _hide,
               (Param("location", "choice", "the hiding place", choices=module_d.LOCATIONS,
                      secret=True),),
               topic="module_d", private_to=LIFEFORM_ONLY, enabled=module_showdown("D"),
               why_not=hunt_order.hide_why_not),
        Action("hunt_bet", "Module D: Hostility token bet", "The lifeform puts 2 Hostility "
               "tokens openly on a location, not Engineering (Thirteenth Passenger, Module D step "
               "2).", _bet,
               (Param("location", "choice", "where the tokens go",
                      choices=module_d.LOCATIONS[:-1]),), topic="module_d",
               enabled=module_showdown("D"), why_not=hunt_order.bet_why_not),
        HuntStep("hunt_step", "Module D: next hunt action", "Search, Halon search or lifeform "
               "reveal, as the Remora board's strip says; a search may spend a Halon Gas Blast "
               "instead of a crew disk (Thirteenth Passenger, Module D).", _hunt,
               (Param("step", "choice", "the action", choices=hunt_order.step_choices),
                Param("location", "choice", "the location (optional only to skip the Halon "
                      "search)", choices=module_d.LOCATIONS,
                      optional=True),
                absent_param("lifeform player")), topic="module_d", enabled=module_showdown("D"),
               why_not=hunt_order.step_why_not, opens_secret=True),  # a search tests it
        Action("hunt_reward", "Module D: reward", "The lifeform was discovered: the crew's "
               "remaining disks fill one central zone and it keeps combat tokens (Thirteenth "
               "Passenger, Module D, Reward for Skilful Searching).",
               lambda s, a, r: hunt_order.take_reward(s, a["zone"]),
               (Param("zone", "choice", "the zone filled", choices=hunt_order.reward_choices),),
               topic="module_d", enabled=module_showdown("D"),
               why_not=hunt_order.reward_why_not),
    )

