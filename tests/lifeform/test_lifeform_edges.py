"""The edges: the Motion tracker at either end, the Hunt's guess list as a
table setting, an idle Android phase that passes by itself, solo setup ticked in one form, the
CLI taking an empty value where the form does, and refusals that say why and what to do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES, new, through_setup
from tests.lifeform.test_solo_session import new as new_solo
from tests.lifeform.test_solo_session import objectives_met
from trackers.engine import ActionError
from trackers.games.lifeform.game import GAME


def test_the_motion_tracker_says_which_end_it_reached() -> None:
    s = new_solo()  # the test board: 8 spaces, the lifeform starts on 6
    notes = s.do("motion", direction="farther", spaces=5)
    said = " ".join(n.text for n in notes)
    assert "at the far end of the Motion tracker (space 8): it can go no farther" in said
    assert "next to you" not in said
    notes = s.do("motion", direction="closer", spaces=9)
    assert any("already next to you" in n.text for n in notes)


def test_the_guess_list_offers_only_chambers_still_in_play_unless_the_table_says() -> None:
    for setting, offered in (("no", 4), ("yes", 5)):
        s = new_solo(guess_cleared=setting)
        s.do("crisis_card", chamber="Cockpit")  # the Cockpit is cleared
        objectives_met(s)
        s.do("solo_launch", lifeform_aboard=True)
        s.do("hunt")
        choices = GAME.action("guess_chamber").params[0].allowed(s.state)
        assert len(choices) == offered and ("Cockpit" in choices) == (setting == "yes")
        if setting == "no":
            with pytest.raises(ActionError, match="'Cockpit' is not allowed"):
                s.do("guess_chamber", chamber="Cockpit")


def test_solo_setup_is_ticked_in_one_form() -> None:
    s = new_solo()
    step = GAME.action("solo_tick_setup").params[0]
    assert step.allowed(s.state)[-1] == "all remaining"
    notes = s.do("solo_tick_setup", step="all remaining")
    assert "setup done" in notes[-1].text
    assert not s.available("solo_tick_setup")
    assert s.history()[-1].text == "Every remaining setup step done"


def test_an_open_setup_is_named_in_the_refusal() -> None:
    s = new(3)
    reason = s.blocked("next_phase") or ""
    assert reason.startswith("the setup is still open (18 steps left; step 8 ticks itself with "
                             "'Record characters'; step 17 ticks itself with 'Reality "
                             "Calibration'): finish it first ('Tick the next setup step' or "
                             "'Tick a setup step')")
    s.do("tick_setup", step="all remaining")  # only the steps that tick themselves are left
    assert "Calibration'): do them first (rulebook, Setup)" in (s.blocked("next_phase") or "")
    assert "tick themselves" in (s.blocked("tick_next_step") or "")
    s.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    s.do("record_characters", crew_member="Jacob", first="Cameron", second="Bennings")
    s.do("reality_calibration", image="Image 1")
    assert s.blocked("end_turn") is None


def test_after_the_launch_the_starship_moves_say_the_stage_is_over() -> None:
    from tests.lifeform.test_lifeform_session_showdown import example
    s = example()
    assert "the Remora has launched" in (s.blocked("equip") or "")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def test_the_cli_takes_an_empty_value_and_says_why_a_move_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD, seed="cli")
    sid = play.id
    for name, args in (("record_characters", {"crew_member": "Andrew", "first": "Solomon",
                                              "second": "Palmer"}),
                       ("record_characters", {"crew_member": "Jacob", "first": "Cameron",
                                              "second": "Bennings"}),
                       ("reality_calibration", {"image": "Image 1", "decline_pin": True}),
                       ("tick_setup", {"step": "all remaining"})):
        play.do(name, **args)
    play.close()
    table.close()
    data = str(tmp_path)
    code, said = run(capsys, "--data-dir", data, "do", sid, "token_moved", "token=Terror",
                     "move=placed on the board", "why=")  # the form's "(empty)": by the table
    assert code == 0, said
    code, said = run(capsys, "--data-dir", data, "do", sid, "draw_cards",
                     "who=crew member", "crew_member=Andrew", "count=4")
    assert code == 0, said
    code, said = run(capsys, "--data-dir", data, "do", sid, "end_turn")
    assert code != 0
    assert ("End of turn is not possible now: Andrew holds 7 cards, over the hand limit of 6: "
            f"discard 1 first ('Discard cards' (tableside do {sid} discard_from_hand))") in said


def test_an_empty_optional_value_is_none_given_as_the_form_reads_it() -> None:
    s = objectives_met(new_solo())
    s.do("solo_launch", lifeform_aboard=True, cards_not_in_hand="  ")  # "(empty: none)"
    assert s.state.facts["shuttle"]["removed"] == []
    assert len(s.state.facts["shuttle"]["held"]) == 5


def test_a_closed_move_says_which_phase_or_turn_it_waits_for() -> None:
    s = through_setup(new(3))  # round 1, Andrew's turn
    assert (s.blocked("lurk") or "").startswith("Lurk is the lifeform's activity, in its own "
                                                "phase; this is the Crew Activity phase "
                                                "('Next phase')")
    assert "no crew member is waiting to take control" in (s.blocked("take_control") or "")
    s.do("end_turn")
    s.do("end_turn")
    assert (s.blocked("end_turn") or "").startswith("no crew member's turn is running: every "
                                                    "crew member has had a turn this round")
    s.do("next_phase")  # the idle Android phase passes: the Lifeform Activity phase
    assert s.blocked("lurk") is None


def test_setup_step_labels_are_cut_at_a_word() -> None:
    """Found at 80x24: '9. Character boards on the 2-player side; disks in the Galle'."""
    from trackers.games.lifeform.phases.table import STEP_TITLE_WIDTH, _step_titles
    from trackers.games.lifeform.setup import steps

    s = new(2)
    whole = dict(steps(s.state))
    for sid, label in _step_titles(s.state).items():
        assert len(label) <= STEP_TITLE_WIDTH
        if label.endswith("…"):
            kept = label[len(f"{sid}. "):-1]
            rest = whole[sid][len(kept):]
            assert whole[sid].startswith(kept) and rest[:1] in (" ", ",", ";", ":"), label
        else:
            assert label == f"{sid}. {whole[sid]}"
