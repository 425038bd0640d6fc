"""The solo game's refusals say why and what to do (found at 80x24: `n` at the
start said only "its step has not come (or is past)")."""

from __future__ import annotations

from tests.lifeform.test_solo_session import new as new_solo
from tests.lifeform.test_solo_session import objectives_met
from trackers.engine import Session

BARE = "its step has not come (or is past)"


def bare(s: Session) -> list[str]:
    return [a.name for a in s.actions() if s.blocked(a.name) == BARE]


def test_no_solo_refusal_is_bare_from_the_start_to_the_end() -> None:
    s = new_solo()
    assert bare(s) == []
    assert s.blocked("solo_outcome") == (
        "the outcome is recorded after the launch ('Launch the Remora'); the game is under way "
        "on the Valley Forge (Thirteenth Passenger, Module C)")
    s.do("solo_tick_setup", step="all remaining")
    assert bare(s) == []
    objectives_met(s)
    s.do("solo_launch", lifeform_aboard=True)
    assert bare(s) == []
    assert "Confront or Hunt first" in (s.blocked("solo_outcome") or "")
