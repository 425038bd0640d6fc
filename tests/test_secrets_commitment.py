"""A commitment the table can check: the code shown at the choice is the one the reveal uses.

The journal holds the value (the reveal must prove it), so someone with the file could edit
the value afterwards. These tests edit the recorded value exactly as such a person would (the
record itself, its checksum being the file layer's business) and replay: the reveal must say
the value does NOT match the code the table saw. Checked here on the session's own records,
independent of any tamper check the journal file adds.
"""

from __future__ import annotations

import copy
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tests.demo.game import GAME
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import ANSWERS, DRAWN, OPENED
from trackers.engine.records import fold
from trackers.pieces import Secret, commitment_code


class ListJournal:
    """A journal that keeps the records in memory, as the file would hold them."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def append(self, record: dict[str, Any]) -> None:
        self.records.append(copy.deepcopy(record))


def _replayed(records: list[dict[str, Any]]) -> Session:
    events, head = fold(records)
    return Session(GAME, SessionSetup(2), "commit", events=events, head=head)


def _chosen_session(value: str = "left") -> tuple[Session, ListJournal, str]:
    journal = ListJournal()
    s = Session(GAME, SessionSetup(2), "commit", journal=journal)
    nonce = "5f0c2a7e9b13d4c8a1e2f3b4c5d6e7f8"
    code = commitment_code(value, nonce)
    notes = s.do("choose_secret", secret="plan", value=value, nonce=nonce, code=code)
    assert code in notes[0].text
    return s, journal, code


def test_the_code_shown_at_the_choice_is_recorded_with_it() -> None:
    s, journal, code = _chosen_session()
    record = journal.records[-1]
    assert record["args"]["code"] == code
    assert record["args"]["nonce"] and record["args"]["value"] == "left"
    assert s.state.piece("plan", Secret).code == code


def test_an_untouched_record_reveals_as_a_match() -> None:
    _, journal, code = _chosen_session()
    s = _replayed(journal.records)
    note = s.do("reveal_secret", secret="plan")[0].text
    assert "left" in note and code in note
    assert "it matches" in note and "DOES NOT" not in note


def test_a_value_edited_in_the_record_does_not_match_at_the_reveal() -> None:
    _, journal, code = _chosen_session("left")
    edited = copy.deepcopy(journal.records)
    edited[-1]["args"]["value"] = "right"  # changed after the table saw the code
    s = _replayed(edited)
    assert s.state.piece("plan", Secret).code == code  # the code the table saw, not a new one
    note = s.do("reveal_secret", secret="plan")[0].text
    assert "right" in note and code in note
    assert "DOES NOT match" in note
    assert "it matches" not in note


def test_a_nonce_edited_to_fit_a_new_value_still_does_not_match() -> None:
    """Even rewriting the nonce too cannot make a new value fit the code the table saw."""
    _, journal, code = _chosen_session("left")
    edited = copy.deepcopy(journal.records)
    edited[-1]["args"].update(value="right", nonce="0" * 32)
    note = _replayed(edited).do("reveal_secret", secret="plan")[0].text
    assert "DOES NOT match" in note and code in note


def _opened(play: Any) -> dict[str, str]:
    """Value and nonce the reveal recorded in the clear (its ``_opened`` argument)."""
    return dict(play.session.events[play.head - 1].args[OPENED]["plan"])


def test_the_api_draws_a_real_nonce_and_makes_the_code_once(tmp_path: Path,
                                                           demo_registered: None) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="commit")
    notes = play.do("choose_secret", secret="plan", value="left", decline_pin=True)
    chosen = play.session.events[-1].args["value"]
    assert set(chosen) == {"code", "sealed", "to"}  # the journal holds code and ciphertext
    code = chosen["code"]
    assert code in notes[0].text and play.session.events[-1].args["nonce"] is None
    play.do("reveal_secret", secret="plan")
    shown = _opened(play)
    nonce = shown["nonce"]
    assert shown["value"] == "left" and len(nonce) == 32 and int(nonce, 16) >= 0  # 128 bits
    assert commitment_code("left", nonce) == code
    # The same seed never gives the same nonce: it does not come from the replayable stream.
    other = table.create("demo", 2, seed="commit")
    other.do("choose_secret", secret="plan", value="left", decline_pin=True)
    other.do("reveal_secret", secret="plan")
    assert _opened(other)["nonce"] != nonce
    # Edit the value the reveal recorded and replay the session's events: no match.
    event = play.session.events[-1]
    forged = {**event.args, OPENED: {"plan": {"value": "right", "nonce": nonce}}}
    events = [*play.session.events[:-1], type(event)(event.seq, event.action, forged, event.at)]
    s = Session(GAME, play.setup, "commit", events=events)
    assert "DOES NOT match" in s.notes[0].text
    play.close()
    other.close()
    table.close()


@pytest.mark.parametrize("given", [{"nonce": "my-nonce"},
                                   {"nonce": "abc", "code": "0000-0000-0000"},
                                   {"code": "0000-0000-0000"}])
def test_a_callers_own_nonce_or_code_is_refused(tmp_path: Path, demo_registered: None,
                                                given: dict[str, str]) -> None:
    """A player who commits with their own nonce could hold a pair of values with one code
    and reveal either: the app makes every nonce and code."""
    table = Tableside(tmp_path)
    play = table.create("demo", 2)
    field = "nonce" if "nonce" in given else "code"
    with pytest.raises(ActionError, match=f"{field}: the app makes every nonce") as err:
        play.do("choose_secret", secret="plan", value="left", decline_pin=True, **given)
    assert err.value.field == field
    assert play.session.events == []
    for reserved in (OPENED, ANSWERS, DRAWN):
        with pytest.raises(ActionError, match=f"{reserved}: "):
            play.do("reveal_secret", secret="plan", **{reserved: {}})
    assert play.session.events == []
    play.close()
    table.close()


def test_old_records_without_a_nonce_still_replay() -> None:
    """Journals from before the recorded commitment: the nonce comes from the event's stream."""
    s = Session(GAME, SessionSetup(2), "old")
    s.do("choose_secret", secret="plan", value="left")
    again = Session(GAME, SessionSetup(2), "old", events=s.events)
    assert again.state.piece("plan", Secret).code == s.state.piece("plan", Secret).code
    assert "it matches" in again.do("reveal_secret", secret="plan")[0].text


def test_the_readme_formula_gives_the_code() -> None:
    """The formula the README gives, computed by hand with hashlib."""
    digest = hashlib.sha256(b"n0nce\0Beta").hexdigest().upper()
    code = commitment_code("Beta", "n0nce")
    assert code == f"{digest[:4]}-{digest[4:8]}-{digest[8:12]}"  # 48 bits
    assert re.fullmatch(r"[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}", code)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert 'nonce + "\\0" + value' in readme and "tableside verify" in readme
    assert "first 12 hex digits" in readme and "XXXX-XXXX-XXXX" in readme


def test_a_code_shown_by_a_game_saved_before_still_checks(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Old games showed 8 digits (the same digest's first 8): the reveal and verify accept
    them, and a wrong value still fails."""
    from trackers.pieces.secret import same_code

    old = commitment_code("left", "abc")[:9]
    assert same_code(commitment_code("left", "abc"), old)
    assert not same_code(commitment_code("right", "abc"), old)
    status, out, _ = _verify(capsys, old, "left", "abc")
    assert status == 0 and "matches" in out


def _verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["verify", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_verify_by_hand_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = commitment_code("left", "abc123")
    status, out, _ = _verify(capsys, code, "left", "abc123")
    assert status == 0 and "matches" in out
    status, out, _ = _verify(capsys, code.lower().replace("-", ""), "left", "abc123")
    assert status == 0  # typed without the dash, in lower case
    status, out, _ = _verify(capsys, code, "right", "abc123")
    assert status == 1 and "does NOT match" in out


def test_verify_output_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _verify(capsys, "0000-0000", "\x1b[2J[b]x[/b]", "n")
    assert status == 1
    assert "\x1b" not in out + err and "[b]x[/b]" in out


def test_a_value_edited_in_the_journal_file_with_its_checksum_fixed_does_not_match(
        tmp_path: Path, demo_registered: None) -> None:
    """End to end, as the issue tried it: the reveal's line edited (value and nonce are there
    in the clear), its checksum recomputed; the code the table saw does not fit."""
    from saves.journal import decode_line, encode_line

    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="file")
    code = play.do("choose_secret", secret="plan", value="left",
                   decline_pin=True)[0].text.split()[-1]
    play.do("advance", spaces=1)
    play.do("reveal_secret", secret="plan")
    play.close()
    path = table.store.journal_path(play.id)
    lines = path.read_bytes().splitlines()
    for i, line in enumerate(lines):
        record = decode_line(line)
        if record and record.get("action") == "reveal_secret":
            record["args"][OPENED]["plan"]["value"] = "right"
            lines[i] = encode_line(record).rstrip(b"\n")
            assert decode_line(lines[i]) == record  # the checksum fits the edited line
    path.write_bytes(b"\n".join(lines) + b"\n")
    again = table.load(play.id)
    note = again.notes[0].text  # the reveal, replayed
    assert "right" in note and code in note and "DOES NOT match" in note
    again.close()
    table.close()
