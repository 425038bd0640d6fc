"""Nemesis: Lockdown declares what it keeps in ``state.facts`` (facts.py) and reads it only
through ``facts_of``, so the type checker reads every key."""

from __future__ import annotations

from pathlib import Path

from tests.nemesis.helpers import finish_setup
from tests.nemesis.lockdown_play import game
from trackers.games.nemesis_lockdown.facts import NemesisLockdownFacts

PACKAGE = Path(__file__).parents[2] / "trackers" / "games" / "nemesis_lockdown"


def test_facts_are_read_only_through_facts_of() -> None:
    found = [f"{p.name}:{n}" for p in sorted(PACKAGE.glob("*.py")) if p.name != "facts.py"
             for n, line in enumerate(p.read_text().splitlines(), 1) if "state.facts" in line]
    assert found == []


def test_every_fact_a_game_keeps_is_declared() -> None:
    s = game(("Ann", "Bo"), mode="coop")
    finish_setup(s)
    assert set(s.state.facts) <= set(NemesisLockdownFacts.__annotations__)
