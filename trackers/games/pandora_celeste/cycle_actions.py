"""The Cycle's actions: the steps, setup's entries, the noise and targets, the Protocols and
the Call Out."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import (
    action_fields as fields,
)
from trackers.games.pandora_celeste import (
    call_out,
    crew,
    cycle,
    escape,
    nasties,
    nasty_round,
    noise,
    outcomes,
    phases,
    protocols,
    refusals,
    starts,
    stern,
)
from trackers.games.pandora_celeste.end_of_cycle import end_cycle
from trackers.games.pandora_celeste.facts import facts_of
from trackers.games.pandora_celeste.setup import WAKE_UP, start_choices

Notes = list[Note | str]

DISCORD = ("a card says so", "Revelation: a Smoking Gun was revealed")


class StepAction(Action):
    """'Next step', logged by the step it ticked off ("Setup: ShipDeck", "Cycle 1: Crew
    Round"), which ``next_step`` records in the event's arguments: the log and an undo say
    which step it was, not thirteen alike "Next step" lines."""

    def describe(self, args: dict[str, Any]) -> str:
        return str(args.get("step") or self.title)

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        return {**super().validate(state, args), fields.PLAYED: fields.RULES}


def next_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    args["step"] = cycle.step_label(state)  # recorded with the event (a replay sets it again)
    notes: Notes = []
    if facts_of(state)["phase"] == "setup" and cycle.current(state) == "protocols":
        notes += protocols.finish_setup(state)
    if facts_of(state)["phase"] == "cycle" and cycle.current(state) == "decouple_fulfilled":
        notes += escape.decouple_check(state, "crew_round", fields.rules_of(args))
        if outcomes.end(state) is not None or facts_of(state)["showdown"] is not None:
            return notes  # the game is over, or time stands still for the Final Showdown
    if facts_of(state)["phase"] == "cycle" and cycle.current(state) == "round_end":
        notes += nasty_round.close(state, rng)
        if outcomes.end(state) is not None or facts_of(state)["showdown"] is not None:
            return notes
    return notes + cycle.advance(state)


def count_noise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The Noise count, allowed as soon as the last crewmember Passes: the steps between (the
    Crew Round's Decouple check, the doors closing) are taken on the way, in their order."""
    notes: Notes = []
    if facts_of(state)["phase"] == "cycle" and cycle.current(state) in (*cycle.CREW_ROUND, "doors"):
        if cycle.current(state) != "doors":
            notes += escape.decouple_check(state, "crew_round", fields.rules_of(args))
            if outcomes.end(state) is not None or facts_of(state)["showdown"] is not None:
                return notes
            cycle.jump_to(state, "doors")
            notes.append(Note(cycle.cycle_steps(state)[facts_of(state)["step"]][1], "cycle"))
        cycle.jump_to(state, "count")
    return notes + noise.count(state)



def _next_step_why_not(state: State) -> str | None:
    """A step with its own action is left by that action, so the footer drops 'Next step'
    there and shows the key that is due."""
    if facts_of(state)["phase"] == "cycle" and cycle.current(state) in cycle.OWN_ACTION:
        return f"this step is done with '{cycle.OWN_ACTION[cycle.current(state)]}'"
    return refusals.entries_due(state)


def record_noise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return noise.record(state, args["crew"], args["colour"], args["count"], args["source"])


def start_location(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Where a crewmember starts, under the Protocol Bans (spec §8.4; T41)."""
    if facts_of(state)["phase"] != "setup":
        raise ActionError("start locations are chosen at setup", "action")
    name, room = args["crew"], args["room"]
    allowed = start_choices(state, name)
    if room not in allowed:
        raise ActionError(f"room: {name} may start in {' or '.join(allowed)}", "room")
    facts_of(state)["crew"][name]["room"] = room
    if facts_of(state)["shipstern"] and fields.played(args):  # older starts replay as they were
        facts_of(state)["crew"][name]["area"] = starts.area_of(room)
    groggy = (": Wake-Up, discard 1 card of your choice at once ('Wake-Up discard')"
              if room == WAKE_UP else "")
    return [Note(f"{name} starts in {room}{groggy}", "setup")]


def end_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = crew.end_turn(state, args["crew"], args["turn"], args["in_fire"], args["in_breach"],
                          fields.rules_of(args))
    return notes + fields.all_dead(state)




def _end_cycle_log(args: dict[str, Any]) -> str:
    now = [f"{what} {args[key]}" for key, what in (("fire_rooms", "rooms on fire"),
                                                   ("fire_doorways", "doorways burning"),
                                                   ("hull_breaches", "Hull Breaches"))
           if args.get(key) is not None]
    return "End the Cycle" + (f" ({', '.join(now)})" if now else "")



CYCLE_ACTIONS: tuple[Action, ...] = (
    StepAction("next_step", "Next step", "Tick off the step now due and show the next one.",
           next_step, key="n", short="Next step", moves_play=True, topic="cycle",
           why_not=_next_step_why_not),
    fields.Checked("add_protocol", "Add an Emergency Protocol",
           "Enter a Protocol drawn at setup with its card's start value (blank: no time limit).",
           lambda s, a, r: protocols.add(s, a["name"], a["start"], a["delay_limit"]),
           (Param("name", "str", "as printed, e.g. Vacuum, Aircon, Lockdown"),
            Param("start", "int", "start value on its card (blank: no time limit)", minimum=1,
                  maximum=30, optional=True),
            Param("delay_limit", "int", "delays its card allows (blank: your board's)",
                  minimum=0, maximum=30, optional=True)),
           key="a", short="Add EP", topic="emergency_protocols", enabled=fields.at_setup,
           check=protocols.check_add,
           log_text=lambda a: f"Emergency Protocol {a['name']}"
           + (f" on {a['start']}" if a.get("start") else ", no time limit")),
    starts.StartLocation("start_location", "Start location",
           "Where each crewmember starts, in turn; the Protocol Bans limit the choice.",
           start_location,
           (Param("crew", "choice", "whose start (each in turn)",
                  choices=starts.next_to_place),
            Param("room", "choice", "where they start (the rooms open to them)",
                  choices=starts.rooms)),
           key="L", short="Start at", topic="setup", why_not=starts.place_why_not,
           log_text=lambda a: f"{a['crew']} starts in {a['room']}"),
    Action("wake_up", "Wake-Up discard",
           "A crewmember who started On Wake-Up in the Cryo-Chamber has discarded 1 card of "
           "their choice.", lambda s, a, r: starts.discard(s, a["crew"]),
           (Param("crew", "choice", "who discarded", choices=starts.due),),
           key="W", short="Wake-Up", topic="setup", why_not=starts.why_not,
           log_text=lambda a: f"{a['crew']} discards on Wake-Up"),
    Action("record_noise", "Record noise",
           "Count a noisy play of the Crew Round for one crewmember.", record_noise,
           (fields.crew_choice("who made the noise"),
            Param("colour", "choice", "the noise colour (blank only for NRG/Recharge)",
                  choices=noise.COLOURS, optional=True),
            Param("count", "int", "how many noisy cards", minimum=1, maximum=20, optional=True,
                  default=1),
            Param("source", "choice", "what made it (NRG/Recharge counts 1 Amber)",
                  choices=noise.SOURCES, optional=True)),
           key="m", short="Noise", topic="noise",
           log_text=lambda a: f"Noise: {a['crew']} {a.get('count') or 1} "
           f"{a.get('colour') or 'Amber'}"),
    Action("you_first", "You First",
           "'You First' played on another crewmember: they are First Target at once.",
           lambda s, a, r: noise.you_first(s, a["by"], a["target"]),
           (fields.crew_choice("who plays it", "by"), fields.crew_choice("who becomes First Target",
                                                             "target")),
           key="y", short="You First", topic="first_target",
           log_text=lambda a: f"You First: {a['by']} on {a['target']}"),
    fields.Checked("count_noise", "Noise count",
           "Rank this round's noise: First Target (and Stern Target), then clear the noise.",
           count_noise, key="k", short="Count", topic="first_target",
           why_not=fields.first_of(refusals.entries_due, lambda s: None
                                   if facts_of(s)["phase"] == "cycle" and cycle.current(s) in (
               *cycle.CREW_ROUND, "doors", "count") else "the Noise count comes once everyone "
           "has Passed, in the Noise & Doors Round"), played=True),
    Action("set_target", "First Target by hand",
           "Set the First or Stern Target where the rulebook leaves it open.",
           lambda s, a, r: noise.set_target(s, a["crew"], a["which"]),
           (fields.crew_choice("who"),
            Param("which", "choice", "which target", choices=("First Target", "Stern Target"))),
           key="F", short="Target", topic="first_target",
           log_text=lambda a: f"{a['which']} by hand: {a['crew']}"),
    Action("crew_area", "Crewmember's area",
           "With the ShipStern: front, back or the Cargo Control section, for the noise count.",
           lambda s, a, r: noise.set_area(s, a["crew"], a["area"]),
           (fields.crew_choice("who"), Param("area", "choice", "where they stand",
                                       choices=noise.AREAS)),
           key="A", short="Crew area", topic="first_target",
           why_not=fields.with_shipstern,
           log_text=lambda a: f"{a['crew']} in the {a['area']}"),
    fields.Checked("end_turn", "End of turn",
           "A Player Turn ends: ScuttleBug damage, a flame-up Fire token, a Hull Breach.",
           end_turn,
           (fields.crew_choice("whose turn ended"),
            Param("turn", "choice", "what the turn was", choices=crew.TURNS, optional=True,
                  default="an Action"),
            Param("in_fire", "bool", "ends by a flame-up Fire token", optional=True,
                  default=False),
            Param("in_breach", "bool", "ends in a Hull Breached room", optional=True,
                  default=False)),
           key="E", short="Turn end", moves_play=True, topic="scuttlebugs",
           why_not=fields.first_of(stern.spawns_why, refusals.act_three_due,
                                   phases.crew_round("The end of a turn")),
           log_text=lambda a: f"End of {a['crew']}'s turn",
           played=True),
    fields.Checked("end_cycle", "End the Cycle",
           "Tick every Countdown Marker, then fire, Check Aircon and the rest of End of Cycle.",
           lambda s, a, r: end_cycle(s, a["fire_rooms"], a["fire_doorways"], a["hull_breaches"],
                                     fields.played(a)),
           (Param("fire_rooms", "int", "rooms on fire after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("fire_doorways", "int", "doorways burning after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("hull_breaches", "int", "markers after spreading (blank: unchanged)",
                  minimum=0, optional=True)),
           key="e", short="End Cycle", moves_play=True, topic="turn_cycle", log_text=_end_cycle_log,
           why_not=fields.first_of(refusals.entries_due,
                                   phases.at_step("tick", "Ending the Cycle")),
           played=True),
    Action("delay_protocol", "Delay a Protocol",
           "A delay action adds 1 Cycle to one Protocol's Countdown Marker.",
           lambda s, a, r: protocols.delay(s, a["protocol"], a["source"]),
           (Param("protocol", "choice", "which Protocol", choices=protocols.timed_names),
            Param("source", "str", "where (Vacuum: Bridge or Cargo Control Airlock)",
                  optional=True)),
           key="d", short="Delay EP", topic="emergency_protocols", needs=protocols.delay_needs,
           why_not=phases.crew_round("Delaying a Protocol"),
           log_text=lambda a: f"{a['protocol']} delayed"),
    Action("override_protocol", "Shut down a Protocol",
           "Override a Protocol: its marker goes, the top Big Nasty spawns, the last one: "
           "Abandon Ship.", protocols.override_action,
           (Param("protocol", "choice", "which Protocol", choices=protocols.active_names),
            Param("where", "choice", "where it was shut down", choices=protocols.WHERE,
                  optional=True, default=protocols.WHERE[0]),
            Param("big_nasty", "choice", "the Big Nasty turned over (blank when the stack is "
                  "empty)", choices=(*nasties.BIG_NAMES,), optional=True),
            fields.GOLD, Param("room", "str", "the room it spawns in (optional)", optional=True)),
           key="o", short="Shut down", topic="emergency_protocols",
           needs=protocols.override_needs,
           why_not=phases.crew_round("Shutting down a Protocol"),
           log_text=lambda a: f"{a['protocol']} shut down"
           + (f": {a['big_nasty']} spawns" if a.get("big_nasty") else "")),
    fields.Checked("call_out", "Call Out",
           "Accuse a crewmember of working for the Company: their sealed Agenda type decides; "
           "a wrong call ticks every timer.",
           lambda s, a, r: call_out.call_out(s, a["caller"], a["accused"],
                                             call_out.said(a.get("correct")),
                                             bool(a.get(call_out.ABSENT)), fields.played(a)),
           (fields.crew_choice("who calls out", "caller"),
            fields.crew_choice("who is accused", "accused"),
            Param(call_out.ABSENT, "bool", "yes: the accused's player is away (no PIN)",
                  optional=True, default=False),
            Param("correct", "choice", "accused away only: the table's call (unchecked)",
                  choices=call_out.TABLE_CALLS, optional=True)),
           key="z", short="Call Out", topic="agendas",
           why_not=fields.first_of(call_out.why_not, phases.crew_round("Calling Out")),
           check=call_out.check, played=True,
           log_text=lambda a: f"{a['caller']} calls out {a['accused']}"
           + (" (unchecked: the accused's player absent)" if a.get(call_out.ABSENT) else "")),
    Action("sow_discord", "Discord is Sown",
           "A card says Discord is Sown (or, with Revelation, a Smoking Gun is revealed).",
           lambda s, a, r: protocols.sow_discord(s, a["why"]),
           (Param("why", "choice", "what sowed it", choices=DISCORD),),
           key="D", short="Discord", topic="agendas",
           log_text=lambda a: f"Discord is Sown: {a['why']}"),
)
