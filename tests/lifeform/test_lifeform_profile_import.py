"""A board profile shared by another table: exported as the board reads, imported into a
running game as logged values that undo takes back."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES


def test_the_export_reads_as_the_board_and_imports_back(tmp_path: Path) -> None:
    mine = Tableside(tmp_path / "mine")
    mine.set_board_profile("lifeform", dict(BOARD))
    shared = mine.export_board_profile("lifeform")
    values = shared["values"]
    assert values["stowaway.second_card_minutes"] == "3-8"
    assert values["hostility.red_claws"] == "6:2, 12:4, 18:6"
    assert values["malfunction.spaces"].startswith("none, Power Outage, Android Malfunctions!")
    assert values["showdown.tokens_in_two_for_one"] == "yes"
    theirs = Tableside(tmp_path / "theirs")
    assert theirs.import_board_profile("lifeform", shared) == len(BOARD)
    assert theirs.board_profile("lifeform") == mine.board_profile("lifeform")


def test_a_profile_imported_into_a_running_game_is_logged_and_undone(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=list(NAMES[3]))
    assert "self_destruct.minutes" not in play.state.board
    head = play.head
    notes = play.import_board(dict(BOARD))
    assert play.state.board["stowaway.second_card_minutes"] == [3, 8]
    assert play.head == head + len(BOARD) and notes
    assert play.state.facts["hostility_placed"]  # the tracks re-read the new values
    play.undo(len(BOARD))
    assert "self_destruct.minutes" not in play.state.board
