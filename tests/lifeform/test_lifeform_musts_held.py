"""More of what the rulebook makes a player do, held by the app at its moment: the lifeform's
one activity named as due, the discard that is due preselected, a Secret Objective noted once,
the Self-Destruct Terror icons asked before a move reads them, Mission tokens only in a crew
member's turn, and a setup refusal that names only the steps still open."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import (
    BOARD,
    NAMES,
    lifeform_acts,
    lifeform_phase,
    new,
    refused,
    through_setup,
)
from tests.lifeform.test_lifeform_session_showdown import example
from trackers.engine import Session, SessionSetup
from trackers.engine.records import Event
from trackers.engine.session import BoardValueNeeded
from trackers.games.lifeform import hunt_order, must_do
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret, Track


def suggested(s: Session, name: str) -> dict[str, object]:
    """What the action's form preselects now, field by field."""
    return {p.name: p.suggestion(s.state) for p in s.action(name).params}


# --- Setup (rulebook, Setup): only the steps still open are named -------------------------
def test_a_setup_refusal_names_only_the_steps_that_are_still_open() -> None:
    s = new(3)
    s.do("reality_calibration", image="Image 1")  # step 17 done first
    s.do("tick_setup", step="all remaining")
    said = s.blocked("tick_next_step")
    assert said is not None and "'Record characters' (step 8)" in said
    assert "Calibration" not in said
    said = s.blocked("equip")
    assert said is not None and "1 step left" in said and "do it first" in said


# --- Setup step 19 and Gameplay Additional Rules: a drawn card is noted once -------------
def test_a_secret_objective_once_noted_is_not_noted_again() -> None:
    s = through_setup(new(3))
    s.do("record_objective", slot="1", title="Here, Kitty, Kitty!")
    code = s.state.piece("objective_1", Secret).code
    said = refused(s, "record_objective", "Secret Objective 1 is noted already", slot="1",
                   title="Another card")
    assert "(rulebook, Setup step 19; Gameplay Additional Rules)" in said
    assert s.state.piece("objective_1", Secret).code == code
    assert s.action("record_objective").params[0].allowed(s.state) == ["2"]
    s.do("record_objective", slot="2", title="Torch cocooned crewmates")
    said = s.blocked("record_objective") or ""
    assert "every Secret Objective still in play is noted" in said


def test_a_game_saved_with_an_objective_noted_twice_replays() -> None:
    s = through_setup(new(3))
    s.do("record_objective", slot="1", title="Here, Kitty, Kitty!")
    first = s.events[-1]
    again = Event(first.seq + 1, first.action, dict(first.args))
    old = Session(GAME, s.setup, "t", events=[*s.events, again])
    assert old.head == s.head + 1 and old.state.piece("objective_1", Secret).is_set


# --- Crew turn, Step 1 (rulebook, Step 1: Collect Mission Tokens) --------------------------
def test_no_mission_token_goes_on_the_loadout_outside_a_crew_member_s_turn() -> None:
    s = lifeform_phase(through_setup(new(3)))
    said = refused(s, "place_mission", "no crew member's turn is running",
                   column="coolant", crew_member="Andrew")
    assert "this is the Lifeform Activity phase" in said and "with 'Next phase'" in said
    assert s.state.facts["loadout"]["coolant"] == 0
    lifeform_acts(s)
    s.do("next_phase")  # round 2: Andrew's turn
    s.do("collect_missions", tokens=1)
    s.do("place_mission", column="coolant", crew_member="Andrew")
    assert s.state.facts["loadout"]["coolant"] == 1


def test_a_game_saved_with_a_token_placed_between_turns_replays() -> None:
    s = lifeform_phase(through_setup(new(3)))
    late = Event(s.head + 1, "place_mission", {"column": "coolant", "crew_member": "Andrew"})
    old = Session(GAME, s.setup, "t", events=[*s.events, late])
    assert old.state.facts["loadout"]["coolant"] == 1


# --- Hand Size (rulebook p. 43): the discard that is due opens filled in ------------------
def test_the_discard_form_preselects_the_hand_over_its_limit_and_by_how_much() -> None:
    s = through_setup(new(3))
    assert suggested(s, "draw_cards")["crew_member"] == "Andrew"  # whose turn it is
    s.do("draw_cards", who="lifeform", count=4)  # in Andrew's turn: 3 + 4 = 7 of 6
    assert suggested(s, "discard_from_hand") == {"who": "lifeform", "crew_member": None,
                                                 "count": 1}
    s.do("discard_from_hand", who="lifeform", count=1)
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=5)  # 3 + 5 = 8 of 6
    assert suggested(s, "discard_from_hand") == {"who": "crew member", "crew_member": "Jacob",
                                                 "count": 2}
    s.do("discard_from_hand", **suggested(s, "discard_from_hand"))  # type: ignore[arg-type]
    assert s.blocked("end_turn") is None
    s.do("end_turn")  # Andrew's
    s.do("character_killed", character="Solomon")
    s.do("character_killed", character="Palmer")  # Andrew's last: he takes control first
    s.do("discard_from_hand", who="lifeform", count=1)  # a Hostility draw took it to 7
    assert suggested(s, "take_control")["crew_member"] == "Andrew"  # not Jacob, whose turn
    s.do("take_control", crew_member="Andrew", character="Cameron")
    lifeform_phase(s)
    s.do("draw_cards", who="lifeform", count=1)  # 6 + 1 = 7 of 6
    assert suggested(s, "discard_from_hand") == {"who": "lifeform", "crew_member": None,
                                                 "count": 1}


# --- Lifeform Activity phase: its one activity is named as due ----------------------------
def test_the_lifeform_s_one_activity_is_due_in_its_phase_until_it_is_done() -> None:
    s = lifeform_phase(through_setup(new(3)))
    due = must_do.due_actions(s.state)
    assert {"lurk", "use_vent", "attack", "lifeform_card_played"} <= set(due)
    lifeform_acts(s)
    assert must_do.due_actions(s.state) == []


# --- Movement and Attack: the attack's reactions and kills are due before its calibration --
def test_an_attack_s_steps_are_due_before_its_calibration_and_said_with_their_keys() -> None:
    s = lifeform_phase(through_setup(new(3)))
    s.do("attack", character="Solomon")
    assert must_do.due_actions(s.state) == ["crew_reaction", "character_killed",
                                            "reality_calibration"]
    keys = {a.name: (a.title, a.key) for a in s.actions()}
    said = must_do.several_ways(s.state, keys, "character_killed") or ""
    assert "('Crew reaction')" in said and "('Character killed')" in said
    assert suggested(s, "character_killed")["character"] == "Solomon"  # the one attacked
    s.do("character_killed", character="Solomon", kill="silent")
    assert must_do.due_actions(s.state) == ["reality_calibration"]
    assert must_do.several_ways(s.state, keys, "reality_calibration") is None


# --- Self-Destruct Track (rulebook p. 46): the Terror icons are asked, never guessed -------
def test_a_self_destruct_move_asks_for_the_spaces_with_a_terror_icon() -> None:
    board = {k: v for k, v in BOARD.items() if k != "self_destruct.terror_minutes"}
    s = through_setup(Session(GAME, SessionSetup(3, {"modules": []}, NAMES[3], board), seed="t"))
    with pytest.raises(BoardValueNeeded, match="Self-Destruct spaces with a Terror icon"):
        s.do("advance_self_destruct", spaces=1)
    for name, args in (("equip", {"crew_member": "Andrew",
                                  "option": "draw 2, Self-Destruct +1"}),
                       ("meet_image", {"image": "Image 2", "character": "Solomon"})):
        assert "self_destruct.terror_minutes" in s.action(name).board_needs(s.state, args)
    s.do("set_board_value", key="self_destruct.terror_minutes", value="27")
    notes = s.do("advance_self_destruct", spaces=1)
    assert s.state.piece("self_destruct", Track).position == 27
    assert any("Terror icon" in n.text for n in notes)


# --- Module B: tokens jumped over are settled before the tracker or the turn moves on -----
def test_tokens_jumped_over_are_decided_before_self_destruct_moves_again() -> None:
    s = through_setup(new(3, ("B",)))
    s.do("advance_self_destruct", spaces=8)  # 20
    s.do("choose_stowaway", card="second")
    s.do("advance_self_destruct", spaces=6)  # 20 -> 14, over the tokens on 19-16
    assert s.state.facts["asteroids"]["held"]
    for name, args in (("advance_self_destruct", {"spaces": 1}), ("end_turn", {}),
                       ("equip", {"crew_member": "Andrew",
                                  "option": "draw 2, Self-Destruct +1"})):
        said = refused(s, name, "jumped over are still to be decided", **args)
        assert "('Asteroid tokens jumped over')" in said
    s.do("asteroids_jumped", decision=s.action("asteroids_jumped").params[0].allowed(s.state)[1])
    s.do("advance_self_destruct", spaces=1)


# --- Launch the Remora Sequence (rulebook p. 35): refused before its form, with the way ----
def test_the_launch_is_held_for_its_criteria_naming_what_meets_each() -> None:
    s = through_setup(new(3))
    s.do("collect_missions", tokens=0)
    said = s.blocked("launch") or ""
    assert said.startswith("the launch waits for its criteria: At least 1 surviving character")
    assert "'Board the Remora'" in said and "'Secret Objective completed'" in said
    assert "'Put a Mission token on the Loadout'" in said
    assert "(rulebook p. 35, Launch the Remora Sequence)" in said


# --- Showdown Stage (rulebook p. 38): the hibernation is due first -------------------------
def test_the_hibernation_is_due_at_the_showdown_until_it_is_done() -> None:
    s = example(("D",))
    assert must_do.due_actions(s.state)[:2] == ["hibernation", "hide_in_remora"]
    s.do("hibernation", keep="keep 1 (rule text)")
    assert must_do.due_actions(s.state) == ["draw_cards", "hide_in_remora"]  # step 1's share
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=2)
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=1)
    assert must_do.due_actions(s.state) == ["hide_in_remora"]
    s.do("hide_in_remora", location="Cockpit")
    assert must_do.due_actions(s.state) == ["hunt_bet"]  # module D's steps, in order
    s.do("hunt_bet", location="Storage Bay")
    assert must_do.due_actions(s.state) == ["hunt_step"]
    while "hunt_step" in must_do.due_actions(s.state):
        s.do("hunt_step", step=hunt_order.step_choices(s.state)[0], location="Cockpit")
    assert must_do.due_actions(s.state) == ["hunt_reward"]  # found: the crew's reward
    s.do("hunt_reward", zone=hunt_order.reward_choices(s.state)[0])
    assert must_do.due_actions(s.state) == []

