"""Damaged saves: the app starts, says plainly what happened, and keeps working."""

from __future__ import annotations

import json
from pathlib import Path

from tests.pilot_keys import record_notifications, save_game
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.home import HomeScreen
from tui.screens.session import SessionScreen


def saved_game(data: Path) -> str:
    return save_game(data, "space-station-phoenix", 2, title="Tuesday")


async def test_garbage_catalog_the_home_screen_says_so_and_lists_the_games(
        tmp_path: Path) -> None:
    session_id = saved_game(tmp_path)
    (tmp_path / "catalog.json").write_text("{{{ not json")
    (tmp_path / "catalog.json.bak").write_text("also garbage")
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        warning = panel_text(app, "#home-warnings")
        assert "catalog.json" in warning and "damaged" in warning
        assert [r.id for r in app.screen.rows] == [session_id]


async def test_journal_from_a_newer_version_is_named_and_the_app_goes_on(
        tmp_path: Path) -> None:
    session_id = saved_game(tmp_path)
    journal = tmp_path / "sessions" / f"{session_id}.jsonl"
    lines = journal.read_bytes().split(b"\n")
    header = json.loads(lines[0][9:])
    header["format"] = 99
    from saves.journal import encode_line

    journal.write_bytes(encode_line(header) + b"\n".join(lines[1:]))
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = record_notifications(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # still running, still on Home
        assert any("newer Tableside" in m and journal.name in m for m in messages)


async def test_torn_last_record_is_dropped_and_said(tmp_path: Path) -> None:
    journal = tmp_path / "sessions" / f"{saved_game(tmp_path)}.jsonl"
    with open(journal, "ab") as handle:
        handle.write(b'1234abcd {"t": "do", "seq": 1, "act')  # a kill mid-write
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = record_notifications(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert any("half written" in m for m in messages)


async def test_the_history_shows_damage_found_and_x_dismisses_it(tmp_path: Path) -> None:
    from tableside.api import Tableside
    from tui.screens.history import HistoryScreen

    session_id = saved_game(tmp_path)
    journal = tmp_path / "sessions" / f"{session_id}.jsonl"
    journal.write_bytes(b"garbage\n" + journal.read_bytes().split(b"\n", 1)[1])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        assert "first line" in panel_text(app, "#history-warnings")
        await pilot.press("x")
        await pilot.pause()
        assert "first line" not in panel_text(app, "#history-warnings")
    assert Tableside(tmp_path).load(session_id).warnings == []
