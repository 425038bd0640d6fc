"""Time track, Autodestruction, Alert Procedure, CSS and Power (spec nemesis-lockdown §5, §9).

The worked examples of spec §5.11 and §14 (T1-T12, P1-P3) are played through ``Session``.
"""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import round_on, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.games.nemesis_lockdown.game import GAME
from trackers.games.nemesis_lockdown.view import panels
from trackers.pieces import Track


def new(players: int = 2, **board: object) -> Session:
    values = {"time_last_number": 1, "css_slots": [], "red_thresholds": [],
              "blue_thresholds": [], **board}
    return Session(GAME, SessionSetup(players, board=values), seed="time")


def time(s: Session) -> int:
    return s.state.piece("time", Track).position


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def test_t1_reaching_8_opens_the_isolation_room_in_round_8() -> None:
    """Worked examples T1 and D: round #k is played on slot 16 - k."""
    s = new()
    round_on(s, 9)
    assert s.state.facts["round"] == 7
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "Time token: 9 -> 8" in notes and "Isolation Room opens" in notes
    walk_to(s, "turns")
    assert s.state.facts["round"] == 8 and time(s) == 8


def test_t2_autodestruction_started_on_11_destroys_the_facility_on_5() -> None:
    """Worked examples A and T2."""
    s = new()
    round_on(s, 11)
    assert "yellow side up on slot 8" in texts(s.do("start_autodestruction"))
    round_on(s, 8)
    assert s.state.facts["autodestruct"] == {"slot": 8, "side": "yellow"}
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "turns red and moves to slot 5" in notes and "Main Gate opens" in notes
    assert s.state.facts["main_gate_open"]
    round_on(s, 5)
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "Game over (Facility destroyed)" in notes
    assert time(s) == 5  # the token never moves past red
    assert GAME.status_of(s.state) == "ended: Facility destroyed"
    assert GAME.end_record(s.state).summary.startswith("The Facility is destroyed.")
    with pytest.raises(ActionError, match="the game is over"):
        s.do("next_step")


def test_t3_stopping_in_the_round_on_8_leaves_only_the_time_move() -> None:
    s = new()
    round_on(s, 11)
    s.do("start_autodestruction")
    round_on(s, 8)
    s.do("stop_autodestruction")
    walk_to(s, "time")
    notes = texts(s.do("advance_time")).split("\n")
    assert notes[0] == "Time token: 8 -> 7"
    assert not [n for n in notes if "Autodestruction" in n or "Main Gate" in n]
    assert s.state.facts["autodestruct"] is None and not s.state.facts["main_gate_open"]


def test_t4_a_red_token_cannot_be_stopped_and_a_stopped_one_not_restarted() -> None:
    s = new()
    round_on(s, 11)
    s.do("start_autodestruction")
    with pytest.raises(ActionError, match="already running"):
        s.do("start_autodestruction")
    round_on(s, 7)
    with pytest.raises(ActionError, match="red: it can no longer be stopped"):
        s.do("stop_autodestruction")
    t = new()
    round_on(t, 14)
    t.do("start_autodestruction")
    t.do("stop_autodestruction")
    with pytest.raises(ActionError, match="does not say it can start again"):
        t.do("start_autodestruction")


def test_t5_started_in_round_one() -> None:
    """Worked examples B and T5: yellow 12, red 9, destroyed in step 5 of the round on 9."""
    s = new()
    round_on(s, 15)
    s.do("start_autodestruction")
    round_on(s, 11)
    assert s.state.facts["autodestruct"] == {"slot": 9, "side": "red"}
    round_on(s, 9)
    walk_to(s, "time")
    assert "Game over (Facility destroyed)" in texts(s.do("advance_time"))


def test_t6_alert_on_13_ends_the_game_leaving_6_after_step_4() -> None:
    """Worked examples C and T6, with a CSS token on 6 launching first (T12's order)."""
    s = new(css_slots=[6])
    round_on(s, 13)
    notes = texts(s.do("start_alert"))
    assert "token on slot 6" in notes and "Isolation Room opens now" in notes
    assert "Isolation Room: open" in "\n".join(panels(s.state)[2].lines)
    round_on(s, 6)
    walk_to(s, "css")
    with pytest.raises(ActionError, match="use 'Launch CSS'"):
        s.do("next_step")
    s.do("launch_css", face="all Pods")
    notes = texts(s.do("advance_time"))
    assert "Time token: 6 -> 5" in notes and "Game over (Alert Procedure)" in notes


@pytest.mark.parametrize(("start", "alert"), [(14, 7), (9, 4), (8, 4), (3, 1)])
def test_t7_alert_slot_is_half_the_time_number(start: int, alert: int) -> None:
    s = new()
    round_on(s, start)
    s.do("start_alert")
    assert s.state.facts["alert"] == alert


def test_t7_alert_from_slot_1_is_refused_and_changes_nothing() -> None:
    s = new()
    round_on(s, 1)
    before = s.state.to_dict()
    with pytest.raises(ActionError, match="slot 0 is past the last.*rulebook does not cover"):
        s.do("start_alert")
    assert s.state.to_dict() == before


def test_t8_t9_red_threshold_acts_only_with_the_time_token_inactive() -> None:
    s = new(red_thresholds=[12])
    round_on(s, 13)
    walk_to(s, "time")
    assert "Power token 2 turns to its red side" in texts(s.do("advance_time"))
    assert s.state.facts["power"]["blue"] == [1]
    t = new(red_thresholds=[12])
    round_on(t, 13)
    t.do("restore_power")
    walk_to(t, "time")
    assert "no effect, the Time token is active" in texts(t.do("advance_time"))
    assert t.state.facts["power"]["blue"] == [1, 2]


def test_t10_blue_threshold_acts_with_the_time_token_active() -> None:
    s = new(blue_thresholds=[6])
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    round_on(s, 7)
    s.do("restore_power")
    s.do("power_section", location="Elevator")  # token 2 off
    s.do("power_section", location="S-01")  # token 3 on
    assert s.state.facts["power"]["blue"] == [1, 3]
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "Power token 3 turns to its red side (S-01 is now in Darkness)" in notes
    assert s.state.facts["power"]["blue"] == [1]


def test_a_threshold_with_no_powered_token_says_the_text_is_silent() -> None:
    s = new(blue_thresholds=[14, 13, 12])
    round_on(s, 12)
    walk_to(s, "time")
    s.do("advance_time")  # 12 -> 11: no threshold on 11
    assert s.state.facts["power"]["blue"] == []
    t = new(blue_thresholds=[14, 13, 12, 11])
    round_on(t, 12)
    walk_to(t, "time")
    assert "rulebook does not say what happens then" in texts(t.do("advance_time"))


@pytest.mark.parametrize(("blue", "after"), [([1], [1, 2]), ([1, 2, 4], [1, 2, 4]), ([3], [1, 2])])
def test_p1_p2_p3_restore_power(blue: list[int], after: list[int]) -> None:
    s = new()
    s.do("place_power", s01=1, s02=2, s03=3, elevator=4)
    round_on(s, 15)
    for token, loc in ((1, "S-01"), (2, "S-02"), (3, "S-03"), (4, "Elevator")):
        if (token in blue) != (token in s.state.facts["power"]["blue"]):
            s.do("power_section", location=loc)
    assert s.state.facts["power"]["blue"] == blue
    s.do("restore_power", s01=4, s02=3, s03=2, elevator=1)
    assert s.state.facts["power"]["blue"] == after
    assert s.state.facts["time_side"] == "active"
    assert s.state.facts["power"]["at"]["Elevator"] == 1


def test_restore_power_needs_all_four_locations_or_none() -> None:
    s = new()
    round_on(s, 15)
    with pytest.raises(ActionError, match="s02: give the token number at all four"):
        s.do("restore_power", s01=1)


def test_t11_schedule_css_moves_boarding_and_launch_to_the_new_slot() -> None:
    s = new(css_slots=[10])
    round_on(s, 11)
    with pytest.raises(ActionError, match="Pods can be boarded only while a CSS token"):
        s.do("leave", player="Player 1", how="in a CSS Pod")
    s.do("schedule_css", from_slot=10, to_slot=9)
    with pytest.raises(ActionError, match="to_slot: a CSS token moves one slot"):
        s.do("schedule_css", from_slot=9, to_slot=7)
    round_on(s, 10)
    walk_to(s, "time")  # no token on 10 any more: step 4 passes by itself
    s.do("advance_time")
    walk_to(s, "turns")
    s.do("leave", player="Player 1", how="in a CSS Pod")
    walk_to(s, "css")
    notes = texts(s.do("launch_css", face="all Pods"))
    assert "Player 1 is evacuated" in notes
    assert s.state.facts["css"] == []


def test_step_5_is_refused_outside_its_step_and_before_step_4() -> None:
    s = new(css_slots=[15])
    walk_to(s, "turns")
    with pytest.raises(ActionError, match="belongs to 'Event Phase 5: Time track'"):
        s.do("advance_time")
    walk_to(s, "css")
    with pytest.raises(ActionError, match="belongs to 'Event Phase 5: Time track'"):
        s.do("advance_time")
    with pytest.raises(ActionError, match="face: a CSS token lies on slot 15"):
        s.do("launch_css")


def test_e_the_end_of_the_track_purges_the_facility() -> None:
    s = new()
    round_on(s, 1)
    assert s.state.facts["round"] == 15
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "Time token: 1 -> S" in notes and "Game over (Facility purged)" in notes


def test_without_the_track_end_the_app_asks_for_it() -> None:
    s = Session(GAME, SessionSetup(2, board={"css_slots": [], "red_thresholds": [],
                                             "blue_thresholds": []}), seed="x")
    round_on(s, 11)
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("start_autodestruction")  # its red slot 5 may not exist
    assert asked.value.keys == ["time_last_number"]
    assert "Time track: last numbered slot before S" in str(asked.value)
    round_on(s, 8)
    walk_to(s, "time")
    with pytest.raises(BoardValueNeeded):
        s.do("advance_time")
    s.do("set_board_value", key="time_last_number", value="1")
    assert "8 -> 7" in texts(s.do("advance_time"))


def test_the_thresholds_are_asked_before_the_first_time_step() -> None:
    s = Session(GAME, SessionSetup(2, board={"time_last_number": 1, "css_slots": []}),
                seed="x")
    walk_to(s, "time")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("advance_time")
    assert asked.value.keys == ["red_thresholds", "blue_thresholds"]


def test_undo_puts_the_time_track_back() -> None:
    s = new()
    round_on(s, 11)
    s.do("start_autodestruction")
    round_on(s, 8)
    walk_to(s, "time")
    before = s.state.to_dict()
    s.do("advance_time")
    assert s.state.facts["autodestruct"]["side"] == "red"
    s.undo()
    assert s.state.to_dict() == before
    s.redo()
    assert s.state.facts["main_gate_open"]


def test_the_round_s_css_step_reads_as_the_launch_not_the_setup() -> None:
    """Step 4 shares its key with the setup's CSS step: the Now line and the checklist give
    the round's words (reveal and launch), not the setup's (one token on every slot)."""
    s = new(css_slots=[10])
    walk_to(s, "venting")
    notes = texts(s.do("next_step"))
    assert "A CSS token on the Time token's slot is revealed and launches" in notes
    assert "spare goes back to the box" not in notes
    line = next(text for text, _ in GAME.checklist(s.state) if "Event Phase 4" in text)
    assert "revealed and launches" in line and "spare" not in line


def test_a_room_action_after_its_step_says_the_step_is_over() -> None:
    """'Next step' only goes forward, so a refusal for a step already ticked off this round
    must not send the table to 'Next step'."""
    s = new()
    walk_to(s, "venting")
    with pytest.raises(ActionError, match="which is over for this round") as refused:
        s.do("start_autodestruction")
    assert "Use 'Next step'" not in str(refused.value)
    walk_to(s, "noise")
    with pytest.raises(ActionError, match="over for this round"):
        s.do("advance_time")


def test_a_hand_move_onto_a_css_slot_after_step_4_cannot_jam_the_round() -> None:
    """The Time token moved by hand onto a CSS slot once step 4 was ticked off: the token
    there still launches before the move, instead of 'Launch CSS first' being refused."""
    s = new(css_slots=[10])
    walk_to(s, "time")
    s.do("correct_time", slot="10", apply="just move the token")
    with pytest.raises(ActionError, match="Launch CSS"):
        s.do("advance_time")
    notes = texts(s.do("launch_css", face="no Pod"))
    assert 10 not in s.state.facts["css"] and notes
    assert "Time token: 10 -> 9" in texts(s.do("advance_time"))
    walk_to(s, "noise")
    with pytest.raises(ActionError, match="over for this round"):
        s.do("launch_css", face="no Pod")
