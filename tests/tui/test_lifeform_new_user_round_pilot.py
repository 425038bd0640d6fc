"""A new user's first round of Lifeform at 80x24, by keys alone: New game from Home (the
game, three players, their names), the setup checklist, each crew member's characters
recorded (from the palette, as the refusal of n says), the Reality Calibration behind the
curtain with the lifeform player's new PIN, then round 1: Al equips and ends his turn, Jo
passes, the Android phase passes by itself, the lifeform lurks, and round 2 begins.

The table's board values are on file already (entered once, for every game after)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.pilot_keys import burst, key
from tests.tui.screen_text import panel_text
from trackers.pieces import Secret
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.session import SessionScreen

# A whole round by keys: the slow group (`pytest -m slow`).
pytestmark = pytest.mark.slow

PIN = "975312"



def banner(app: TablesideApp) -> str:
    return panel_text(app, "#lf-banner")


async def test_a_new_users_first_round_by_keys_alone(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("lifeform", dict(BOARD))
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await key(pilot, "n")
        await burst(pilot, *"li", "enter", "3", "enter", "tab", *"Sue, Al, Jo", "ctrl+s")
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        play = screen.play
        assert play.setup.names == ("Sue", "Al", "Jo")

        while "(n: the next one)" in banner(app):  # the steps ticked by hand
            await burst(pilot, "n")
        assert "SETUP: 2 steps left" in banner(app)  # 8 and 17 tick themselves
        for member, first, second in (("al", "so", "pa"), ("jo", "ca", "be")):
            await key(pilot, "ctrl+p")
            await burst(pilot, *"record char")
            await key(pilot, "enter")
            await burst(pilot, *member, "enter", *first, "enter", *second, "enter")
        assert "Al keeps Solomon and Palmer" in panel_text(app, "#log")
        assert "Jo keeps Cameron and Bennings" in panel_text(app, "#log")
        await key(pilot, "z")  # the Reality Calibration: Sue, behind the curtain
        await burst(pilot, *PIN, "enter")
        await burst(pilot, "2", "enter")  # Image 2, by its digit
        await burst(pilot, "enter")  # the screen cleared: back to the table
        assert play.state.piece("real_lifeform", Secret).is_set  # sealed, code shown
        assert "Round 1, Al's turn" in banner(app)
        assert "Next: Al's activity, then w ends the turn" in banner(app)

        await key(pilot, "e")  # Al equips: draw 2, Self-Destruct +1
        await burst(pilot, "tab", *"dr", "enter")
        assert "Self-Destruct 27" in banner(app)
        await burst(pilot, "w")
        assert "Round 1, Jo's turn" in banner(app) and "w ends the turn" in banner(app)
        await key(pilot, "w")  # Jo's activity was done on the board: the form asks, ticked
        form = app.screen
        assert isinstance(form, ActionFormScreen) and form.action_spec.name == "end_turn"
        await burst(pilot, "ctrl+s")
        await burst(pilot, "n")  # the Android phase passes by itself: Lifeform Activity
        assert "the Android phase passed by itself" in panel_text(app, "#now")
        await key(pilot, "l")  # Sue lurks: no discard, draws up to MAX HAND
        await burst(pilot, "enter")
        assert "Sue draws 3 Lifeform cards" in panel_text(app, "#now")
        await burst(pilot, "n")
        assert "Round 2, Al's turn" in banner(app)
        assert play.state.facts["round"] == 2
