"""Home's footer shows the way to back up or restore the data folder (m) at 80x24, with
every other key it showed before still in view."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.app import TablesideApp
from tui.widgets.keys_footer import KeysFooter


async def test_home_footer_shows_backup_at_80x24(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeysFooter)
        shown = {cell.shown: cell.description for cell in footer.cells}
        assert shown.get("m") == "Backup"
        for key in ("n", "e", "d", "s", "b", "g", "q", "f1", "^p"):
            assert key in shown, key
        rows = [line.rstrip() for line in str(footer.render()).splitlines()]
        assert len(rows) <= 2 and all(len(row) <= 80 for row in rows)
        assert any("m  Backup" in row for row in rows)


async def test_a_game_footer_shows_each_name_whole_at_80x24(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Say again" (f6) was cut to "Say agai": a name that fits with one space less gets
    it."""
    from tests.pilot_keys import resume_first, save_game

    monkeypatch.setenv("TABLESIDE_SOUND", "")  # sound possible: f5 and f6 in the footer
    # Lifeform's setup leaves room for f5 and f6 (a crowded footer gives them up first)
    save_game(tmp_path, "lifeform", 3)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        footer = screen.query_one(KeysFooter)
        rows = str(footer.render()).splitlines()
        assert any("f6 Say again" in row for row in rows), rows
        assert any("d  Draw" in row for row in rows), rows  # room for both spaces
        for cell in footer.cells:
            assert cell.description in "".join(rows), cell
