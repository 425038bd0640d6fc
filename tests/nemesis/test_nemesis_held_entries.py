"""What the rulebook makes the table do is held until done: the Power tokens and the draft
at setup, each kept Objective at the First Encounter (Setup (Summary); Critical Gameplay
Moments). Saves made before replay as they were."""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import finish_setup, walk_to
from tests.nemesis.lockdown_play import game
from trackers.engine import ActionError, Session
from trackers.engine.records import Event
from trackers.games.nemesis_lockdown import rounds

FIVE = ("Ann", "Bo", "Cy", "Di", "Ed")


def test_setup_waits_for_the_power_tokens_and_the_draft() -> None:
    s = game(FIVE, contingency_tokens=6)
    s.do("next_step")
    s.do("next_step")
    with pytest.raises(ActionError, match="'Enter Power tokens'"):
        s.do("next_step")
    assert rounds.current(s.state) == "power"
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    while rounds.current(s.state) != "draft":
        s.do("next_step")
    s.do("character_kind", player="Ann", kind="Nemesis Survivor")
    with pytest.raises(ActionError, match="Bo, Cy, Di, Ed drafted first with 'Character "
                                          "drafted'"):
        s.do("next_step")
    for name in FIVE[1:]:
        s.do("character_kind", player=name, kind="Facility Worker")
    s.do("next_step")
    assert s.state.facts["phase"] == "round"


def test_the_first_encounter_holds_the_round_until_each_living_player_keeps_one() -> None:
    s = game(("Ann", "Bo", "Cy"))
    walk_to(s, "turns")
    s.do("choose_secret", secret="p1_objective", value="Send a Signal")
    s.do("encounter", room="Laboratory", drawn="Adult")
    s.do("leave", player="Cy", how="dead")
    for name in ("next_step", "advance_time", "develop_bag"):
        reason = s.blocked(name)
        assert reason is not None and "Bo must first keep 1 of their 2 Objectives" in reason
        assert "'Choose a secret', key c" in reason and "Cy" not in reason
    with pytest.raises(ActionError, match="First Encounter"):
        s.do("next_step")
    assert s.game.panels is not None
    due = s.game.panels(s.state)[0]
    assert due.title == "Now due" and "Bo must first keep" in due.lines[0]
    s.do("choose_secret", secret="p2_objective", value="Kill the Queen")
    s.do("next_step")
    assert rounds.current(s.state) == "venting"


def test_no_first_encounter_hold_in_the_cooperative_game() -> None:
    s = game(("Ann", "Bo"), mode="coop")
    walk_to(s, "turns")
    s.do("encounter", room="Laboratory", drawn="Adult")
    s.do("next_step")
    assert rounds.current(s.state) == "venting"


def test_a_save_that_passed_them_by_replays_as_it_was() -> None:
    s = game(FIVE, contingency_tokens=6)
    old = [Event(n, "next_step", {}) for n in range(1, 13)]
    replayed = Session(s.game, s.setup, s.seed, events=old)
    assert replayed.state.facts["phase"] == "round"
    assert rounds.current(replayed.state) == "turns"
    finish_setup(s)  # a new game makes the entries
    assert s.state.facts["power"]["at"] and all(c["kind"] for c in s.state.facts["crew"])


def test_a_save_that_went_on_past_the_first_encounter_replays_as_it_was() -> None:
    s = game(("Ann", "Bo"))
    walk_to(s, "turns")
    s.do("encounter", room="Laboratory", drawn="Adult")
    old = [*s.events, Event(len(s.events) + 1, "next_step", {})]
    replayed = Session(s.game, s.setup, s.seed, events=old)
    assert rounds.current(replayed.state) == "venting"
