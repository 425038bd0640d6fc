"""Replay determinism, snapshots, hand overrides, and secrets kept out of the log."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from tests.demo.game import GAME
from trackers.engine import Action, ActionError, Game, Note, Param, Session, SessionSetup, State
from trackers.engine import session as session_module
from trackers.engine.info import GameInfo, PlayMode
from trackers.engine.session import chain_digest, rng_for
from trackers.pieces import Counter, Secret, Track, VirtualDeck

PLAN: list[tuple[str, dict[str, Any]]] = [
    ("advance", {"spaces": 2}), ("draw", {}), ("fire", {}), ("draw", {}),
    ("advance", {"spaces": 5}), ("choose_secret", {"secret": "plan", "value": "left"}),
    ("draw", {}), ("fire", {}), ("set_value", {"target": "countdown.position", "value": 12}),
    ("draw", {}),
]


def played(seed: str = "replay", plan: list[tuple[str, dict[str, Any]]] = PLAN) -> Session:
    s = Session(GAME, SessionSetup(3), seed)
    for name, args in plan:
        s.do(name, **args)
    return s


# --- determinism ----------------------------------------------------------------------------
def test_same_seed_and_events_give_the_same_state() -> None:
    a, b = played(), played()
    assert a.state == b.state
    assert a.state.to_dict() == b.state.to_dict()
    assert [n.text for n in a.notes] == [n.text for n in b.notes]


def test_a_session_rebuilt_from_its_events_equals_the_live_one() -> None:
    live = played()
    rebuilt = Session(GAME, SessionSetup(3), "replay", events=live.events)
    assert rebuilt.state == live.state
    assert rebuilt.head == len(PLAN)


def test_rebuilt_at_a_head_equals_the_live_one_after_undo() -> None:
    live = played()
    live.undo(4)
    rebuilt = Session(GAME, SessionSetup(3), "replay", events=live.events, head=live.head)
    assert rebuilt.state == live.state
    assert rebuilt.can_redo


def test_the_random_stream_depends_only_on_seed_and_position() -> None:
    assert rng_for("s", 5).random() == rng_for("s", 5).random()
    assert rng_for("s", 5).random() != rng_for("s", 6).random()
    assert rng_for("s", 5).random() != rng_for("t", 5).random()


def test_a_different_seed_draws_different_cards() -> None:
    hands = {tuple(played(seed).state.piece("deck", VirtualDeck).hands["table"])
             for seed in ("a", "b", "c", "d")}
    assert len(hands) > 1


def test_the_state_survives_a_json_round_trip() -> None:
    s = played()
    data = json.loads(json.dumps(s.state.to_dict()))
    assert State.from_dict(data) == s.state


def test_an_unknown_action_from_a_newer_version_is_skipped_with_a_note() -> None:
    live = played(plan=PLAN[:2])
    events = [*live.events, session_module.Event(3, "teleport", {}, "")]
    rebuilt = Session(GAME, SessionSetup(3), "replay", events=events)
    assert rebuilt.head == 3
    assert "teleport" in rebuilt.notes[0].text


# --- snapshots --------------------------------------------------------------------------------
def _session_with(events: list[session_module.Event],
                  snapshot: tuple[int, str, dict[str, Any]] | None) -> Session:
    return Session(GAME, SessionSetup(3), "replay", events=events, snapshot=snapshot)


def test_state_from_a_snapshot_equals_the_full_replay() -> None:
    live = played()
    live.undo(3)
    snapshot = live.snapshot()
    live.redo(3)
    from_snapshot = _session_with(live.events, json.loads(json.dumps(snapshot)))
    full = _session_with(live.events, None)
    assert from_snapshot.state == full.state == live.state
    for point in range(len(PLAN) + 1):
        from_snapshot.jump(point)
        full.jump(point)
        assert from_snapshot.state == full.state, point


def test_notes_after_reopening_from_a_snapshot_match_a_full_replay() -> None:
    """The "now" panel after a resume does not depend on whether a snapshot existed."""
    live = played()
    snapshot = json.loads(json.dumps(live.snapshot()))
    assert snapshot[0] > 0
    from_snapshot = _session_with(live.events, snapshot)
    full = _session_with(live.events, None)
    assert from_snapshot.notes and [n.text for n in from_snapshot.notes] == [
        n.text for n in full.notes]


def test_the_snapshot_is_the_same_however_the_head_was_reached() -> None:
    live = played()
    after_do = live.snapshot()
    live.undo(2)
    live.redo(2)
    after_redo = live.snapshot()
    assert after_do == after_redo
    assert after_do[0] == len(PLAN) - 1
    assert State.from_dict(after_do[2]) == _session_with(live.events[:-1], None).state


def test_a_snapshot_that_fits_is_used() -> None:
    """A marked snapshot with the right fingerprint is adopted (so the tests below mean it)."""
    live = played()
    seq, digest, data = live.snapshot()
    data["facts"]["marker"] = "from the snapshot"
    adopted = _session_with(live.events, (seq, digest, data))
    assert adopted.state.facts.get("marker") == "from the snapshot"


def test_a_snapshot_that_no_longer_fits_the_events_is_ignored() -> None:
    live = played()
    seq, digest, data = live.snapshot()
    data["facts"]["marker"] = "stale"
    # the players undid two actions and took another branch after the snapshot was taken
    live.undo(2)
    live.do("fire")
    stale = _session_with(live.events, (seq, digest, data))
    assert "marker" not in stale.state.facts
    assert stale.state == _session_with(live.events, None).state


def test_a_snapshot_past_the_end_of_the_events_is_ignored() -> None:
    live = played()
    seq, digest, data = live.snapshot()
    data["facts"]["marker"] = "too far"
    short = live.events[:5]
    s = _session_with(short, (seq, digest, data))
    assert "marker" not in s.state.facts
    assert s.head == 5


def test_a_snapshot_with_damaged_contents_is_ignored_not_fatal() -> None:
    live = played()
    seq, digest, data = live.snapshot()
    data["pieces"]["countdown"]["kind"] = "warp_drive"
    s = _session_with(live.events, (seq, digest, data))
    assert s.state == live.state
    data2 = {"pieces": {"x": {"kind": "counter"}}, "facts": {}, "board": {}}
    assert _session_with(live.events, (seq, digest, data2)).state == live.state


def test_digest_changes_when_any_event_changes() -> None:
    events = played().events
    base = chain_digest(events)
    changed = [*events[:-1], session_module.Event(events[-1].seq, "fire", {}, "")]
    assert chain_digest(changed) != base
    assert chain_digest(events[:-1]) != base


def test_in_memory_snapshots_keep_undo_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 4)
    s = Session(GAME, SessionSetup(2), "snap")
    for i in range(30):
        s.do("draw") if i % 3 else s.do("fire")
    full = Session(GAME, SessionSetup(2), "snap", events=s.events, head=17)
    s.jump(17)
    assert s.state == full.state


def test_undo_and_redo_by_one_equal_the_full_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo and redo by one start from the state at hand (or one back), not from the last
    in-memory snapshot: the state and the notes are the full replay's, across snapshot
    points, after a do, a longer jump and a redo of several, with drawn cards (randomness)."""
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", 4)
    s = Session(GAME, SessionSetup(2), "by-one")
    for i in range(21):
        s.do("draw") if i % 3 else s.do("fire")
    moves = ["undo", "redo", "undo", "undo", "redo", "do", "undo", "redo", "redo-none",
             "jump", "redo", "undo", "redo3", "undo", "redo"]
    for move in moves:
        if move == "do":
            s.do("fire")
        elif move == "jump":
            s.jump(9)
        elif move == "redo3":
            notes = s.redo(3)
        elif move.startswith("redo"):
            if not s.can_redo:
                continue
            notes = s.redo(1)
        else:
            s.undo(1)
        full = Session(GAME, SessionSetup(2), "by-one", events=s.events[:s.head])
        assert s.state == full.state, (move, s.head)
        assert s.state.to_dict() == full.state.to_dict()
        if move.startswith("redo"):
            assert [n.text for n in notes[1:]] == [n.text for n in full.notes], move
        assert s.snapshot()[2] == Session(
            GAME, SessionSetup(2), "by-one", events=s.events[:max(0, s.head - 1)]
        ).state.to_dict()


# --- set value by hand ----------------------------------------------------------------------------
def test_set_value_overrides_and_is_logged_like_any_action() -> None:
    s = Session(GAME, SessionSetup(2), "v")
    notes = s.do("set_value", target="fires.value", value=2)
    assert s.state.piece("fires", Counter).value == 2
    assert notes[0].text == "Fires value set by hand: 0 -> 2"
    assert s.history()[-1].text == "Set a value by hand (target=fires.value, value=2)"
    s.undo()
    assert s.state.piece("fires", Counter).value == 0


def test_set_value_on_a_track_reports_milestones() -> None:
    s = Session(GAME, SessionSetup(2), "v")
    notes = [n.text for n in s.do("set_value", target="countdown.position", value=19)]
    assert "Twenty reached: open the hatch" in notes
    notes = [n.text for n in s.do("set_value", target="countdown.position", value=22)]
    assert "Countdown: milestone 20 is no longer reached" in notes
    assert s.state.piece("countdown", Track).fired == []


def test_set_value_lists_every_settable_value() -> None:
    s = Session(GAME, SessionSetup(2), "v")
    allowed = s.action("set_value").params[0].allowed(s.state)
    assert "countdown.position" in allowed
    assert "fires.value" in allowed
    assert "bag.red" in allowed and "bag.blue" in allowed


# --- secrets --------------------------------------------------------------------------------------
def _spy(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["hidden"] = {"agenda": args["agenda"]}
    state.facts["visible"] = "public"
    return ["An agenda was dealt"]


SPY = Game(
    info=GameInfo("spy", "Spy", (PlayMode("standard", "standard", (2,)),)),
    setup=lambda setup, rng: State(pieces={"code": Secret("Code word", "Captain")}),
    actions=(Action("deal_agenda", "Deal an agenda", "In secret.", _spy,
                    (Param("agenda", "str", "the agenda", secret=True),),
                    private_to="the agenda's owner"),),
)

WORD = "ZEBRA-SEVEN"


def _everything_shown(s: Session) -> str:
    return json.dumps([
        [h.text for h in s.history()],
        [s.describe(e) for e in s.events],
        [n.text for n in s.notes],
        s.state.public_dict(),
        [p.summary() for p in s.state.pieces.values()],
    ])


def test_a_secret_is_hidden_everywhere_until_revealed() -> None:
    s = Session(SPY, SessionSetup(2), "spy")
    notes = s.do("choose_secret", secret="code", value=WORD)
    code = s.state.piece("code", Secret).code
    assert code is not None and code in notes[0].text
    assert WORD not in _everything_shown(s)
    assert "value=(hidden)" in s.history()[-1].text
    s.do("reveal_secret", secret="code")
    shown = _everything_shown(s)
    assert WORD in shown
    assert "matches" in s.notes[0].text and "DOES NOT" not in s.notes[0].text


def test_undoing_a_reveal_hides_the_secret_again() -> None:
    s = Session(SPY, SessionSetup(2), "spy")
    s.do("choose_secret", secret="code", value=WORD)
    s.do("reveal_secret", secret="code")
    notes = s.undo()
    assert WORD not in json.dumps([n.text for n in notes])
    assert WORD not in _everything_shown(s)
    s.undo()
    s.redo()  # redo of the choice: its notes show the code, never the value
    assert WORD not in _everything_shown(s)


def test_hidden_facts_and_secret_arguments_stay_out_of_the_log() -> None:
    s = Session(SPY, SessionSetup(2), "spy")
    s.do("deal_agenda", agenda=WORD)
    assert s.action("deal_agenda").private_to == "the agenda's owner"
    assert WORD not in _everything_shown(s)
    assert s.state.public_dict()["facts"]["visible"] == "public"
    assert s.state.facts["hidden"] == {"agenda": WORD}  # the game itself can still read it


def test_the_same_choice_replays_to_the_same_code() -> None:
    a = Session(SPY, SessionSetup(2), "spy")
    a.do("choose_secret", secret="code", value=WORD)
    b = Session(SPY, SessionSetup(2), "spy", events=a.events)
    assert a.state.piece("code", Secret).code == b.state.piece("code", Secret).code


def test_each_re_choice_shows_a_new_code() -> None:
    s = Session(SPY, SessionSetup(2), "spy")
    s.do("choose_secret", secret="code", value=WORD)
    with pytest.raises(ActionError, match="secret: 'code' is not allowed"):
        s.do("choose_secret", secret="code", value=WORD)  # not while the rules forbid it
    s.state.piece("code", Secret).replaceable = True  # as a game's rule sets it when due
    s.do("choose_secret", secret="code", value=WORD)
    secret = s.state.piece("code", Secret)
    assert len(secret.codes) == 2 and secret.codes[0] != secret.codes[1]
    notes = s.do("reveal_secret", secret="code")
    assert f"Codes shown, oldest first: {secret.codes[0]}, {secret.codes[1]}; checked " \
        f"against the one in force, {secret.codes[1]}; it matches" in notes[0].text


def test_revealing_before_choosing_is_refused_and_recorded_nowhere() -> None:
    s = Session(SPY, SessionSetup(2), "spy")
    with pytest.raises(ActionError, match="nothing has been chosen"):
        s.do("reveal_secret", secret="code")
    assert s.events == []


def test_an_event_the_rules_now_refuse_is_skipped_on_replay_not_fatal() -> None:
    """A rule changed after a game was saved: the old event is skipped and said, and the game
    still opens, undoes and reports."""
    import dataclasses

    from tests.demo.game import GAME as DEMO
    from trackers.engine.report import build_report

    played = Session(DEMO, SessionSetup(2), "r")
    played.do("fire")
    played.do("advance", spaces=2)
    # the first event is one the rules now refuse (a reveal of a secret never chosen)
    stale = [dataclasses.replace(played.events[0], action="reveal_secret",
                                 args={"secret": "plan"}), played.events[1]]
    again = Session(DEMO, SessionSetup(2), "r", events=stale)
    assert again.state.piece("countdown", Track).position == 23  # the second still applies
    again.undo()  # replays the stale event again: skipped, never fatal
    assert again.head == 1
    assert build_report(DEMO, again.setup, again.seed, stale).actions == 2


def test_the_snapshot_point_follows_every_change_of_the_history() -> None:
    """``snapshot_point`` remembers its digest for the same events (undo and redo at a
    snapshot's point of the game): a different history, even of the same length, gives
    the digest of the events it holds now."""
    live = played()

    def fits() -> None:
        seq, digest = live.snapshot_point()
        assert seq == live.head - 1 and digest == chain_digest(live.events[:seq])
        assert live.snapshot()[:2] == (seq, digest)

    fits()
    live.undo(1)
    live.redo(1)
    fits()
    live.undo(3)
    live.do("advance", spaces=1)  # a new branch: the events after the head are gone
    live.do("fire")
    live.do("fire")
    assert len(live.events) == len(PLAN)
    fits()
    again = played()  # the same history, read back as other objects (another window's)
    live.absorb(again.events, again.head)
    fits()
