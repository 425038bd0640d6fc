"""Pilot test at 80x24 of the shared session screen: a game key pressed when its action is
not possible now says why; a key whose actions this way to play does not have (Lifeform's
Reality Calibration, z, in the Dragon's Domain solo game) is quietly ignored, never a crash."""

from __future__ import annotations

from pathlib import Path

from tests import pilot_keys
from tui.app import TablesideApp
from tui.screens.session import SessionScreen


async def test_a_key_of_an_action_this_mode_lacks_does_nothing(tmp_path: Path) -> None:
    pilot_keys.save_game(tmp_path, "lifeform", 1, mode="solo")
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pilot_keys.resume_first(pilot)
        names = {a.name for a in screen.play.session.actions()}
        assert "reality_calibration" not in names  # bound to z for the other modes
        said = pilot_keys.record_notifications(app)
        await pilot.press("z")
        await pilot.pause()
        assert app.screen is screen and isinstance(app.screen, SessionScreen)
        assert app.is_running and not said, said
