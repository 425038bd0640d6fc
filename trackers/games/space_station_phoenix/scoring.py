"""Space Station Phoenix end-game score calculator (spec space-station-phoenix §7).

Pure: a ScoreSheet in, a ScoreResult out. Every computed cell carries a one-line reason. A value
the rulebook leaves open (spec §10) comes from ScoreSettings; while it is unset the cell counts
only the certain part and the result lists the open question in ``ScoreResult.unset``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trackers.games.space_station_phoenix.plurality import join_names, plurality_lines
from trackers.games.space_station_phoenix.station import (
    ALIEN_SPECIES,
    HUB_BONUSES,
    LEVEL3_BONUSES,
    SECTOR_315,
    SECTOR_315_AS_B4,
    SECTOR_POINTS,
    SPECIES,
    BonusCounts,
)

# Rows of the score sheet, in the rulebook's order (spec §7.2: in-game, A, B, C x5, D, E).
CATEGORIES: tuple[str, ...] = (
    "in_game",
    "sectors",
    "residents",
    "plurality_teal",
    "plurality_pink",
    "plurality_brown",
    "plurality_gold",
    "plurality_human",
    "hub_bonus",
    "sector_bonus",
    "leftovers",
)

# spec §7.2 category E.
GEMS_PER_POINT = 20
RESOURCES_PER_POINT = 5
RESIDENT_POINTS = 2


@dataclass(frozen=True)
class Residents:
    """Residents on the whole station, Hub spaces included (spec §7.1)."""

    teal: int
    pink: int
    brown: int
    gold: int
    human: int

    def count(self, species: str) -> int:
        if species not in SPECIES:
            raise ValueError(f"unknown species {species!r}; allowed: {', '.join(SPECIES)}")
        value: int = getattr(self, species)
        return value

    @property
    def aliens(self) -> int:
        return self.teal + self.pink + self.brown + self.gold

    @property
    def total(self) -> int:
        return self.aliens + self.human


@dataclass(frozen=True)
class SectorsBuilt:
    """Sectors on the station by level (spec §7.1: n1, n2, n3)."""

    level1: int
    level2: int
    level3: int

    @property
    def total(self) -> int:
        return self.level1 + self.level2 + self.level3


@dataclass(frozen=True)
class Level3Sector:
    """One Level-3 Sector on the station and whether its endgame-bonus quarters are occupied."""

    id: str
    occupied: bool


@dataclass(frozen=True)
class PlayerSheet:
    """One player's end-game inputs (spec §7.1)."""

    name: str
    points: int  # in-game points from the score track, laps included; may be negative
    sectors: SectorsBuilt
    residents: Residents
    hub: str
    level3: tuple[Level3Sector, ...]
    ships_left: int
    full_sectors: int  # Sectors with every living quarter filled (B-5)
    gems: int
    food: int
    water: int
    metal: int
    # Level-1 Sectors gained free (Hubs B-6..B-11, Sector 326); only A-6 asks (spec §10.14).
    free_sectors: int = 0


@dataclass(frozen=True)
class ScoreSettings:
    """Rulings the rulebook text leaves to the table (spec §10). None means not decided."""

    sector_315_copies_b4: bool | None = None  # spec §10.15
    free_sectors_count_as_built: bool | None = None  # spec §10.14


@dataclass(frozen=True)
class ScoreSheet:
    """The whole table's inputs, players in seat order."""

    players: tuple[PlayerSheet, ...]
    settings: ScoreSettings = field(default_factory=ScoreSettings)


@dataclass(frozen=True)
class Cell:
    """One computed cell of the sheet and its one-line explanation."""

    category: str
    points: int
    why: str


@dataclass(frozen=True)
class Unset:
    """An open ruling (spec §10) that would change a player's score once the table decides."""

    player: str
    setting: str
    why: str


@dataclass(frozen=True)
class PlayerScore:
    """A player's column: one Cell per category, the total, and the tiebreaker counts."""

    name: str
    cells: tuple[Cell, ...]
    total: Cell
    aliens: int
    humans: int

    def cell(self, category: str) -> Cell:
        for cell in self.cells:
            if cell.category == category:
                return cell
        raise KeyError(f"unknown category {category!r}; allowed: {', '.join(CATEGORIES)}")

    def points(self) -> dict[str, int]:
        """Category -> points, in sheet order (total not included)."""
        return {cell.category: cell.points for cell in self.cells}


@dataclass(frozen=True)
class ScoreResult:
    """The scored sheet: players in seat order, the winner(s) and any open rulings."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    winner_why: str
    unset: tuple[Unset, ...] = ()

    def player(self, name: str) -> PlayerScore:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(f"no player named {name!r}")


def _plurality_cells(players: Sequence[PlayerSheet], species: str) -> list[Cell]:
    counts = [p.residents.count(species) for p in players]
    lines = plurality_lines([p.name for p in players], counts, species)
    return [Cell(f"plurality_{species}", award, why) for award, why in lines]


# --- categories A, B, D, E --------------------------------------------------------------------


def _sector_cell(player: PlayerSheet) -> Cell:
    s = player.sectors
    points = SECTOR_POINTS[1] * s.level1 + SECTOR_POINTS[2] * s.level2 + SECTOR_POINTS[3] * s.level3
    why = (
        f"{SECTOR_POINTS[1]}×{s.level1} + {SECTOR_POINTS[2]}×{s.level2} + "
        f"{SECTOR_POINTS[3]}×{s.level3} = {points}"
    )
    return Cell("sectors", points, why)


def _resident_cell(player: PlayerSheet) -> Cell:
    r = player.residents
    points = RESIDENT_POINTS * r.total
    def one_kind(species: str) -> str:
        count = r.count(species)
        if species == "human":
            return f"{count} Human" + ("" if count == 1 else "s")
        return f"{count} {species}"

    detail = ", ".join(one_kind(s) for s in SPECIES)
    many = "resident" if r.total == 1 else "residents"
    why = f"{RESIDENT_POINTS} × {r.total} {many} ({detail}) = {points}"
    return Cell("residents", points, why)


def _bonus_counts(player: PlayerSheet, settings: ScoreSettings) -> BonusCounts:
    built = player.sectors.total
    if player.free_sectors and settings.free_sectors_count_as_built is not True:
        built -= player.free_sectors  # only the certain part while the ruling is open or "no"
    r = player.residents
    return BonusCounts(
        teal=r.teal,
        pink=r.pink,
        brown=r.brown,
        gold=r.gold,
        human=r.human,
        level3_built=player.sectors.level3,
        sectors_built=built,
        ships_left=player.ships_left,
        full_sectors=player.full_sectors,
        metal=player.metal,
    )


def _hub_cell(player: PlayerSheet, settings: ScoreSettings) -> tuple[Cell, list[Unset]]:
    rule = HUB_BONUSES.get(player.hub)
    if rule is None:
        return Cell("hub_bonus", 0, f"{player.hub}: no endgame bonus = 0"), []
    points, working = rule.formula(_bonus_counts(player, settings))
    unset: list[Unset] = []
    if player.hub == "A-6" and player.free_sectors:
        ruling = settings.free_sectors_count_as_built
        if ruling is None:
            working += f" (not counting {player.free_sectors} free; ruling unset)"
            unset.append(
                Unset(
                    player.name,
                    "free_sectors_count_as_built",
                    f"A-6 would add {player.free_sectors} more if free Sectors count as built "
                    "(the rulebook leaves it open)",
                )
            )
        elif ruling is False:
            working += f" (free Sectors not counted: {player.free_sectors})"
    return Cell("hub_bonus", points, f"{player.hub}: {rule.pays}: {working}"), unset


def _sector_bonus_cell(player: PlayerSheet, settings: ScoreSettings) -> tuple[Cell, list[Unset]]:
    if not player.level3:
        return Cell("sector_bonus", 0, "no Level-3 Sectors listed = 0"), []
    counts = _bonus_counts(player, settings)
    parts: list[str] = []
    unset: list[Unset] = []
    total = 0
    for sector in player.level3:
        rule = LEVEL3_BONUSES.get(sector.id)
        if sector.id == SECTOR_315:
            if not sector.occupied:
                parts.append(f"{sector.id}: not occupied, 0")
                continue
            ruling = settings.sector_315_copies_b4
            if ruling is None:
                points, _ = SECTOR_315_AS_B4.formula(counts)
                parts.append(f"{sector.id}: 0 until the table rules whether it copies B-4's bonus")
                unset.append(
                    Unset(
                        player.name,
                        "sector_315_copies_b4",
                        f"315 would add {points} if it copies B-4's 1 per Human (the rulebook "
                        "leaves it open)",
                    )
                )
                continue
            if ruling is False:
                parts.append(f"{sector.id}: ruled not to copy B-4's bonus, 0")
                continue
            rule = SECTOR_315_AS_B4
        if rule is None:
            parts.append(f"{sector.id}: no endgame bonus")
            continue
        if not sector.occupied:
            parts.append(f"{sector.id} ({rule.pays}): not occupied, 0")
            continue
        points, working = rule.formula(counts)
        total += points
        parts.append(f"{sector.id} ({rule.pays}): {working}")
    return Cell("sector_bonus", total, "; ".join(parts) + f"; total {total}"), unset


def _leftover_cell(player: PlayerSheet) -> Cell:
    gem_points = player.gems // GEMS_PER_POINT
    resources = player.food + player.water + player.metal
    resource_points = resources // RESOURCES_PER_POINT
    points = gem_points + resource_points
    why = (
        f"{player.gems} GEMs / {GEMS_PER_POINT} rounded down = {gem_points}; {resources} "
        f"resources ({player.food} food + {player.water} water + {player.metal} metal) "
        f"/ {RESOURCES_PER_POINT} rounded down = {resource_points}; {gem_points} + "
        f"{resource_points} = {points}"
    )
    return Cell("leftovers", points, why)


# --- winner ------------------------------------------------------------------------------------


def _winners(players: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str]:
    """spec §7.2: highest total; then most Aliens; then most Humans; then a shared win."""
    best = max(p.total.points for p in players)
    tied = [p for p in players if p.total.points == best]
    if len(tied) == 1:
        return (tied[0].name,), f"highest total, {best}"
    steps = [f"{join_names([p.name for p in tied])} tie on {best}"]
    for label, key in (("Aliens", "aliens"), ("Humans", "humans")):
        counts = ", ".join(f"{p.name} {getattr(p, key)}" for p in tied)
        most = max(getattr(p, key) for p in tied)
        tied = [p for p in tied if getattr(p, key) == most]
        if len(tied) == 1:
            steps.append(f"most {label}: {counts}, so {tied[0].name} wins")
            return (tied[0].name,), "; ".join(steps)
        steps.append(f"{label}: {counts}")
    names = tuple(p.name for p in tied)
    steps.append(f"still tied, so {join_names(list(names))} share the victory")
    return names, "; ".join(steps)


# --- the calculator ----------------------------------------------------------------------------


def score(sheet: ScoreSheet) -> ScoreResult:
    """Score every player (spec §7.2 categories in-game, A-E) and name the winner(s)."""
    players = sheet.players
    if not players:
        raise ValueError("players: at least one player is needed to score")
    plurality = {s: _plurality_cells(players, s) for s in SPECIES}
    scored: list[PlayerScore] = []
    unset: list[Unset] = []
    for index, player in enumerate(players):
        hub, hub_unset = _hub_cell(player, sheet.settings)
        bonus, bonus_unset = _sector_bonus_cell(player, sheet.settings)
        unset += hub_unset + bonus_unset
        cells = (
            Cell("in_game", player.points, f"in-game points on the score track = {player.points}"),
            _sector_cell(player),
            _resident_cell(player),
            *(plurality[s][index] for s in SPECIES),
            hub,
            bonus,
            _leftover_cell(player),
        )
        total = sum(cell.points for cell in cells)
        sum_text = " + ".join(str(cell.points) for cell in cells).replace("+ -", "- ")
        scored.append(
            PlayerScore(
                name=player.name,
                cells=cells,
                total=Cell("total", total, f"{sum_text} = {total}"),
                aliens=sum(player.residents.count(s) for s in ALIEN_SPECIES),
                humans=player.residents.human,
            )
        )
    winners, why = _winners(scored)
    if unset:
        why += " (provisional: open rulings listed below the sheet)"
    return ScoreResult(tuple(scored), winners, why, tuple(unset))
