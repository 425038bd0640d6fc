"""Done means durable, failed means nothing; a lost catalog loses nothing; an edited journal is
reported; files are private; read-only commands write nothing; file errors are plain messages.

Permission and disk-full errors are injected (CI runs as root, where chmod stops no write).
"""

from __future__ import annotations

import builtins
import errno
import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import saves.journal
import tableside.api as api
from saves.journal import decode_line, encode_line
from tableside import open_session
from tableside.api import OpenSession, Tableside, TablesideError
from tableside.cli import main
from tests.demo.game import GAME
from trackers.engine import Session, SessionSetup
from trackers.pieces import Counter

# the demo game beside the real ones, for every test here (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("demo_registered")


def played(root: Path, actions: int = 4, *, close: bool = True, title: str = "Kept",
           seed: str = "safe") -> OpenSession:
    table = Tableside(root)
    play = table.create("demo", 2, seed=seed, title=title)
    for i in range(actions):
        play.do("fire") if i % 2 else play.do("advance", spaces=1)
    if close:
        play.close()
        table.close()
    return play


def edit_record(path: Path, line_no: int, old: bytes, new: bytes) -> None:
    """Change a record and fix its checksum, as someone covering their tracks would."""
    lines = path.read_bytes().split(b"\n")
    record = decode_line(lines[line_no - 1])
    assert record is not None
    body = json.dumps(record, separators=(",", ":"), sort_keys=True).encode()
    assert old in body
    changed = json.loads(body.replace(old, new))
    lines[line_no - 1] = encode_line(changed).rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))


def files_of(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


# --- a full disk -----------------------------------------------------------------------------
def test_a_full_disk_records_nothing_and_says_what_to_do(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    play = played(tmp_path, 2, close=False)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    before, state = path.read_bytes(), play.state
    real_write = os.write

    def half_then_full(fd: int, data: Any) -> int:  # the disk fills mid-record
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saves.journal.os, "write", half_then_full)
    with pytest.raises(TablesideError) as caught:
        play.do("fire")
    message = str(caught.value)
    assert "not done" in message and "disk is full" in message and "free some" in message
    assert path.read_bytes() == before  # no byte of the failed record stays
    assert play.head == 2 and play.state == state
    monkeypatch.setattr(saves.journal.os, "write", real_write)
    play.do("fire")  # space again: the next action goes on normally
    again = Tableside(tmp_path).load(play.id)
    assert again.head == 3 and again.warnings == []  # the failed one never reappears


def test_a_short_write_counts_as_failed_and_is_cut_back(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    play = played(tmp_path, 1, close=False)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    before = path.read_bytes()
    real_write = os.write
    monkeypatch.setattr(saves.journal.os, "write",
                        lambda fd, data: real_write(fd, bytes(data[:5])))
    with pytest.raises(TablesideError, match="disk is full"):
        play.do("fire")
    assert path.read_bytes() == before


def test_a_snapshot_failing_after_the_action_is_saved_is_only_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    play = played(tmp_path, 1)
    monkeypatch.setattr(open_session, "SNAPSHOT_TO_DISK_EVERY", 1)

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "x.snap.json")

    monkeypatch.setattr(api.Store, "write_snapshot", full)
    code = main(["--data-dir", str(tmp_path), "do", play.id, "fire"])
    err = capsys.readouterr().err
    assert code == 0  # the action is on disk: a retrying script must not do it twice
    assert "warning" in err and "action was saved" in err and "disk is full" in err
    assert Tableside(tmp_path).load(play.id).head == 2


# --- the catalog is an index -------------------------------------------------------------------
def test_losing_the_catalog_loses_no_game_profile_setting_or_tamper_evidence(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("demo", {"hatch_space": 7})
    table.set_setting("theme", "light")
    first = played(tmp_path, 3, title="First")
    second = played(tmp_path, 2, title="Second", seed="2")
    table.rename(first.id, "Renamed at the table")
    later = table.load(first.id)
    later.do("fire")  # appends rewrite the seal's head in place: the new title stays
    later.close()
    edit_record(tmp_path / "sessions" / f"{second.id}.jsonl", 2, b'"spaces":1', b'"spaces":3')
    for name in ("catalog.json", "catalog.json.bak"):
        (tmp_path / name).unlink()

    table = Tableside(tmp_path)
    assert any("Found 2 saved game(s)" in w and "missing" in w for w in table.warnings)
    rows = {s.id: s for s in table.sessions()}
    assert set(rows) == {first.id, second.id}
    assert rows[first.id].title == "Renamed at the table"  # the seal kept the new title
    assert table.board_profile("demo") == {"hatch_space": 7}
    assert table.setting("theme") == "light"
    assert table.load(first.id).head == 4
    tampered = table.load(second.id)
    assert any("line 2 (action 1, advance) was changed" in w for w in tampered.warnings)


def test_saves_list_says_the_list_was_rebuilt(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    play = played(tmp_path, 1, title="Still here")
    (tmp_path / "catalog.json").unlink()
    (tmp_path / "catalog.json.bak").unlink()
    assert main(["--data-dir", str(tmp_path), "saves", "list"]) == 0
    out, err = capsys.readouterr()
    assert play.id in out and "Still here" in out
    assert "Found 1 saved game(s) missing from the list" in err


def test_a_game_whose_create_was_killed_before_listing_is_found(tmp_path: Path) -> None:
    listed = played(tmp_path, 1, title="Listed")
    table = Tableside(tmp_path)
    table.store.catalog.remove_session(listed.id)  # as if killed between journal and list
    table.close()
    table = Tableside(tmp_path)
    assert [s.title for s in table.sessions()] == ["Listed"]


def test_settings_kept_in_an_old_catalog_move_to_their_own_file(tmp_path: Path) -> None:
    played(tmp_path, 1)
    catalog = json.loads((tmp_path / "catalog.json").read_text())
    catalog["settings"] = {"1": {"key": "board:demo", "value": {"hatch_space": 9}},
                           "2": {"key": "theme", "value": "dark"}}
    (tmp_path / "catalog.json").write_text(json.dumps(catalog))
    (tmp_path / "settings.json").unlink(missing_ok=True)
    table = Tableside(tmp_path)
    assert table.board_profile("demo") == {"hatch_space": 9}
    assert json.loads((tmp_path / "settings.json").read_text())["settings"]["theme"] == "dark"


def test_leftover_temporary_files_of_dead_writers_are_removed(tmp_path: Path) -> None:
    play = played(tmp_path, 1)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    pid = int(dead.stdout)
    left = [tmp_path / f".catalog.json.{pid}.tmp",
            tmp_path / "sessions" / f".{play.id}.snap.json.{pid}.tmp"]
    for path in left:
        path.write_text("half")
    mine = tmp_path / f".settings.json.{os.getpid()}.tmp"  # a live writer's: left alone
    mine.write_text("busy")
    Tableside(tmp_path)
    assert not any(p.exists() for p in left) and mine.exists()


def test_a_null_updated_in_the_catalog_is_read_not_a_crash(tmp_path: Path) -> None:
    play = played(tmp_path, 1)
    catalog = json.loads((tmp_path / "catalog.json").read_text())
    for row in catalog["sessions"].values():
        row["updated"] = None
        row["players"] = "two"
    (tmp_path / "catalog.json").write_text(json.dumps(catalog))
    rows = Tableside(tmp_path).sessions()
    assert [(r.id, r.players) for r in rows] == [(play.id, 0)]
    assert isinstance(rows[0].updated, str)


# --- an edited journal -------------------------------------------------------------------------
def test_a_record_edited_with_its_checksum_fixed_is_reported_naming_it(tmp_path: Path) -> None:
    play = played(tmp_path, 4)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    edit_record(path, 3, b'"action":"fire"', b'"action":"draw"')
    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert len(again.warnings) == 1
    warning = again.warnings[0]
    assert "line 3 (action 2, draw) was changed after it was written" in warning
    assert path.name in warning and "proves nothing" in warning
    again.do("fire")  # later appends do not hide it
    again.close()
    assert any("line 3" in w for w in Tableside(tmp_path).load(play.id).warnings)


def test_the_last_record_edited_is_caught_by_the_seal(tmp_path: Path) -> None:
    play = played(tmp_path, 3, close=False)  # open: its last record is the last action
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    edit_record(path, 4, b'"spaces":1', b'"spaces":2')
    warnings = Tableside(tmp_path).load(play.id).warnings
    assert any("line 4 (action 3, advance) was changed" in w and "seal" in w for w in warnings)


def test_records_removed_from_the_end_are_reported(tmp_path: Path) -> None:
    play = played(tmp_path, 3)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(lines[:-3]) + b"\n")  # two whole records gone
    warnings = Tableside(tmp_path).load(play.id).warnings
    assert any("2 record(s) were removed" in w for w in warnings)


def test_without_its_seal_the_catalog_copy_still_catches_an_edit(tmp_path: Path) -> None:
    play = played(tmp_path, 3)
    (tmp_path / "sessions" / f"{play.id}.seal.json").unlink()
    # closed: the last record (line 5) is the snapshot's, the catalog's copy ends there
    edit_record(tmp_path / "sessions" / f"{play.id}.jsonl", 5, b'"seq":2', b'"seq":1')
    warnings = Tableside(tmp_path).load(play.id).warnings
    assert any("line 5" in w and "catalog" in w for w in warnings)


# --- private at rest -----------------------------------------------------------------------------
@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_data_folder_and_its_files_are_private(tmp_path: Path) -> None:
    root = tmp_path / "data"
    table = Tableside(root)
    table.set_setting("theme", "dark")
    play = played(root, 3)
    play_open = table.load(play.id)
    play_open.do("fire")
    play_open.close()
    for folder in (root, root / "sessions"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    files = [p for p in root.rglob("*") if p.is_file()]
    assert {p.name.split(".", 1)[1] for p in files} >= {"json", "json.bak", "jsonl",
                                                        "seal.json", "snap.json"}
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_older_world_readable_folder_is_made_private(tmp_path: Path) -> None:
    root = tmp_path / "data"
    (root / "sessions").mkdir(parents=True)
    root.chmod(0o755)
    Tableside(root)
    assert stat.S_IMODE(root.stat().st_mode) == 0o700


def test_a_snapshot_holds_an_unrevealed_secret_only_sealed(tmp_path: Path) -> None:
    """A sealed secret is ciphertext in the snapshot as in the journal; a value in the clear
    (a game saved before) still keeps the snapshot from being written."""
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="s")
    play.choose_secret("plan", "left", decline_pin=True)
    play.do("fire")
    play.do("fire")
    play.close()
    snap = tmp_path / "sessions" / f"{play.id}.snap.json"
    assert snap.exists()
    kept = json.loads(snap.read_text())
    assert '"value": "left"' not in json.dumps(kept) and '"locked"' in json.dumps(kept)
    again = Tableside(tmp_path).load(play.id)
    assert again.head == 3 and again.state.piece("fires", Counter).value == 2
    assert "left" in again.do("reveal_secret", secret="plan")[0].text
    again.close()
    old = table.create("demo", 2, seed="s")
    old.record_action("choose_secret", {"secret": "plan", "value": "left"})  # as before: clear
    old.do("fire")
    old.close()
    assert not (tmp_path / "sessions" / f"{old.id}.snap.json").exists()


# --- read-only commands write nothing ------------------------------------------------------------
@pytest.fixture
def no_writes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every attempt to write, create, rename or delete a file fails with EACCES (as on a
    read-only folder; chmod would not stop root). Yields the attempts made."""
    attempts: list[str] = []
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def refuse(what: str, path: Any) -> None:
        attempts.append(f"{what} {path}")
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    real_open, real_os_open = builtins.open, os.open

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(c in mode for c in "wax+"):
            refuse("open", file)
        return real_open(file, mode, *args, **kwargs)

    def guarded_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & writing:
            refuse("os.open", path)
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", guarded_open)
    monkeypatch.setattr(os, "open", guarded_os_open)
    for name in ("replace", "rename", "unlink", "remove", "mkdir", "link", "chmod", "rmdir"):
        monkeypatch.setattr(os, name, lambda path, *a, _n=name, **k: refuse(_n, path))
    yield attempts


@pytest.mark.parametrize("command", [["saves", "list"], ["saves", "list", "--json"],
                                     ["saves", "show", "{id}"], ["saves", "show", "{id}", "--json"],
                                     ["actions", "{id}"], ["actions", "{id}", "--json"]])
def test_read_only_commands_work_on_a_read_only_folder(
        tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str],
        request: pytest.FixtureRequest) -> None:
    play = played(tmp_path, 3, close=False)  # no close: no snapshot, a catalog behind
    argv = ["--data-dir", str(tmp_path), *[c.replace("{id}", play.id) for c in command]]
    assert main(argv) == 0
    expected = capsys.readouterr().out
    before = files_of(tmp_path)
    attempts = request.getfixturevalue("no_writes")
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == expected and attempts == []
    assert files_of(tmp_path) == before


def test_a_read_only_journal_is_a_plain_error(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    play = played(tmp_path, 1)
    real = os.open

    def refuse_journal(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".jsonl") and flags & os.O_WRONLY:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse_journal)
    with pytest.raises(TablesideError, match="cannot be opened: permission denied .*jsonl"):
        Tableside(tmp_path).load(play.id)
    assert Tableside(tmp_path).load(play.id, read_only=True).head == 1


def test_sessions_being_a_file_is_a_plain_error(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sessions").write_text("oops")
    with pytest.raises(TablesideError, match="is a file"):
        Tableside(tmp_path)
    assert main(["--data-dir", str(tmp_path), "saves", "list"]) == 0  # reading needs no folder
    assert main(["--data-dir", str(tmp_path), "new", "demo", "--players", "2"]) == 1
    err = capsys.readouterr().err
    assert "is a file" in err and "Traceback" not in err


def test_a_replay_after_salvage_matches_a_fresh_session(tmp_path: Path) -> None:
    """The snapshot kept at close is only a shortcut: it gives the state a replay gives."""
    play = played(tmp_path, 6)
    again = Tableside(tmp_path).load(play.id)
    assert again.state == Session(GAME, SessionSetup(2), "safe",
                                  events=play.session.events).state


def test_a_journal_from_before_the_hash_chain_opens_and_goes_on(tmp_path: Path) -> None:
    """Format 1 had no chain and no seal: it opens quietly, and new records are chained."""
    play = played(tmp_path, 3)
    folder = tmp_path / "sessions"
    path = folder / f"{play.id}.jsonl"
    old = []
    for line in path.read_bytes().split(b"\n")[:-1]:
        record = decode_line(line)
        assert record is not None
        record.pop("prev", None)
        if record["t"] == "header":
            record["format"] = 1
        old.append(encode_line(record))
    path.write_bytes(b"".join(old))
    (folder / f"{play.id}.seal.json").unlink()
    for name in ("catalog.copies.json", "catalog.copies.json.bak"):
        (tmp_path / name).unlink(missing_ok=True)  # format 1 kept no copies

    again = Tableside(tmp_path).load(play.id)
    assert again.warnings == [] and again.head == 3
    again.do("fire")
    again.close()
    assert (folder / f"{play.id}.seal.json").exists()
    assert Tableside(tmp_path).load(play.id).warnings == []
    # line 5 is the snapshot record the first close wrote; the new action is line 6
    edit_record(path, 6, b'"action":"fire"', b'"action":"draw"')  # the new record is sealed
    assert any("line 6" in w for w in Tableside(tmp_path).load(play.id).warnings)


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_shared_folder_given_as_data_dir_keeps_its_mode(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    Tableside(shared)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o755  # not ours to narrow
    assert stat.S_IMODE((shared / "sessions").stat().st_mode) == 0o700


def test_a_damaged_journal_is_shown_but_not_repaired_by_a_read_only_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        request: pytest.FixtureRequest) -> None:
    play = played(tmp_path, 4)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"seq":2', b'"seq":7')  # checksum no longer matches
    path.write_bytes(b"\n".join(lines) + b'0000 {"half')  # and a torn tail
    before = files_of(tmp_path)
    attempts = request.getfixturevalue("no_writes")
    assert main(["--data-dir", str(tmp_path), "saves", "show", play.id, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["head"] == 4
    assert "line 3 is damaged" in err and "half written" in err
    assert attempts == [] and files_of(tmp_path) == before


@pytest.mark.parametrize("helper", ["write_snapshot", "touch"])
def test_a_helper_file_failing_after_the_action_is_saved_is_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, helper: str) -> None:
    play = played(tmp_path, 1, close=False)
    monkeypatch.setattr(open_session, "SNAPSHOT_TO_DISK_EVERY", 1)
    monkeypatch.setattr(open_session, "CATALOG_TOUCH_SECONDS", 0.0)

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), "catalog.json")

    monkeypatch.setattr(api.Store, helper, refuse)
    play.do("fire")
    assert play.head == 2  # done: no exception although a helper file failed
    assert any("action was saved" in w and "permission denied" in w for w in play.warnings)
    play.close()  # closing warns too, it does not raise
    assert Tableside(tmp_path).load(play.id).head == 2


def test_a_catalog_read_twice_is_parsed_once_and_a_replaced_one_afresh(tmp_path: Path) -> None:
    """The catalog's parse is kept while the file is the same file: a change a caller makes
    to what it read never leaks into the next read, and a file replaced by another window
    (a write is a rename: a new file) is read again."""
    from saves.atomic import atomic_write, read_json

    path = tmp_path / "catalog.json"
    atomic_write(path, json.dumps({"sessions": {"1": {"id": "a", "title": "Ann's"}}}).encode())
    first = read_json(path)
    first["sessions"]["1"]["title"] = "changed by a caller"
    first["sessions"]["2"] = {"id": "b"}
    assert read_json(path) == {"sessions": {"1": {"id": "a", "title": "Ann's"}}}
    atomic_write(path, json.dumps({"sessions": {"1": {"id": "a", "title": "Bo's"}}}).encode())
    assert read_json(path)["sessions"]["1"]["title"] == "Bo's"
