"""The game report from the events: values round by round, key moments, revealed secrets."""

from __future__ import annotations

from tests.demo.game import GAME
from trackers.engine import Session, SessionSetup
from trackers.engine.report import build_report


def played() -> Session:
    session = Session(GAME, SessionSetup(2), "report")  # the countdown starts at 25
    session.do("advance", spaces=3)  # round 1: 22
    session.do("fire")
    session.do("next_round")
    session.do("advance", spaces=2)  # round 2: 20, the milestone fires
    session.do("choose_secret", secret="plan", value="left")
    session.do("next_round")
    session.do("advance", spaces=11)  # round 3: 9 (19 and 10 fire)
    session.do("reveal_secret", secret="plan")
    session.do("escape", who="Ann")
    return session


def test_each_track_reads_round_by_round_as_it_was_played() -> None:
    session = played()
    report = build_report(GAME, session.setup, session.seed, session.events)
    series = {s.key: s for s in report.series}
    assert report.unit == "round" and report.length == 3
    assert series["countdown.position"].by_moment() == [(1, 22), (2, 20), (3, 9)]
    assert series["fires.value"].by_moment() == [(1, 1), (2, 1), (3, 1)]
    assert report.actions == 9 and report.end is not None and report.end.ending == "Escape"


def test_key_moments_are_on_the_same_time_axis() -> None:
    session = played()
    report = build_report(GAME, session.setup, session.seed, session.events)
    seen = [(m.moment, m.kind, m.text) for m in report.moments]
    assert (2, "milestone", "Countdown 20: Twenty reached: open the hatch") in seen
    assert (3, "milestone", "Countdown 10: Ten reached") in seen
    code = session.state.pieces["plan"].code  # type: ignore[attr-defined]
    assert (3, "reveal", f"Plan revealed: left (code {code})") in seen  # beside its code
    assert (3, "action", "Escape (who=Ann)") in seen
    assert [m.kind for m in report.moments][-1] == "end"


def test_only_revealed_secrets_appear_with_the_code_seen_at_the_choice() -> None:
    session = played()
    report = build_report(GAME, session.setup, session.seed, session.events)
    (plan,) = report.secrets
    assert plan.value == "left" and plan.code == session.state.pieces["plan"].code  # type: ignore[attr-defined]
    before_reveal = build_report(GAME, session.setup, session.seed, session.events, head=7)
    assert before_reveal.secrets == ()
    assert all("left" not in m.text for m in before_reveal.moments)


def test_a_report_up_to_an_undone_point_stops_there() -> None:
    session = played()
    session.undo(5)
    report = build_report(GAME, session.setup, session.seed, session.events, session.head)
    assert report.end is None and report.actions == 4
    assert {s.key: s for s in report.series}["countdown.position"].by_moment()[-1] == (2, 20)
