"""The virtual deck's lists are checked where they are entered (rulebook «Nasty Action Cards»:
one deck): in a game as in the profile form, so a draw never meets a bad list."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import started, texts, walk_to
from trackers.engine import ActionError

DECK = {"deck_gold": [5, 2, 7, 4, 1, 3, 6, 8, 9, 0], "deck_top": [1, 2, 3, 4, 5] * 2,
        "deck_bottom": [5, 4, 3, 2, 1] * 2, "deck_top_red": [1, 2, 3],
        "deck_bottom_red": [4, 5], "deck_reshuffle": [10]}


def test_a_bad_list_entered_in_a_game_is_refused_and_changes_nothing() -> None:
    """Played: deck_bottom=1,2,3 on a 10-card deck and a reshuffle position of 15 were
    accepted, and every later draw failed with 'list index out of range'."""
    s = started(("Flygirl",), seed="deck", board=DECK, nasty_cards="virtual")
    with pytest.raises(ActionError, match=r"bottom instruction: give 10 entries, one per card "
                       r"\(3 given\)"):
        s.do("set_board_value", key="deck_bottom", value="1, 2, 3")
    with pytest.raises(ActionError, match=r"reshuffle icon: positions go from 1 to 10 "
                       r"\(15 given\)"):
        s.do("set_board_value", key="deck_reshuffle", value="15")
    assert s.state.board == DECK
    walk_to(s, "nasties")
    s.do("reveal_nasty", name="Bug", room="Galley")
    assert "Drawn: card" in texts(s.do("nasty_round"))  # the app draws the first card


def test_the_profile_form_refuses_the_same_and_a_game_keeps_a_good_list(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", DECK)
    with pytest.raises(ActionError, match="positions go from 1 to 10"):
        table.set_board_value("pandora-celeste", "deck_top_red", "11")
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"],
                                                       "nasty_cards": "virtual"})
    play.do("set_board_value", key="deck_reshuffle", value="3, 7")
    assert table.board_profile("pandora-celeste")["deck_reshuffle"] == [3, 7]
    play.close()
    table.close()


def test_lists_that_disagree_anyway_refuse_the_draw_by_name() -> None:
    """A saved game from before the check: the draw says which list is wrong."""
    s = started(("Flygirl",), seed="deck2", board=DECK, nasty_cards="virtual")
    s.state.board["deck_bottom"] = [1, 2]  # as a journal written before the check holds it
    walk_to(s, "nasties")
    s.do("reveal_nasty", name="Bug", room="Galley")
    with pytest.raises(ActionError, match="deck lists on your board profile disagree: .*bottom "
                       "instruction: give 10 entries.*'Enter a board value' to correct them"):
        s.do("nasty_round")  # the engine's action, by its title
