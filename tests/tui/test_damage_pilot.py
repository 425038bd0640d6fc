"""Damaged saves: the app starts, says plainly what happened, and keeps working."""

from __future__ import annotations

import json
from pathlib import Path

from screen_text import panel_text

from tableside.api import Tableside
from tui.app import TablesideApp
from tui.screens.home import HomeScreen
from tui.screens.session import SessionScreen


def saved_game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("space-station-phoenix", 2, title="Tuesday")
    play.close()
    table.close()
    return play.id


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
    messages: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        original = app.notify

        def spy(message: str, **kwargs: object) -> None:
            messages.append(message)
            original(message, **kwargs)  # type: ignore[arg-type]

        app.notify = spy  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)  # still running, still on Home
        assert any("newer Tableside" in m and journal.name in m for m in messages)


async def test_torn_last_record_is_dropped_and_said(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2)
    play.close()
    table.close()
    journal = tmp_path / "sessions" / f"{play.id}.jsonl"
    with open(journal, "ab") as handle:
        handle.write(b'1234abcd {"t": "do", "seq": 1, "act')  # a kill mid-write
    app = TablesideApp(data_dir=tmp_path)
    messages: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        original = app.notify

        def spy(message: str, **kwargs: object) -> None:
            messages.append(message)
            original(message, **kwargs)  # type: ignore[arg-type]

        app.notify = spy  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert any("half written" in m for m in messages)
