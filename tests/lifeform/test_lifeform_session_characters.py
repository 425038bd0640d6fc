"""Characters, deaths, Taking Control, the Ship's Cat and SIS-TER, Last Man Aboard (spec §8)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from trackers.engine import ActionError
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck, Track


def test_a_death_adds_2_hostility_and_asks_noisy_or_silent() -> None:
    s = through_setup(new(3))
    start = s.state.piece("hostility", Track).position
    notes = s.do("character_killed", character="Solomon", kill="noisy")
    text = "\n".join(n.text for n in notes)
    assert s.state.piece("hostility", Track).position == start + 2
    assert "Panic Move" in text and "Motoko" in text and "carries on with Palmer" in text
    assert s.state.facts["characters"]["Solomon"]["where"] == "dead"
    notes = s.do("character_killed", character="Cameron", kill="silent")
    assert "Silent kill" in "\n".join(n.text for n in notes)
    with pytest.raises(ActionError, match="not allowed"):
        s.do("character_killed", character="Solomon")


def test_taking_control_in_3p_then_a_role() -> None:
    s = through_setup(new(3))
    s.do("take_mining_laser", crew_member="Andrew")
    s.do("character_killed", character="Solomon")
    notes = s.do("character_killed", character="Palmer")
    assert "Taking Control" in notes[-1].text and "who chooses is not in the text" in notes[-1].text
    assert s.state.facts["pending_control"] == ["Andrew"]
    with pytest.raises(ActionError):
        s.do("take_control", crew_member="Andrew", character="Palmer")  # dead
    s.do("take_control", crew_member="Andrew", character="Cameron")
    assert s.state.facts["characters"]["Cameron"]["owner"] == "Andrew"
    assert not s.available("take_control")
    notes = s.do("character_killed", character="Cameron")  # Andrew: none; Jacob has 1
    text = "\n".join(n.text for n in notes)
    assert "no crew member has 2" in text and "Mining Laser" in text
    assert s.state.piece("crew_deck", PhysicalDeck).hands["Andrew"] == 0
    assert s.state.facts["special_cards"]["mining_laser"] == "removed"
    s.do("take_role", crew_member="Andrew", role="the SIS-TER Mainframe")
    assert s.state.facts["members"]["Andrew"]["role"] == "sister"
    s.do("play_role_card", role="the SIS-TER Mainframe")
    assert s.state.facts["sister"]["cards"] == 9
    panel = next(p for p in GAME.panels(s.state) if p.title == "Crew and characters")  # type: ignore
    assert any("plays the SIS-TER Mainframe" in line for line in panel.lines)


def test_4p_roles_go_to_whichever_is_free() -> None:
    s = through_setup(new(4))  # Andrew: Solomon, Palmer; Jacob: Cameron, Bennings; Maya: 2
    s.do("character_killed", character="Solomon")
    s.do("character_killed", character="Palmer")
    s.do("take_control", crew_member="Andrew", character="Scott")  # from Maya (2)
    s.do("character_killed", character="Cameron")
    s.do("character_killed", character="Bennings")  # Jacob: nobody has 2 any more
    assert s.state.facts["pending_role"] == ["Jacob"] and not s.state.facts["pending_control"]
    s.do("take_role", crew_member="Jacob", role="the Ship's Cat")
    assert s.state.facts["ships_cat"]["in_play"] and s.state.facts["ships_cat"]["cards"] == 10
    s.do("character_killed", character="Scott")  # Andrew again: only SIS-TER is free
    with pytest.raises(ActionError, match="taken"):
        s.do("take_role", crew_member="Andrew", role="the Ship's Cat")
    s.do("take_role", crew_member="Andrew", role="the SIS-TER Mainframe")
    assert s.state.facts["status"] == "in progress"  # nobody is eliminated (spec §8.3)


def test_taking_control_needs_a_donor_with_two() -> None:
    s = through_setup(new(4))
    s.do("character_killed", character="Solomon")
    s.do("character_killed", character="Cameron")  # Jacob keeps Bennings only
    s.do("character_killed", character="Palmer")
    with pytest.raises(ActionError, match="2 surviving"):
        s.do("take_control", crew_member="Andrew", character="Bennings")


def test_2p_the_last_character_dying_is_a_lifeform_win() -> None:
    s = through_setup(new(2))
    s.do("character_killed", character="Solomon")
    assert s.state.facts["status"] == "in progress"
    s.do("character_killed", character="Palmer")
    assert s.state.facts["status"].startswith("the lifeform won")
    s.undo()
    assert s.state.facts["status"] == "in progress"


def test_last_man_aboard() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=8)
    s.do("choose_stowaway", card="second")
    for name in ("Solomon", "Palmer", "Cameron"):
        s.do("board_remora", character=name)
    notes = s.do("character_killed", character="Bennings", kill="silent")
    assert s.state.facts["last_man_aboard"]
    assert any("Last Man Aboard" in n.text for n in notes)


def test_hidden_characters_and_the_remora() -> None:
    s = through_setup(new(3))
    s.do("character_hidden", character="Solomon", hidden=True)
    panel = next(p for p in GAME.panels(s.state) if p.title == "Crew and characters")  # type: ignore
    assert "Solomon (Valley Forge, hidden)" in panel.lines[0]
    s.do("advance_self_destruct", spaces=8)
    s.do("choose_stowaway", card="second")  # the 20 mark
    s.do("board_remora", character="Solomon")
    assert not s.state.facts["characters"]["Solomon"]["hidden"]
    with pytest.raises(ActionError, match="'Solomon' is not allowed"):
        s.do("board_remora", character="Solomon")
    with pytest.raises(ActionError, match="Remora"):
        s.do("meet_image", image="Image 1", character="Solomon")


def test_2p_cat_can_jump_aboard_by_dropping_its_cards() -> None:
    s = through_setup(new(2))
    s.do("cat_aboard")
    assert s.state.facts["ships_cat"] == {"in_play": True, "controller": "Andrew", "cards": 0,
                                          "aboard": True}
    with pytest.raises(ActionError):
        s.do("cat_aboard")
