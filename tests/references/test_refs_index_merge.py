"""The index is merged into one segment after every write (every search looks each word up in
every segment), a library written before that is merged once when opened to write, and a
library opened only to read (`tableside rules search`) is never written."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from references import Library
from references.store import FILE_NAME
from tests.references.refs_helpers import FIXTURE_FILES, FIXTURES


def _segments(data: Path) -> int:
    conn = sqlite3.connect(data / FILE_NAME)
    try:
        return int(conn.execute("SELECT count(DISTINCT segid) FROM fts_idx").fetchone()[0])
    finally:
        conn.close()


def _unmerge(data: Path) -> None:
    """What an earlier version left: the same books, written as several segments."""
    conn = sqlite3.connect(data / FILE_NAME)
    rows = conn.execute("SELECT rowid, title, body, path FROM fts").fetchall()
    with conn:
        conn.execute("DELETE FROM meta WHERE key='index'")
        for n in range(0, len(rows), 7):  # one transaction per batch: a segment each
            with conn:
                for row in rows[n:n + 7]:
                    conn.execute("DELETE FROM fts WHERE rowid=?", (row[0],))
                    conn.execute("INSERT INTO fts(rowid, title, body, path) VALUES(?,?,?,?)", row)
    conn.close()


def _imported(data: Path) -> None:
    with Library.open(data) as library:
        for name in list(FIXTURE_FILES.values())[:3]:
            library.add_rulebook(FIXTURES / name)


def test_each_import_leaves_one_segment(tmp_path: Path) -> None:
    _imported(tmp_path / "data")
    assert _segments(tmp_path / "data") == 1


def test_an_earlier_library_is_merged_when_opened_to_write(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _imported(data)
    with Library.open(data) as library:
        before = [(h.section_id, h.score) for h in library.search("crew alien room").hits]
    _unmerge(data)
    assert _segments(data) > 1
    with Library.open(data) as library:
        assert _segments(data) == 1
        assert [(h.section_id, h.score) for h in library.search("crew alien room").hits] == before


def test_opened_only_to_read_the_file_is_not_touched(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _imported(data)
    _unmerge(data)
    written = (data / FILE_NAME).read_bytes()
    with Library.open(data, read_only=True) as library:
        assert library.search("crew alien room").hits
    assert (data / FILE_NAME).read_bytes() == written
    assert _segments(data) > 1
