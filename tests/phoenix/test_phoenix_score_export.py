"""Exports of the scored sheet: Markdown, CSV, the --json shape and the stacked-bar data."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from trackers.games.space_station_phoenix.score_export import (
    stacked_bars,
    to_csv,
    to_json,
    to_markdown,
)
from trackers.games.space_station_phoenix.score_input import parse_score_sheet
from trackers.games.space_station_phoenix.scoring import CATEGORIES, ScoreResult, score

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "phoenix-score.json"


def example() -> ScoreResult:
    return score(parse_score_sheet(json.loads(EXAMPLE.read_text(encoding="utf-8"))))


def test_markdown_has_players_as_columns_and_categories_as_rows() -> None:
    text = to_markdown(example())
    lines = text.splitlines()
    assert lines[0] == "| Category | Anna | Beth | Connor |"
    assert "| C. Plurality: pink (Ensaroo) | 7 | 0 | 7 |" in lines
    assert "| **Total** | **142** | **141** | **159** |" in lines
    assert "Winner: Connor (highest total, 159)" in lines
    assert len([line for line in lines if line.startswith("| ")]) == 1 + len(CATEGORIES) + 1


def test_markdown_explains_cells_on_request() -> None:
    assert "tied first with Connor" not in to_markdown(example())
    explained = to_markdown(example(), explain=True)
    assert "pink: 8, tied first with Connor: (10+5)/2 rounded down = 7" in explained


def test_csv_reads_back_as_the_sheet() -> None:
    table = list(csv.reader(io.StringIO(to_csv(example()))))
    assert table[0] == ["Category", "Anna", "Beth", "Connor"]
    rows = {row[0]: row[1:] for row in table[1:]}
    assert rows["A. Sectors built"] == ["44", "44", "60"]
    assert rows["Total"] == ["142", "141", "159"]
    assert rows["Winner"] == ["", "", "yes"]
    assert len(table) == 1 + len(CATEGORIES) + 2


def test_csv_quotes_names_with_commas() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["name"] = 'Anna, "the Red"'
    table = list(csv.reader(io.StringIO(to_csv(score(parse_score_sheet(data))))))
    assert table[0][1] == 'Anna, "the Red"'


def test_json_shape() -> None:
    data = to_json(example())
    assert set(data) == {"players", "winners"}
    assert data["winners"] == ["Connor"]
    for player in data["players"]:
        assert set(player) == {"name", "categories", "total"}
        assert list(player["categories"]) == list(CATEGORIES)
        assert player["total"] == sum(player["categories"].values())
    assert json.loads(json.dumps(data)) == data


def test_json_lists_open_rulings_only_when_there_are_some() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][1]["level3"][1] = {"id": "315", "occupied": True}
    out = to_json(score(parse_score_sheet(data)))
    assert out["unset"][0]["player"] == "Beth"
    assert out["unset"][0]["setting"] == "sector_315_copies_b4"


def test_stacked_bars_add_up_to_the_totals() -> None:
    bars = stacked_bars(example())
    assert [(b.name, b.total, b.winner) for b in bars] == [
        ("Anna", 142, False), ("Beth", 141, False), ("Connor", 159, True)
    ]
    for bar in bars:
        assert sum(s.points for s in bar.segments) == bar.total
        assert all(s.points != 0 for s in bar.segments)
    connor = bars[2]
    assert [s.category for s in connor.segments][:3] == ["in_game", "sectors", "residents"]
    assert "plurality_teal" not in [s.category for s in connor.segments]
