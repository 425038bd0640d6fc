"""Pilot test: a player starts a Nemesis: Lockdown session from the Home screen and plays keys."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from tests.pilot_keys import choose
from tui.app import TablesideApp
from tui.screens.session import SessionScreen


def tracks(app: TablesideApp) -> str:
    """Every line of the tracks panel."""
    panel = app.screen.query_one("#tracks", OptionList)
    return "\n".join(str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count))


async def test_new_nemesis_session_from_home_then_keys(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await choose(pilot, "#game", "Nemesis: Lockdown")
        await choose(pilot, "#players", "3 players")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert "Time track: 15" in tracks(app)
        assert "Intruder bag: Adult 6" in tracks(app)
        await pilot.press("f")  # Place a Fire marker: no arguments
        await pilot.pause()
        assert "Fire markers on the board: 1/12" in tracks(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Fire markers on the board: 0/12" in tracks(app)
        await pilot.press("n")  # Next step of the setup checklist
        await pilot.pause()
        assert app.screen.play.state.facts["step"] == 1
