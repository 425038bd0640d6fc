"""Private at rest, through the API: hidden in ``play.state``, read by an explicit call with the
owner's PIN, every look in the history, and never in the log, an export or the catalog."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from random import Random

import pytest

from tableside import pins
from tableside.api import OpenSession, Tableside
from tests.demo.game import GAME
from tests.demo.game import setup as demo_setup
from trackers.engine import ActionError, Game, SessionSetup, State
from trackers.games import registry
from trackers.pieces import Secret

WORD = "left"  # the demo's Plan is "left" or "right"
FREE = "ZEBRA-SEVEN-QX"  # a free-text secret: this text appears nowhere else


def _spy_setup(setup: SessionSetup, rng: Random) -> State:
    state = demo_setup(setup, rng)
    state.pieces["objective"] = Secret("Ann's kept Objective", "Ann")
    return state


SPY: Game = dataclasses.replace(
    GAME, info=dataclasses.replace(GAME.info, id="demo-private", title="Demo Private"),
    setup=_spy_setup)


@pytest.fixture(autouse=True)
def spy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.infos()
    monkeypatch.setitem(registry._INFOS, "demo-private", SPY.info)
    monkeypatch.setitem(registry._LOADED, "demo-private", SPY)


@pytest.fixture
def table(tmp_path: Path, demo_registered: None) -> Tableside:
    return Tableside(tmp_path / "data")


@pytest.fixture
def play(table: Tableside) -> OpenSession:
    return table.create("demo", 2, names=["Ann", "Bo"], seed="private")


def _everything_shown(play: OpenSession, table: Tableside) -> str:
    catalog = "".join(p.read_text(encoding="utf-8", errors="replace")
                      for p in table.root.glob("*.json*"))
    return json.dumps([
        [h.text for h in play.history()],
        [n.text for n in play.notes],
        play.export(),
        [p.summary() for p in play.state.pieces.values()],
        play.state.to_dict(),
        [s.__dict__ for s in table.sessions()],
    ], ensure_ascii=False) + catalog


def test_play_state_shows_an_unrevealed_secret_as_hidden(table: Tableside) -> None:
    play = table.create("demo-private", 2, names=["Ann", "Bo"], title="Spy game")
    play.choose_secret("objective", FREE, pin="77")
    real = play.session.state.piece("objective", Secret)
    shown = play.state.piece("objective", Secret)
    assert FREE not in (shown.value, shown.nonce) and real.nonce not in (shown.value, shown.nonce)
    assert shown.is_set and shown.code == real.code
    assert "hidden (code" in shown.summary()
    assert play.secret_value("objective", pin="77") == FREE
    assert play.history()[-1].text == "Ann looked at Ann's kept Objective"
    assert FREE not in _everything_shown(play, table)
    assert str(real.nonce) not in _everything_shown(play, table)
    play.close()
    assert FREE not in "".join(p.read_text(encoding="utf-8", errors="replace")
                               for p in table.root.glob("*.json*"))  # the catalog


def test_the_hidden_view_is_made_once_per_change(play: OpenSession) -> None:
    """Cheap enough for every screen refresh: the same object until the state changes."""
    assert play.state is play.state
    before = play.state
    play.choose_secret("plan", WORD)
    assert play.state is not before and play.state is play.state


def test_reading_a_secret_is_an_explicit_call_and_is_logged(play: OpenSession) -> None:
    play.do("advance", spaces=2)
    notes_before = [n.text for n in play.notes]
    play.choose_secret("plan", WORD)
    notes_before = [n.text for n in play.notes]
    assert play.secret_value("plan") == WORD
    assert play.history()[-1].text == "Captain looked at Plan"
    assert [n.text for n in play.notes] == notes_before  # a look changes nothing at the table
    assert WORD not in json.dumps([h.text for h in play.history()])


def test_the_owner_sets_the_pin_when_choosing_and_it_is_checked_at_every_look(
        play: OpenSession, table: Tableside) -> None:
    owner = play.state.piece("plan", Secret).owner
    play.choose_secret("plan", WORD, pin="2468")
    assert play.pin_is_set(owner)
    with pytest.raises(ActionError, match="PIN: the Captain set a PIN"):
        play.secret_value("plan")
    with pytest.raises(ActionError, match="PIN: that is not the Captain's PIN"):
        play.secret_value("plan", pin="1357")
    looks = [h.text for h in play.history() if "looked at" in h.text]
    assert looks == []  # a refused look is no look
    assert play.secret_value("plan", pin="2468") == WORD
    assert sum("looked at" in h.text for h in play.history()) == 1
    # Choosing again needs the same PIN: nobody else may replace the owner's choice or PIN.
    with pytest.raises(ActionError, match="PIN"):
        play.choose_secret("plan", "right", pin="0000")
    with pytest.raises(ActionError, match="PIN"):
        play.choose_secret("plan", "right")
    play.choose_secret("plan", "right", pin="2468")
    assert play.secret_value("plan", pin="2468") == "right"


def test_a_look_never_sets_a_pin(play: OpenSession) -> None:
    play.choose_secret("plan", WORD)
    assert play.secret_value("plan", pin="9999") == WORD  # no PIN was set: nothing to check
    assert not play.pin_is_set("Captain")


def test_the_pin_is_kept_salted_with_scrypt(play: OpenSession, table: Tableside) -> None:
    play.choose_secret("plan", WORD, pin="2468")
    record = table.setting(pins.setting_key(play.id, "Captain"))
    assert record["scheme"] == "scrypt" and record["n"] >= 2 ** 14
    assert "2468" not in json.dumps(record)
    assert record["hash"] != hashlib.sha256(f"{play.id}:2468".encode()).hexdigest()
    again = pins.make("2468")
    assert again["salt"] != record["salt"] and again["hash"] != record["hash"]  # salted
    assert pins.matches(record, "2468", play.id) and not pins.matches(record, "2469", play.id)


def test_an_older_sha256_pin_is_still_honoured(play: OpenSession, table: Tableside) -> None:
    play.choose_secret("plan", WORD)
    table.set_setting(pins.legacy_key(play.id, "Captain"),
                      hashlib.sha256(f"{play.id}:4321".encode()).hexdigest())
    with pytest.raises(ActionError, match="not the Captain's PIN"):
        play.secret_value("plan", pin="1234")
    assert play.secret_value("plan", pin="4321") == WORD


def test_a_bad_pin_when_choosing_changes_nothing(play: OpenSession) -> None:
    with pytest.raises(ActionError, match="PIN: give 1 to"):
        play.choose_secret("plan", WORD, pin="x" * 100)
    assert play.session.events == [] and not play.pin_is_set("Captain")
    with pytest.raises(ActionError, match="choose one of left, right"):
        play.choose_secret("plan", "up", pin="1234")
    assert not play.pin_is_set("Captain")  # the choice failed: no PIN was set either


def test_looks_after_a_restart_are_still_in_the_history(play: OpenSession,
                                                        table: Tableside) -> None:
    play.choose_secret("plan", WORD, pin="11")
    play.secret_value("plan", pin="11")
    play.close()
    again = table.load(play.id)
    assert any(h.text.endswith("looked at Plan") for h in again.history())
    assert again.secret_value("plan", pin="11") == WORD
    assert again.state.piece("plan", Secret).value != WORD
    again.close()


def test_revealed_values_are_public(play: OpenSession) -> None:
    play.choose_secret("plan", WORD, pin="11")
    notes = play.do("reveal_secret", secret="plan")
    assert WORD in notes[0].text and "nonce" in notes[0].text and "it matches" in notes[0].text
    assert play.state.piece("plan", Secret).value == WORD
    assert play.secret_value("plan") == WORD  # public now: no PIN, no log line
    assert not play.history()[-1].text.endswith("looked at Plan")


def test_looking_at_nothing_or_a_non_secret_is_refused(play: OpenSession) -> None:
    with pytest.raises(ActionError, match="nothing has been chosen"):
        play.secret_value("plan")
    with pytest.raises(ActionError, match="secret: 'fires' is not a secret"):
        play.secret_value("fires")
    assert play.session.events == []


def test_the_games_own_secrets_can_be_looked_at_too(play: OpenSession) -> None:
    """A managed secret (chosen by the game's own action) is looked at the same way."""
    play.choose_secret("plan", WORD)
    play.session.state.piece("plan", Secret).managed = True
    assert play.secret_value("plan") == WORD
    assert play.history()[-1].text.endswith("looked at Plan")


@pytest.mark.parametrize(("owner", "line"), [
    ("Ann", "Ann looked at Plan"),
    ("Ann's player", "Ann's player looked at Plan"),
    ("Lifeform player", "The Lifeform player looked at Plan"),
    ("Crew (not the Lifeform player)", "The Crew (not the Lifeform player) looked at Plan"),
])
def test_the_log_line_names_who_looked_as_the_table_says_it(
        play: OpenSession, owner: str, line: str) -> None:
    play.choose_secret("plan", WORD)
    play.session.state.piece("plan", Secret).owner = owner
    play.secret_value("plan")
    assert play.history()[-1].text == line
