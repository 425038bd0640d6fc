"""A rule's bug leaves its traceback in the data folder's problem log, never a secret or a PIN;
the player is told where the log is (and, with TABLESIDE_DEBUG, the traceback itself)."""

from __future__ import annotations

import dataclasses
import stat
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tableside.problem_log import LOG_NAME
from tests.demo.game import GAME
from tests.demo.game import setup as demo_setup
from tests.pilot_keys import record_notifications, resume_first, save_game
from trackers.engine import Game, SessionSetup, State
from trackers.engine import session as engine_session
from trackers.games import registry
from trackers.pieces import Secret

SECRET = "ZEBRA-SEVEN-QX"  # Ann's objective: this text appears nowhere else
PIN = "8362-ann"


def _with_objective(setup: SessionSetup, rng: Random) -> State:
    state = demo_setup(setup, rng)
    state.pieces["objective"] = Secret("Ann's kept Objective", "Ann")
    return state


KEPT: Game = dataclasses.replace(
    GAME, info=dataclasses.replace(GAME.info, id="demo-kept", title="Demo Kept"),
    setup=_with_objective)


@pytest.fixture(autouse=True)
def kept_registered(monkeypatch: pytest.MonkeyPatch, demo_registered: None) -> None:
    registry.infos()
    monkeypatch.setitem(registry._INFOS, "demo-kept", KEPT.info)
    monkeypatch.setitem(registry._LOADED, "demo-kept", KEPT)


@pytest.fixture
def buggy_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rule misreads a key, and its error message quotes what it was given."""

    def misread(action: Any, state: State, args: dict[str, Any], rng: Random) -> Any:
        raise KeyError(f"scaned, given {SECRET} with {PIN}")

    monkeypatch.setattr(engine_session, "apply_action", misread)


def _log(data: Path) -> str:
    return (data / LOG_NAME).read_text(encoding="utf-8")


def test_a_bug_through_the_cli_is_logged_with_its_traceback_and_no_secret(
        tmp_path: Path, buggy_rule: None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLESIDE_DEBUG", raising=False)
    game = save_game(tmp_path, "demo-kept", 2, names=["Ann", "Bo"])
    code = main(["--data-dir", str(tmp_path), "do", game, "choose_secret", "secret=objective",
                 f"value={SECRET}", f"pin={PIN}"])
    err = capsys.readouterr().err
    assert code == 1
    log = tmp_path / LOG_NAME
    assert str(log) in err  # the message says where the details are
    assert "Traceback" not in err and SECRET not in err and PIN not in err
    text = _log(tmp_path)
    assert "Traceback (most recent call last)" in text
    assert "in misread" in text and "scaned" in text  # the frame and the error itself
    assert "choose_secret" in text and "value=(hidden)" in text  # as the history hides it
    assert SECRET not in text and PIN not in text
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


def test_tableside_debug_shows_the_traceback_on_screen_too(
        tmp_path: Path, buggy_rule: None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLESIDE_DEBUG", "1")
    game = save_game(tmp_path, "demo", 2, names=["Ann", "Bo"])
    assert main(["--data-dir", str(tmp_path), "do", game, "fire"]) == 1
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "in misread" in err
    assert str(tmp_path / LOG_NAME) in err


def test_a_bug_in_a_script_is_marked_so_its_log_hides_the_secret(
        tmp_path: Path, buggy_rule: None) -> None:
    """The API tells whoever logs the error what to hide: a script's own report is clean."""
    from tableside.problem_log import report

    table = Tableside(tmp_path)
    play = table.create("demo-kept", 2, names=["Ann", "Bo"])
    with pytest.raises(KeyError) as caught:
        play.choose_secret("objective", SECRET, pin=PIN)
    problem = report(tmp_path, caught.value)
    assert problem.path == tmp_path / LOG_NAME
    assert SECRET not in problem.error and PIN not in problem.error
    text = _log(tmp_path)
    assert "scaned" in text and SECRET not in text and PIN not in text
    report(tmp_path, caught.value)  # reported again (the app, then the CLI): logged once
    assert _log(tmp_path).count("Traceback") == 1
    play.close()
    table.close()


async def test_a_bug_in_the_app_is_logged_and_the_toast_says_where(
        tmp_path: Path, buggy_rule: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.app import TablesideApp

    monkeypatch.delenv("TABLESIDE_DEBUG", raising=False)
    save_game(tmp_path, "demo", 2, names=["Ann", "Bo"])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        messages = record_notifications(app)
        await pilot.press("f")  # Add a fire: the rule's bug
        await pilot.pause()
        assert app.screen is screen and screen.play.head == 0  # nothing recorded, still here
    said = [m for m in messages if "hit a problem" in m]
    assert said and str(tmp_path / LOG_NAME) in said[0], messages
    assert "Traceback" not in said[0]
    assert "in misread" in _log(tmp_path)


def test_the_log_rotates_and_every_file_stays_private(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from tableside import problem_log

    monkeypatch.setattr(problem_log, "LOG_BYTES", 600)
    for n in range(8):
        try:
            raise ValueError(f"problem {n}")
        except ValueError as err:
            problem_log.report(tmp_path, err)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == [LOG_NAME, f"{LOG_NAME}.1", f"{LOG_NAME}.2"]  # the oldest dropped
    assert "problem 7" in _log(tmp_path)
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in tmp_path.iterdir())
