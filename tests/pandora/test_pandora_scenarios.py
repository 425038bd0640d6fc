"""Scenarios 1-3 beside the Full Game (rulebook «Scenario 1», «Scenario 2», «Scenario 3»;
spec pandora-celeste §1.4): offered as an option, each with its own setup and rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import enter_setup, panel, started, texts, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.game import GAME


def test_scenario_1_set_up_and_its_empty_board_rule() -> None:
    """A table of 3 plays Scenario 1: no Vents, no Big Nasties, no Agendas to record, and an
    empty board spawns a Yellow ScuttleBug in the Iso-Ward."""
    s = Session(GAME, SessionSetup(3, {"crew": ["Cargo", "Cap", "Flygirl"],
                                       "scenario": "Scenario 1"},
                                   board={"objective_timer": 9}), seed="sc1")
    keys = [k for k, _ in cycle.setup_steps(s.state)]
    assert "agendas" not in keys and "memories" not in keys
    assert "Learn to Play booklet" in cycle.setup_steps(s.state)[0][1]
    assert "no Vents deck in Scenario 1" in dict(cycle.setup_steps(s.state))["decks"]
    assert s.state.pieces["big_nasties"].value == 0  # type: ignore[attr-defined]
    assert "cap_agenda" not in s.state.pieces  # Hidden Agendas come in with Scenario 3
    s.do("reveal_nasty", name="ScuttleBug", room="Iso-Ward")  # the booklet's setup lays one out
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Vacuum", start=4)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    assert "no Big Nasties" in " ".join(panel(s, "Scenario 1"))
    with pytest.raises(ActionError, match="nothing can be shut in"):
        s.do("nasty_place", nasty="1. ScuttleBug", place="shut in the Iso-Ward")
    s.do("remove_nasty", nasty="1. ScuttleBug")
    walk_to(s, "nasties")
    notes = texts(s.do("nasty_round"))  # nobody to move: the round ends at once
    assert "Scenario 1 spawns a Yellow ScuttleBug in the Iso-Ward instead of a Vents draw" \
        in notes
    assert [(n["name"], n["room"]) for n in s.state.facts["nasties"]] == \
        [("ScuttleBug", "Iso-Ward")]
    with pytest.raises(ActionError, match="the Vents play no part in Scenario 1"):
        s.do("vents_card", why="Check Aircon", card="an Action card")
    s.do("end_cycle")
    walk_to(s, "crew_round")
    notes = texts(s.do("override_protocol", protocol="Vacuum"))
    assert "Abandon Ship" in notes and "No Big Nasty comes in Scenario 1" in notes


def test_scenario_2_loses_to_unstoppable_fire() -> None:
    s = started(("Cap", "Flygirl"), eps=(("Vacuum", 1), ("Aircon", 6)), seed="sc2",
                mode="crew", scenario="Scenario 2")
    s.do("fire", rooms=11)
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "Scenario 2: the fire is unstoppable, and the game is lost" in notes
    record = s.game.end_record(s.state)
    assert record is not None and set(record.outcomes.values()) == {"loser"}


def test_scenario_3_big_nasties_spawn_in_cargo_control() -> None:
    s = started(("Cap",), eps=(("Vacuum", 4), ("Aircon", 6)), seed="sc3",
                scenario="Scenario 3", custom_big_nasties="1", board={"objective_timer": 9})
    assert "agendas" in [k for k, _ in cycle.setup_steps(s.state)]
    notes = texts(s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug"))
    assert "MonsterBug spawns in Cargo Control (Scenario 3)" in notes


def test_the_scenario_is_offered_at_new_game(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, options={"crew": ["Cap", "Flygirl"],
                                                       "scenario": "Scenario 2"})
    assert play.state.facts["scenario"] == "Scenario 2"
    play.close()
    with pytest.raises(ActionError, match="scenario"):
        table.create("pandora-celeste", 2, options={"crew": ["Cap", "Flygirl"],
                                                    "scenario": "Scenario 9"})
    table.close()
