"""Space Station Phoenix session helpers: Diplomacy tokens and bonuses, the Income check.

Diplomacy: spec space-station-phoenix §4 (levels kept in ``facts["diplomacy"]``); Income
eligibility: spec §5.1. Both only say what the table does; GEMs and resources stay on the table.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import session_facts as facts
from trackers.games.space_station_phoenix.diplomacy import (
    TOP_LEVEL,
    diplomacy_awards,
    track_for_ship,
)
from trackers.games.space_station_phoenix.income import income_check

Notes = list[Note | str]

# spec §3.1 / §4.1: the ship types a player can use.
SHIP_TYPES: tuple[str, ...] = (
    "Dismantle", "Construction", "Transport", "Terran Expedition", "Diplomacy", "Farm",
    "Ice Collector",
)


def move_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Move a Diplomacy token up (or back, to correct) on one track (spec §4.2)."""
    name = facts.who(state, args.get("player"))
    track: str = args["track"].lower()
    steps: int = 1 if args.get("steps") is None else args["steps"]
    old = state.facts["diplomacy"][name][track]
    new = old + steps
    label = facts.TRACK_LABELS[track]
    if steps == 0 or not 0 <= new <= TOP_LEVEL:
        raise ActionError(f"steps: {name}'s {label} token is on L{old}; allowed: "
                          f"{-old} to {TOP_LEVEL - old}, not 0 (L0 to L5)", "steps")
    state.facts["diplomacy"][name][track] = new
    notes: Notes = [Note(f"{name}'s {label} token: L{old} -> L{new}", "diplomacy")]
    if steps > 0:
        notes.append(Note("Pay the lobbying cost printed on each space moved onto (read it on "
                          "the board; the rulebook text does not give it). Advances at setup "
                          "give no bonus", "diplomacy"))
    return notes


def _seat_order_from_active(state: State) -> list[str]:
    names = facts.players(state)
    current = facts.active(state)
    start = names.index(current) if current else 0
    return names[start:] + names[:start]


def ship_used(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Who takes which Diplomacy bonus after a real ship use (spec §4.1, §4.3)."""
    ship: str = args["ship"]
    track = track_for_ship(ship)
    if track is None:
        return [Note(f"A {ship} ship triggers no Diplomacy track: no bonuses", "diplomacy")]
    label = facts.TRACK_LABELS[track]
    levels = facts.levels(state, track)
    awards = {a.player: a for a in diplomacy_awards(levels)}
    notes: Notes = [Note(f"{ship} ship used: {label} track bonuses, paid after the whole action "
                         "(its bonus actions too); they cannot pay for it", "diplomacy")]
    takers = [awards[name] for name in _seat_order_from_active(state) if awards[name].picks]
    if not takers:
        notes.append(Note(f"Every {label} token is on L0: nobody takes a bonus", "diplomacy"))
        return notes
    for award in takers:
        notes.append(Note(f"{award.player}: {award.why}", "diplomacy"))
    rest = [name for name in facts.players(state) if not awards[name].picks]
    if rest:
        notes.append(Note(f"On L0, no bonus: {', '.join(rest)}", "diplomacy"))
    if any(2 in a.options for a in takers):
        notes.append(Note("Whoever takes 1 point: a adds it to their score", "score_track"))
    if any(3 in a.options for a in takers):
        notes.append(Note(f"1 resource: the {label} track's L3 space shows which (the rulebook "
                          "text does not give it)", "diplomacy"))
    return notes


def check_income(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """May (or must) this player take Income? (spec §5.1)"""
    name = facts.who(state, args.get("player"))
    result = income_check(gems=args["gems"], own_ships_used=args.get("own_ships_used") or 0,
                          has_legal_ship_action=not args.get("no_ship_to_use"))
    notes: Notes = [Note(f"{name} {result.summary()}", "income")]
    if result.eligible:
        notes.append(Note("Income: reset (Action marker home, Neutral Ship marker home, GEMs on "
                          "own ships to the supply), collect Hub income and occupied income "
                          "icons, relocate residents if wanted (1 GEM each); then e ends the "
                          "turn", "income"))
    return notes
