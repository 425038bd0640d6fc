"""Refusals with a reason in the app, for each game: the action's key
pressed at the wrong time, at 80x24, shows a message naming the action and its key, why it
is not possible now and what to do; nothing is recorded and no form opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pilot_keys import record_notifications, resume_first
from tests.refusals import CASES, Refusal, refused_game
from trackers.games.registry import get_game
from tui.app import TablesideApp

pytestmark = pytest.mark.usefixtures("demo_registered")


@pytest.mark.parametrize("case", CASES, ids=str)
async def test_the_key_at_the_wrong_time_says_why_and_what_to_do(tmp_path: Path,
                                                                 case: Refusal) -> None:
    refused_game(tmp_path, case)
    action = get_game(case.game).action(case.action)
    assert action.key, f"{case.game}: {case.action} has no key to press"
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        head = screen.play.head
        messages = record_notifications(app)
        await pilot.press(action.key)
        await pilot.pause()
        assert app.screen is screen  # no form opened
        assert screen.play.head == head
        said = [m for m in messages if "is not possible now" in m]
        assert len(said) == 1, messages  # said once
        assert said[0].startswith(f"{action.title} ({action.key}) is not possible now: ")
        assert case.reason in said[0]


async def test_the_players_own_key_says_why_and_the_games_key_is_free(tmp_path: Path) -> None:
    """A key the player chose (tableside keys) is the one that says why; the game's own key
    for that action no longer reaches it."""
    case = next(c for c in CASES if c.game == "demo")
    refused_game(tmp_path, case)
    table = Tableside(tmp_path)
    table.set_key("demo.draw", "j")
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        messages = record_notifications(app)
        await pilot.press("d")
        await pilot.pause()
        assert not [m for m in messages if "Draw a card" in m]
        await pilot.press("j")
        await pilot.pause()
        assert [m for m in messages if "is not possible now" in m] == [
            "Draw a card (j) is not possible now: every card is drawn: play on without the "
            "deck."]
        assert app.screen is screen
