"""Ranking in Python from the stored counts (references/ranking.py, postings.py) gives FTS5's
answer: the same sections, in the same order, with the same scores to the bit; and the counts
stay in step with the index through imports, removals, other windows and older libraries."""

from __future__ import annotations

import dataclasses
import shutil
import sqlite3
from pathlib import Path

import pytest

from references import Library, postings, ranking
from references.query import plan
from references.reader import load_rulebook
from references.store import FILE_NAME, Transaction, write_book
from tests.references.refs_helpers import FIXTURE_FILES, FIXTURES

QUESTIONS = [
    "android reaches the Remora", "what happens when the android reaches the Remora?",
    "hull breach", "first target noise", "plurality tie", "autodestruction", "launch criteria",
    "stowaway card", "self destruct 20", "SD track", "night stalker", "power threshold",
    "intruder bag development", "who can take income", "game end 40 points",
    "diplomacy bonus tied for the lead", "emergency protocol countdown", "push your luck",
    "scuttlebug", "fire", "the", "autod", "hull br", "hand limit", "maximum hand size",
    "cocoon max hand", "victory check", "13th fire marker", "the card", "noise roll",
    "attack combat", "go move", "Ending A", "module C crisis", "income income",
    "neutral ship marker", "panic move noisy kill", "asteroid impact token",
]
# a half-typed phrase of two words, accented letters: FTS5 ranks these
LEFT_TO_FTS5 = ["x-wing", "self-dest", "Pérez", "café noise"]
GAMES = [None, "lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix"]


def _answers(library: Library) -> list[object]:
    out: list[object] = []
    for question in QUESTIONS + LEFT_TO_FTS5:
        for game in GAMES:
            for kind in (None, "rulebook", "card"):
                out.append(library._rank(plan(question, game), game, 10, kind))
    return out


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records, for each ranking, whether Python ranked it (True) or left it to FTS5."""
    taken: list[bool] = []
    real = ranking.rank

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        done = real(*args, **kwargs)
        taken.append(done is not None)
        return done

    monkeypatch.setattr(ranking, "rank", recording)
    return taken


def test_python_ranks_as_fts5_does(seeded: Library, counted: list[bool],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    ours = _answers(seeded)
    each = len(GAMES) * 3
    # every question was ranked here, synonyms included, but those left to FTS5
    assert counted == [True] * len(QUESTIONS) * each + [False] * len(LEFT_TO_FTS5) * each
    monkeypatch.setattr(Library, "_corpus", lambda self: None)
    assert ours == _answers(seeded)  # == on floats: FTS5's scores to the last bit


def test_a_library_imported_twice_over_ranks_alike(tmp_path: Path, counted: list[bool],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Equal scores (a book imported twice) come lower id first, as FTS5 orders them; the
    rarest-first cut (MaxScore) is taken and changes nothing."""
    library = Library.open(tmp_path)
    for _ in range(3):
        for name in FIXTURE_FILES.values():
            library.add_rulebook(FIXTURES / name, allow_duplicate=True)
    ours = _answers(library)
    assert counted.count(True) == len(QUESTIONS) * len(GAMES) * 3
    monkeypatch.setattr(Library, "_corpus", lambda self: None)
    assert ours == _answers(library)
    library.close()


def _stored(conn: sqlite3.Connection) -> list[tuple[object, ...]]:
    return conn.execute("SELECT * FROM postings ORDER BY term").fetchall()


def _as_rebuilt(conn: sqlite3.Connection) -> list[tuple[object, ...]]:
    """What a rebuild from the index would store (rolled back: the library is untouched)."""
    conn.execute("BEGIN")
    try:
        postings.rebuild(conn)
        return _stored(conn)
    finally:
        conn.execute("ROLLBACK")


@pytest.fixture
def two_books(library: Library) -> Library:
    """Two of our texts in a fresh library (in tmp_path / "data": conftest.py)."""
    library.add_rulebook(FIXTURES / FIXTURE_FILES["lifeform"])
    library.add_rulebook(FIXTURES / FIXTURE_FILES["pandora-celeste"])
    return library


def test_counts_follow_imports_and_removals(two_books: Library) -> None:
    conn = two_books._conn
    assert postings.complete(conn)
    assert _stored(conn) == _as_rebuilt(conn)
    third = two_books.add_rulebook(FIXTURES / FIXTURE_FILES["nemesis-lockdown"])
    assert _stored(conn) == _as_rebuilt(conn)
    phrase_rows = [row[0] for row in _stored(conn) if " " in str(row[0])]
    assert "self destruct" in phrase_rows and "hand limit" in phrase_rows
    two_books.remove(third.id)
    assert _stored(conn) == _as_rebuilt(conn)
    assert two_books.search("android", game="nemesis-lockdown").hits == ()


def test_another_windows_import_is_searched_at_once(two_books: Library) -> None:
    question = "android reaches the remora"
    assert two_books.search(question, kind="rulebook", game="nemesis-lockdown").hits == ()
    other = Library.open(two_books.path)
    other.add_rulebook(FIXTURES / FIXTURE_FILES["nemesis-lockdown"])
    other.close()
    after = two_books.search(question)
    assert two_books.search(question, kind="rulebook", game="nemesis-lockdown").hits
    # the figures bm25 reads of the whole index (its size, its mean length) moved too
    fresh = Library.open(two_books.path)
    assert [(h.section_id, h.score) for h in fresh.search(question).hits] \
        == [(h.section_id, h.score) for h in after.hits]
    fresh.close()


def _as_an_earlier_version_left_it(folder: Path) -> None:
    conn = sqlite3.connect(folder / FILE_NAME)
    conn.execute("DROP TABLE postings")
    conn.execute("DELETE FROM meta WHERE key = ?", (postings.META,))
    conn.commit()
    conn.close()


def test_a_library_from_before_the_counts(two_books: Library, tmp_path: Path,
                                          counted: list[bool]) -> None:
    expected = [(h.section_id, h.score) for h in two_books.search("hull breach").hits]
    counted.clear()
    folder = tmp_path / "older"
    two_books.close()
    shutil.copytree(two_books.path, folder)
    _as_an_earlier_version_left_it(folder)
    # read only (`tableside rules search`): nothing written, FTS5 ranks
    reading = Library.open(folder, read_only=True)
    assert [(h.section_id, h.score) for h in reading.search("hull breach").hits] == expected
    assert counted == []
    reading.close()
    # opened to write: the counts are made, and rank
    writing = Library.open(folder)
    assert postings.complete(writing._conn)
    assert [(h.section_id, h.score) for h in writing.search("hull breach").hits] == expected
    assert counted == [True]
    writing.close()


def test_a_phrase_not_listed_is_left_to_fts5(two_books: Library, counted: list[bool],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's synonym added after the library was written has no stored counts yet."""
    expected = two_books.search("hand limit")
    two_books._conn.execute("DELETE FROM postings WHERE term = 'hand limit'")
    assert two_books.search("hand limit") == expected
    assert counted == [True, False]


def test_a_book_written_without_the_counts_is_not_missed(two_books: Library,
                                                         counted: list[bool]) -> None:
    """A program that knows nothing of the counts (an earlier version, in another window)
    adds a book: the counts no longer describe the index, so FTS5 ranks until the next open
    for writing makes them again."""
    book = load_rulebook(FIXTURES / FIXTURE_FILES["nemesis-lockdown"], "nemesis-lockdown")
    with Transaction(two_books._conn) as conn:
        write_book(conn, kind="rulebook", game=book.game, title=book.title,
                   source=book.source, sha256=book.sha256, sections=book.sections)
    two_books._changed()
    assert not postings.complete(two_books._conn)
    found = two_books.search("intruder", kind="rulebook", game="nemesis-lockdown").hits
    assert found and counted == []
    two_books.close()
    again = Library.open(two_books.path)
    assert postings.complete(again._conn)
    assert [h.section_id for h in again.search(
        "intruder", kind="rulebook", game="nemesis-lockdown").hits] == [h.section_id for h in found]
    assert counted == [True]
    again.close()


def test_counts_that_name_a_section_not_in_the_figures_leave_it_to_fts5(
        two_books: Library, counted: list[bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the stored counts and the index ever disagree, the search still answers."""
    expected = [(h.section_id, h.score) for h in two_books.search("hull breach").hits]
    figures = two_books._corpus()
    assert figures is not None
    broken = dataclasses.replace(figures, norm=[])
    monkeypatch.setattr(Library, "_corpus", lambda self: broken)
    assert [(h.section_id, h.score) for h in two_books.search("hull breach").hits] == expected
