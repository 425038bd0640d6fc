"""Nemesis: Lockdown setup by player count, board values, the checklist and the game's wiring."""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import finish_setup
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.keys import RESERVED_KEYS
from trackers.games.nemesis_lockdown import rounds
from trackers.games.nemesis_lockdown.game import GAME
from trackers.games.nemesis_lockdown.view import panels
from trackers.games.registry import get_game
from trackers.pieces import Bag, Counter, Secret, Track

RESERVED = RESERVED_KEYS.keys()  # the keys every game screen keeps
TOPICS = {"time_track", "autodestruction", "alert_procedure", "intruder_bag", "noise", "fire",
          "malfunction", "power", "setup", "round", "victory", "wounds", "knowledge"}


def new(players: int = 4, **board: object) -> Session:
    return Session(GAME, SessionSetup(players, board=dict(board)), seed="setup")


@pytest.mark.parametrize(("players", "adults", "total", "tokens_each"),
                         [(1, 4, 11, 3), (2, 5, 12, 2), (3, 6, 13, 1), (4, 7, 14, 1)])
def test_bag_and_contingency_by_player_count(players: int, adults: int, total: int,
                                             tokens_each: int) -> None:
    """Spec §2.2 table; worked examples S1, S2, S3 (solo: 1 dealt + 2 from the Neutral Pool)."""
    s = new(players)
    bag = s.state.piece("intruder_bag", Bag)
    assert bag.contents == {"Blank": 1, "Larva": 4, "Creeper": 1, "Queen": 1, "Adult": adults,
                            "Breeder": 0}
    assert bag.size == total
    secrets = [n for n, p in s.state.pieces.items() if isinstance(p, Secret)
               and "contingency" in n and n.startswith("p1_")]
    assert len(secrets) == tokens_each


def test_the_start_of_the_game_matches_s4() -> None:
    s = new()
    facts = s.state.facts
    assert s.state.piece("time", Track).position == 15
    assert facts["time_side"] == "inactive"
    assert not facts["main_gate_open"] and facts["alert"] is None
    assert facts["autodestruct"] is None
    assert s.state.piece("fire", Counter).summary().endswith("0/12")
    assert s.state.piece("malfunction", Counter).summary().endswith("0/10")
    assert s.state.piece("eggs", Counter).value == 5
    assert facts["power"]["blue"] == [1, 2]
    time_panel = next(p for p in panels(s.state) if p.title.startswith("Setup: Time on"))
    assert "Isolation Room: closed" in "\n".join(time_panel.lines)


def test_six_players_are_refused_with_the_allowed_counts() -> None:
    with pytest.raises(ActionError, match="players: Nemesis: Lockdown is played by 1, 2, 3, 4, "
                       "5"):
        new(6)


def test_registry_finds_the_game() -> None:
    assert get_game("nemesis-lockdown") is GAME
    assert GAME.title == "Nemesis: Lockdown"


def test_every_action_has_a_title_a_line_and_its_own_free_key() -> None:
    keys = [a.key for a in GAME.actions if a.key]
    assert len(set(keys)) == len(keys)
    # Corrections live in the palette; every play action has a key.
    assert all(a.key for a in GAME.actions if not a.name.startswith("correct_"))
    assert not RESERVED & {k for k in keys if k}
    for action in GAME.actions:
        assert action.title and action.description and "\n" not in action.description
        assert len(action.footer_label) <= 9  # six keys to a footer row at 80 columns
        assert action.topic is None or action.topic in TOPICS


def test_piece_topics_are_reference_card_topics() -> None:
    assert set(GAME.topics.values()) <= TOPICS
    s = new(2)
    for name in ("time", "intruder_bag", "fire", "malfunction", "p1_contingency_2"):
        assert name in s.state.pieces and name in GAME.topics


def test_board_values_have_no_default_and_css_tokens_wait_for_them() -> None:
    s = new()
    assert s.state.board == {}
    assert s.state.facts["css"] == []
    assert "end unset" in s.state.piece("time", Track).summary()
    s.do("set_board_value", key="css_slots", value="10, 8, 6")
    assert s.state.facts["css"] == [10, 8, 6]
    s.do("set_board_value", key="time_last_number", value="1")
    track = s.state.piece("time", Track)
    assert track.lowest == 0 and track.space_name(0) == "S"
    s.undo(2)
    assert s.state.facts["css"] == [] and s.state.piece("time", Track).lowest is None


def test_a_css_slot_past_the_track_end_is_refused_and_changes_nothing() -> None:
    s = new(time_last_number=3)
    before = s.state.to_dict()
    with pytest.raises(ActionError, match="CSS slot: slot 2 is past the last numbered slot"):
        s.do("set_board_value", key="css_slots", value="10, 2")
    assert s.state.to_dict() == before


def test_power_tokens_entered_show_lit_and_dark_sections() -> None:
    """Worked example S5."""
    s = new()
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    lines = next(p for p in panels(s.state) if p.title == "Power").lines
    assert lines[0] == "Powered: S-02 (1), Elevator (2); Darkness: S-01 (3), S-03 (4)"


def test_power_tokens_must_each_appear_once() -> None:
    s = new()
    with pytest.raises(ActionError, match="give each of 1, 2, 3, 4 exactly once"):
        s.do("place_power", s01=1, s02=1, s03=4, elevator=2)
    with pytest.raises(ActionError, match="s01: .* a whole number from 1 to 4"):
        s.do("place_power", s01=7, s02=1, s03=4, elevator=2)


def test_setup_checklist_leads_into_round_one() -> None:
    s = new()
    assert [done for _, done in rounds.checklist(s.state)] == [False] * len(rounds.SETUP_STEPS)
    finish_setup(s)
    assert s.state.facts["phase"] == "round" and s.state.facts["round"] == 1
    assert rounds.checklist(s.state)[0][0].startswith(
        "Round 1, Player Phase 1: Draw Action cards: Everyone draws")
    notes = [n.text for n in s.do("next_step")]
    assert any("skipped this round" in n for n in notes)


def test_contingency_secret_takes_a_code_and_stays_hidden() -> None:
    s = new(2)
    with pytest.raises(ActionError, match="choose one of Green, Yellow, Blue, Gray, Red"):
        s.do("choose_secret", secret="p1_contingency", value="Purple")
    s.do("choose_secret", secret="p1_contingency", value="Gray")
    public = s.state.public_dict()
    assert public["pieces"]["p1_contingency"]["value"] is None
    assert "Gray" not in s.state.pieces["p1_contingency"].summary()
    assert s.state.piece("p1_contingency", Secret).owner == "Player 1"


def test_play_modes_replace_the_player_count_meaning_solo() -> None:
    assert [(m.id, m.player_counts) for m in GAME.modes] == [
        ("standard", (2, 3, 4, 5)), ("coop", (2, 3, 4, 5)), ("solo", (1,))]
    solo = Session(GAME, SessionSetup(1, names=("Ann",)), seed="m")
    assert solo.setup.mode == "solo" and solo.state.facts["mode"] == "solo"
    assert "draw 2 tokens from the Neutral Pool" in " ".join(
        t for t, _ in rounds.checklist(solo.state))
    coop = Session(GAME, SessionSetup(2, names=("Ann", "Bo"), mode="coop"), seed="m")
    assert "p1_objective" not in coop.state.pieces  # public Objectives are not secrets
    assert coop.state.facts["objectives"] == {"Ann": {"text": "", "done": False},
                                              "Bo": {"text": "", "done": False}}
    with pytest.raises(ActionError, match="players: Nemesis: Lockdown solo is played by 1"):
        Session(GAME, SessionSetup(2, mode="solo"), seed="m")


def test_the_log_names_each_step_of_the_round() -> None:
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo"), board=dict(GAME.board_defaults)),
                seed="log")
    finish_setup(s)
    while rounds.current(s.state) != "time":
        s.do("next_step")
    s.do("advance_time")
    s.do("next_step")
    s.do("next_step")
    lines = [h.text for h in s.history()]
    assert lines[0] == "Setup: Room tiles" and "Setup: CSS tokens" in lines
    assert lines[-6:] == ["Player Phase 3: Player turns", "End of the Player Phase: Venting",
                          "Event Phase 4: Launch CSS", "Event Phase 5: Time token moved",
                          "Event Phase 6: Noise removal", "Event Phase 7: Intruder attacks"]
    assert [e.when for e in s.events][-1] == {"round": 1}


def test_player_facing_text_cites_the_rulebook_not_the_facts_sheet() -> None:
    """Refusals, notes and panels never say 'spec' or a gap id such as G12."""
    import re

    s = Session(GAME, SessionSetup(2, board=dict(GAME.board_defaults)), seed="t")
    texts = [line for p in panels(s.state) for line in p.lines]
    texts += [a.title + a.description for a in GAME.actions]
    texts += [p.help for a in GAME.actions for p in a.params]
    texts += [o.help + o.label for o in GAME.options]
    texts += [v.label + v.look_at for v in GAME.board_values]
    for text in texts:
        assert not re.search(r"\bspec\b|\bG\d+\b", text), text


def test_the_public_defaults_are_a_whole_profile_the_noise_die_left_unset(tmp_path: object
                                                                          ) -> None:
    from pathlib import Path

    from tableside.api import Tableside

    assert GAME.board_defaults_note.startswith("public defaults, check against your board")
    assert "(" not in GAME.board_defaults_note  # the app wraps it in parentheses
    checked = GAME.parse_board(dict(GAME.board_defaults))
    assert checked["css_slots"] == [10, 8, 6, 4, 2, 1] and checked["time_last_number"] == 1
    assert checked["blue_thresholds"] == [11, 5, 3]
    assert checked["red_thresholds"] == [14, 13, 9, 7, 4]
    assert len(checked["tokens_adult"]) == 12 and checked["tokens_queen"] == [[4, 4]]
    assert not [k for k in GAME.board_defaults if k.startswith("noise_die")]
    table = Tableside(Path(str(tmp_path)))
    assert table.accept_board_defaults("nemesis-lockdown") == len(GAME.board_defaults)
    play = table.create("nemesis-lockdown", 2)
    assert play.state.facts["css"] == [10, 8, 6, 4, 2, 1]
    assert play.state.piece("time", Track).space_name(0) == "S"
    play.close()
    table.close()


def test_field_labels_and_board_labels_fit_an_80_column_screen() -> None:
    """At 80x24 a form shows 'name: help' on one line of 72 columns and the board profile
    lists labels in a 58-column column: nothing the table must read is cut off."""
    from trackers.games.nemesis_lockdown.actions import ACTIONS
    from trackers.games.nemesis_lockdown.board import BOARD_VALUES

    long_fields = [f"{p.name}: {p.help}" for a in ACTIONS for p in a.params
                   if len(f"{p.name}: {p.help}") > 72]
    assert long_fields == []
    assert [v.label for v in BOARD_VALUES if len(v.label) > 58] == []
    assert [o.label for o in GAME.options if o.kind == "bool" and len(o.label) > 62] == []
