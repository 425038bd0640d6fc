"""The whole game as a solo player: a True Solo game with the app drawing, played at
80x24 by keys to an escape. After Abandon Ship Flygirl is aboard the Bridge; its last Station
is Powered Up by keys; the Noise count and the Nasty round go one key a step: the Bug's card
(drawn by the app) takes it to the Bridge, its attack flips a new card, a push is one key, and
the Bridge Decouples only when the round ends, after that attack («Decoupling»). The keys of
the round are counted.

The setup and the Cycle's steps before the escape are taken through the API (other pilots
drive them by keys: test_pandora_solo_pilot.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import act_three, texts, through_setup
from tests.pandora.test_pandora_round_keys import press
from tests.pandora.test_pandora_screen_80x24 import rows
from tests.pandora.test_pandora_solo_pilot import SIZE, act, now, screen, step_to
from tests.pilot_keys import resume_first
from tests.textual_probe import select_options
from trackers.games.pandora_celeste import cycle
from trackers.pieces import Counter
from tui.app import TablesideApp

# TEST DATA: an imaginary 6-card deck and board printing (never product defaults): every
# card says "Move towards the Bridge/Engineering" (instruction 2) with both boxes red (HIT).
BOARD = {"bridge_stations": 3, "big_nasty_boxes": [3], "objective_timer": 9,
         "abandon_movers": "Little Nasties move", "tracker_top": 9, "check_aircon_boxes": [3],
         "deck_gold": [1, 2, 3, 4, 5, 6], "deck_top": [2] * 6, "deck_bottom": [2] * 6,
         "deck_top_red": [1, 2, 3, 4, 5, 6], "deck_bottom_red": [1, 2, 3, 4, 5, 6],
         "deck_reshuffle": []}


def _abandoned(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", BOARD)
    play = table.create("pandora-celeste", 1, mode="true-solo", names=("Ann",),
                        options={"crew": ["Flygirl"], "nasty_cards": "virtual"},
                        seed="escape", title="Escape")
    through_setup(play, (("Vacuum", 4), ("Aircon", 7)))
    play.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug")
    play.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper")  # Abandon Ship
    act_three(play)
    play.do("reveal_nasty", name="Bug", room="Galley")
    play.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    play.do("power_up", vehicle="Bridge", station=1, icons=2)  # one Station a turn
    play.do("end_turn", crew="Flygirl")
    play.do("power_up", vehicle="Bridge", station=2, icons=2)
    play.do("end_turn", crew="Flygirl")
    play.close()
    table.close()


# A whole game by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps the escape's
# rules through the API (test_pandora_decoupling, test_pandora_escape, test_pandora_abandon_ship)
# and a solo round by keys (below).
@pytest.mark.slow
async def test_a_true_solo_game_escapes_on_the_bridge_after_the_last_attack(
        tmp_path: Path) -> None:
    _abandoned(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the game
        await pilot.pause()
        play = screen(app).play
        assert "Abandon Ship" in " ".join(rows(app)[1:3])  # the banner says what drives
        await act(pilot, "power_up", {"vehicle": "Bridge", "station": 3, "icons": 2})
        assert "The Bridge is Powered Up" in now(app)
        await step_to(pilot, "count")
        await act(pilot, "count_noise")
        await step_to(pilot, "nasties")

        keys: list[str] = []
        await press(pilot, "N", keys)  # the round begins; the app draws the Bug's card
        said = now(app)
        assert "Little Nasties move" in said and "3. Bug" in said
        assert "Move towards the Bridge/Engineering" in said
        assert "When the round ends the Bridge Decouples" in said, said
        assert play.game.end_record(play.state) is None
        # its attack on the one aboard: a new card, flipped by the app
        await press(pilot, "X", keys)
        await press(pilot, "ctrl+s", keys)
        said = now(app)
        assert "3. Bug HITS Flygirl for 2 dmg" in said, said
        assert said.count("Drawn: card") == 1  # the attack's own card, shown
        await press(pilot, "P", keys)  # a push: one key, the app flips
        assert "Push 1: HIT; damage 2 -> 3; the push is over" in now(app)
        await press(pilot, "S", keys)  # where the lost cards come from (blank: the Deck)
        await press(pilot, "ctrl+s", keys)
        assert play.state.piece("flygirl_wounds", Counter).value == 3
        assert play.game.end_record(play.state) is None  # not before the round ends
        await press(pilot, "N", keys)  # the round ends: the Bridge Decouples
        record = play.game.end_record(play.state)
        assert record is not None and record.ending == "the Bridge Decoupled"
        assert record.outcomes == {"Ann": "survivor"}  # no Agenda fulfilled: escaped, no win
        assert keys == ["N", "X", "ctrl+s", "P", "S", "ctrl+s", "N"]
        drawn = rows(app)
        assert "GAME OVER: the Bridge Decoupled" in drawn[1], drawn[:3]
        assert all(len(r) <= SIZE[0] for r in drawn)


async def test_a_solo_round_by_keys_never_targets_the_dead(tmp_path: Path) -> None:
    """A solo player with two crewmembers, the app drawing: Cargo, the First Target, dies; the
    token passes to Flygirl, the Bug's card sends it after her, and the attack form offers no
    dead crewmember to pick."""
    from textual.widgets import Select

    from tui.screens.action_form import ActionFormScreen

    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", BOARD | {"deck_bottom": [1] * 6})  # Follow
    play = table.create("pandora-celeste", 1, mode="crew", names=("Ann",), seed="dead",
                        options={"crew": ["Cargo", "Flygirl"], "nasty_cards": "virtual"})
    through_setup(play, (("Vacuum", 4), ("Aircon", 7)))
    play.do("reveal_nasty", name="Bug", room="Galley")
    while cycle.current(play.state) != "crew_round":
        play.do("next_step")
    play.do("record_noise", crew="Cargo", colour="Red")
    play.do("record_noise", crew="Flygirl", colour="Amber")
    play.do("count_noise")
    assert play.state.facts["first_target"] == "Cargo"
    while cycle.current(play.state) != "nasties":
        play.do("next_step")
    assert "The First Target token passes to Flygirl" in texts(play.do("wound", crew="Cargo",
                                                                        dmg=8))
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        play = screen(app).play
        keys: list[str] = []
        await press(pilot, "N", keys)
        said = now(app).split("Turn Cycle Tracker")[0]  # what the round's step said
        assert "towards the First Target (Flygirl)" in said and "Cargo" not in said, said
        assert "If it attacks: Flygirl" in said
        await press(pilot, "X", keys)
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        whom = [v for _, v in select_options(form.query_one("#arg-crew", Select))]
        assert "Cargo" not in whom and "Flygirl" in whom
        await press(pilot, "ctrl+s", keys)  # blank: the Bug's target, the First Target
        assert "1. Bug HITS Flygirl" in now(app), now(app)
        assert keys == ["N", "X", "ctrl+s"]
        assert play.state.facts["crew"]["Cargo"]["status"] == "dead"


async def test_power_up_shows_the_one_crewmember_alive_in_the_chair(tmp_path: Path) -> None:
    """One crewmember alive: Power Up's form shows them chosen for the chair (blank meant
    them already; now the form says so)."""
    from textual.widgets import Select

    from tui.screens.action_form import ActionFormScreen

    _abandoned(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)
        await screen(app).run_action("run('power_up')")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        assert form.query_one("#arg-who", Select).value == "Flygirl"
