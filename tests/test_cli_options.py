"""The command line as people expect: --data-dir anywhere, players named and a play mode chosen
at `new`, --explain kept with --json and --csv, help that says how to open the app, and
messages that never send a shell user to keys that exist only in the app."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import global_options_first, main
from tests.demo import INFO as DEMO_INFO
from tests.demo.game import GAME
from trackers.engine.info import PlayMode
from trackers.games import registry

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "phoenix-score.json"

MODES = dataclasses.replace(
    GAME, info=dataclasses.replace(
        DEMO_INFO, id="demo-modes", title="Demo Modes",
        modes=(PlayMode("standard", "standard", (2, 3)), PlayMode("solo", "Solo", (1,)),
               PlayMode("duel", "Duel", (2,)))))


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.infos()
    monkeypatch.setitem(registry._INFOS, "demo", DEMO_INFO)
    monkeypatch.setitem(registry._LOADED, "demo", GAME)
    monkeypatch.setitem(registry._INFOS, "demo-modes", MODES.info)
    monkeypatch.setitem(registry._LOADED, "demo-modes", MODES)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- global options anywhere -----------------------------------------------------------------
def test_data_dir_is_accepted_before_or_after_the_command(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = tmp_path / "mine"
    code, out, err = run(capsys, "new", "demo", "--players", "2", "--data-dir", str(data))
    assert code == 0, err
    first = out.strip()
    code, out, err = run(capsys, "new", "demo", f"--data-dir={data}", "--players", "3")
    assert code == 0, err
    second = out.strip()
    code, out, _ = run(capsys, "saves", "list", "--json", "--data-dir", str(data))
    assert {r["id"] for r in json.loads(out)} == {first, second}
    code, out, _ = run(capsys, "--data-dir", str(data), "saves", "list", "--json")
    assert {r["id"] for r in json.loads(out)} == {first, second}
    code, out, _ = run(capsys, "saves", "list", "--json")  # the default folder: not there
    assert json.loads(out) == []


def test_global_options_first_leaves_arguments_after_a_double_dash_alone() -> None:
    assert global_options_first(["rules", "search", "--", "--data-dir", "x"]) == [
        "rules", "search", "--", "--data-dir", "x"]
    assert global_options_first(["saves", "list", "--data-dir", "d", "--json"]) == [
        "--data-dir", "d", "saves", "list", "--json"]


# --- new: names and mode --------------------------------------------------------------------------
def test_new_names_the_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "3",
                         "--names", "Ann, Bo,Cy")
    assert code == 0, err
    play = Tableside(tmp_path).load(out.strip())
    assert play.setup.names == ("Ann", "Bo", "Cy")
    play.close()


def test_new_with_the_wrong_number_of_names_says_so(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "3",
                       "--names", "Ann,Bo")
    assert code == 2 and "names: give 3 names, one per player" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "2",
                       "--names", "Ann,ann")
    assert code == 2 and "give each player a different name" in err
    assert Tableside(tmp_path).sessions() == []


def test_new_takes_a_play_mode(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-modes",
                         "--players", "2", "--mode", "duel")
    assert code == 0, err
    play = Tableside(tmp_path).load(out.strip())
    assert play.setup.mode == "duel"
    play.close()
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-modes",
                         "--players", "2")
    assert code == 0, err
    play = Tableside(tmp_path).load(out.strip())
    assert play.setup.mode == "standard"  # the first mode for two players
    play.close()


def test_a_mode_that_does_not_exist_or_fit_the_count_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-modes",
                       "--players", "2", "--mode", "coop")
    assert code == 2 and "mode: 'coop'" in err and "standard, solo, duel" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-modes",
                       "--players", "2", "--mode", "solo")
    assert code == 2 and "players:" in err and "Solo is played by 1" in err


# --- score phoenix --explain ----------------------------------------------------------------------
def test_explain_is_included_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "phoenix", str(EXAMPLE), "--json", "--explain")
    assert code == 0
    data = json.loads(out)
    assert [p["name"] for p in data["explain"]] == ["Anna", "Beth", "Connor"]
    pink = next(c for c in data["explain"][0]["cells"] if "pink" in c["label"])
    assert pink["points"] == 7 and pink["why"]
    total = data["explain"][2]["cells"][-1]
    assert total["label"] == "Total" and total["points"] == 159
    code, out, _ = run(capsys, "score", "phoenix", str(EXAMPLE), "--json")
    assert "explain" not in json.loads(out)  # only when asked


def test_explain_is_included_in_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "phoenix", str(EXAMPLE), "--csv", "--explain")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    why = [r for r in rows if r and r[0].startswith("Why: ")]
    scored = [r for r in rows[1:] if r and not r[0].startswith(("Why: ", "Winner"))]
    assert [r[0] for r in why] == [f"Why: {r[0]}" for r in scored]  # every category, total too
    assert all(len(r) == 4 and all(r[1:]) for r in why)
    plain_rows = list(csv.reader(io.StringIO(run(capsys, "score", "phoenix", str(EXAMPLE),
                                                 "--csv")[1])))
    assert rows[:len(plain_rows)] == plain_rows  # the score rows are unchanged, reasons after


# --- help and wording -----------------------------------------------------------------------------
def test_help_says_plain_tableside_opens_the_app(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "plain `tableside`" in out and "open the app" in out
    assert "verify" in out


APP_KEYS = re.compile(r"\bpress\b|\bctrl\+|\bkeys?\b(?!=)|\(\s*[a-z?]\s*\)|`[a-z?]`", re.IGNORECASE)


def test_cli_messages_never_mention_app_keys(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    data = str(tmp_path)
    code, out, _ = run(capsys, "--data-dir", data, "new", "demo", "--players", "2")
    sid = out.strip()
    said = []
    for argv in (("actions", sid), ("do", sid, "advance", "spaces=5"),
                 ("do", sid, "open_hatch"), ("do", sid, "advance", "spaces=99"),
                 ("do", sid, "nonsense"), ("undo", sid), ("redo", sid), ("redo", sid),
                 ("saves", "show", sid), ("saves", "list"), ("do", sid, "reveal_secret",
                                                             "secret=plan"),
                 ("profile", "show", "demo"), ("saves", "delete", "nope")):
        code, out, err = run(capsys, "--data-dir", data, *argv)
        said.append(out + err)
    text = "\n".join(said)
    assert "needs a value from your board" in text  # the open_hatch refusal was said
    assert f"tableside do {sid} set_board_value key=hatch_space value=" in text
    assert not APP_KEYS.search(text), APP_KEYS.search(text)


def test_help_lists_no_hidden_command_marker(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "SUPPRESS" not in out and "serve" in out
