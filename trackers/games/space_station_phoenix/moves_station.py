"""What a player's station does during play: the Hub kept at setup, a Sector's effect when
built, the Hub's and Sectors' bonuses when a ship is used or Income is taken, extra turns.

The app applies what it can know (points, Aliens from the supply, Diplomacy advances, extra
turns, free Sectors) and prompts the rest at the moment it happens: a Sector's ability works
only while its quarters are occupied, which the app does not track. The effects are restated
in ``effects`` from the rulebook's Reference Guide.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import effects, facts
from trackers.games.space_station_phoenix.diplomacy import TOP_LEVEL, TRACKS, sector_226_points
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.game_end import aliens
from trackers.games.space_station_phoenix.score_marker import points_text
from trackers.games.space_station_phoenix.setup_counts import FIRST_GAME_SETS
from trackers.games.space_station_phoenix.station import HUB_IDS

Notes = list[Note | str]
ShipUsed = Callable[[State, dict[str, Any], Random], Notes]  # moves_diplomacy.ship_used


def take_aliens(state: State, wanted: int) -> int:
    """Take up to ``wanted`` Aliens from the Home Planets board; returns how many were there."""
    supply = facts.aliens(state)
    taken = min(wanted, supply.value)
    if taken:
        supply.add(-taken)
    return taken


def score(state: State, name: str, points: int, why: str) -> Notes:
    """Move ``name``'s marker by ``points`` for ``why``; the lap notes follow."""
    marker = facts.marker(state, name)
    before = marker.points
    laps = marker.add(points)
    return [Note(f"{why}: {name} {before} -> {points_text(marker.points)}", "score_track"),
            *(Note(text, "score_track") for text in laps)]


def hub_choices(state: State) -> list[str]:
    """The Hubs this game deals from: the first game's 4 sets, B-1..B-12, or all 24."""
    options = facts_of(state)["options"]
    if options.get("first_game"):
        return [hub for hub, _, _ in FIRST_GAME_SETS]
    if options.get("advanced_hubs"):
        return list(HUB_IDS)
    return [hub for hub in HUB_IDS if hub.startswith("B-")]


# --- the Hub kept (rulebook: Setup steps 12-13; Reference Guide, Station Hubs) ----------------


def keep_hub(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Record the Hub a player keeps and apply what its setup gives that the app tracks."""
    name: str = args["player"]
    hub: str = args["hub"]
    facts.players(state)  # (the facts of a state saved before Hubs were kept)
    for other, kept in facts_of(state)["hubs"].items():
        if kept == hub and other != name:
            raise ActionError(f"hub: {other} keeps {hub}; each Hub exists once", "hub")
    old = facts.hub(state, name)
    if old == hub:
        raise ActionError(f"hub: {name} already keeps {hub}", "hub")
    if old in effects.FREE_SECTOR_AT_SETUP or old in effects.ALIENS_AT_SETUP:
        raise ActionError(f"hub: {name} keeps {old}, whose setup the app applied (a free "
                          "Sector or Aliens): undo that record (u) to change the Hub", "hub")
    facts_of(state)["hubs"][name] = hub
    notes: Notes = [Note(f"{name} keeps Hub {hub}" + (f" (was {old})" if old else "")
                         + ": the score calculator gets it", "station_hub")]
    colour = effects.FREE_SECTOR_AT_SETUP.get(hub)
    if colour:
        facts.sectors(state, name)[0] += 1
        facts_of(state)["free_sectors"][name] += 1
        notes.append(Note(f"Hub {hub}: a free Level-1 {colour} Sector, recorded on {name}'s "
                          f"station ({sum(facts.sectors(state, name))} of 9)", "station_hub"))
    wanted = effects.ALIENS_AT_SETUP.get(hub, 0)
    if wanted:
        taken = take_aliens(state, wanted)
        leave = "leaves" if taken == 1 else "leave"
        notes.append(Note(f"Hub {hub}: {aliens(taken)} {leave} the Home Planets board for the "
                          f"Hub ({facts.aliens(state).value} left)", "station_hub"))
    if hub in effects.PROMPT_AT_SETUP:
        notes.append(Note(f"Hub {hub} at setup: {effects.PROMPT_AT_SETUP[hub]}", "station_hub"))
    if facts_of(state)["options"].get("first_game") and hub == "B-2":
        notes.append(Note("First game: B-2's player skips its +3/-1 ship bonus", "station_hub"))
    return notes


# --- a Sector's effect when built (rulebook: Reference Guide, Level-3 Sectors) --------------


def built_effects(state: State, name: str, level: int, number: str | None, free: bool,
                  rng: Random, ship_used: ShipUsed) -> Notes:
    """What building this Sector does now: applied where the app knows enough, else asked;
    ``ship_used`` is ``moves_diplomacy.ship_used`` (that module builds on this one)."""
    notes: Notes = []
    if not free and facts.hub(state, name) == "B-1":
        taken = take_aliens(state, 1)
        notes.append(Note(
            f"Hub B-1: {name} gains an Alien of the built Sector's colour"
            + (f" ({facts.aliens(state).value} left on the Home Planets board; if none of "
               "that colour was there, put it back with m -1)" if taken else
               ": none left on the Home Planets board, so none"), "station_hub"))
    if number in effects.PROMPT_WHEN_BUILT and level != 3:
        notes.append(Note(f"Sector {number}: {effects.PROMPT_WHEN_BUILT[number]}",
                          "level3_sectors"))
    if level != 3 or not number:
        return notes
    if number in effects.POINTS_WHEN_BUILT:
        notes += score(state, name, effects.POINTS_WHEN_BUILT[number],
                       f"Sector {number} scores {effects.POINTS_WHEN_BUILT[number]} when built")
    if number in effects.EXTRA_TURN_WHEN_BUILT:
        facts_of(state)["extra_turn"] = {"player": name, "why": f"Sector {number}"}
        notes.append(Note(f"Sector {number}: {name} takes an additional turn as soon as this "
                          "one ends, before the next player (e ends this turn)", "end_of_game"))
    if number in effects.ALIENS_WHEN_BUILT:
        wanted, colour = effects.ALIENS_WHEN_BUILT[number]
        taken = take_aliens(state, wanted)
        gained = facts.aliens_gained(state, name)
        gained[colour] = gained.get(colour, 0) + taken
        left = facts.aliens(state).value
        notes.append(Note(f"Sector {number}: {name} gains {aliens(taken, colour)} from the Home "
                          f"Planets board ({left} left there; if fewer {colour} were there, "
                          "put the rest back with m)", "end_of_game"))
        notes += gaining_alien(state, name)
        if left <= 4 and not facts.game_end(state).triggered:
            notes.append(Note(f"Only {aliens(left)} left on the Home Planets board: the end is "
                              "checked when the active player ends this turn", "end_of_game"))
    if number == effects.FREE_SECTOR_WHEN_BUILT:
        if facts.sectors(state, name)[0] >= 3:
            notes.append(Note("Sector 326: the station already has a Level-1 Sector of each "
                              "colour, so no free Sector", "level3_sectors"))
        else:
            facts_of(state)["free_sector_due"] = name
            notes.append(Note(f"Sector 326: {name} takes a free Level-1 Sector of any colour "
                              "now (ctrl+p: Sector 326's free Sector)", "level3_sectors"))
    if number == effects.DIPLOMACY_WHEN_BUILT:
        notes += _advance_all(state, name, free, rng, ship_used)
    if number in effects.PROMPT_WHEN_BUILT:
        notes.append(Note(f"Sector {number}: {effects.PROMPT_WHEN_BUILT[number]}",
                          "level3_sectors"))
    if number in effects.HUMAN_WHEN_BUILT:
        notes += gaining_human(state, name)
    return notes


def _advance_all(state: State, name: str, free: bool, rng: Random, ship_used: ShipUsed
                 ) -> Notes:
    """Sector 328: each of the builder's four tokens up one space, free; the Construct bonuses
    of the Construction ship that built it are paid after the action, from these levels."""
    moved = []
    for track in TRACKS:
        levels = facts_of(state)["diplomacy"][name]
        if levels[track] < TOP_LEVEL:
            levels[track] += 1
            moved.append(f"{facts.TRACK_LABELS[track]} L{levels[track]}")
    notes: Notes = [Note(f"Sector 328: {name}'s Diplomacy tokens up 1, free: "
                         f"{', '.join(moved) or 'all already on L5'}", "diplomacy")]
    if not free:  # the Construction ship that built it: recorded here, not again with d
        notes.append(Note("The Construction ship that built 328 is recorded as used: its "
                          "Construct bonuses follow, from these levels (no need for d)",
                          "diplomacy"))
        notes += ship_used(state, {"ship": "Construction"}, rng)
    return notes


def gaining_human(state: State, name: str) -> Notes:
    found = effects.bonuses(effects.ON_GAINING_HUMAN, facts.owned(state, name))
    return [Note(f"{name} gains a Human: " + "; ".join(found), "level3_sectors")] if found else []


def gaining_alien(state: State, name: str) -> Notes:
    found = effects.bonuses(effects.ON_GAINING_ALIEN, facts.owned(state, name))
    return [Note(f"{name} gains Aliens: " + "; ".join(found), "level3_sectors")] if found else []


def why_not_326(state: State) -> str | None:
    if facts_of(state).get("free_sector_due") is None:
        return "no Sector 326 is waiting for its free Level-1 Sector"
    return None


# --- extra turns (Sectors 301, 323 when built; 208 after a Diplomacy ship) ------------------


def extra_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Sector 208: 3 GEMs paid after a Diplomacy-ship action for an additional turn."""
    name = facts.who(state, None)
    facts_of(state)["extra_turn"] = {"player": name, "why": "Sector 208"}
    return [Note(f"Sector 208: {name} pays 3 GEMs and takes an additional turn when this one "
                 "ends (once per action)", "end_of_game")]


def why_not_extra_turn(state: State) -> str | None:
    if facts.active(state) is None:
        return "the game is over"
    due = facts_of(state).get("extra_turn")
    if due:
        return f"{due['player']} already takes an additional turn ({due['why']})"
    return None


# --- a ship used: the active player's own bonuses -------------------------------------------


def own_ship_bonuses(state: State, ship: str) -> Notes:
    """The active player's Hub and Sector abilities for this ship type (A-7's point applied)."""
    name = facts.active(state)
    if name is None:
        return []
    notes: Notes = []
    if ship == "Diplomacy" and facts.hub(state, name) == "A-7":
        notes += score(state, name, 1, "Hub A-7, a Diplomacy ship used: 1 point")
    found = effects.bonuses(effects.ON_SHIP.get(ship, {}) | effects.EVERY_TURN,
                            facts.owned(state, name))
    if found:
        notes.append(Note(f"{name}'s own bonuses with this {ship} ship (they trigger no further "
                          "bonuses): " + "; ".join(found), "diplomacy"))
    return notes


# --- Income (rulebook: Income; Reference Guide) --------------------------------------------


def income_taken(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Income taken: B-6's point applied, every other income ability of the player asked."""
    name = facts.who(state, args.get("player"))
    turn = int(facts_of(state).get("turns_ended", 0))
    again = facts_of(state).get("ship_turn") == turn and name == facts.active(state)
    facts_of(state)["ship_turn"] = turn  # a turn is one ship or Income
    facts_of(state)["incomes"][name] = int(facts_of(state)["incomes"][name]) + 1
    count = facts_of(state)["incomes"][name]
    hub = facts.hub(state, name)
    notes: Notes = [Note(
        f"{name}'s Income: Action marker and Neutral Ship marker home, GEMs on {name}'s ships to "
        "the supply; then the Hub's income and each income icon whose quarters are occupied "
        "(residents placed this turn give nothing yet), then the special income abilities; "
        "then moving residents if wanted, 1 GEM each", "income")]
    if again:
        notes.insert(0, Note("A ship or Income was already recorded this turn: a turn is one "
                             "or the other (rulebook: Turn Options). If this is a slip, undo it",
                             "income"))
    if not hub:
        notes.append(Note("Hub not recorded: j records it, so its income is listed here",
                          "income"))
    if hub == "B-6":
        notes += score(state, name, 1, "Hub B-6 at Income, 1 point")
    found = effects.bonuses(effects.ON_INCOME | effects.EVERY_TURN, facts.owned(state, name))
    if "226" in facts_of(state)["numbers"][name]:
        tokens = [facts_of(state)["diplomacy"][name][t] for t in TRACKS]
        points = sector_226_points(tokens)
        found.append("226 (if occupied): " + (
            f"{points_text(points)} (tokens on L3 or higher, less 1): add them with a" if
            points is not None else "no token on L3 or higher: the rulebook does not say what "
            "that gives (the count less 1 would be -1)"))
    if found:
        notes.append(Note("Income abilities: " + "; ".join(found), "income"))
    if hub == "A-11" and count <= 5:
        notes.append(Note(f"Hub A-11, Income {count} of 5: after it, move one of the Hub's "
                          "residents to a legal Sector, free (or return it to the supply if "
                          "no place is legal)", "income"))
    if hub == "A-12":
        notes.append(Note("Hub A-12, after Income: return 1 Alien (m -1 counts it back), 1 Human "
                          "or 1 Sector (ctrl+p: A Sector was returned), or lose 5 points "
                          "(a -5; the score may go below 0)", "income"))
    notes.append(Note("Then end the turn (e)", "income"))
    return notes
