"""Refusals with a reason in the CLI, for each game: ``tableside do`` an
action at the wrong time exits 1 with the reason and changes nothing; ``tableside actions``
marks it not possible now, with the same reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tests.refusals import CASES, Refusal, refused_game

pytestmark = pytest.mark.usefixtures("demo_registered")


def recorded(data: Path, game_id: str) -> int:
    """How many actions the game's journal holds."""
    play = Tableside(data).load(game_id, read_only=True)
    head = play.head
    play.close()
    return head


@pytest.mark.parametrize("case", CASES, ids=str)
def test_do_at_the_wrong_time_says_why_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Refusal) -> None:
    game_id = refused_game(tmp_path, case)
    head = recorded(tmp_path, game_id)
    code = main(["--data-dir", str(tmp_path), "do", game_id, case.action])
    out, err = capsys.readouterr()
    assert code == 1
    assert "is not possible now:" in err and case.reason in err, err
    assert recorded(tmp_path, game_id) == head  # nothing recorded


@pytest.mark.parametrize("case", CASES, ids=str)
def test_actions_marks_it_not_possible_now_with_the_reason(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Refusal) -> None:
    game_id = refused_game(tmp_path, case)
    assert main(["--data-dir", str(tmp_path), "actions", game_id]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = next(i for i, line in enumerate(lines) if line[2:].split(" ")[0] == case.action)
    assert lines[row].startswith("  ")  # not marked "*" (possible now)
    assert lines[row + 1].strip().startswith("not now:") and case.reason in lines[row + 1]
    assert main(["--data-dir", str(tmp_path), "actions", game_id, "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows[case.action]["available"] is False
    assert case.reason in rows[case.action]["why_not"]


def test_actions_lists_only_the_arguments_a_caller_gives(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """choose_secret's nonce and code are made by the app (the API refuses them): not
    offered."""
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 2, seed="args")
    play.close()
    assert main(["--data-dir", str(tmp_path), "actions", play.id]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines()
                if x[2:].startswith("choose_secret "))
    assert "secret=<" in line and "value=<" in line
    assert "nonce=" not in line and "code=" not in line
    assert main(["--data-dir", str(tmp_path), "actions", play.id, "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert [a["name"] for a in rows["choose_secret"]["args"]] == ["secret", "value", "pin"]
