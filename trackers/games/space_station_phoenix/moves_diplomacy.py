"""The Diplomacy tracks and Income (spec space-station-phoenix §4, §5): tokens moved, the
bonuses a real ship use pays (and the active player's own bonuses with it), the Income check.

GEMs and resources stay on the table: the app only says who takes what.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import facts, moves_station
from trackers.games.space_station_phoenix.diplomacy import (
    TOP_LEVEL,
    diplomacy_awards,
    track_for_ship,
)
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.income import income_check

Notes = list[Note | str]

# spec §3.1 / §4.1: the ship types a player can use.
SHIP_TYPES: tuple[str, ...] = (
    "Dismantle", "Construction", "Transport", "Terran Expedition", "Diplomacy", "Farm",
    "Ice Collector",
)


def _token_moves(level: int) -> str:
    """The steps a token on ``level`` may move: "1 to 5", "-5 to -1", "-2 to -1 or 1 to 3"."""
    back = f"-{level} to -1" if level > 1 else "-1" if level == 1 else ""
    up = f"1 to {TOP_LEVEL - level}" if level < TOP_LEVEL - 1 else \
        "1" if level == TOP_LEVEL - 1 else ""
    return " or ".join(part for part in (back, up) if part)


def move_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Move a Diplomacy token up (or back, to correct) on one track (spec §4.2)."""
    name = facts.who(state, args.get("player"))
    track: str = args["track"].lower()
    steps: int = 1 if args.get("steps") is None else args["steps"]
    old = facts_of(state)["diplomacy"][name][track]
    new = old + steps
    label = facts.TRACK_LABELS[track]
    if steps == 0 or not 0 <= new <= TOP_LEVEL:
        raise ActionError(f"steps: {name}'s {label} token is on L{old}; allowed: "
                          f"{_token_moves(old)} (the track runs L0 to L5)", "steps")
    facts_of(state)["diplomacy"][name][track] = new
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


def _article(word: str) -> str:
    return "An" if word[:1].lower() in "aeiou" else "A"


def ship_used(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Who takes which Diplomacy bonus after a real ship use (spec §4.1, §4.3), and the active
    player's own Hub and Sector bonuses for that ship."""
    ship: str = args["ship"]
    turn = int(facts_of(state).get("turns_ended", 0))
    notes: Notes = []
    if facts_of(state).get("ship_turn") == turn:
        notes.append(Note("A ship was already recorded as used this turn: a turn is one ship "
                          "or Income (rulebook: Turn Options). If this one is a slip, undo it",
                          "diplomacy"))
    facts_of(state)["ship_turn"] = turn
    notes += moves_station.own_ship_bonuses(state, ship)
    return notes + _diplomacy_bonuses(state, ship)


def _diplomacy_bonuses(state: State, ship: str) -> Notes:
    track = track_for_ship(ship)
    if track is None:
        return [Note(f"{_article(ship)} {ship} ship triggers no Diplomacy track: no bonuses",
                     "diplomacy")]
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
        notes.append(Note("Whoever takes the 1 point adds it to their score (Add or take away "
                          "points)", "score_track"))
    if any(3 in a.options for a in takers):
        notes.append(Note(_resource_note(track, label), "diplomacy"))
    return notes


def _resource_note(track: str, label: str) -> str:
    """Which resource the L3 space gives: the rulebook says the Construction and Dismantle
    tracks give metal (Collecting Resources); the other two tracks' spaces show it."""
    if track in ("construct", "dismantle"):
        return f"1 resource on the {label} track: metal (rulebook: How Can a Player Get Metal?)"
    return f"1 resource on the {label} track: the one its L3 space shows (the rulebook text " \
           "does not name it)"


def check_income(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """May (or must) this player take Income? (spec §5.1)"""
    name = facts.who(state, args.get("player"))
    result = income_check(gems=args["gems"], own_ships_used=args.get("own_ships_used") or 0,
                          has_legal_ship_action=not args.get("no_ship_to_use"))
    notes: Notes = [Note(f"{name} {result.summary()}", "income")]
    if result.eligible:
        notes.append(Note("Income: reset (Action marker home, Neutral Ship marker home, GEMs on "
                          "own ships to the supply), collect Hub income and occupied income "
                          "icons (residents placed this turn give none yet), then the special "
                          "income abilities, relocate residents if wanted (1 GEM each); g "
                          "lists the player's income abilities, then end the turn", "income"))
    return notes
