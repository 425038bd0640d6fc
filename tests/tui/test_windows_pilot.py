"""The app beside other windows, odd text and a troubled disk, played by keys."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside, TablesideError
from tests.pilot_keys import burst, record_notifications, save_game
from tests.tui.screen_text import panel_text, screen_text
from tui.app import TablesideApp
from tui.screens.home import HomeScreen
from tui.screens.home_list import SavesList
from tui.screens.session import SessionScreen

pytestmark = pytest.mark.usefixtures("demo_registered")


async def until(pilot: Any, seen: Callable[[], bool], seconds: float = 8.0) -> None:
    """Wait (a tenth of a second at a time) until ``seen()``; the app looks every second,
    and a busy machine may take longer."""
    for _ in range(int(seconds * 10)):
        if seen():
            return
        await pilot.pause(0.1)


def highlighted(app: TablesideApp) -> str:
    screen = app.screen
    assert isinstance(screen, HomeScreen)
    info = screen.selected()
    assert info is not None
    return info.id


async def test_home_keeps_the_highlight_on_its_game_after_a_refused_rename(
        tmp_path: Path) -> None:
    for title in ("First", "Second", "Third"):
        save_game(tmp_path, "demo", 2, title=title)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = record_notifications(app)
        await pilot.pause()
        await pilot.press("down")
        chosen = highlighted(app)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", "enter")  # an empty title: refused
        await pilot.pause()
        assert any("title" in m for m in messages)
        assert highlighted(app) == chosen
        await pilot.press("e")
        await pilot.pause()
        await burst(pilot, "ctrl+a", "ctrl+k", *"Renamed", "enter")  # typed fast
        assert highlighted(app) == chosen
        assert "Renamed" in screen_text(app)


async def test_end_and_home_go_to_the_last_and_first_game(tmp_path: Path) -> None:
    for title in ("First", "Second", "Third", "Fourth"):
        save_game(tmp_path, "demo", 2, title=title)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#saves", SavesList)
        await pilot.press("end")
        await pilot.pause()
        assert grid.cursor_row == 3 and grid.scroll_x == 0
        await pilot.press("home")
        await pilot.pause()
        assert grid.cursor_row == 0 and grid.scroll_x == 0


async def test_every_home_column_is_readable_at_80_columns(tmp_path: Path) -> None:
    save_game(tmp_path, "space-station-phoenix", 3, title="A long evening with the whole group")
    save_game(tmp_path, "demo", 2, title="Another long evening with the whole group")
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "in progress" in text
        assert "today" in text
        # the titles get the room: the Game column gives way before them ...
        assert "A long evening with the whole gr" in text  # 34 cells of 80 to Title
        await pilot.press("down")
        await pilot.pause()
        # ... and the highlighted game is shown whole under the list
        assert "Space Station Phoenix, 3p" in screen_text(app)


async def test_home_follows_games_made_renamed_and_deleted_elsewhere(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2, title="Here from the start")
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        other = Tableside(tmp_path)
        made = other.create("demo", 3, title="Made in a shell")
        made.close()
        await until(pilot, lambda: "Made in a shell" in screen_text(app))
        assert "Made in a shell" in screen_text(app)
        other.rename(made.id, "Renamed in a shell")
        await until(pilot, lambda: "Renamed in a shell" in screen_text(app))
        assert "Renamed in a shell" in screen_text(app)
        other.delete(made.id)
        await until(pilot, lambda: "Renamed in a shell" not in screen_text(app))
        assert "Renamed in a shell" not in screen_text(app)
        assert "Here from the start" in screen_text(app)
        other.close()


async def test_actions_from_another_window_show_in_the_open_game(tmp_path: Path) -> None:
    session_id = save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        other = Tableside(tmp_path)
        script = other.load(session_id)
        script.do("fire")
        script.close()
        other.close()
        await until(pilot, lambda: "Fires: 1/3" in panel_text(app, "#tracks"))
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        log = panel_text(app, "#log")
        assert "Add a fire" in log and "(from another app window)" in log
        assert "1 action from another app window" in panel_text(app, "#now")
        other = Tableside(tmp_path)
        script = other.load(session_id)
        script.do("fire")  # a second one, folded in by a later look: both are counted
        script.close()
        other.close()
        await until(pilot, lambda: "Fires: 2/3" in panel_text(app, "#tracks"))
        assert "2 actions from another app window" in panel_text(app, "#now")
        await pilot.press("a")  # and this window goes on from there
        await pilot.pause()
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.screen.play.head == 3  # type: ignore[attr-defined]
        assert "another app window" not in panel_text(app, "#now")  # its own news now


MARKUP = "[b]Bo[/b] [/] [red"


async def test_text_people_typed_shows_as_typed(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2, title=f"Game {MARKUP}", names=["[b]Bo[/b]", "[/]"],
              moves=[("escape", {"who": "[/]"})])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert MARKUP in screen_text(app)  # Home: the title as typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert "[/] escaped" in panel_text(app, "#now")
        assert "[/]" in panel_text(app, "#log")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e")  # the rename prompt shows the old title as typed too
        await pilot.pause()
        assert MARKUP in screen_text(app)


async def test_a_data_folder_that_cannot_be_opened_is_said_not_a_traceback(
        tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    app = TablesideApp(data_dir=blocker)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        warning = panel_text(app, "#home-warnings")
        assert "restart" in warning


async def test_a_failing_disk_when_listing_games_is_said(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    save_game(tmp_path, "demo", 2, title="Still here")
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()

        def broken(self: Tableside) -> list[object]:
            raise TablesideError("catalog.json: cannot be read (Input/output error)")

        monkeypatch.setattr(Tableside, "sessions", broken)
        # another window touches the list of games: Home's watching thread sees it and
        # Home reads the list again
        catalog = app.table.store.catalog.path
        os.utime(catalog, ns=(catalog.stat().st_atime_ns, catalog.stat().st_mtime_ns + 10**9))
        await until(pilot, lambda: "Input/output" in panel_text(app, "#home-warnings"))
        warning = panel_text(app, "#home-warnings")
        assert "Input/output error" in warning and "writable" in warning
        assert "Still here" in screen_text(app)  # the list it had stays


async def test_leaving_a_game_when_the_disk_fails_says_so(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = record_notifications(app)
        await pilot.press("enter")
        await pilot.pause()
        play = app.screen.play  # type: ignore[attr-defined]

        def broken() -> None:
            raise TablesideError("snapshot: cannot be written (No space left on device)")

        monkeypatch.setattr(play, "close", broken)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("No space left" in m and "journal" in m for m in messages)


async def test_games_made_in_the_same_second_are_listed_newest_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tableside import api, open_session

    monkeypatch.setattr(api, "now", lambda: "2026-01-01T20:00:00")  # one second for all
    monkeypatch.setattr(open_session, "now", lambda: "2026-01-01T20:00:00")
    for title in ("Made first", "Made second", "Made third"):
        save_game(tmp_path, "demo", 2, title=title)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = app.screen.rows  # type: ignore[attr-defined]
        assert [r.title for r in rows] == ["Made third", "Made second", "Made first"]


async def test_a_full_disk_on_export_is_said_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = record_notifications(app)
        await pilot.press("b", "enter")  # the first game's board profile
        await pilot.pause()

        def full(self: Path, *args: object, **kwargs: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(Path, "write_text", full)
        await pilot.press("e")  # export
        await pilot.pause()
        assert any("No space left on device" in m and "writable" in m for m in messages)
        assert type(app.screen).__name__ == "BoardProfileScreen"  # still there, still working


async def test_a_long_list_of_saved_games_is_all_there_and_end_reaches_the_oldest(
        tmp_path: Path) -> None:
    """Home lists a page of games at first (a long list opens as fast as a short one) and
    more as the highlight goes down; End reaches the oldest game, Home the newest."""

    from tui.screens.home import PAGE_ROWS

    table = Tableside(tmp_path)
    count = PAGE_ROWS + 10  # a page and some more
    for i in range(count):
        table.create("demo", 2, title=f"Game {i:03d}", seed=f"s{i}").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one("#saves", SavesList)
        assert grid.row_count == PAGE_ROWS
        # down held past the first page, every press read before the rows asked for come:
        # each still moves the highlight one game (the last ones once the rows are there)
        await burst(pilot, *["down"] * PAGE_ROWS)
        await pilot.pause()
        assert grid.row_count > PAGE_ROWS
        assert app.screen.selected().title == f"Game {count - 1 - PAGE_ROWS:03d}"  # type: ignore[attr-defined]
        await pilot.press("end")
        await pilot.pause()
        assert grid.row_count == count
        assert app.screen.selected().title == "Game 000"  # type: ignore[attr-defined]
        await pilot.press("home")
        await pilot.pause()
        assert app.screen.selected().title == f"Game {count - 1:03d}"  # type: ignore[attr-defined]