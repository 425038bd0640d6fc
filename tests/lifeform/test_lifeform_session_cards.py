"""Decks in physical mode, hand limits, Terror cards (spec lifeform §7, §3.10)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError
from trackers.engine.actions import BoardValueNeeded
from trackers.pieces import PhysicalDeck


def test_a_deck_that_runs_out_is_reshuffled_and_no_card_is_lost() -> None:
    s = through_setup(new(3))
    crew = s.state.piece("crew_deck", PhysicalDeck)
    assert crew.in_deck == 40
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=20)
    s.do("discard_from_hand", who="crew member", crew_member="Andrew", count=20)
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=20)
    s.do("discard_from_hand", who="crew member", crew_member="Jacob", count=17)  # down to 6
    notes = s.do("draw_cards", who="crew member", crew_member="Andrew", count=5)
    assert any("shuffle the discard pile" in n.text for n in notes)
    crew = s.state.piece("crew_deck", PhysicalDeck)
    assert crew.total == 46 and crew.hands["Jacob"] == 6 and crew.hands["Andrew"] == 8


def test_crew_hand_limit_is_6_with_the_mining_laser_counting() -> None:
    s = through_setup(new(3))
    s.do("take_mining_laser", crew_member="Andrew")
    notes = s.do("draw_cards", who="crew member", crew_member="Andrew", count=2)
    assert "holds 6" not in notes[-1].text or "over" not in notes[-1].text
    notes = s.do("draw_cards", who="crew member", crew_member="Andrew", count=1)
    assert "holds 7 cards, over the hand limit of 6: discard 1" in notes[-1].text


def test_lifeform_hand_limit_follows_the_cocoon_space() -> None:
    s = through_setup(new(3))  # Start: MAX HAND 6
    notes = s.do("draw_cards", who="lifeform", count=4)
    assert "over the hand limit of 6: discard 1" in notes[-1].text
    s.do("discard_from_hand", who="lifeform", count=1)  # as soon as the cards arrive
    lifeform_phase(s)
    notes = s.do("cocoon_advance")  # MAX HAND 7 now; the card played goes first (5 held)
    assert "MAX HAND 7" in " ".join(n.text for n in notes)
    notes = s.do("draw_cards", who="lifeform", count=2)  # 7 held: within MAX HAND 7
    assert not any("over the hand limit" in n.text for n in notes)
    s.do("next_phase")  # round 2: Andrew's turn
    notes = s.do("flamethrower_cocoon", crew_member="Andrew")  # back to 6 with 7 held
    assert any("over the hand limit of 6: discard 1" in n.text for n in notes)


def test_an_unset_lifeform_limit_is_asked_when_the_lifeform_first_draws() -> None:
    s = through_setup(new(3, board=False))
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=1)  # the crew's is 6
    with pytest.raises(BoardValueNeeded) as asked:  # asked in the draw's own form
        s.do("draw_cards", who="lifeform", count=1)
    assert asked.value.keys == ["cocoon_3p4p.max_hand"]
    assert "Cocoon 3P/4P MAX HAND" in str(asked.value)
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 3  # unchanged


def test_a_character_meeting_terror_draws_and_discards_a_terror_card() -> None:
    s = through_setup(new(3))
    notes = s.do("meet_terror", character="Solomon")
    terror = s.state.piece("terror_deck", PhysicalDeck)
    assert (terror.in_deck, terror.discard) == (19, 1)
    assert "who may look at the Terror discard pile" in notes[-1].text


def test_discarding_more_than_held_is_refused_with_the_count() -> None:
    s = through_setup(new(3))
    with pytest.raises(ActionError, match="holds 3"):
        s.do("discard_from_hand", who="crew member", crew_member="Jacob", count=4)
    with pytest.raises(ActionError, match="crew_member"):
        s.do("draw_cards", who="crew member", count=1)
