"""Looks, wrong PINs and reveals are facts of the table: logged outside the numbered
events, never taken back by undo (a reveal whose action is undone says so), in the report, its
Markdown, ``report --json`` and ``saves show --json``; wrong PINs slow the next try, across
processes, by a refusal that says how long to wait (never a sleep)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tableside import audit
from tableside.api import OpenSession, Tableside
from tableside.cli import main
from tableside.history import report_markdown
from trackers.engine import ActionError
from trackers.pieces import Secret

PIN = "ann-pin-1"


@pytest.fixture
def table(tmp_path: Path) -> Tableside:
    return Tableside(tmp_path)


@pytest.fixture
def play(table: Tableside) -> OpenSession:
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p1_objective", "Get out alive", pin=PIN)
    return play


def wrong(play: OpenSession, times: int) -> None:
    for _ in range(times):
        with pytest.raises(ActionError, match="wrong PIN"):
            play.secret_value("p1_objective", pin="not-her-pin")


def test_the_third_wrong_pin_makes_the_next_try_wait(play: OpenSession) -> None:
    wrong(play, 3)
    with pytest.raises(ActionError, match=r"too many wrong PINs for Ann's secrets: wait 1 s"):
        play.secret_value("p1_objective", pin=PIN)  # even the right PIN waits
    with pytest.raises(ActionError, match="wait"):
        play.do("reveal_secret", secret="p1_objective", pin=PIN)
    kinds = [line.kind for line in play.table_log()]
    assert kinds == ["wrong_pin"] * 3  # a refused wait is no guess: not counted, not logged


def test_the_waits_double_up_to_a_minute() -> None:
    """1, 2, 4 ... 60 s after the 3rd, 4th, 5th ... wrong PIN, counted from the last one."""
    assert [min(audit.MAX_WAIT, 2 ** (n - audit.FREE_TRIES)) for n in range(3, 11)] == \
        [1, 2, 4, 8, 16, 32, 60, 60]


def test_the_wait_is_kept_across_processes_and_ends(play: OpenSession,
                                                    table: Tableside) -> None:
    wrong(play, 3)
    last = datetime.fromisoformat(play.table_log()[-1].at)
    play.close()
    again = table.load(play.id)  # another window, or the app restarted
    assert audit.wait_left(again, "Ann", at=last) == 1
    assert audit.wait_left(again, "Ann", at=last + timedelta(seconds=1)) == 0
    # After the wait, a 4th wrong PIN: the next wait is 2 s.
    again._records.append({"t": "audit", "kind": "wrong_pin", "owner": "Ann",
                           "secret": "x", "at": (last + timedelta(seconds=2)).isoformat()})
    assert audit.wait_left(again, "Ann", at=last + timedelta(seconds=2)) == 2
    # A PIN that opened the key (a look) ends the run of wrong ones.
    again._records.append({"t": "audit", "kind": "look", "owner": "Ann", "secret": "x",
                           "at": (last + timedelta(seconds=5)).isoformat()})
    assert audit.wait_left(again, "Ann", at=last + timedelta(seconds=5)) == 0
    again.close()


def test_a_wrong_pin_for_one_owner_does_not_slow_another(play: OpenSession) -> None:
    play.choose_secret("p2_objective", "Kill Ann", pin="bo-pin-22")
    wrong(play, 3)
    assert play.secret_value("p2_objective", pin="bo-pin-22") == "Kill Ann"


def _everywhere(play: OpenSession, table: Tableside, capsys: pytest.CaptureFixture[str]
                ) -> tuple[list[dict[str, object]], list[dict[str, object]], str]:
    """The log as ``report --json``, ``saves show --json`` and the report's Markdown say it."""
    play.close()
    data = str(table.root)
    assert main(["--data-dir", data, "report", play.id, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["table_log"]
    assert main(["--data-dir", data, "saves", "show", play.id, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["table_log"]
    again = table.load(play.id)
    markdown = report_markdown(again.report(), "t")
    again.close()
    return report, shown, markdown


def test_a_reveal_undone_and_overwritten_stays_in_the_log_marked_undone(
        play: OpenSession, table: Tableside, capsys: pytest.CaptureFixture[str]) -> None:
    play.do("reveal_secret", secret="p1_objective", pin=PIN)
    play.undo()
    play.do("choose_secret", secret="p1_contingency", value="Gray", pin=PIN)  # a new action after
    assert "hidden (code" in play.state.piece("p1_objective", Secret).summary()
    report, shown, markdown = _everywhere(play, table, capsys)
    for log in (report, shown):
        reveals = [line for line in log if line["kind"] == "reveal"]
        assert len(reveals) == 1 and reveals[0]["undone"] is True
        assert "Ann's kept Objective revealed" in str(reveals[0]["text"])
    assert "Ann's kept Objective revealed (Reveal a secret), opened with Ann's PIN (undone)" \
        in markdown


def test_a_reveal_kept_is_not_marked_undone(play: OpenSession, table: Tableside,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    play.do("reveal_secret", secret="p1_objective", pin=PIN)
    play.undo()
    play.redo()
    report, _, _ = _everywhere(play, table, capsys)
    assert [line["undone"] for line in report if line["kind"] == "reveal"] == [False]


def test_a_look_survives_undo_and_new_actions(play: OpenSession, table: Tableside,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    play.secret_value("p1_objective", pin=PIN)
    play.undo()  # takes back the choice itself
    play.do("choose_secret", secret="p1_contingency", value="Gray", pin=PIN)
    report, shown, markdown = _everywhere(play, table, capsys)
    for log in (report, shown):
        assert [line["kind"] for line in log] == ["look"]
        assert log[0]["text"] == "Ann looked at Ann's kept Objective (with their PIN)"
    assert "Ann looked at Ann's kept Objective" in markdown


def test_the_report_lists_every_code_the_table_saw(play: OpenSession, table: Tableside,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = play.state.piece("p1_objective", Secret).code
    report, _, markdown = _everywhere(play, table, capsys)
    assert f"| 1 | Ann's kept Objective | {code} |" in markdown
