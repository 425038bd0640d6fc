"""Pilot test at 80x24: a Space Station Phoenix key pressed when its action is over says why
and what to do, with the key (every refusal says what to do)."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests import pilot_keys
from trackers.games.space_station_phoenix import facts
from tui.app import TablesideApp


async def test_n_after_the_setup_names_the_turn_and_its_key(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, seed="s", board={"lap_size": 50})
    play.do("setup_all")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pilot_keys.resume_first(pilot)
        said = pilot_keys.record_notifications(app)
        await pilot.press("n")
        await pilot.pause()
        assert said, "n after the setup said nothing"
        assert "is not possible now: every setup step is already done" in said[-1], said
        assert "Player 1's turn is on: 'End the turn' (key e)" in said[-1], said
        assert "its step has not come" not in said[-1]
        assert facts.active(screen.play.state) == "Player 1"
        await pilot.press("e")  # the key it named ends the turn
        await pilot.pause()
        assert facts.active(screen.play.state) == "Player 2"
