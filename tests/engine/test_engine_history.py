"""Undo, redo, jumps and branches; the same card after undo; milestones un-fire on undo."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.demo.game import GAME
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine import session as session_module
from trackers.pieces import Counter, Track, VirtualDeck


class ListJournal:
    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def append(self, record: dict[str, Any]) -> None:
        self.records.append(record)


def demo(seed: str = "table") -> Session:
    return Session(GAME, SessionSetup(2), seed)


def countdown(s: Session) -> int:
    return s.state.piece("countdown", Track).position


def hand(s: Session) -> list[str]:
    return s.state.piece("deck", VirtualDeck).hands.get("table", [])


def test_undo_and_redo_one_step() -> None:
    s = demo()
    s.do("advance", spaces=2)
    s.do("advance", spaces=1)
    notes = s.undo()
    assert countdown(s) == 23
    assert notes[0].text == "Undone: Advance the countdown (spaces=1)"
    notes = s.redo()
    assert countdown(s) == 22
    assert notes[0].text == "Redone: Advance the countdown (spaces=1)"


def test_undo_tells_again_what_the_action_now_last_told() -> None:
    """After an undo the table reads what it read after the action now last (the step it
    asked for is due again), under the line saying what was undone; at the setup, nothing."""
    s = demo()
    told = [n.text for n in s.do("next_round")]
    assert told == ["Round 2"]
    s.do("advance", spaces=1)
    notes = [n.text for n in s.undo()]
    assert notes == ["Undone: Advance the countdown (spaces=1)",
                     "Again, as after 'Next round':", "Round 2"]
    assert [n.text for n in s.undo()] == ["Undone: Next round"]


def test_undo_and_redo_several_steps() -> None:
    s = demo()
    for _ in range(5):
        s.do("fire") if s.head % 2 else s.do("advance", spaces=1)
    s.undo(3)
    assert s.head == 2
    assert countdown(s) == 24
    assert s.state.piece("fires", Counter).value == 1
    s.redo(2)
    assert s.head == 4
    s.undo(99)  # more than there is: back to the setup
    assert s.head == 0
    assert countdown(s) == 25
    s.redo(99)
    assert s.head == 5


def test_nothing_to_undo_or_redo_is_refused() -> None:
    s = demo()
    with pytest.raises(ActionError, match="nothing to undo"):
        s.undo()
    s.do("fire")
    with pytest.raises(ActionError, match="nothing to redo"):
        s.redo()
    with pytest.raises(ActionError, match="1 or more"):
        s.undo(0)
    assert (s.can_undo, s.can_redo) == (True, False)


def test_jump_to_any_point_equals_replaying_up_to_it() -> None:
    s = demo()
    plan: list[tuple[str, dict[str, Any]]] = [
        ("advance", {"spaces": 3}), ("draw", {}), ("fire", {}), ("advance", {"spaces": 4}),
        ("draw", {}), ("set_value", {"target": "fires.value", "value": 3}), ("fire", {}),
    ]
    for name, args in plan:
        s.do(name, **args)
    for point in (3, 0, 7, 5, 1, 6, 2, 4):
        s.jump(point)
        fresh = demo()
        for name, args in plan[:point]:
            fresh.do(name, **args)
        assert s.head == point
        assert s.state == fresh.state, point
    with pytest.raises(ActionError, match="0 to 7"):
        s.jump(8)


def test_history_marks_undone_entries() -> None:
    s = demo()
    s.do("advance", spaces=1)
    s.do("fire")
    s.undo()
    assert [(h.seq, h.text, h.undone) for h in s.history()] == [
        (1, "Advance the countdown (spaces=1)", False),
        (2, "Add a fire", True),
    ]


def test_a_new_action_after_undo_drops_the_undone_branch() -> None:
    s = demo()
    s.do("advance", spaces=1)
    s.do("advance", spaces=2)
    s.do("advance", spaces=3)
    s.undo(2)
    s.do("fire")
    assert [e.action for e in s.events] == ["advance", "fire"]
    assert not s.can_redo
    assert countdown(s) == 24
    assert [h.undone for h in s.history()] == [False, False]


def test_undo_then_draw_gives_the_same_card() -> None:
    s = demo()
    s.do("advance", spaces=1)
    s.do("draw")
    first = hand(s)[-1]
    s.undo()
    assert hand(s) == []
    notes = s.do("draw")
    assert hand(s)[-1] == first
    assert notes[0].text == f"Drew {first}"


def test_undo_of_several_draws_then_redrawing_gives_the_same_cards() -> None:
    s = demo()
    for _ in range(4):
        s.do("draw")
    cards = hand(s)
    s.undo(4)
    s.do("advance", spaces=1)  # a different action first: it does not change the draws later
    s.undo()
    for _ in range(4):
        s.do("draw")
    assert hand(s) == cards


def test_redo_draws_the_same_card() -> None:
    s = demo()
    s.do("draw")
    card = hand(s)
    s.undo()
    s.redo()
    assert hand(s) == card


def test_another_seed_deals_another_order() -> None:
    orders = {tuple(demo(seed).state.piece("deck", VirtualDeck).draw_pile) for seed in "abcdef"}
    assert len(orders) > 1


def test_milestones_un_fire_on_undo_and_fire_again_on_redo() -> None:
    s = demo()
    notes = s.do("advance", spaces=7)  # 25 -> 18: passes 20 and 19
    assert [n.text for n in notes] == ["Twenty reached: open the hatch", "Nineteen reached"]
    track = s.state.piece("countdown", Track)
    assert track.fired == ["20", "19"]
    notes = s.undo()
    assert s.state.piece("countdown", Track).fired == []
    texts = [n.text for n in notes]
    assert "Countdown: milestone 20 is no longer reached" in texts
    assert "Countdown: milestone 19 is no longer reached" in texts
    notes = s.redo()
    assert s.state.piece("countdown", Track).fired == ["20", "19"]
    assert "Twenty reached: open the hatch" in [n.text for n in notes]


def test_a_milestone_reached_again_after_undo_fires_again() -> None:
    s = demo()
    s.do("advance", spaces=5)
    s.undo()
    notes = s.do("advance", spaces=6)
    assert [n.text for n in notes][:2] == ["Twenty reached: open the hatch", "Nineteen reached"]


def test_undo_does_not_mention_milestones_that_stay_reached() -> None:
    s = demo()
    s.do("advance", spaces=5)
    s.do("fire")
    notes = s.undo()
    assert not any("no longer reached" in n.text for n in notes)


def test_jumps_are_written_to_the_journal() -> None:
    journal = ListJournal()
    s = Session(GAME, SessionSetup(2), "j", journal=journal)
    s.do("fire")
    s.do("fire")
    s.undo()
    s.redo()
    s.jump(0)
    s.jump(0)  # no move: nothing written
    kinds = [(r["t"], r.get("seq", r.get("head"))) for r in journal.records]
    assert kinds == [("do", 1), ("do", 2), ("head", 1), ("head", 2), ("head", 0)]


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.integers(1, 6)),
        st.tuples(st.just("draw"), st.just(0)),
        st.tuples(st.just("fire"), st.just(0)),
        st.tuples(st.just("undo"), st.integers(1, 4)),
        st.tuples(st.just("redo"), st.integers(1, 4)),
        st.tuples(st.just("jump"), st.integers(0, 40)),
    ),
    max_size=40,
)


@given(OPS)
def test_the_state_is_always_the_replay_of_the_events_up_to_the_head(
    ops: list[tuple[str, int]],
) -> None:
    """Any mix of actions, undo, redo and jumps, with in-memory snapshots every 3 events."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(session_module, "SNAPSHOT_EVERY", 3)
        s = demo("prop")
        for op, n in ops:
            if op == "advance":
                s.do("advance", spaces=n)
            elif op in ("draw", "fire"):
                s.do(op)
            elif op == "undo" and s.can_undo:
                s.undo(n)
            elif op == "redo" and s.can_redo:
                s.redo(n)
            elif op == "jump":
                s.jump(min(n, len(s.events)))
        fresh = demo("prop")
        for event in s.events[: s.head]:
            fresh.do(event.action, **event.args)
        assert s.state == fresh.state
        assert s.notes is not None
        deck = s.state.piece("deck", VirtualDeck)
        assert sorted(deck.all_cards()) == sorted(demo("prop").state.piece(
            "deck", VirtualDeck).all_cards())
