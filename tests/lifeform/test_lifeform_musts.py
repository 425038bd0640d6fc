"""Every step the rulebooks say a player must take is held by the app, in the rulebook's order
of play: the action becomes due at its moment, what would move past it is refused with the
reason and the key that settles it, and an action the moment does not allow is refused."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_fixtures import (
    NAMES,
    lifeform_acts,
    lifeform_phase,
    new,
    refused,
    through_setup,
)
from tests.lifeform.test_lifeform_session_showdown import example, hibernate
from tests.lifeform.test_solo_session import new as new_solo
from tests.lifeform.test_solo_session import objectives_met
from trackers.engine import Session, SessionSetup
from trackers.engine.records import Event
from trackers.games.lifeform import decks, must_do, rounds
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret, Track


# --- Setup step 17, then the Reality Calibration only when one is due (rulebook p. 10) -------
def test_a_calibration_is_made_at_setup_step_17_and_then_only_when_one_is_due() -> None:
    s = new(3)
    for member, (a, b) in zip(("Andrew", "Jacob"), (("Solomon", "Palmer"),
                                                   ("Cameron", "Bennings")), strict=True):
        s.do("record_characters", crew_member=member, first=a, second=b)
    assert must_do.calibration_allowed(s.state)  # setup step 17
    s.do("reality_calibration", image="Image 1")
    s.do("tick_setup", step="all remaining")
    assert not must_do.calibration_allowed(s.state) and not s.available("reality_calibration")
    said = refused(s, "reality_calibration", "no Reality Calibration is due", image="Image 2")
    assert "(rulebook p. 10, Reality Calibration)" in said
    s.do("meet_image", image="Image 2", character="Solomon")  # a sensor ghost
    assert must_do.calibration_allowed(s.state)
    s.do("reality_calibration", image="Image 2")
    assert not must_do.calibration_allowed(s.state)


# --- Crew Activity phase, Step 1: each collected Mission token goes on at once --------------
def test_collected_mission_tokens_go_on_the_loadout_at_once_and_no_more() -> None:
    s = through_setup(new(3))
    s.do("collect_missions", tokens=1)
    said = refused(s, "equip", "collected 1 Mission token still to place", crew_member="Andrew",
                   option="draw 2, Self-Destruct +1")
    assert "('Put a Mission token on the Loadout')" in said
    refused(s, "end_turn", "still to place")
    s.do("place_mission", column="coolant", crew_member="Andrew")
    refused(s, "place_mission", "are all on the Loadout", column="coolant",
            crew_member="Andrew")
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")
    s.do("end_turn")


def test_a_member_whose_characters_are_all_aboard_places_no_mission_token() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=8)  # 20: the Remora opens
    s.do("choose_stowaway", card="second")
    for name in ("Solomon", "Palmer"):
        s.do("board_remora", character=name)
    refused(s, "place_mission", "aboard the Remora", column="coolant", crew_member="Andrew")
    s.do("end_turn")  # Jacob's turn: nor is a token placed in Andrew's name
    refused(s, "place_mission", "Andrew has no Mission token to place", column="coolant",
            crew_member="Andrew")
    s.do("place_mission", column="coolant", crew_member="Jacob")  # before his Step 1


# --- Crew Activity phase: one turn each, then the phase ends -------------------------------
def test_the_crew_phase_ends_only_after_every_crew_member_s_turn() -> None:
    s = through_setup(new(3))
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")
    said = refused(s, "next_phase", "it is Andrew's turn")
    assert "('End of turn')" in said and "(rulebook, Crew Activity Phase)" in said
    s.do("end_turn")
    refused(s, "next_phase", "it is Jacob's turn")
    s.do("end_turn")
    s.do("next_phase")
    assert s.state.facts["phase"] != "crew"


# --- Crew Activity phase, Step 2: an activity in its crew member's own turn -----------------
def test_a_crew_activity_is_only_for_the_crew_member_whose_turn_it_is() -> None:
    s = through_setup(new(3))
    while not s.state.facts["android"]["active"]:  # an active android keeps its phase
        s.do("malfunction_advance", card="already counted")
    refused(s, "equip", "it is Andrew's turn; Jacob waits", crew_member="Jacob",
            option="draw 2, Self-Destruct +1")
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")
    s.do("end_turn")
    s.do("end_turn")
    s.do("next_phase")  # the Android phase
    said = refused(s, "equip", "this is the Android phase", crew_member="Andrew",
                   option="draw 2, Self-Destruct +1")
    assert "(rulebook, Crew Activity Phase)" in said
    s.do("next_phase")  # the Lifeform Activity phase
    refused(s, "equip", "this is the Lifeform Activity phase", crew_member="Jacob",
            option="draw 2, Self-Destruct +1")
    refused(s, "flamethrower", "this is the Lifeform Activity phase", crew_member="Andrew",
            card="a Crew card")


def test_a_game_saved_with_a_skipped_turn_and_an_activity_out_of_turn_replays() -> None:
    s = through_setup(new(3))
    n = s.head
    late = [Event(n + 1, "next_phase", {}),  # Andrew's and Jacob's turns skipped
            Event(n + 2, "equip", {"crew_member": "Jacob",
                                   "option": "draw 2, Self-Destruct +1"})]
    old = Session(GAME, s.setup, "t", events=[*s.events, *late])
    assert old.state.facts["phase"] == "android"  # a journal of then: no idle pass
    assert old.state.piece("self_destruct", Track).position == 27


# --- Movement and Attack: the attack's steps in their order --------------------------------
def test_an_attack_s_calibration_waits_for_its_reactions_and_kills() -> None:
    s = lifeform_phase(through_setup(new(3)))
    s.do("attack", character="Solomon")
    said = refused(s, "reality_calibration", "at its steps 4 and 5", image="Image 2")
    assert "('Crew reaction')" in said and "('Character killed')" in said
    s.do("crew_reaction", crew_member="Jacob", reaction="Hide", character="Cameron")
    s.do("character_killed", character="Solomon", kill="silent")
    refused(s, "crew_reaction", "reactions come before them", crew_member="Andrew",
            reaction="Hide", character="Palmer")
    s.do("reality_calibration", image="Image 2")
    assert s.state.facts["attack"] is None
    refused(s, "crew_reaction", "no attack is open", crew_member="Andrew", reaction="Hide",
            character="Palmer")


# --- Movement and Attack: an attack's calibration comes before Equip ------------------------
def test_equip_waits_for_the_calibration_an_attack_calls_for() -> None:
    s = through_setup(new(3))
    s.do("meet_image", image="Image 1", character="Solomon")  # the real one: an attack
    said = refused(s, "equip", "a Reality Calibration is due", crew_member="Andrew",
                   option="draw 2, Self-Destruct +1")
    assert "('Reality Calibration')" in said
    s.do("character_killed", character="Solomon", kill="noisy")
    s.do("reality_calibration", image="Image 2")
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")


# --- Lifeform Activity phase: exactly one activity ------------------------------------------
def test_the_lifeform_phase_ends_only_after_its_one_activity() -> None:
    s = lifeform_phase(through_setup(new(3)))
    said = refused(s, "next_phase", "performs exactly one activity")
    assert "'Lurk'" in said and "(rulebook, Lifeform Activity Phase)" in said
    lifeform_acts(s)
    s.do("next_phase")
    assert s.state.facts["phase"] == "crew"


# --- Taking Control: before play goes on ------------------------------------------------------
def test_a_crew_member_with_no_character_takes_control_before_play_goes_on() -> None:
    s = through_setup(new(3))
    for name in ("Solomon", "Palmer"):
        s.do("character_killed", character=name, kill="silent")
    said = refused(s, "end_turn", "Andrew lost their last character")
    assert "('Take control of a character')" in said
    refused(s, "advance_self_destruct", "take control", spaces=1)
    s.do("take_control", crew_member="Andrew", character="Cameron")
    s.do("end_turn")


# --- Self-Destruct Track: the Stowaway card at the 20-minute mark (rulebook p. 46) ----------
def test_the_stowaway_card_is_chosen_at_20_before_self_destruct_moves_on() -> None:
    s = through_setup(new(3))
    refused(s, "choose_stowaway", "when Self-Destruct reaches 20", card="second")  # too early
    s.do("advance_self_destruct", spaces=8)  # 28 -> 20
    warned = "the next Self-Destruct move passes 20: the lifeform chooses its Stowaway card first"
    assert any(warned in line for line in rounds.pending(s.state))  # the To do line says it
    said = refused(s, "advance_self_destruct", warned, spaces=1)
    assert "('Choose the Stowaway card')" in said
    refused(s, "equip", warned, crew_member="Andrew", option="draw 2, Self-Destruct +1")
    refused(s, "end_turn", warned)
    s.do("choose_stowaway", card="second")
    s.do("advance_self_destruct", spaces=1)
    assert s.state.piece("self_destruct", Track).position == 19


def test_no_character_boards_the_remora_before_the_stowaway_card() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=8)  # 20: the Remora opens
    said = refused(s, "board_remora", "the next Self-Destruct move passes 20", character="Solomon")
    assert "('Choose the Stowaway card')" in said
    s.do("choose_stowaway", card="second")
    s.do("board_remora", character="Solomon")


def test_a_move_over_the_20_mark_says_where_self_destruct_stands() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=7)  # 21
    s.do("equip", crew_member="Andrew", option="draw 3, Self-Destruct +2")  # over 20, to 19
    assert s.state.piece("self_destruct", Track).position == 19
    warned = "Self-Destruct passed 20 and is on 19: the lifeform chooses its Stowaway card first"
    assert any(warned in line for line in rounds.pending(s.state))
    refused(s, "board_remora", warned, character="Solomon")
    refused(s, "advance_self_destruct", warned, spaces=1)
    s.do("choose_stowaway", card="second")
    s.do("board_remora", character="Solomon")


def test_a_stowaway_card_left_past_its_moment_in_a_saved_game_is_never_chosen() -> None:
    """A game saved before the card was held at 20: Self-Destruct went on without it. It
    replays as played, and the card's moment is over (no late pick of the launch minute)."""
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=8)  # 20
    late = Event(s.head + 1, "advance_self_destruct", {"spaces": 11})  # on to 9, no card
    old = Session(GAME, s.setup, "t", events=[*s.events, late])
    assert old.state.piece("self_destruct", Track).position == 9
    said = refused(old, "choose_stowaway", "its moment has passed", card="first")
    assert "(rulebook p. 46, Self-Destruct Track)" in said
    assert not old.state.piece("stowaway", Secret).is_set


# --- Hand Size: a reward that ignores the limit demands no discard (module D) ---------------
def test_the_supply_locker_reward_is_kept_past_the_hand_limit() -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Supply Locker")
    s.do("hunt_bet", location="Cockpit")
    s.do("hunt_step", step="skip the Halon search")
    s.do("hunt_step", step="search", location="Cockpit")
    lifeform = s.state.facts["lifeform"]
    limit = decks.hand_limit(s.state, lifeform, board_of(s.state.board))
    assert limit is not None
    held = decks.hand_size(s.state, lifeform)
    if held < limit:
        s.do("draw_cards", who="lifeform", count=limit - held)
    notes = s.do("hunt_step", step="search", location="Storage Bay")  # never found
    assert decks.hand_size(s.state, lifeform) == limit + 1
    said = " ".join(n.text for n in notes)
    assert "over the hand limit" not in said
    assert decks.over_limit(s.state) == []
    assert not any("over the hand limit" in line for line in rounds.pending(s.state))


# --- Module D: the bet opens the strip for the disks that survive the hibernation -----------
def test_the_hunt_bet_waits_for_the_hibernation_s_kills() -> None:
    s = example(("D",))
    s.do("hide_in_remora", location="Cockpit")
    said = refused(s, "hunt_bet", "the hibernation comes first", location="Storage Bay")
    assert "('Hibernation')" in said
    hibernate(s, "keep all (worked example)")
    s.do("hunt_bet", location="Storage Bay")


# --- Module C (solo): the launch after the 3 must-complete objectives -----------------------
def test_the_solo_launch_waits_for_the_three_must_complete_objectives() -> None:
    s = new_solo()
    said = refused(s, "solo_launch", "0 of the 3 must-complete objectives",
                   lifeform_aboard=True)
    assert "(Thirteenth Passenger, Module C)" in said
    objectives_met(s)
    s.do("solo_launch", lifeform_aboard=True)


# --- Module B: a new game mirrors the table's own tokens ------------------------------------
def test_a_new_game_mirrors_the_tables_asteroid_tokens_and_an_old_one_keeps_the_apps() -> None:
    for players, names in ((3, NAMES[3]), (1, ("Ripley",))):
        fresh = GAME.check_setup(SessionSetup(players, {}, names), new=True)
        assert fresh.options["asteroid_tokens"] == "mirror"
        saved = GAME.check_setup(SessionSetup(players, {}, names))  # a journal without it
        assert saved.options["asteroid_tokens"] == "app"


def test_a_solo_game_with_the_tables_tokens_holds_self_destruct_for_the_flip() -> None:
    setup = GAME.check_setup(SessionSetup(1, {"solo_modules": ["B", "C"]}, ("Ripley",),
                                          {"solo_self_destruct_start": "25"}), new=True)
    s = Session(GAME, setup, seed="s")
    assert s.state.facts["hidden"]["asteroids"] == {}  # nothing the app drew
    s.do("solo_advance_sd", minutes=6)  # 25 -> 19
    refused(s, "solo_advance_sd", "asteroid token on 19 is to be flipped", minutes=1)
    assert GAME.checklist(s.state)[0][0].startswith(  # type: ignore[misc]
        "Module B: flip your asteroid token on 19")
    s.do("asteroid_token", shows="Impact imminent!")
    s.do("solo_advance_sd", minutes=1)

