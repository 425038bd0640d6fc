"""The Space Station Phoenix score sheet at 80x24 (issue: the sheet reads right at the table).

The winner line stays whole however many notes there are (the notes scroll, toasts open at the
top), the cursor stays in sight, Enter passes by the rows the column's Hub does not use, and
loading a file over a changed sheet asks first.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from textual.app import App

from tests.pilot_keys import burst
from tests.textual_probe import toast_rack
from tests.tui.screen_text import panel_text, screen_text
from trackers.games.space_station_phoenix.score_form import ROWS
from trackers.games.space_station_phoenix.scoring import (
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
)
from tui.app import TablesideApp
from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen, winner_text
from tui.screens.confirm import ConfirmScreen

SIZE = (80, 24)
ROW_KEYS = [row.key for row in ROWS]


def sheet_screen(app: TablesideApp) -> ScoreSheetScreen:
    assert isinstance(app.screen, ScoreSheetScreen)
    return app.screen


def player(name: str, hub: str = "", level3: tuple[str, ...] = ()) -> PlayerSheet:
    return PlayerSheet(name=name, points=10, sectors=SectorsBuilt(1, 1, len(level3)),
                       residents=Residents(2, 1, 1, 1, 1), hub=hub,
                       level3=tuple(Level3Sector(s, False) for s in level3), ships_left=0,
                       full_sectors=0, gems=0, food=0, water=0, metal=0, free_sectors=1)


def tied_sheet() -> ScoreSheet:
    """Four players alike in everything: a shared win, explained at length, and a note per
    player (no Hub) plus an empty Level-3 Sector each and an open ruling."""
    names = ("Annabelle Longname", "Bartholomew Long", "Cordelia Longname", "Desmond Longname")
    return ScoreSheet(tuple(player(n, level3=("306",)) for n in names), ScoreSettings())


async def test_many_notes_in_the_tables_words_leave_the_winner_line_whole_at_80x24(
        tmp_path: Path) -> None:
    """A sheet of many notes at 80x24: the notes say it in the table's words and scroll, the
    winner line stays whole above the footer, a toast opens above the notes."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(tied_sheet()))
        await pilot.pause()
        screen = sheet_screen(app)
        assert screen.result is not None
        winner = winner_text(screen.result)
        assert winner.startswith("Shared win:") and len(winner) > 160  # three lines at 80
        shown = " ".join(screen_text(cast("App[object]", app)).split())
        assert " ".join(winner.split()) in shown  # whole, not cut mid-sentence
        notes = screen.query_one("#phx-notes-box")
        assert len(screen.evaluation.unset) >= 8 and notes.max_scroll_y > 0  # they scroll
        line = screen.query_one("#phx-winner")
        assert line.region.bottom <= screen.query_one("KeysFooter").region.y
        said = panel_text(cast("App[object]", app), "#phx-notes")
        assert "Annabelle Longname: 306 is empty, so its bonus" in said
        assert "Unset" not in said and "free_sectors_count_as_built" not in said
        app.notify("A toast")
        await pilot.pause()
        toast = toast_rack(screen)
        assert toast.region.bottom <= notes.region.y  # toasts open at the top


def test_labels_use_the_tables_words() -> None:
    """The sheet's row labels (its notes' words: the many-notes pilot above)."""
    labels = [row.label for row in ROWS]
    assert "Free Level-1 Sectors" in labels and " of them free" not in labels
    assert labels.index("Free Level-1 Sectors") == labels.index("Station Hub") + 1


async def test_enter_passes_by_the_rows_a_b5_hub_does_not_use(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen())
        await pilot.pause()
        screen = sheet_screen(app)
        table = screen.table
        # points, 3 levels of Sectors, 5 kinds of residents: Enter after each, at once
        await burst(pilot, *["enter"] * 9)
        assert ROW_KEYS[table.cursor_row] == "hub"
        await pilot.press("b", "5", "enter")
        await pilot.pause()
        assert ROW_KEYS[table.cursor_row] == "full_sectors"  # not free Sectors, not Ships left
        await pilot.press("7")
        await pilot.pause()
        assert screen.form.texts[0]["full_sectors"] == "7"
        assert screen.form.texts[0]["ships_left"] == ""
        # the cursor stays in sight, though the notes changed under the grid
        top = int(table.scroll_y)
        visible = table.size.height - table.header_height
        assert top <= table.cursor_row < top + visible
        # an A-1 column stops on Ships left instead
        await burst(pilot, "right", "up", "up", "a", "1", "enter")
        assert ROW_KEYS[table.cursor_row] == "ships_left"


async def test_load_asks_before_replacing_a_changed_sheet_or_a_games_own(
        tmp_path: Path) -> None:
    """l on an unchanged sheet goes straight to the file prompt; on a changed one it asks
    first, and n keeps what was typed. A game's own sheet asks even unchanged."""
    from tableside.api import Tableside

    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, names=["Ann", "Bo"])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen())
        await pilot.pause()
        await pilot.press("l")  # unchanged: straight to the file prompt
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("4", "l")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert sheet_screen(app).form.texts[0]["points"] == "4"

        app.pop_screen()
        await pilot.pause()
        # the game's sheet, kept with the game as its screen keeps it (not the sheet above)
        app.push_screen(ScoreSheetScreen(ScoreSheet((player("Ann"), player("Bo")),
                                                    ScoreSettings()),
                                         draft=f"{play.id}:score", play=play))
        await pilot.pause()
        assert not sheet_screen(app).changed and sheet_screen(app).form.names == ["Ann", "Bo"]
        await pilot.press("l")  # unchanged, but the game's: it asks
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "this game's sheet" in screen_text(app)
    play.close()
    table.close()


def _totals(screen: ScoreSheetScreen) -> list[str]:
    row = ROW_KEYS.index("=total")
    return [screen.table.get_cell_at(screen.table.cursor_coordinate._replace(
        row=row, column=c)).plain.strip() for c in range(len(screen.form.names))]


async def test_a_problem_waits_only_its_own_columns_total(tmp_path: Path) -> None:
    """A Level-3 Sector over none built is one player's problem: the other columns keep
    their totals; a residents count moves every plurality: then every column waits."""
    sheet = ScoreSheet((player("Ann", level3=("306",)), player("Bo"), player("Cy")),
                       ScoreSettings())
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ScoreSheetScreen(sheet))
        await pilot.pause()
        screen = sheet_screen(app)
        assert "?" not in _totals(screen)
        screen.form.texts[0]["sectors.3"] = "0"  # Ann's 306 now stands over no Level-3
        screen._changed()
        await pilot.pause()
        totals = _totals(screen)
        assert totals[0] == "?" and totals[1] != "?" and totals[2] != "?"
        assert screen.evaluation.problems
        screen.form.texts[1]["residents.teal"] = "x"  # a count the pluralities need
        screen._changed()
        await pilot.pause()
        assert _totals(screen) == ["?", "?", "?"]
