"""An absent owner means no reveal: each Lifeform rule that needs a sealed
secret offers 'owner_absent', says the value cannot be revealed, records it, and goes on; the
value stays sealed in the files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_sealed import CREW, LIFE, api_copy, lifeform_game
from tests.lifeform.test_lifeform_session_showdown import example
from tests.test_secrets_at_rest import files_holding, forms, nonce_forms, sealed_of
from trackers.engine import ActionError
from trackers.engine.actions import OPENED
from trackers.games.lifeform import turns
from trackers.pieces import Secret, Track

PINS = {"Lifeform player": LIFE, "Crew (not the Lifeform player)": CREW}


@pytest.fixture
def table(tmp_path: Path) -> Tableside:
    return Tableside(tmp_path)


def still_sealed(table: Tableside, play: OpenSession, name: str, pin: str) -> None:
    """Not revealed in the game, not opened in the record, and the value's nonce (and the
    value, when it is free text) nowhere in the data folder."""
    sealed = sealed_of(play, name, pin)
    assert not play.session.state.piece(name, Secret).revealed
    assert all(OPENED not in e.args for e in play.session.events)
    needles = nonce_forms(sealed["nonce"])
    if not sealed["value"].startswith("Image") and sealed["value"] not in ("second", "third"):
        needles += forms(sealed["value"])
    assert files_holding(table.root, needles) == []
    assert all(line.kind == "no_pin" for line in play.table_log())  # nothing revealed


def said(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def calibrated(table: Tableside) -> OpenSession:
    play = lifeform_game(table)
    play.do("reality_calibration", image="Image 2", pin=LIFE)
    play.do("tick_setup", step="all remaining")
    return play


def test_meeting_an_image_with_the_lifeform_player_absent_lets_the_table_decide(
        table: Tableside) -> None:
    play = calibrated(table)
    head = play.head
    with pytest.raises(ActionError, match="no PIN.*owner_absent=yes: the table goes on"):
        play.do("meet_image", image="Image 1", character="Solomon")  # the way on is offered
    with pytest.raises(ActionError, match="the table decides whether Image 1") as refused:
        play.do("meet_image", image="Image 1", character="Solomon", owner_absent=True)
    assert refused.value.field == "table_says" and play.head == head
    with pytest.raises(ActionError, match="only when the lifeform player is absent"):
        play.do("meet_image", image="Image 1", character="Solomon", pin=LIFE,
                table_says="a sensor ghost")
    sd = play.state.piece("self_destruct", Track).position
    notes = play.do("meet_image", image="Image 1", character="Solomon", owner_absent=True,
                    table_says="a sensor ghost")
    text = said(notes)
    assert "Real lifeform (Lifeform Identifier) cannot be revealed" in text
    assert "the table calls it a sensor ghost" in text and "sensor ghost: Self-Destruct +1" in text
    assert play.state.piece("self_destruct", Track).position == sd - 1  # the rule went on
    assert play.state.facts["calibration_due"]  # and a calibration is due
    assert play.state.facts["not_revealed"] == [
        {"secret": "real_lifeform", "when": "Solomon meeting Image 1"}]
    moments = [m.text for m in play.report().moments]
    assert "Real lifeform (Lifeform Identifier) not revealed (Solomon meeting Image 1): its " \
        "owner was absent, unchecked" in moments
    assert "marked unchecked" in text
    still_sealed(table, play, "real_lifeform", LIFE)


def test_an_attack_with_the_lifeform_player_absent_goes_on_unrevealed(table: Tableside) -> None:
    play = calibrated(table)
    while play.state.facts["phase"] != "lifeform":
        play.do("end_turn" if turns.current(play.state) is not None else "next_phase")
    notes = play.do("attack", character="Solomon", owner_absent=True)
    text = said(notes)
    assert "cannot be revealed" in text and "the table places the attacking image" in text
    assert play.state.facts["attack"]["target"] == "Solomon"
    assert play.state.facts["calibration_due"] == "the end of an attack"
    assert play.state.facts["not_revealed"][0]["secret"] == "real_lifeform"
    still_sealed(table, play, "real_lifeform", LIFE)


def test_an_objective_completed_with_the_crew_absent_counts_and_stays_sealed(
        table: Tableside) -> None:
    play = lifeform_game(table)
    play.do("record_objective", slot="1", title="Restore the Comms Array", pin=CREW)
    notes = play.do("complete_objective", slot="1", owner_absent=True)
    text = said(notes)
    assert "Secret Objective 1 (completed) cannot be revealed" in text
    assert "Secret Objective 1 completed (the noted title stays sealed)" in text
    assert play.state.facts["objectives"]["done"] == ["1"]
    still_sealed(table, play, "objective_1", CREW)


def test_a_launch_at_ending_b_with_the_lifeform_player_absent_asks_the_table(
        table: Tableside) -> None:
    s = example()
    s.undo()  # just before the launch at 6
    play = api_copy(table, s, PINS)
    notes = play.do("launch", owner_absent=True)
    text = said(notes)
    assert "Stowaway card cannot be revealed" in text and "the table decides" in text
    ending = play.state.facts["ending"]
    assert ending["contradiction"] == "the Stowaway card cannot be revealed"
    labels = [r["label"] for r in ending["readings"]]
    assert labels == ["the card unshown counts as no correct guess",
                      "the table accepts the lifeform's guess"]
    assert play.state.facts["stage"] == "launched"
    still_sealed(table, play, "stowaway", LIFE)
    play.do("choose_ending_reading", reading=labels[0])
    assert play.state.facts["result"]["side"] == "crew"
    assert "second" not in json.dumps(play.session.events[-1].args)
