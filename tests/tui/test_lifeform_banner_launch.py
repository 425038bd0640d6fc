"""The banner's launch word agrees with the launch's refusal: never "ready" while the launch
is held for something besides its criteria (rulebook, Crew Activity Phase; p. 35)."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_showdown import at_the_launch
from tui.games.lifeform.screen import banner_lines


def test_the_banner_says_why_a_launch_with_its_criteria_met_is_held() -> None:
    s = at_the_launch()
    assert "| Launch: ready, ask the crew" in banner_lines(s.state)[0]
    s.do("end_turn")
    s.do("end_turn")  # every crew member has had a turn this round
    said = s.blocked("launch") or ""
    assert "the active crew member launches during their turn" in said
    first = banner_lines(s.state)[0]
    assert "Launch: in a crew turn only" in first
    assert "ready" not in first
    s.do("next_phase")  # the Android phase: still held, still said
    assert "Launch: in a crew turn only" in banner_lines(s.state)[0]


def test_every_banner_word_for_a_held_launch_fits_the_longest_phase() -> None:
    from trackers.games.lifeform.must_do import LAUNCH_WAITS

    head = "Round 12, Lifeform Activity | Self-Destruct 14 | Launch: "
    assert all(len(head + words) <= 78 for _, words in LAUNCH_WAITS)


def test_the_banner_names_the_asteroid_tokens_still_to_decide() -> None:
    s = at_the_launch(("B",))  # Self-Destruct 20 -> 6 jumped over the tokens on 19-16
    assert "still to be decided" in (s.blocked("launch") or "")
    assert "| Launch: asteroids first" in banner_lines(s.state)[0]
