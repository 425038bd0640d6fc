"""Lifeform session setup by player count, the setup checklist, and the board profile as board
values (spec lifeform §2.1, §2.2, §13)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES, new, through_setup
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.engine.keys import RESERVED_KEYS
from trackers.games.lifeform.board import BOARD_VALUES
from trackers.games.lifeform.game import GAME
from trackers.games.registry import get_game
from trackers.pieces import PhysicalDeck, Secret, Track

RESERVED = RESERVED_KEYS.keys()  # the keys every game screen keeps


def test_the_registry_serves_the_game_with_modules_a_b_d_only() -> None:
    game = get_game("lifeform")
    assert game is GAME and game.player_counts == (1, 2, 3, 4)  # 1: the solo mode
    option, tokens, pool = game.options_for("standard")
    assert pool.name == "character_pool" and pool.default.startswith("the 9")
    assert tokens.name == "asteroid_tokens" and tokens.choices == ("mirror", "app")
    assert option.name == "modules" and option.kind == "multi"
    assert option.choices == ("A", "B", "D")  # module C is the solo mode's
    with pytest.raises(ActionError):
        Session(GAME, SessionSetup(3, {"modules": ["C"]}), seed="x")


def test_action_keys_are_single_letters_unique_and_not_reserved() -> None:
    from trackers.games.lifeform.actions import ACTIONS

    # the multi-player game's own keys; 'n' ticks the next setup step, then moves the phase
    # (one open at a time: the setup before, the phases after)
    keys = [a.key for a in ACTIONS if a.key and a.name != "tick_next_step"]
    assert len(keys) == len(set(keys))
    assert {a.key for a in ACTIONS if a.name in ("tick_next_step", "next_phase")} == {"n"}
    assert all(len(k) == 1 and k not in RESERVED for k in keys)
    assert all(a.topic for a in ACTIONS)
    assert all("rulebook" in a.description and "spec" not in a.description
               for a in ACTIONS if a.key)


@pytest.mark.parametrize(("players", "sd", "cocoon", "vents", "outages"), [
    (2, 25, "Cocoon 2P", 1, 3), (3, 28, "Cocoon 3P/4P", 1, 3), (4, 99, "Cocoon 3P/4P", 2, 6)])
def test_setup_by_player_count(players: int, sd: int, cocoon: str, vents: int,
                               outages: int) -> None:
    s = new(players)
    st = s.state
    track = st.piece("self_destruct", Track)
    assert track.position == sd  # spec §2.1: 25 / 28 / START
    if players == 4:
        assert track.space_name() == "START (31)"
    assert st.piece("cocoon", Track).label == cocoon
    assert st.facts["vents"]["setup"] == vents and st.facts["power_outages_at_setup"] == outages
    crew = NAMES[players][1:]
    assert st.facts["crew"] == list(crew) and st.facts["lifeform"] == "Sarah"
    assert st.facts["objectives"]["drawn"] == len(crew)  # 1 Secret Objective per crew member
    assert [n for n in st.pieces if n.startswith("objective_")] == [
        f"objective_{i}" for i in range(1, len(crew) + 1)]
    assert all(m["heat_analyzer"] for m in st.facts["members"].values())
    crew_deck = st.piece("crew_deck", PhysicalDeck)
    assert crew_deck.hands == {m: 3 for m in crew} and crew_deck.total == 46
    assert st.piece("lifeform_deck", PhysicalDeck).hands == {"Sarah": 3}
    assert st.piece("terror_deck", PhysicalDeck).total == 20
    assert st.facts["ships_cat"]["in_play"] is (players == 2)  # 2P: the cat from the start
    assert st.facts["mission_pool"] == 10  # T2
    steps = [text for text, _ in GAME.checklist(st)]  # type: ignore[misc]
    assert any(t.startswith("6. Overheating") for t in steps) is (players == 2)
    assert any(t.startswith("11. ") for t in steps) is (players == 2)
    assert st.piece("hostility", Track).position == {2: 1, 3: 2, 4: 3}[players]


def test_module_a_adds_emma_and_overman_to_the_pool() -> None:
    s = new(3, ("A",))
    choices = s.action("record_characters").params[1].allowed(s.state)
    assert "Emma" in choices and "Overman" in choices and len(choices) == 11
    assert "Emma" not in new(3).action("record_characters").params[1].allowed(new(3).state)


def test_setup_checklist_ticks_and_starts_round_one() -> None:
    s = new(3)
    assert not any(done for _, done in GAME.checklist(s.state))  # type: ignore[misc]
    with pytest.raises(ActionError, match="not allowed"):  # it ticks itself: not offered
        s.do("tick_setup", step="17")
    s.do("tick_setup", step="1")
    assert ("1. " in next(t for t, d in GAME.checklist(s.state) if d))  # type: ignore[misc]
    through_setup(s)
    assert s.state.facts["stage"] == "starship" and s.state.facts["round"] == 1
    assert not s.available("tick_setup")
    s.do("end_turn")
    s.do("end_turn")
    notes = s.do("next_phase")  # the android is not active yet: its phase passes by itself
    assert s.state.facts["phase"] == "lifeform"
    said = [n.text for n in notes]  # the phase the table is in first, the idle one after
    assert said[0].startswith("Round 1: Lifeform Activity phase")
    assert said[1].startswith("the Android phase passed by itself: the android is not active")
    assert len(said) == 2
    s.do("lifeform_card_played")  # its one activity
    notes = s.do("next_phase")
    assert s.state.facts["round"] == 2 and "Crew Activity" in notes[0].text


def test_without_a_board_profile_values_show_unset_and_nothing_is_guessed() -> None:
    s = new(3, board=False)
    hostility = s.state.piece("hostility", Track)
    assert hostility.label == "Hostility, spaces moved" and hostility.milestones == []
    # One compact line, not a wall of unset values: each is asked when a rule needs it.
    panel = next(p for p in GAME.panels(s.state) if p.title == "Board profile")  # type: ignore
    assert panel.lines == (f"{len(BOARD_VALUES)} printed values not entered: each is asked "
                           "when a rule needs it (or enter them now in the Board profile)",)
    with pytest.raises(BoardValueNeeded) as asked:  # asked in the action's form, not refused
        s.do("advance_self_destruct", spaces=1)
    assert asked.value.keys == ["self_destruct.minutes", "self_destruct.terror_minutes"]
    assert s.state.piece("self_destruct", Track).position == 28  # unchanged
    readiness = next(p for p in GAME.panels(s.state) if p.title == "Launch readiness")  # type: ignore
    assert any(line.startswith("[unknown] Improvised") for line in readiness.lines)


def test_board_changed_re_reads_tracks_and_fires_what_was_passed() -> None:
    s = through_setup(new(3, board=False))
    with pytest.raises(BoardValueNeeded) as asked:  # a Hostility move asks its track first
        s.do("flamethrower", crew_member="Andrew")
    assert asked.value.keys == ["hostility.start_3p", "hostility.length",
                                "hostility.draw_card_spaces", "hostility.terror_spaces"]
    s.do("set_board_value", key="hostility.length", value="20")
    s.do("set_board_value", key="hostility.draw_card_spaces", value="3")
    s.do("set_board_value", key="hostility.terror_spaces", value="5")
    s.do("set_board_value", key="hostility.start_3p", value="2")
    notes = s.do("flamethrower", crew_member="Andrew")
    hostility = s.state.piece("hostility", Track)
    assert hostility.position == 3 and hostility.label == "Hostility"
    assert any("Draw card" in n.text for n in notes)
    s.do("set_board_value", key="self_destruct.minutes", value=BOARD["self_destruct.minutes"])
    s.do("set_board_value", key="self_destruct.terror_minutes", value="14")  # asked by the move
    s.do("advance_self_destruct", spaces=8)
    assert s.state.piece("self_destruct", Track).is_fired("20")
    notes = s.do("set_board_value", key="self_destruct.terror_minutes", value="24, 14")
    assert any("Terror" in n.text and "already passed" in n.text for n in notes)


def test_a_board_value_the_profile_refuses_changes_nothing() -> None:
    s = new(3, board=False)
    with pytest.raises(ActionError, match="red claw"):
        s.do("set_board_value", key="hostility.red_claws", value="6:2")  # no claw reads 4
    assert "hostility.red_claws" not in s.state.board and s.head == 0
    with pytest.raises(ActionError, match="Malfunction icon on each space from Start: .*each one "
                       "of: none, Power Outage"):
        s.do("set_board_value", key="malfunction.spaces", value="none, Hull Breach")
    assert s.head == 0


def test_secrets_are_pieces_with_owners() -> None:
    st = new(3, ("D",)).state
    assert st.piece("real_lifeform", Secret).owner == "Lifeform player"
    assert st.piece("stowaway", Secret).owner == "Lifeform player"
    assert st.piece("hiding_place", Secret).owner == "Lifeform player"
    assert st.piece("objective_1", Secret).owner.startswith("Crew")


def test_the_board_values_read_as_the_board_does() -> None:
    from trackers.games.lifeform.board import BOARD_VALUES

    s = new(3)
    shown = {v.key: v.show(s.state.board[v.key]) for v in BOARD_VALUES}
    assert shown["malfunction.spaces"].startswith("none, Power Outage, Android Malfunctions!")
    assert shown["stowaway.second_card_minutes"] == "3-8"
    assert shown["hostility.red_claws"] == "6:2, 12:4, 18:6"
    assert shown["coolant.bonus_spaces"] == "5: Remove a Power Outage"
    assert shown["spacesuits.bonus_spaces"] == "none"
    assert shown["showdown.tokens_in_two_for_one"] == "yes"
    for value in BOARD_VALUES:  # what is shown types back to the same value
        assert value.parse(shown[value.key]) == s.state.board[value.key]
    keys = {v.key for v in BOARD_VALUES}
    assert "self_destruct.start_3p" not in keys  # built in from the text, never asked
    assert all(v.look_at and "spec" not in v.look_at for v in BOARD_VALUES)
