"""Two whole games through the API, from setup to an ending, each must-do step met at its
moment: before it, what would move past it is refused (nothing recorded); once done, play goes
on. A 3-player game with modules B and D to the Showdown's end, and a solo game with modules
B and C to its outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES
from tests.lifeform.test_solo_session import BOARD as SOLO_BOARD
from trackers.engine import ActionError
from trackers.games.lifeform import decks, hunt_order
from trackers.pieces import Track


def held(play: OpenSession, name: str, match: str, **args: object) -> None:
    head = play.head
    with pytest.raises(ActionError, match=match):
        play.do(name, **args)
    assert play.head == head


def sd(play: OpenSession) -> int:
    return play.state.piece("self_destruct", Track).position


def test_a_3_player_game_meets_every_must_at_its_moment(tmp_path: Path) -> None:
    """Modules B (the table's own tokens) and D, to the end of the Showdown."""
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD, seed="musts",
                        options={"modules": ["B", "D"]})
    play.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    play.do("record_characters", crew_member="Jacob", first="Cameron", second="Bennings")
    held(play, "equip", "the setup is still open", crew_member="Andrew",
         option="draw 2, Self-Destruct +1")
    play.do("reality_calibration", image="Image 1", decline_pin=True)  # setup step 17
    play.do("record_objective", slot="1", title="Here, Kitty, Kitty!", decline_pin=True)
    held(play, "record_objective", "noted already", slot="1", title="Another",
         decline_pin=True)  # setup step 19: the drawn card stays as noted
    play.do("tick_setup", step="all remaining")
    held(play, "reality_calibration", "no Reality Calibration is due", image="Image 2")

    # Round 1, Andrew: Step 1's tokens go on at once; a hand over its limit is cut first.
    play.do("collect_missions", tokens=2)
    held(play, "end_turn", "still to place")
    for column in ("improvised_weaponry", "coolant"):
        play.do("place_mission", column=column, crew_member="Andrew")
    held(play, "place_mission", "are all on the Loadout", column="coolant", crew_member="Andrew")
    play.do("draw_cards", who="crew member", crew_member="Andrew", count=4)  # 7 of 6
    held(play, "end_turn", "over the hand limit of 6")
    play.do("discard_from_hand", who="crew member", crew_member="Andrew", count=1)
    held(play, "next_phase", "it is Andrew's turn")  # every crew member takes a turn
    play.do("end_turn")
    held(play, "equip", "it is Jacob's turn", crew_member="Andrew",
         option="draw 2, Self-Destruct +1")

    # Jacob walks into the real lifeform: the attack's steps, then its calibration, hold
    # Equip; his last character dies: Taking Control before play goes on.
    play.do("meet_image", image="Image 1", character="Cameron")
    held(play, "equip", "a Reality Calibration is due", crew_member="Jacob",
         option="draw 2, Self-Destruct +1")
    held(play, "reality_calibration", "at its steps 4 and 5", image="Image 2")
    play.do("character_killed", character="Cameron", kill="noisy")
    play.do("reality_calibration", image="Image 2")
    play.do("character_killed", character="Bennings", kill="silent")
    held(play, "end_turn", "Jacob lost their last character")
    play.do("take_control", crew_member="Jacob", character="Palmer")
    play.do("end_turn")

    # The Lifeform Activity phase: exactly one activity; no Mission token outside a turn.
    play.do("next_phase")
    held(play, "next_phase", "performs exactly one activity")
    held(play, "place_mission", "no crew member's turn is running", column="coolant",
         crew_member="Andrew")
    play.do("lurk")
    play.do("next_phase")  # round 2, Andrew's turn
    # The table's cards filled the rest of the Loadout (their own texts, the table's word).
    for column, n in (("improvised_weaponry", 3), ("coolant", 2), ("energy_cells", 4),
                      ("spacesuits", 2)):
        for _ in range(n):
            play.do("place_mission", column=column, crew_member="Andrew")
            for who, count, limit in decks.over_limit_hands(play.state):  # a bonus draw
                play.do("discard_from_hand", who="crew member", crew_member=who,
                        count=count - limit)

    # Self-Destruct at 20: the Stowaway card before it moves on.
    play.do("advance_self_destruct", spaces=sd(play) - 20)
    held(play, "advance_self_destruct", "the next Self-Destruct move passes 20", spaces=1)
    held(play, "end_turn", "the next Self-Destruct move passes 20")
    play.do("choose_stowaway", card="second", decline_pin=True)  # 3-8 on the test board
    # Module B: each token the tracker reaches is flipped before it moves on.
    for shows in ("Impact imminent!", "Struck by asteroids!"):
        play.do("advance_self_destruct", spaces=1)
        held(play, "advance_self_destruct", "asteroid token on", spaces=1)
        held(play, "launch", "asteroid token on")
        play.do("asteroid_token", shows=shows, impact_card="A-Deck")
    for name in ("Solomon", "Palmer"):
        play.do("board_remora", character=name)
    held(play, "launch", "Secret Objective")  # every drawn card completed first
    for slot in ("1", "2"):
        play.do("complete_objective", slot=slot)
    play.do("advance_self_destruct", spaces=sd(play) - 6)
    play.do("launch")  # Andrew's turn; 6 is inside the card's 3-8: Ending B, the Showdown
    assert play.state.facts["stage"] == "showdown"

    # Module D: the hibernation, then the hiding place and the bet, the strip, the fights.
    play.do("hide_in_remora", location="Cockpit", decline_pin=True)
    held(play, "hunt_bet", "the hibernation comes first", location="Storage Bay")
    play.do("hibernation", keep="keep 1 (rule text)")
    held(play, "hunt_bet", "hibernation step 1 is not done", location="Storage Bay")
    play.do("draw_cards", who="crew member", crew_member="Jacob", count=2)
    held(play, "fight_result", "the module D hunt comes first", target="Andrew",
         result="eliminated")
    play.do("hunt_bet", location="Storage Bay")
    for _ in range(4):
        if hunt_order.next_step(play.state) is None:
            break
        step = hunt_order.step_choices(play.state)[0]
        where = "Supply Locker" if step == "lifeform reveal" else "Cockpit"
        play.do("hunt_step", step=step, location=where)
        if hunt_order.reward_choices(play.state) and hunt_order.hunt_done(play.state):
            play.do("hunt_reward", zone=hunt_order.reward_choices(play.state)[0])
    assert hunt_order.next_step(play.state) is None
    for member in ("Andrew", "Jacob"):
        play.do("fight_result", target=member, result="eliminated")
    assert play.state.facts["status"] == "the lifeform won the Showdown"
    play.close()
    table.close()


def test_a_solo_game_meets_every_must_at_its_moment(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 1, names=["Ripley"], board=SOLO_BOARD, seed="solo",
                        options={"solo_modules": ["B", "C"]})
    assert play.setup.options["asteroid_tokens"] == "mirror"  # a new game: the table's own
    play.do("solo_tick_setup", step="all remaining")
    play.do("solo_advance_sd", minutes=6)  # 25 -> 19: a token to flip
    held(play, "solo_advance_sd", "asteroid token on 19 is to be flipped", minutes=1)
    held(play, "solo_launch", "asteroid token on 19", lifeform_aboard=True)
    play.do("asteroid_token", shows="Impact imminent!")
    held(play, "solo_launch", "0 of the 3 must-complete objectives", lifeform_aboard=True)
    play.do("set_board_value", key="solo_objective_names", value="Restore power, Find the codes")
    for which in ("1", "2", "umbilicus"):
        play.do("solo_objective", objective=which)
    play.do("solo_launch", lifeform_aboard=False)
    play.do("solo_outcome", outcome="you survived")
    assert play.state.facts["result"] is not None
    play.close()
    table.close()


def test_each_seat_lists_only_what_is_due_to_its_player(tmp_path: Path) -> None:
    """"Yours to do now" holds what the rules make due: not a calibration all game long, not
    the crew's optional note of an objective; the calibration once a ghost is met."""
    from tableside.seat_actions import Seat
    from tui.screens.seat import yours_text

    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD, seed="seats")
    play.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    play.do("record_characters", crew_member="Jacob", first="Cameron", second="Bennings")
    lifeform, crew = Seat.of(play, "Sarah"), Seat.of(play, "Andrew")
    assert "Yours to do now: Reality Calibration (c)" in str(yours_text(play, lifeform, [], []))
    play.do("reality_calibration", image="Image 1", decline_pin=True)
    play.do("tick_setup", step="all remaining")
    for seat in (lifeform, crew):
        assert "Yours to do now" not in str(yours_text(play, seat, [], []))
    play.do("meet_image", image="Image 2", character="Solomon")  # a sensor ghost
    assert "Yours to do now: Reality Calibration (c)" in str(yours_text(play, lifeform, [], []))
    assert "Yours to do now" not in str(yours_text(play, crew, [], []))
    play.do("reality_calibration", image="Image 2")
    play.do("advance_self_destruct", spaces=sd(play) - 20)  # the Stowaway card is due
    assert "Yours to do now: Choose the Stowaway card (c)" in str(
        yours_text(play, lifeform, [], []))
    assert "Yours to do now" not in str(yours_text(play, crew, [], []))
    play.do("choose_stowaway", card="second")
    for seat in (lifeform, crew):
        assert "Yours to do now" not in str(yours_text(play, seat, [], []))
    play.close()
    table.close()
