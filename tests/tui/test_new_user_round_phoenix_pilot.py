"""A new user's first round of Space Station Phoenix at 80x24, by keys alone: New game from
Home (the game, the count and the names typed), the lap size in one key, the setup checklist
with each Hub recorded (the form offers the next player without one), then one turn each:
Ann scores, Bo builds a Sector, Cy takes Aliens; the turn passes back to Ann."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pilot_keys import burst
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.session import SessionScreen

# A whole round by keys: the slow group (`pytest -m slow`).
pytestmark = pytest.mark.slow


async def test_a_new_users_first_round_by_keys_alone(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")  # New game
        await pilot.pause()
        await burst(pilot, *"sp", "enter", "3", "enter", "tab", *"Ann, Bo, Cy", "ctrl+s")
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        play = screen.play
        assert play.setup.names == ("Ann", "Bo", "Cy")
        await burst(pilot, "ctrl+d")  # the lap tokens' size, in one key
        assert "Ann: 0 points (space 0)" in panel_text(app, "#tracks")
        for _ in range(11):  # the checklist, a step a key, up to the Hubs
            await burst(pilot, "n")
        assert "j records each Hub kept" in panel_text(app, "#now")
        for hub in ("b-2", "b-4", "b-5"):  # whose: the next player without one, preselected
            await burst(pilot, "j", "enter", *hub, "enter")
        assert dict(play.state.facts["hubs"]) == {"Ann": "B-2", "Bo": "B-4", "Cy": "B-5"}
        assert "Ann B-2" in panel_text(app, "#phx-stations")
        while "Setting up" in panel_text(app, "#banner"):
            await burst(pilot, "n")
        assert "Ann's turn" in panel_text(app, "#banner")

        await burst(pilot, "a", "tab", "5", "enter", "e")  # Ann: 5 points; her turn ends
        assert "Ann: 5 points (space 5)" in panel_text(app, "#tracks")
        await burst(pilot, "l", "tab", "1", "enter", "e")  # Bo builds a Level-1 Sector
        assert play.state.facts["sectors"]["Bo"] == [1, 0, 0]
        await burst(pilot, "m", "2", "enter", "e")  # Cy takes 2 Aliens
        assert "68/70" in panel_text(app, "#tracks")
        assert "Ann's turn" in panel_text(app, "#banner")
        ended = [e.text for e in play.history() if e.text.endswith("end-of-game check")]
        assert len(ended) == 3  # one turn each, every one by keys
