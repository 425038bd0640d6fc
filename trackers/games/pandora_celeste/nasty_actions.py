"""The Nasties' actions: revealed, moved and removed, their round and the attacks."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import (
    action_fields as fields,
)
from trackers.games.pandora_celeste import (
    attacks,
    cards,
    crew,
    cycle,
    nasties,
    nasty_round,
    phases,
    protocols,
    refusals,
    scenarios,
    vents,
)
from trackers.games.pandora_celeste.board import INSTRUCTIONS
from trackers.games.pandora_celeste.cycle_actions import next_step
from trackers.games.pandora_celeste.facts import facts_of

Notes = list[Note | str]

REMOVED = ("killed", "sucked into space", "flushed into space", "removed by a card")


def nasty_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The Nasty round one key a step: begin it; when the app draws, the next Nasty's card
    (the first straight after the start), then the end of the round."""
    if facts_of(state)["phase"] == "cycle" and cycle.current(state) == "round_end":
        return next_step(state, args, rng)
    if nasty_round.running(state) is not None:
        return nasty_round.turn(state, rng, {})
    notes = nasty_round.begin(state, rng, swarm=fields.played(args))
    if cards.virtual(state) and nasty_round.running(state) is not None:
        notes += nasty_round.turn(state, rng, {})
    return notes



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
    if "Extra Nasty" not in facts_of(state)["variants"]:
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
        entry["since_cycle"] = facts_of(state)["cycle"]
    return [Note(f"{nasties.label(entry)}: {entry['room'] or 'room not given'}, "
                 f"{entry['place']}", "nasties")]


def remove_nasty(state: State, args: dict[str, Any], rng: Random) -> Notes:
    entry = nasties.find(state, args["nasty"])
    if entry["name"] == "SpyBot" and args["why"] == "killed":
        facts_of(state)["spybot_killed"] = True
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



def _attack_open(state: State) -> str | None:
    if facts_of(state)["attack"] is not None:
        return None
    return "no attack is under way: a Nasty attacks first (Nasty attacks)"


def _round_running(state: State) -> str | None:
    if nasty_round.running(state) is not None:
        return None
    return "no Nasty Action Round is under way: start it first (Nasty round)"



def _with_extra_nasty(state: State) -> str | None:
    return None if "Extra Nasty" in facts_of(state)["variants"] else \
        "only with the Extra Nasty variant (a New game option)"



def _settle_log(args: dict[str, Any]) -> str:
    taken = [f"{n} from the {where}" for where, n in (("Deck", args.get("from_deck")),
                                                       ("discards", args.get("from_discards")))
             if n]
    return "Stop pushing" + (f" ({', '.join(taken)})" if taken else "")



NASTY_ACTIONS: tuple[Action, ...] = (
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
           (fields.NASTY, Param("room", "str", "its room now", optional=True),
            Param("place", "choice", "where it is", choices=nasties.PLACES, optional=True)),
           key="M", short="Nasty at", why_not=phases.in_play("Moving a Nasty"), topic="nasties",
           log_text=lambda a: f"{a['nasty']} to {a.get('room') or a.get('place')}"),
    Action("remove_nasty", "A Nasty leaves",
           "Killed, sucked or flushed into space: its card leaves the Active Nasty Area.",
           remove_nasty,
           (fields.NASTY, Param("why", "choice", "what happened", choices=REMOVED, optional=True,
                         default="killed")),
           key="K", short="Nasty out", topic="nasties",
           log_text=lambda a: f"{a['nasty']} {a.get('why') or 'killed'}"),
    fields.Checked("nasty_round", "Nasty round",
           "Start the Nasty Action Round: who moves this Cycle, and in which order (when the "
           "app draws: each press takes the round one step).",
           nasty_step, key="N", short="Nasties", topic="nasty_round",
           needs=lambda s, a: nasty_round.needs(s, a) + cards.deck_needs(s),
           why_not=nasty_round.why_not_step,
           played=True),
    Action("nasty_card", "Nasty's card",
           "The next Nasty acts: its card (mirror: enter what you flipped; virtual: the app "
           "draws) and what it does.",
           lambda s, a, r: nasty_round.turn(s, r, a),
           (Param("instruction", "choice", "mirror mode: its half (Big: top, Little: bottom)",
                  choices=INSTRUCTIONS, optional=True, shown=fields.mirror,
                  hidden_why=fields.APP_DRAWS), fields.RESHUFFLE),
           key="T", short="Its card", topic="nasty_round", why_not=_round_running,
           needs=fields.deck,
           log_text=lambda a: "Nasty's card" + (f": {a['instruction']}"
                                                if a.get("instruction") else "")),
    fields.Checked("nasty_attacks", "Nasty attacks",
           "A Nasty attacks a crewmember: its Hit Box, then push your luck.",
           lambda s, a, r: attacks.nasty_attacks(s, r, a),
           (Param("nasty", "choice", "which Nasty (blank: the one that just acted)",
                  choices=nasties.labels, optional=True),
            Param("crew", "choice", "whom (blank: its target, First Target first)",
                  choices=fields.alive, optional=True),
            Param("defence", "choice", "an Active Defence in play", choices=attacks.DEFENCES,
                  optional=True, default="none"),
            Param("eva_suit", "bool", "the crewmember wears an EVA Suit", optional=True,
                  default=False),
            Param("moved", "int", "MonsterBug only: rooms (MP) spent reaching the target",
                  minimum=0, maximum=5, optional=True, shown=fields.monsterbug_active,
                  hidden_why="no MonsterBug is in the Active Nasty Area"),
            fields.box("Hit Box colour on a new card flipped"), fields.RESHUFFLE),
           key="X", short="Attacked", topic="attacks", needs=fields.attacker_needs,
           why_not=phases.nasty_attack,
           log_text=_attack_log,
           check=refusals.nasty_attack),
    fields.Checked("crew_attack", "Attack a Nasty",
           "A crewmember attacks a Nasty with fists or a weapon: the Hit Box, then push.",
           lambda s, a, r: attacks.crew_attacks(s, r, a),
           (fields.crew_choice("who attacks"), fields.NASTY,
            Param("weapon", "choice", "what they attack with", choices=attacks.WEAPONS),
            Param("dmg", "int", "a weapon's damage (fists deal 1)", minimum=0, maximum=10,
                  optional=True),
            fields.box("Hit Box colour (weapon: top, fists: bottom)"), fields.RESHUFFLE,
            fields.GOLD),
           key="Z", short="Attack", topic="attacks", needs=fields.attacker_needs,
           why_not=phases.crew_attack,
           log_text=lambda a: f"{a['crew']} attacks {a['nasty']} ({a['weapon']})",
           check=refusals.crew_attack),
    Action("push", "Push", "Push your luck: flip one more card for the attack under way.",
           lambda s, a, r: attacks.push(s, r, a),
           (fields.box("the same Hit Box's colour on the new card"), fields.RESHUFFLE),
           key="P", short="Push", topic="attacks", why_not=phases.push_open, needs=fields.deck,
           log_text=lambda a: "Push" + (f": {a['box']}" if a.get("box") else "")
           + (", reshuffle icon" if a.get("reshuffle") else "")),
    fields.Checked("settle_attack", "Stop pushing",
           "The attack lands: wounds on the crewmember or wound markers on the Nasty.",
           lambda s, a, r: attacks.settle(s, r, a, fields.rules_of(a)),
           (Param("from_deck", "int", "lost cards taken off the top of the Deck", minimum=0,
                  maximum=20, optional=True),
            Param("from_discards", "int", "lost cards taken off the top of the discards",
                  minimum=0, maximum=20, optional=True),
            Param("cards_left", "int", "only if short: cards left to lose (no Hand Clogger)",
                  minimum=0, maximum=60, optional=True),
            Param("shortfall", "choice", "only if short: what the damage beyond them does",
                  choices=crew.SHORTFALL, optional=True)),
           key="S", short="Stop", topic="attacks", why_not=_attack_open,
           log_text=_settle_log, played=True),
    Action("cryo_pod", "Cryo-Pod trap",
           "Before a Nasty attacks in a Cryo-Pod room: 1 flip per battery; a MISS freezes it.",
           cryo_pod,
           (fields.NASTY, Param("batteries", "int", "battery icons played", minimum=1, maximum=6),
            Param("any_miss", "bool", "mirror mode: was any flip a MISS?", optional=True,
                  shown=fields.mirror, hidden_why=fields.APP_DRAWS)),
           key="C", short="Cryo-Pod", why_not=phases.nasty_attack, topic="attacks",
           needs=fields.deck,
           log_text=lambda a: f"Cryo-Pod trap on {a['nasty']}"),
    fields.Checked("vents_card", "Vents card",
           "The top Vents card (Check Aircon, the empty-board draw, a crewmember in the Vents).",
           lambda s, a, r: vents.draw(s, a["why"], a["card"], a["nasty"], a["room"],
                                      a["drawer"]),
           (Param("why", "choice", "why it was drawn", choices=vents.WHY),
            Param("card", "choice", "what it is", choices=vents.FOUND),
            Param("nasty", "choice", "the Nasty on it", choices=nasties.known_names,
                  optional=True),
            Param("room", "str", "where its token goes (blank: the First Target's room)",
                  optional=True),
            Param("drawer", "choice", "who drew it, in the Vents", choices=fields.alive,
                  optional=True)),
           key="V", short="Vents", topic="vents", check=vents.check,
           why_not=fields.first_of(phases.in_play("Drawing a Vents card"), vents.why_not),
           needs=lambda s, a: nasties.needs_for(str(a.get("nasty"))),
           log_text=lambda a: f"Vents card ({a['why']}): {a.get('nasty') or a['card']}"),
)
