"""The session header names the way to play, and in solo the player."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pilot_keys import save_game
from tui.app import TablesideApp
from tui.screens.session import SessionScreen


@pytest.mark.parametrize(("players", "mode", "names", "header"), [
    (1, "solo", ("Ann",), "Nemesis: Lockdown, solo: Ann"),
    (3, "coop", ("Ann", "Bo", "Cy"), "Nemesis: Lockdown, fully co-operative, 3 players"),
    (2, "standard", (), "Nemesis: Lockdown, semi-co-operative, 2 players"),
])
async def test_the_header_shows_the_mode_and_the_solo_players_name(
        tmp_path: Path, players: int, mode: str, names: tuple[str, ...], header: str) -> None:
    save_game(tmp_path, "nemesis-lockdown", players, names=names, mode=mode)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.sub_title == header
        assert header in str(app.screen.query_one("HeaderTitle").render())
