"""The escape and the end: Agendas, the vehicles, the Final Showdown and the Player-Nasty."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import (
    action_fields as fields,
)
from trackers.games.pandora_celeste import (
    escape,
    outcomes,
    phases,
    refusals,
)
from trackers.games.pandora_celeste.facts import facts_of

Notes = list[Note | str]

ENDINGS = ("every crewmember is dead or escaped", "Scenario 2: the fire is unstoppable",
           "the table stops here")


def end_game(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """An ending the app does not see by itself (spec §10.1)."""
    facts_of(state)["ended"] = args["how"]
    return [Note(f"Game over: {args['how']}. Reveal the Hidden Agendas ('Reveal a secret')",
                 "outcomes")]



def power_up(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if not facts_of(state)["abandon_ship"] and args["vehicle"] != "Escape Pod":
        raise ActionError(f"vehicle: the {args['vehicle']} may be Powered Up only after Abandon "
                          "Ship; the Escape Pod may go earlier", "vehicle")
    return escape.power_up(state, args["vehicle"], args["station"], args["icons"],
                           args.get("who"), bool(args.get("extra")), bool(args.get("widget")))


def decouple_by_hand(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return escape.decouple(state, "Bridge", "the Objective Timer reached 0: whoever is aboard")



END_ACTIONS: tuple[Action, ...] = (
    Action("fulfil_agenda", "Agenda Fulfilled",
           "A crewmember tells the table their Hidden Agenda is Fulfilled.",
           lambda s, a, r: outcomes.fulfil(s, a["crew"], a["survival_needed"],
                                           a.get("fails_if")),
           (Param("crew", "choice", "who", choices=fields.all_crew),
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
           (Param("crew", "choice", "whose Agenda", choices=fields.all_crew),
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
                  choices=fields.alive, optional=True, suggested=fields.sole_alive),
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
    fields.Checked("desperation_attack", "Desperation Attack",
           "Final Showdown: discard cards, flip one each until a MISS; the HITs land as one Hit.",
           lambda s, a, r: escape.desperation(s, r, a),
           (fields.crew_choice("who attacks"), fields.NASTY,
            Param("discards", "int", "cards discarded", minimum=1, maximum=20),
            Param("tool", "bool", "the Ready Slot holds a Tool that deals dmg (top box)",
                  optional=True, default=False),
            Param("hits", "int", "mirror mode: HITs flipped before the first MISS", minimum=0,
                  maximum=40, optional=True, shown=fields.mirror, hidden_why=fields.APP_DRAWS)),
           topic="showdown", why_not=fields.showdown_why, needs=fields.deck,
           log_text=lambda a: f"Desperation Attack by {a['crew']} on {a['nasty']}",
           check=refusals.crew_attack),
    fields.Checked("flush_airlock", "Flush the Airlock",
           "Final Showdown, once: everyone else aboard flips; a MISS is flushed into space.",
           lambda s, a, r: escape.flush(s, r, a),
           (fields.crew_choice("who flushes (Powered Up, in a chair, plays Unlock)", "flusher"),),
           topic="showdown", why_not=fields.showdown_why,
           log_text=lambda a: f"{a['flusher']} flushes the Airlock", played=True),
    fields.Checked("flush_flip", "Flush: a flip", "One occupant's flip during the Airlock flush.",
           lambda s, a, r: escape.flush_flip(s, r, a),
           (Param("who", "choice", "who flips", choices=fields.showdown_aboard),
            Param("in_chair", "bool", "a crewmember who Powered Up in a chair (top box)",
                  optional=True, default=False),
            fields.box("the colour of the box read"), fields.RESHUFFLE),
           topic="showdown", why_not=fields.showdown_why, needs=fields.deck,
           log_text=lambda a: f"Flush flip: {a['who']}", played=True),
    fields.Checked("pod_choice", "Escape Pod: end or play on",
           "After the Escape Pod ejects: end the game now or play on.",
           lambda s, a, r: outcomes.pod_choice(s, a["choice"], a.get("instead")),
           (Param("choice", "choice", "what the table chooses", choices=outcomes.POD_CHOICES),
            Param("instead", "str", "play on, no Big Nasty left: what the table decides",
                  optional=True, max_length=120, shown=outcomes.stack_empty,
                  hidden_why="a Big Nasty card is on the stack: the escapee takes the top one")),
           key="Y", short="Pod: end?", topic="escape",
           why_not=lambda s: None if escape.pod_choice_due(s) else
           "only once the Escape Pod has ejected with someone aboard, and once",
           check=outcomes.check_pod_choice,
           log_text=lambda a: f"After the Escape Pod: {a['choice']}"
           + (f" ({a['instead']})" if a.get("instead") else "")),
    Action("player_nasty", "Player-Nasty score",
           "A Player-Nasty kills a crewmember or loses one of its Nasties.",
           lambda s, a, r: outcomes.player_nasty(s, a),
           (Param("crew", "choice", "whose player runs the Nasty", choices=fields.all_crew),
            Param("event", "choice", "what happened", choices=outcomes.PN_EVENTS)),
           topic="outcomes", log_text=lambda a: f"Player-Nasty ({a['crew']}): {a['event']}"),
    fields.Checked("take_nasty", "Player-Nasty takes a Nasty",
           "A dead (or escaped) crewmember's player takes over a Nasty in the area.",
           lambda s, a, r: outcomes.take_nasty(s, a, fields.played(a)),
           (Param("crew", "choice", "whose player takes it", choices=fields.all_crew),
            fields.NASTY),
           topic="outcomes", log_text=lambda a: f"{a['crew']}'s player takes {a['nasty']}",
           check=refusals.take_nasty, played=True),
    Action("end_game", "Record the end of the game",
           "An ending the app cannot see by itself (Scenario 2 fire, the table stops).",
           end_game, (Param("how", "choice", "how it ended", choices=ENDINGS),),
           topic="outcomes", log_text=lambda a: f"Game over: {a['how']}"),
)
