"""The ``tableside`` command for scripts: new, actions, do, undo, redo, saves list/show/...

Run in-process through ``tableside.cli.main``. The tests use the small demo game (registered
here for the test only) so they do not depend on a game module's rules.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tableside import __version__
from tableside.api import Tableside
from tableside.cli import main
from tests.demo import INFO as DEMO_INFO
from tests.demo.game import GAME
from tests.demo.game import setup as demo_setup
from trackers.engine import Game, Option, SessionSetup, State
from trackers.games import registry
from trackers.pieces import Secret

SECRET_WORD = "ZEBRA-SEVEN"


def _spy_setup(setup: SessionSetup, rng: Random) -> State:
    state = demo_setup(setup, rng)
    state.pieces["codeword"] = Secret("Code word", "Captain")  # free text: any value
    state.facts["modules"] = setup.options["modules"]
    return state


SPY: Game = dataclasses.replace(
    GAME, info=dataclasses.replace(GAME.info, id="demo-spy", title="Demo Spy"),
    setup=_spy_setup,
    options=(Option("modules", "Modules", "multi", [], ("A", "B", "C")),
             Option("hard", "Hard mode", "bool", False),
             Option("crew", "Crew", "choice", "red", ("red", "blue"))),
)


@pytest.fixture(autouse=True)
def isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    registry.infos()  # the real games first, then the demo beside them for this test
    monkeypatch.setitem(registry._INFOS, "demo", DEMO_INFO)
    monkeypatch.setitem(registry._LOADED, "demo", GAME)
    monkeypatch.setitem(registry._INFOS, "demo-spy", SPY.info)
    monkeypatch.setitem(registry._LOADED, "demo-spy", SPY)
    # never the user's real data folder, even when a test forgets --data-dir
    monkeypatch.setenv("TABLESIDE_DATA_DIR", str(tmp_path / "env-default"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new(capsys: pytest.CaptureFixture[str], data: Path, *extra: str) -> str:
    code, out, err = run(capsys, "--data-dir", str(data), "new", "demo", "--players", "2",
                         "--seed", "cli", *extra)
    assert code == 0, err
    return out.strip()


def show(capsys: pytest.CaptureFixture[str], data: Path, session_id: str) -> dict[str, Any]:
    code, out, err = run(capsys, "--data-dir", str(data), "saves", "show", session_id, "--json")
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"tableside {__version__}"


def test_new_prints_the_id_and_the_session_is_saved(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    session_id = new(capsys, tmp_path, "--title", "Game night")
    assert session_id
    assert (tmp_path / "sessions" / f"{session_id}.jsonl").exists()
    assert [s.title for s in Tableside(tmp_path).sessions()] == ["Game night"]


def test_new_with_a_bad_player_count_or_game_says_so(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "7")
    assert code != 0 and "players" in err and out == ""
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "chess", "--players", "2")
    assert code != 0 and "chess" in err and "demo" in err
    assert Tableside(tmp_path).sessions() == []


def test_new_takes_options_of_every_kind(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-spy", "--players", "2",
                         "--option", "modules=A", "--option", "hard=yes",
                         "--option", "crew=blue")
    assert code == 0, err
    options = show(capsys, tmp_path, out.strip())["setup"]["options"]
    assert options == {"modules": ["A"], "hard": True, "crew": "blue"}
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-spy", "--players", "2",
                         "--option", "modules=B,C", "--option", "modules=")
    assert code == 0, err
    assert show(capsys, tmp_path, out.strip())["setup"]["options"]["modules"] == []
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-spy", "--players", "2",
                       "--option", "modules=Z")
    assert code != 0 and "modules" in err and "A, B, C" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo-spy", "--players", "2",
                       "--option", "speed=3")
    assert code != 0 and "speed" in err


def test_actions_lists_every_action_with_its_arguments(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    session_id = new(capsys, tmp_path)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "actions", session_id, "--json")
    assert code == 0, err
    rows = {row["name"]: row for row in json.loads(out)}
    assert {"advance", "draw", "fire", "set_value", "choose_secret"} <= set(rows)
    assert rows["advance"]["args"] == [{"name": "spaces", "optional": False,
                                        "allowed": "a whole number from 1 to 30"}]
    assert rows["advance"]["available"] is True
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "actions", session_id)
    assert code == 0 and "advance" in out and "spaces=<a whole number from 1 to 30>" in out


def test_do_applies_an_action_and_prints_its_notes(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    session_id = new(capsys, tmp_path)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", session_id, "advance",
                         "spaces=5", "--json")
    assert code == 0, err
    assert json.loads(out) == {"head": 1, "notes": ["Twenty reached: open the hatch"]}
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "do", session_id, "fire")
    assert code == 0 and out == ""  # a fire has nothing to say below the limit
    assert show(capsys, tmp_path, session_id)["head"] == 2


@pytest.mark.parametrize(("args", "field"), [
    (["spaces=99"], "spaces"), (["spaces=two"], "spaces"), ([], "spaces"),
    (["spaces=2", "speed=1"], "speed"), (["spaces"], "argument"),
])
def test_do_with_a_bad_argument_fails_names_the_field_and_records_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], field: str
) -> None:
    session_id = new(capsys, tmp_path)
    journal = tmp_path / "sessions" / f"{session_id}.jsonl"
    before = journal.read_bytes()
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", session_id, "advance", *args)
    assert code != 0
    assert field in err and err.startswith("tableside: ")
    assert "Traceback" not in err and out == ""
    assert journal.read_bytes() == before
    assert show(capsys, tmp_path, session_id)["head"] == 0


def test_do_an_unknown_action_or_session(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    session_id = new(capsys, tmp_path)
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", session_id, "fly")
    assert code != 0 and "no action named 'fly'" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", "nope", "fire")
    assert code != 0 and "no saved session with id 'nope'" in err


def test_undo_and_redo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    session_id = new(capsys, tmp_path)
    for spaces in ("1", "2", "3"):
        assert run(capsys, "--data-dir", str(tmp_path), "do", session_id, "advance",
                   f"spaces={spaces}")[0] == 0
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "undo", session_id, "--steps", "2")
    assert code == 0 and "Undone:" in out
    data = show(capsys, tmp_path, session_id)
    assert data["head"] == 1
    assert [h["undone"] for h in data["history"]] == [False, True, True]
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "redo", session_id)
    assert code == 0 and "Redone: Advance the countdown (spaces=2)" in out
    assert show(capsys, tmp_path, session_id)["head"] == 2
    run(capsys, "--data-dir", str(tmp_path), "undo", session_id, "--steps", "2")
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "undo", session_id)
    assert code != 0 and "nothing to undo" in err


def test_saves_list_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "list")
    assert code == 0 and "No saved sessions yet." in out
    first = new(capsys, tmp_path, "--title", "One")
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "list", "--json")
    rows = json.loads(out)
    assert code == 0
    assert [(r["id"], r["title"], r["game"], r["players"], r["status"]) for r in rows] == [
        (first, "One", "demo", 2, "in progress")]
    assert {"created", "updated"} <= set(rows[0])


def test_saves_show_never_prints_a_secret(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "new", "demo-spy", "--players", "2")
    session_id = out.strip()
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", session_id, "choose_secret",
                         "secret=codeword", f"value={SECRET_WORD}", "pin=none", "--json")
    assert code == 0, err
    assert SECRET_WORD not in out
    for argv in (["saves", "show", session_id, "--json"], ["saves", "show", session_id],
                 ["saves", "list", "--json"], ["actions", session_id, "--json"]):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *argv)
        assert code == 0, err
        assert SECRET_WORD not in out + err, argv
    data = show(capsys, tmp_path, session_id)
    assert data["state"]["pieces"]["codeword"]["value"] is None
    assert data["state"]["pieces"]["codeword"]["code"]  # the commitment code is public
    run(capsys, "--data-dir", str(tmp_path), "do", session_id, "reveal_secret", "secret=codeword")
    assert show(capsys, tmp_path, session_id)["state"]["pieces"]["codeword"]["value"] == (
        SECRET_WORD)


def test_saves_rename_and_delete(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = new(capsys, tmp_path)
    code, _, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "rename", session_id, "Renamed")
    assert code == 0
    assert show(capsys, tmp_path, session_id)["session"]["title"] == "Renamed"
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "saves", "rename", session_id, " ")
    assert code != 0 and "title" in err
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "delete", session_id)
    assert code == 0 and "Kept." in out
    assert len(Tableside(tmp_path).sessions()) == 1
    code, _, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "delete", session_id, "--yes")
    assert code == 0
    assert Tableside(tmp_path).sessions() == []
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "saves", "delete", session_id, "--yes")
    assert code != 0 and "no saved session" in err


def test_the_environment_variable_chooses_the_data_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_dir = tmp_path / "from-env"
    flag_dir = tmp_path / "from-flag"
    monkeypatch.setenv("TABLESIDE_DATA_DIR", str(env_dir))
    code, out, _ = run(capsys, "new", "demo", "--players", "2")
    assert code == 0
    assert [s.id for s in Tableside(env_dir).sessions()] == [out.strip()]
    # --data-dir wins over the environment
    code, out, _ = run(capsys, "--data-dir", str(flag_dir), "new", "demo", "--players", "3")
    assert code == 0
    assert [s.id for s in Tableside(flag_dir).sessions()] == [out.strip()]
    assert len(Tableside(env_dir).sessions()) == 1


@pytest.mark.parametrize("argv", [["--data-dir", "DIR"], ["--data-dir=DIR"], []])
def test_the_app_opens_on_the_chosen_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    opened: list[Path] = []

    class FakeApp:
        return_code = 0

        def __init__(self, data_dir: Path) -> None:
            opened.append(data_dir)

        def run(self) -> None:
            pass

    monkeypatch.setattr("tui.app.TablesideApp", FakeApp)
    monkeypatch.setenv("TABLESIDE_DATA_DIR", str(tmp_path / "env"))
    target = tmp_path / "flag"
    assert main([a.replace("DIR", str(target)) for a in argv]) == 0
    assert opened == [target if argv else tmp_path / "env"]


def test_a_damaged_catalog_is_reported_on_stderr_not_in_the_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session_id = new(capsys, tmp_path)
    (tmp_path / "catalog.json").write_text("junk")
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "saves", "list", "--json")
    assert code == 0
    assert [r["id"] for r in json.loads(out)] == [session_id]
    assert "warning" in err and "catalog.json" in err


REAL_GAMES = sorted(registry.PACKAGES)  # by package; the registry reads each one's id


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_each_registered_game_can_be_started_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game_id: str
) -> None:
    game_id = next(i.id for i in registry.infos() if i.package == game_id)
    game = registry.get_game(game_id)  # a missing module is a failure, never a skip
    players = game.player_counts[0]
    argv = ["--data-dir", str(tmp_path), "new", game_id, "--players", str(players)]
    code, out, err = run(capsys, *argv)
    if code != 0:
        # a game may need picks with no default (e.g. the crew in play): pick as a table would
        picks = [f"{o.name}={','.join(o.choices[:players])}" for o in game.options
                 if o.kind == "multi" and o.name in err]
        assert picks, err  # a refusal must name the option it needs
        code, out, err = run(capsys, *argv, *(x for p in picks for x in ("--option", p)))
    assert code == 0, err
    session_id = out.strip()
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "actions", session_id, "--json")
    assert code == 0, err
    assert any(row["name"] == "set_value" for row in json.loads(out))
    assert show(capsys, tmp_path, session_id)["game"] == game_id


def test_delete_without_yes_and_without_a_terminal_keeps_the_session(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2)
    play.close()
    table.close()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--data-dir", str(tmp_path), "saves", "delete", play.id]) == 1
    assert "--yes" in capsys.readouterr().err
    assert [s.id for s in Tableside(tmp_path).sessions()] == [play.id]
    assert main(["--data-dir", str(tmp_path), "saves", "delete", "no-such-id", "--yes"]) == 1
    assert "no saved session" in capsys.readouterr().err


def test_saves_list_shows_the_mode_in_measured_columns(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    """Each saved game's play mode as New game names it (co-op, solo, True Solo), every
    column starting at the same cell on each line, wide titles (emoji) cut with "…"."""
    table = Tableside(tmp_path)
    made = {"fully co-operative": table.create("nemesis-lockdown", 3, mode="coop"),
            "solo": table.create("nemesis-lockdown", 1, mode="solo",
                                 title="Friday 🚀🚀 lockdown, a title long past thirty cells"),
            "semi-co-operative": table.create("nemesis-lockdown", 2, title="Ann & Bo")}
    for play in made.values():
        play.close()
    table.close()
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "saves", "list")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == 3
    for mode, play in made.items():
        line = next(line for line in lines if line.startswith(play.id))
        assert f"  {mode}  " in line, (mode, line)
    assert "Friday 🚀🚀 lockdown" in out and "past thirty cells" not in out
    assert "…" in next(line for line in lines if line.startswith(made["solo"].id))
    from rich.cells import cell_len
    when = {r.id: r.updated for r in Tableside(tmp_path).sessions()}
    for column in ("p  ", "updated"):
        starts = set()
        for line in lines:
            mark = when[line[:line.index(" ")]] if column == "updated" else column
            starts.add(cell_len(line[:line.index(mark)]))
        assert len(starts) == 1, (column, lines)  # in line after titles of any width
