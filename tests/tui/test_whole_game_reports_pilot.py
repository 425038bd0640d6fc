"""The reports of two whole games, read as pictures (the screen's SVG export) at 120x40 and
80x24: a 4-player Space Station Phoenix game's scores as one race, a Lifeform game's five
rounds to the Showdown's end; every key moment lettered under each chart's axis (crowded
ones joined, none dropped), every chart's plot in one column, the moments on the x axis."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_report_screenshot_games import script
from tests.tui.screen_text import screen_text
from tests.tui.test_report_axis import covered, labels
from tui.app import TablesideApp
from tui.screens.report import ReportScreen
from tui.widgets.report_charts import ReportChart, letters

# Two whole games and four reports drawn: the slow group (`pytest -m slow`).
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("whole-games")
    made = script()
    made.phoenix_whole_game(data)
    made.lifeform_whole_game(data)  # the newest: first on Home
    return data


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
@pytest.mark.parametrize(("down", "title", "unit"), [
    ((), "Self-Destruct, by round", "round"),
    (("down",), "Scores by turn: A Anna, B Beth, C Connor, D Dana", "turn")])
async def test_a_whole_games_report_as_a_picture(games: Path, size: tuple[int, int],
                                                 down: tuple[str, ...], title: str,
                                                 unit: str) -> None:
    app = TablesideApp(data_dir=games)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*down, "enter", "ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReportScreen)
        picture = screen_text(app)  # the SVG export, as text
        assert title in picture
        assert f"over {screen.report.length} {unit}s" in picture
        charts = list(screen.query(ReportChart))
        drawn = [str(chart.render()).splitlines() for chart in charts]
        frames = {next(row.index("┌") for row in rows if "┌" in row) for rows in drawn}
        assert len(frames) == 1  # one column for every chart's plot
        lettered = {mark for mark in letters(screen.report) if mark}
        for rows in drawn:
            assert covered(labels(rows[-1])) == lettered  # every key moment, none dropped
            numbers = rows[-2].split()
            assert numbers[0] in ("setup", "1") and numbers[1:3] and all(
                n.isdigit() for n in numbers[1:])  # the game's own moments
        if unit == "turn":
            assert [s.label for s in charts[0].series] == ["Anna", "Beth", "Connor", "Dana"]
