"""One row per game, read-only commands that write nothing, and a full disk that tells the
truth.

Creates race in real processes (two writers and a `saves list` loop), each opening the data
folder afresh per game as the `tableside new` command does. The full disk is injected: every
call that would create or change a file raises ENOSPC, so a command that tries to write
fails the test, and one that does not is shown to work on a full disk.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from saves.catalog import Catalog
from tableside.api import Tableside, TablesideError
from tableside.cli import main
from tests.saves.test_saves_safety import edit_record

ROOT = Path(__file__).resolve().parents[2]

_CREATOR = """
import sys
from tableside.api import Tableside
data, count = sys.argv[1], int(sys.argv[2])
for _ in range(count):
    table = Tableside(data, by="cli")          # a fresh process opening, as `tableside new`
    table.create("lifeform", 3).close()
    table.close()
"""

_LISTER = """
import sys
from tableside.api import Tableside
data, count = sys.argv[1], int(sys.argv[2])
for _ in range(count):
    table = Tableside(data, read_only=True, by="cli")   # `tableside saves list`
    table.sessions()
    table.close()
"""


def _spawn(script: str, data: Path, count: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", script, str(data), str(count)], env=env,
                            stderr=subprocess.PIPE)


def _file_rows(data: Path) -> list[dict[str, Any]]:
    tables = json.loads((data / "catalog.json").read_text(encoding="utf-8"))
    return list(tables["sessions"].values())


def _journals(data: Path) -> set[str]:
    return {p.stem for p in (data / "sessions").glob("*.jsonl")}


def _files(data: Path) -> dict[str, tuple[str, int]]:
    """Every file and folder under ``data``: its content's hash (folders: '') and mode."""
    out = {}
    for path in sorted([data, *data.rglob("*")]):
        digest = "" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
        out[str(path.relative_to(data))] = (digest, path.stat().st_mode)
    return out


def test_two_processes_creating_30_games_each_beside_a_list_loop_leave_60_rows(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    Tableside(data).close()
    workers = [_spawn(_CREATOR, data, 30), _spawn(_CREATOR, data, 30),
               _spawn(_LISTER, data, 40)]
    for worker in workers:
        _, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err.decode()
    rows = _file_rows(data)
    ids = [row["id"] for row in rows]
    assert len(ids) == 60 and len(set(ids)) == 60
    assert set(ids) == _journals(data)
    table = Tableside(data, read_only=True)
    assert len(table.sessions()) == 60
    assert not table.warnings  # nothing unlisted, nothing doubled


_OPENER = """
import sys
from tableside.api import Tableside
data, count = sys.argv[1], int(sys.argv[2])
for _ in range(count):
    Tableside(data, by="cli").close()   # any writing command: lists what the catalog misses
"""


def test_two_processes_rebuilding_a_lost_catalog_list_each_game_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    table = Tableside(data)
    for _ in range(20):
        table.create("lifeform", 3).close()
    table.close()
    for name in ("catalog.json", "catalog.json.bak"):
        (data / name).unlink()
    workers = [_spawn(_OPENER, data, 5), _spawn(_OPENER, data, 5), _spawn(_LISTER, data, 10)]
    for worker in workers:
        _, err = worker.communicate(timeout=600)
        assert worker.returncode == 0, err.decode()
    ids = [row["id"] for row in _file_rows(data)]
    assert len(ids) == 20 and set(ids) == _journals(data)


def _game_with_unlisted_journal(data: Path) -> str:
    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    play.do("set_value", target="self_destruct.position", value=5)
    play.close()
    table.close()
    path = data / "catalog.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    tables["sessions"] = {}  # as a kill between the journal and the catalog leaves it
    path.write_text(json.dumps(tables), encoding="utf-8")
    journal = data / "sessions" / f"{play.id}.jsonl"
    a_minute_ago = journal.stat().st_mtime - 60  # not a game being created right now
    os.utime(journal, (a_minute_ago, a_minute_ago))
    return play.id


@pytest.mark.parametrize("command", [
    ["saves", "list"], ["saves", "list", "--json"], ["saves", "show", "{id}"],
    ["saves", "show", "{id}", "--json"], ["actions", "{id}"], ["history"],
    ["history", "--json"], ["report", "{id}"], ["report", "{id}", "--json"],
    ["rules", "search", "hull", "breach"], ["rules", "list"],
])
def test_a_read_only_command_changes_and_creates_no_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    data = tmp_path / "data"
    session_id = _game_with_unlisted_journal(data)
    before = _files(data)
    argv = [part.replace("{id}", session_id) for part in command]
    assert main(["--data-dir", str(data), *argv]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert _files(data) == before
    if command[:2] == ["saves", "list"]:
        assert session_id in out  # the unlisted game is shown, merged in memory


def test_the_next_writing_command_lists_the_unlisted_game_for_good(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session_id = _game_with_unlisted_journal(data)
    assert main(["--data-dir", str(data), "saves", "list"]) == 0
    assert "this command writes nothing" in capsys.readouterr().err
    assert main(["--data-dir", str(data), "new", "lifeform", "--players", "3"]) == 0
    assert "listed them again" in capsys.readouterr().err
    assert session_id in {row["id"] for row in _file_rows(data)}


def test_a_game_being_created_elsewhere_is_shown_without_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session_id = _game_with_unlisted_journal(data)
    journal = data / "sessions" / f"{session_id}.jsonl"
    os.utime(journal)  # written just now: its catalog row is on its way
    assert main(["--data-dir", str(data), "saves", "list"]) == 0
    out, err = capsys.readouterr()
    assert session_id in out and "missing from the list" not in err


def test_a_doubled_row_is_shown_once_and_repaired_by_the_next_writer_with_a_line(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    table = Tableside(data)
    play = table.create("lifeform", 3)
    play.close()
    table.close()
    path = data / "catalog.json"
    tables = json.loads(path.read_text(encoding="utf-8"))
    row = next(iter(tables["sessions"].values()))
    tables["sessions"]["99"] = dict(row, status="finished", updated="2099-01-01T00:00:00")
    path.write_text(json.dumps(tables), encoding="utf-8")
    before = path.read_bytes()

    looking = Tableside(data, read_only=True)
    shown = looking.sessions()
    assert [s.id for s in shown] == [play.id]
    assert shown[0].status == "finished"  # the row updated last speaks for the game
    assert any("duplicate" in w for w in looking.warnings)
    assert path.read_bytes() == before

    writing = Tableside(data)
    assert any("merged into one row each" in w for w in writing.warnings)
    assert [r["id"] for r in _file_rows(data)] == [play.id]
    assert Catalog(path).duplicates() == 0
    row = Catalog(path).row(play.id) or {}
    assert "chain" in row and "header" in row  # the copies the journal is checked against


# --- a full disk ---------------------------------------------------------------------------

def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call that creates or changes a file or folder fails as on a full disk."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_open = os.open
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def open_for_reading_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & writing:
            refuse()
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_for_reading_only)
    for name in ("mkdir", "replace", "rename", "link", "unlink", "chmod", "truncate",
                 "ftruncate"):
        monkeypatch.setattr(os, name, refuse)
    import builtins
    import io
    import sqlite3

    real_builtin_open = builtins.open

    def builtin_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(flag in mode for flag in "wax+"):
            refuse()
        return real_builtin_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", builtin_open)
    monkeypatch.setattr(io, "open", builtin_open)
    real_connect = sqlite3.connect

    def connect(database: Any, *args: Any, **kwargs: Any) -> Any:
        if str(database) != ":memory:" and "immutable=1" not in str(database) \
                and "mode=ro" not in str(database):
            refuse()
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)


def test_new_that_cannot_be_listed_leaves_no_journal_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    table = Tableside(data)
    table.create("lifeform", 3).close()
    listed = _journals(data)

    def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(data / "catalog.json"))

    monkeypatch.setattr(Catalog, "add_session", disk_full)
    with pytest.raises(TablesideError, match="could not be saved, so it was not created.*"
                                             "the disk is full"):
        table.create("lifeform", 3)
    monkeypatch.undo()
    assert _journals(data) == listed
    assert not list((data / "sessions").glob("*.seal.json")) or \
        {p.name.split(".")[0] for p in (data / "sessions").glob("*.seal.json")} == listed
    table.close()
    again = Tableside(data)  # the next look finds nothing unlisted: the game never was
    assert len(again.sessions()) == 1 and not again.warnings


def test_every_read_only_command_works_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session_id = _game_with_unlisted_journal(data)
    _full_disk(monkeypatch)
    for argv in (["saves", "list", "--json"], ["saves", "show", session_id, "--json"],
                 ["actions", session_id], ["history", "--json"], ["report", session_id],
                 ["rules", "search", "hull"]):
        code = main(["--data-dir", str(data), *argv])
        out, err = capsys.readouterr()
        assert code == 0, f"{argv}: {err}"
        assert out.strip()
    assert main(["--data-dir", str(data), "new", "lifeform", "--players", "3"]) != 0
    assert "the disk is full" in capsys.readouterr().err


def test_a_read_only_command_reports_tampering_and_leaves_the_seal_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    table = Tableside(data)
    play = table.create("lifeform", 3)
    for value in (3, 5, 7):
        play.do("set_value", target="self_destruct.position", value=value)
    play.close()
    table.close()
    journal = data / "sessions" / f"{play.id}.jsonl"
    # line 3 (action 2) changed with its checksum fixed, as someone covering tracks would
    edit_record(journal, 3, b'"value":5', b'"value":6')
    before = _files(data)
    assert main(["--data-dir", str(data), "saves", "show", play.id, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert any(journal.name in w for w in shown["warnings"])  # reported with the data
    assert _files(data) == before  # the seal's record of it is a writer's to keep
    again = Tableside(data).load(play.id)  # a writing window keeps it in the seal
    again.close()
    seal = json.loads((data / "sessions" / f"{play.id}.seal.json").read_bytes()
                      .split(b"\n", 1)[1])
    assert any("line 3" in b for b in seal["breaks"])


@pytest.mark.parametrize("command", [["saves", "list", "--json"], ["history", "--json"],
                                     ["rules", "search", "hull"], ["rules", "list"]])
def test_a_read_only_command_as_the_first_ever_creates_not_even_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    data = tmp_path / "never-made" / "data"
    assert main(["--data-dir", str(data), *command]) == 0, capsys.readouterr().err
    assert not (tmp_path / "never-made").exists()
