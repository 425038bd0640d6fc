"""The ShipStern's actions: the Cargo Bays, the Widgets, the Junction Box and a section's
collapse."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.engine.actions import DRAWN
from trackers.games.pandora_celeste import action_fields as fields
from trackers.games.pandora_celeste import (
    cards,
    darkness,
    hazards,
    manifest,
    nasties,
    phases,
    stern,
)
from trackers.games.pandora_celeste.facts import facts_of

Notes = list[Note | str]


def _unlock(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return stern.unlock(state, args["bay"], args["card"], args["kind"], cards.virtual(state),
                        rng, args.get(DRAWN))


def _virtual_draw(state: State) -> list[str] | None:
    """The Cargo Cards the app may draw for a Bay being unlocked (virtual mode only)."""
    if not cards.virtual(state) or manifest.holder(state) is not None:
        return []  # once the Ship's Manifest is readied, every Bay's card is dealt
    return stern.undrawn(state)


def _deck_needed(state: State, args: dict[str, Any]) -> list[str]:
    return [stern.CARGO_DECK] if cards.virtual(state) else []


STERN_ACTIONS: tuple[Action, ...] = (
    Action("unlock_bay", "Unlock a Cargo Bay",
           "A Cargo Bay door unlocked for the first time: its Cargo Card is turned up.",
           _unlock,
           (Param("bay", "choice", "which Cargo Bay (its number on the Manifest)",
                  choices=stern.locked_bays),
            Param("card", "str", "mirror mode: the Cargo Card's name, as turned up",
                  max_length=60, shown=fields.mirror, hidden_why=fields.APP_DRAWS),
            Param("kind", "choice", "mirror mode: its kind", choices=stern.KINDS,
                  shown=fields.mirror, hidden_why=fields.APP_DRAWS)),
           topic="shipstern", needs=_deck_needed,
           why_not=fields.first_of(fields.with_shipstern, phases.in_play("Unlocking a Bay"),
                                   stern.bays_gone),
           hidden_draw=lambda s: list(_virtual_draw(s) or []),
           log_text=lambda a: f"Cargo Bay {a['bay']} unlocked"
           + (f": {a['card']}" if a.get("card") else "")),
    Action("flip_bay", "Flip the Bay's card",
           "Turn up the Cargo Card the app drew for a Bay just unlocked.",
           lambda s, a, r: stern.flip(s, a["bay"]),
           (Param("bay", "choice", "which Cargo Bay", choices=stern.drawn_bays),),
           topic="shipstern",
           why_not=lambda s: None if stern.drawn_bays(s) else "no Bay's card waits face down",
           log_text=lambda a: f"Cargo Bay {a['bay']}'s card turned up"),
    fields.Checked(
        "ready_manifest", "Ready the Ship's Manifest",
        "A crewmember puts the Ship's Manifest in their Ready Tool Slot; the spare Cargo "
        "Cards go under it, for their eyes only.",
        lambda s, a, r: manifest.ready(s, a["crew"], a),
        (fields.crew_choice("who readies it"),), topic="shipstern", needs=_deck_needed,
        why_not=fields.with_shipstern, check=manifest.check_ready, deals=manifest.deals,
        log_text=lambda a: f"{a['crew']} readies the Ship's Manifest"),
    fields.Checked(
        "manifest_swap", "Ship's Manifest swap",
        "Its holder, opening a Bay with it ready, swaps the revealed card for a spare one.",
        lambda s, a, r: manifest.swap(s, a),
        (Param("bay", "choice", "the Bay just opened", choices=manifest.swap_choices),
         Param("card", "str", "the spare Cargo Card put in", max_length=60),
         Param("kind", "choice", "its kind", choices=stern.KINDS)),
        topic="shipstern", check=manifest.check_swap,
        why_not=fields.first_of(fields.with_shipstern, manifest.why_not_swap),
        deals=manifest.swap_deals, played=True,
        log_text=lambda a: f"Ship's Manifest swap in Cargo Bay {a['bay']}"),
    fields.Checked(
        "take_widget", "Take a Widget",
        "From the Widget consignment: the first one triggers Abandon Ship and spawns every "
        "Big Nasty left.", lambda s, a, r: stern.take_widget(s, a["crew"], fields.played(a)),
        (fields.crew_choice("who takes it"),), topic="shipstern",
        why_not=fields.first_of(fields.with_shipstern, phases.crew_round("Taking a Widget"),
                                stern.no_widgets),
        needs=stern.widget_needs, log_text=lambda a: f"{a['crew']} takes a Widget",
        played=True),
    Action("widget_spawn", "Big Nasty spawns",
           "One of the Big Nasties left, called by the first Widget taken: it spawns in the "
           "ShipStern room of a flipped card's gold number.", stern.spawn_left,
           (Param("big_nasty", "choice", "the Big Nasty turned over",
                  choices=nasties.BIG_NAMES),
            fields.SPAWN_GOLD, fields.SPAWN_ROOM),
           key="O", short="BN spawns", topic="nasties", needs=fields.deck,
           why_not=stern.spawn_why_not,
           log_text=lambda a: f"{a['big_nasty']} spawns (the Widget)"),
    Action("junction_box", "Junction Box",
           "The Junction Box found, or the ShipStern's lights switched on or off.",
           lambda s, a, r: stern.junction(s, a["event"], a["room"]),
           (Param("event", "choice", "what happened",
                  choices=("found", "lights on", "lights off")),
            Param("room", "str", "where it was found", optional=True, max_length=60)),
           topic="shipstern", why_not=fields.with_shipstern,
           log_text=lambda a: f"Junction Box: {a['event']}"),
    fields.Checked("darkness", "In the dark",
           "Start of the Cycle: who starts it in the dark of the ShipStern without a light of "
           "their own discards 1 card; or nobody does.",
           lambda s, a, r: darkness.answer(s, a["crew"]),
           (Param("crew", "choice", "in the dark without a light (one at a time)",
                  choices=darkness.choices),),
           key="I", short="In dark", topic="shipstern", why_not=darkness.why_not,
           check=darkness.check, log_text=lambda a: f"In the dark: {a['crew']}"),
    fields.Checked(
        "hull_collapse", "Hull collapse",
        "More than 8 Hull Breach markers: the section with the most breaks off with everyone "
        "in it; the table's agreement recorded.",
        lambda s, a, r: stern.collapse(s, a["section"], a["way"], a["markers"],
                                       a.get("nasties"), a.get("crew"), fields.rules_of(a)),
        (Param("section", "choice", "the section with the most markers",
               choices=hazards.SECTIONS),
         Param("way", "choice", "what the table agreed", choices=stern.COLLAPSE_WAYS),
         Param("markers", "int", "its markers coming off the board", minimum=0, maximum=60),
         Param("nasties", "str", "Nasties in it: numbers ('1, 3') or none", max_length=120),
         Param("crew", "str", "crew in it: names ('Cap, Skins') or none", max_length=120,
               optional=True)),
        topic="hull_breach", check=stern.check_collapse,
        why_not=lambda s: None if facts_of(s).get("collapse_due") else
        "only once more than 8 Hull Breach markers are on the board",
        log_text=lambda a: f"Hull collapse: {a['section']}", played=True),
)
