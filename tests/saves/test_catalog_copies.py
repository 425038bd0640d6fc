"""The catalog's copies of each journal's header and chain head, kept beside the list Home
reads: a catalog an older Tableside wrote (the copies inside its rows) opens as it was and
is brought up to date by the first window that writes, losing no copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.catalog import Catalog
from tableside.api import Tableside
from tests.saves.test_saves_damage import saved

pytestmark = pytest.mark.usefixtures("demo_registered")


def _as_format_1(root: Path) -> None:
    """Write the catalog back as Tableside kept it before: each row with its copies."""
    path = root / "catalog.json"
    copies = json.loads((root / "catalog.copies.json").read_text())["copies"]
    tables = json.loads(path.read_text())
    for row in tables["sessions"].values():
        row.update(copies[row["id"]])
    tables["meta"] = {"1": {"format": 1}}
    path.write_text(json.dumps(tables))
    for name in ("catalog.json.bak", "catalog.copies.json", "catalog.copies.json.bak"):
        (root / name).unlink(missing_ok=True)


def _rows(root: Path) -> list[dict[str, object]]:
    return list(json.loads((root / "catalog.json").read_text())["sessions"].values())


def test_the_list_home_reads_holds_no_header_copy(tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    assert [set(row) & {"header", "chain"} for row in _rows(tmp_path)] == [set()]
    row = Catalog(tmp_path / "catalog.json").row(play.id) or {}
    assert row["header"]["seed"] and row["chain"]["lines"] >= 3
    # the copies' own backup (one write behind) stands in for a damaged copies file
    (tmp_path / "catalog.copies.json").write_text("{not json")
    row = Catalog(tmp_path / "catalog.json").row(play.id) or {}
    assert row["header"]["seed"] and row["chain"]["lines"] >= 1


def test_an_older_catalog_is_read_as_it_is_then_moved_on_by_a_writer(tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    _as_format_1(tmp_path)
    before = (tmp_path / "catalog.json").read_bytes()

    looking = Tableside(tmp_path, read_only=True)
    assert [s.id for s in looking.sessions()] == [play.id]
    assert (tmp_path / "catalog.json").read_bytes() == before  # a reader writes nothing
    assert "header" in (looking.store.catalog.row(play.id) or {})

    writing = Tableside(tmp_path)
    assert [s.id for s in writing.sessions()] == [play.id] and writing.warnings == []
    assert [set(row) & {"header", "chain"} for row in _rows(tmp_path)] == [set()]
    row = writing.store.catalog.row(play.id) or {}
    assert row["header"]["seed"] and row["chain"]["lines"] >= 3
    writing.close()


def test_a_damaged_header_is_restored_from_an_older_catalogs_copy(tmp_path: Path) -> None:
    """The catalog moved on by opening still holds the only copy left of a header."""
    play = saved(tmp_path, 2)
    _as_format_1(tmp_path)
    folder = tmp_path / "sessions"
    Tableside(tmp_path).close()  # moved on
    path = folder / f"{play.id}.jsonl"
    path.write_bytes(b"garbage\n" + path.read_bytes().split(b"\n", 1)[1])
    (folder / f"{play.id}.seal.json").unlink()
    (folder / f"{play.id}.snap.json").unlink()
    again = Tableside(tmp_path).load(play.id)
    assert again.state == play.state
    assert any("first line" in w and "restored" in w for w in again.warnings)
    again.close()


def test_a_deleted_game_leaves_no_copy_of_its_sealed_seed(tmp_path: Path) -> None:
    play = saved(tmp_path, 2)
    kept = saved(tmp_path, 2, seed="kept")
    table = Tableside(tmp_path)
    table.delete(play.id)
    copies = json.loads((tmp_path / "catalog.copies.json").read_text())["copies"]
    assert set(copies) == {kept.id}
    table.close()
