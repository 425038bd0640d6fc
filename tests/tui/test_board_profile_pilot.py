"""The board profile screen, used by keys: from Home, and from a game (logged there)."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.board_profile import BoardProfileScreen


async def test_enter_a_value_from_home_and_see_it_saved(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")  # Board profile: pick the game
        await pilot.pause()
        for _ in range(3):
            await pilot.press("down")  # Lifeform, Nemesis, Pandora, Phoenix (by title)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BoardProfileScreen)
        assert "unset" in panel_text(app, "#profile-detail")
        await pilot.press("enter")  # edit lap_size
        await pilot.pause()
        await pilot.press(*"fifty", "enter")
        await pilot.pause()
        assert Tableside(tmp_path).board_profile("space-station-phoenix") == {}
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"50", "enter")
        await pilot.pause()
        assert Tableside(tmp_path).board_profile("space-station-phoenix") == {"lap_size": 50}
        await pilot.press("e")  # export
        await pilot.pause()
        exported = tmp_path / "exports" / "space-station-phoenix-board-profile.json"
        assert exported.exists()


async def test_a_value_entered_in_a_game_is_in_its_log_and_undoable(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("space-station-phoenix", 2).close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # resume
        await pilot.pause()
        play = app.screen.play  # type: ignore[attr-defined]
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BoardProfileScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"50", "enter")
        await pilot.pause()
        assert play.state.board["lap_size"] == 50
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "lap_size" not in play.state.board
