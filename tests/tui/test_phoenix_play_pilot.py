"""A 3-player Space Station Phoenix game played to its end at 80x24, as a table would.

The table never types a Hub (a first game deals them), a lap size (one key takes what the lap
tokens print) or an Alien the app could have known (Hub B-1 and Sector 311 take them from the
supply); Sector 323's additional turn happens; the report says who ended the game and how each
score was made. Key moments are played by keys; the turns between them through the screen's
own ``apply`` (what a form's OK does), to keep the test short.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.pilot import Pilot

from tableside.api import Tableside
from tests.pilot_keys import burst, resume_first
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen
from tui.games.space_station_phoenix.screen import PhoenixScreen
from tui.screens.action_form import ActionFormScreen
from tui.screens.report import ReportScreen

SIZE = (80, 24)
GAME = "space-station-phoenix"


def panel(app: TablesideApp, selector: str) -> str:
    return panel_text(cast("App[object]", app), selector)


def game_screen(app: TablesideApp) -> PhoenixScreen:
    assert isinstance(app.screen, PhoenixScreen)
    return app.screen


def aliens(screen: PhoenixScreen) -> int:
    return int(screen.play.state.pieces["aliens"].value)  # type: ignore[attr-defined]


async def act(pilot: Pilot[None], name: str, **args: Any) -> None:
    """One action through the screen (as its form's OK would)."""
    game_screen(cast(TablesideApp, pilot.app)).apply(name, args)
    await pilot.pause()


async def sector(pilot: Pilot[None], level: int, number: str = "") -> None:
    """l, then the form by keys: the player left blank (the active one), level, number."""
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ActionFormScreen)
    await burst(pilot, "tab", str(level), "tab", *number, "enter")
    await pilot.pause()


# A whole game by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps its rules
# through the API (tests/phoenix/test_phoenix_at_the_table, test_phoenix_session) and its
# screens by keys (the tests below, test_phoenix_pilot).
@pytest.mark.slow
async def test_a_three_player_game_to_its_end_at_80x24(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create(GAME, 3, names=("Ann", "Bo", "Cy"), seed="s",
                        options={"first_game": True})
    hubs = dict(play.state.facts["hubs"])
    play.close()
    table.close()
    assert sorted(hubs.values()) == ["B-1", "B-2", "B-4"]  # dealt by the app at random
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the game
        await pilot.pause()
        screen = game_screen(app)
        assert "lap size unset" in panel(app, "#tracks")
        await pilot.press("ctrl+d")  # the lap tokens' 50, in one key
        await pilot.pause()
        assert "Ann: 0 points (space 0)" in panel(app, "#tracks")
        stations = panel(app, "#phx-stations")
        for name, hub in hubs.items():
            assert f"{name:<3} {hub}" in stations  # the Hubs, never typed
        await burst(pilot, *"n" * 10)  # the setup checklist, step by step
        await pilot.pause()
        assert "Ann's turn" in panel(app, "#banner")

        # Ann builds a wing ending in 323, by keys: her additional turn follows
        await sector(pilot, 1)
        await pilot.press("e")
        await act(pilot, "build_sector", level=1)  # Bo
        await act(pilot, "end_turn")
        await act(pilot, "end_turn")  # Cy
        await sector(pilot, 2)
        await pilot.press("e")
        await act(pilot, "end_turn")
        await act(pilot, "end_turn")
        await sector(pilot, 3, "323")
        assert "Ann takes an additional turn as soon as this one ends" in panel(app, "#now")
        await pilot.press("e")
        await pilot.pause()
        assert "Ann's turn" in panel(app, "#banner")  # the additional turn
        assert "Ann takes the additional turn now (Sector 323)" in panel(app, "#now")
        await pilot.press("e")
        await pilot.pause()
        assert "Bo's turn" in panel(app, "#banner")
        b1 = next(name for name, hub in hubs.items() if hub == "B-1")
        built = {"Ann": 3, "Bo": 1, "Cy": 0}  # B-1 gains an Alien from the supply per build
        assert aliens(screen) == 70 - built[b1]

        # Cy builds all 9 Sectors, one a turn; 311 brings 2 Aliens from the supply
        plan = [(1, None), (1, None), (1, None), (2, None), (2, None), (2, None), (3, "311"),
                (3, "312"), (3, "314")]
        for level, number in plan:
            await act(pilot, "end_turn")  # Bo
            args = {"level": level} | ({"number": number} if number else {})
            await act(pilot, "build_sector", **args)  # Cy
            if (level, number) != plan[-1]:
                await act(pilot, "end_turn")  # Cy
                await act(pilot, "end_turn")  # Ann
        state = screen.play.state
        assert state.facts["sectors"]["Cy"] == [3, 3, 3]
        built["Cy"] = 9
        assert aliens(screen) == 70 - built[b1] - 2  # and 311's 2 brown Aliens
        await pilot.press("e")  # Cy ends the turn with 9 Sectors: the end is triggered
        await pilot.pause()
        assert "FINAL ROUND (Cy triggered it): Ann's last turn, then Bo" in panel(
            app, "#banner")
        await pilot.press("e")  # Ann
        await pilot.pause()
        await pilot.press("e")  # Bo: the game is over, the calculator opens
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreSheetScreen)
        assert [sheet.form.texts[i]["hub"] for i in range(3)] == [hubs[n] for n in
                                                                  ("Ann", "Bo", "Cy")]
        assert "Hub not chosen" not in panel(app, "#phx-notes")
        await pilot.press("r")  # record the totals, with each category
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert "Game over:" in panel(app, "#banner")
        assert "marker ends at" in panel(app, "#now")
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        lines = panel(app, "#report-lines")
        assert "Cy triggered the end: all 9 Sectors built" in lines
        assert "Final score: Cy " in lines and ": in-game 0, Sectors 60," in lines
        assert "Secrets revealed" not in lines
    table = Tableside(tmp_path)
    assert table.board_profile(GAME) == {"lap_size": 50}  # kept for the next game
    again = table.create(GAME, 2, names=("Ann", "Bo"))
    assert again.state.board == {"lap_size": 50}
    assert "space 0" in again.state.pieces["score_1"].summary()
    again.close()
    table.close()


async def test_sector_326_asks_for_its_free_sector_at_once(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create(GAME, 2, names=("Ann", "Bo"), seed="s", board={"lap_size": 50})
    play.do("setup_all")
    play.do("build_sector", level=1)
    play.do("build_sector", level=2)
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        await sector(pilot, 3, "326")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)  # asked at once, not left to be found
        assert form.action_spec.name == "free_sector_326"
        await burst(pilot, *"104", "enter")
        await pilot.pause()
        play = game_screen(app).play
        assert play.state.facts["sectors"]["Ann"] == [2, 1, 1]
        assert play.state.facts["numbers"]["Ann"] == ["326", "104"]
        assert "Ann built a Level-1 Sector 104 (free): 4 of 9" in panel(app, "#now")


async def test_the_now_panel_keeps_its_room_with_the_reference_pane_at_80x24(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create(GAME, 3, names=("Ann", "Bo", "Cy"), seed="s", board={"lap_size": 50})
    play.do("setup_all")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        await pilot.press("t")  # the reference pane
        await pilot.pause()
        screen = game_screen(app)
        assert not screen.query_one("#reference").has_class("hidden")
        assert screen.query_one("#now").region.width >= 28  # it was about 20
        assert screen.query_one("#tracks").region.width >= 22  # the tracks stay in sight
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one("#phx-stations").display  # the stations come back


async def test_a_game_started_before_the_lap_size_takes_the_tables_own(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    older = table.create(GAME, 2, names=("Ann", "Bo"), seed="s")  # no lap size yet
    older.do("setup_all")
    older.close()
    table.set_board_value(GAME, "lap_size", 60)  # the table's board, entered later
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        # the profile's 60 (not the tokens' 50), entered as one logged board value
        assert "lap size unset" not in panel(app, "#tracks")
        play = game_screen(app).play
        assert play.state.board == {"lap_size": 60}
        assert play.history()[-1].text.startswith("Board value: ")
