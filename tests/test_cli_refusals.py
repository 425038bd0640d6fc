"""`tableside do` refused: the action the message says to use is named as this command line
does it (every refusal says what to do, CLI messages name CLI options)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main


def test_a_refused_step_names_the_command_that_gets_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 1)
    play.close()
    table.close()
    code = main(["--data-dir", str(tmp_path), "do", play.id, "advance_time"])
    err = capsys.readouterr().err
    assert code != 0
    assert "Move the Time token (step 5) is not possible now" in err
    assert f"'Next step' (tableside do {play.id} next_step)" in err, err
    # the command it names is one the session takes
    assert main(["--data-dir", str(tmp_path), "do", play.id, "next_step"]) == 0


def test_a_quote_inside_a_word_is_not_a_title(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Phoenix after its setup: "Player 1's turn" holds a quote; 'End the turn' is named."""
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, board={"lap_size": 50})
    play.do("setup_all")
    play.close()
    table.close()
    code = main(["--data-dir", str(tmp_path), "do", play.id, "setup_step"])
    err = capsys.readouterr().err
    assert code != 0
    assert "Player 1's turn is on: 'End the turn' " \
           f"(tableside do {play.id} end_turn) ends a turn" in err, err
