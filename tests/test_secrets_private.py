"""Private through the API: hidden in ``play.state``, read by an explicit call with the owner's
PIN (set once, at their first secret, or declined), every look in the table's log under the
owner, and never in the log, an export or the catalog."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from random import Random

import pytest

from tableside import pins, vault
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


PIN = "ann-pin-1"


def test_play_state_shows_an_unrevealed_secret_as_hidden(table: Tableside) -> None:
    play = table.create("demo-private", 2, names=["Ann", "Bo"], title="Spy game")
    play.choose_secret("objective", FREE, pin=PIN)
    real = play.session.state.piece("objective", Secret)
    shown = play.state.piece("objective", Secret)
    assert real.value is None and real.nonce is None and real.locked is not None  # sealed
    assert shown.is_set and shown.code == real.code
    assert "hidden (code" in shown.summary()
    assert play.secret_value("objective", pin=PIN) == FREE
    assert play.table_log()[-1].text == "Ann looked at Ann's kept Objective (with their PIN)"
    assert FREE not in _everything_shown(play, table)
    play.close()
    assert FREE not in "".join(p.read_text(encoding="utf-8", errors="replace")
                               for p in table.root.glob("*.json*"))  # the catalog


def test_the_hidden_view_is_made_once_per_change(play: OpenSession) -> None:
    """Cheap enough for every screen refresh: the same object until the state changes."""
    assert play.state is play.state
    before = play.state
    play.choose_secret("plan", WORD, decline_pin=True)
    assert play.state is not before and play.state is play.state


def test_reading_a_secret_is_an_explicit_call_and_is_logged(play: OpenSession) -> None:
    play.do("advance", spaces=2)
    play.choose_secret("plan", WORD, decline_pin=True)
    notes_before = [n.text for n in play.notes]
    head = play.head
    assert play.secret_value("plan") == WORD  # declined: no PIN to ask
    assert play.table_log()[-1].text == "Captain looked at Plan (with their PIN)"
    assert [n.text for n in play.notes] == notes_before  # a look changes nothing at the table
    assert play.head == head  # and is no numbered event: no later draw shifts
    assert WORD not in json.dumps([h.text for h in play.history()])


def test_the_first_secret_sets_the_pin_or_declines_it(play: OpenSession) -> None:
    """Neither given: refused, saying both ways and why; a PIN under 6 characters too."""
    with pytest.raises(ActionError, match="first secret in this game: set a PIN of at least 6 "
                                          "characters") as err:
        play.choose_secret("plan", WORD)
    assert "not from someone who opens the files" in str(err.value) and err.value.field == "pin"
    with pytest.raises(ActionError, match="pin: give 6 to 64 printable characters"):
        play.choose_secret("plan", WORD, pin="2468")
    assert play.session.events == [] and not play.has_key("Captain")
    play.choose_secret("plan", WORD, pin="246810")
    assert play.pin_is_set("Captain") and play.has_key("Captain")


def test_the_pin_is_set_once_and_checked_at_every_look(play: OpenSession) -> None:
    play.choose_secret("plan", WORD, pin="246810")
    with pytest.raises(ActionError, match="pin: no PIN for Plan"):
        play.secret_value("plan")
    with pytest.raises(ActionError, match="pin: a wrong PIN for Plan"):
        play.secret_value("plan", pin="135790")
    log = [line.text for line in play.table_log()]
    assert log == ["a try to open Plan without Captain's PIN was refused",
                   "a wrong PIN for Plan (Captain's)"]  # refused tries are logged, no look
    assert play.secret_value("plan", pin="246810") == WORD
    assert play.table_log()[-1].kind == "look"
    # A chosen secret is not chosen again where the rules do not let its owner change it,
    # even with their PIN; and a PIN given then is never a new PIN.
    with pytest.raises(ActionError, match="secret: 'plan' is not allowed"):
        play.choose_secret("plan", "right", pin="246810")
    assert play.secret_value("plan", pin="246810") == WORD
    with pytest.raises(ActionError, match="wrong PIN"):
        play.secret_value("plan", pin="000000")


@pytest.mark.usefixtures("production_pin_work_factors")
def test_the_wrapped_key_is_salted_scrypt_in_the_journal_not_settings(
        play: OpenSession, table: Tableside) -> None:
    play.choose_secret("plan", WORD, pin="246810")
    assert table.setting(pins.setting_key(play.id, "Captain")) is None  # never settings.json
    record = play.session.events[-1].keys["Captain"]  # in the choice's own record
    wrap = record["wrap"]
    assert wrap["scheme"] == "scrypt-aesgcm" and wrap["n"] >= 2 ** 14 and wrap["r"] >= 8
    assert "246810" not in json.dumps(record)
    other = vault.new_key("246810")[1]["wrap"]
    assert other["salt"] != wrap["salt"] and other["box"] != wrap["box"]  # salted
    assert vault.unwrap(record, "246810")
    with pytest.raises(vault.WrongPin):
        vault.unwrap(record, "246811")


def test_an_older_game_keeps_its_plain_value_and_settings_pin(
        play: OpenSession, table: Tableside) -> None:
    """A game saved before: its value in the clear in the journal (no migration), its PIN
    (scrypt or the older sha256) in settings.json, both still honoured."""
    play.record_action("choose_secret", {"secret": "plan", "value": WORD})  # as before
    assert play.session.events[-1].args["value"] == WORD  # in the clear in the journal
    table.set_setting(pins.legacy_key(play.id, "Captain"),
                      hashlib.sha256(f"{play.id}:4321".encode()).hexdigest())
    play.close()
    again = table.load(play.id)
    with pytest.raises(ActionError, match="not the Captain's PIN"):
        again.secret_value("plan", pin="1234")
    assert again.secret_value("plan", pin="4321") == WORD
    with pytest.raises(ActionError, match="the Captain set a PIN"):
        again.do("reveal_secret", secret="plan")  # the reveal asks it too
    note = again.do("reveal_secret", secret="plan", pin="4321")[0].text
    assert WORD in note and "it matches" in note
    again.close()


def test_a_bad_value_when_choosing_changes_nothing(play: OpenSession) -> None:
    with pytest.raises(ActionError, match="pin: give 6 to 64"):
        play.choose_secret("plan", WORD, pin="x" * 100)
    assert play.session.events == [] and not play.pin_is_set("Captain")
    with pytest.raises(ActionError, match="choose one of left, right"):
        play.choose_secret("plan", "up", pin="123456")
    assert not play.pin_is_set("Captain")  # the choice failed: no PIN was set either


def test_looks_after_a_restart_are_still_in_the_log(play: OpenSession,
                                                    table: Tableside) -> None:
    play.choose_secret("plan", WORD, pin="112233")
    play.secret_value("plan", pin="112233")
    play.close()
    again = table.load(play.id)
    assert [line.kind for line in again.table_log()] == ["look"]
    assert again.secret_value("plan", pin="112233") == WORD
    assert again.session.state.piece("plan", Secret).value is None  # still sealed
    again.close()


def test_revealed_values_are_public(play: OpenSession) -> None:
    play.choose_secret("plan", WORD, pin="112233")
    with pytest.raises(ActionError, match="no PIN for Plan"):
        play.do("reveal_secret", secret="plan")
    notes = play.do("reveal_secret", secret="plan", pin="112233")
    assert WORD in notes[0].text and "nonce" in notes[0].text and "it matches" in notes[0].text
    assert play.state.piece("plan", Secret).value == WORD
    looks = len(play.table_log())
    assert play.secret_value("plan") == WORD  # public now: no PIN, no log line
    assert len(play.table_log()) == looks


def test_looking_at_nothing_or_a_non_secret_is_refused(play: OpenSession) -> None:
    with pytest.raises(ActionError, match="nothing has been chosen"):
        play.secret_value("plan")
    with pytest.raises(ActionError, match="secret: 'fires' is not a secret"):
        play.secret_value("fires")
    assert play.session.events == [] and play.table_log() == []


def test_a_look_is_logged_under_the_owner_never_a_name_the_caller_types(
        play: OpenSession) -> None:
    """The old ``peek_secret who=...`` logged a look for anyone: now the owner, with the PIN."""
    play.choose_secret("plan", WORD, pin="112233")
    with pytest.raises(ActionError, match="no PIN"):
        play.do("peek_secret", secret="plan", who="Cy the ghost")
    play.do("peek_secret", secret="plan", pin="112233")
    texts = [line.text for line in play.table_log()]
    assert texts[-1] == "Captain looked at Plan (with their PIN)"
    assert not any("Cy" in t for t in texts)


@pytest.mark.parametrize(("owner", "line"), [
    ("Ann", "Ann looked at Plan (with their PIN)"),
    ("Ann's player", "Ann's player looked at Plan (with their PIN)"),
    ("Lifeform player", "The Lifeform player looked at Plan (with their PIN)"),
    ("Crew (not the Lifeform player)",
     "The Crew (not the Lifeform player) looked at Plan (with their PIN)"),
])
def test_the_log_line_names_who_looked_as_the_table_says_it(
        play: OpenSession, owner: str, line: str) -> None:
    play.session.state.piece("plan", Secret).owner = owner
    play.choose_secret("plan", WORD, decline_pin=True)
    play.secret_value("plan")
    assert play.table_log()[-1].text == line
