"""After Abandon Ship (rulebook «Abandon Ship», «Decoupling»): the Objective Timer counted down
to the Bridge leaving by itself, and the Big Nasties moving as the table's reading says (the
text is silent: asked once, kept on the board profile)."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import act_three, started, texts, walk_to
from trackers.engine import Session
from trackers.engine.actions import BoardValueNeeded
from trackers.games.pandora_celeste.view import banner


def abandoned(board: dict[str, object]) -> Session:
    s = started(("Cap", "Flygirl"), seed="abandon", mode="crew", board=board)
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    return s


def test_the_objective_timer_is_asked_once_and_counted_to_the_bridge_leaving() -> None:
    s = started(("Cap", "Flygirl"), seed="abandon", mode="crew")
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    assert asked.value.keys == ["objective_timer"]
    s = abandoned({"objective_timer": 2, "abandon_movers": "Little Nasties move"})
    assert "Abandon Ship" in banner(s.state)[0] and "Objective Timer 2" in banner(s.state)[0]
    s.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    walk_to(s, "tick")
    assert "Objective Timer: 1 Cycle left" in texts(s.do("end_cycle"))
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "The Objective Timer reached 0" in notes
    assert "The Bridge Decouples (the Objective Timer reached 0: whoever is aboard)" in notes
    record = s.game.end_record(s.state)
    assert record is not None  # Cap left on the Ship loses, Flygirl got away
    assert record.outcomes == {"Player 1": "loser", "Player 2": "survivor"}


@pytest.mark.parametrize(("reading", "order"), [("All Nasties move", "1. MonsterBug, 2. Time "
                                                 "Jumper, 3. Bug"),
                                                ("Little Nasties move", "3. Bug")])
def test_the_big_nasties_move_as_the_table_reads_it(reading: str, order: str) -> None:
    """Played: after Abandon Ship the Big Nasty that had just spawned never activated."""
    s = abandoned({"objective_timer": 9})
    s.do("reveal_nasty", name="Bug", room="Galley")
    walk_to(s, "nasties")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("nasty_round")
    assert asked.value.keys == ["abandon_movers"]
    s.do("set_board_value", key="abandon_movers", value=reading)
    notes = texts(s.do("nasty_round"))
    assert f"After Abandon Ship (your table reading): {reading}. In order: {order}" in notes
