"""Warnings travel with the data: a game whose snapshot was edited by
hand opens in the app with its report (ctrl+r) naming the file at the top, and the report's
Markdown export (m) keeps the warning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

from textual.app import App

from tableside.api import Tableside
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.report import ReportScreen


def _game_with_an_edited_snapshot(data: Path) -> Path:
    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    for value in (3, 5, 7):
        play.do("set_value", target="self_destruct.position", value=value)
    play.close()
    table.close()
    snap = data / "sessions" / f"{play.id}.snap.json"
    kept = json.loads(snap.read_text(encoding="utf-8"))
    kept["state"]["facts"]["edited_by_hand"] = True
    snap.write_text(json.dumps(kept), encoding="utf-8")
    return snap


async def test_the_report_screen_and_its_markdown_name_an_edited_snapshot(
        tmp_path: Path) -> None:
    snap = _game_with_an_edited_snapshot(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the game
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        shown = panel_text(cast("App[object]", app), "#report-warnings")
        assert snap.name in shown and "ignored" in shown
        await pilot.press("m")
        await pilot.pause()
    exported = list((tmp_path / "exports").glob("report-*.md"))
    assert len(exported) == 1
    assert snap.name in exported[0].read_text(encoding="utf-8")
