"""The rules that must happen, happen: a scripted 3-player game where the app,
not the players, stops a missed Reality Calibration, a hand left over its limit and a launch
out of turn; each refusal says what is due and which key does it, and corrections stay open."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import (
    lifeform_acts,
    lifeform_phase,
    new,
    through_setup,
)
from trackers.engine import ActionError, Session
from trackers.pieces import PhysicalDeck


def hand(s: Session, who: str) -> int:
    deck = "lifeform_deck" if who == s.state.facts["lifeform"] else "crew_deck"
    return s.state.piece(deck, PhysicalDeck).hands.get(who, 0)


def test_an_attack_leaves_a_calibration_due_and_the_phase_waits_for_it() -> None:
    s = lifeform_phase(through_setup(new(3)))
    round_before = s.state.facts["round"]
    s.do("attack", character="Bennings")  # attack step 1: the identifier is shown
    with pytest.raises(ActionError, match=r"Next phase is not possible now: a Reality "
                                          r"Calibration is due \(the end of an attack\)"):
        s.do("next_phase")
    reason = s.blocked("next_phase")
    assert reason is not None and "does it first ('Reality Calibration')" in reason
    assert "reactions and kills" in reason  # steps 4 and 5 come before step 6
    s.do("character_killed", character="Bennings", kill="noisy")  # step 5 is still open
    assert s.blocked("next_phase") is not None
    s.do("reality_calibration", image="Image 2")  # step 6
    assert s.blocked("next_phase") is None
    s.do("next_phase")
    assert s.state.facts["round"] == round_before + 1


def test_a_ghost_met_in_a_turn_holds_the_end_of_that_turn_until_the_calibration() -> None:
    s = through_setup(new(3))
    s.do("meet_image", image="Image 2", character="Solomon")  # Image 1 is real: a ghost
    with pytest.raises(ActionError, match="End of turn is not possible now: a Reality "
                                          "Calibration is due"):
        s.do("end_turn")
    s.do("reality_calibration", image="Image 1")
    s.do("end_turn")


def test_a_hand_over_the_limit_is_cut_before_anything_else() -> None:
    s = through_setup(new(3))
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=4)  # 3 + 4 = 7 of 6
    expected = ("Andrew holds 7 cards, over the hand limit of 6: discard 1 first "
                "('Discard cards')")
    for name, args in (("end_turn", {}),  # the turn does not end with 7
                       ("crew_card_played", {"crew_member": "Andrew"}),  # nor play down to 6
                       ("draw_cards", {"who": "crew member", "crew_member": "Jacob",
                                       "count": 1}),
                       ("next_phase", {})):
        with pytest.raises(ActionError, match="not possible now") as refused:
            s.do(name, **args)
        assert expected in str(refused.value)
    assert hand(s, "Andrew") == 7
    # A correction stays the table's way out (the engine's own action is never held).
    s.do("set_value", target="crew_deck.hand:Jacob", value=3)
    s.do("discard_from_hand", who="crew member", crew_member="Andrew", count=1)
    assert hand(s, "Andrew") == 6 and s.blocked("end_turn") is None
    s.do("end_turn")


def test_the_lifeform_over_its_max_hand_discards_before_its_activity() -> None:
    s = lifeform_phase(through_setup(new(3)))  # Cocoon Start: MAX HAND 6 on the test board
    s.do("draw_cards", who="lifeform", count=4)  # 3 + 4 = 7
    with pytest.raises(ActionError, match="Sarah holds 7 cards, over the hand limit of 6"):
        s.do("cocoon_advance")
    s.do("discard_from_hand", who="lifeform", count=1)
    s.do("cocoon_advance")


def test_launch_only_in_the_active_crew_members_turn() -> None:
    s = lifeform_phase(through_setup(new(3)))
    reason = s.blocked("launch")
    assert reason is not None
    assert reason.startswith("the active crew member launches during their turn; this is the "
                             "Lifeform Activity phase")
    assert "comes with 'Next phase'" in reason
    with pytest.raises(ActionError, match="Launch the Remora is not possible now: the active "
                                          "crew member launches during their turn"):
        s.do("launch")
    lifeform_acts(s)  # its one activity
    s.do("next_phase")  # round 2: Andrew's turn
    reason = s.blocked("launch")
    assert reason is None or "during their turn" not in reason
    s.do("end_turn")
    s.do("end_turn")  # every crew member has had a turn
    assert "every crew member has had a turn this round" in (s.blocked("launch") or "")
