"""What a Space Station Phoenix session keeps beside its pieces, and how to read it.

``state.facts`` holds plain JSON data: the seats, whose turn it is, Sectors built, Diplomacy
levels, the end-of-game state (spec space-station-phoenix §6), the table's rulings on open
questions (spec §10) and the setup steps ticked. Pieces hold what the tracks panel shows: one
score marker per player and the Aliens left in the supply.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from trackers.engine import ActionError, State
from trackers.games.space_station_phoenix.diplomacy import TRACKS
from trackers.games.space_station_phoenix.game_end import GameEnd
from trackers.games.space_station_phoenix.score_marker import ScoreMarker
from trackers.games.space_station_phoenix.scoring import (
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
)
from trackers.games.space_station_phoenix.station import SPECIES
from trackers.pieces import Counter

ALIENS = "aliens"  # piece name: the Aliens on the Home Planets board (the supply)
TRACK_LABELS: dict[str, str] = {
    "dismantle": "Dismantle", "construct": "Construct", "transport": "Transport",
    "expedition": "Expedition",
}
# Open questions the rulebook text leaves to the table (spec §10), by the words the form shows.
RULINGS: dict[str, tuple[str, str]] = {
    "bag Aliens count as supply": (
        "bag_aliens_count", "Do Aliens left in the bag count as in the supply?"),
    "free Sectors count as built": (
        "free_sectors_count", "Do free Sectors count as built for the 9-Sector end?"),
    "end check before an additional turn": (
        "extra_turn_check", "Does the end check run before an additional turn (Sectors 301, "
        "323, 208), so that triggering the end forfeits it?"),
}


class ExtraTurn(TypedDict):
    """Who takes an additional turn when this one ends, and which Sector gave it."""

    player: str
    why: str


class GameEndFacts(TypedDict):
    """``GameEnd`` as kept: the trigger player, the reasons, who still plays a turn."""

    trigger: str | None
    reasons: list[str]
    still_to_play: list[str]


class SpaceStationPhoenixFacts(TypedDict, total=False):
    """What a session keeps in ``state.facts``, by key (``total=False``: a snapshot or a
    save from before a key existed lacks it; ``players`` adds what it can)."""

    players: list[str]  # in seat order
    options: dict[str, Any]
    active: int | None  # the active player's seat (0-based); None once the game is over
    setup_done: int  # setup steps ticked
    sectors: dict[str, list[int]]  # Sectors built by level: [level 1, level 2, level 3]
    free_sectors: dict[str, int]
    level3: dict[str, list[str]]  # the Level-3 Sector numbers
    numbers: dict[str, list[str]]  # every Sector number given, any level
    hubs: dict[str, str]  # the Hub each keeps ("" until recorded)
    extra_turn: ExtraTurn | None  # an additional turn when this one ends (301, 323, 208)
    free_sector_due: str | None  # who is owed Sector 326's free Level-1 Sector
    incomes: dict[str, int]  # Incomes taken (Hub A-11 counts 5)
    diplomacy: dict[str, dict[str, int]]  # each player's level on each track
    game_end: GameEndFacts
    rulings: dict[str, bool | None]  # the table's answers to the open questions (RULINGS)
    aliens_in_bag: int
    status: str  # Home's status column
    turns_ended: int
    ship_turn: int  # the turn a ship or Income was last recorded in (one per turn)
    final_scores: dict[str, int]  # once recorded
    final_winners: list[str]
    in_game_points: dict[str, int]  # the score track before final scoring moved it
    aliens_gained: dict[str, dict[str, int]]  # by player and species (Sectors 311, 324)


def facts_of(state: State) -> SpaceStationPhoenixFacts:
    """``state.facts`` as this game keeps them: every read and write of them goes here, so
    the type checker knows each key."""
    return cast(SpaceStationPhoenixFacts, state.facts)


STATUS_SETUP = "setting up"
STATUS_PLAYING = "in progress"
STATUS_FINAL = "final round"
STATUS_OVER = "over: score it"  # short: Home's status column is narrow at 80 columns


def marker_name(seat: int) -> str:
    """The piece name of the score marker of seat ``seat`` (0-based)."""
    return f"score_{seat + 1}"


def players(state: State) -> list[str]:
    names: list[str] = facts_of(state)["players"]
    if "hubs" not in facts_of(state):  # a state saved before these facts existed (a snapshot)
        _add_later_facts(state, names)
    return names


def _add_later_facts(state: State, names: list[str]) -> None:
    """The facts added since a state could be saved, as a new game starts them."""
    later = {key: value for key, value in new_facts(tuple(names), 0, {}).items()
             if key in ("numbers", "hubs", "extra_turn", "free_sector_due", "incomes")}
    for key, value in later.items():
        state.facts.setdefault(key, value)  # keys by name: the untyped dict
    for name in names:  # the Sector numbers it knew: the Level-3 ones
        facts_of(state)["numbers"][name] = list(facts_of(state).get("level3", {}).get(name, []))


def marker(state: State, name: str) -> ScoreMarker:
    return state.piece(marker_name(players(state).index(name)), ScoreMarker)


def aliens(state: State) -> Counter:
    return state.piece(ALIENS, Counter)


def active(state: State) -> str | None:
    seat = facts_of(state).get("active")
    return None if seat is None else players(state)[seat]


def who(state: State, named: str | None) -> str:
    """The player an action is about: the one named, else the active player."""
    players(state)  # (adds the facts a state saved before them lacks)
    if named:
        return named
    current = active(state)
    if current is None:
        raise ActionError("player: the game is over, so there is no active player; name one",
                          "player")
    return current


def sectors(state: State, name: str) -> list[int]:
    """Sectors on ``name``'s station by level, [level 1, level 2, level 3]."""
    built: list[int] = facts_of(state)["sectors"][name]
    return built


def hub(state: State, name: str) -> str:
    """The Hub ``name`` keeps ("" until recorded)."""
    players(state)
    return str(facts_of(state)["hubs"].get(name, ""))


def owned(state: State, name: str) -> list[str]:
    """The Hub and every Sector number ``name`` has, for the effect tables."""
    kept = hub(state, name)
    return ([kept] if kept else []) + list(facts_of(state)["numbers"][name])


def levels(state: State, track: str) -> dict[str, int]:
    """Each player's Diplomacy level on one track, in seat order."""
    return {name: facts_of(state)["diplomacy"][name][track] for name in players(state)}


def game_end(state: State) -> GameEnd:
    data = facts_of(state)["game_end"]
    return GameEnd(tuple(players(state)), data["trigger"], tuple(data["reasons"]),
                   tuple(data["still_to_play"]))


def save_game_end(state: State, end: GameEnd) -> None:
    facts_of(state)["game_end"] = {"trigger": end.trigger, "reasons": list(end.reasons),
                               "still_to_play": list(end.still_to_play)}


def ruling(state: State, key: str) -> bool | None:
    value: bool | None = facts_of(state)["rulings"].get(key)
    return value


def new_facts(names: tuple[str, ...], aliens_in_bag: int,
              options: dict[str, Any]) -> SpaceStationPhoenixFacts:
    """The facts of a new session: seat 1 starts (spec §2.2 step 9)."""
    return {
        "players": list(names),
        "options": dict(options),
        "active": 0,
        "setup_done": 0,
        "sectors": {name: [0, 0, 0] for name in names},
        "free_sectors": {name: 0 for name in names},
        "level3": {name: [] for name in names},
        "numbers": {name: [] for name in names},  # every Sector number given, any level
        "hubs": {name: "" for name in names},  # the Hub each keeps ("" until recorded)
        "extra_turn": None,  # who takes an additional turn when this one ends (301, 323, 208)
        "free_sector_due": None,  # who is owed Sector 326's free Level-1 Sector
        "incomes": {name: 0 for name in names},  # Incomes taken (Hub A-11 counts 5)
        "diplomacy": {name: dict.fromkeys(TRACKS, 0) for name in names},
        "game_end": {"trigger": None, "reasons": [], "still_to_play": []},
        "rulings": {key: None for key, _ in RULINGS.values()},
        "aliens_in_bag": aliens_in_bag,
        "status": STATUS_SETUP,
    }


# --- the end-of-game check's inputs, with the open rulings (spec §6, §10.14, §10.20) ---------


def supply_counts(state: State) -> tuple[int, ...]:
    """Aliens in the supply under each ruling still possible: one value once ruled."""
    board, bag = aliens(state).value, int(facts_of(state)["aliens_in_bag"])
    rule = ruling(state, "bag_aliens_count")
    if rule is None:
        return (board, board + bag) if bag else (board,)
    return (board + bag,) if rule else (board,)


def built_counts(state: State, name: str) -> tuple[int, ...]:
    """Sectors built for the 9-Sector condition under each ruling still possible."""
    total = sum(sectors(state, name))
    free = int(facts_of(state)["free_sectors"][name])
    rule = ruling(state, "free_sectors_count")
    if rule is None:
        return (total, total - free) if free else (total,)
    return (total,) if rule else (total - free,)


# --- the score calculator, prefilled ------------------------------------------------------------


def aliens_gained(state: State, name: str) -> dict[str, int]:
    """The Aliens a Sector's own effect gave ``name`` (311's brown, 324's pink), by species:
    residents the game itself placed, so the score sheet starts with them."""
    gained = facts_of(state).setdefault("aliens_gained", {})
    return gained.setdefault(name, {})


def score_sheet(state: State) -> ScoreSheet:
    """What the session knows for the end-game calculator (spec §7.1).

    Names, in-game points, the Hub kept, Sectors by level (free ones noted) and the Level-3
    Sector numbers, and the Aliens that Sectors 311 and 324 placed; everything else is for the
    table to count, so it starts at 0. Whether each Level-3 bonus is occupied is not tracked,
    so it starts as not occupied.
    """
    sheet = []
    in_game = facts_of(state).get("in_game_points") or {}  # once final scores moved the markers
    for name in players(state):
        n1, n2, n3 = sectors(state, name)
        sheet.append(PlayerSheet(
            name=name, points=in_game.get(name, marker(state, name).points),
            sectors=SectorsBuilt(n1, n2, n3),
            residents=Residents(**{species: int((facts_of(state).get("aliens_gained") or {})
                                                .get(name, {}).get(species, 0))
                                   for species in SPECIES}), hub=hub(state, name),
            level3=tuple(Level3Sector(s, False) for s in facts_of(state)["level3"][name]),
            ships_left=0, full_sectors=0, gems=0, food=0, water=0, metal=0,
            free_sectors=int(facts_of(state)["free_sectors"][name]),
        ))
    free_rule = ruling(state, "free_sectors_count")
    return ScoreSheet(tuple(sheet), ScoreSettings(free_sectors_count_as_built=free_rule))
