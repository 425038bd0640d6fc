"""Tick boxes answer fast typing: "space, Tab, space" typed in one burst on New game's crew
list ticks the first and the second crewmember, never the second twice (a space read after
the Tab used to land on the box the Tab moved to)."""

from __future__ import annotations

from pathlib import Path

from tests.pilot_keys import burst
from tui.app import TablesideApp
from tui.screens.new_game import NewGameScreen


async def test_space_tab_space_in_one_burst_ticks_two_boxes(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await burst(pilot, *"pa", "enter", "2", "enter", "ctrl+s")  # the crew: asked for
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        boxes = list(screen.query("TickBox"))
        assert app.focused is boxes[0]
        await burst(pilot, "space", "tab", "space")
        assert [box.value for box in boxes[:3]] == [True, True, False]
        await burst(pilot, "shift+tab", "space")  # back on the first: untick it
        assert [box.value for box in boxes[:3]] == [False, True, False]
