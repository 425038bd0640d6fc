"""What each game announces (its announcements.py), read through the engine: the words the
table hears after an action, from the state before and after it."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_fixtures import new as lifeform
from tests.lifeform.test_lifeform_session_fixtures import through_setup
from tests.nemesis.lockdown_play import game as lockdown
from tests.nemesis.lockdown_play import step_to, turns_on
from tests.pandora.helpers import act_three, started, walk_to
from trackers.engine import Session


def heard(s: Session, name: str, **args: object) -> list[str]:
    s.do(name, **args)
    return s.announcement()


def test_lifeform_says_each_self_destruct_move_and_the_marks_it_reaches() -> None:
    s = through_setup(lifeform(3))
    assert s.announcement() == []  # the setup's last step moved no timer
    assert heard(s, "advance_self_destruct", spaces=4) == ["Self-destruct. 24 minutes.",
                                                          "Terror icon."]
    assert heard(s, "advance_self_destruct", spaces=4) == ["Self-destruct. 20 minutes.",
                                                          "Remora boarding open."]
    assert heard(s, "choose_stowaway", card="second") == []  # the 20 mark's card: unspoken
    assert heard(s, "advance_self_destruct", spaces=1) == ["Self-destruct. 19 minutes."]
    assert heard(s, "advance_self_destruct", spaces=9) == [
        "Self-destruct. 10 minutes.", "Terror icon.", "Heat Analyzers removed."]
    assert heard(s, "advance_self_destruct", spaces=1) == [
        "Self-destruct. 9 minutes.", "The Remora may now launch late."]
    assert heard(s, "advance_self_destruct", spaces=8) == ["Self-destruct. 1 minute."]
    assert heard(s, "advance_self_destruct", spaces=1) == ["Self-destruct. Explosion."]


def test_an_action_that_leaves_the_timer_says_nothing_and_undo_reads_the_head_again() -> None:
    s = through_setup(lifeform(3))
    s.do("advance_self_destruct", spaces=2)
    assert heard(s, "end_turn") == []
    s.undo()
    # the head is the move again: what it said (the screen decides not to say it twice)
    assert s.announcement() == ["Self-destruct. 26 minutes."]


def test_lockdown_says_the_time_track_autodestruction_the_alert_and_the_end() -> None:
    s = lockdown()
    turns_on(s, 11)
    assert heard(s, "start_autodestruction") == ["Autodestruction armed. Slot 8."]
    step_to(s, "time")
    assert heard(s, "advance_time") == ["Time track. 10 reached."]
    turns_on(s, 8)
    step_to(s, "time")
    assert heard(s, "advance_time") == ["Time track. 7 reached.", "Autodestruction red. Slot 5. It "
                                                        "cannot be stopped."]
    turns_on(s, 5)
    step_to(s, "time")
    assert heard(s, "advance_time") == ["Game over. Facility destroyed."]


def test_lockdown_says_the_alert_procedure_and_its_slot() -> None:
    s = lockdown()
    turns_on(s, 13)
    assert heard(s, "start_alert") == ["Alert Procedure. Slot 6."]


def test_pandora_says_each_protocol_as_it_ticks_one_cycle_left_and_going_off() -> None:
    s = started(("Flygirl", "Cap"), (("Vacuum", 2), ("Aircon", 3)), seed="ticks",
                board={"objective_timer": 9})
    walk_to(s, "tick")
    assert heard(s, "end_cycle") == ["Aircon. 2 cycles.", "Vacuum. 1 cycle to go."]
    walk_to(s, "tick")
    said = heard(s, "end_cycle")
    assert said[:2] == ["Aircon. 1 cycle to go.", "Vacuum goes off."]


def test_pandora_says_abandon_ship() -> None:
    s = started(("Cap", "Flygirl"), seed="abandon", mode="crew",
                board={"objective_timer": 2, "abandon_movers": "Little Nasties move"})
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    assert "Abandon ship." in heard(s, "override_protocol", protocol="Aircon",
                                    big_nasty="Time Jumper", gold=6)
    act_three(s)
    s.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    walk_to(s, "tick")
    assert "Objective Timer. 1 cycle to go." in heard(s, "end_cycle")
    walk_to(s, "tick")
    assert "The Bridge decouples." in heard(s, "end_cycle")


def test_pandora_true_solo_says_each_nasty_and_whom_it_goes_for() -> None:
    s = started(("Flygirl",), seed="solo", mode="true-solo", players=1)
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Flygirl", colour="Red")
    walk_to(s, "nasties")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("nasty_round")
    said = heard(s, "nasty_card", instruction="Follow Instincts")
    assert said == ["Bug 1 activates. It follows its instincts. Target: Flygirl."]


def test_pandora_with_the_crew_does_not_call_out_each_nasty() -> None:
    s = started(("Flygirl", "Cap"), seed="round")
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Flygirl", colour="Red")
    walk_to(s, "nasties")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("nasty_round")
    assert heard(s, "nasty_card", instruction="Follow Instincts") == []


def test_phoenix_says_the_final_round_and_whose_turn_is_last() -> None:
    from tests.phoenix.test_phoenix_session import new as phoenix

    s = phoenix(4)
    s.do("end_turn")
    s.do("add_points", points=40)
    assert heard(s, "end_turn") == ["Final round. P2 triggered the end.",
                                    "Last turn goes to P1."]
    assert heard(s, "end_turn") == []  # P3's final turn done
    assert heard(s, "end_turn") == ["Last turn: P1."]
    assert heard(s, "end_turn") == ["Game over. Final scoring."]


def test_the_dragons_domain_solo_says_the_self_destruct_too() -> None:
    from tests.lifeform.test_solo_session import new as solo

    s = solo()
    assert heard(s, "solo_advance_sd", minutes=6) == ["Self-destruct. 19 minutes.",
                                                     "Remora boarding open."]
    assert heard(s, "solo_advance_sd", minutes=30) == ["Self-destruct. Explosion."]
