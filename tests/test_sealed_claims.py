"""A claim about a sealed secret is decided by its seal (trackers.engine.claims): opened with
the owner's PIN in one trial before the action is recorded, its answer recorded, never the
value; without the owner, ``owner_absent`` leaves it unchecked in the log and the report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import ANSWERS, OPENED
from trackers.pieces import Secret

ANN = "ann-pin-1"


@pytest.fixture
def claims_registered() -> Iterator[None]:
    from tests.claims_game import INFO
    from trackers.games import registry

    registry.register(INFO)
    try:
        yield
    finally:
        registry.unregister("claims-demo")


@pytest.fixture
def play(tmp_path: Path, claims_registered: None) -> Iterator[OpenSession]:
    table = Tableside(tmp_path)
    game = table.create("claims-demo", 2, names=["Ann", "Bo"])
    yield game
    game.close()
    table.close()


def _choose(play: OpenSession, card: str, place: str = "north") -> None:
    play.choose_secret("ann_card", card, pin=ANN)
    play.choose_secret("ann_place", place, pin=ANN)


def test_one_trial_opens_every_secret_the_rules_reach_for_however_they_branch() -> None:
    """The engine asks the opener for each sealed secret in the order the rules need it,
    in a single trial on a copy: nothing is recorded, no retry."""
    from tests.claims_game.game import GAME

    session = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), "seed")
    for name, value in (("ann_card", "Company"), ("ann_place", "south")):
        sealed = {"code": "0000-0000-0000", "sealed": f"box:{value}", "to": "Ann"}
        session.do("choose_secret", secret=name, value=sealed)
    asked: list[tuple[str, str, str | None]] = []

    def opener(name: str, kind: str, query: str | None) -> tuple[str, str]:
        asked.append((name, kind, query))
        return {"ann_card": "Company", "ann_place": "south"}[name], "n"

    notes = session.trial("sweep", {}, opener=opener)
    assert asked == [("ann_card", "test", "Company"), ("ann_place", "reveal", None)]
    assert "Ann's place: south" in " ".join(n.text for n in notes)
    assert session.head == 2 and session.state.piece("ann_place", Secret).revealed is False


def test_a_call_out_is_decided_by_the_seal_and_records_only_the_answer(
        play: OpenSession) -> None:
    _choose(play, "Loyal")
    assert play.pin_needed("call_out") == ("Ann", "Ann's card")
    with pytest.raises(ActionError, match="pin: no PIN for Ann's card"):
        play.do("call_out")
    with pytest.raises(ActionError, match="pin: a wrong PIN for Ann's card"):
        play.do("call_out", pin="bo-pin-22")  # another player's PIN opens nothing
    head = play.head
    notes = [n.text for n in play.do("call_out", pin=ANN)]
    assert "Ann holds a Company card: false" in notes[0] and "The caller is wrong" in notes
    event = play.session.events[-1]
    assert play.head == head + 1 and event.args[ANSWERS] == {"ann_card": {"Company": False}}
    assert "Loyal" not in json.dumps(event.args)
    assert [line.kind for line in play.table_log()][-1] == "check"


def test_a_sweep_opens_two_secrets_and_is_recorded_once(play: OpenSession) -> None:
    _choose(play, "Company", "south")
    before = len(play.records)
    notes = " ".join(n.text for n in play.do("sweep", pin=ANN))
    assert "Ann is Company: true" in notes and "Ann's place: south (matches)" in notes
    dos = [r for r in play.records[before:] if r.get("t") == "do"]
    assert len(dos) == 1 and dos[0]["args"][OPENED]["ann_place"]["value"] == "south"
    assert [line.kind for line in play.table_log()][-2:] == ["reveal", "check"]


def test_without_the_owner_the_claim_is_unchecked_in_the_log_and_the_report(
        play: OpenSession) -> None:
    _choose(play, "Company")
    notes = [n.text for n in play.do("call_out", owner_absent=True)]
    assert notes[0].startswith("Ann holds a Company card: unchecked (Ann's card stays sealed")
    assert play.history()[-1].text.endswith("(its owner absent: left unchecked, the secret "
                                            "still sealed)")
    moments = [m.text for m in play.report().moments]
    assert "Ann holds a Company card: unchecked, its owner was absent" in moments
    assert not play.state.piece("ann_card", Secret).revealed and play.table_log() == []


def test_a_claim_replays_from_its_recorded_answer(play: OpenSession, tmp_path: Path) -> None:
    """No PIN is asked again on reopening, undo or redo: the answer is in the record."""
    _choose(play, "Company")
    play.do("call_out", pin=ANN)
    play.close()
    again = Tableside(tmp_path).load(play.id)
    again.undo()
    notes = [n.text for n in again.redo()]
    assert any(text.startswith("Ann holds a Company card: true") for text in notes)
    again.close()


def test_an_actions_checks_see_the_sealed_secret_as_its_rules_do() -> None:
    """A claim checked in ``validate`` (refused before anything is recorded) asks the piece
    only: the engine lends it the recorded answer, the trial's opener, or names the secret
    (``SecretLocked``) for the app to ask its owner's PIN; the game never reads the seal's
    arguments itself."""
    import dataclasses
    from typing import Any

    from tests.claims_game.game import GAME
    from trackers.engine import Action, State
    from trackers.engine.actions import SecretLocked

    @dataclasses.dataclass(frozen=True)
    class Accuse(Action):
        def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
            checked = super().validate(state, args)
            if state.piece("ann_card", Secret).holds("Loyal"):
                raise ActionError("Ann is Loyal: the accusation is refused", "accused")
            return checked

    accuse = Accuse("accuse", "Accuse", "Say Ann is Company.", lambda *_: ["accused"])
    game = dataclasses.replace(GAME, actions=(*GAME.actions, accuse))
    session = Session(game, SessionSetup(2, names=("Ann", "Bo")), "seed")
    sealed = {"code": "0000-0000-0000", "sealed": "box:Company", "to": "Ann"}
    session.do("choose_secret", secret="ann_card", value=sealed)
    with pytest.raises(SecretLocked) as locked:
        session.act("accuse", {})
    assert (locked.value.name, locked.value.kind, locked.value.query) == (
        "ann_card", "test", "Loyal")
    with pytest.raises(ActionError, match="Ann is Loyal"):
        session.trial("accuse", {}, opener=lambda *_: ("Loyal", "n"))
    assert [n.text for n in session.trial("accuse", {}, opener=lambda *_: ("Company", "n"))
            ] == ["accused"]
    with pytest.raises(ActionError, match="Ann is Loyal"):
        session.act("accuse", {ANSWERS: {"ann_card": {"Loyal": True}}})
    assert session.head == 1
    session.act("accuse", {ANSWERS: {"ann_card": {"Loyal": False}}})
    assert session.head == 2 and session.events[-1].args[ANSWERS] == {
        "ann_card": {"Loyal": False}}
    assert session.state.piece("ann_card", Secret).answers == {}  # lent for the action only
