"""Lifeform under the game contract: the end record, the status Home shows, the moment each
action is recorded at, and the engine's refusal after the end (no gating of its own)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_endings import ready
from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from trackers.engine import ActionError
from trackers.games.lifeform.game import GAME


def test_ending_a_is_a_crew_win_by_name() -> None:
    s = ready("second")  # everyone aboard at 20, before the 9 mark
    assert GAME.end_record(s.state) is None and GAME.status_of(s.state) == "round 1"
    s.do("launch")
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "Ending A"
    assert record.sides == ("crew",) and record.winners == ("Andrew", "Jacob")
    assert record.outcomes["Sarah"] == "loser"
    assert GAME.status_of(s.state) == "Ending A: crew won"  # fits Home's column whole
    with pytest.raises(ActionError):  # the engine refuses play after the end
        s.do("draw_cards", who="lifeform", count=1)


def test_the_explosion_is_a_lifeform_win() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=30)  # 28 to Explosion: 29 spaces on the test board
    record = GAME.end_record(s.state)
    assert record is not None and record.sides == ("lifeform",) and record.winners == ("Sarah",)
    assert record.ending == "Explosion"


def test_every_action_is_recorded_with_its_round() -> None:
    s = through_setup(new(3))
    assert GAME.moment_of(s.state) == {"round": 1}
    for step in ("end_turn", "end_turn", "next_phase", "lifeform_card_played", "next_phase"):
        s.do(step)
    assert GAME.moment_of(s.state) == {"round": 2}
