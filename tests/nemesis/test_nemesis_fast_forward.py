"""The nobody-left ending advances the Time token as step 5 would, slot by slot (rulebook:
End of the Game), and the Time token moves only through the actions that keep its rules."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.nemesis.lockdown_play import (
    BUNKER,
    DEAD,
    ISOLATED,
    game,
    said,
    step_to,
    time_on,
    turns_on,
    where,
)
from trackers.engine import ActionError, Session

RED_AND_ALERT_ON_4 = "red Autodestruction and the Alert token both on slot 4"


def red_and_alert_on_4() -> Session:
    """Autodestruction started on 10 (yellow on 7, red on 4 from the round on 7) and the
    Alert Procedure on 9 (its token on 4): both act in step 5 of the round on 4."""
    s = game()
    turns_on(s, 10)
    s.do("start_autodestruction")
    turns_on(s, 9)
    s.do("start_alert")
    assert s.state.facts["alert"] == 4
    return s


def test_red_and_alert_on_one_slot_end_the_same_way_played_or_fast_forwarded() -> None:
    played = red_and_alert_on_4()
    played.do("leave", player="Ann", how=ISOLATED)  # the Alert opened the Isolation Room
    turns_on(played, 4)
    assert played.state.facts["autodestruct"] == {"slot": 4, "side": "red"}, RED_AND_ALERT_ON_4
    step_to(played, "time")
    notes = said(played.do("advance_time"))
    assert "Game over (Facility destroyed)" in notes

    jumped = red_and_alert_on_4()
    jumped.do("leave", player="Ann", how=ISOLATED)
    jumped.do("leave", player="Bo", how=ISOLATED)
    notes = said(jumped.do("fast_forward"))
    assert "Fast-forward: Time token 9 -> 4" in notes
    assert "Game over (Facility destroyed)" in notes
    for s in (played, jumped):
        assert s.state.facts["ended"] == "E2" and where(s, "Ann") == DEAD


def test_a_target_past_the_first_token_is_refused_with_the_reason() -> None:
    s = red_and_alert_on_4()
    s.do("leave", player="Ann", how=ISOLATED)
    s.do("leave", player="Bo", how=ISOLATED)
    before = len(s.events)
    with pytest.raises(ActionError, match=r"jump_to: the Time token reaches the Autodestruction "
                       r"token \(it turns red on the way\) on 4 first and the Facility is "
                       r"destroyed there \(rulebook: End of the Game\)"):
        s.do("fast_forward", jump_to="S")
    with pytest.raises(ActionError, match="jump_to: the Time token reaches"):
        s.do("fast_forward", jump_to="Alert token")
    assert len(s.events) == before and time_on(s) == 9
    s.do("fast_forward", jump_to="Autodestruction token")
    assert s.state.facts["ended"] == "E2"


def test_a_yellow_token_passed_turns_red_opens_the_gate_and_destroys_the_facility() -> None:
    s = game()
    turns_on(s, 11)
    s.do("start_autodestruction")  # yellow on 8, red on 5 once passed
    s.do("leave", player="Ann", how=DEAD)
    s.do("leave", player="Bo", how=BUNKER)  # the first death opened the Main Gate
    notes = said(s.do("fast_forward"))
    assert "Autodestruction turns red and moves to slot 5" in notes
    assert s.state.facts["ended"] == "E2" and time_on(s) == 5
    assert where(s, "Bo") == BUNKER


def test_thresholds_passed_on_the_way_to_s_act_as_in_step_5() -> None:
    s = game()
    s.do("place_power", s01=1, s02=2, s03=3, elevator=4)
    turns_on(s, 8)
    s.do("correct_power", location="S-01", powered=True)  # tokens 1 and 2 lit again
    s.do("correct_power", location="S-02", powered=True)
    s.do("leave", player="Ann", how=ISOLATED)
    s.do("leave", player="Bo", how=DEAD)
    notes = said(s.do("fast_forward"))
    # red on 7 (Time token inactive), then blue on 5: tokens 2 and 1 go dark
    assert "Power token 2 turns to its red side" in notes
    assert s.state.facts["power"]["blue"] == [] and s.state.facts["ended"] == "E1"
    assert where(s, "Ann") == ISOLATED


def test_a_fast_forward_saved_before_replays_as_it_was() -> None:
    s = red_and_alert_on_4()
    s.do("leave", player="Ann", how=ISOLATED)
    s.do("leave", player="Bo", how=ISOLATED)
    s.do("fast_forward", jump_to="Autodestruction token")
    old = [*s.events[:-1], replace(s.events[-1], args={"jump_to": "Alert token"})]
    replayed = Session(s.game, s.setup, s.seed, events=old)
    assert replayed.state.facts["ended"] == "E4" and where(replayed, "Ann") == ISOLATED


def test_set_a_value_by_hand_refuses_the_time_token_and_names_the_action() -> None:
    s = game()
    step_to(s, "turns")
    with pytest.raises(ActionError, match="target: the Time token is moved with 'Move the "
                       "Time token by hand'"):
        s.do("set_value", target="time.position", value=12)
    assert time_on(s) == 15 and s.events[-1].action != "set_value"
    s.do("set_value", target="fire.value", value=2)  # every other value still can be
