"""A Call Out is decided by the accused's sealed Agenda type («Discord»): nobody types whether
it was right. The accused's player opens it with their PIN; when they cannot, the table's call
goes on marked unchecked in the log and the report. A Call Out recorded before kept its typed
answer and replays with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.pandora.helpers import started, texts, through_setup, walk_to
from trackers.engine import ActionError, Session
from trackers.engine.actions import ANSWERS
from trackers.engine.records import Event
from trackers.games.pandora_celeste.game import GAME

PIN = "call-4321"


def crew_round(company: tuple[str, ...] = ()) -> Session:
    """The crew round of Cycle 1, each Agenda chosen in setup (a Company one for
    ``company``)."""
    s = started(["Cap", "Flygirl"], company=company)
    walk_to(s, "crew_round")
    return s


def test_the_table_types_no_answer() -> None:
    s = crew_round(company=("Flygirl",))
    with pytest.raises(ActionError, match="correct: the accused's sealed Agenda type decides"):
        s.do("call_out", caller="Cap", accused="Flygirl", correct="admitted a Company Agenda")


def test_an_innocent_accused_makes_the_call_wrong() -> None:
    s = crew_round()  # Flygirl's sealed type: no Company Agenda
    notes = texts(s.do("call_out", caller="Cap", accused="Flygirl"))
    assert "Flygirl holds no Company Agenda" in notes and "Cap Passes at once" in notes
    assert not s.state.facts["discord"]


def test_a_company_agent_accused_makes_it_right() -> None:
    s = crew_round(company=("Flygirl",))
    notes = texts(s.do("call_out", caller="Cap", accused="Flygirl"))
    assert "Flygirl admits to a Company Agenda" in notes and s.state.facts["discord"]


def test_no_call_out_before_scenario_3() -> None:
    s = started(["Cap", "Flygirl"], scenario="Scenario 2")
    walk_to(s, "crew_round")
    assert "Scenario 2 has no Hidden Agendas" in str(s.blocked("call_out"))


def test_an_old_call_out_replays_with_its_typed_answer() -> None:
    s = crew_round()  # Flygirl's sealed type: no Company Agenda
    old = Event(s.head + 1, "call_out", {"caller": "Cap", "accused": "Flygirl",
                                         "correct": True})
    replayed = Session(GAME, s.setup, s.seed, events=[*s.events, old])
    assert replayed.state.facts["discord"]  # as the table said then


def _table(tmp_path: Path) -> OpenSession:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, names=("Ann", "Bo"),
                        options={"crew": ["Cap", "Flygirl"]}, seed="call")
    through_setup(play, pin=PIN)  # each Agenda sealed with its player's PIN: Flygirl's innocent
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    return play


def test_the_seal_is_opened_with_the_accused_players_pin(tmp_path: Path) -> None:
    play = _table(tmp_path)
    head = play.head
    with pytest.raises(ActionError, match="owner_absent=yes"):
        play.do("call_out", caller="Cap", accused="Flygirl")
    assert play.head == head
    # the form sends the table's call blank (and owner_absent unticked): the seal decides
    notes = texts(play.do("call_out", caller="Cap", accused="Flygirl", pin=PIN, correct="",
                          owner_absent=False))
    assert "Flygirl holds no Company Agenda" in notes
    args = play.session.events[-1].args
    assert args[ANSWERS] == {"flygirl_company": {"Company Agenda": False}}
    assert "no Company Agenda" not in json.dumps(args)  # an answer, never the value


def test_an_absent_accused_leaves_the_table_s_call_unchecked(tmp_path: Path) -> None:
    play = _table(tmp_path)
    with pytest.raises(ActionError, match="correct: with the accused's player absent"):
        play.do("call_out", caller="Cap", accused="Flygirl", owner_absent=True)
    notes = texts(play.do("call_out", caller="Cap", accused="Flygirl", owner_absent=True,
                          correct="admitted a Company Agenda"))
    assert "stays sealed" in notes and "unchecked" in notes
    assert play.state.facts["discord"]
    assert "(unchecked: the accused's player absent)" in play.session.history()[-1].text
    moments = [m.text for m in play.report().moments]
    assert any("unchecked" in m for m in moments)


def test_an_admission_turns_the_agenda_type_up_for_all_to_see() -> None:
    s = crew_round(company=("Flygirl",))
    assert s.state.pieces["flygirl_company"].public_value().startswith("hidden")  # type: ignore
    s.do("call_out", caller="Flygirl", accused="Cap")  # wrong: Cap's stays hidden
    assert s.state.pieces["cap_company"].public_value().startswith("hidden")  # type: ignore
    assert s.state.pieces["flygirl_company"].public_value().startswith("hidden")  # type: ignore
    s.do("call_out", caller="Cap", accused="Flygirl")
    assert s.state.pieces["flygirl_company"].public_value() == "Company Agenda"  # type: ignore
    assert s.state.pieces["flygirl_agenda"].public_value().startswith("hidden")  # type: ignore


def test_an_admission_recorded_before_replays_with_the_type_sealed() -> None:
    s = crew_round(company=("Flygirl",))
    old = Event(s.head + 1, "call_out", {"caller": "Cap", "accused": "Flygirl"})
    replayed = Session(GAME, s.setup, s.seed, events=[*s.events, old])
    assert replayed.state.facts["discord"]
    assert replayed.state.pieces["flygirl_company"].public_value().startswith(  # type: ignore
        "hidden")


def test_an_admission_opened_with_the_pin_shows_in_the_report(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, names=("Ann", "Bo"),
                        options={"crew": ["Cap", "Flygirl"]}, seed="call")
    through_setup(play, company=("Flygirl",), pin=PIN)
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    assert not play.report().secrets
    play.do("call_out", caller="Cap", accused="Flygirl", pin=PIN)
    shown = {s.label: s.value for s in play.report().secrets}
    assert shown == {"Flygirl's Agenda type": "Company Agenda"}  # the Agenda itself: not
    assert any("Flygirl's Agenda type revealed: Company Agenda" in m.text
               for m in play.report().moments)
    play.close()
    table.close()


def test_the_audit_says_once_what_a_call_out_did_with_the_seal(tmp_path: Path) -> None:
    """An admission turns the Agenda type up: logged once, as revealed; a wrong call only
    tested it: logged once, as checked without showing it."""
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, names=("Ann", "Bo"),
                        options={"crew": ["Cap", "Flygirl"]}, seed="call")
    through_setup(play, company=("Flygirl",), pin=PIN)
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    play.do("call_out", caller="Flygirl", accused="Cap", pin=PIN)  # wrong: Cap's is innocent
    play.do("call_out", caller="Cap", accused="Flygirl", pin=PIN)  # right: admitted
    opened = [(line.label, line.text) for line in play.table_log()
              if line.kind in ("reveal", "check")]
    assert opened == [
        ("Cap's Agenda type", "Cap's Agenda type checked without showing it (Call Out), "
                              "with Ann's PIN"),
        ("Flygirl's Agenda type", "Flygirl's Agenda type revealed (Call Out), opened with "
                                  "Bo's PIN")]
    play.close()
    table.close()
