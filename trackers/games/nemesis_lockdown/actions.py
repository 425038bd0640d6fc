"""The actions a Nemesis: Lockdown table takes, wired to the rules modules.

Keys avoid the screen's own (q u r h s ? l c p x t v b, digits); capitals pair with the
lower-case key of the same subject (d start / D stop Autodestruction). Every action ends with
``corrections.settle``: an end the state reached (Time on S) is recorded whatever led there.
Actions bound to a step of the round refuse at another step, naming the step now due (their
``why_not``, so the footer shows the keys of the step due). The co-op, Victory Check and
correction actions are in ``end_actions``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.nemesis_lockdown import (
    bag,
    contamination,
    crew,
    fast_forward,
    intruders,
    knowledge,
    leaving,
    log_lines,
    markers,
    nest,
    objectives,
    power,
    rounds,
    time_track,
)
from trackers.games.nemesis_lockdown.board import NOISE_FACES, TIME_START
from trackers.games.nemesis_lockdown.end_actions import CORRECTIONS, MODES, VICTORY
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.games.nemesis_lockdown.fast_forward import FastForwardAction
from trackers.games.nemesis_lockdown.ruling import (
    Notes,
    Rule,
    at_step,
    player,
    players,
    ruled,
    stops_when_nobody_left,
)
from trackers.games.nemesis_lockdown.setup import CONTINGENCY_CODES, contingency_dealt

_LOC_PARAMS = ("s01", "s02", "s03", "elevator")


def _launch_why(state: State) -> str | None:
    waiting = time_track.slot(state) in facts_of(state)["css"]
    if facts_of(state)["phase"] == "round" and rounds.current(state) == "time" and waiting:
        return None
    reason = at_step("css", "Launch CSS")(state)
    if reason is None and not waiting:
        return f"no face-down CSS token lies on slot {time_track.slot(state)}: 'Next step'"
    return reason


@dataclass(frozen=True)
class StepAction(Action):
    """'Next step': logged by the name of the step it ticked off, which ``apply`` records in
    the event's arguments (a replay reads it back), so the history reads like the round."""

    def describe(self, args: dict[str, Any]) -> str:
        key = args.get("step")
        return rounds.TITLES.get(str(key), self.title) if key else self.title


def _next_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    key, notes = rounds.next_step(state, leaving.css_waiting(state))
    args["step"] = key  # recorded with the event: the log names the step
    return notes


def _next_step_why_not(state: State) -> str | None:
    """Steps 5 and 10 are left by their own action: the footer drops 'Next step' there and
    the refusal names the action that is due (the screen adds its key). The Contingency deal
    needs as many tokens as the box holds; the setup steps that record something, and the
    First Encounter's kept Objectives, wait for their entries."""
    held = objectives.keep_due(state) or _setup_entry_due(state)
    if held is not None:
        return held
    if facts_of(state)["phase"] == "round" and rounds.current(state) in rounds.OWN_ACTION:
        return f"this step is done with '{rounds.OWN_ACTION[rounds.current(state)]}'"
    box = state.board.get("contingency_tokens")
    if _dealing(state) and isinstance(box, int):
        dealt = contingency_dealt(facts_of(state)["mode"], len(facts_of(state)["crew"]))
        if box < dealt:
            return (f"this setup deals {dealt} Contingency tokens and your box holds {box} "
                    "(rulebook: Setup (Summary)); correct 'Contingency tokens in your box' "
                    "if it holds more")
    return None


def _setup_entry_due(state: State) -> str | None:
    """Setup (Summary): the Power tokens and the draft are entered before the step passes."""
    if facts_of(state)["phase"] != "setup":
        return None
    if rounds.current(state) == "power" and not power.where(state):
        return ("enter where each Power token lies first with 'Enter Power tokens' "
                "(rulebook: Setup (Summary))")
    undrafted = [c["name"] for c in facts_of(state)["crew"] if c["kind"] is None]
    if rounds.current(state) == "draft" and undrafted:
        return (f"say what {', '.join(undrafted)} drafted first with 'Character drafted' "
                "(rulebook: Setup (Summary))")
    return None


def _moving_on(own: Callable[[State], str | None]) -> Callable[[State], str | None]:
    """An action that moves play on waits, like 'Next step', for the kept Objectives."""
    return lambda state: objectives.keep_due(state) or own(state)


def _dealing(state: State) -> bool:
    return facts_of(state)["phase"] == "setup" and rounds.current(state) == "contingency"


def _needs_next_step(state: State, args: dict[str, Any]) -> list[str]:
    # The text names five codes, so a box holds five tokens at least: asked only for a deal
    # of more (five players deal six).
    dealt = contingency_dealt(facts_of(state)["mode"], len(facts_of(state)["crew"]))
    if _dealing(state) and dealt > len(CONTINGENCY_CODES):
        return ["contingency_tokens"]
    due = facts_of(state)["phase"] == "round" and rounds.current(state) == "css"
    return ["css_slots"] if due else []


# --- choices --------------------------------------------------------------------------------
def _in_pods(state: State) -> list[str]:
    return crew.with_status(state, crew.IN_POD)


def _rollers(state: State) -> list[str]:
    """Active Characters not in Combat (no Intruder in their Room): they make the roll."""
    return [c["name"] for c in facts_of(state)["crew"] if c["status"] == crew.ACTIVE
            and not (c["room"] and intruders.in_room(state, c["room"]))]


def _intruder_param(help_text: str = "which Intruder") -> Param:
    return Param("intruder", "choice", help_text, choices=intruders.choices,
                 labels=intruders.labels)


# --- Power ----------------------------------------------------------------------------------
def _locations(args: dict[str, Any], required: bool) -> dict[str, int] | None:
    given = {p: args.get(p) for p in _LOC_PARAMS}
    if not required and all(v is None for v in given.values()):
        return None
    missing = [p for p, v in given.items() if v is None]
    if missing:
        raise ActionError(f"{missing[0]}: give the token number at all four locations "
                          "(S-01, S-02, S-03, Elevator) or none", missing[0])
    return {loc: int(given[p] or 0) for loc, p in zip(power.LOCATIONS, _LOC_PARAMS, strict=True)}


def _loc_params(optional: bool) -> tuple[Param, ...]:
    return tuple(Param(p, "int", f"Power token number on {loc}", minimum=1, maximum=4,
                       optional=optional)
                 for p, loc in zip(_LOC_PARAMS, power.LOCATIONS, strict=True))


# --- needs ----------------------------------------------------------------------------------
def _needs_time(state: State, args: dict[str, Any]) -> list[str]:
    here = time_track.slot(state)
    return [*time_track.needs_track_end(state, here - 1), "red_thresholds", "blue_thresholds"]


def _needs_auto(state: State, args: dict[str, Any]) -> list[str]:
    return time_track.needs_track_end(state, time_track.slot(state) - 2 * time_track.AHEAD)


def _needs_alert(state: State, args: dict[str, Any]) -> list[str]:
    return time_track.needs_track_end(state, time_track.slot(state) // 2)


def _needs_schedule(state: State, args: dict[str, Any]) -> list[str]:
    return time_track.needs_track_end(state, int(args.get("to_slot") or TIME_START))


def _needs_noise(state: State, args: dict[str, Any]) -> list[str]:
    return markers.needs_die(args.get("rolled"))


def _in_the_nest(state: State) -> list[str]:
    """Active Characters the app tracks in the Nest (as 'Character moves' recorded them)."""
    return [c["name"] for c in facts_of(state)["crew"] if c["status"] == crew.ACTIVE
            and (c["room"] or "").casefold() in ("nest", "the nest")]


def _develop(state: State, args: dict[str, Any], rng: Random) -> Notes:
    tracked = _in_the_nest(state)
    occupied = bool(args["nest_occupied"]) or bool(tracked)
    queens = len(intruders.of_kind(state, "Queen"))
    notes = bag.develop(state, rng, args["drawn"], occupied, _rollers(state), intruders.place)
    if tracked and not args["nest_occupied"] and len(intruders.of_kind(state, "Queen")) > queens:
        notes.append(f"In the Nest as the app tracks it: {', '.join(tracked)}")
    rounds.mark_done(state, "bag")
    return notes


def _advance(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if time_track.slot(state) in facts_of(state)["css"]:
        raise ActionError("a face-down CSS token lies on this slot: Launch CSS (step 4) first",
                          "action")
    notes = time_track.one_slot(state)
    rounds.mark_done(state, "time")
    if facts_of(state).get("ended") is None:
        notes += [rounds.text(state, "noise"), *rounds.hints(state, "noise")]
    return notes


def _launch(state: State, args: dict[str, Any], rng: Random) -> Notes:
    # Step 4 - or still before the move of step 5 when a token waits on the Time token's
    # slot (a hand correction put the Time token there after step 4 was ticked off): the
    # launch comes before the move either way, and the round cannot get stuck.
    waiting = facts_of(state)["phase"] == "round" and rounds.current(state) == "time" \
        and time_track.slot(state) in facts_of(state)["css"]
    if not waiting:
        rounds.require_step(state, "css", "Launch CSS")
    notes = leaving.launch_css(state, args["face"], args["pod_player"])
    rounds.mark_done(state, "css")
    return notes


def _check_surprise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if args["lower"] > args["higher"]:
        raise ActionError(f"lower: {args['lower']} is above the higher number "
                          f"{args['higher']}", "lower")
    hit = args["hand_size"] < (args["higher"] if args["in_darkness"] else args["lower"])
    light = "in Darkness: the higher" if args["in_darkness"] else "with Power: the lower"
    verdict = ("Surprise Attack: draw and resolve an Intruder Attack card" if hit
               else "no Surprise Attack")
    return [Note(f"Hand {args['hand_size']}, {light} number counts: {verdict}", "intruder_bag")]


def _open_gate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if facts_of(state)["main_gate_open"]:
        raise ActionError("the Main Gate is already open", "action")
    return time_track.open_main_gate(state, "by an Item or Action in the Exit Room")


def _intruders_out(state: State) -> str | None:
    """Actions on an Intruder miniature: only once one stands on the board."""
    if intruders.on_board(state):
        return None
    return "no Intruder is on the board yet: an Encounter places one (Encounter)"


def _no_arg(fn: Callable[[State], Notes]) -> Rule:
    return lambda s, a, r: fn(s)


def _someone_inside(state: State) -> str | None:
    """The nobody-left ending (End of the Game) waits until no Character is active."""
    active = crew.with_status(state, crew.ACTIVE)
    if not active:
        return None
    return (f"{', '.join(active)} still in play inside the Facility: the game ends early only "
            f"once no Character is left (dead, escaped or locked in; 'Character leaves play')")


TURNS = "turns"
PLAY: tuple[Action, ...] = (
    StepAction("next_step", "Next step", "Tick off the step now due and show the next one.",
               ruled(_next_step), key="n", short="Next step", moves_play=True, topic="round",
               needs=_needs_next_step, why_not=_next_step_why_not),
    Action("place_power", "Enter Power tokens",
           "Record which numbered Power token lies on each Section and the Elevator.",
           ruled(lambda s, a, r: power.place_tokens(s, _locations(a, True) or {})),
           _loc_params(False), key="o", short="Power", topic="power", log_text=log_lines.power),
    Action("launch_css", "Launch CSS (step 4)",
           "Reveal the CSS token on the Time token's slot and launch the Pods it names.",
           ruled(_launch),
           (Param("face", "choice", "what the revealed token shows", choices=leaving.CSS_FACES,
                  optional=True),
            Param("pod_player", "choice", "for 'one Pod': whose Pod launches",
                  choices=_in_pods, optional=True)),
           key="k", short="CSS", topic="time_track", why_not=_moving_on(_launch_why),
           log_text=log_lines.launch_css),
    Action("advance_time", "Move the Time token (step 5)",
           "Move the Time token one slot and resolve Autodestruction, Alert and Thresholds.",
           ruled(_advance, "time", "Moving the Time token"), key="a", short="Time",
           why_not=_moving_on(at_step("time", "Moving the Time token")),
           topic="time_track", needs=_needs_time,
           log_text=lambda a: "Event Phase 5: Time token moved"),
    Action("develop_bag", "Intruder bag development (step 10)",
           "Draw one Intruder token and resolve it.",
           ruled(_develop, "bag", "Intruder bag development"),
           (Param("drawn", "choice", "the token your table drew (blank: the app draws)",
                  choices=bag.KINDS, optional=True),
            Param("nest_occupied", "bool", "is a Character in the Nest now?", optional=True,
                  default=False)),
           why_not=_moving_on(at_step("bag", "Intruder bag development")),
           key="i", short="Develop", topic="intruder_bag",
           log_text=log_lines.develop_bag),
)

# The Room Actions come after the Intruders' actions: during the Player turns the footer
# has room for eight game keys, and Encounter, Noise and Fire are the ones every turn needs.
ROOM_ACTIONS: tuple[Action, ...] = (
    Action("start_autodestruction", "Start Autodestruction",
           "Cooling System: put the yellow Autodestruction token 3 slots ahead.",
           ruled(_no_arg(time_track.start_autodestruction), TURNS,
                 "Starting Autodestruction (a Room Action)"),
           why_not=at_step(TURNS, "Starting Autodestruction (a Room Action)"),
           key="d", short="Auto on", topic="autodestruction", needs=_needs_auto),
    Action("stop_autodestruction", "Stop Autodestruction",
           "Power Generator: discard the Autodestruction token while it is still yellow.",
           ruled(_no_arg(time_track.stop_autodestruction), TURNS,
                 "Stopping Autodestruction (a Room Action)"),
           why_not=at_step(TURNS, "Stopping Autodestruction (a Room Action)"),
           key="D", short="Stop auto", topic="autodestruction"),
    Action("start_alert", "Start the Alert Procedure",
           "Alert Room: token on half the Time number; the Isolation Room opens.",
           ruled(_no_arg(time_track.start_alert), TURNS,
                 "Starting the Alert Procedure (a Room Action)"),
           why_not=at_step(TURNS, "Starting the Alert Procedure (a Room Action)"),
           key="e", short="Alert", topic="alert_procedure", needs=_needs_alert),
    Action("restore_power", "Restore Power",
           "Backup Power Supply: reset tokens 1-2 blue, move tokens, Time token to active.",
           ruled(lambda s, a, r: power.restore_power(s, _locations(a, False)), TURNS,
                 "Restoring Power (a Room Action)"),
           _loc_params(True), why_not=at_step(TURNS, "Restoring Power (a Room Action)"),
           key="R", short="Restore", topic="power",
           log_text=log_lines.restore_power),
    Action("power_section", "Power a Section",
           "Power Generator: flip the Power token of the Section you stand in.",
           ruled(lambda s, a, r: power.power_section(s, a["location"]), TURNS,
                 "Powering a Section (a Room Action)"),
           (Param("location", "choice", "your Section", choices=power.LOCATIONS),),
           why_not=at_step(TURNS, "Powering a Section (a Room Action)"),
           key="g", short="Section", topic="power",
           log_text=lambda a: f"Power a Section: {a.get('location')}"),
    Action("schedule_css", "Schedule CSS",
           "CSS Control Room: move one face-down CSS token one slot.",
           ruled(lambda s, a, r: leaving.schedule_css(s, a["from_slot"], a["to_slot"]), TURNS,
                 "Scheduling CSS (a Room Action)"),
           (Param("from_slot", "int", "slot the token is on", minimum=1, maximum=TIME_START),
            Param("to_slot", "int", "slot to move it to", minimum=0, maximum=TIME_START)),
           why_not=at_step(TURNS, "Scheduling CSS (a Room Action)"),
           key="j", short="Sched CSS", topic="time_track", needs=_needs_schedule,
           log_text=lambda a: f"CSS token moved from {a.get('from_slot')} to {a.get('to_slot')}"),
)

INTRUDERS: tuple[Action, ...] = (
    Action("encounter", "Encounter",
           "Draw an Intruder token for an Encounter and place its Intruder in the Room.",
           ruled(lambda s, a, r: intruders.encounter(s, r, a["drawn"], a["room"],
                                                     a["hand_size"], a["in_darkness"])),
           (Param("room", "str", "the Room where it happens"),
            Param("drawn", "choice", "the token your table drew (blank: the app draws)",
                  choices=bag.KINDS, optional=True),
            Param("hand_size", "int", "cards in the Character's hand (blank: not checked)",
                  minimum=0, optional=True),
            Param("in_darkness", "bool", "is the Character in Darkness?", optional=True)),
           key="y", short="Encounter", topic="intruder_bag",
           log_text=lambda a: f"Encounter in the {a['room']}: "
                              + (f"{a['drawn']} drawn" if a["drawn"] else "the app drew")),
    Action("check_surprise", "Surprise Attack?",
           "Compare the hand with the Intruder token's number for the light.",
           ruled(_check_surprise),
           (Param("hand_size", "int", "cards in hand (Action + Contamination)", minimum=0),
            Param("lower", "int", "the token's lower number", minimum=0),
            Param("higher", "int", "the token's higher number", minimum=0),
            Param("in_darkness", "bool", "is the Character in Darkness?")),
           key="A", short="Surprise?", topic="intruder_bag", log_text=log_lines.check_surprise),
    Action("attack_target", "Who is attacked?",
           "An Intruder attacks: the Character with the fewest Action cards, ties by play order.",
           ruled(lambda s, a, r: intruders.attack_target(s, intruders.parse_hands(s, a["hands"]))),
           (Param("hands", "str", "each Character in the Room with their Action cards: "
                                  "'Ann 2, Bo 3'"),),
           key="F", short="Target?", topic="intruder_bag",
           log_text=lambda a: f"Who is attacked? ({a.get('hands')})"),
    Action("injure_intruder", "Injure an Intruder",
           "Injuries on an Intruder's base and the kill check by the Attack cards' blood.",
           ruled(lambda s, a, r: intruders.injure(s, a["intruder"], a["injuries"], a["blood"],
                                                  a["retreat"])),
           (_intruder_param(),
            Param("injuries", "int", "Injuries dealt", minimum=0, maximum=9, optional=True,
                  default=1),
            Param("blood", "int", "blood value of the kill-check card(s) (blank: not drawn)",
                  minimum=0, optional=True),
            Param("retreat", "bool", "did a card show a Retreat arrow?", optional=True,
                  default=False)),
           key="J", short="Injure", topic="intruder_bag", log_text=log_lines.injure,
           why_not=_intruders_out),
    Action("move_intruder", "Move an Intruder", "An Intruder goes to another Room.",
           ruled(lambda s, a, r: intruders.move(s, a["intruder"], a["room"])),
           (_intruder_param(), Param("room", "str", "the Room it moves to")),
           key="M", short="Move Intr", topic="intruder_bag", why_not=_intruders_out,
           log_text=lambda a: f"Intruder #{a.get('intruder')} moves to the {a.get('room')}"),
    Action("intruder_to_corridor", "Intruder into a Technical Corridor",
           "It vanishes: Injuries discarded, token back in the bag, miniature off the board.",
           ruled(lambda s, a, r: intruders.technical_corridor(s, a["intruder"])),
           (_intruder_param(),), key="T", short="Tech corr", topic="intruder_bag",
           why_not=_intruders_out,
           log_text=lambda a: f"Intruder #{a.get('intruder')} into a Technical Corridor"),
    Action("noise_roll", "Noise roll",
           "Roll the Noise die (or record your roll) and resolve it.",
           ruled(lambda s, a, r: markers.noise_roll(s, r, a["rolled"], a["slime"], a["player"],
                                                    a["corridor"])),
           (Param("rolled", "choice", "your die's result (blank: the app rolls)",
                  choices=NOISE_FACES, optional=True),
            Param("slime", "bool", "does the Character carry Slime?", optional=True,
                  default=False),
            Param("player", "choice", "who rolls", choices=players, optional=True),
            Param("corridor", "str", "for 1-4: the Corridor's name, to mark it (optional)",
                  optional=True)),
           key="z", short="Noise", topic="noise", needs=_needs_noise,
           log_text=log_lines.noise_roll),
    Action("noise_marker", "Noise marker", "Put a Noise marker in a Corridor, or take it off.",
           ruled(lambda s, a, r: markers.noise_marker(s, a["corridor"], a["change"])),
           (Param("corridor", "str", "the Corridor, as your table names it"),
            Param("change", "choice", "place or remove", choices=markers.NOISE_CHANGES,
                  optional=True, default="place")),
           key="N", short="Noise mk", topic="noise", log_text=log_lines.noise_marker),
    Action("place_fire", "Place a Fire marker",
           "One more Fire marker on the board; the 13th destroys the Facility.",
           ruled(_no_arg(markers.place_fire)), key="f", short="Fire", topic="fire"),
    Action("place_malfunction", "Place a Malfunction marker",
           "One more Malfunction marker; the 11th destroys the Facility.",
           ruled(lambda s, a, r: markers.place_malfunction(s, a["room"])),
           (Param("room", "str", "the Room (blank: not checked)", optional=True),),
           key="m", short="Malfunc.", topic="malfunction", log_text=log_lines.malfunction),
    Action("take_egg", "Take an Egg", "Nest: take one Egg from the Nest slot, then a Noise roll.",
           ruled(lambda s, a, r: nest.take_egg(s, a["player"])), (player(),),
           key="V", short="Take egg", topic="intruder_bag",
           log_text=lambda a: f"{a.get('player')} takes an Egg"),
    Action("destroy_eggs", "Destroy Eggs", "Nest: each Injury dealt destroys one Egg.",
           ruled(lambda s, a, r: nest.destroy_eggs(s, a["count"])),
           (Param("count", "int", "Eggs destroyed", minimum=1, maximum=20),),
           key="I", short="Dest eggs", topic="intruder_bag",
           log_text=lambda a: f"{log_lines.plural(a.get('count'), 'Egg')} destroyed"),
)

CHARACTERS: tuple[Action, ...] = (
    Action("character_kind", "Character drafted",
           "Say whether a player drafted a Facility Worker or a Nemesis Survivor.",
           ruled(lambda s, a, r: crew.set_kind(s, a["player"], a["kind"])),
           (player("whose Character", players),
            Param("kind", "choice", "which kind", choices=crew.KINDS)),
           key="P", short="Drafted", topic="setup",
           log_text=lambda a: f"{a.get('player')} plays a {a.get('kind')}"),
    Action("move_character", "Character moves", "Where a Character now stands.",
           ruled(lambda s, a, r: crew.move(s, a["player"], a["room"])),
           (player(), Param("room", "str", "the Room")), key="O", short="Move",
           log_text=lambda a: f"{a.get('player')} moves to the {a.get('room')}"),
    Action("wound", "Wound a Character",
           "A Light or Serious Wound; 3 Light make a Serious; past 3 Serious the Character dies.",
           ruled(lambda s, a, r: crew.wound(s, a["player"], a["kind"])),
           (player(), Param("kind", "choice", "which Wound", choices=crew.WOUND_KINDS)),
           key="w", short="Wound", topic="wounds",
           log_text=lambda a: f"{a.get('player')}: {str(a.get('kind')).capitalize()} Wound"),
    Action("fire_wound", "Fire wound",
           "A turn ended in a burning Room: 1 Light Wound, at most once a round.",
           ruled(lambda s, a, r: crew.fire_wound(s, a["player"])), (player(),),
           key="W", short="Fire wnd", topic="fire",
           log_text=lambda a: f"{a.get('player')}: fire wound"),
    Action("contamination_card", "Contamination card",
           "A Character takes Contamination cards (Melee, an Event or Attack card...).",
           ruled(lambda s, a, r: contamination.add_cards(s, a["player"], a["count"],
                                                         a["why"])),
           (player(), Param("count", "int", "how many", minimum=1, maximum=9, optional=True,
                             default=1),
            Param("why", "str", "what gave it", optional=True, default="Melee or a card")),
           key="C", short="Contam.", topic="wounds", log_text=log_lines.contamination),
    Action("scan", "Scan", "A Scan of a Character's Contamination cards: how many read "
                           "INFECTED.",
           ruled(lambda s, a, r: contamination.scan(s, a["player"], a["infected"])),
           (player(), Param("infected", "int", "INFECTED cards found", minimum=0, maximum=20)),
           key="S", short="Scan", topic="wounds",
           log_text=lambda a: f"{a['player']}'s Scan: {a['infected']} INFECTED"),
    Action("larva_attack", "Larva attack",
           "A Larva Infests a Character: a Larva (if none yet) and 1 Contamination card.",
           ruled(lambda s, a, r: contamination.infest(s, a["player"], a["intruder"])),
           (player("the target"),
            Param("intruder", "choice", "the attacking Larva on the board (optional)",
                  choices=intruders.choices, labels=intruders.labels, optional=True)),
           key="H", short="Larva", topic="wounds", log_text=log_lines.larva_attack),
    Action("remove_contamination", "Remove Contamination",
           "Decon Room, Surgery or an Item: cards to the deck's bottom, perhaps the Larva.",
           ruled(lambda s, a, r: contamination.remove(s, a["player"], a["cards"], a["larva"],
                                                      a["where"])),
           (player(), Param("cards", "int", "cards removed", minimum=0, maximum=20),
            Param("larva", "bool", "is the Larva removed too?", optional=True, default=False),
            Param("where", "choice", "how", choices=contamination.REMOVERS, optional=True,
                  default=contamination.REMOVERS[0])),
           key="U", short="Decon", topic="wounds", log_text=log_lines.remove_contamination),
    Action("knowledge", "Gain Knowledge",
           "Knowledge from the Laboratory, the Nest, a Computer, the Archive or an Item.",
           ruled(lambda s, a, r: knowledge.gain(s, a["player"], a["source"], a["amount"],
                                                a["researched"])),
           (player(), Param("source", "choice", "where it comes from",
                             choices=tuple(knowledge.SOURCES)),
            Param("amount", "int", "for an Item: how much", minimum=1, maximum=9,
                  optional=True),
            Param("researched", "choice", "for the Laboratory: the Object analysed",
                  choices=knowledge.OBJECTS, optional=True)),
           key="K", short="Knowledge", topic="knowledge", log_text=log_lines.knowledge),
    Action("leave", "Character leaves play",
           "Board a CSS Pod, lock in the Isolation Room, reach the Bunker, or die.",
           ruled(lambda s, a, r: leaving.leave(s, a["player"], a["how"])),
           (player(), Param("how", "choice", "where they go", choices=leaving.WAYS_OUT)),
           key="L", short="Leaves", topic="victory",
           log_text=lambda a: f"{a['player']}: {a['how']}"),
    Action("open_main_gate", "Open the Main Gate",
           "An Item or Action in the Exit Room opens the Main Gate; it never closes again.",
           ruled(_open_gate), key="G", short="Main Gate", topic="victory"),
    FastForwardAction(
        "fast_forward", "Fast-forward to the end",
        "Nobody is left inside: advance the Time token slot by slot, as step 5 does, to the "
        "active token or S, and end.",
        ruled(lambda s, a, r: fast_forward.fast_forward(s, a)),
        (Param("jump_to", "choice", "where it stops (blank: worked out)",
               choices=fast_forward.JUMP_TARGETS, optional=True),
         # Recorded True with every new fast-forward: older records (without it) jumped
         # straight to their target, and replay that way.
         Param("walk", "bool", "resolve each slot passed as step 5 does", optional=True,
               default=True, shown=lambda s: False,
               hidden_why="the app always resolves each slot passed")),
        key="E", short="Fast-fwd", topic="victory",
        why_not=_moving_on(_someone_inside),
        needs=("time_last_number", "red_thresholds", "blue_thresholds"),
        log_text=log_lines.fast_forward),
)

# The footer shows the keys possible now in this order, eight game keys at most: of the
# Intruders' actions, the ones every Player turn needs (Encounter, Noise, Fire) come first,
# so an Intruder on the board (Injure, Move, Technical Corridor) never pushes them out.
EVERY_TURN = ("encounter", "noise_roll", "noise_marker", "place_fire")
INTRUDERS_IN_FOOTER_ORDER = (*(a for n in EVERY_TURN for a in INTRUDERS if a.name == n),
                             *(a for a in INTRUDERS if a.name not in EVERY_TURN))

# Fast-forward first: offered only once nobody is left inside, when it is the one thing to do
# (the Now panel names its key, which must be in view).
FAST_FORWARD = tuple(a for a in CHARACTERS if a.name == "fast_forward")
PLAYING = tuple(stops_when_nobody_left(a) for a in (
    *PLAY, *INTRUDERS_IN_FOOTER_ORDER, *ROOM_ACTIONS,
    *(a for a in CHARACTERS if a not in FAST_FORWARD),
    *(a for a in MODES if a.name == "revive")))
ACTIONS: tuple[Action, ...] = (*FAST_FORWARD, *PLAYING,
                               *(a for a in MODES if a.name != "revive"),
                               *VICTORY, *CORRECTIONS)
