"""Names as typed in every screen, played by keys at 80x24.

A player named ``a[/]b`` (a closing tag Rich cannot match), ``[red]Lou`` (a colour tag) or
``[b]Cy`` scores a Space Station Phoenix game in the app, and every game's screen, report,
F1 help, board profile and reference pane shows such names as typed, never as markup. One
rule for a name's length everywhere: the score sheet refuses a 41st character as New game
does, and keeps what was typed.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from textual.app import App
from textual.widgets import Input

from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.repeats import kept_by_default
from tests.tui.screen_text import panel_text, screen_text
from trackers.engine.game import NAME_LIMIT
from trackers.games.registry import infos
from tui.app import TablesideApp
from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen
from tui.games.space_station_phoenix.screen import PhoenixScreen
from tui.screens.confirm import TextPromptScreen

SIZE = (80, 24)
MARKUP_NAMES = ("a[/]b", "[red]Lou", "[b]Cy")


def shown(app: App[None]) -> str:
    return screen_text(cast("App[object]", app))


def panel(app: App[None], selector: str) -> str:
    return panel_text(cast("App[object]", app), selector)


def phoenix_game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("space-station-phoenix", 3, names=MARKUP_NAMES, seed="s",
                        board={"lap_size": 50})
    play.do("setup_all")
    play.close()
    table.close()
    return play.id


async def test_a_player_named_with_brackets_scores_a_phoenix_game_in_the_app(
        tmp_path: Path) -> None:
    phoenix_game(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the game
        await pilot.pause()
        assert isinstance(app.screen, PhoenixScreen)
        assert "a[/]b's turn" in panel(app, "#banner")
        await pilot.press("a")  # Add points: a[/]b scores 41
        await pilot.pause()
        await pilot.press("a", "enter")  # the player list, by typing: a[/]b; on
        await pilot.pause()
        await pilot.press("4", "1", "enter")
        await pilot.pause()
        for _ in range(3):  # a[/]b's turn triggers the end; the others play their last
            await pilot.press("e")
            await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        assert sheet.form.names == list(MARKUP_NAMES)
        text = shown(app)
        for name in MARKUP_NAMES:
            assert name in text  # the column heads, as typed
        assert "Winner: a[/]b, " in panel(app, "#phx-winner")
        await pilot.press("r")  # record the totals as the game's result
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "Game over: a[/]b won" in panel(app, "#banner")
        await pilot.press("ctrl+r")  # the report names the winner as typed
        await pilot.pause()
        assert "a[/]b" in shown(app)
    table = Tableside(tmp_path)
    assert table.sessions()[0].status == "a[/]b won"


async def test_the_score_sheet_refuses_a_name_past_the_one_limit_and_keeps_it(
        tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        fits = "F" * NAME_LIMIT  # New game allows 40: so does the sheet
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("end", "ctrl+u")
        await burst(pilot, *fits)
        await pilot.press("enter")
        await pilot.pause()
        assert sheet.form.names[0] == fits
        too_long = "G" * (NAME_LIMIT + 1)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("end", "ctrl+u")
        await burst(pilot, *too_long)
        await pilot.press("enter")
        await pilot.pause()
        assert sheet.form.names[0] == fits
        prompt = app.screen
        assert isinstance(prompt, TextPromptScreen)  # asked again, with what was typed
        assert prompt.query_one(Input).value == too_long
        assert f"1 to {NAME_LIMIT} printable characters" in shown(app)


def _game_args(game_id: str) -> tuple[int, str]:
    """A player count and mode of the game with at least three players (else its largest)."""
    info = next(i for i in infos() if i.id == game_id)
    for mode in info.modes:
        if 3 in mode.player_counts:
            return 3, mode.id
    mode = info.modes[0]
    return max(mode.player_counts), mode.id


@pytest.mark.parametrize("game_id", kept_by_default([i.id for i in infos()], "lifeform"))
async def test_every_game_shows_bracketed_names_as_typed_in_its_screens_and_tools(
        tmp_path: Path, game_id: str) -> None:
    players, mode = _game_args(game_id)
    names = [*MARKUP_NAMES, "[KL]Bo"][:players]
    table = Tableside(tmp_path)
    # the one option a game cannot start without: Pandora Celeste's crewmembers in play
    options = {"crew": ["Cargo", "Cap", "Flygirl"][:players]} \
        if game_id == "pandora-celeste" else {}
    table.create(game_id, players, names=names, mode=mode, options=options,
                 title="[bold]Night[/] a[/]b").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "[bold]Night[/] a[/]b" in shown(app)  # Home lists the title as typed
        await pilot.press("enter")
        await pilot.pause()
        game_screen = app.screen
        for key in ("ctrl+r", "f1", "b", "t"):  # report, keys, board profile, reference pane
            await pilot.press(key)
            await pilot.pause()
            shown(app)  # drawn without a MarkupError
            if key == "ctrl+r":
                text = shown(app)
                assert any(name in text for name in names) or "[bold]Night[/]" in text
            if app.screen is not game_screen:
                await pilot.press("escape")
                await pilot.pause()
            assert app.screen is game_screen, key
        text = shown(app)
        assert "a[/]b" in text or "[red]Lou" in text or "[KL]Bo" in text
