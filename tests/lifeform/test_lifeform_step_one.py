"""A crew turn's Step 1 (rulebook, Step 1: Collect Mission Tokens): each non-hidden character in
a chamber with Mission tokens must take one. The activity's form asks it, "none here" by
default, and records the answer; a table with tokens to take is sent to Step 1 first."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from trackers.engine import ActionError, Session
from trackers.engine.records import Event
from trackers.games.lifeform.game import GAME

EQUIP = {"crew_member": "Andrew", "option": "draw 2, Self-Destruct +1"}


def fields(s: Session, name: str) -> list[str]:
    return [p.name for p in s.action(name).shown_params(s.state)]


def test_the_activity_asks_step_1_and_records_none_by_default() -> None:
    s = through_setup(new(3))  # round 1: Andrew's turn, Step 1 not recorded
    assert fields(s, "equip")[-1] == "no_mission_here"
    notes = s.do("equip", **EQUIP)  # nothing typed for Step 1: "none here"
    assert s.events[-1].args["no_mission_here"] is True
    assert "Step 1: Andrew collects no Mission token (said with the activity)" in notes[0].text


def test_tokens_to_take_send_the_table_to_step_1_first() -> None:
    s = through_setup(new(3))
    head = s.head
    with pytest.raises(ActionError, match="no_mission_here: Step 1 comes before the activity: "
                       "record the Mission tokens collected first"):
        s.do("equip", **EQUIP, no_mission_here=False)
    assert s.head == head
    s.do("collect_missions", tokens=1)
    s.do("place_mission", column="coolant", crew_member="Andrew")
    assert "no_mission_here" not in fields(s, "equip")  # Step 1 recorded: not asked again
    s.do("equip", **EQUIP)
    assert "no_mission_here" not in s.events[-1].args


def test_a_game_saved_before_replays_its_activities_as_played() -> None:
    s = through_setup(new(3))
    old = Session(GAME, s.setup, "t", events=[*s.events, Event(s.head + 1, "equip", EQUIP)])
    assert old.state.facts["turn"]["activity"] == "Equip"
