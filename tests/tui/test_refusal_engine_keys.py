"""A refusal naming the engine's 'Enter a board value' gets the game screen's key for it
(the Board profile), as refusals naming a game's own actions get theirs."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from tableside.api import Tableside
from tui.screens.refusal_keys import with_keys


def test_enter_a_board_value_is_named_with_the_board_key(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, options={"crew": ["Cap"]})
    said = with_keys(App(), play, "delay_limit: leave it blank (or enter the board value "
                                  "again: 'Enter a board value')")
    assert said.endswith("'Enter a board value' (key b))")
    play.close()
    table.close()
