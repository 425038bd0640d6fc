"""A new user's first round of Nemesis: Lockdown at 80x24, by keys alone: New game from Home
(the game, two players, the co-op way to play and the names typed), the board's public
defaults in one key, every setup step by n with the Power tokens (o) and each player's
drafted Character (P) entered where the step waits for them, then round 1 through its
steps: the Time token (a) and the bag's development (i) at theirs, to round 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pilot_keys import burst, key
from tests.tui.screen_text import panel_text
from trackers.games.nemesis_lockdown import power, rounds
from tui.app import TablesideApp
from tui.screens.session import SessionScreen

# A whole round by keys: the slow group (`pytest -m slow`).
pytestmark = pytest.mark.slow



async def test_a_new_users_first_round_by_keys_alone(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await key(pilot, "n")
        await burst(pilot, *"ne", "enter", "2", "enter", *"co", "enter", *"Ann, Bo", "ctrl+s")
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        play = screen.play
        assert play.setup.names == ("Ann", "Bo") and play.setup.mode == "coop"
        await burst(pilot, "ctrl+d")  # the public defaults
        assert "css_slots" in play.state.board

        for _ in range(30):  # the setup, a step a key; what a step waits for, entered
            step = rounds.current(play.state)
            if play.state.facts["phase"] != "setup":
                break
            if step == "power" and not power.where(play.state):
                await key(pilot, "o")
                await burst(pilot, "1", "enter", "2", "enter", "3", "enter", "4", "enter")
            elif step == "draft" and any(p["kind"] is None
                                         for p in play.state.facts["crew"]):
                for who in ("an", "bo"):
                    await key(pilot, "P")
                    await burst(pilot, *who, "enter", *"fa", "enter")
            await burst(pilot, "n")
        assert play.state.facts["phase"] == "round" and play.state.facts["round"] == 1

        # Round 1, as its steps come: n, with the Time token (a) and the bag (i) at theirs
        for _ in range(20):
            step = rounds.current(play.state)
            if play.state.facts["round"] == 2:
                break
            if step == "time":
                await burst(pilot, "a")
            elif step == "bag":
                await key(pilot, "i")  # the app draws; its form confirms
                await burst(pilot, "ctrl+s")
            else:
                await burst(pilot, "n")
        assert play.state.facts["round"] == 2
        assert "Time track: 14" in panel_text(app, "#tracks")
