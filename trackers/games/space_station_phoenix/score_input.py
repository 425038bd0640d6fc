"""Read a Space Station Phoenix score sheet from plain data (parsed JSON or TOML) and check it.

Pure: a dict in, a ScoreSheet out, or one ScoreInputError listing every problem found, each
naming the player, the field and what is allowed. The documented shape::

    {"players": [{"name": "Anna", "points": 1, "sectors": {"1": 3, "2": 2, "3": 2},
                  "residents": {"teal": 7, "pink": 8, "brown": 0, "gold": 9, "human": 1},
                  "hub": "B-5", "level3": [{"id": "302", "occupied": true}],
                  "ships_left": 5, "full_sectors": 7, "gems": 5,
                  "food": 2, "water": 2, "metal": 2}, ...],
     "settings": {"sector_315_copies_b4": null, "free_sectors_count_as_built": null}}

``settings`` is optional (spec §10 rulings; null or absent = not decided), and so are a player's
``free_sectors`` (Level-1 Sectors gained free; default 0), ``level3`` (when none was built),
``ships_left`` and ``full_sectors`` (unless the Hub scores them). Hubs may be typed as on the
grid ("b5"). Everything else is required; the whole sheet is then checked as one (supplies
across players, build order, full Sectors no more than built).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trackers.games.space_station_phoenix.scoring import (
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
)
from trackers.games.space_station_phoenix.setup_counts import setup_for
from trackers.games.space_station_phoenix.station import (
    HUB_IDS,
    LEVEL3_IDS,
    MAX_SECTORS_PER_LEVEL,
    SPECIES,
    SPECIES_IN_BOX,
    hub_id,
)

MIN_PLAYERS = 2  # spec §0: N is 2-4
MAX_PLAYERS = 4
COUNT_FIELDS: tuple[str, ...] = ("ships_left", "full_sectors", "gems", "food", "water", "metal")
PLAYER_FIELDS: tuple[str, ...] = (
    "name", "points", "sectors", "residents", "hub", "gems", "food", "water", "metal",
)
# Fields that may be left out where they do not apply: a Level-3 list when none was built,
# the counts only some Hubs use (NEEDED_BY), free Sectors (0 unless said).
OPTIONAL_PLAYER_FIELDS: tuple[str, ...] = ("free_sectors", "level3", "ships_left", "full_sectors")
NEEDED_BY: dict[str, tuple[str, ...]] = {"ships_left": ("A-1", "A-4"), "full_sectors": ("B-5",)}
# No rule caps GEMs, resources or points; these only catch absurd input (a typing accident).
SANE_COUNT = 999
SANE_POINTS = 999
SETTING_FIELDS: tuple[str, ...] = ("sector_315_copies_b4", "free_sectors_count_as_built")
LEVEL_KEYS: tuple[str, ...] = ("1", "2", "3")
HUBS_ALLOWED = "B-1 to B-12 or A-1 to A-12"
LEVEL3_ALLOWED = "301-308, 311-318 or 321-328"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: whose, which field, and what is allowed."""

    player: str | None  # the player's name, "player 2" when the name itself is bad, None = sheet
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.player}: {self.field}" if self.player else self.field
        return f"{where}: {self.message}"


class ScoreInputError(ValueError):
    """The score sheet input is not usable; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the score sheet"
        super().__init__("\n".join([head, *(f"  {p}" for p in self.problems)]))


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false is not a number)"
    if value is None:
        return "nothing (null)"
    return repr(value)


def _count(number: int, thing: str) -> str:
    """"1 Level-3 Sector", "2 Level-3 Sectors"."""
    return f"{number} {thing}" + ("" if number == 1 else "s")


class _Checker:
    """Collects problems while reading; never stops at the first one."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, who: str | None, field: str, message: str) -> None:
        self.problems.append(Problem(who, field, message))

    def whole(
        self, who: str, field: str, value: object, low: int | None = 0, high: int | None = None
    ) -> int | None:
        """A whole number within [low, high]; bool and floats are refused."""
        allowed = _span(low, high)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(who, field, f"must be {allowed}, got {_describe(value)}")
            return None
        self.range(who, field, value, low, high)
        return value

    def range(self, who: str, field: str, value: int, low: int | None, high: int | None) -> None:
        if low is not None and value < low:
            reason = "a count cannot be negative" if low == 0 and value < 0 else "too small"
            self.add(who, field, f"{value}: {reason}; allowed: {_span(low, high)}")
        elif high is not None and value > high:
            much = "many" if low == 0 else "high"  # a count is too many; a score, too high
            self.add(who, field, f"{value} is too {much}; allowed: {_span(low, high)}")

    def keys(self, who: str | None, field: str, data: Mapping[str, Any],
             required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
        for key in required:
            if key not in data:
                self.add(who, _join(field, key), "missing; it is required")
        for key in data:
            if key not in required and key not in optional:
                allowed = ", ".join((*required, *optional))
                self.add(who, _join(field, str(key)), f"unknown field; allowed: {allowed}")


def _span(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number, {low} or more"
    return "a whole number (negative allowed)"


def _join(parent: str, key: str) -> str:
    return f"{parent}.{key}" if parent else key


# --- checks shared by parsing and by a sheet built in code ----------------------------------


def _check_level3(
    check: _Checker, who: str, ids: list[tuple[int, str]], listed: int, level3_built: int | None
) -> None:
    """ids: (position in the list, Sector id) for every entry whose id could be read."""
    seen: set[str] = set()
    for index, sector_id in ids:
        field = f"level3[{index}].id"
        if sector_id not in LEVEL3_IDS:
            check.add(
                who, field, f"unknown Level-3 Sector {sector_id!r}; allowed: {LEVEL3_ALLOWED}"
            )
        elif sector_id in seen:
            check.add(who, field, f"Sector {sector_id} is listed twice; list each Sector once")
        seen.add(sector_id)
    if level3_built is not None and listed > level3_built:
        check.add(
            who,
            "level3",
            f"{_count(listed, 'Level-3 Sector')} listed but "
            f"{_count(level3_built, 'Level-3 Sector')} built; allowed: at most {level3_built}",
        )


def _check_free_sectors(check: _Checker, who: str, free: int, level1: int | None) -> None:
    # Free Sectors (Hubs B-6..B-11, Sector 326) are all Level-1 (spec §2.5, §7.4).
    if level1 is not None and free > level1:
        check.add(who, "free_sectors", f"{free} is more than the {level1} Level-1 Sectors built; "
                  f"allowed: 0 to {level1}")


def _check_roster(check: _Checker, names: list[str | None]) -> None:
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        check.add(None, "players", f"{len(names)} players; allowed: {MIN_PLAYERS} to {MAX_PLAYERS}")
    seen: dict[str, str] = {}
    for name in names:
        if name is None:
            continue
        key = name.casefold()
        if key in seen:
            check.add(name, "name", f"two players are named {name!r}; each name must be unique")
        seen[key] = name


def check_sheet(sheet: ScoreSheet) -> tuple[Problem, ...]:
    """Every problem in a sheet, each player's and the whole table's; empty when it can be
    scored. Used by the screen's grid and by files alike, so both accept the same sheets."""
    check = _Checker()
    _check_roster(check, [p.name.strip() or None for p in sheet.players])
    for index, player in enumerate(sheet.players):
        who = player.name.strip() or f"player {index + 1}"
        if not player.name.strip():
            check.add(who, "name", "missing; every player needs a name")
        if player.hub not in HUB_IDS:
            check.add(who, "hub", f"unknown Hub {player.hub!r}; allowed: {HUBS_ALLOWED}")
        levels = (player.sectors.level1, player.sectors.level2, player.sectors.level3)
        for key, value in zip(LEVEL_KEYS, levels, strict=True):
            check.range(who, f"sectors.{key}", value, 0, MAX_SECTORS_PER_LEVEL)
        for species in SPECIES:
            check.range(who, f"residents.{species}", player.residents.count(species), 0,
                        SPECIES_IN_BOX[species])
        for name in (*COUNT_FIELDS, "free_sectors"):
            check.range(who, name, getattr(player, name), 0, SANE_COUNT)
        check.range(who, "points", player.points, -SANE_POINTS, SANE_POINTS)
        _check_level3(check, who, [(i, s.id) for i, s in enumerate(player.level3)],
                      len(player.level3), player.sectors.level3)
        _check_free_sectors(check, who, player.free_sectors, player.sectors.level1)
        _check_build_order(check, who, player)
    _check_supplies(check, sheet)
    return tuple(check.problems)


def _check_build_order(check: _Checker, who: str, player: PlayerSheet) -> None:
    """Each wing builds Level 1, then 2, then 3 (Hub A-9 lifts the order); a full Sector is
    a built one."""
    built = player.sectors
    if player.hub != "A-9":
        if built.level2 > built.level1:
            check.add(who, "sectors.2", f"{_count(built.level2, 'Level-2 Sector')} over "
                      f"{built.level1} at Level 1: each needs a Level-1 below it (only Hub A-9 "
                      "lifts the order)")
        if built.level3 > built.level2:
            check.add(who, "sectors.3", f"{_count(built.level3, 'Level-3 Sector')} over "
                      f"{built.level2} at Level 2: each needs a Level-2 below it (only Hub A-9 "
                      "lifts the order)")
    total = built.level1 + built.level2 + built.level3
    if player.full_sectors > total:
        check.add(who, "full_sectors", f"{player.full_sectors} full Sectors but {total} built; "
                  f"allowed: 0 to {total}")


def _check_supplies(check: _Checker, sheet: ScoreSheet) -> None:
    """Across the table: 25 Aliens of each colour exist; Humans come from Terra, which holds
    16, 20 or 24 for 2, 3 or 4 players."""
    if not MIN_PLAYERS <= len(sheet.players) <= MAX_PLAYERS:
        return
    terra = setup_for(len(sheet.players)).humans_on_terra
    for species in SPECIES:
        held = sum(p.residents.count(species) for p in sheet.players)
        supply = terra if species == "human" else SPECIES_IN_BOX[species]
        if held > supply:
            what = (f"Humans (Terra holds {supply} with {len(sheet.players)} players)"
                    if species == "human" else f"{species} Aliens (the game has {supply})")
            check.add(None, f"residents.{species}", f"the players hold {held} {what} together; "
                      f"allowed: {supply} at most across the table")


# --- parsing -----------------------------------------------------------------------------------


def parse_score_sheet(data: object) -> ScoreSheet:
    """Build a ScoreSheet from parsed JSON/TOML; raise ScoreInputError listing every problem."""
    check = _Checker()
    if not isinstance(data, Mapping):
        check.add(None, "file", f"the top level must be an object with \"players\", got "
                  f"{type(data).__name__}")
        raise ScoreInputError(check.problems)
    check.keys(None, "", data, ("players",), ("settings",))
    settings = _parse_settings(check, data.get("settings"))
    raw_players = data.get("players")
    if "players" in data and not isinstance(raw_players, list):
        check.add(
            None, "players", f"must be a list of 2 to 4 players, got {_describe(raw_players)}"
        )
    players_data = raw_players if isinstance(raw_players, list) else []
    names = [_name_of(entry) for entry in players_data]
    if "players" in data and isinstance(raw_players, list):
        _check_roster(check, names)
    players: list[PlayerSheet] = []
    for index, entry in enumerate(players_data):
        player = _parse_player(check, index, entry, names[index])
        if player is not None:
            players.append(player)
    if check.problems:
        raise ScoreInputError(check.problems)
    sheet = ScoreSheet(tuple(players), settings)
    problems = check_sheet(sheet)  # the whole table: supplies, build order, full Sectors
    if problems:
        raise ScoreInputError(problems)
    return sheet


def _name_of(entry: object) -> str | None:
    if isinstance(entry, Mapping):
        name = entry.get("name")
        if isinstance(name, str) and name.strip():
            return name.strip()
    return None


def _parse_settings(check: _Checker, raw: object) -> ScoreSettings:
    if raw is None:
        return ScoreSettings()
    if not isinstance(raw, Mapping):
        check.add(None, "settings", f"must be an object, got {_describe(raw)}")
        return ScoreSettings()
    check.keys(None, "settings", raw, (), SETTING_FIELDS)
    values: dict[str, bool | None] = {}
    for key in SETTING_FIELDS:
        value = raw.get(key)
        if value is not None and not isinstance(value, bool):
            check.add(None, f"settings.{key}", f"must be true, false or null (not decided), "
                      f"got {_describe(value)}")
            value = None
        values[key] = value
    return ScoreSettings(**values)


def _parse_player(
    check: _Checker, index: int, entry: object, name: str | None
) -> PlayerSheet | None:
    who = name or f"player {index + 1}"
    if not isinstance(entry, Mapping):
        check.add(who, "player", f"must be an object with the player's fields, got "
                  f"{_describe(entry)}")
        return None
    before = len(check.problems)
    check.keys(who, "", entry, PLAYER_FIELDS, OPTIONAL_PLAYER_FIELDS)
    if "name" in entry and name is None:
        check.add(who, "name", f"must be a non-empty text, got {_describe(entry.get('name'))}")
    points = (check.whole(who, "points", entry.get("points"), -SANE_POINTS, SANE_POINTS)
              if "points" in entry else None)
    sectors = _parse_levels(check, who, entry.get("sectors")) if "sectors" in entry else None
    residents = None
    if "residents" in entry:
        residents = _parse_residents(check, who, entry.get("residents"))
    hub = _parse_hub(check, who, entry.get("hub")) if "hub" in entry else None
    counts = {
        key: check.whole(who, key, entry.get(key), 0, SANE_COUNT)
        for key in COUNT_FIELDS if key in entry
    }
    for key, hubs in NEEDED_BY.items():
        if key not in entry:
            if hub in hubs:
                check.add(who, key, f"needed by Hub {hub}; give a whole number, 0 or more")
            counts[key] = 0
    free = check.whole(who, "free_sectors", entry.get("free_sectors", 0))
    if "level3" in entry:
        level3 = _parse_level3(check, who, entry.get("level3"), sectors)
    else:
        level3 = ()
        if sectors is not None and sectors.level3:
            check.add(who, "level3", f"{sectors.level3} Level-3 Sectors built: list each one "
                      "as {\"id\": \"3xx\", \"occupied\": true/false}")
    if free is not None and sectors is not None:
        _check_free_sectors(check, who, free, sectors.level1)
    if len(check.problems) > before or name is None:
        return None
    assert points is not None and sectors and residents and hub and level3 is not None
    assert free is not None
    return PlayerSheet(
        name=name,
        points=points,
        sectors=sectors,
        residents=residents,
        hub=hub,
        level3=level3,
        ships_left=_known(counts["ships_left"]),
        full_sectors=_known(counts["full_sectors"]),
        gems=_known(counts["gems"]),
        food=_known(counts["food"]),
        water=_known(counts["water"]),
        metal=_known(counts["metal"]),
        free_sectors=free,
    )


def _known(value: int | None) -> int:
    assert value is not None  # only called once every field parsed without a problem
    return value


def _parse_levels(check: _Checker, who: str, raw: object) -> SectorsBuilt | None:
    if not isinstance(raw, Mapping):
        check.add(who, "sectors", f"must be an object {{\"1\": n1, \"2\": n2, \"3\": n3}}, "
                  f"got {_describe(raw)}")
        return None
    check.keys(who, "sectors", raw, LEVEL_KEYS)
    levels = [
        check.whole(who, f"sectors.{key}", raw[key], 0, MAX_SECTORS_PER_LEVEL)
        for key in LEVEL_KEYS
        if key in raw
    ]
    if len(levels) != len(LEVEL_KEYS) or any(level is None for level in levels):
        return None
    n1, n2, n3 = (_known(level) for level in levels)
    return SectorsBuilt(n1, n2, n3)


def _parse_residents(check: _Checker, who: str, raw: object) -> Residents | None:
    if not isinstance(raw, Mapping):
        check.add(who, "residents", f"must be an object with {', '.join(SPECIES)}, "
                  f"got {_describe(raw)}")
        return None
    check.keys(who, "residents", raw, SPECIES)
    counts = {
        species: check.whole(who, f"residents.{species}", raw[species], 0, SPECIES_IN_BOX[species])
        for species in SPECIES
        if species in raw
    }
    if len(counts) != len(SPECIES) or any(value is None for value in counts.values()):
        return None
    return Residents(**{species: _known(value) for species, value in counts.items()})


def _parse_hub(check: _Checker, who: str, raw: object) -> str | None:
    if not isinstance(raw, str):
        check.add(who, "hub", f"must be a Hub id ({HUBS_ALLOWED}), got {_describe(raw)}")
        return None
    hub = hub_id(raw)
    if hub is None:
        check.add(who, "hub", f"unknown Hub {raw!r}; allowed: {HUBS_ALLOWED}")
    return hub


def _parse_level3(
    check: _Checker, who: str, raw: object, sectors: SectorsBuilt | None
) -> tuple[Level3Sector, ...] | None:
    if not isinstance(raw, list):
        check.add(who, "level3", f"must be a list of {{\"id\": \"3xx\", \"occupied\": true/false}}"
                  f", got {_describe(raw)}")
        return None
    before = len(check.problems)
    parsed: list[tuple[int, str, bool]] = []
    for index, item in enumerate(raw):
        field = f"level3[{index}]"
        if not isinstance(item, Mapping):
            check.add(who, field, f"must be an object {{\"id\": \"3xx\", \"occupied\": true/false}}"
                      f", got {_describe(item)}")
            continue
        check.keys(who, field, item, ("id", "occupied"))
        raw_id = item.get("id")
        sector_id = str(raw_id).strip() if isinstance(raw_id, str | int) and not isinstance(
            raw_id, bool) else None
        if "id" in item and sector_id is None:
            check.add(who, f"{field}.id", f"must be a Level-3 Sector number ({LEVEL3_ALLOWED}), "
                      f"got {_describe(raw_id)}")
        occupied = item.get("occupied")
        if "occupied" in item and not isinstance(occupied, bool):
            check.add(who, f"{field}.occupied", f"must be true or false, got {_describe(occupied)}")
        if sector_id is not None:
            parsed.append((index, sector_id, occupied is True))
    ids = [(index, sector_id) for index, sector_id, _ in parsed]
    _check_level3(check, who, ids, len(raw), sectors.level3 if sectors else None)
    if len(check.problems) > before:
        return None
    return tuple(Level3Sector(sector_id, occupied) for _, sector_id, occupied in parsed)


def sheet_to_data(sheet: ScoreSheet) -> dict[str, Any]:
    """A sheet in the documented file shape: ``parse_score_sheet`` reads it back unchanged."""
    players = []
    for p in sheet.players:
        players.append({
            "name": p.name, "points": p.points,
            "sectors": {"1": p.sectors.level1, "2": p.sectors.level2, "3": p.sectors.level3},
            "residents": {s: p.residents.count(s) for s in SPECIES},
            "hub": p.hub,
            "level3": [{"id": s.id, "occupied": s.occupied} for s in p.level3],
            "ships_left": p.ships_left, "full_sectors": p.full_sectors, "gems": p.gems,
            "food": p.food, "water": p.water, "metal": p.metal,
            "free_sectors": p.free_sectors,
        })
    settings = {k: getattr(sheet.settings, k) for k in SETTING_FIELDS}
    return {"players": players, "settings": settings}
