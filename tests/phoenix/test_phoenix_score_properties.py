"""Properties of the score calculator that must hold for any table (hypothesis)."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from trackers.games.space_station_phoenix.plurality import plurality_places
from trackers.games.space_station_phoenix.score_input import check_sheet
from trackers.games.space_station_phoenix.scoring import (
    CATEGORIES,
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
    score,
)
from trackers.games.space_station_phoenix.station import HUB_IDS, LEVEL3_IDS

NAMES = ("Anna", "Beth", "Connor", "Dana")


@st.composite
def player_sheets(draw: st.DrawFn, name: str, count: int) -> PlayerSheet:
    """One player's sheet that fits beside ``count`` players: each builds in level order and
    holds at most a fair share of the Aliens (25 a colour) and of Terra's Humans."""
    n1 = draw(st.integers(0, 3))
    n2 = draw(st.integers(0, n1))
    n3 = draw(st.integers(0, n2))
    humans = {2: 16, 3: 20, 4: 24}[count] // count
    level3_ids = draw(st.lists(st.sampled_from(LEVEL3_IDS), max_size=n3, unique=True))
    return PlayerSheet(
        name=name,
        points=draw(st.integers(-20, 120)),
        sectors=SectorsBuilt(n1, n2, n3),
        residents=Residents(*(draw(st.integers(0, 25 // count)) for _ in range(4)),
                            draw(st.integers(0, humans))),
        hub=draw(st.sampled_from(HUB_IDS)),
        level3=tuple(Level3Sector(i, draw(st.booleans())) for i in level3_ids),
        ships_left=draw(st.integers(0, 11)),
        full_sectors=draw(st.integers(0, n1 + n2 + n3)),
        gems=draw(st.integers(0, 80)),
        food=draw(st.integers(0, 20)),
        water=draw(st.integers(0, 20)),
        metal=draw(st.integers(0, 20)),
        free_sectors=draw(st.integers(0, n1)),
    )


@st.composite
def sheets(draw: st.DrawFn) -> ScoreSheet:
    count = draw(st.integers(2, 4))
    players = tuple(draw(player_sheets(name, count)) for name in NAMES[:count])
    settings = ScoreSettings(
        draw(st.one_of(st.none(), st.booleans())), draw(st.one_of(st.none(), st.booleans()))
    )
    return ScoreSheet(players, settings)


@given(sheets())
def test_generated_sheets_are_valid(sheet: ScoreSheet) -> None:
    assert check_sheet(sheet) == ()


@given(sheets())
def test_total_is_the_sum_of_the_categories(sheet: ScoreSheet) -> None:
    for scored in score(sheet).players:
        assert [c.category for c in scored.cells] == list(CATEGORIES)
        assert scored.total.points == sum(scored.points().values())
        assert scored.total.why.endswith(f"= {scored.total.points}")
        assert all(cell.why for cell in scored.cells)


@given(sheets(), st.randoms(use_true_random=False))
def test_permuting_the_players_permutes_the_result(sheet: ScoreSheet, rnd: Random) -> None:
    shuffled = list(sheet.players)
    rnd.shuffle(shuffled)
    before = {p.name: p.points() for p in score(sheet).players}
    after_result = score(ScoreSheet(tuple(shuffled), sheet.settings))
    after = {p.name: p.points() for p in after_result.players}
    assert before == after
    assert [p.name for p in after_result.players] == [p.name for p in shuffled]
    assert set(after_result.winners) == set(score(sheet).winners)


@given(sheets())
def test_winners_have_the_best_total_and_tiebreakers(sheet: ScoreSheet) -> None:
    result = score(sheet)
    key = {p.name: (p.total.points, p.aliens, p.humans) for p in result.players}
    best = max(key.values())
    assert {name for name, k in key.items() if k == best} == set(result.winners)


@given(st.lists(st.integers(0, 25), min_size=2, max_size=4))
def test_plurality_never_pays_more_than_15_or_a_zero_count(counts: list[int]) -> None:
    awards = [place.award for place in plurality_places(counts)]
    assert sum(awards) <= 15
    assert all(a == 0 for a, c in zip(awards, counts, strict=True) if c == 0)
    # More of a species never scores less than fewer of it.
    for i, ci in enumerate(counts):
        for j, cj in enumerate(counts):
            if ci > cj:
                assert awards[i] >= awards[j]
