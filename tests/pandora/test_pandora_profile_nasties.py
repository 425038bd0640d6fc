"""A Nasty the rulebook does not describe is entered once and kept in the board profile: the
next game knows it by name, with its kind, Hits, damage and move."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.pandora.helpers import enter_setup
from trackers.engine import ActionError
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.nasties import kinds_from_text, kinds_to_text


def started(table: Tableside, seed: str) -> OpenSession:
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]}, seed=seed)
    while cycle.current(play.state) != "protocols":
        play.do("next_step")
    for name, start in (("Vacuum", 4), ("Aircon", 6)):
        play.do("add_protocol", name=name, start=start)
    while play.state.facts["phase"] == "setup":
        enter_setup(play)
        play.do("next_step")
    return play


def test_a_nasty_entered_once_is_known_by_name_in_the_next_game(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    first = started(table, "one")
    first.do("reveal_nasty", name="another Nasty", room="Sick Bay", other_name="Leech",
             kind="Little", hits=2, dmg=1, move=1)
    first.close()
    assert table.board_profile("pandora-celeste")["other_nasties"] == (
        "Leech: Little, 2 Hits, 1 dmg, move 1")
    second = started(table, "two")
    second.do("reveal_nasty", name="Leech", room="Galley")  # by name: its numbers are known
    (leech,) = second.state.facts["nasties"]
    assert leech["name"] == "Leech"
    assert second.state.facts["nasty_kinds"]["Leech"] == {"kind": "Little", "hits": 2,
                                                          "dmg": 1, "move": 1}


def test_the_kept_nasties_read_back_as_written() -> None:
    kinds = {"Leech": {"kind": "Little", "hits": 2, "dmg": 1, "move": 1},
             "Gloop Queen": {"kind": "Big", "hits": 9, "dmg": 3, "move": None}}
    assert kinds_from_text(kinds_to_text(kinds)) == kinds


def test_a_profile_edit_that_does_not_read_is_refused_naming_it(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    with pytest.raises(ActionError, match="'Leech: Tiny, 2 Hits' does not read"):
        table.set_board_value("pandora-celeste", "other_nasties", "Leech: Tiny, 2 Hits")
    assert "other_nasties" not in table.board_profile("pandora-celeste")
