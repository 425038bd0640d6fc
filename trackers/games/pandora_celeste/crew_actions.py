"""The crew's upkeep: wounds and healing, the spare crewmember, ScuttleBugs, Fire and Hull
Breaches."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.pandora_celeste import (
    action_fields as fields,
)
from trackers.games.pandora_celeste import (
    crew,
    hazards,
    phases,
    spare,
)

Notes = list[Note | str]


def wound(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes = crew.wound(state, args["crew"], args["dmg"], args["source"], args["eva_suit"],
                       from_deck=args["from_deck"] or 0,
                       from_discards=args["from_discards"] or 0,
                       cards_left=args["cards_left"], shortfall=args["shortfall"],
                       rules=fields.rules_of(args))
    return notes + fields.all_dead(state)


def automed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if args["use"] == "surgery" and args["hand"] is None:
        raise ActionError("hand: surgery heals up to 5 cards in hand; give the hand size",
                          "hand")
    return crew.automed(state, args["crew"], args["use"], args["hand"] or 0, args["own_lost"])



CREW_ACTIONS: tuple[Action, ...] = (
    fields.Checked("wound", "Wound a crewmember",
           "Lose cards to the Wound Tracker; the 8th wound kills (The Kid: the 6th).", wound,
           (fields.crew_choice("who"), Param("dmg", "int", "damage dealt", minimum=1, maximum=20),
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
           log_text=lambda a: f"{a['crew']} wounded: {a['dmg']} dmg",
           played=True),
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
           (fields.crew_choice("who"),
            Param("cards", "int", "cards healed", minimum=1, maximum=20)),
           key="g", short="Heal", topic="wounds",
           log_text=lambda a: f"{a['crew']} heals {a['cards']}"),
    Action("automed", "AutoMed",
           "Sick Bay, once a Round, on any crewmember: heal 2, or surgery (removes a "
           "ScuttleBug, heals up to 5).", automed,
           (fields.crew_choice("who is treated"),
            Param("use", "choice", "which treatment", choices=crew.AUTOMED),
            Param("own_lost", "int", "own-colour cards on their Wound Tracker", minimum=0),
            Param("hand", "int", "cards in hand now (for surgery)", minimum=0, optional=True)),
           key="j", short="AutoMed", topic="wounds",
           log_text=lambda a: f"AutoMed {a['use']} on {a['crew']}"),
    Action("stunned", "Stunned",
           "A crewmember is Stunned by another's attack: they miss their next turn.",
           lambda s, a, r: crew.stun(s, a["crew"]), (fields.crew_choice("who is Stunned"),),
           topic="agendas", log_text=lambda a: f"{a['crew']} is Stunned"),
    Action("scuttlebug", "ScuttleBug burrows in",
           "By hand: a ScuttleBug HIT burrows into the crewmember instead of dealing damage.",
           lambda s, a, r: crew.scuttlebug(s, a["crew"]),
           (fields.crew_choice("its victim"),),
           key="i", short="Scuttle", topic="scuttlebugs",
           log_text=lambda a: f"A ScuttleBug burrows into {a['crew']}"),
    Action("fire", "Fire tokens", "Fire laid (+) or put out (-) in rooms or doorways.",
           lambda s, a, r: hazards.change_fire(s, a["rooms"], a["doorways"]),
           (Param("rooms", "int", "change in rooms on fire", minimum=-30, maximum=30,
                  optional=True, default=0),
            Param("doorways", "int", "change in burning doorways", minimum=-30, maximum=30,
                  optional=True, default=0)),
           key="f", short="Fire", topic="fire",
           log_text=lambda a: "Fire: " + fields.changes((a.get("rooms"), "room"),
                                                 (a.get("doorways"), "doorway"))),
    Action("hull_breach", "Hull Breach markers",
           "Markers laid (+) or removed (-); more than 8 is catastrophic.",
           lambda s, a, r: hazards.change_breaches(s, a["markers"]),
           (Param("markers", "int", "change in markers", minimum=-30, maximum=30, optional=True,
                  default=1),),
           key="H", short="Breach", topic="hull_breach",
           log_text=lambda a: "Hull Breach: " + fields.changes((a.get("markers"), "marker"))),
)
