"""A checked box and an unchecked one differ by their mark, not only by colour."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Select

from tests.tui.screen_text import screen_text
from tui.app import TablesideApp


async def test_an_unchecked_box_is_empty_and_a_checked_one_marked(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "space-station-phoenix"
        await pilot.pause()
        box = app.screen.query_one("#opt-space_station_phoenix-first_game", Checkbox)
        box.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        assert not box.value
        assert box.render().plain[:3] == "▐ ▌"  # what the box draws before its label
        box.value = True
        await pilot.pause()
        assert box.render().plain[:3] == "▐X▌"
        assert "First game" in screen_text(app)
