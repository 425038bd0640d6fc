"""The Nasty round at one key a step, driven at 80x24 and the keys counted:
with the app drawing, a round of three Nasties with no attack takes at most 4 keys, and an
attack with a push costs one key a push."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tableside.api import Tableside
from tests.pandora.helpers import through_setup
from tests.pandora.test_pandora_solo_pilot import SIZE, now, screen
from tests.pilot_keys import resume_first
from trackers.games.pandora_celeste import cycle
from tui.app import TablesideApp

# TEST DATA: an imaginary 6-card deck (never product defaults): every bottom box blue, so a
# Little Nasty never HITs unless the test says; no reshuffle icon.
BLUE_DECK = {"tracker_top": 9, "big_nasty_boxes": [6], "check_aircon_boxes": [3],
             "deck_gold": [1, 2, 3, 4, 5, 6], "deck_top": [5] * 6, "deck_bottom": [5] * 6,
             "deck_top_red": [1, 2, 3, 4, 5, 6], "deck_bottom_red": [], "deck_reshuffle": []}


def _game(tmp_path: Path, board: dict[str, Any]) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", board)
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"],
                                                       "nasty_cards": "virtual"},
                        seed="keys", title="Keys")
    through_setup(play, (("Vacuum", 4), ("Aircon", 7)))
    for room in ("Galley", "Bridge", "Sick Bay"):
        play.do("reveal_nasty", name="Bug", room=room)
    while cycle.current(play.state) != "nasties":
        play.do("count_noise" if cycle.current(play.state) == "count" else "next_step")
    play.close()
    table.close()


async def press(pilot: Pilot[None], key: str, counted: list[str]) -> None:
    counted.append(key)
    await pilot.press(key)
    await pilot.pause()
    await pilot.pause()  # a form that closes redraws the screen under it


async def test_a_round_of_three_nasties_takes_four_keys(tmp_path: Path) -> None:
    _game(tmp_path, BLUE_DECK)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the game
        await pilot.pause()
        play = screen(app).play
        keys: list[str] = []
        await press(pilot, "N", keys)  # the round begins; the first Bug's card is drawn
        assert "Nasties: 1. Bug Galley 0/2; 2. Bug Bridge 0/2; 3. Bug Sick Bay 0/2" in \
            " ".join(app.screen.query_one("#banner").render().plain.split())  # type: ignore[attr-defined]
        assert "Drawn: card" in now(app)
        await press(pilot, "N", keys)
        await press(pilot, "N", keys)
        assert "Every activated Nasty has acted" in now(app)
        await press(pilot, "N", keys)  # the round ends
        assert cycle.current(play.state) == "tick"
        assert len(keys) <= 4, keys
        assert len(play.state.facts["deck"]["discard"]) == 3


async def test_an_attack_and_a_push_cost_a_key_each(tmp_path: Path) -> None:
    # every flip a HIT, and the Bug's card sends it to attack (a paused one may not)
    red = BLUE_DECK | {"deck_bottom_red": [1, 2, 3, 4, 5, 6], "deck_bottom": [4] * 6}
    _game(tmp_path, red)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        play = screen(app).play
        keys: list[str] = []
        await press(pilot, "N", keys)
        # the first Bug reaches Flygirl: X opens the attack with its Nasty and target left
        # blank (the one that acted, the First Target); ctrl+s takes it
        await press(pilot, "X", keys)
        await press(pilot, "ctrl+s", keys)
        assert "1. Bug HITS Flygirl" in now(app), now(app)
        await press(pilot, "P", keys)  # one push: one key (the app flips, no form)
        assert "Push 1: HIT" in now(app)
        await press(pilot, "S", keys)  # Flygirl says where her lost cards come from
        await press(pilot, "ctrl+s", keys)
        assert play.state.facts["attack"] is None
        assert keys == ["N", "X", "ctrl+s", "P", "S", "ctrl+s"]
