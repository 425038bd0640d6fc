"""The actions a Pandora Celeste table takes, wired to the rule modules.

Keys avoid the session screen's own (q u r h s ? l c p x t v b, digits). The engine refuses
every action once the game has ended (``Game.end``), so none of these checks for it.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import (
    attacks,
    cards,
    crew,
    cycle,
    escape,
    hazards,
    nasties,
    nasty_round,
    noise,
    outcomes,
    phases,
    protocols,
    scenarios,
    spare,
    vents,
)
from trackers.games.pandora_celeste.board import INSTRUCTIONS
from trackers.games.pandora_celeste.end_of_cycle import end_cycle
from trackers.games.pandora_celeste.setup import start_choices

Notes = list[Note | str]
DISCORD = ("a card says so", "Revelation: a Smoking Gun was revealed")
ENDINGS = ("every crewmember is dead or escaped", "Scenario 2: the fire is unstoppable",
           "the table stops here")
REMOVED = ("killed", "sucked into space", "flushed into space", "removed by a card")


def _monsterbug_active(state: State) -> bool:
    return any(n["name"] == "MonsterBug" for n in nasties.area(state))


def _alive(state: State) -> list[str]:
    return crew.alive(state)


def _sole_alive(state: State) -> str | None:
    """The one crewmember alive, if only one is: the chair's answer a form shows chosen."""
    alive = crew.alive(state)
    return alive[0] if len(alive) == 1 else None


def _all_crew(state: State) -> list[str]:
    return crew.names(state)


# --- card fields: mirror mode enters them; virtual mode neither shows nor takes them -----
def _mirror(state: State) -> bool:
    return not cards.virtual(state)


APP_DRAWS = "the app draws the cards in virtual mode"


def _box(what: str) -> Param:
    return Param("box", "choice", f"mirror mode: {what}", choices=cards.BOXES,
                 optional=True, shown=_mirror, hidden_why=APP_DRAWS)


RESHUFFLE = Param("reshuffle", "bool", "mirror mode: the card shows the reshuffle icon",
                  optional=True, default=False, shown=_mirror, hidden_why=APP_DRAWS)
GOLD = Param("gold", "int", "mirror mode: the card's gold number", minimum=0, maximum=99,
             optional=True, shown=_mirror, hidden_why=APP_DRAWS)
NASTY = Param("nasty", "choice", "which Nasty (its number in the Active Nasty Area)",
              choices=nasties.labels)


def _deck(state: State, args: dict[str, Any]) -> list[str]:
    return cards.deck_needs(state)


def _attacker_needs(state: State, args: dict[str, Any]) -> list[str]:
    keys = cards.deck_needs(state)
    entry = next((n for n in nasties.area(state) if nasties.label(n) == args.get("nasty")), None)
    if entry is not None:
        keys += nasties.needs_for(entry["name"])
    return keys


# --- the Cycle ---------------------------------------------------------------------------
class StepAction(Action):
    """'Next step', logged by the step it ticked off ("Setup: ShipDeck", "Cycle 1: Crew
    Round"), which ``next_step`` records in the event's arguments: the log and an undo say
    which step it was, not thirteen alike "Next step" lines."""

    def describe(self, args: dict[str, Any]) -> str:
        return str(args.get("step") or self.title)


def next_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    args["step"] = cycle.step_label(state)  # recorded with the event (a replay sets it again)
    notes: Notes = []
    if state.facts["phase"] == "setup" and cycle.current(state) == "protocols":
        notes += protocols.finish_setup(state)
    if state.facts["phase"] == "cycle" and cycle.current(state) == "decouple_fulfilled":
        notes += escape.decouple_check(state, "crew_round")
        if outcomes.end(state) is not None or state.facts["showdown"] is not None:
            return notes  # the game is over, or time stands still for the Final Showdown
    if state.facts["phase"] == "cycle" and cycle.current(state) == "round_end":
        notes += nasty_round.close(state, rng)
        if outcomes.end(state) is not None or state.facts["showdown"] is not None:
            return notes
    return notes + cycle.advance(state)


def count_noise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The Noise count, allowed as soon as the last crewmember Passes: the steps between (the
    Crew Round's Decouple check, the doors closing) are taken on the way, in their order."""
    notes: Notes = []
    if state.facts["phase"] == "cycle" and cycle.current(state) in (*cycle.CREW_ROUND, "doors"):
        if cycle.current(state) != "doors":
            notes += escape.decouple_check(state, "crew_round")
            if outcomes.end(state) is not None or state.facts["showdown"] is not None:
                return notes
            cycle.jump_to(state, "doors")
            notes.append(Note(cycle.cycle_steps(state)[state.facts["step"]][1], "cycle"))
        cycle.jump_to(state, "count")
    return notes + noise.count(state)


def nasty_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The Nasty round one key a step: begin it; when the app draws, the next Nasty's card
    (the first straight after the start), then the end of the round."""
    if state.facts["phase"] == "cycle" and cycle.current(state) == "round_end":
        return next_step(state, args, rng)
    if nasty_round.running(state) is not None:
        return nasty_round.turn(state, rng, {})
    notes = nasty_round.begin(state, rng)
    if cards.virtual(state) and nasty_round.running(state) is not None:
        notes += nasty_round.turn(state, rng, {})
    return notes


def _next_step_why_not(state: State) -> str | None:
    """A step with its own action is left by that action, so the footer drops 'Next step'
    there and shows the key that is due."""
    if state.facts["phase"] == "cycle" and cycle.current(state) in cycle.OWN_ACTION:
        return f"this step is done with '{cycle.OWN_ACTION[cycle.current(state)]}'"
    return None


def record_noise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return noise.record(state, args["crew"], args["colour"], args["count"], args["source"])


def start_location(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Where a crewmember starts, under the Protocol Bans (spec §8.4; T41)."""
    if state.facts["phase"] != "setup":
        raise ActionError("start locations are chosen at setup", "action")
    name, room = args["crew"], args["room"]
    allowed = start_choices(state, name)
    if room not in allowed:
        raise ActionError(f"room: {name} may start in {' or '.join(allowed)}", "room")
    state.facts["crew"][name]["room"] = room
    groggy = (": Wake-Up, discard 1 card of your choice at once (rulebook «On Wake-Up»)"
              if room.startswith("Cryo-Chamber") else "")
    return [Note(f"{name} starts in {room}{groggy}", "setup")]


def end_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = crew.end_turn(state, args["crew"], args["turn"], args["in_fire"], args["in_breach"])
    return notes + _all_dead(state)


def _all_dead(state: State) -> Notes:
    if not crew.alive(state):
        return [Note("Every crewmember is dead: the game ends", "outcomes")]
    return []


def wound(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = crew.wound(state, args["crew"], args["dmg"], args["source"], args["eva_suit"],
                       from_deck=args["from_deck"] or 0,
                       from_discards=args["from_discards"] or 0,
                       cards_left=args["cards_left"], shortfall=args["shortfall"])
    return notes + _all_dead(state)


def automed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if args["use"] == "surgery" and args["hand"] is None:
        raise ActionError("hand: surgery heals up to 5 cards in hand; give the hand size",
                          "hand")
    return crew.automed(state, args["crew"], args["use"], args["hand"] or 0, args["own_lost"])


def end_game(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """An ending the app does not see by itself (spec §10.1)."""
    state.facts["ended"] = args["how"]
    return [Note(f"Game over: {args['how']}. Reveal the Hidden Agendas ('Reveal a secret')",
                 "outcomes")]


# --- the Nasties ---------------------------------------------------------------------------
def reveal_nasty(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Nasty token revealed (or a Nasty entered some other way) (spec §5.1)."""
    name = args["name"]
    own = None
    if name == nasties.OTHER:
        missing = [k for k in ("other_name", "kind", "hits", "dmg") if args[k] is None]
        if missing:
            raise ActionError(f"{missing[0]}: required for a Nasty the rulebook does not "
                              "describe (name, kind, Hits, damage and its Move, as on its "
                              "card)", missing[0])
        name = " ".join(args["other_name"].split())
        if name in nasties.known_names(state) or name == nasties.OTHER:
            raise ActionError(f"other_name: {name} is in the list already; choose it there",
                              "other_name")
        own = {"kind": args["kind"], "hits": args["hits"], "dmg": args["dmg"],
               "move": args["move"]}
    else:
        given = [k for k in ("other_name", "kind", "hits", "dmg", "move")
                 if args[k] is not None]
        if given:
            raise ActionError(f"{given[0]}: only for another Nasty; the rulebook or your "
                              f"board profile gives {name}'s", given[0])
    _, notes = nasties.add(state, name, args["room"], own=own, why="revealed")
    return notes


def scenario_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Extra Nasty variant: a revealed Scenario Token at or below the Countdown brings in the
    bottom card of the Scenario Nasty Deck (spec §8.5; T43)."""
    if "Extra Nasty" not in state.facts["variants"]:
        raise ActionError("number: Scenario Tokens bring Nasties only with the Extra Nasty "
                          "variant", "number")
    countdown = protocols.tracker(state).driving_value()
    if countdown is None or args["number"] > countdown:
        return [Note(f"Token {args['number']} is above the Countdown ({countdown}): no Nasty",
                     "nasties")]
    return [Note(f"Token {args['number']} is at or below the Countdown ({countdown}): the "
                 "bottom card of the Scenario Nasty Deck joins the active Nasties, its token in "
                 "that room ('Reveal a Nasty')", "nasties")]


def nasty_place(state: State, args: dict[str, Any], rng: Random) -> Notes:
    entry = nasties.find(state, args["nasty"])
    if args["room"] is None and args["place"] is None:
        raise ActionError("room: give its new room or where it is now", "room")
    if args["room"] is not None:
        entry["room"] = args["room"]
    if args["place"] == nasties.ISO_WARD:
        scenarios.iso_ward_open(state)
    if args["place"] is not None:
        entry["place"] = args["place"]
        entry["since_cycle"] = state.facts["cycle"]
    return [Note(f"{nasties.label(entry)}: {entry['room'] or 'room not given'}, "
                 f"{entry['place']}", "nasties")]


def remove_nasty(state: State, args: dict[str, Any], rng: Random) -> Notes:
    entry = nasties.find(state, args["nasty"])
    if entry["name"] == "SpyBot" and args["why"] == "killed":
        state.facts["spybot_killed"] = True
        notes = nasties.remove(state, entry, args["why"])
        return notes + [Note("The SpyBot drops a Smoking Gun; from now on reshuffle the Vents "
                             "deck whenever 'Hear That' comes up", "vents")]
    return nasties.remove(state, entry, args["why"])


def cryo_pod(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The Cryo-Pod trap: a MISS among the flips freezes the Nasty (spec §5.7)."""
    entry = nasties.find(state, args["nasty"])
    half = attacks.half_for_nasty(state, entry)
    notes: Notes = []
    if cards.virtual(state):  # (a typed "any_miss" is refused before: the field is not shown)
        missed = False
        for _ in range(args["batteries"]):
            card, drawn = cards.draw(state, rng)
            notes += drawn + [Note(cards.describe(card, half), "attacks")]
            missed = missed or not cards.is_hit(card, half)
    else:
        if args["any_miss"] is None:
            flips = crew.cards_word(args["batteries"])
            raise ActionError(f"any_miss: flip {flips} and say whether any {half} box was "
                              "blue (MISS)", "any_miss")
        missed = args["any_miss"]
    if missed:
        entry["place"] = nasties.CRYO_POD
        return notes + [Note(f"{nasties.label(entry)} is frozen in the Cryo-Pod (one Pod fewer "
                             "for the crew; freeing it costs an Action)", "attacks")]
    return notes + [Note(f"No MISS: {nasties.label(entry)} HITS you; enter it with 'Nasty "
                         f"attacks' ({cards.RED})", "attacks")]


def _attack_log(args: dict[str, Any]) -> str:
    return f"{args.get('nasty') or 'The Nasty'} attacks {args.get('crew') or 'its target'}"


# --- the escape ----------------------------------------------------------------------------
def power_up(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if not state.facts["abandon_ship"] and args["vehicle"] != "Escape Pod":
        raise ActionError(f"vehicle: the {args['vehicle']} may be Powered Up only after Abandon "
                          "Ship; the Escape Pod may go earlier", "vehicle")
    return escape.power_up(state, args["vehicle"], args["station"], args["icons"],
                           args.get("who"), bool(args.get("extra")), bool(args.get("widget")))


def decouple_by_hand(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return escape.decouple(state, "Bridge", "the Objective Timer reached 0: whoever is aboard")


def _at_setup(state: State) -> bool:
    return bool(state.facts["phase"] == "setup")


def _at_step(state: State, key: str) -> bool:
    return state.facts["phase"] == "cycle" and cycle.current(state) == key


def _in_showdown(state: State) -> bool:
    return state.facts["showdown"] is not None


def _showdown_why(state: State) -> str | None:
    if _in_showdown(state):
        return None
    return ("only in the Final Showdown, which begins when an escape vehicle Decouples with "
            "a Nasty aboard (rulebook: «If a Nasty is in your Escape Vehicle»)")


def _attack_open(state: State) -> str | None:
    if state.facts["attack"] is not None:
        return None
    return "no attack is under way: a Nasty attacks first (Nasty attacks)"


def _round_running(state: State) -> str | None:
    if nasty_round.running(state) is not None:
        return None
    return "no Nasty Action Round is under way: start it first (Nasty round)"


def _with_shipstern(state: State) -> str | None:
    return None if state.facts["shipstern"] else \
        "only with the ShipStern in play (a New game option)"


def _with_extra_nasty(state: State) -> str | None:
    return None if "Extra Nasty" in state.facts["variants"] else \
        "only with the Extra Nasty variant (a New game option)"


def _showdown_aboard(state: State) -> list[str]:
    held = state.facts["showdown"]
    return list(held["flips"]) if held else []


def _changes(*counts: tuple[int | None, str]) -> str:
    """"+2 rooms, -1 doorway" for the log; a blank or 0 change is left out."""
    said = [f"{n:+d} {what}{'' if abs(n) == 1 else 's'}" for n, what in counts if n]
    return ", ".join(said) or "no change"


def _settle_log(args: dict[str, Any]) -> str:
    taken = [f"{n} from the {where}" for where, n in (("Deck", args.get("from_deck")),
                                                       ("discards", args.get("from_discards")))
             if n]
    return "Stop pushing" + (f" ({', '.join(taken)})" if taken else "")


def _end_cycle_log(args: dict[str, Any]) -> str:
    now = [f"{what} {args[key]}" for key, what in (("fire_rooms", "rooms on fire"),
                                                   ("fire_doorways", "doorways burning"),
                                                   ("hull_breaches", "Hull Breaches"))
           if args.get(key) is not None]
    return "End the Cycle" + (f" ({', '.join(now)})" if now else "")


def _crew_choice(help_text: str, name: str = "crew") -> Param:
    return Param(name, "choice", help_text, choices=_alive)


_ALL: tuple[Action, ...] = (
    StepAction("next_step", "Next step", "Tick off the step now due and show the next one.",
           next_step, key="n", short="Next step", topic="cycle",
           why_not=_next_step_why_not),
    Action("add_protocol", "Add an Emergency Protocol",
           "Enter a Protocol drawn at setup with its card's start value (blank: no time limit).",
           lambda s, a, r: protocols.add(s, a["name"], a["start"], a["delay_limit"]),
           (Param("name", "str", "as printed, e.g. Vacuum, Aircon, Lockdown"),
            Param("start", "int", "start value on its card (blank: no time limit)", minimum=1,
                  maximum=30, optional=True),
            Param("delay_limit", "int", "delays its card allows (if not on your board)",
                  minimum=0, maximum=30, optional=True)),
           key="a", short="Add EP", topic="emergency_protocols", enabled=_at_setup,
           log_text=lambda a: f"Emergency Protocol {a['name']}"
           + (f" on {a['start']}" if a.get("start") else ", no time limit")),
    Action("start_location", "Start location",
           "Where a crewmember starts; the Protocol Bans limit the choice.", start_location,
           (_crew_choice("who"),
            Param("room", "choice", "where they start", choices=lambda s: sorted(
                {r for n in crew.alive(s) for r in start_choices(s, n)}))),
           key="L", short="Start at", topic="setup", enabled=_at_setup,
           log_text=lambda a: f"{a['crew']} starts in {a['room']}"),
    Action("record_noise", "Record noise",
           "Count a noisy play of the Crew Round for one crewmember.", record_noise,
           (_crew_choice("who made the noise"),
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
           (_crew_choice("who plays it", "by"), _crew_choice("who becomes First Target",
                                                             "target")),
           key="y", short="You First", topic="first_target",
           log_text=lambda a: f"You First: {a['by']} on {a['target']}"),
    Action("count_noise", "Noise count",
           "Rank this round's noise: First Target (and Stern Target), then clear the noise.",
           count_noise, key="k", short="Count", topic="first_target",
           why_not=lambda s: None if s.facts["phase"] == "cycle" and cycle.current(s) in (
               *cycle.CREW_ROUND, "doors", "count") else "the Noise count comes once everyone "
           "has Passed, in the Noise & Doors Round"),
    Action("set_target", "First Target by hand",
           "Set the First or Stern Target where the rulebook leaves it open.",
           lambda s, a, r: noise.set_target(s, a["crew"], a["which"]),
           (_crew_choice("who"),
            Param("which", "choice", "which target", choices=("First Target", "Stern Target"))),
           key="F", short="Target", topic="first_target",
           log_text=lambda a: f"{a['which']} by hand: {a['crew']}"),
    Action("crew_area", "Crewmember's area",
           "With the ShipStern: front, back or the Cargo Control section, for the noise count.",
           lambda s, a, r: noise.set_area(s, a["crew"], a["area"]),
           (_crew_choice("who"), Param("area", "choice", "where they stand",
                                       choices=noise.AREAS)),
           key="A", short="Crew area", topic="first_target",
           why_not=_with_shipstern,
           log_text=lambda a: f"{a['crew']} in the {a['area']}"),
    Action("end_turn", "End of turn",
           "A Player Turn ends: ScuttleBug damage, a flame-up Fire token, a Hull Breach.",
           end_turn,
           (_crew_choice("whose turn ended"),
            Param("turn", "choice", "what the turn was", choices=crew.TURNS, optional=True,
                  default="an Action"),
            Param("in_fire", "bool", "ends by a flame-up Fire token", optional=True,
                  default=False),
            Param("in_breach", "bool", "ends in a Hull Breached room", optional=True,
                  default=False)),
           key="E", short="Turn end", topic="scuttlebugs",
           why_not=phases.crew_round("The end of a turn"),
           log_text=lambda a: f"End of {a['crew']}'s turn"),
    Action("end_cycle", "End the Cycle",
           "Tick every Countdown Marker, then fire, Check Aircon and the rest of End of Cycle.",
           lambda s, a, r: end_cycle(s, a["fire_rooms"], a["fire_doorways"], a["hull_breaches"]),
           (Param("fire_rooms", "int", "rooms on fire after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("fire_doorways", "int", "doorways burning after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("hull_breaches", "int", "markers after spreading (blank: unchanged)",
                  minimum=0, optional=True)),
           key="e", short="End Cycle", topic="turn_cycle", log_text=_end_cycle_log,
           why_not=phases.at_step("tick", "Ending the Cycle")),
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
            GOLD, Param("room", "str", "the room it spawns in (optional)", optional=True)),
           key="o", short="Shut down", topic="emergency_protocols",
           needs=protocols.override_needs,
           why_not=phases.crew_round("Shutting down a Protocol"),
           log_text=lambda a: f"{a['protocol']} shut down"
           + (f": {a['big_nasty']} spawns" if a.get("big_nasty") else "")),
    Action("call_out", "Call Out",
           "Accuse a crewmember of working for the Company; a wrong call ticks every timer.",
           lambda s, a, r: protocols.call_out(s, a["caller"], a["accused"], a["correct"]),
           (_crew_choice("who calls out", "caller"), _crew_choice("who is accused", "accused"),
            Param("correct", "bool", "did the accused admit a Company Agenda?")),
           key="z", short="Call Out", topic="agendas",
           why_not=phases.crew_round("Calling Out"),
           log_text=lambda a: f"{a['caller']} calls out {a['accused']}"),
    Action("sow_discord", "Discord is Sown",
           "A card says Discord is Sown (or, with Revelation, a Smoking Gun is revealed).",
           lambda s, a, r: protocols.sow_discord(s, a["why"]),
           (Param("why", "choice", "what sowed it", choices=DISCORD),),
           key="D", short="Discord", topic="agendas",
           log_text=lambda a: f"Discord is Sown: {a['why']}"),
    # --- the Nasties' side ------------------------------------------------------------------
    Action("reveal_nasty", "Reveal a Nasty",
           "A Nasty token is turned up: its card goes at the end of the Active Nasty Area.",
           reveal_nasty,
           (Param("name", "choice", "which Nasty", choices=nasties.names_to_reveal),
            Param("room", "str", "the room (or Vent Node) its token is in"),
            Param("other_name", "str", "another Nasty: its name as printed", optional=True),
            Param("kind", "choice", "another Nasty: its kind", choices=nasties.KINDS,
                  optional=True),
            Param("hits", "int", "another Nasty: its Hits", minimum=1, maximum=30,
                  optional=True),
            Param("dmg", "int", "another Nasty: its damage (spikes on the fist)", minimum=0,
                  maximum=10, optional=True),
            Param("move", "int", "another Nasty: its Move", minimum=0, maximum=10,
                  optional=True)),
           key="R", short="Nasty in", why_not=phases.reveal, topic="nasties",
           needs=lambda s, a: nasties.needs_for(str(a.get("name"))),
           log_text=lambda a: f"{a.get('other_name') or a['name']} revealed in {a['room']}"),
    Action("scenario_token", "Scenario Token",
           "Extra Nasty variant: a Scenario Token is revealed; is a Nasty brought in?",
           scenario_token,
           (Param("number", "int", "the number on the token", minimum=0, maximum=99),),
           key="Q", short="Sc. token", topic="nasties",
           why_not=_with_extra_nasty,
           log_text=lambda a: f"Scenario Token {a['number']} revealed"),
    Action("nasty_place", "Nasty's room or place",
           "Move a Nasty to a room, or say it is shut in the Iso-Ward, frozen or off the board.",
           nasty_place,
           (NASTY, Param("room", "str", "its room now", optional=True),
            Param("place", "choice", "where it is", choices=nasties.PLACES, optional=True)),
           key="M", short="Nasty at", why_not=phases.in_play("Moving a Nasty"), topic="nasties",
           log_text=lambda a: f"{a['nasty']} to {a.get('room') or a.get('place')}"),
    Action("remove_nasty", "A Nasty leaves",
           "Killed, sucked or flushed into space: its card leaves the Active Nasty Area.",
           remove_nasty,
           (NASTY, Param("why", "choice", "what happened", choices=REMOVED, optional=True,
                         default="killed")),
           key="K", short="Nasty out", topic="nasties",
           log_text=lambda a: f"{a['nasty']} {a.get('why') or 'killed'}"),
    Action("nasty_round", "Nasty round",
           "Start the Nasty Action Round: who moves this Cycle, and in which order (when the "
           "app draws: each press takes the round one step).",
           nasty_step, key="N", short="Nasties", topic="nasty_round",
           needs=lambda s, a: nasty_round.needs(s, a) + cards.deck_needs(s),
           why_not=nasty_round.why_not_step),
    Action("nasty_card", "Nasty's card",
           "The next Nasty acts: its card (mirror: enter what you flipped; virtual: the app "
           "draws) and what it does.",
           lambda s, a, r: nasty_round.turn(s, r, a),
           (Param("instruction", "choice", "mirror mode: its half (Big: top, Little: bottom)",
                  choices=INSTRUCTIONS, optional=True, shown=_mirror,
                  hidden_why=APP_DRAWS), RESHUFFLE),
           key="T", short="Its card", topic="nasty_round", why_not=_round_running, needs=_deck,
           log_text=lambda a: "Nasty's card" + (f": {a['instruction']}"
                                                if a.get("instruction") else "")),
    Action("nasty_attacks", "Nasty attacks",
           "A Nasty attacks a crewmember: its Hit Box, then push your luck.",
           lambda s, a, r: attacks.nasty_attacks(s, r, a),
           (Param("nasty", "choice", "which Nasty (blank: the one that just acted)",
                  choices=nasties.labels, optional=True),
            Param("crew", "choice", "whom (blank: its target, First Target first)",
                  choices=_alive, optional=True),
            Param("defence", "choice", "an Active Defence in play", choices=attacks.DEFENCES,
                  optional=True, default="none"),
            Param("eva_suit", "bool", "the crewmember wears an EVA Suit", optional=True,
                  default=False),
            Param("moved", "int", "MonsterBug only: rooms (MP) spent reaching the target",
                  minimum=0, maximum=5, optional=True, shown=_monsterbug_active,
                  hidden_why="no MonsterBug is in the Active Nasty Area"),
            _box("Hit Box colour on a new card flipped"), RESHUFFLE),
           key="X", short="Attacked", topic="attacks", needs=_attacker_needs,
           why_not=phases.nasty_attack,
           log_text=_attack_log),
    Action("crew_attack", "Attack a Nasty",
           "A crewmember attacks a Nasty with fists or a weapon: the Hit Box, then push.",
           lambda s, a, r: attacks.crew_attacks(s, r, a),
           (_crew_choice("who attacks"), NASTY,
            Param("weapon", "choice", "what they attack with", choices=attacks.WEAPONS),
            Param("dmg", "int", "a weapon's damage (fists deal 1)", minimum=0, maximum=10,
                  optional=True),
            _box("Hit Box colour (weapon: top, fists: bottom)"), RESHUFFLE, GOLD),
           key="Z", short="Attack", topic="attacks", needs=_attacker_needs,
           why_not=phases.crew_attack,
           log_text=lambda a: f"{a['crew']} attacks {a['nasty']} ({a['weapon']})"),
    Action("push", "Push", "Push your luck: flip one more card for the attack under way.",
           lambda s, a, r: attacks.push(s, r, a),
           (_box("the same Hit Box's colour on the new card"), RESHUFFLE),
           key="P", short="Push", topic="attacks", why_not=phases.push_open, needs=_deck,
           log_text=lambda a: "Push" + (f": {a['box']}" if a.get("box") else "")
           + (", reshuffle icon" if a.get("reshuffle") else "")),
    Action("settle_attack", "Stop pushing",
           "The attack lands: wounds on the crewmember or wound markers on the Nasty.",
           lambda s, a, r: attacks.settle(s, r, a),
           (Param("from_deck", "int", "lost cards taken off the top of the Deck", minimum=0,
                  maximum=20, optional=True),
            Param("from_discards", "int", "lost cards taken off the top of the discards",
                  minimum=0, maximum=20, optional=True),
            Param("cards_left", "int", "only if short: cards left to lose (no Hand Clogger)",
                  minimum=0, maximum=60, optional=True),
            Param("shortfall", "choice", "only if short: what the damage beyond them does",
                  choices=crew.SHORTFALL, optional=True)),
           key="S", short="Stop", topic="attacks", why_not=_attack_open,
           log_text=_settle_log),
    Action("cryo_pod", "Cryo-Pod trap",
           "Before a Nasty attacks in a Cryo-Pod room: 1 flip per battery; a MISS freezes it.",
           cryo_pod,
           (NASTY, Param("batteries", "int", "battery icons played", minimum=1, maximum=6),
            Param("any_miss", "bool", "mirror mode: was any flip a MISS?", optional=True,
                  shown=_mirror, hidden_why=APP_DRAWS)),
           key="C", short="Cryo-Pod", why_not=phases.nasty_attack, topic="attacks", needs=_deck,
           log_text=lambda a: f"Cryo-Pod trap on {a['nasty']}"),
    Action("vents_card", "Vents card",
           "The top Vents card (Check Aircon, the empty-board draw, a crewmember in the Vents).",
           lambda s, a, r: vents.draw(s, a["why"], a["card"], a["nasty"], a["room"],
                                      a["drawer"]),
           (Param("why", "choice", "why it was drawn", choices=vents.WHY),
            Param("card", "choice", "what it is", choices=vents.FOUND),
            Param("nasty", "choice", "the Nasty on it", choices=nasties.known_names,
                  optional=True),
            Param("room", "str", "where its token goes (blank: the First Target's room)",
                  optional=True),
            Param("drawer", "choice", "who drew it, in the Vents", choices=_alive,
                  optional=True)),
           key="V", short="Vents", why_not=phases.in_play("Drawing a Vents card"), topic="vents",
           needs=lambda s, a: nasties.needs_for(str(a.get("nasty"))),
           log_text=lambda a: f"Vents card ({a['why']}): {a.get('nasty') or a['card']}"),
    # --- crew upkeep --------------------------------------------------------------------------
    Action("wound", "Wound a crewmember",
           "Lose cards to the Wound Tracker; the 8th wound kills (The Kid: the 6th).", wound,
           (_crew_choice("who"), Param("dmg", "int", "damage dealt", minimum=1, maximum=20),
            Param("source", "choice", "what dealt it", choices=crew.SOURCES, optional=True,
                  default="Nasty attack"),
            Param("eva_suit", "bool", "wearing an EVA Suit?", optional=True, default=False),
            Param("from_deck", "int", "lost cards off the top of the Deck", minimum=0,
                  maximum=20, optional=True),
            Param("from_discards", "int", "lost cards off the top of the discards", minimum=0,
                  maximum=20, optional=True),
            Param("cards_left", "int", "only if short: cards left to lose (no Hand Clogger)",
                  minimum=0, maximum=60, optional=True),
            Param("shortfall", "choice", "only if short: what the damage beyond them does",
                  choices=crew.SHORTFALL, optional=True)),
           key="w", short="Wound", why_not=phases.in_play("A wound"), topic="wounds",
           log_text=lambda a: f"{a['crew']} wounded: {a['dmg']} dmg"),
    Action("wake_spare", "Wake a spare crewmember",
           "A dead crewmember's player comes back as a crewmember not yet in the game.",
           lambda s, a, r: spare.wake(s, a["dead"], a["spare"]),
           (Param("dead", "choice", "whose player comes back", choices=spare.dead),
            Param("spare", "choice", "the spare crewmember woken", choices=spare.spares)),
           topic="wounds", why_not=phases.in_play("Waking a spare"),
           log_text=lambda a: f"{a['spare']} wakes up in place of {a['dead']}"),
    Action("heal", "Heal cards",
           "Own-colour cards back from the Wound Tracker (Rest, Medikit).",
           lambda s, a, r: crew.heal(s, a["crew"], a["cards"]),
           (_crew_choice("who"), Param("cards", "int", "cards healed", minimum=1, maximum=20)),
           key="g", short="Heal", topic="wounds",
           log_text=lambda a: f"{a['crew']} heals {a['cards']}"),
    Action("automed", "AutoMed",
           "Sick Bay, once a Round, on any crewmember: heal 2, or surgery (removes a "
           "ScuttleBug, heals up to 5).", automed,
           (_crew_choice("who is treated"),
            Param("use", "choice", "which treatment", choices=crew.AUTOMED),
            Param("own_lost", "int", "own-colour cards on their Wound Tracker", minimum=0),
            Param("hand", "int", "cards in hand now (for surgery)", minimum=0, optional=True)),
           key="j", short="AutoMed", topic="wounds",
           log_text=lambda a: f"AutoMed {a['use']} on {a['crew']}"),
    Action("stunned", "Stunned",
           "A crewmember is Stunned by another's attack: they miss their next turn.",
           lambda s, a, r: crew.stun(s, a["crew"]), (_crew_choice("who is Stunned"),),
           topic="agendas", log_text=lambda a: f"{a['crew']} is Stunned"),
    Action("scuttlebug", "ScuttleBug burrows in",
           "By hand: a ScuttleBug HIT burrows into the crewmember instead of dealing damage.",
           lambda s, a, r: crew.scuttlebug(s, a["crew"]),
           (_crew_choice("its victim"),),
           key="i", short="Scuttle", topic="scuttlebugs",
           log_text=lambda a: f"A ScuttleBug burrows into {a['crew']}"),
    Action("fire", "Fire tokens", "Fire laid (+) or put out (-) in rooms or doorways.",
           lambda s, a, r: hazards.change_fire(s, a["rooms"], a["doorways"]),
           (Param("rooms", "int", "change in rooms on fire", minimum=-30, maximum=30,
                  optional=True, default=0),
            Param("doorways", "int", "change in burning doorways", minimum=-30, maximum=30,
                  optional=True, default=0)),
           key="f", short="Fire", topic="fire",
           log_text=lambda a: "Fire: " + _changes((a.get("rooms"), "room"),
                                                 (a.get("doorways"), "doorway"))),
    Action("hull_breach", "Hull Breach markers",
           "Markers laid (+) or removed (-); more than 8 is catastrophic.",
           lambda s, a, r: hazards.change_breaches(s, a["markers"]),
           (Param("markers", "int", "change in markers", minimum=-30, maximum=30, optional=True,
                  default=1),),
           key="H", short="Breach", topic="hull_breach",
           log_text=lambda a: "Hull Breach: " + _changes((a.get("markers"), "marker"))),
    # --- the escape and the end -----------------------------------------------------------------
    Action("fulfil_agenda", "Agenda Fulfilled",
           "A crewmember tells the table their Hidden Agenda is Fulfilled.",
           lambda s, a, r: outcomes.fulfil(s, a["crew"], a["survival_needed"],
                                           a.get("fails_if")),
           (Param("crew", "choice", "who", choices=_all_crew),
            Param("survival_needed", "bool", "does the Agenda need them to survive?",
                  optional=True, default=True),
            Param("fails_if", "choice", "what its card says makes it fail",
                  choices=outcomes.FAILS_IF, optional=True, default=outcomes.FAILS_IF[0])),
           key="G", short="Fulfilled", topic="agendas",
           why_not=phases.in_play("Fulfilling an Agenda"),
           log_text=lambda a: f"{a['crew']} Fulfils their Agenda"),
    Action("agenda_failed", "Agenda failed",
           "A crewmember's Agenda fails as its card says (a condition the app cannot see).",
           lambda s, a, r: outcomes.fail(s, a["crew"], a["why"]),
           (Param("crew", "choice", "whose Agenda", choices=_all_crew),
            Param("why", "str", "what made it fail, as the card says", optional=True,
                  default="")),
           topic="agendas", log_text=lambda a: f"{a['crew']}'s Agenda fails"),
    Action("board_vehicle", "Aboard a vehicle",
           "A crewmember or a Nasty gets into an escape vehicle (or back on the Ship).",
           lambda s, a, r: escape.place(s, a["who"], a["vehicle"], a.get("spot")),
           (Param("who", "choice", "who", choices=escape.aboard_choices),
            Param("vehicle", "choice", "which vehicle", choices=(*escape.VEHICLES, escape.OFF)),
            Param("spot", "choice", "where in it", choices=escape.SPOTS, optional=True,
                  default=escape.SPOTS[0])),
           key="B", short="Aboard", why_not=phases.in_play("Boarding a vehicle"), topic="escape",
           log_text=lambda a: f"{a['who']}: {a['vehicle']}"),
    Action("power_up", "Power Up",
           "Icons powered on an escape vehicle's Station.", power_up,
           (Param("vehicle", "choice", "which vehicle", choices=escape.VEHICLES),
            Param("station", "int", "which Station (the Bridge has 3)", minimum=1, maximum=3,
                  optional=True, default=1),
            Param("icons", "int", "icons powered now", minimum=1, maximum=2, optional=True,
                  default=1),
            Param("who", "choice", "who sits in its chair (blank: the one alive, if one)",
                  choices=_alive, optional=True, suggested=_sole_alive),
            Param("extra", "bool", "a Use & Lose card or a Bypass allows a 2nd Station",
                  optional=True, default=False),
            Param("widget", "bool", "Escape Pod: a Widget was used and lost to get in",
                  optional=True, default=False)),
           key="U", short="Power Up", topic="escape", needs=escape.power_needs,
           why_not=phases.crew_round("Powering Up"),
           log_text=lambda a: f"Power Up: {a['vehicle']}"),
    Action("decouple_bridge", "Objective Timer at 0",
           "The Objective Timer reached 0: the Bridge Decouples, whoever is aboard.",
           decouple_by_hand, topic="escape"),
    Action("desperation_attack", "Desperation Attack",
           "Final Showdown: discard cards, flip one each until a MISS; the HITs land as one Hit.",
           lambda s, a, r: escape.desperation(s, r, a),
           (_crew_choice("who attacks"), NASTY,
            Param("discards", "int", "cards discarded", minimum=1, maximum=20),
            Param("tool", "bool", "the Ready Slot holds a Tool that deals dmg (top box)",
                  optional=True, default=False),
            Param("hits", "int", "mirror mode: HITs flipped before the first MISS", minimum=0,
                  maximum=40, optional=True, shown=_mirror, hidden_why=APP_DRAWS)),
           topic="showdown", why_not=_showdown_why, needs=_deck,
           log_text=lambda a: f"Desperation Attack by {a['crew']} on {a['nasty']}"),
    Action("flush_airlock", "Flush the Airlock",
           "Final Showdown, once: everyone else aboard flips; a MISS is flushed into space.",
           lambda s, a, r: escape.flush(s, r, a),
           (_crew_choice("who flushes (Powered Up, in a chair, plays Unlock)", "flusher"),),
           topic="showdown", why_not=_showdown_why,
           log_text=lambda a: f"{a['flusher']} flushes the Airlock"),
    Action("flush_flip", "Flush: a flip", "One occupant's flip during the Airlock flush.",
           lambda s, a, r: escape.flush_flip(s, r, a),
           (Param("who", "choice", "who flips", choices=_showdown_aboard),
            Param("in_chair", "bool", "a crewmember who Powered Up in a chair (top box)",
                  optional=True, default=False),
            _box("the colour of the box read"), RESHUFFLE),
           topic="showdown", why_not=_showdown_why, needs=_deck,
           log_text=lambda a: f"Flush flip: {a['who']}"),
    Action("pod_choice", "Escape Pod: end or play on",
           "After the Escape Pod ejects: end the game now or play on.",
           lambda s, a, r: outcomes.pod_choice(s, a["choice"]),
           (Param("choice", "choice", "what the table chooses", choices=outcomes.POD_CHOICES),),
           topic="escape", log_text=lambda a: f"After the Escape Pod: {a['choice']}"),
    Action("player_nasty", "Player-Nasty score",
           "A Player-Nasty kills a crewmember or loses one of its Nasties.",
           lambda s, a, r: outcomes.player_nasty(s, a),
           (Param("crew", "choice", "whose player runs the Nasty", choices=_all_crew),
            Param("event", "choice", "what happened", choices=outcomes.PN_EVENTS)),
           topic="outcomes", log_text=lambda a: f"Player-Nasty ({a['crew']}): {a['event']}"),
    Action("take_nasty", "Player-Nasty takes a Nasty",
           "A dead (or escaped) crewmember's player takes over a Nasty in the area.",
           lambda s, a, r: outcomes.take_nasty(s, a),
           (Param("crew", "choice", "whose player takes it", choices=_all_crew), NASTY),
           topic="outcomes", log_text=lambda a: f"{a['crew']}'s player takes {a['nasty']}"),
    Action("end_game", "Record the end of the game",
           "An ending the app cannot see by itself (Scenario 2 fire, the table stops).",
           end_game, (Param("how", "choice", "how it ended", choices=ENDINGS),),
           topic="outcomes", log_text=lambda a: f"Game over: {a['how']}"),
)

# The footer lists keys in this order and has room for few: the steps' own actions first, so
# 'Nasty round', 'Nasty's card', 'Push' and 'Stop pushing' are on screen when they are due.
DUE_FIRST = ("next_step", "count_noise", "nasty_round", "nasty_card", "nasty_attacks", "push",
             "settle_attack", "reveal_nasty", "end_cycle")
ACTIONS: tuple[Action, ...] = tuple(sorted(
    _ALL, key=lambda a: DUE_FIRST.index(a.name) if a.name in DUE_FIRST else len(DUE_FIRST)))
