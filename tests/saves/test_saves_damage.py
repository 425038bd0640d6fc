"""Damaged saves: torn journals, garbage catalogs, newer formats, stale or missing snapshots.

In every case the API opens, says plainly what happened, and keeps every good record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.journal import JOURNAL_FORMAT, decode_line, encode_line
from tableside.api import LOST_ACTION, OpenSession, Tableside, TablesideError
from tests.demo.game import GAME
from trackers.engine import Event, Session, SessionSetup

# the demo game beside the real ones, for every test here (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("demo_registered")


def saved(root: Path, actions: int = 5, *, close: bool = True, seed: str = "dmg",
          title: str | None = None) -> OpenSession:
    table = Tableside(root)
    play = table.create("demo", 2, seed=seed, title=title)
    for i in range(actions):
        if i % 2:
            play.do("draw")
        else:
            play.do("advance", spaces=1)
    if close:
        play.close()
        table.close()
    return play


def expected_state(play: OpenSession, upto: int) -> Session:
    return Session(GAME, SessionSetup(2), play.session.seed,
                   events=play.session.events[:upto])


# --- the journal ------------------------------------------------------------------------------
def test_a_journal_cut_mid_line_drops_only_the_torn_record(tmp_path: Path) -> None:
    first = saved(tmp_path, 4)  # closed: a snapshot, vouched for by the journal
    play = Tableside(tmp_path).load(first.id)
    play.do("advance", spaces=1)  # the window is killed while writing this one
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 12])  # cut inside the last line

    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert again.head == 4
    assert again.state == expected_state(play, 4).state
    assert len(again.warnings) == 1
    assert "half written" in again.warnings[0] and "dropped" in again.warnings[0]
    assert path.name in again.warnings[0]

    # the torn bytes are cut off before the next append: the journal stays readable
    again.do("fire")
    again.close()
    table.close()
    third = Tableside(tmp_path).load(play.id)
    assert third.warnings == []
    assert [e.action for e in third.session.events][-1] == "fire"
    assert third.head == 5


def test_a_journal_cut_mid_line_without_a_snapshot(tmp_path: Path) -> None:
    play = saved(tmp_path, 3, close=False)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    assert not (tmp_path / "sessions" / f"{play.id}.snap.json").exists()
    path.write_bytes(path.read_bytes()[:-3])
    again = Tableside(tmp_path).load(play.id)
    assert again.head == 2
    assert again.warnings and "dropped" in again.warnings[0]


def test_a_lost_newline_after_a_whole_last_record_loses_nothing(tmp_path: Path) -> None:
    play = saved(tmp_path, 2, close=False)  # its last record is the last action
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    path.write_bytes(path.read_bytes()[:-1])
    again = Tableside(tmp_path).load(play.id)
    assert again.head == 2
    assert again.warnings == []


def test_a_damaged_middle_line_keeps_every_record_after_it_and_names_the_line(
        tmp_path: Path) -> None:
    play = saved(tmp_path, 5)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"seq":3', b'"seq":9')  # checksum no longer matches
    path.write_bytes(b"\n".join(lines))

    table = Tableside(tmp_path)
    again = table.load(play.id)
    # action 3 is lost; actions 4 and 5 keep their places (and their random draws)
    assert again.head == 5
    events = play.session.events
    assert [e.action for e in again.session.events] == [
        events[0].action, events[1].action, LOST_ACTION, events[3].action, events[4].action]
    stand_in = Event(3, LOST_ACTION, {})
    assert again.state == Session(GAME, SessionSetup(2), "dmg", events=[
        *events[:2], stand_in, *events[3:]]).state
    assert "line 4" in again.warnings[0] and path.name in again.warnings[0]
    assert "5 records that verify were used" in again.warnings[1]  # 4 actions, 1 snapshot
    assert LOST_ACTION in [h.text for h in again.history()]
    again.do("fire")
    again.close()
    table.close()
    # the damaged line stays in the file: the next open says so and has the new action too
    third = Tableside(tmp_path).load(play.id)
    assert "line 4" in third.warnings[0]
    assert third.head == 6 and third.session.events[-1].action == "fire"


def test_a_damaged_header_is_restored_from_the_copy_kept_in_the_catalog(
        tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    path = tmp_path / "sessions" / f"{play.id}.jsonl"
    path.write_bytes(b"garbage\n" + path.read_bytes().split(b"\n", 1)[1])
    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert again.head == 2 and again.state == play.state
    assert any("first line" in w and "restored" in w for w in again.warnings)
    again.close()
    table.close()
    assert path.read_bytes().startswith(b"garbage") is False  # written back
    third = Tableside(tmp_path).load(play.id)
    assert any("first line" in w for w in third.warnings)  # and said until dismissed


@pytest.mark.parametrize("survivor", ["seal", "snapshot"])
def test_a_damaged_header_is_restored_without_the_catalog(tmp_path: Path,
                                                          survivor: str) -> None:
    play = saved(tmp_path, 3)
    folder = tmp_path / "sessions"
    path = folder / f"{play.id}.jsonl"
    path.write_bytes(b"garbage\n" + path.read_bytes().split(b"\n", 1)[1])
    for name in ("catalog.json", "catalog.json.bak", "catalog.copies.json",
                 "catalog.copies.json.bak"):
        (tmp_path / name).unlink(missing_ok=True)
    gone = {"seal": f"{play.id}.snap.json", "snapshot": f"{play.id}.seal.json"}[survivor]
    (folder / gone).unlink()
    table = Tableside(tmp_path)
    assert [s.id for s in table.sessions()] == [play.id]
    again = table.load(play.id)
    assert again.state == play.state
    assert any("restored" in w for w in again.warnings)


def test_a_damaged_header_with_no_copy_left_opens_nothing(tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    other = saved(tmp_path, 2, seed="other")
    folder = tmp_path / "sessions"
    path = folder / f"{play.id}.jsonl"
    damaged = b"garbage\n" + path.read_bytes().split(b"\n", 1)[1]
    path.write_bytes(damaged)
    (folder / f"{play.id}.seal.json").unlink()
    (folder / f"{play.id}.snap.json").unlink()
    for name in ("catalog.copies.json", "catalog.copies.json.bak"):
        (tmp_path / name).unlink()  # the catalog's copies of the headers
    table = Tableside(tmp_path)
    with pytest.raises(TablesideError, match="not a Tableside journal") as caught:
        table.load(play.id)
    assert str(path) in str(caught.value) and "no copy" in str(caught.value)
    assert "seed" in str(caught.value)
    assert path.read_bytes() == damaged  # left as it was
    assert table.load(other.id).head == 2


def test_a_journal_from_a_newer_format_is_refused_plainly_and_left_alone(tmp_path: Path) -> None:
    newer = saved(tmp_path, 3, title="From the future")
    older = saved(tmp_path, 3, seed="older", title="Ours")
    path = tmp_path / "sessions" / f"{newer.id}.jsonl"
    lines = path.read_bytes().split(b"\n")
    header = decode_line(lines[0])
    assert header is not None
    header["format"] = JOURNAL_FORMAT + 1
    lines[0] = encode_line(header).rstrip(b"\n")
    lines.insert(2, encode_line({"t": "hologram", "seq": 1}).rstrip(b"\n"))
    content = b"\n".join(lines)
    path.write_bytes(content)

    table = Tableside(tmp_path)
    assert {s.title for s in table.sessions()} == {"From the future", "Ours"}
    with pytest.raises(TablesideError) as caught:
        table.load(newer.id)
    message = str(caught.value)
    assert str(path) in message and "newer" in message and "Update Tableside" in message
    assert path.read_bytes() == content  # not truncated, not rewritten
    assert table.load(older.id).head == 3


def test_a_missing_journal_is_a_clear_error(tmp_path: Path) -> None:
    play = saved(tmp_path, 1)
    (tmp_path / "sessions" / f"{play.id}.jsonl").unlink()
    with pytest.raises(TablesideError, match="journal is missing"):
        Tableside(tmp_path).load(play.id)


# --- snapshots --------------------------------------------------------------------------------
def test_a_missing_snapshot_still_loads_correctly(tmp_path: Path) -> None:
    play = saved(tmp_path, 6)
    snap = tmp_path / "sessions" / f"{play.id}.snap.json"
    assert snap.exists()
    snap.unlink()
    again = Tableside(tmp_path).load(play.id)
    assert again.state == play.state
    assert again.warnings == []


def test_a_stale_snapshot_still_loads_correctly(tmp_path: Path) -> None:
    play = saved(tmp_path, 6)
    snap = tmp_path / "sessions" / f"{play.id}.snap.json"
    stale = json.loads(snap.read_text())
    stale["state"]["facts"]["marker"] = "stale"
    snap.write_text(json.dumps(stale))
    table = Tableside(tmp_path)
    again = table.load(play.id)
    again.undo(4)
    again.do("fire")  # another branch: the snapshot no longer fits
    again.do("fire")
    events, head = again.session.events, again.head
    # killed: no close, so the stale snapshot stays on disk
    reopened = Tableside(tmp_path).load(play.id)
    assert "marker" not in reopened.state.facts
    assert reopened.head == head
    assert reopened.state == Session(GAME, SessionSetup(2), "dmg", events=events).state


@pytest.mark.parametrize("junk", [b"", b"{not json", b"[]", b'{"format": 99, "seq": 1}',
                                  b'{"format": 1, "seq": 3, "digest": "x", "state": {}}'])
def test_a_junk_snapshot_is_ignored(tmp_path: Path, junk: bytes) -> None:
    play = saved(tmp_path, 4)
    (tmp_path / "sessions" / f"{play.id}.snap.json").write_bytes(junk)
    again = Tableside(tmp_path).load(play.id)
    assert again.state == play.state


def test_snapshot_written_every_500_actions_makes_reopening_replay_little(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tableside import open_session

    monkeypatch.setattr(open_session, "SNAPSHOT_TO_DISK_EVERY", 5)
    play = saved(tmp_path, 12, close=False)
    snap = json.loads((tmp_path / "sessions" / f"{play.id}.snap.json").read_text())
    assert 0 < snap["seq"] <= 10
    again = Tableside(tmp_path).load(play.id)
    assert again.state == play.state


# --- the catalog --------------------------------------------------------------------------------
def test_a_garbage_catalog_falls_back_to_the_backup(tmp_path: Path) -> None:
    first = saved(tmp_path, 2, title="First")
    second = saved(tmp_path, 2, seed="2", title="Second")
    catalog = tmp_path / "catalog.json"
    catalog.write_bytes(b"\x00\xffthis is not json{{{")

    table = Tableside(tmp_path)
    text = " ".join(table.warnings)
    assert "catalog.json" in text and "damaged" in text
    assert "backup" in text
    assert {s.id for s in table.sessions()} == {first.id, second.id}
    assert list(tmp_path.glob("catalog.json.damaged-*"))
    assert table.load(first.id).head == 2
    table.close()
    # repaired: the next start is quiet
    assert Tableside(tmp_path).warnings == []


def test_a_garbage_catalog_and_backup_are_rebuilt_from_the_journals(tmp_path: Path) -> None:
    first = saved(tmp_path, 2, title="First")
    second = saved(tmp_path, 3, seed="2", title="Second")
    (tmp_path / "catalog.json").write_text("junk")
    (tmp_path / "catalog.json.bak").write_text("more junk")

    table = Tableside(tmp_path)
    text = " ".join(table.warnings)
    assert "catalog.json was damaged" in text
    assert "Found 2 saved game(s) missing from the list" in text
    rows = {s.id: s for s in table.sessions()}
    assert set(rows) == {first.id, second.id}
    assert rows[first.id].title == "First" and rows[first.id].players == 2
    assert table.load(second.id).head == 3


def test_a_session_newer_than_the_backup_is_still_listed(tmp_path: Path) -> None:
    """The backup is one write behind: the newest session comes back from its journal."""
    first = saved(tmp_path, 1, title="First")
    newest = saved(tmp_path, 1, seed="2", title="Newest")
    table = Tableside(tmp_path)
    backup = json.loads((tmp_path / "catalog.json.bak").read_text())
    table.close()
    listed_in_backup = {row["id"] for row in backup.get("sessions", {}).values()}
    (tmp_path / "catalog.json").write_text("junk")
    (tmp_path / "catalog.json.bak").write_text(json.dumps(
        {**backup, "sessions": {k: v for k, v in backup["sessions"].items()
                                if v["id"] != newest.id}}))
    assert newest.id in listed_in_backup  # the test removed it from the backup by hand
    table = Tableside(tmp_path)
    assert {s.id for s in table.sessions()} == {first.id, newest.id}


@pytest.mark.parametrize("junk", ["[]", '{"sessions": "x"}', '{"sessions": {"1": 5}}',
                                  '{"meta": [1], "sessions": {}}', "null"])
def test_a_catalog_of_the_wrong_shape_counts_as_damaged(tmp_path: Path, junk: str) -> None:
    play = saved(tmp_path, 1)
    (tmp_path / "catalog.json").write_text(junk)
    (tmp_path / "catalog.json.bak").unlink()
    table = Tableside(tmp_path)
    assert any("damaged" in w for w in table.warnings)
    assert [s.id for s in table.sessions()] == [play.id]


def test_a_catalog_from_a_newer_format_is_read_only_and_untouched(tmp_path: Path) -> None:
    play = saved(tmp_path, 2, title="Kept")
    catalog = tmp_path / "catalog.json"
    data = json.loads(catalog.read_text())
    data["meta"] = {"1": {"format": 99}}
    content = json.dumps(data)
    catalog.write_text(content)

    table = Tableside(tmp_path)
    assert any("newer Tableside" in w and "catalog.json" in w for w in table.warnings)
    assert [s.id for s in table.sessions()] == [play.id]
    again = table.load(play.id)
    again.do("fire")
    again.close()
    table.rename(play.id, "Changed")
    table.close()
    assert catalog.read_text() == content
    assert Tableside(tmp_path).load(play.id).head == 3  # the journal still took the action


def test_leftover_temporary_files_do_not_confuse_the_store(tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    (tmp_path / ".catalog.json.999.tmp").write_text("half")
    (tmp_path / "sessions" / f".{play.id}.snap.json.999.tmp").write_text("half")
    table = Tableside(tmp_path)
    assert table.warnings == []
    assert [s.id for s in table.sessions()] == [play.id]
