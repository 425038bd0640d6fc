"""What a 3-player game and a solo game played at 80x24 turned up, one test each: every one
failed before its fix."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_endings import ready, text, to_minute
from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError
from trackers.games.lifeform.game import GAME
from trackers.games.lifeform.setup import open_steps
from trackers.pieces import PhysicalDeck, Track
from tui.games.lifeform.screen import banner_lines


def test_all_remaining_ticks_what_it_can_and_names_the_steps_that_tick_themselves() -> None:
    s = new(3)
    offered = s.action("tick_setup").params[0].allowed(s.state)
    assert "8" not in offered and "17" not in offered and "all remaining" in offered
    notes = s.do("tick_setup", step="all remaining")  # offered, so never refused
    assert open_steps(s.state) == ["8", "17"]
    assert any("step 8 is still open" in n.text for n in notes)
    assert any("step 17 is still open" in n.text for n in notes)
    s.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    s.do("record_characters", crew_member="Jacob", first="Cameron", second="Scott")
    s.do("reality_calibration", image="Image 1")
    assert s.state.facts["stage"] == "starship"  # the last step done starts round 1


def test_history_lines_never_read_name_equals_value() -> None:
    for action in GAME.actions:
        args = {p.name: (True if p.kind == "bool" else "X") for p in action.params}
        line = action.describe(args)
        assert "=" not in line, (action.name, line)
        assert not any(f"{p.name}" in line for p in action.params if "_" in p.name), line
    launch = next(a for a in GAME.actions if a.name == "launch")
    assert launch.describe({"confirm_unknown": False}) == "the Remora launches"


def test_ending_c_reads_in_the_tables_words_and_the_refill_comes_first() -> None:
    s = ready("third", aboard=("Solomon", "Palmer", "Cameron"))
    to_minute(s, 7)
    notes = text(s.do("launch"))
    assert "1 character stays on the Valley Forge" in notes
    assert "discard up to 1 Lifeform card," in notes  # Evolution 1 on the test board
    assert "has reached or passed 9" not in notes
    first = next(t for t, done in GAME.checklist(s.state) if not done)  # type: ignore[misc]
    assert first.startswith("Ending C refill")  # before the hibernation (rulebook, Ending C)
    assert not s.available("hibernation")  # not offered, then refused
    s.do("ending_c_refill", discard="0")
    assert s.available("hibernation")
    notes = text(s.do("hibernation", keep="keep 1 (rule text)"))
    assert "(s)" not in notes and "Halon Gas Blast token" in notes
    assert notes.count("shares them unseen") == 0 and notes.count("unseen") == 1


def test_a_crew_member_with_no_mission_token_to_collect_is_not_told_to_place_each() -> None:
    s = through_setup(new(3))
    notes = text(s.do("collect_missions", tokens=0))
    assert "collects no Mission token" in notes and "put each" not in notes
    s.do("end_turn")
    notes = text(s.do("collect_missions", tokens=1))
    assert "collects 1 Mission token; put it on the Loadout" in notes


def test_the_setup_banner_counts_its_steps_in_words() -> None:
    s = new(3)
    line = banner_lines(s.state)[0]
    assert "(s)" not in line and "18 steps left" in line


FORM_WIDTH = 72  # a form's line at 80 columns, inside its border and padding


def test_every_field_label_and_module_option_fits_one_line_at_80_columns() -> None:
    for action in GAME.actions:
        for param in action.params:
            label = f"{param.name}: {param.help}"  # how the action form shows it
            assert len(label) <= FORM_WIDTH, (action.name, label)
    for option in GAME.options:
        # New game shows a list option's help beside its label, a choice's label alone
        shown = option.help if option.kind == "multi" else ""
        line = option.label + (f" ({shown})" if shown else "")
        assert len(line) <= FORM_WIDTH, line
        if option.kind == "multi":  # each module's checkbox says what it is
            assert all(option.labels.get(c, c) != c for c in option.choices), option.name


def test_only_a_game_with_a_lifeform_player_asks_to_name_it_first() -> None:
    from trackers.games.lifeform import INFO
    assert "lifeform player first" in INFO.mode("standard").note
    assert "lifeform player" not in INFO.note + INFO.mode("solo").note


def test_cocoon_and_malfunction_spaces_read_as_counted_from_start() -> None:
    s = through_setup(new(3))
    notes = text(s.do("cocoon_advance", card="already counted"))
    assert "Cocoon +1: Start+1;" in notes  # the example's "1 space above Start"
    assert "Cocoon 3P/4P: Start+1" in s.state.piece("cocoon", Track).summary()
    malfunction = s.state.piece("malfunction", Track)
    assert " on 2" not in malfunction.summary() and "at Start+" in malfunction.summary()


HOME_STATUS_WIDTH = 28  # Home's status column at 80 columns


def test_a_finished_games_status_fits_homes_column_whole() -> None:
    from tests.lifeform.test_solo_session import new as new_solo
    from tests.lifeform.test_solo_session import objectives_met
    s = ready("third")
    to_minute(s, 12)
    s.do("launch")  # Ending A
    assert GAME.status_of(s.state) == "Ending A: crew won"
    longest = "Ending C: lifeform won"
    assert len(longest) <= HOME_STATUS_WIDTH
    solo = objectives_met(new_solo())
    solo.do("solo_launch", lifeform_aboard=False)
    solo.do("solo_outcome", outcome="the lifeform won")
    assert GAME.status_of(solo.state) == "ended: the lifeform won"
    assert len(GAME.status_of(solo.state)) <= HOME_STATUS_WIDTH


def test_the_lifeform_takes_its_activity_only_in_its_own_phase() -> None:
    s = through_setup(new(3))  # round 1, Andrew's turn (Crew Activity)
    before = s.head
    for name, args in (("lurk", {"discard": "0"}), ("attack", {"character": "Solomon"}),
                       ("cocoon_advance", {}), ("use_vent", {})):
        with pytest.raises(ActionError, match="the lifeform's activity|not possible now"):
            s.do(name, **args)
    assert s.head == before and s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 3
    s.do("attack", character="Solomon", card="already counted")  # Solomon walked in
    s.do("character_killed", character="Solomon", kill="silent")
    s.do("reality_calibration", image="Image 1")
    while not s.state.facts["android"]["active"]:  # an active android keeps its phase
        s.do("malfunction_advance", card="already counted")
    s.do("end_turn")
    s.do("end_turn")
    s.do("next_phase")
    assert s.state.facts["phase"] == "android"
    with pytest.raises(ActionError, match="Android phase"):
        s.do("malfunction_advance")
    s.do("next_phase")
    s.do("lurk", discard="0")  # its phase: allowed


def test_outside_its_phase_the_lifeforms_activities_are_not_offered() -> None:
    s = through_setup(new(3))
    assert not s.available("lurk") and not s.available("use_vent")
    card = s.action("attack").params[1]
    assert card.allowed(s.state) == ["already counted"]
    lifeform_phase(s)
    assert s.available("lurk") and s.available("use_vent")
    assert "a Lifeform card" in s.action("attack").params[1].allowed(s.state)


def test_the_cat_and_sister_actions_wait_for_someone_to_hold_the_role() -> None:
    s = through_setup(new(3))  # 3P: nobody plays the Ship's Cat or SIS-TER yet
    assert not s.available("play_role_card") and not s.available("cat_aboard")
    two = through_setup(new(2))  # 2P: the cat is in play from the start
    assert two.action("play_role_card").params[0].allowed(two.state) == ["the Ship's Cat"]
    assert two.available("cat_aboard")


def test_boarding_the_remora_is_offered_from_self_destruct_20_only() -> None:
    s = through_setup(new(3))  # Self-Destruct 28
    assert not s.available("board_remora")
    s.do("advance_self_destruct", spaces=8)  # 20
    s.do("choose_stowaway", card="second")  # due at the 20 mark, before anyone boards
    assert s.available("board_remora")
    s.do("board_remora", character="Solomon")


def test_lurk_offers_its_discards_before_the_evolution_number_is_entered() -> None:
    from tests.lifeform.test_lifeform_session_fixtures import BOARD
    from trackers.engine.actions import BoardValueNeeded
    s = new(3, board=False)
    for key in ("self_destruct.minutes",):
        s.do("set_board_value", key=key, value=BOARD[key])
    lifeform_phase(through_setup(s))  # Sarah holds 3; Cocoon values unset
    assert s.action("lurk").params[0].allowed(s.state) == ["0", "1", "2", "3"]
    with pytest.raises(BoardValueNeeded):  # the form asks for the Cocoon values beside it
        s.do("lurk", discard="1")
    for key in ("cocoon_3p4p.max_hand", "cocoon_3p4p.evolution"):
        s.do("set_board_value", key=key, value=BOARD[key])
    assert s.action("lurk").params[0].allowed(s.state) == ["0", "1"]  # Evolution 1
    s.do("lurk", discard="1")


def test_a_game_saved_with_a_lurk_in_the_crew_phase_still_opens() -> None:
    """Earlier versions took a Lurk in any phase; their saved games must replay."""
    from dataclasses import replace

    from trackers.engine import Session
    from trackers.games.lifeform.actions import LifeformActivity
    s = lifeform_phase(through_setup(new(3)))
    s.do("lurk", discard="0")
    kept = [e for e in s.events[:s.head] if e.action != "next_phase"]  # the lurk, in round 1
    old = [replace(e, seq=i) for i, e in enumerate(kept, 1)]       # Crew Activity phase
    again = Session(GAME, s.setup, s.seed, events=old)
    assert again.state.facts["phase"] == "crew"
    assert again.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 6
    with pytest.raises(ActionError, match="the lifeform's activity"):  # a new one is refused
        again.do("cocoon_advance")  # its card by default
    assert isinstance(GAME.action("lurk"), LifeformActivity)  # kept through the wiring


def test_a_game_saved_with_the_calibration_last_then_all_remaining_still_opens() -> None:
    """Earlier versions waited for 'all remaining' after a last Reality Calibration."""
    from trackers.engine import Session
    s = new(3)
    s.do("tick_setup", step="all remaining")
    s.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    s.do("record_characters", crew_member="Jacob", first="Cameron", second="Scott")
    s.do("reality_calibration", image="Image 1")  # now starts round 1 itself
    assert not s.available("tick_setup")
    from trackers.engine.records import Event
    closing = Event(s.head + 1, "tick_setup", {"step": "all remaining"})
    again = Session(GAME, s.setup, s.seed, events=[*s.events[:s.head], closing])
    assert again.state.facts["stage"] == "starship" and again.state.facts["round"] == 1


def test_long_names_are_whole_in_the_hands_line() -> None:
    from tests.lifeform.test_lifeform_session_fixtures import BOARD
    from trackers.engine import Session, SessionSetup
    from trackers.games.lifeform.game import GAME

    names = ("Bartholomew Montgomery-Smythe", "Alexandrina Featherstonehaugh",
             "Maximilian Oppenheimer-Vance", "Genevieve Castellanos")
    s = Session(GAME, SessionSetup(4, {"modules": []}, names, BOARD), seed="t")
    shown = "\n".join(banner_lines(s.state))
    assert all(name in shown for name in names)
    assert all(len(line) <= 78 for line in shown.splitlines())
