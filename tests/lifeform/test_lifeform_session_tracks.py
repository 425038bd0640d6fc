"""Every tracker milestone, on reach or pass, and undo (spec lifeform §4, §3.13)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError, Note, Session
from trackers.games.lifeform import moves
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck, Secret, Track


def sd(s: Session) -> Track:
    return s.state.piece("self_destruct", Track)


def texts(notes: list[Note]) -> str:
    return "\n".join(n.text for n in notes)


def test_a_jump_from_21_to_18_fires_the_20_effects_once_and_undo_unfires_them() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=7)
    assert sd(s).position == 21 and not moves.remora_open(s.state)
    vents = moves.vents_held(s.state)
    notes = s.do("advance_self_destruct", spaces=3)  # T28: 21 -> 18 passes 20
    assert sd(s).position == 18
    assert texts(notes).count("Self-Destruct 20:") == 1
    assert "Stowaway" in texts(notes) and "Vent" in texts(notes)
    assert moves.remora_open(s.state) and moves.vents_held(s.state) == vents + 1
    assert s.available("choose_stowaway")
    s.do("choose_stowaway", card="second")  # due at the 20 mark, before SD moves on
    s.do("advance_self_destruct", spaces=1)
    assert sd(s).fired.count("20") == 1  # never twice
    undo_notes = s.undo(3)
    assert sd(s).position == 21 and not sd(s).is_fired("20")
    assert any("milestone 20 is no longer reached" in n.text for n in undo_notes)
    assert not moves.remora_open(s.state) and moves.vents_held(s.state) == vents
    s.redo()
    assert sd(s).is_fired("20") and moves.vents_held(s.state) == vents + 1


def test_self_destruct_10_9_terror_and_explosion() -> None:
    s = through_setup(new(3))
    notes = s.do("advance_self_destruct", spaces=4)  # 28 -> 24 (Terror icon)
    assert "Terror icon" in texts(notes)
    s.do("advance_self_destruct", spaces=13)  # -> 11
    s.do("choose_stowaway", card="second")  # the 20 mark passed: its card first
    lifeform_phase(s)
    with pytest.raises(ActionError, match="10"):
        s.do("pathway_deviation")
    notes = s.do("advance_self_destruct", spaces=2)  # -> 9: passes 10, lands on 9
    assert "Heat Analyzer" in texts(notes) and "launch with characters" in texts(notes)
    assert moves.heat_analyzers_gone(s.state) and moves.late_launch(s.state)
    with pytest.raises(ActionError, match="Heat Analyzer"):
        s.do("use_heat_analyzer", crew_member="Andrew", image_within_2=False)
    s.do("pathway_deviation")
    assert s.state.facts["android"]["deviation_used"]
    notes = s.do("advance_self_destruct", spaces=30)
    assert sd(s).position == 0 and sd(s).space_name() == "Explosion"
    assert "lifeform wins" in texts(notes) and "cannot go past" in texts(notes)
    assert s.state.facts["status"].startswith("the lifeform won")


def test_equip_draws_and_advances() -> None:
    s = through_setup(new(3))
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")
    assert sd(s).position == 27
    for step in ("end_turn", "end_turn", "next_phase", "lifeform_card_played", "next_phase"):
        s.do(step)  # round 2: Andrew's turn again
    notes = s.do("equip", crew_member="Andrew", option="draw 3, Self-Destruct +2")
    assert sd(s).position == 25
    assert s.state.piece("crew_deck", PhysicalDeck).hands["Andrew"] == 8
    assert "over the hand limit of 6: discard 2" in texts(notes)  # T5


def test_hostility_causes_and_icons() -> None:
    s = through_setup(new(3))  # 3P starts on space 2
    h = s.state.piece("hostility", Track)
    s.do("flamethrower", crew_member="Andrew")
    assert s.state.piece("hostility", Track).position == 3
    lifeform = s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"]
    notes = s.do("hostility_other", spaces=2, why="a card says so")  # -> 5 (draw)
    assert "Draw card" in texts(notes)
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == lifeform + 1
    s.do("take_mining_laser", crew_member="Jacob")
    s.do("end_turn")  # Jacob's turn
    notes = s.do("shoot_mining_laser", crew_member="Jacob", target="lifeform image")  # -> 6
    assert "red claw 2" in texts(notes) and s.state.facts["special_cards"]["mining_laser"] == \
        "removed"
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 0  # whole hand
    notes = s.do("character_killed", character="Solomon", kill="silent")  # +2 -> 8 (Terror)
    assert "must place 1 Terror" in texts(notes)
    assert s.state.piece("hostility", Track).position == 8 and h.position == 2


def test_hostility_past_the_last_space_says_the_text_is_silent() -> None:
    s = through_setup(new(3))
    notes = s.do("hostility_other", spaces=10, why="x")
    notes += s.do("hostility_other", spaces=10, why="x")
    assert s.state.piece("hostility", Track).position == 20
    assert "past the last Hostility space is not in the rulebook" in texts(notes)


def test_cocoon_final_space_3p_places_the_third_image_and_repeats_after_a_reset() -> None:
    s = through_setup(new(3))
    s.do("cocoon_advance", card="already counted")
    notes = s.do("cocoon_advance", card="already counted")
    assert "MAX HAND 8" in texts(notes)
    pool = s.state.facts["mission_pool"]
    notes = s.do("cocoon_advance", card="already counted")  # space 4 = final (T29)
    assert "final space" in texts(notes)
    assert s.state.facts["images"]["on_board"] == ["Image 1", "Image 2", "Image 3"]
    assert s.state.facts["calibration_due"] and s.state.facts["mission_pool"] == pool + 1
    s.do("reality_calibration", image="Image 3")
    with pytest.raises(ActionError, match="ghost"):
        s.do("flamethrower_cocoon", crew_member="Andrew")  # 3 images: name the ghost
    s.do("flamethrower_cocoon", crew_member="Andrew", ghost_removed="Image 2")
    assert s.state.piece("cocoon", Track).position == 1
    assert s.state.facts["images"]["on_board"] == ["Image 1", "Image 3"]
    for _ in range(2):
        s.do("cocoon_advance", card="already counted")
    notes = s.do("cocoon_advance", card="already counted")  # the final space again: fires again
    assert "final space" in texts(notes)
    assert s.state.facts["calibration_due"]


def test_cocoon_final_space_2p_moves_the_overheating_token_each_time() -> None:
    s = through_setup(new(2))
    for _ in range(3):
        s.do("cocoon_advance", card="already counted")
    assert s.state.facts["overheating_moves"] == 1  # T30
    s.do("flamethrower_cocoon", crew_member="Andrew")
    for _ in range(3):
        s.do("cocoon_advance", card="already counted")
    assert s.state.facts["overheating_moves"] == 2
    s.undo()
    assert s.state.facts["overheating_moves"] == 1


def test_lurk_uses_max_hand_and_evolution() -> None:
    s = lifeform_phase(through_setup(new(3)))  # Start: MAX HAND 6, Evolution 1; Sarah 3
    assert GAME.action("lurk").params[0].allowed(s.state) == ["0", "1"]  # up to Evolution 1
    with pytest.raises(ActionError, match="give one of: 0, 1"):
        s.do("lurk", discard="2")
    s.do("lurk", discard="1")
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 6
    s.do("next_phase")  # round 2: its next activity
    lifeform_phase(s)
    with pytest.raises(ActionError, match="below MAX HAND"):
        s.do("lurk")


def test_malfunction_spaces_in_order() -> None:
    s = through_setup(new(3))
    notes = s.do("malfunction_advance", card="already counted")  # space 2: Power Outage
    assert "Power Outage" in texts(notes)
    notes = s.do("malfunction_advance", card="already counted")  # space 3: Android Malfunctions!
    assert s.state.facts["android"]["active"] and "Hypersleep" in texts(notes)
    notes = s.do("malfunction_advance", card="already counted")  # space 4: SD +1
    assert sd(s).position == 27
    s.do("malfunction_advance", card="already counted")
    s.do("malfunction_advance", card="already counted")
    notes = s.do("malfunction_advance", card="already counted")  # past the last space
    assert "past the last Malfunction space" in texts(notes)
    assert s.state.piece("malfunction", Track).position == 6


def test_android_status_to_destroyed_and_the_android_in_the_remora() -> None:
    s = through_setup(new(3))
    for column in ("coolant", "coolant", "energy_cells"):
        s.do("place_mission", column=column, crew_member="Andrew")
    s.do("flamethrower_android", crew_member="Andrew")  # space 2: removes 3
    with pytest.raises(ActionError, match="3 token"):
        s.do("android_enters_remora", coolant=1)
    notes = s.do("android_enters_remora", coolant=2, energy_cells=1)  # T31: k = 3 of 3
    assert s.state.facts["loadout"]["coolant"] == 0 and s.state.facts["android"]["destroyed"]
    assert s.state.piece("android_status", Track).space_name() == "Destroyed"
    assert "Half-lock" in texts(notes)
    s.undo()
    for _ in range(3):
        s.do("flamethrower_android", crew_member="Andrew", card="already counted")
    assert s.state.facts["android"]["destroyed"]
    with pytest.raises(ActionError, match="already destroyed"):
        s.do("flamethrower_android", crew_member="Andrew", card="already counted")  # T7


def test_the_android_removes_what_is_there_when_short() -> None:
    s = through_setup(new(3))
    s.do("place_mission", column="halon_gas", crew_member="Andrew")
    s.do("android_enters_remora", halon_gas=1)  # Start space: 4, only 1 there (T31)
    assert s.state.facts["loadout"]["halon_gas"] == 0


def test_a_hand_correction_with_set_value_fires_and_unfires() -> None:
    s = through_setup(new(3))
    notes = s.do("set_value", target="self_destruct.position", value=19)
    assert "Self-Destruct 20" in texts(notes) and moves.remora_open(s.state)
    s.do("set_value", target="self_destruct.position", value=22)
    assert not moves.remora_open(s.state)
    assert not s.state.piece("stowaway", Secret).is_set
