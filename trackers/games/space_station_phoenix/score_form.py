"""The Space Station Phoenix score sheet as typed on a screen: text cells in, a scored sheet out.

Pure. Players are columns and ``ROWS`` are the sheet's rows: the inputs of spec
space-station-phoenix §7.1 with each category's result (§7.2) below the inputs it uses. Every
cell holds the text as typed; ``evaluate`` reads it, runs ``score_input.check_sheet`` and
``scoring.score``, and names each problem by player and row. A Hub not chosen yet is not a
problem: it is shown as unset and its bonus counts 0 until it is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from trackers.engine.game import name_problem
from trackers.games.space_station_phoenix.score_export import unset_lines
from trackers.games.space_station_phoenix.score_input import (
    NEEDED_BY,
    SETTING_FIELDS,
    Problem,
    check_sheet,
)
from trackers.games.space_station_phoenix.scoring import (
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreResult,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
    score,
)
from trackers.games.space_station_phoenix.station import (
    HUB_BONUSES,
    HUB_IDS,
    LEVEL3_BONUSES,
    SECTOR_315,
    SPECIES,
    SPECIES_IN_BOX,
    hub_id,
)

MAX_PLAYERS = 4
MIN_PLAYERS = 2
LEVEL3_SLOTS = 3  # spec §1: at most 3 Level-3 Sectors (one per wing)


@dataclass(frozen=True)
class Row:
    """One row of the sheet: an input (``kind`` int/signed/hub/level3/optional) or a result."""

    key: str  # the input field ("sectors.1", "level3.0") or "=<category>" for a result row
    label: str
    kind: str
    hint: str = ""

    @property
    def is_input(self) -> bool:
        return not self.key.startswith("=")

    @property
    def category(self) -> str:
        return self.key[1:]


def _count(key: str, label: str, high: int | None = None) -> Row:
    allowed = f"0 to {high}" if high is not None else "0 or more"
    return Row(key, label, "int", f"a whole number, {allowed}")


ROWS: tuple[Row, ...] = (
    Row("points", "In-game points", "signed", "the score track, laps included; - flips the sign"),
    _count("sectors.1", "Sectors, level 1", 3),
    _count("sectors.2", "Sectors, level 2", 3),
    _count("sectors.3", "Sectors, level 3", 3),
    Row("=sectors", "= A. Sectors", "result"),
    *(_count(f"residents.{s}", f"{s.capitalize() if s != 'human' else 'Humans'}"
             + (" Aliens" if s != "human" else ""), SPECIES_IN_BOX[s]) for s in SPECIES),
    Row("=residents", "= B. Residents", "result"),
    *(Row(f"=plurality_{s}", f"= C. Most {s if s != 'human' else 'Humans'}", "result")
      for s in SPECIES),
    Row("hub", "Station Hub", "hub", "B-1 to B-12 or A-1 to A-12: type a or b, then digits"),
    # Free Level-1 Sectors change a score only through Hub A-6's bonus, so the row sits here.
    Row("free_sectors", "Free Level-1 Sectors", "int",
        "Level-1 Sectors gained free (Hubs B-6 to B-11, Sector 326), 0 to 3; only Hub A-6's "
        "bonus asks"),
    Row("ships_left", "Ships left", "optional", "a whole number, 0 or more (A-1 and A-4 use it)"),
    Row("full_sectors", "Full Sectors", "optional",
        "Sectors with every living quarter full, 0 or more (B-5 uses it)"),
    *(Row(f"level3.{i}", f"Level-3 Sector {i + 1}", "level3",
          "301-308, 311-318, 321-328; o: occupied or not; blank: none") for i in range(3)),
    Row("=hub_bonus", "= D. Hub bonus", "result"),
    Row("=sector_bonus", "= D. Level-3 bonus", "result"),
    _count("gems", "GEMs"),
    _count("food", "Food"),
    _count("water", "Water"),
    _count("metal", "Metal"),
    Row("=leftovers", "= E. Leftovers", "result"),
    Row("=total", "= Total", "result"),
)
INPUT_ROWS: tuple[Row, ...] = tuple(r for r in ROWS if r.is_input)
ROW_BY_KEY: dict[str, Row] = {r.key: r for r in ROWS}


def blank_texts() -> dict[str, str]:
    """A new player's column: counts at 0; Hub, ships, full Sectors and Level-3 blank."""
    texts = {row.key: "0" for row in INPUT_ROWS}
    for row in INPUT_ROWS:
        if row.kind in ("hub", "optional", "level3"):
            texts[row.key] = ""
    return texts


@dataclass(frozen=True)
class CellProblem:
    """A problem tied to one player's row (``row`` None: the whole column or sheet)."""

    player: int | None
    row: str | None
    text: str


@dataclass(frozen=True)
class Evaluation:
    """What the typed sheet gives: a result when it can be scored, else the problems."""

    result: ScoreResult | None
    problems: tuple[CellProblem, ...]
    unset: tuple[str, ...]
    sheet: ScoreSheet | None = None  # the sheet scored (None when there are problems)
    # With problems: the columns they leave unknown, and the others' scores meanwhile (a
    # bad cell of one player leaves every other player's own categories as they are; a
    # residents count or a whole-sheet problem moves the pluralities: every column waits)
    blocked: frozenset[int] = frozenset()
    partial: ScoreResult | None = None

    def column_known(self, player: int) -> ScoreResult | None:
        """The result that scores ``player``'s column now, or None while it waits."""
        if self.result is not None:
            return self.result
        return None if player in self.blocked else self.partial


@dataclass
class ScoreForm:
    """Player names and the text of every input cell, plus the table's rulings (spec §10)."""

    names: list[str]
    texts: list[dict[str, str]]
    occupied: list[list[bool]]
    settings: ScoreSettings = field(default_factory=ScoreSettings)

    @classmethod
    def blank(cls, players: int = MIN_PLAYERS) -> ScoreForm:
        return cls([f"Player {i + 1}" for i in range(players)],
                   [blank_texts() for _ in range(players)],
                   [[False] * LEVEL3_SLOTS for _ in range(players)])

    @classmethod
    def from_sheet(cls, sheet: ScoreSheet) -> ScoreForm:
        """A form holding a sheet's values; 0 ships and 0 full Sectors read as not entered."""
        form = cls([], [], [], sheet.settings)
        for p in sheet.players[:MAX_PLAYERS]:
            texts = blank_texts()
            texts.update({"points": str(p.points), "sectors.1": str(p.sectors.level1),
                          "sectors.2": str(p.sectors.level2), "sectors.3": str(p.sectors.level3),
                          "free_sectors": str(p.free_sectors), "hub": p.hub,
                          "gems": str(p.gems), "food": str(p.food), "water": str(p.water),
                          "metal": str(p.metal)})
            texts.update({f"residents.{s}": str(p.residents.count(s)) for s in SPECIES})
            for key in NEEDED_BY:
                value = getattr(p, key)
                texts[key] = str(value) if value else ""
            occupied = [False] * LEVEL3_SLOTS
            for i, sector in enumerate(p.level3[:LEVEL3_SLOTS]):
                texts[f"level3.{i}"] = sector.id
                occupied[i] = sector.occupied
            form.names.append(p.name)
            form.texts.append(texts)
            form.occupied.append(occupied)
        while len(form.names) < MIN_PLAYERS:
            form.add_player(f"Player {len(form.names) + 1}")
        return form

    # --- keeping it -------------------------------------------------------------------
    def to_data(self) -> dict[str, object]:
        """Everything typed, as plain data (a draft that comes back exactly as it was)."""
        return {"names": list(self.names), "texts": [dict(t) for t in self.texts],
                "occupied": [list(o) for o in self.occupied],
                "settings": {k: getattr(self.settings, k) for k in SETTING_FIELDS}}

    @classmethod
    def from_data(cls, data: object) -> ScoreForm | None:
        """A form from ``to_data``'s output; None when the data is not one (a damaged or
        older draft is dropped rather than half read)."""
        try:
            assert isinstance(data, dict)
            names = [str(n) for n in data["names"]]
            texts = [{row.key: str(t.get(row.key, "")) for row in INPUT_ROWS}
                     for t in data["texts"]]
            occupied = [[bool(x) for x in o][:LEVEL3_SLOTS] for o in data["occupied"]]
            settings = ScoreSettings(**{k: data["settings"].get(k) for k in SETTING_FIELDS})
        except (AssertionError, KeyError, TypeError, AttributeError, ValueError):
            return None
        if not (MIN_PLAYERS <= len(names) <= MAX_PLAYERS
                and len(names) == len(texts) == len(occupied)):
            return None
        occupied = [o + [False] * (LEVEL3_SLOTS - len(o)) for o in occupied]
        return cls(names, texts, occupied, settings)

    # --- editing -----------------------------------------------------------------------
    def add_player(self, name: str) -> None:
        if len(self.names) >= MAX_PLAYERS:
            raise ValueError(f"players: at most {MAX_PLAYERS}")
        self.names.append(name)
        self.texts.append(blank_texts())
        self.occupied.append([False] * LEVEL3_SLOTS)

    def remove_player(self, index: int) -> None:
        if len(self.names) <= MIN_PLAYERS:
            raise ValueError(f"players: at least {MIN_PLAYERS}")
        for column in (self.names, self.texts, self.occupied):
            del column[index]

    def name_problem(self, index: int | None, name: str) -> str | None:
        """Why ``name`` cannot be used for player ``index`` (None: a new player)."""
        name = name.strip()
        problem = name_problem(name)  # the one rule for a player's name everywhere
        if problem:
            return f"name: {problem}"
        others = [n.casefold() for i, n in enumerate(self.names) if i != index]
        if name.casefold() in others:
            return f"name: {name!r} is already a player; each name must be different"
        return None

    def cell_text(self, player: int, key: str) -> str:
        """What a cell shows: the typed text; Level-3 cells also say occupied or empty."""
        text = self.texts[player][key]
        if key.startswith("level3.") and text:
            slot = int(key.split(".")[1])
            return f"{text} {'occ' if self.occupied[player][slot] else 'empty'}"
        return text

    def toggle_occupied(self, player: int, key: str) -> bool:
        slot = int(key.split(".")[1])
        self.occupied[player][slot] = not self.occupied[player][slot]
        return self.occupied[player][slot]

    # --- reading -----------------------------------------------------------------------
    def evaluate(self) -> Evaluation:
        """Score the sheet, or list every problem (naming player and row) and score nothing."""
        problems: list[CellProblem] = []
        players = [self._read_player(index, problems) for index in range(len(self.names))]
        sheet = ScoreSheet(tuple(players), self.settings)
        for problem in check_sheet(sheet):
            if problem.field == "hub":
                continue  # read above: blank is unset, an unknown id is already reported
            problems.append(self._locate(problem))
        if problems:
            return self._partly(sheet, tuple(problems))
        result = score(sheet)
        unset = [f"{name}: Hub not chosen yet, so its endgame bonus counts 0"
                 for name, texts in zip(self.names, self.texts, strict=True) if not texts["hub"]]
        # A Level-3 bonus counts only while occupied, and a typed number starts empty: say so,
        # or "308" typed without o silently scores nothing.
        unset += [f"{player.name}: {sector.id} is empty, so its bonus "
                  f"({LEVEL3_BONUSES[sector.id].pays}) counts 0; o marks it occupied"
                  for player in sheet.players for sector in player.level3
                  if not sector.occupied and sector.id in LEVEL3_BONUSES]
        return Evaluation(result, (), (*unset, *unset_lines(result, _decide_on_screen)), sheet)

    def _partly(self, sheet: ScoreSheet, problems: tuple[CellProblem, ...]) -> Evaluation:
        """The problems, and the columns they do not touch scored meanwhile."""
        everyone = frozenset(range(len(self.names)))
        blocked = frozenset(p.player for p in problems if p.player is not None)
        if any(p.player is None or (p.row or "").startswith("residents.") for p in problems):
            blocked = everyone
        if blocked == everyone:
            return Evaluation(None, problems, (), blocked=blocked)
        # a waiting column is scored without its Level-3 Sectors and Hub (a bad one there
        # must not stop the others); its own cells show "?" whatever it scores
        stand_in = ScoreSheet(tuple(replace(p, level3=(), hub="") if i in blocked else p
                                    for i, p in enumerate(sheet.players)), sheet.settings)
        try:
            partial = score(stand_in)
        except (ValueError, KeyError, IndexError, TypeError):
            return Evaluation(None, problems, (), blocked=everyone)
        return Evaluation(None, problems, (), blocked=blocked, partial=partial)

    def _index_of(self, who: str | None) -> int | None:
        if who in self.names:
            return self.names.index(who)
        if who and who.startswith("player "):
            return int(who.split()[1]) - 1
        return None

    def _locate(self, problem: Problem) -> CellProblem:
        index = self._index_of(problem.player)
        key = problem.field
        if key.startswith("level3[") and index is not None:
            listed = [k for k in (f"level3.{i}" for i in range(LEVEL3_SLOTS))
                      if self.texts[index][k]]
            position = int(key[len("level3["):].split("]")[0])
            key = listed[position] if position < len(listed) else "level3.0"
        elif key == "level3" and index is not None:
            # more Level-3 Sectors listed than built: the last one listed is the extra one
            listed = [k for k in (f"level3.{i}" for i in range(LEVEL3_SLOTS))
                      if self.texts[index][k]]
            key = listed[-1] if listed else "level3.0"
        row = ROW_BY_KEY.get(key)
        label = row.label.strip() if row else key
        who = f"{problem.player}: " if problem.player else ""
        return CellProblem(index, row.key if row else None, f"{who}{label}: {problem.message}")

    def _read_player(self, index: int, problems: list[CellProblem]) -> PlayerSheet:
        texts, name = self.texts[index], self.names[index]
        values: dict[str, int] = {}
        typed_hub = texts["hub"].strip()
        hub = hub_id(typed_hub) or typed_hub.upper()
        for row in INPUT_ROWS:
            text = texts[row.key].strip()
            if row.kind in ("hub", "level3"):
                continue
            if row.kind == "optional" and not text:
                if hub in NEEDED_BY[row.key]:
                    problems.append(CellProblem(index, row.key, f"{name}: {row.label}: needed by "
                                                f"Hub {hub}; allowed: {row.hint}"))
                values[row.key] = 0
                continue
            number = _whole(text, signed=row.kind == "signed")
            if number is None:
                got = f"got {text!r}" if text else "it is blank"
                problems.append(CellProblem(index, row.key, f"{name}: {row.label.strip()}: "
                                            f"{got}; allowed: {row.hint}"))
            # An unreadable cell stands in as 0 so the other checks still run on this column.
            values[row.key] = number or 0
        if hub and hub not in HUB_IDS:
            problems.append(CellProblem(index, "hub", f"{name}: Station Hub: unknown Hub "
                                        f"{texts['hub']!r}; allowed: B-1 to B-12 or A-1 to A-12"))
            hub = ""
        level3 = tuple(Level3Sector(texts[f"level3.{i}"].strip(), self.occupied[index][i])
                       for i in range(LEVEL3_SLOTS) if texts[f"level3.{i}"].strip())
        return PlayerSheet(
            name=name, points=values["points"],
            sectors=SectorsBuilt(values["sectors.1"], values["sectors.2"], values["sectors.3"]),
            residents=Residents(**{s: values[f"residents.{s}"] for s in SPECIES}),
            hub=hub, level3=level3, ships_left=values["ships_left"],
            full_sectors=values["full_sectors"], gems=values["gems"], food=values["food"],
            water=values["water"], metal=values["metal"], free_sectors=values["free_sectors"],
        )

    def with_settings(self, **changes: bool | None) -> ScoreSettings:
        self.settings = replace(self.settings, **changes)
        return self.settings


def _whole(text: str, *, signed: bool) -> int | None:
    digits = text[1:] if signed and text.startswith("-") else text
    return int(text) if digits.isdigit() else None


def explain(form: ScoreForm, result: ScoreResult, player: int, row: Row) -> str:
    """The one-line reason of a result cell (a Hub not chosen says so)."""
    scored = result.players[player]
    if row.category == "total":
        return f"total: {scored.total.why}"
    if row.category == "hub_bonus" and not form.texts[player]["hub"]:
        return "Hub not chosen yet = 0"
    return scored.cell(row.category).why


def _decide_on_screen(setting: str) -> str:
    return "ctrl+p, Ruling, decides it"


# Rows only some Hubs use (score_input.NEEDED_BY; free Sectors matter to A-6 alone): Enter
# passes them by once the column's Hub is known.
USED_ONLY_BY: dict[str, tuple[str, ...]] = {**NEEDED_BY, "free_sectors": ("A-6",)}


def unused_by_hub(form: ScoreForm, player: int, row: Row) -> bool:
    """True when the player's Hub is known and does not use this row."""
    hubs = USED_ONLY_BY.get(row.key)
    hub = hub_id(form.texts[player]["hub"])
    return hubs is not None and hub is not None and hub not in hubs


def describe_input(form: ScoreForm, player: int, row: Row) -> str:
    """What an input cell holds and what it allows; a Hub or Level-3 Sector names its bonus."""
    text = form.texts[player][row.key].strip()
    if row.kind == "hub" and text.upper() in HUB_IDS:
        rule = HUB_BONUSES.get(text.upper())
        return f"{text.upper()}: " + (f"endgame bonus {rule.pays}" if rule else
                                      "no endgame bonus")
    if row.kind == "level3" and text:
        rule = LEVEL3_BONUSES.get(text)
        if text == SECTOR_315:
            return "315: 'see Hub B-4': whether it copies B-4's bonus is a ruling (ctrl+p)"
        bonus = f"endgame bonus {rule.pays}, only while occupied" if rule else "no endgame bonus"
        return f"{text}: {bonus}; o marks it occupied or empty"
    return f"{text or 'blank'}; allowed: {row.hint}"
