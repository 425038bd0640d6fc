"""The typed score sheet behind the calculator screen (no screen needed), and its bars.

spec space-station-phoenix §7 (categories), §8 (the rulebook example), §10.14/§10.15 (rulings).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from trackers.games.space_station_phoenix.score_export import stacked_bars
from trackers.games.space_station_phoenix.score_form import (
    ROW_BY_KEY,
    ScoreForm,
    describe_input,
    explain,
)
from trackers.games.space_station_phoenix.score_input import parse_score_sheet
from tui.games.space_station_phoenix.bars import bar_runs

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "phoenix-score.json"


def example_form() -> ScoreForm:
    return ScoreForm.from_sheet(parse_score_sheet(json.loads(EXAMPLE.read_text("utf-8"))))


def test_the_rulebook_example_scores_142_141_159() -> None:
    evaluation = example_form().evaluate()
    assert evaluation.problems == ()
    assert evaluation.result is not None
    assert [p.total.points for p in evaluation.result.players] == [142, 141, 159]
    assert evaluation.result.winners == ("Connor",)


def test_problems_name_player_and_row_and_give_no_result() -> None:
    form = example_form()
    form.texts[0]["sectors.1"] = "4"
    form.texts[1]["hub"] = "C-1"
    form.texts[2]["level3.1"] = "303"  # already in Connor's first slot
    form.texts[2]["gems"] = ""
    evaluation = form.evaluate()
    assert evaluation.result is None
    found = {(p.player, p.row): p.text for p in evaluation.problems}
    assert found[(0, "sectors.1")].startswith("Anna: Sectors, level 1: 4 is too many")
    assert "unknown Hub 'C-1'" in found[(1, "hub")]
    assert "listed twice" in found[(2, "level3.1")]
    assert found[(2, "gems")] == "Connor: GEMs: it is blank; allowed: a whole number, 0 or more"


def test_a_hub_not_chosen_is_unset_not_a_problem() -> None:
    form = ScoreForm.blank(2)
    evaluation = form.evaluate()
    assert evaluation.problems == ()
    assert evaluation.unset[0] == "Player 1: Hub not chosen yet, so its endgame bonus counts 0"
    assert evaluation.result is not None
    assert explain(form, evaluation.result, 0, ROW_BY_KEY["=hub_bonus"]) == (
        "Hub not chosen yet = 0")


def test_ships_left_is_asked_only_by_the_hubs_that_count_it() -> None:
    form = ScoreForm.blank(2)
    form.texts[0]["hub"] = "B-3"
    assert form.evaluate().problems == ()
    form.texts[0]["hub"] = "A-4"
    problems = form.evaluate().problems
    assert [(p.player, p.row) for p in problems] == [(0, "ships_left")]


def test_prefilled_zero_ships_read_as_not_entered() -> None:
    sheet = parse_score_sheet(json.loads(EXAMPLE.read_text("utf-8")))
    connor = replace(sheet.players[2], ships_left=0)
    form = ScoreForm.from_sheet(replace(sheet, players=(*sheet.players[:2], connor)))
    assert form.texts[2]["ships_left"] == ""  # a session does not know it: asked, not 0
    assert [(p.player, p.row) for p in form.evaluate().problems] == [(2, "ships_left")]
    assert example_form().texts[2]["ships_left"] == "1"


def test_open_315_ruling_is_listed_until_decided() -> None:
    form = ScoreForm.blank(2)
    form.texts[0].update({"sectors.1": "1", "sectors.2": "1", "sectors.3": "1",
                          "level3.0": "315", "residents.human": "4"})
    form.occupied[0][0] = True
    assert any("315 would add 4" in line for line in form.evaluate().unset)
    form.with_settings(sector_315_copies_b4=True)
    result = form.evaluate().result
    assert result is not None and result.players[0].cell("sector_bonus").points == 4


def test_names_must_differ() -> None:
    form = ScoreForm.blank(2)
    assert form.name_problem(None, "player 1") is not None
    assert form.name_problem(0, "Player 1") is None  # keeping one's own name
    assert form.name_problem(None, "  ") == "name: give 1 to 40 printable characters"
    assert form.name_problem(None, "x" * 41) == "name: give 1 to 40 printable characters (41 given)"


def test_describe_input_names_the_bonus() -> None:
    form = ScoreForm.blank(2)
    form.texts[0]["hub"] = "B-2"
    form.texts[0]["level3.0"] = "306"
    assert describe_input(form, 0, ROW_BY_KEY["hub"]) == "B-2: no endgame bonus"
    assert describe_input(form, 0, ROW_BY_KEY["level3.0"]).startswith(
        "306: endgame bonus 1 per teal Alien, only while occupied")


def test_bars_follow_the_points_and_keep_every_category_visible() -> None:
    result = example_form().evaluate().result
    assert result is not None
    connor = stacked_bars(result)[2]
    runs = bar_runs([(s.category[:1], s.points) for s in connor.segments], 60, connor.total)
    assert sum(cells for _, cells in runs) == 60
    assert bar_runs([("A", 1), ("B", 99)], 10, 100) == [("A", 1), ("B", 9)]
    assert bar_runs([("A", 5)], 10, 0) == []


def test_a_draft_comes_back_exactly_as_typed() -> None:
    form = ScoreForm.blank(3)
    form.texts[1].update({"points": "-4", "hub": "B-", "gems": "12"})  # half typed, too
    form.occupied[2][1] = True
    form.with_settings(sector_315_copies_b4=False)
    again = ScoreForm.from_data(json.loads(json.dumps(form.to_data())))
    assert again == form


@pytest.mark.parametrize("damaged", [None, [], {"names": ["A"]}, {"names": ["A", "B"],
                                     "texts": [{}, {}], "occupied": "x", "settings": {}}])
def test_a_damaged_draft_is_dropped_not_half_read(damaged: object) -> None:
    assert ScoreForm.from_data(damaged) is None
