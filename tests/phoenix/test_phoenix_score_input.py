"""Reading a score sheet from plain data: every problem named by player and field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from trackers.games.space_station_phoenix.score_input import (
    Problem,
    ScoreInputError,
    check_sheet,
    parse_score_sheet,
)
from trackers.games.space_station_phoenix.scoring import (
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreSheet,
    SectorsBuilt,
    score,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "phoenix-score.json"


def anna() -> dict[str, Any]:
    return {
        "name": "Anna", "points": 1, "sectors": {"1": 3, "2": 2, "3": 2},
        "residents": {"teal": 7, "pink": 8, "brown": 0, "gold": 9, "human": 1},
        "hub": "B-5", "level3": [{"id": "302", "occupied": True}],
        "ships_left": 5, "full_sectors": 7, "gems": 5, "food": 2, "water": 2, "metal": 2,
    }


def sheet(*changes: dict[str, Any]) -> dict[str, Any]:
    """Anna plus Beth (a copy of Anna), each updated with the matching change dict."""
    players = [anna(), {**anna(), "name": "Beth"}]
    for player, change in zip(players, changes, strict=False):
        player.update(change)
    return {"players": players}


def problems(data: object) -> list[Problem]:
    with pytest.raises(ScoreInputError) as caught:
        parse_score_sheet(data)
    return list(caught.value.problems)


def one_problem(data: object) -> Problem:
    found = problems(data)
    assert len(found) == 1, found
    return found[0]


def test_the_documented_shape_parses() -> None:
    parsed = parse_score_sheet(sheet())
    first = parsed.players[0]
    assert first == PlayerSheet(
        name="Anna", points=1, sectors=SectorsBuilt(3, 2, 2), residents=Residents(7, 8, 0, 9, 1),
        hub="B-5", level3=(Level3Sector("302", True),), ships_left=5, full_sectors=7, gems=5,
        food=2, water=2, metal=2,
    )
    assert parsed.settings.sector_315_copies_b4 is None


def test_the_example_file_is_the_rulebook_example() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    result = score(parse_score_sheet(data))
    assert [(p.name, p.total.points) for p in result.players] == [
        ("Anna", 142), ("Beth", 141), ("Connor", 159)
    ]
    assert result.winners == ("Connor",)


def test_missing_field() -> None:
    data = sheet()
    del data["players"][1]["metal"]
    problem = one_problem(data)
    assert (problem.player, problem.field) == ("Beth", "metal")
    assert "missing" in problem.message


def test_missing_nested_field() -> None:
    data = sheet({"residents": {"teal": 7, "pink": 8, "brown": 0, "gold": 9}})
    assert str(one_problem(data)) == "Anna: residents.human: missing; it is required"


def test_negative_count() -> None:
    problem = one_problem(sheet({}, {"gems": -3}))
    assert (problem.player, problem.field) == ("Beth", "gems")
    assert "negative" in problem.message and "from 0 to 999" in problem.message


def test_negative_in_game_points_are_allowed() -> None:
    assert parse_score_sheet(sheet({"points": -5})).players[0].points == -5


def test_unknown_hub() -> None:
    problem = one_problem(sheet({"hub": "B-13"}))
    assert (problem.player, problem.field) == ("Anna", "hub")
    assert "B-1 to B-12 or A-1 to A-12" in problem.message


def test_hub_case_is_forgiven() -> None:
    assert parse_score_sheet(sheet({"hub": " a-1 "})).players[0].hub == "A-1"


def test_unknown_level3_sector() -> None:
    problem = one_problem(sheet({"level3": [{"id": "309", "occupied": True}]}))
    assert (problem.player, problem.field) == ("Anna", "level3[0].id")
    assert "301-308, 311-318 or 321-328" in problem.message


def test_level3_sector_given_as_a_number_is_read() -> None:
    parsed = parse_score_sheet(sheet({"level3": [{"id": 305, "occupied": False}]}))
    assert parsed.players[0].level3 == (Level3Sector("305", False),)


def test_level3_sector_listed_twice() -> None:
    twice = [{"id": "306", "occupied": True}, {"id": "306", "occupied": False}]
    problem = one_problem(sheet({"level3": twice}))
    assert (problem.player, problem.field) == ("Anna", "level3[1].id")
    assert "listed twice" in problem.message


def test_more_level3_sectors_than_built() -> None:
    three = [{"id": i, "occupied": True} for i in ("301", "302", "303")]
    problem = one_problem(sheet({}, {"level3": three}))
    assert (problem.player, problem.field) == ("Beth", "level3")
    assert "at most 2" in problem.message


@pytest.mark.parametrize(
    ("field", "value"),
    [("gems", "five"), ("food", 2.5), ("ships_left", None), ("points", True), ("metal", [2])],
)
def test_non_numbers(field: str, value: object) -> None:
    problem = one_problem(sheet({field: value}))
    assert (problem.player, problem.field) == ("Anna", field)
    assert "whole number" in problem.message


def test_bool_is_not_a_number() -> None:
    problem = one_problem(sheet({"residents": {**anna()["residents"], "gold": True}}))
    assert problem.field == "residents.gold"
    assert "true/false is not a number" in problem.message


def test_occupied_must_be_true_or_false() -> None:
    problem = one_problem(sheet({"level3": [{"id": "302", "occupied": 1}]}))
    assert problem.field == "level3[0].occupied"


@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count: int) -> None:
    players = [{**anna(), "name": f"P{i}"} for i in range(count)]
    problem = one_problem({"players": players})
    assert (problem.player, problem.field) == (None, "players")
    assert "2 to 4" in problem.message


def test_duplicate_names() -> None:
    problem = one_problem(sheet({}, {"name": "anna"}))
    assert problem.field == "name"
    assert "unique" in problem.message


def test_sectors_per_level_at_most_three() -> None:
    problem = one_problem(sheet({"sectors": {"1": 4, "2": 2, "3": 2}}))
    assert problem.field == "sectors.1"
    assert "0 to 3" in problem.message


def test_residents_at_most_the_box() -> None:
    problem = one_problem(sheet({"residents": {**anna()["residents"], "human": 25}}))
    assert problem.field == "residents.human"
    assert "0 to 24" in problem.message


def test_unknown_field_is_named_with_the_allowed_ones() -> None:
    problem = one_problem(sheet({"colour": "red"}))
    assert problem.field == "colour"
    assert "allowed: name, points" in problem.message


def test_a_bad_name_is_reported_by_seat() -> None:
    problem = one_problem(sheet({}, {"name": "  "}))
    assert (problem.player, problem.field) == ("player 2", "name")


def test_every_problem_is_collected_at_once() -> None:
    data = sheet({"hub": "Z", "gems": -1}, {"residents": "lots", "level3": "302"})
    found = {(p.player, p.field) for p in problems(data)}
    assert found == {("Anna", "hub"), ("Anna", "gems"), ("Beth", "residents"), ("Beth", "level3")}


def test_error_message_lists_every_problem() -> None:
    with pytest.raises(ScoreInputError) as caught:
        parse_score_sheet(sheet({"hub": "Z", "gems": -1}))
    text = str(caught.value)
    assert text.startswith("2 problems in the score sheet")
    assert "Anna: hub:" in text and "Anna: gems:" in text


def test_top_level_must_be_an_object_with_players() -> None:
    assert one_problem([1, 2]).field == "file"
    assert one_problem({}).field == "players"
    assert one_problem({"players": "Anna"}).field == "players"


def test_settings_are_read_and_checked() -> None:
    data = sheet()
    data["settings"] = {"sector_315_copies_b4": True, "free_sectors_count_as_built": None}
    assert parse_score_sheet(data).settings.sector_315_copies_b4 is True
    data["settings"] = {"sector_315_copies_b4": "yes"}
    assert one_problem(data).field == "settings.sector_315_copies_b4"
    data["settings"] = {"house_rule": True}
    assert one_problem(data).field == "settings.house_rule"


def test_free_sectors_are_level_one() -> None:
    problem = one_problem(sheet({"free_sectors": 4}))
    assert problem.field == "free_sectors"
    assert parse_score_sheet(sheet({"free_sectors": 1})).players[0].free_sectors == 1


def test_input_is_not_changed() -> None:
    data = sheet({"hub": "b-5"})
    before = copy.deepcopy(data)
    parse_score_sheet(data)
    assert data == before


def test_check_sheet_finds_problems_in_a_sheet_built_in_code() -> None:
    good = parse_score_sheet(sheet())
    assert check_sheet(good) == ()
    bad_player = PlayerSheet(
        name="Beth", points=0, sectors=SectorsBuilt(1, 0, 0), residents=Residents(0, 0, -1, 0, 0),
        hub="C-1", level3=(Level3Sector("302", True),), ships_left=0, full_sectors=0, gems=0,
        food=0, water=0, metal=0,
    )
    found = {(p.player, p.field) for p in check_sheet(ScoreSheet((good.players[0], bad_player)))}
    assert found == {("Beth", "residents.brown"), ("Beth", "hub"), ("Beth", "level3")}


# --- the whole table, as one sheet ------------------------------------------------------------


def test_more_aliens_of_a_colour_than_the_game_has_is_refused() -> None:
    # 14 gold each: 28 gold Aliens at the table, and only 25 exist
    problem = one_problem(sheet({"residents": {**anna()["residents"], "gold": 14}},
                                {"residents": {**anna()["residents"], "gold": 14}}))
    assert (problem.player, problem.field) == (None, "residents.gold")
    assert "28 gold Aliens" in problem.message and "25" in problem.message


def test_more_humans_than_terra_holds_for_the_player_count_is_refused() -> None:
    humans = {**anna()["residents"], "human": 9}  # 18 Humans; Terra holds 16 at 2 players
    problem = one_problem(sheet({"residents": humans}, {"residents": humans}))
    assert problem.field == "residents.human" and "Terra holds 16 with 2 players" in problem.message


def test_more_full_sectors_than_built_is_refused() -> None:
    problem = one_problem(sheet({"full_sectors": 12}))
    assert (problem.player, problem.field) == ("Anna", "full_sectors")
    assert "12 full Sectors but 7 built" in problem.message


def test_a_level_3_sector_needs_a_level_2_below_it_unless_the_hub_is_a9() -> None:
    lifted = {"sectors": {"1": 1, "2": 0, "3": 1}, "full_sectors": 0}
    problem = one_problem(sheet(lifted))
    assert (problem.player, problem.field) == ("Anna", "sectors.3")
    assert "only Hub A-9 lifts the order" in problem.message
    assert parse_score_sheet(sheet({**lifted, "hub": "A-9"})).players[0].hub == "A-9"


@pytest.mark.parametrize(("field", "value"), [("gems", 10**30), ("points", -7999)])
def test_absurd_numbers_are_caught_by_a_sanity_limit(field: str, value: int) -> None:
    problem = one_problem(sheet({field: value}))
    assert problem.field == field and "999" in problem.message


def test_the_hub_is_read_as_the_grid_reads_it() -> None:
    assert parse_score_sheet(sheet({"hub": "b5"})).players[0].hub == "B-5"
    assert parse_score_sheet(sheet({"hub": " A-12"})).players[0].hub == "A-12"


def test_fields_that_do_not_apply_may_be_left_out() -> None:
    small = {"name": "Anna", "points": 3, "sectors": {"1": 1, "2": 0, "3": 0},
             "residents": {"teal": 1, "pink": 0, "brown": 0, "gold": 0, "human": 2},
             "hub": "B-2", "gems": 0, "food": 0, "water": 0, "metal": 0}
    parsed = parse_score_sheet({"players": [small, {**small, "name": "Beth"}]})
    assert parsed.players[0].level3 == () and parsed.players[0].ships_left == 0


def test_a_count_the_hub_scores_is_still_required() -> None:
    data = sheet()
    del data["players"][0]["full_sectors"]  # Anna's Hub B-5 scores full Sectors
    problem = one_problem(data)
    assert (problem.player, problem.field) == ("Anna", "full_sectors")
    assert "needed by Hub B-5" in problem.message


def test_level_3_sectors_built_must_be_listed() -> None:
    data = sheet()
    del data["players"][0]["level3"]
    problem = one_problem(data)
    assert (problem.player, problem.field) == ("Anna", "level3")


def test_a_sheet_written_to_a_file_reads_back_the_same() -> None:
    from trackers.games.space_station_phoenix.score_input import sheet_to_data

    original = parse_score_sheet(json.loads(EXAMPLE.read_text(encoding="utf-8")))
    again = parse_score_sheet(json.loads(json.dumps(sheet_to_data(original))))
    assert again == original
