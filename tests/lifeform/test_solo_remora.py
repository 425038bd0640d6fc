"""The Remora board of the solo game: chamber tokens, Life Support, Docking Clamps, objectives and
the manual unlock (spec lifeform §4.6, §4.7, §11.3)."""

from __future__ import annotations

import pytest

from trackers.engine import ActionError
from trackers.games.lifeform import remora


def test_the_board_starts_empty_with_both_tracks_on_their_start_spaces() -> None:
    board = remora.new_remora()
    assert board["tokens"] == [] and board["clamps"] == 0 and board["life_support"] == 0
    assert remora.open_chambers(board) == list(remora.CHAMBERS)
    assert len(remora.CHAMBERS) == 5


def test_a_token_rules_a_chamber_out_as_a_hiding_place() -> None:
    board = remora.new_remora()
    lines = remora.place_token(board, "Cockpit", life_support_length=None)
    assert board["tokens"] == ["Cockpit"]
    assert "Cockpit" not in remora.open_chambers(board)
    assert "cannot hide" in lines[0]
    assert board["life_support"] == 0  # no length needed for an empty chamber


def test_a_chamber_already_holding_a_token_advances_life_support_instead() -> None:
    board = remora.new_remora()
    remora.place_token(board, "Cockpit", None)
    first = remora.place_token(board, "Cockpit", life_support_length=4)
    assert board["tokens"] == ["Cockpit"]  # still one token there
    assert board["life_support"] == 1
    assert "a spare Mission token" in first[0]
    second = remora.place_token(board, "Cockpit", life_support_length=4)
    assert board["life_support"] == 2 and "a Halon Gas token" in second[0]
    assert board["bonuses"] == ["a spare Mission token", "a Halon Gas token"]


def test_life_support_bonus_is_a_mission_token_first_then_halon_gas() -> None:
    assert remora.life_support_bonus(1) == "a spare Mission token"
    assert {remora.life_support_bonus(n) for n in range(2, 9)} == {"a Halon Gas token"}


def test_life_support_stops_at_its_last_space() -> None:
    board = remora.new_remora()
    remora.place_token(board, "Supply Locker", None)
    remora.place_token(board, "Supply Locker", 1)
    lines = remora.place_token(board, "Supply Locker", 1)
    assert board["life_support"] == 1 and board["bonuses"] == ["a spare Mission token"]
    assert "last space" in lines[0]


def test_life_support_length_is_asked_for_only_when_it_is_needed() -> None:
    board = remora.new_remora()
    remora.place_token(board, "Storage Bay", None)
    with pytest.raises(ActionError, match="Life Support"):
        remora.place_token(board, "Storage Bay", None)
    assert board["life_support"] == 0


def test_three_clamps_gain_uncoupling_the_umbilicus() -> None:
    board = remora.new_remora()
    remora.unlock_clamp(board, "a Crisis card")
    remora.unlock_clamp(board, "a Crisis card")
    assert not remora.umbilicus_done(board)
    lines = remora.unlock_clamp(board, "a Crisis card")
    assert remora.umbilicus_done(board) and board["clamps"] == 3
    assert any("Uncoupling the Umbilicus" in line for line in lines)
    after = remora.unlock_clamp(board, "a Crisis card")
    assert board["clamps"] == 3 and "no longer count" in after[0]


def test_the_umbilicus_achieved_another_way_slides_the_clamps_to_the_end() -> None:
    board = remora.new_remora()
    remora.unlock_clamp(board, "a Crisis card")
    remora.umbilicus_other_way(board)
    assert board["clamps"] == 3 and remora.umbilicus_done(board)
    with pytest.raises(ActionError):
        remora.umbilicus_other_way(board)


def _ready() -> remora.Remora:
    board = remora.new_remora()
    board["objectives_done"] = [True, True]
    return board


def test_manual_unlock_needs_the_other_two_objectives_and_the_shuttle_bay() -> None:
    board = remora.new_remora()
    with pytest.raises(ActionError, match="other two"):
        remora.manual_unlock(board, at_shuttle_bay=True)
    board["objectives_done"] = [True, False]
    with pytest.raises(ActionError, match="1 of 2"):
        remora.manual_unlock(board, at_shuttle_bay=True)
    board = _ready()
    with pytest.raises(ActionError, match="Shuttle Bay"):
        remora.manual_unlock(board, at_shuttle_bay=False)
    assert board["clamps"] == 0


def test_manual_unlock_up_to_three_times_and_not_once_the_umbilicus_is_done() -> None:
    board = _ready()
    for n in (1, 2, 3):
        remora.manual_unlock(board, at_shuttle_bay=True)
        assert board["clamps"] == n and board["manual_unlocks"] == n
    assert remora.umbilicus_done(board)
    with pytest.raises(ActionError, match="already achieved"):
        remora.manual_unlock(board, at_shuttle_bay=True)
    board = _ready()
    board["manual_unlocks"] = 3  # e.g. clamps came back by hand: still at most three
    with pytest.raises(ActionError, match="3 times"):
        remora.manual_unlock(board, at_shuttle_bay=True)


def test_chambers_are_recognised_by_their_printed_names() -> None:
    assert remora.chamber_name(" cockpit ") == "Cockpit"
    assert remora.chamber_name("Hyperleep Chamber") == "Hypersleep Chamber"
    assert remora.chamber_name("engineering") == "Engineering Compartment"
    with pytest.raises(ActionError, match="Cockpit, Storage Bay"):
        remora.chamber_name("Galley")
