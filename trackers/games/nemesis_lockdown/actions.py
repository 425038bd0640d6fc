"""The actions a Nemesis: Lockdown table takes, wired to the rules modules.

Keys avoid the screen's own (q u r h s ? l c p x t v b, digits); capitals pair with the
lower-case key of the same subject (d start / D stop Autodestruction).
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.nemesis_lockdown import (
    crew,
    intruders,
    leaving,
    markers,
    power,
    rounds,
    time_track,
)
from trackers.games.nemesis_lockdown.board import NOISE_FACES
from trackers.games.nemesis_lockdown.ending import check_running, is_over

Notes = list[Note | str]
_LOC_PARAMS = ("s01", "s02", "s03", "elevator")


def _running(state: State) -> bool:
    return not is_over(state)


def _players(state: State) -> list[str]:
    return crew.names(state)


def _in_pods(state: State) -> list[str]:
    return crew.with_status(state, crew.IN_POD)


def _drawn_kinds(state: State) -> list[str]:
    return sorted(k for k, n in intruders.bag(state).out.items() if n)


def _locations(args: dict[str, Any], required: bool) -> dict[str, int] | None:
    given = {p: args.get(p) for p in _LOC_PARAMS}
    if not required and all(v is None for v in given.values()):
        return None
    missing = [p for p, v in given.items() if v is None]
    if missing:
        raise ActionError(f"{missing[0]}: give the token number at all four locations "
                          "(s01, s02, s03, elevator) or none", missing[0])
    return {loc: int(given[p] or 0) for loc, p in zip(power.LOCATIONS, _LOC_PARAMS, strict=True)}


def _loc_params(optional: bool) -> tuple[Param, ...]:
    return tuple(Param(p, "int", f"Power token number on {loc}", minimum=1, maximum=4,
                       optional=optional)
                 for p, loc in zip(_LOC_PARAMS, power.LOCATIONS, strict=True))


def next_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return rounds.next_step(state, leaving.css_waiting(state))


def place_power(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return power.place_tokens(state, _locations(args, True) or {})


def restore_power(state: State, args: dict[str, Any], rng: Random) -> Notes:
    check_running(state)
    rounds.require_step(state, "turns", "Restoring Power (a Room Action)")
    return power.restore_power(state, _locations(args, False))


def power_section(state: State, args: dict[str, Any], rng: Random) -> Notes:
    check_running(state)
    rounds.require_step(state, "turns", "Powering a Section (a Room Action)")
    return power.power_section(state, args["location"])


def check_surprise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    hit = intruders.surprise_attack(args["hand_size"], args["lower"], args["higher"],
                                    args["in_darkness"])
    light = "in Darkness: the higher" if args["in_darkness"] else "with Power: the lower"
    verdict = ("Surprise Attack: draw and resolve an Intruder Attack card" if hit
               else "no Surprise Attack")
    return [Note(f"Hand {args['hand_size']}, {light} number counts: {verdict}", "intruder_bag")]


def wound(state: State, args: dict[str, Any], rng: Random) -> Notes:
    check_running(state)
    return crew.wound(state, args["player"], args["kind"])


def contamination(state: State, args: dict[str, Any], rng: Random) -> Notes:
    check_running(state)
    return crew.contamination(state, args["player"], args["what"])


def open_gate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Spec §10.2: Items or Actions in the Exit Room can open the Main Gate."""
    if state.facts["main_gate_open"]:
        raise ActionError("the Main Gate is already open", "action")
    return time_track.open_main_gate(state, "by an Item or Action in the Exit Room")


def _simple(fn: Any) -> Any:
    """Wrap a rules function that takes only the state."""
    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        result: Notes = fn(state)
        return result
    return apply


ACTIONS: tuple[Action, ...] = (
    Action("next_step", "Next step", "Tick off the step now due and show the next one.",
           next_step, key="n", short="Next step", topic="round", enabled=_running),
    Action("place_power", "Enter Power tokens",
           "Record which numbered Power token lies on each Section and the Elevator.",
           place_power, _loc_params(False), key="o", short="Power", topic="power"),
    Action("launch_css", "Launch CSS (step 4)",
           "Reveal the CSS token on the Time token's slot and launch the Pods it names.",
           lambda s, a, r: leaving.launch_css(s, a["face"], a["pod_player"]),
           (Param("face", "choice", "what the revealed token shows", choices=leaving.CSS_FACES,
                  optional=True),
            Param("pod_player", "choice", "for 'one Pod': whose Pod launches",
                  choices=_in_pods, optional=True)),
           key="k", short="CSS", topic="time_track", enabled=_running),
    Action("advance_time", "Move the Time token (step 5)",
           "Move the Time token one slot and resolve Autodestruction, Alert and Thresholds.",
           _simple(time_track.advance_time), key="a",
           short="Time", topic="time_track", enabled=_running),
    Action("start_autodestruction", "Start Autodestruction",
           "Cooling System: put the yellow Autodestruction token 3 slots ahead.",
           _simple(time_track.start_autodestruction), key="d",
           short="Auto on", topic="autodestruction",
           enabled=_running),
    Action("stop_autodestruction", "Stop Autodestruction",
           "Power Generator: discard the Autodestruction token while it is still yellow.",
           _simple(time_track.stop_autodestruction), key="D",
           short="Stop auto", topic="autodestruction",
           enabled=_running),
    Action("start_alert", "Start the Alert Procedure",
           "Alert Room: token on half the Time number; the Isolation Room opens.",
           _simple(time_track.start_alert), key="e", short="Alert", topic="alert_procedure",
           enabled=_running),
    Action("restore_power", "Restore Power",
           "Backup Power Supply: reset tokens 1-2 blue, move tokens, Time token to active.",
           restore_power, _loc_params(True), key="R",
           short="Restore", topic="power", enabled=_running),
    Action("power_section", "Power a Section",
           "Power Generator: flip the Power token of the Section you stand in.",
           power_section,
           (Param("location", "choice", "your Section", choices=power.LOCATIONS),),
           key="g", short="Section", topic="power", enabled=_running),
    Action("schedule_css", "Schedule CSS",
           "CSS Control Room: move one face-down CSS token one slot.",
           lambda s, a, r: leaving.schedule_css(s, a["from_slot"], a["to_slot"]),
           (Param("from_slot", "int", "slot the token is on", minimum=0, maximum=15),
            Param("to_slot", "int", "slot to move it to", minimum=0, maximum=15)),
           key="j", short="Sched CSS", topic="time_track", enabled=_running),
    Action("develop_bag", "Intruder bag development (step 10)",
           "Draw one Intruder token and resolve it.",
           lambda s, a, r: intruders.develop(s, r, a["drawn"], a["nest_occupied"]),
           (Param("drawn", "choice", "the token your table drew (blank: the app draws)",
                  choices=intruders.KINDS, optional=True),
            Param("nest_occupied", "bool", "is a Character in the Nest now?", optional=True,
                  default=False)),
           key="i", short="Develop", topic="intruder_bag", enabled=_running),
    Action("encounter", "Encounter",
           "Draw an Intruder token for an Encounter and place its Intruder.",
           lambda s, a, r: intruders.encounter(s, r, a["drawn"]),
           (Param("drawn", "choice", "the token your table drew (blank: the app draws)",
                  choices=intruders.KINDS, optional=True),),
           key="y", short="Encounter", topic="intruder_bag", enabled=_running),
    Action("return_token", "Return a token to the bag",
           "Put a drawn Intruder token back, e.g. when its Intruder enters a Technical Corridor.",
           lambda s, a, r: intruders.return_token(s, a["kind"]),
           (Param("kind", "choice", "which drawn token", choices=_drawn_kinds),),
           key="B", short="Return", topic="intruder_bag", enabled=_running),
    Action("check_surprise", "Surprise Attack?",
           "Compare the hand with the Intruder token's number for the light.",
           check_surprise,
           (Param("hand_size", "int", "cards in hand (Action + Contamination)", minimum=0),
            Param("lower", "int", "the token's lower number", minimum=0),
            Param("higher", "int", "the token's higher number", minimum=0),
            Param("in_darkness", "bool", "is the Character in Darkness?")),
           key="A", short="Surprise?", topic="intruder_bag"),
    Action("noise_roll", "Noise roll",
           "Roll the Noise die (or record your roll) and resolve it.",
           lambda s, a, r: markers.noise_roll(s, r, a["rolled"], a["slime"], a["player"]),
           (Param("rolled", "choice", "your die's result (blank: the app rolls)",
                  choices=NOISE_FACES, optional=True),
            Param("slime", "bool", "does the Character carry Slime?", optional=True,
                  default=False),
            Param("player", "choice", "who rolls", choices=_players, optional=True)),
           key="z", short="Noise", topic="noise", enabled=_running),
    Action("place_fire", "Place a Fire marker",
           "One more Fire marker on the board; the 13th destroys the Facility.",
           _simple(markers.place_fire), key="f", short="Fire", topic="fire", enabled=_running),
    Action("place_malfunction", "Place a Malfunction marker",
           "One more Malfunction marker; the 11th destroys the Facility.",
           _simple(markers.place_malfunction), key="m",
           short="Malfunc.", topic="malfunction", enabled=_running),
    Action("wound", "Wound a Character",
           "A Light or Serious Wound; 3 Light make a Serious; past 3 Serious the Character dies.",
           wound,
           (Param("player", "choice", "whose Character", choices=_players),
            Param("kind", "choice", "which Wound", choices=crew.WOUND_KINDS)),
           key="w", short="Wound", enabled=_running),
    Action("contamination", "Larva",
           "A Scan found INFECTED, or a Larva attacked: a Larva, and a second one kills.",
           contamination,
           (Param("player", "choice", "whose Character", choices=_players),
            Param("what", "choice", "what happened", choices=crew.CONTAMINATION)),
           key="C", short="Larva", enabled=_running),
    Action("leave", "Character leaves play",
           "Board a CSS Pod, lock in the Isolation Room, reach the Bunker, or die.",
           lambda s, a, r: leaving.leave(s, a["player"], a["how"]),
           (Param("player", "choice", "whose Character", choices=_players),
            Param("how", "choice", "where they go", choices=leaving.WAYS_OUT)),
           key="L", short="Leaves", topic="victory", enabled=_running),
    Action("open_main_gate", "Open the Main Gate",
           "An Item or Action in the Exit Room opens the Main Gate; it never closes again.",
           open_gate, key="G", short="Main Gate", topic="victory", enabled=_running),
    Action("fast_forward", "Fast-forward to the end",
           "Nobody is left inside (E3): jump the Time token and resolve the ending.",
           lambda s, a, r: time_track.fast_forward(s, a["jump_to"]),
           (Param("jump_to", "choice", "only when the app asks (spec G10)",
                  choices=time_track.JUMP_TARGETS, optional=True),),
           key="E", short="Fast-fwd", topic="victory", enabled=_running),
)
