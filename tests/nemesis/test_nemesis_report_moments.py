"""The game report remembers what the table will: every death whatever its cause (the
ending's own included), the First Encounter, the Main Gate opening and the end as it finally
stood; the Time chart names S as the board does."""

from __future__ import annotations

from tableside.history import report_markdown
from tests.nemesis.lockdown_play import BUNKER, DEAD, ISOLATED, game, step_to
from trackers.engine import Session
from trackers.engine.report import Report, build_report


def report(s: Session) -> Report:
    return build_report(s.game, s.setup, s.seed, s.events, s.head)


def moments(s: Session) -> list[str]:
    return [m.text for m in report(s).moments]


def test_the_purge_and_the_first_death_are_key_moments_and_s_is_charted_as_s() -> None:
    s = game()
    step_to(s, "turns")
    s.do("encounter", room="Laboratory", drawn="Adult")
    s.do("leave", player="Ann", how=DEAD)
    s.do("correct_time", slot="S")
    said = moments(s)
    for expected in ("First Encounter", "Main Gate opens (the first death)",
                     "Ann dies (recorded by the table)", "Bo dies (Facility purged)"):
        assert expected in said, expected
    assert said[-1].startswith("The end: Facility purged")
    time = next(x for x in report(s).series if x.key == "time.position")
    assert time.by_moment()[-1] == (1, 0) and time.shown(0) == "S"
    row = next(line for line in report_markdown(report(s), "t").splitlines()
               if line.startswith("| Time track"))
    assert row.endswith("| S |"), row


def test_the_destruction_s_deaths_and_the_end_after_the_victory_check() -> None:
    s = game()
    s.do("choose_secret", secret="p2_objective", value="Send a Signal")
    step_to(s, "turns")
    s.do("correct_autodestruction", side="red", slot=12)
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status=BUNKER)
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    s.do("reveal_secret", secret="p2_objective")
    s.do("victory_check", player="Bo", objective="met")
    said = moments(s)
    assert "Main Gate opens (the Autodestruction token is red)" in said
    assert "Ann dies (Facility destroyed)" in said
    end = next(text for text in said if text.startswith("The end:"))
    assert end == "The end: Facility destroyed (The Facility is destroyed. Winner: Bo.)"
    assert not any("Victory Check to do" in text for text in said)
