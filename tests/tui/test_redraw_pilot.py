"""One redraw per change: an action, through a form or not, an undo and
a board value each draw the session once; other windows are watched by a thread."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pilot_keys import burst, resume_first, save_game
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp

pytestmark = pytest.mark.usefixtures("demo_registered")


async def test_each_change_draws_the_session_once(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        drawn = screen.redraws
        await pilot.press("f")  # no form
        await pilot.pause()
        assert screen.redraws == drawn + 1
        await pilot.press("a")  # a form: its dismissal and the screen's return, drawn once
        await pilot.pause()
        await burst(pilot, "3", "enter")
        await pilot.pause()
        assert app.screen is screen and "Countdown: 22" in panel_text(app, "#tracks")
        assert screen.redraws == drawn + 2
        await pilot.press("u")
        await pilot.pause()
        assert screen.redraws == drawn + 3
        await pilot.press("a", "escape")  # a form left untouched: nothing changed, no redraw
        await pilot.pause()
        assert app.screen is screen and screen.redraws == drawn + 3


async def test_another_windows_action_is_drawn_once_by_the_watching_thread(
        tmp_path: Path) -> None:
    game = save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        import threading

        assert any(t.name == f"watch-{id(screen)}" and t.is_alive()
                   for t in threading.enumerate())
        drawn = screen.redraws
        other = Tableside(tmp_path, by="cli 1")
        other.load(game).do("fire")
        for _ in range(60):  # the thread looks once a second
            await pilot.pause(0.1)
            if "Fires: 1/3" in panel_text(app, "#tracks"):
                break
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        assert screen.redraws == drawn + 1
