"""Pilot tests of the Space Station Phoenix screens, played by keys at 80x24.

The score sheet is filled for the rulebook's three-player example (spec space-station-phoenix
§8.1, with the spec's placeholders) and the winner is read off the screen; export writes into the
data folder; a session plays to the end trigger, shows the final round and opens the prefilled
calculator.

Run as a script to save the docs screenshots: ``python tests/tui/test_phoenix_pilot.py DIR``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import cast

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.tui.screen_text import panel_text, screen_text
from trackers.games.space_station_phoenix.score_form import ROWS, ScoreForm
from trackers.games.space_station_phoenix.score_input import parse_score_sheet
from trackers.games.space_station_phoenix.scoring import ScoreSheet
from tui.app import TablesideApp
from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen
from tui.games.space_station_phoenix.screen import PhoenixScreen
from tui.screens.action_form import ActionFormScreen

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "docs" / "examples" / "phoenix-score.json"
SIZE = (80, 24)

def shown(app: App[None]) -> str:
    return screen_text(cast("App[object]", app))


def panel(app: App[None], selector: str) -> str:
    return panel_text(cast("App[object]", app), selector)


def sheet_screen(app: App[None]) -> ScoreSheetScreen:
    assert isinstance(app.screen, ScoreSheetScreen)
    return app.screen


# One entry per input row Enter stops on, in ROWS order: None keeps the cell, text is typed
# (o: occupied). points, L1, L2, L3, teal, pink, brown, gold, Humans, Hub, [free Level-1
# Sectors, ships, full: only where the Hub uses them], L3 x3, GEMs, food, water, metal.
ANNA = ["1", "3", "2", "2", "7", "8", None, "9", "1", "b5", "7", None, None, None,
        "0", "2", "2", "2"]  # B-5: Enter passes by the free Sectors and Ships left
BETH = ["24", "3", "2", "2", "5", None, "5", None, "11", "b3", "308o", "313o",
        None, "2", "1", "1", "0"]  # B-3 uses none of the three
CONNOR = ["9", "3", "3", "3", "3", "8", "10", "4", None, "a1", "1", None, None, None,
          "22", "4", "4", "3"]  # Ships left only


def column_keys(values: list[str | None]) -> list[str]:
    """The keys that type one player's column top to bottom: each cell, then Enter."""
    return [key for value in values for key in [*(value or ""), "enter"]]


async def type_column(pilot: Pilot[None], values: list[str | None]) -> None:
    """Type one player's column top to bottom, a cell at a time; Enter after each cell."""
    for value in values:
        if value:
            await pilot.press(*value)
        await pilot.press("enter")
    await pilot.pause()


async def rename(pilot: Pilot[None], name: str) -> None:
    await pilot.press("e")
    await pilot.pause()
    await pilot.press("end", "ctrl+u")
    await burst(pilot, *name)
    await pilot.press("enter")
    await pilot.pause()


async def fill_rulebook_example(pilot: Pilot[None]) -> None:
    """Anna's and Connor's columns in one burst of keys each; Beth's (a Hub, two occupied
    Level-3 Sectors, blank cells) a cell at a time, as a table types at its own pace."""
    await rename(pilot, "Anna")
    await burst(pilot, *column_keys(ANNA))  # Enter after the last row goes to the next player
    await rename(pilot, "Beth")
    await type_column(pilot, BETH)
    await pilot.press("n")  # a third player
    await pilot.pause()
    await pilot.press("ctrl+u")
    await burst(pilot, *"Connor")
    await pilot.press("enter")
    await pilot.pause()
    await burst(pilot, *column_keys(CONNOR))


async def go_to(pilot: Pilot[None], row_key: str, column: int) -> None:
    """Move the cursor with the arrow keys (in one burst) to ``row_key`` of player ``column``."""
    table = sheet_screen(pilot.app).table
    target = [r.key for r in ROWS].index(row_key)
    rows, columns = target - table.cursor_row, column - table.cursor_column
    await burst(pilot, *["down" if rows > 0 else "up"] * abs(rows),
                *["right" if columns > 0 else "left"] * abs(columns))
    assert (table.cursor_row, table.cursor_column) == (target, column)


async def new_game(pilot: Pilot[None], game: str, players: int) -> None:
    """New game (n on Home) with the game and the player count set in their lists (choosing
    from a list by keys is the forms pilots' subject), then ctrl+s to start."""
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#game", Select).value = game
    await pilot.pause()
    pilot.app.screen.query_one("#players", Select).value = players
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


def example_sheet() -> ScoreSheet:
    return parse_score_sheet(json.loads(EXAMPLE.read_text(encoding="utf-8")))


# --- the score sheet ---------------------------------------------------------------------------


# the whole example by keys (the slow group): its sums are tested through the API
# (tests/phoenix/test_phoenix_scoring.py) and the sheet's keys by the pilots below
@pytest.mark.slow
async def test_rulebook_example_typed_by_keys_gives_connor_159(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")  # Home: the score calculator
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await fill_rulebook_example(pilot)
        text = shown(app)
        assert "Winner: Connor, 159" in text
        assert "142" in text and "141" in text  # the bars' totals, on screen at 80x24
        screen = sheet_screen(app)
        assert screen.result is not None
        assert [p.total.points for p in screen.result.players] == [142, 141, 159]
        assert screen.evaluation.problems == ()

        await go_to(pilot, "=plurality_pink", 0)
        assert "pink: 8, tied first with Connor: (10+5)/2 rounded down = 7" in panel(
            app, "#phx-explain")
        await go_to(pilot, "=sector_bonus", 1)
        assert "308 (1 per Human): 11 Humans = 11" in panel(app, "#phx-explain")


async def test_bad_cell_names_player_and_row_and_keeps_the_result(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(example_sheet()))
        await pilot.pause()
        await go_to(pilot, "sectors.1", 0)
        await pilot.press("4")  # a fourth Level-1 Sector: not possible
        await pilot.pause()
        notes = panel(app, "#phx-notes")
        assert "Anna: Sectors, level 1: 4 is too many" in notes
        assert "0 to 3" in notes
        assert "Unchanged until fixed: Winner: Connor, 159" in shown(app)
        result = sheet_screen(app).result
        assert result is not None and result.players[0].total.points == 142
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert panel(app, "#phx-notes") == ""


async def test_a_new_sheet_has_its_keys_in_the_palette_and_shows_the_hub_unset(
        tmp_path: Path) -> None:
    """A blank sheet: the palette lists its keys; the Hub not chosen is a note, and a Hub
    typed makes the cells it needs needed."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen())
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Add a player [n]", "Rename the player [e]",
                      "Export the sheet, Markdown and CSV [x]", "Load a sheet file [l]",
                      "Level-3 Sector occupied or empty [o]"):
            assert title in titles
        assert any(t.startswith("Ruling: Sector 315") for t in titles)
        assert "Player 1: Hub not chosen yet" in panel(app, "#phx-notes")
        await go_to(pilot, "hub", 0)
        await pilot.press("a", "1")
        await pilot.pause()
        # A-1 scores by ships left, so that blank cell is now needed.
        assert "Player 1: Ships left: needed by Hub A-1" in panel(app, "#phx-notes")
        assert "A-1: endgame bonus 20/15/10/5" in panel(app, "#phx-explain")


# --- export ------------------------------------------------------------------------------


async def test_export_refuses_a_sheet_with_problems_then_writes_markdown_and_csv(
        tmp_path: Path) -> None:
    """x on a sheet with a problem writes nothing; fixed, x writes the sheet, Markdown and
    CSV and says where; the exported sheet loads back (l), in the app and on the command
    line alike. A change, then exported: l offers that newest export, it loads with the
    change, and leaving then does not ask (loaded from a file just written)."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(example_sheet()))
        await pilot.pause()
        await go_to(pilot, "residents.teal", 2)
        await pilot.press("backspace")  # "3" -> blank
        await pilot.press("x")
        await pilot.pause()
        assert not (tmp_path / "exports").exists()
        await pilot.press("3")  # fixed: the example again
        await pilot.press("x")
        await pilot.pause()
        exports = tmp_path / "exports"
        markdown = sorted(exports.glob("phoenix-score-*.md"))
        csv = sorted(exports.glob("phoenix-score-*.csv"))
        assert len(markdown) == 1 and len(csv) == 1
        sheet_file = sorted(exports.glob("phoenix-score-*.json"))
        assert len(sheet_file) == 1 and str(sheet_file[0]) in panel(app, "#phx-explain")
        assert "| **Total** | **142** | **141** | **159** |" in markdown[0].read_text()
        lines = csv[0].read_bytes().decode("utf-8").split("\r\n")
        assert lines[0] == "Category,Anna,Beth,Connor"
        assert "Total,142,141,159" in lines
        # the exported sheet loads back, on the command line and in the app alike
        assert parse_score_sheet(json.loads(sheet_file[0].read_text())) == example_sheet()
        await go_to(pilot, "points", 0)
        await pilot.press("9", "9")  # Anna jumps ahead
        await pilot.pause()
        assert "Winner: Anna" in panel(app, "#phx-winner")
        await pilot.press("l")
        await pilot.pause()
        await burst(pilot, *str(sheet_file[0]))  # the path, typed
        await pilot.press("enter")
        await pilot.pause()
        assert "Winner: Connor, 159" in panel(app, "#phx-winner")

        await go_to(pilot, "gems", 0)
        await pilot.press("9")  # a change, then exported: the file keeps it
        await pilot.press("x")
        await pilot.pause()
        exported = sorted((tmp_path / "exports").glob("phoenix-score-*.json"))
        await pilot.press("l")  # the prompt offers the newest export
        await pilot.pause()
        assert app.screen.query_one(Input).value == str(exported[-1])
        await pilot.press("enter")
        await pilot.pause()
        assert sheet_screen(app).form.texts[0]["gems"] == "9"
        await pilot.press("escape")  # loaded from a file just written: nothing to lose
        await pilot.pause()
        assert not isinstance(app.screen, ScoreSheetScreen)


async def test_a_typed_sheet_survives_escape_and_a_restart(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")  # Home: the score calculator
        await pilot.pause()
        await go_to(pilot, "gems", 1)
        await pilot.press("4", "2")
        await pilot.press("escape")  # a changed sheet: asks first
        await pilot.pause()
        # the whole question fits the dialog at 80x24 (it does not wrap: a long one was cut)
        assert "Leave? The sheet is kept for next time." in shown(app)
        await pilot.press("n")  # stay
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert not isinstance(app.screen, ScoreSheetScreen)
    again = TablesideApp(data_dir=tmp_path)  # a new run of the app
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert sheet_screen(again).form.texts[1]["gems"] == "42"
        await pilot.press("escape")  # nothing changed since it opened: leaves at once
        await pilot.pause()
        assert not isinstance(again.screen, ScoreSheetScreen)


# --- the session ---------------------------------------------------------------------------------


def phoenix_session(data: Path) -> str:
    table = Tableside(data)
    play = table.create("space-station-phoenix", 3, names=("Anna", "Beth", "Connor"), seed="s",
                        board={"lap_size": 50})
    play.do("setup_all")
    for level in (1, 2):  # each wing builds in order: Level 1, then 2, then 3
        play.do("build_sector", player="Beth", level=level)
    play.do("build_sector", player="Beth", level=3, number="308")
    play.close()
    table.close()
    return play.id


async def test_new_game_opens_the_phoenix_screen_with_its_setup(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, "space-station-phoenix", 4)
        assert isinstance(app.screen, PhoenixScreen)
        now = panel(app, "#now")
        assert "[ ] Place 24 Humans on Terra" in now
        assert "Draw 90 Aliens" in now
        assert "Compensation GEMs: Player 2 1, Player 3 2, Player 4 3" in now
        await pilot.press("n")  # tick the first setup step
        await pilot.pause()
        assert "[x] Place 24 Humans on Terra" in panel(app, "#now")
        assert "Board values unset: 1" in panel(app, "#tracks")  # the lap size


async def test_session_plays_to_the_end_and_opens_the_prefilled_calculator(tmp_path: Path) -> None:
    phoenix_session(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the saved game
        await pilot.pause()
        assert isinstance(app.screen, PhoenixScreen)
        assert "Anna's turn" in panel(app, "#banner")

        await pilot.press("a")  # Add points: a form asks whose and how many
        await pilot.pause()
        await pilot.press("a", "n", "enter")  # the player list, by typing: Anna; on
        await pilot.pause()
        await pilot.press("4", "1", "enter")
        await pilot.pause()
        assert "Anna: 41 points (space 41)" in panel(app, "#tracks")

        await pilot.press("e")  # end of Anna's own turn: the end check fires
        await pilot.pause()
        banner = panel(app, "#banner")
        assert "FINAL ROUND (Anna triggered it): Beth's last turn, then Connor" in banner
        now = panel(app, "#now")
        assert "Still to play, one turn each: Beth and Connor" in now
        assert "Anna takes no more turns" in now

        await pilot.press("e")  # Beth's final turn
        await pilot.pause()
        assert "Connor's last turn, then final scoring" in panel(app, "#banner")
        await pilot.press("e")  # Connor's: the game is over
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreSheetScreen)
        assert screen.form.names == ["Anna", "Beth", "Connor"]
        assert screen.form.texts[0]["points"] == "41"
        assert screen.form.texts[1]["level3.0"] == "308"
        assert "Anna" in shown(app) and "41" in shown(app)
        await pilot.press("r")  # record the totals in the game: its result
        await pilot.pause()

        await pilot.press("escape")  # back to the session, which says the game is over
        await pilot.pause()
        assert "Game over: Anna won. ctrl+r opens the game report" in panel(app, "#banner")
        assert "Final scores: Anna=41, Beth=20, Connor=0 (winner Anna)" in panel(app, "#log")
    table = Tableside(tmp_path)
    assert table.sessions()[0].status == "Anna won"
    play = table.load(table.sessions()[0].id)
    record = play.game.end_record(play.state)
    assert record is not None and record.ending == "Final scoring"
    assert record.winners == ("Anna",) and record.scores["Anna"] > record.scores["Beth"]


# --- screenshots for the docs (run as a script, never by pytest) -------------------------------


async def save_screenshots(folder: Path, data: Path) -> None:
    """Save the score screen (rulebook example) and a session in its final round at 80x24."""
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(example_sheet()))
        await pilot.pause()
        await go_to(pilot, "=plurality_pink", 0)
        app.save_screenshot("phoenix-score.svg", str(folder))
    phoenix_session(data)
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PhoenixScreen)
        screen.play.do("add_points", points=41)
        screen.play.do("move_token", player="Beth", track="Construct", steps=2)
        screen.play.do("end_turn")
        screen.refresh_all()
        await pilot.pause()
        app.save_screenshot("phoenix-session.svg", str(folder))


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        asyncio.run(save_screenshots(Path(sys.argv[1]), Path(scratch)))


async def test_a_burst_of_keys_fills_the_same_cells_as_slow_typing(tmp_path: Path) -> None:
    """A burst of digits, Enter and arrows fills the cells slow typing fills. Then "308 o
    Enter" in one burst: o marks 308, not the cell Enter moves to."""
    typed = ["2", "enter", "3", "enter", "up", "up", "7", "enter", "1", "2", "enter"]
    sheets = []
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:  # one app, a blank sheet for each way
        await pilot.pause()
        for at_once in (False, True):
            # a draft of its own: the first way's sheet is not kept into the second's
            app.push_screen(ScoreSheetScreen(draft=f"typed-at-once-{at_once}"))
            await pilot.pause()
            assert sheet_screen(app).form.texts == ScoreForm.blank().texts
            await go_to(pilot, "sectors.1", 0)
            if at_once:  # every key queued at once, as a fast typist's terminal delivers them
                await burst(pilot, *typed)
            else:
                for key in typed:
                    await pilot.press(key)
                    await pilot.pause()
            await pilot.pause()
            sheets.append([dict(column) for column in sheet_screen(app).form.texts])
            if not at_once:
                app.pop_screen()
                await pilot.pause()
        assert sheets[0] == sheets[1]
        assert sheets[0][0]["sectors.1"] == "7" and sheets[0][0]["sectors.2"] == "12"

        await go_to(pilot, "level3.0", 0)  # on the sheet typed at once
        for key in ("3", "0", "8", "o", "enter", "3", "1", "3", "o", "enter"):
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause()
        await pilot.pause()
        form = sheet_screen(app).form
        assert [form.cell_text(0, f"level3.{i}").split() for i in range(3)] == [
            ["308", "occ"], ["313", "occ"], []]


async def test_the_stations_stay_in_sight_at_80x24(tmp_path: Path) -> None:
    """Diplomacy levels and Sectors sit under the tracks, not below the Now panel's fold."""
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 3, names=("Ann", "Bo", "Cy"), seed="s",
                        board={"lap_size": 50})
    play.do("setup_all")
    play.do("move_token", player="Bo", track="Dismantle", steps=2)
    play.do("build_sector", level=1)
    play.do("ship_used", ship="Dismantle")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PhoenixScreen)
        text = shown(app)
        assert "Diplomacy levels" in text and "Sectors (Level 1/2/3)" in text
        assert "Bo  L2   L0   L0   L0" in text and "Ann ?    1 of 9 (1/0/0)" in text
        assert "Bo: L2, sole leader" in text  # the newest note still leads the Now panel


async def test_each_players_station_row_is_one_whole_line_at_80x24(tmp_path: Path) -> None:
    """A new user's game (the names left as 'Player 1', 'Player 2') and a long name: each
    player's Sectors row and Diplomacy row, and the Diplomacy heads, are one line each in the
    side at 80x24 (the fourth head, Expedition, wrapped under the rows' names before)."""
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 3, names=("Player 1", "Bartholomew", "Cy"),
                        seed="s", board={"lap_size": 50})
    play.do("setup_all")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PhoenixScreen)
        rows = panel(app, "#phx-stations").splitlines()
        stations = app.screen.query_one("#phx-stations")
        # Drawn as written: no row longer than the side, none wrapped onto a second line.
        assert max(len(r) for r in rows) <= stations.content_size.width, rows
        assert stations.content_size.height == len(panel(app, "#phx-stations").split("\n"))
        assert "Dism Cons Tran Expe" in rows[rows.index("Diplomacy levels") + 1], rows
        for name in ("Player 1", "Barthol\u2026", "Cy      "):
            sectors = next(r for r in rows if r.startswith(name) and "of 9" in r)
            assert sectors.endswith("0 of 9 (0/0/0)"), rows
            levels = next(r for r in rows if r.startswith(name) and "L0" in r)
            assert levels.endswith("L0   L0   L0   L0"), rows
        assert "Bartholomew" in shown(app)  # whole on the tracks above
        assert "? = Hub not recorded: j" in rows  # what the "?" asks for, and its key
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert app.screen.action_spec.name == "keep_hub"


async def test_at_80x24_the_grid_gets_the_bars_lines_and_every_total_stays_in_sight(
        tmp_path: Path) -> None:
    from tui.games.space_station_phoenix.bars import ScoreBars

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(example_sheet()))
        await pilot.pause()
        for size, short in (((80, 24), True), ((120, 40), False)):
            if app.size != size:  # the terminal made taller under the open sheet
                await pilot.resize_terminal(*size)
                await pilot.pause()
            text = shown(app)
            bars = app.screen.query_one(ScoreBars)
            if short:
                assert not bars.display and "= C. Most Humans" in text  # 17 grid rows
                assert "Winner: Connor, 159; Anna 142, Beth 141" in text
            else:
                assert bars.display and "Anna 142" not in text
                assert "Winner: Connor, 159" in text
