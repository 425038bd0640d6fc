"""A full disk after a secret was chosen and saved: the command line says it was saved (its
code printed, exit 0) and names only what was not kept, never "it was not done"."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

import saves.journal
import saves.store
from tableside.api import Tableside
from tableside.cli import main

CHOOSE = ["choose_secret", "secret=p1_objective", "value=Survive", "pin=123456"]


def _full(*_: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _game(root: Path) -> str:
    table = Tableside(root)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.close()
    table.close()
    return play.id


@pytest.mark.parametrize("full_at", ["the seal's head", "the snapshot's record"])
def test_a_secret_saved_before_the_disk_filled_is_said_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        full_at: str) -> None:
    session_id = _game(tmp_path)
    if full_at == "the seal's head":
        monkeypatch.setattr(saves.store, "write_head", _full)
    else:
        append = saves.journal.JournalFile.append

        def no_snapshot(journal: saves.journal.JournalFile, record: dict[str, Any]) -> None:
            if record.get("t") == "snap":
                _full()
            append(journal, record)

        monkeypatch.setattr(saves.journal.JournalFile, "append", no_snapshot)
    code = main(["--data-dir", str(tmp_path), "do", session_id, *CHOOSE])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "commitment code" in out
    assert "not done" not in err and "could not be saved" not in err
    monkeypatch.undo()
    again = Tableside(tmp_path).load(session_id)
    assert again.session.events[-1].action == "choose_secret"
