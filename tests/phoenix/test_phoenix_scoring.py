"""End-game scoring: the rulebook's example, every tie rule and every bonus formula (spec §7-§9)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from trackers.games.space_station_phoenix.plurality import plurality_places
from trackers.games.space_station_phoenix.scoring import (
    CATEGORIES,
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreResult,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
    score,
)

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"  # ../shared/seeds
# The same table's figures transcribed for the project, so a clone without ../shared checks them.
EXAMPLE_TABLE = Path(__file__).resolve().parents[1] / "fixtures" / "phoenix_rulebook_example.tsv"


def player(
    name: str,
    *,
    points: int = 0,
    sectors: tuple[int, int, int] = (0, 0, 0),
    residents: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0),
    hub: str = "B-3",
    level3: tuple[tuple[str, bool], ...] = (),
    ships_left: int = 5,
    full_sectors: int = 0,
    gems: int = 0,
    food: int = 0,
    water: int = 0,
    metal: int = 0,
    free_sectors: int = 0,
) -> PlayerSheet:
    return PlayerSheet(
        name=name,
        points=points,
        sectors=SectorsBuilt(*sectors),
        residents=Residents(*residents),
        hub=hub,
        level3=tuple(Level3Sector(i, o) for i, o in level3),
        ships_left=ships_left,
        full_sectors=full_sectors,
        gems=gems,
        food=food,
        water=water,
        metal=metal,
        free_sectors=free_sectors,
    )


def rulebook_example() -> ScoreSheet:
    """spec §8.1, with the placeholders the spec gives for values the rulebook leaves out."""
    return ScoreSheet(
        (
            player("Anna", points=1, sectors=(3, 2, 2), residents=(7, 8, 0, 9, 1), hub="B-5",
                   level3=(("301", True), ("311", True)), full_sectors=7, gems=0,
                   food=2, water=2, metal=2),
            player("Beth", points=24, sectors=(3, 2, 2), residents=(5, 0, 5, 0, 11), hub="B-3",
                   level3=(("308", True), ("313", True)), gems=2, food=1, water=1),
            player("Connor", points=9, sectors=(3, 3, 3), residents=(3, 8, 10, 4, 0), hub="A-1",
                   level3=(("303", True), ("314", True), ("321", True)), ships_left=1, gems=22,
                   food=4, water=4, metal=3),
        )
    )


# spec §8.2, rows in CATEGORIES order: in-game, A, B, C teal/pink/brown/gold/Humans, D hub,
# D sectors, E.
EXPECTED_8_2 = {
    "Anna": (1, 44, 50, 10, 7, 0, 10, 5, 14, 0, 1),
    "Beth": (24, 44, 42, 5, 0, 5, 0, 10, 0, 11, 0),
    "Connor": (9, 60, 50, 0, 7, 10, 5, 0, 15, 0, 3),
}


def test_rulebook_example_gives_142_141_159_and_every_category() -> None:
    result = score(rulebook_example())
    for name, expected in EXPECTED_8_2.items():
        scored = result.player(name)
        assert tuple(scored.points()[c] for c in CATEGORIES) == expected, name
    assert [p.total.points for p in result.players] == [142, 141, 159]
    assert result.winners == ("Connor",)


def test_rulebook_example_explains_its_cells() -> None:
    result = score(rulebook_example())
    anna, beth, connor = result.players
    tied = "(10+5)/2 rounded down = 7"
    assert anna.cell("plurality_pink").why == f"pink: 8, tied first with Connor: {tied}"
    assert connor.cell("plurality_pink").why == f"pink: 8, tied first with Anna: {tied}"
    assert anna.cell("hub_bonus").why == "B-5: 2 per full Sector: 2 × 7 full Sectors = 14"
    assert beth.cell("hub_bonus").why == "B-3: no endgame bonus = 0"
    assert "313: no endgame bonus" in beth.cell("sector_bonus").why
    assert "308 (1 per Human): 11 Humans = 11" in beth.cell("sector_bonus").why
    assert anna.cell("plurality_human").why == "Humans: second with 1 behind Beth's 11 = 5"
    assert connor.cell("plurality_human").why == "Humans: has none, no place = 0"
    assert connor.cell("plurality_teal").why.endswith("= 0")
    assert connor.total.why.endswith("= 159")


# The rulebook's own table, read from the seed text (so the test checks the publisher's figures)
# and from our transcription of it (so a fresh clone checks them too).
_SEED_ROWS = {
    "Total In-Game Points": "in_game",
    "Total for Sectors Built": "sectors",
    "Residents (2 each)": "residents",
    "Pluralities: Humans": "plurality_human",
    "Pluralities: Whijinga (gold)": "plurality_gold",
    "Pluralities: Turkanshee (teal)": "plurality_teal",
    "Pluralities: Ensaroo (pink)": "plurality_pink",
    "Pluralities: Zonri (brown)": "plurality_brown",
    "Station Endgame Bonuses": "endgame",
    "Leftover GEMs & Resources": "leftovers",
    "TOTAL": "total",
}


@pytest.mark.parametrize("source", ["our transcription", "the rulebook text"])
def test_rulebook_example_matches_the_table_in_the_rulebook(source: str) -> None:
    if source == "our transcription":
        text = EXAMPLE_TABLE.read_text(encoding="utf-8")
    elif SEEDS.is_dir():
        text = (SEEDS / "002_97a8aabf345237c1.txt").read_text(encoding="utf-8")
    else:
        pytest.skip("needs the real rulebook texts in ../shared/seeds (not in this clone)")
    rows: dict[str, list[int]] = {}
    for line in text.splitlines():
        label, _, rest = line.partition("\t")
        if label in _SEED_ROWS and rest:
            cells = rest.split("\t") + ["", "", ""]
            rows[_SEED_ROWS[label]] = [int(c) if c.strip() else 0 for c in cells[:3]]
    assert len(rows) == len(_SEED_ROWS)
    result = score(rulebook_example())
    for index, scored in enumerate(result.players):
        pts = scored.points()
        assert rows["endgame"][index] == pts["hub_bonus"] + pts["sector_bonus"]
        assert rows["total"][index] == scored.total.points
        for key, values in rows.items():
            if key not in ("endgame", "total"):
                assert values[index] == pts[key], (scored.name, key)


# --- spec §9.1: every plurality tie rule ----------------------------------------------------

PLURALITY_CASES = [
    ("C1", (5, 3, 1), (10, 5, 0)),
    ("C2", (4, 4, 2), (7, 7, 0)),
    ("C3", (3, 3, 3), (5, 5, 5)),
    ("C4", (2, 2, 2, 2), (3, 3, 3, 3)),
    ("C5", (3, 3, 3, 2), (5, 5, 5, 0)),
    ("C6", (6, 6, 5, 1), (7, 7, 0, 0)),
    ("C7", (6, 2, 2), (10, 2, 2)),
    ("C8", (9, 1, 1, 1), (10, 1, 1, 1)),
    ("C9", (5, 2, 2, 0), (10, 2, 2, 0)),
    ("C10", (7, 4, 4, 1), (10, 2, 2, 0)),
    ("C11", (3, 0, 0), (10, 0, 0)),
    ("C12", (0, 0, 0, 0), (0, 0, 0, 0)),
    ("C13", (4, 4), (7, 7)),
    ("C14", (4, 1), (10, 5)),
    ("C15", (4, 0), (10, 0)),
    ("C16", (1, 1, 0), (7, 7, 0)),
]


@pytest.mark.parametrize(("case", "counts", "expected"), PLURALITY_CASES)
def test_plurality_tie_rules(case: str, counts: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert tuple(place.award for place in plurality_places(counts)) == expected, case


def _gold_sheet(counts: tuple[int, ...]) -> ScoreSheet:
    # The counts as gold Aliens on otherwise empty stations, players P1..P4.
    return ScoreSheet(tuple(player(f"P{i + 1}", residents=(0, 0, 0, c, 0))
                            for i, c in enumerate(counts)))


@pytest.mark.parametrize(("case", "counts", "expected"), PLURALITY_CASES)
def test_plurality_tie_rules_in_a_full_score(
    case: str, counts: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    result = score(_gold_sheet(counts))
    assert tuple(p.cell("plurality_gold").points for p in result.players) == expected, case


def _gold_whys(counts: tuple[int, ...]) -> list[str]:
    return [p.cell("plurality_gold").why for p in score(_gold_sheet(counts)).players]


def test_tie_for_first_between_three_explains_the_share_and_the_shut_out() -> None:
    whys = _gold_whys((3, 3, 3, 2))
    assert whys[0] == "gold: 3, tied first with P2 and P3: (10+5)/3 rounded down = 5"
    assert whys[3] == "gold: 2, but P1, P2 and P3 tied first with 3, so no second place = 0"


def test_tie_for_second_explains_the_split() -> None:
    whys = _gold_whys((7, 4, 4, 1))
    assert whys[0] == "gold: first with 7 = 10"
    assert whys[1] == "gold: 4, tied second with P3 behind P1's 7: 5/2 rounded down = 2"
    assert whys[3] == "gold: 1 is below second place (P2 and P3 with 4) = 0"


def test_species_nobody_has_and_a_player_with_none() -> None:
    assert _gold_whys((0, 0, 0)) == ["gold: nobody has any = 0"] * 3
    assert _gold_whys((3, 0, 0))[1] == "gold: has none, no place = 0"


# --- spec §9.2: winner tiebreakers -------------------------------------------------------------


def _tiebreak(totals: list[int], aliens: list[int], humans: list[int]) -> ScoreResult:
    # In-game points carry the total; Aliens are teal, Humans are Humans.
    players = []
    for i, (teal, human) in enumerate(zip(aliens, humans, strict=True)):
        players.append(player(f"P{i + 1}", residents=(teal, 0, 0, 0, human)))
    base = score(ScoreSheet(tuple(players)))
    adjusted = [
        replace(p, points=total - b.total.points)
        for p, b, total in zip(players, base.players, totals, strict=True)
    ]
    result = score(ScoreSheet(tuple(adjusted)))
    assert [p.total.points for p in result.players] == totals
    return result


def test_w1_more_aliens_wins() -> None:
    result = _tiebreak([100, 100, 90], [20, 18, 1], [0, 0, 0])
    assert result.winners == ("P1",)
    assert "most Aliens" in result.winner_why


def test_w2_aliens_tie_more_humans_wins() -> None:
    result = _tiebreak([100, 100], [20, 20], [3, 5])
    assert result.winners == ("P2",)
    assert "most Humans" in result.winner_why


def test_w3_shared_victory() -> None:
    result = _tiebreak([100, 100], [20, 20], [4, 4])
    assert result.winners == ("P1", "P2")
    assert "share the victory" in result.winner_why


def test_w4_aliens_compared_before_humans() -> None:
    result = _tiebreak([120, 120, 120], [15, 17, 17], [9, 0, 2])
    assert result.winners == ("P3",)


def test_highest_total_wins_outright() -> None:
    result = _tiebreak([101, 100], [0, 30], [0, 9])
    assert result.winners == ("P1",)
    assert result.winner_why == "highest total, 101"


# --- spec §9.3: full 4-player calculation -------------------------------------------------------


def four_player_sheet() -> ScoreSheet:
    return ScoreSheet(
        (
            player("Dana", points=30, sectors=(3, 2, 1), residents=(6, 5, 0, 2, 0), hub="B-10",
                   level3=(("313", True),), ships_left=3, gems=19, food=2, water=2),
            player("Eli", points=28, sectors=(3, 3, 2), residents=(6, 3, 4, 0, 0), hub="A-1",
                   level3=(("305", True), ("302", True)), ships_left=2, gems=40, food=1,
                   metal=7),
            player("Fay", points=27, sectors=(3, 2, 2), residents=(6, 3, 4, 0, 1), hub="B-5",
                   level3=(("308", True), ("317", False)), full_sectors=4, gems=5, water=3,
                   metal=2),
            player("Gus", points=41, sectors=(3, 3, 3), residents=(2, 3, 0, 0, 0), hub="B-1",
                   level3=(("306", True), ("316", False), ("326", True)), gems=25, food=5,
                   water=5, metal=4),
        )
    )


def test_four_player_calculation() -> None:
    result = score(four_player_sheet())
    grouped = {}
    for p in result.players:
        pts = p.points()
        grouped[p.name] = (
            pts["in_game"],
            pts["sectors"],
            pts["residents"],
            sum(pts[f"plurality_{s}"] for s in ("teal", "pink", "brown", "gold", "human")),
            pts["hub_bonus"] + pts["sector_bonus"],
            pts["leftovers"],
            p.total.points,
        )
    assert grouped == {
        "Dana": (30, 34, 26, 25, 5, 0, 120),
        "Eli": (28, 50, 26, 13, 12, 3, 132),
        "Fay": (27, 44, 28, 23, 9, 1, 132),
        "Gus": (41, 60, 10, 1, 8, 3, 123),
    }
    assert result.winners == ("Fay",)
    assert result.winner_why == (
        "Eli and Fay tie on 132; Aliens: Eli 13, Fay 13; most Humans: Eli 0, Fay 1, so Fay wins"
    )


def test_four_player_pluralities_per_species() -> None:
    result = score(four_player_sheet())
    by_species = {
        s: [p.cell(f"plurality_{s}").points for p in result.players]
        for s in ("teal", "pink", "brown", "gold", "human")
    }
    assert by_species == {
        "teal": [5, 5, 5, 0],
        "pink": [10, 1, 1, 1],
        "brown": [0, 7, 7, 0],
        "gold": [10, 0, 0, 0],
        "human": [0, 0, 10, 0],
    }
    gus = result.player("Gus")
    assert "316 (1 per brown Alien): not occupied, 0" in gus.cell("sector_bonus").why
    assert "326: no endgame bonus" in gus.cell("sector_bonus").why


# --- spec §9.8: formula spot checks -----------------------------------------------------------


def _one(sheet_player: PlayerSheet, settings: ScoreSettings | None = None) -> dict[str, int]:
    other = player("Other")
    sheet = ScoreSheet((sheet_player, other), settings or ScoreSettings())
    return score(sheet).players[0].points()


@pytest.mark.parametrize(("ships", "points"), [(0, 20), (1, 15), (2, 10), (3, 5), (4, 0), (7, 0)])
def test_f1_a1_ships_left(ships: int, points: int) -> None:
    assert _one(player("A", hub="A-1", ships_left=ships))["hub_bonus"] == points


def test_f2_305_counts_metal_twice() -> None:
    pts = _one(player("A", sectors=(1, 1, 1), level3=(("305", True),), metal=12, water=3, food=1))
    assert pts["sector_bonus"] == 4
    assert pts["leftovers"] == 3


@pytest.mark.parametrize(
    ("gems", "resources", "points"),
    [(19, 4, 0), (20, 5, 2), (39, 14, 3), (40, 15, 5)],
)
def test_f3_leftover_rounding(gems: int, resources: int, points: int) -> None:
    assert _one(player("A", gems=gems, metal=resources))["leftovers"] == points


def test_f4_a4_two_per_ship() -> None:
    assert _one(player("A", hub="A-4", ships_left=3))["hub_bonus"] == 6


def test_f5_b1_on_top_of_sector_points() -> None:
    pts = _one(player("A", hub="B-1", sectors=(3, 3, 3)))
    assert (pts["hub_bonus"], pts["sectors"]) == (6, 60)


@pytest.mark.parametrize(("occupied", "points"), [(False, 0), (True, 7)])
def test_f6_306_only_when_occupied(occupied: bool, points: int) -> None:
    pts = _one(player("A", sectors=(1, 1, 1), residents=(7, 0, 0, 0, 0),
                      level3=(("306", occupied),)))
    assert pts["sector_bonus"] == points


@pytest.mark.parametrize("hub", ["A-9", "B-3", "A-1"])
def test_f7_complete_station_is_60(hub: str) -> None:
    assert _one(player("A", hub=hub, sectors=(3, 3, 3)))["sectors"] == 60


@pytest.mark.parametrize(
    ("hub", "residents", "points"),
    [
        ("B-4", (0, 0, 0, 0, 6), 6),
        ("B-12", (0, 0, 0, 0, 6), 6),
        ("B-6", (0, 0, 4, 0, 0), 4),
        ("B-7", (0, 0, 4, 0, 0), 4),
        ("B-8", (3, 0, 0, 0, 0), 3),
        ("B-9", (3, 0, 0, 0, 0), 3),
        ("B-10", (0, 5, 0, 0, 0), 5),
        ("B-11", (0, 5, 0, 0, 0), 5),
    ],
)
def test_hub_bonuses_per_resident(
    hub: str, residents: tuple[int, int, int, int, int], points: int
) -> None:
    assert _one(player("A", hub=hub, residents=residents))["hub_bonus"] == points


@pytest.mark.parametrize(
    "hub", ["B-2", "B-3", "A-2", "A-3", "A-5", "A-7", "A-8", "A-9", "A-10", "A-11", "A-12"]
)
def test_hubs_without_an_endgame_bonus_say_so(hub: str) -> None:
    result = score(ScoreSheet((player("A", hub=hub, ships_left=0), player("B"))))
    cell = result.players[0].cell("hub_bonus")
    assert (cell.points, cell.why) == (0, f"{hub}: no endgame bonus = 0")


@pytest.mark.parametrize(
    ("sector", "residents", "points"),
    [("316", (0, 0, 4, 0, 0), 4), ("325", (0, 6, 0, 0, 0), 6), ("327", (0, 0, 0, 0, 3), 3)],
)
def test_level3_bonuses(
    sector: str, residents: tuple[int, int, int, int, int], points: int
) -> None:
    pts = _one(player("A", sectors=(1, 1, 1), residents=residents, level3=((sector, True),)))
    assert pts["sector_bonus"] == points


def test_a6_counts_every_sector_built() -> None:
    assert _one(player("A", hub="A-6", sectors=(3, 2, 1)))["hub_bonus"] == 6


def test_negative_in_game_points_count_in_the_total() -> None:
    result = score(ScoreSheet((player("A", points=-5, sectors=(1, 0, 0)), player("B"))))
    assert result.players[0].total.points == -1
    assert result.players[0].total.why.startswith("-5 + 4")


# --- open rulings (spec §10): unset, never invented --------------------------------------------


def test_sector_315_is_unset_until_the_table_rules() -> None:
    sheet = player("A", sectors=(1, 1, 1), residents=(0, 0, 0, 0, 4), level3=(("315", True),))
    result = score(ScoreSheet((sheet, player("B"))))
    assert result.players[0].cell("sector_bonus").points == 0
    assert [(u.player, u.setting) for u in result.unset] == [("A", "sector_315_copies_b4")]
    assert "would add 4" in result.unset[0].why
    assert "provisional" in result.winner_why
    assert _one(sheet, ScoreSettings(sector_315_copies_b4=True))["sector_bonus"] == 4
    assert _one(sheet, ScoreSettings(sector_315_copies_b4=False))["sector_bonus"] == 0


def test_unoccupied_315_needs_no_ruling() -> None:
    sheet = player("A", sectors=(1, 1, 1), residents=(0, 0, 0, 0, 4), level3=(("315", False),))
    assert score(ScoreSheet((sheet, player("B")))).unset == ()


def test_a6_free_sectors_are_an_open_ruling() -> None:
    sheet = player("A", hub="A-6", sectors=(3, 2, 1), free_sectors=1)
    result = score(ScoreSheet((sheet, player("B"))))
    assert result.players[0].cell("hub_bonus").points == 5
    assert [u.setting for u in result.unset] == ["free_sectors_count_as_built"]
    assert _one(sheet, ScoreSettings(free_sectors_count_as_built=True))["hub_bonus"] == 6
    assert _one(sheet, ScoreSettings(free_sectors_count_as_built=False))["hub_bonus"] == 5
    # Category A scores every Sector on the station regardless (spec §7.2).
    assert result.players[0].cell("sectors").points == 4 * 3 + 6 * 2 + 10


def test_no_players_is_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        score(ScoreSheet(()))
