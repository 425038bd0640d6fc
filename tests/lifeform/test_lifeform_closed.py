"""Every refusal says why and what opens the action: no Lifeform action falls
back on the engine's bare "its step has not come (or is past)", in the setup, the Starship
stage, the Showdown with module D or after the end; the module B flip names what comes first."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_asteroid_mirror import mirrored
from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from tests.lifeform.test_lifeform_session_showdown import example
from trackers.engine import ActionError, Session

BARE = "its step has not come (or is past)"


def bare_refusals(s: Session) -> list[str]:
    names = [a.name for a in s.actions() if not a.private_to]
    return [n for n in names if s.blocked(n) == BARE]


def test_no_refusal_is_bare_at_any_stage() -> None:
    fresh = new(3, ("A", "B", "D"))
    played = through_setup(new(3, ("A", "B", "D")))
    showdown = example(("D",))
    over = through_setup(new(3, ("A", "B")))
    over.do("declare_lifeform_win", reason="the Coolant can never be filled")
    for s in (fresh, played, showdown, over):
        assert bare_refusals(s) == [], s.state.facts["stage"]


def test_a_flip_waits_for_the_jumped_over_decision_and_says_so() -> None:
    s = mirrored()
    s.do("advance_self_destruct", spaces=10)  # 28 -> 18: the token on 19 jumped over
    assert "decided first ('Asteroid tokens jumped over')" in (s.blocked("asteroid_token") or "")
    with pytest.raises(ActionError, match="jumped over"):
        s.do("asteroid_token", shows="Impact imminent!")
    s.do("asteroids_jumped", decision="check them")
    assert s.blocked("asteroid_token") is None


def test_the_app_drawn_tokens_say_the_app_turns_them() -> None:
    s = through_setup(new(3, ("B",)))
    assert "the app turns the asteroid tokens over itself" in (s.blocked("asteroid_token") or "")


def test_the_remora_waits_for_self_destruct_20() -> None:
    s = through_setup(new(3))
    assert (s.blocked("board_remora") or "").startswith(
        "the Remora opens once Self-Destruct reaches 20")
