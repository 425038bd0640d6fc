"""What was typed comes back and the New game form's errors sit beside
the field that caused them, at 80x24, driven by keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from tableside.api import Tableside
from tests.pilot_keys import burst, save_game
from tests.tui.screen_text import panel_text, screen_text
from tests.tui.test_forms_pilot import open_game, set_game, with_count_action
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.new_game import NewGameScreen

pytestmark = pytest.mark.usefixtures("demo_registered")


async def test_a_form_left_by_escape_or_by_closing_the_app_comes_back_after_a_restart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A form left by Escape, its draft kept (k), and a form open when the app closed both
    come back as typed in the next run of the app. The first goes on from its draft and is
    done: the draft is spent, the form opens blank. The second, opened on its draft, asks
    at Escape; d drops the draft; the form then opens blank, and Escape on it, untouched,
    closes it without asking and keeps no draft."""
    with_count_action(monkeypatch)
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, tmp_path)
        await pilot.press("k")
        await pilot.pause()
        await burst(pilot, "3", "tab", "4", "escape")
        assert "keep what you typed as a draft" in screen_text(app)
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await burst(pilot, "1", "7")
        assert isinstance(app.screen, ActionFormScreen)
    # the app closed with the form open (ctrl+q, a closed terminal)
    again = TablesideApp(data_dir=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("k")
        await pilot.pause()
        form = again.screen
        assert isinstance(form, ActionFormScreen)
        assert "What you typed last time is back" in screen_text(again)
        assert form.query_one("#arg-red", Input).value == "3"
        assert form.query_one("#arg-blue", Input).value == "4"
        await burst(pilot, "tab", "tab", "5", "tab", "6", "ctrl+s")  # on from the draft
        assert again.screen is screen
        assert "'red': 3, 'blue': 4, 'green': 5, 'gold': 6" in panel_text(again, "#now")
        await pilot.press("k")  # done: the draft is spent, the form opens blank
        await pilot.pause()
        assert again.screen.query_one("#arg-red", Input).value == ""
        await pilot.press("escape")  # untouched: closes without asking
        await pilot.pause()
        assert again.screen is screen
        done = screen.play.head

        await pilot.press("a")
        await pilot.pause()
        assert again.screen.query_one("#arg-spaces", Input).value == "17"
        await pilot.press("escape")  # opened on a draft: asks again
        await pilot.pause()
        await pilot.press("d")  # drop it
        await pilot.pause()
        assert again.screen is screen and screen.play.head == done
        await pilot.press("a")
        await pilot.pause()
        assert again.screen.query_one("#arg-spaces", Input).value == ""
        await pilot.press("escape")  # untouched: closes without asking
        await pilot.pause()
        assert again.screen is screen
    assert Tableside(tmp_path).draft(f"{screen.play.id}:form:advance") is None


async def test_new_game_errors_sit_beside_their_fields_and_the_form_comes_back(
        tmp_path: Path) -> None:
    """ctrl+s with the game chosen and no player count: the error is beside Players, the
    focus there. Then, the count chosen, a name too long: beside Names, the focus there, both
    in view. The form, left by closing the app, comes back as typed in the next run."""
    long = "Bartholomew-Maximilian of the Far Northern Isles"  # 48 characters
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "demo"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert app.focused is screen.query_one("#players", Select)
        assert "Players: choose 2 players, 3 players" in panel_text(app, "#err-players")
        assert "choose the game first" not in screen_text(app)

        app.screen.query_one("#players", Select).value = 2
        await pilot.pause()
        app.screen.query_one("#names", Input).focus()
        await burst(pilot, *f"Ann, {long}", "ctrl+s")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)  # nothing was created
        names = screen.query_one("#names", Input)
        assert app.focused is names
        beside = screen.query_one("#err-names")
        said = " ".join(panel_text(app, "#err-names").split())
        assert "name 2" in said and "Bartholomew" in said and "1 to 40" in said
        # in view: the field and its error inside the form's visible region
        body = screen.query_one("#new-body").region
        assert body.contains_region(names.region) and body.contains_region(beside.region)

        await set_game(pilot, "demo", 3)
        names.focus()
        await burst(pilot, "ctrl+u", *"Ann, Bo, Cy")
        assert names.value == "Ann, Bo, Cy"
    # the app closed with the form open (ctrl+q, a closed terminal)
    again = TablesideApp(data_dir=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#game", Select).value == "demo"
        assert screen.query_one("#players", Select).value == 3
        assert screen.query_one("#names", Input).value == "Ann, Bo, Cy"
