"""The actions a Pandora Celeste table takes, wired to the rules modules.

Keys avoid the screen's own (q u r h s ? l c p x t v b, digits). The Nasty automation for solo
play is a later piece of work: it can read ``noise.noise_rank``, ``facts["noise_order"]`` and
the driving box (``board.box_says``) without changing these actions.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import crew, cycle, hazards, noise, protocols
from trackers.games.pandora_celeste.end_of_cycle import end_cycle

Notes = list[Note | str]
DISCORD = ("a card says so", "Revelation: a Smoking Gun was revealed")
OUTCOMES = ("an escape vehicle Decoupled", "every crewmember is dead or escaped",
            "the table stopped after the Escape Pod ejected")


def _running(state: State) -> bool:
    return not protocols.is_over(state) and state.facts["status"] == "in progress"


def _alive(state: State) -> list[str]:
    return crew.alive(state)


def next_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = []
    if state.facts["phase"] == "setup" and cycle.current(state) == "protocols":
        notes += protocols.finish_setup(state)
    return notes + cycle.advance(state)


def record_noise(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return noise.record(state, args["crew"], args["colour"], args["count"], args["source"])


def wound(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = crew.wound(state, args["crew"], args["dmg"], args["source"], args["eva_suit"])
    if not crew.alive(state):
        notes.append(Note("Every crewmember is dead: the game ends when all crew are dead or "
                          "escaped ('Record the end of the game')", "cycle"))
    return notes


def automed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if args["use"] == "surgery" and args["hand"] is None:
        raise ActionError("hand: surgery heals up to 5 cards in hand; give the hand size",
                          "hand")
    return crew.automed(state, args["crew"], args["use"], args["hand"] or 0, args["own_lost"])


def end_game(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Record how the game ended and list the outcomes (spec §10.1, §10.2)."""
    state.facts["status"] = f"over: {args['how']}"
    notes: Notes = [Note(f"Game over: {args['how']}. Reveal the Hidden Agendas ('Reveal a "
                         "secret') after any Final Showdown", "agendas"),
                    Note("Aboard a vehicle that got away: SURVIVOR; survived and Fulfilled: "
                         "WINNER; Company Agenda survived unfulfilled: FIRED; Fulfilled but "
                         "dead: loses unless the Agenda did not need survival; left on the "
                         "Ship: loses", "agendas")]
    if state.facts["true_solo"]:
        notes.append(Note("True Solo: a win only by Fulfilling the Agenda", "agendas"))
    return notes


ACTIONS: tuple[Action, ...] = (
    Action("next_step", "Next step", "Tick off the step now due and show the next one.",
           next_step, key="n", short="Next step", topic="cycle", enabled=_running),
    Action("add_protocol", "Add an Emergency Protocol",
           "Enter a Protocol drawn at setup with its card's start value (blank: no time limit).",
           lambda s, a, r: protocols.add(s, a["name"], a["start"], a["delay_limit"]),
           (Param("name", "str", "as printed, e.g. Vacuum, Aircon, Lockdown"),
            Param("start", "int", "start value on its card (blank: no time limit)", minimum=1,
                  maximum=30, optional=True),
            Param("delay_limit", "int", "delays its card allows (blank: not given)", minimum=0,
                  maximum=30, optional=True)),
           key="a", short="Add EP", topic="emergency_protocols", enabled=_running),
    Action("record_noise", "Record noise",
           "Count a noisy play of the Crew Round for one crewmember.",
           record_noise,
           (Param("crew", "choice", "who made the noise", choices=_alive),
            Param("colour", "choice", "the noise colour", choices=noise.COLOURS, optional=True),
            Param("count", "int", "how many noisy cards", minimum=1, maximum=20, optional=True,
                  default=1),
            Param("source", "choice", "what made it (NRG/Recharge counts 1 Amber)",
                  choices=noise.SOURCES, optional=True)),
           key="m", short="Noise", topic="noise", enabled=_running),
    Action("you_first", "You First",
           "'You First' played on another crewmember: they are First Target at once.",
           lambda s, a, r: noise.you_first(s, a["by"], a["target"]),
           (Param("by", "choice", "who plays it", choices=_alive),
            Param("target", "choice", "who becomes First Target", choices=_alive)),
           key="y", short="You First", topic="first_target", enabled=_running),
    Action("count_noise", "Noise count",
           "Rank this round's noise: First Target (and Stern Target), then clear the noise.",
           lambda s, a, r: noise.count(s), key="k",
           short="Count", topic="first_target", enabled=_running),
    Action("set_target", "First Target by hand",
           "Set the First or Stern Target where the text leaves it open.",
           lambda s, a, r: noise.set_target(s, a["crew"], a["which"]),
           (Param("crew", "choice", "who", choices=_alive),
            Param("which", "choice", "which target", choices=("First Target", "Stern Target"))),
           key="F", short="Target", topic="first_target", enabled=_running),
    Action("crew_area", "Crewmember's area",
           "With the ShipStern: front, back or the Cargo Control section, for the noise count.",
           lambda s, a, r: noise.set_area(s, a["crew"], a["area"]),
           (Param("crew", "choice", "who", choices=_alive),
            Param("area", "choice", "where they stand", choices=noise.AREAS)),
           key="A", short="Crew area", topic="first_target", enabled=_running),
    Action("end_cycle", "End the Cycle",
           "Tick every Countdown Marker, then fire, Check Aircon and the rest of End of Cycle.",
           lambda s, a, r: end_cycle(s, a["fire_rooms"], a["fire_doorways"], a["hull_breaches"]),
           (Param("fire_rooms", "int", "rooms on fire after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("fire_doorways", "int", "doorways burning after spreading (blank: unchanged)",
                  minimum=0, optional=True),
            Param("hull_breaches", "int", "Hull Breach markers after spreading (blank: "
                  "unchanged)", minimum=0, optional=True)),
           key="e", short="End Cycle", topic="turn_cycle", enabled=_running),
    Action("delay_protocol", "Delay a Protocol",
           "A delay action adds 1 Cycle to one Protocol's Countdown Marker.",
           lambda s, a, r: protocols.delay(s, a["protocol"], a["source"]),
           (Param("protocol", "choice", "which Protocol", choices=protocols.timed_names),
            Param("source", "str", "where it was done (Vacuum: Bridge Airlock or Cargo "
                  "Control Airlock)", optional=True)),
           key="d", short="Delay EP", topic="emergency_protocols", enabled=_running),
    Action("override_protocol", "Shut down a Protocol",
           "Override a Protocol: its marker goes, a Big Nasty spawns, the last one: Abandon Ship.",
           lambda s, a, r: protocols.override(s, a["protocol"], a["where"]),
           (Param("protocol", "choice", "which Protocol", choices=protocols.active_names),
            Param("where", "choice", "where it was shut down", choices=protocols.WHERE,
                  optional=True, default=protocols.WHERE[0])),
           key="o", short="Shut down", topic="emergency_protocols", enabled=_running),
    Action("call_out", "Call Out",
           "Accuse a crewmember of working for the Company; a wrong call ticks every timer.",
           lambda s, a, r: protocols.call_out(s, a["caller"], a["accused"], a["correct"]),
           (Param("caller", "choice", "who calls out", choices=_alive),
            Param("accused", "choice", "who is accused", choices=_alive),
            Param("correct", "bool", "did the accused admit a Company Agenda?")),
           key="z", short="Call Out", topic="agendas", enabled=_running),
    Action("sow_discord", "Discord is Sown",
           "A card says Discord is Sown (or, with Revelation, a Smoking Gun is revealed).",
           lambda s, a, r: protocols.sow_discord(s, a["why"]),
           (Param("why", "choice", "what sowed it", choices=DISCORD),),
           key="D", short="Discord", topic="agendas", enabled=_running),
    Action("wound", "Wound a crewmember",
           "Lose cards to the Wound Tracker; the 8th wound kills (The Kid: the 6th).",
           wound,
           (Param("crew", "choice", "who", choices=_alive),
            Param("dmg", "int", "damage dealt", minimum=1, maximum=20),
            Param("source", "choice", "what dealt it", choices=crew.SOURCES, optional=True,
                  default="Nasty attack"),
            Param("eva_suit", "bool", "wearing an EVA Suit?", optional=True, default=False)),
           key="w", short="Wound", topic="wounds", enabled=_running),
    Action("heal", "Heal cards",
           "Own-colour cards back from the Wound Tracker (Rest, Medikit).",
           lambda s, a, r: crew.heal(s, a["crew"], a["cards"]),
           (Param("crew", "choice", "who", choices=_alive),
            Param("cards", "int", "cards healed", minimum=1, maximum=20)),
           key="g", short="Heal", topic="wounds", enabled=_running),
    Action("automed", "AutoMed",
           "Sick Bay, once a Round: heal 2, or surgery (removes a ScuttleBug, heals up to 5).",
           automed,
           (Param("crew", "choice", "who", choices=_alive),
            Param("use", "choice", "which treatment", choices=crew.AUTOMED),
            Param("own_lost", "int", "own-colour cards on their Wound Tracker", minimum=0),
            Param("hand", "int", "cards in hand now (for surgery)", minimum=0, optional=True)),
           key="j", short="AutoMed", topic="wounds", enabled=_running),
    Action("scuttlebug", "ScuttleBug burrows in",
           "A ScuttleBug HIT: it burrows into the crewmember instead of dealing damage.",
           lambda s, a, r: crew.scuttlebug(s, a["crew"]),
           (Param("crew", "choice", "its victim", choices=_alive),),
           key="i", short="Scuttle", topic="wounds", enabled=_running),
    Action("fire", "Fire tokens",
           "Fire laid (+) or put out (-) in rooms or doorways.",
           lambda s, a, r: hazards.change_fire(s, a["rooms"], a["doorways"]),
           (Param("rooms", "int", "change in rooms on fire", minimum=-30, maximum=30,
                  optional=True, default=0),
            Param("doorways", "int", "change in burning doorways", minimum=-30, maximum=30,
                  optional=True, default=0)),
           key="f", short="Fire", topic="fire", enabled=_running),
    Action("hull_breach", "Hull Breach markers",
           "Markers laid (+) or removed (-); more than 8 is catastrophic.",
           lambda s, a, r: hazards.change_breaches(s, a["markers"]),
           (Param("markers", "int", "change in markers", minimum=-30, maximum=30, optional=True,
                  default=1),),
           key="H", short="Breach", topic="hull_breach", enabled=_running),
    Action("end_game", "Record the end of the game",
           "An escape vehicle Decoupled or no crew is left: list the outcomes.",
           end_game,
           (Param("how", "choice", "how it ended", choices=OUTCOMES),),
           key="G", short="End game", topic="agendas", enabled=_running),
)
