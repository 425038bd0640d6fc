"""A journal copied, synced or edited: what that does to text files is read through, and a
damaged record is kept in the file and said, never cut away by the next command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import LOST_ACTION, Tableside
from tests.saves.test_saves_damage import saved

pytestmark = pytest.mark.usefixtures("demo_registered")


def _journal(root: Path, session_id: str) -> Path:
    return root / "sessions" / f"{session_id}.jsonl"


@pytest.mark.parametrize("change", ["crlf", "bom", "no final newline", "all three"])
def test_a_journal_a_copy_or_sync_touched_opens_whole_and_takes_new_actions(
        tmp_path: Path, change: str) -> None:
    play = saved(tmp_path, 5)
    path = _journal(tmp_path, play.id)
    data = path.read_bytes()
    if change in ("crlf", "all three"):
        data = data.replace(b"\n", b"\r\n")
    if change in ("bom", "all three"):
        data = b"\xef\xbb\xbf" + data
    if change in ("no final newline", "all three"):
        data = data.rstrip(b"\r\n")
    path.write_bytes(data)

    table = Tableside(tmp_path)
    again = table.load(play.id)  # a writing open
    assert again.head == 5 and again.state == play.state
    assert again.warnings == []
    again.do("fire")
    again.close()
    table.close()
    third = Tableside(tmp_path).load(play.id)
    assert third.head == 6 and third.session.events[-1].action == "fire"
    assert third.session.events[:5] == play.session.events
    assert third.warnings == []


def test_a_damaged_middle_record_stays_in_the_file_and_is_said_at_every_open(
        tmp_path: Path) -> None:
    play = saved(tmp_path, 5)
    path = _journal(tmp_path, play.id)
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"seq":3', b'"seq":9')  # its checksum no longer matches
    path.write_bytes(b"\n".join(lines))
    for _ in range(2):
        table = Tableside(tmp_path)
        again = table.load(play.id)
        assert again.session.events[2].action == LOST_ACTION
        assert any("line 4" in w for w in again.warnings), again.warnings
        again.do("fire")
        again.close()
        table.close()
        assert lines[3] in path.read_bytes().split(b"\n")  # never cut away
    assert not list(path.parent.glob("*.damaged-*"))


def test_a_changed_last_line_is_damage_kept_in_the_file_not_a_crash(tmp_path: Path) -> None:
    play = saved(tmp_path, 4)
    path = _journal(tmp_path, play.id)
    lines = path.read_bytes().split(b"\n")
    last = len(lines) - 2  # the last line (a newline follows it)
    lines[last] = lines[last].replace(b'"t":', b'"t" :', 1)  # whole, but changed
    changed = b"\n".join(lines)
    path.write_bytes(changed)
    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert not any("half written" in w for w in again.warnings), again.warnings
    assert any(f"line {last + 1}" in w and "damaged" in w for w in again.warnings)
    again.do("fire")
    again.close()
    table.close()
    assert path.read_bytes().startswith(changed)  # kept as it was, the new record after it


def test_damage_once_found_is_said_at_every_open_until_the_table_dismisses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tableside.cli import main

    play = saved(tmp_path, 5)
    path = _journal(tmp_path, play.id)
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"seq":3', b'"seq":9')
    path.write_bytes(b"\n".join(lines))
    Tableside(tmp_path).load(play.id).close()  # a writer finds it: the seal keeps it
    del lines[3]  # someone "repairs" the file by deleting the damaged line
    path.write_bytes(b"\n".join(lines))

    again = Tableside(tmp_path, read_only=True).load(play.id)
    assert any("line 4 is damaged" in w for w in again.warnings), again.warnings
    assert main(["--data-dir", str(tmp_path), "saves", "show", play.id]) == 0
    assert "line 4 is damaged" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path), "report", play.id]) == 0
    assert "line 4 is damaged" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert f"warning(s): tableside report {play.id}" in capsys.readouterr().out

    assert main(["--data-dir", str(tmp_path), "saves", "dismiss", play.id]) == 0
    assert "line 4 is damaged" in capsys.readouterr().out  # what was dismissed, named
    later = Tableside(tmp_path).load(play.id)
    assert later.warnings == []
    seal = (tmp_path / "sessions" / f"{play.id}.seal.json").read_text(encoding="utf-8")
    assert "line 4 is damaged" in seal  # still kept on record
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "warning" not in capsys.readouterr().out
