"""The owner's PIN from the shell: `tableside pin` sets it before play (or declines it, or
changes it), read unseen; choosing a secret of an owner with a PIN needs it; `tableside
actions` lists pin where an action takes it and no argument the command refuses."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main

ANN = "ann-pin-1"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def game(tmp_path: Path) -> str:
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.close()
    table.close()
    return play.id


def test_a_pin_set_from_the_shell_guards_choosing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        game: str) -> None:
    data = ("--data-dir", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{ANN}\n"))
    code, out, err = run(capsys, *data, "pin", game, "Ann")
    assert code == 0, err
    assert "Ann's PIN set" in out and ANN not in out + err
    code, _, err = run(capsys, *data, "do", game, "choose_secret", "secret=p1_objective",
                       "value=Survive")
    assert code == 1 and "pin: no PIN for Ann's kept Objective" in err
    code, _, err = run(capsys, *data, "do", game, "choose_secret", "secret=p1_objective",
                       "value=Survive", "pin=bo-pin-22")
    assert code == 1 and "a wrong PIN" in err
    code, _, err = run(capsys, *data, "do", game, "choose_secret", "secret=p1_objective",
                       "value=Survive", f"pin={ANN}")
    assert code == 0, err
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{ANN}\nnew-pin-33\n"))
    code, out, err = run(capsys, *data, "pin", game, "Ann", "--change")
    assert code == 0 and "Ann's PIN changed" in out, err
    code, out, err = run(capsys, *data, "do", game, "peek_secret", "secret=p1_objective",
                         "pin=new-pin-33")
    assert code == 0 and "Survive" in out


def test_actions_lists_pin_where_it_is_taken_and_nothing_the_command_refuses(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "actions", game, "--json")
    assert code == 0, err
    args = {row["name"]: [a["name"] for a in row["args"]] for row in json.loads(out)}
    assert args["choose_secret"] == ["secret", "value", "pin"]
    assert args["reveal_secret"] == ["secret", "owner_absent", "pin"]  # its way on without
    assert args["peek_secret"] == ["secret", "pin"]  # who looked is never typed
    assert "pin" not in args["set_value"]


def test_decline_pin_typed_as_an_argument_is_refused_by_name(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str) -> None:
    """Played from the shell: `decline_pin=yes` ended in "unexpected problem: TypeError"."""
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", game, "choose_secret",
                         "decline_pin=yes")
    assert code != 0
    assert "decline_pin: not an argument of the command; to go without a PIN give pin=none" \
        in err
    assert "unexpected problem" not in err
