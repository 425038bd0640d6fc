"""The journal is the truth, and warnings travel with the data.

The journal records a digest of every snapshot's state: a snapshot edited by hand is named,
ignored, and the game rebuilt from the journal; the warning shows in `saves show --json`,
`report` (Markdown and --json) and `history --json`. A damaged settings.json is said at
opening (the app's Home shows the store's warnings; the CLI prints them), never moved aside
silently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tableside.cli import main


def _played(data: Path) -> str:
    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    for value in (3, 5, 7, 9):
        play.do("set_value", target="self_destruct.position", value=value)
    play.close()
    table.close()
    return play.id


def _bend(node: Any) -> int:
    """Change every self_destruct position in a snapshot's state to 19; how many changed."""
    changed = 0
    if isinstance(node, dict):
        if node.get("position") == 7:
            node["position"] = 19
            changed += 1
        for value in node.values():
            changed += _bend(value)
    elif isinstance(node, list):
        for value in node:
            changed += _bend(value)
    return changed


def _position(data: Path, session_id: str) -> int:
    play = Tableside(data, read_only=True).load(session_id, read_only=True)
    return int(play.state.pieces["self_destruct"].position)  # type: ignore[attr-defined]


def test_an_edited_snapshot_state_is_named_ignored_and_rebuilt_from_the_journal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    session_id = _played(data)
    snap = data / "sessions" / f"{session_id}.snap.json"
    kept = json.loads(snap.read_text(encoding="utf-8"))
    assert kept["seq"] == 3  # one action before the head
    again = Tableside(data).load(session_id)
    assert again.warnings == []  # the journal vouches for the snapshot it wrote
    again.close()

    assert _bend(kept["state"]) >= 1
    snap.write_text(json.dumps(kept), encoding="utf-8")
    play = Tableside(data).load(session_id)
    assert any(snap.name in w and "ignored" in w and "rebuilt" in w for w in play.warnings)
    play.undo()  # back to action 3: the journal's state, not the edited one
    assert play.state.pieces["self_destruct"].position == 7  # type: ignore[attr-defined]
    play.redo()
    play.close()

    snap.write_text(json.dumps(kept), encoding="utf-8")  # edited again, for the outputs
    for argv, where in ((["saves", "show", session_id, "--json"], "warnings"),
                        (["report", session_id, "--json"], "warnings")):
        assert main(["--data-dir", str(data), *argv]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert any(snap.name in w for w in shown[where]), argv
    assert main(["--data-dir", str(data), "report", session_id]) == 0
    markdown = capsys.readouterr().out
    assert "## Warnings about this game's files" in markdown and snap.name in markdown
    assert main(["--data-dir", str(data), "history", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert any(snap.name in w for w in games[0]["warnings"])


def test_a_damaged_settings_file_is_reported_never_moved_aside_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    table = Tableside(data)
    table.set_board_profile("nemesis-lockdown", {})
    table.close()
    settings = data / "settings.json"
    settings.write_text("{ not json", encoding="utf-8")

    assert main(["--data-dir", str(data), "saves", "list"]) == 0  # reads: reports, keeps
    err = capsys.readouterr().err
    assert "settings.json is damaged" in err and "not used" in err
    assert settings.read_text(encoding="utf-8") == "{ not json"

    opened = Tableside(data)  # a writing window: keeps it aside, and says where
    said = [w for w in opened.warnings if "settings.json" in w]
    assert said and "was kept as settings.json.damaged-" in said[0]
    assert list(data.glob("settings.json.damaged-*"))


def test_a_snapshot_record_that_cannot_be_written_costs_only_the_snapshot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    from saves.journal import JournalFile

    data = tmp_path / "data"
    table = Tableside(data)
    play = table.create("lifeform", 3)
    for value in (3, 5):
        play.do("set_value", target="self_destruct.position", value=value)
    real_append = JournalFile.append

    def full_for_snapshots(journal: JournalFile, record: dict[str, Any]) -> None:
        if record.get("t") == "snap":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_append(journal, record)

    monkeypatch.setattr(JournalFile, "append", full_for_snapshots)
    play.close()  # no exception: the actions are in the journal
    assert any("no snapshot was kept" in w and "disk is full" in w for w in play.warnings)
    assert not (data / "sessions" / f"{play.id}.snap.json").exists()
    monkeypatch.undo()
    assert _position(data, play.id) == 5


def test_a_snapshot_the_journal_vouches_for_is_used_on_opening(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening replays only the actions after the snapshot (what snapshots are for): the
    benchmark once saw equal times with and without one, because its own file lacked the
    journal's record (the app's were always used)."""
    from trackers.engine.session import Session

    session_id = _played(tmp_path)  # 4 actions; closing kept a snapshot one action back
    replayed: list[int] = []
    apply = Session._apply

    def counted(self: Session, *args: Any) -> Any:
        replayed.append(args[-1])
        return apply(self, *args)

    monkeypatch.setattr(Session, "_apply", counted)
    play = Tableside(tmp_path).load(session_id)
    assert play.warnings == [] and play.head == 4
    assert replayed == [4]  # from the snapshot after action 3
    replayed.clear()
    (tmp_path / "sessions" / f"{session_id}.snap.json").unlink()
    assert Tableside(tmp_path).load(session_id).head == 4
    assert replayed == [1, 2, 3, 4]  # without it, the whole game
