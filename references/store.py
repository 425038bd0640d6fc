"""The SQLite file behind the library: schema, FTS5 check, writing and deleting books.

One FTS5 table holds each section's title, body and chapter path (rowid = sections.id);
plain tables hold books, section metadata, card topic keys and the spelling vocabulary.
Ids are AUTOINCREMENT: an id a screen still holds never comes back as another book or section.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from references.errors import Fts5Missing, LibraryError
from references.sectioning import RawSection, with_paths
from references.suggest import surface_words

SCHEMA_VERSION = "1"
FILE_NAME = "references.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS books(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    source TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    added TEXT NOT NULL,
    pages_without_text TEXT NOT NULL DEFAULT '[]',
    notes TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS sections(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    book_id INTEGER NOT NULL,
    ord INTEGER NOT NULL,
    level INTEGER NOT NULL,
    title TEXT NOT NULL,
    path TEXT NOT NULL,
    topics TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sections_by_book ON sections(book_id, ord);
CREATE TABLE IF NOT EXISTS topics(
    game TEXT NOT NULL, topic TEXT NOT NULL, section_id INTEGER NOT NULL,
    PRIMARY KEY (game, topic)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vocab(
    game TEXT NOT NULL, word TEXT NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (game, word)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
    title, body, path,
    tokenize = 'porter unicode61 remove_diacritics 2',
    prefix = '2 3'
);
"""

Progress = Callable[[float, str], None]


PRIVATE_FOLDER = 0o700  # the data folder also holds the saved games and their secrets
PRIVATE_FILE = 0o600


def connect(data_dir: Path, read_only: bool = False) -> sqlite3.Connection:
    """Open (creating if needed) the library file in `data_dir`, with the schema in place.

    The folder and the file are made private to the user (0700, 0600) whatever the umask,
    even when importing a rulebook is the first thing ever done. ``read_only`` creates and
    changes nothing: the file is read as it is, or, when there is none yet, an index in
    memory stands in (the built-in cards are indexed there).
    """
    path = data_dir / FILE_NAME
    if read_only:
        return _connect_read_only(path)
    _make_private(data_dir, path)
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise LibraryError(f"{path}: cannot open the rulebook library ({error})") from None
    with _closed_if_refused(conn, path):
        check_fts5(conn)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        _ensure_schema(conn, path)
    return conn


@contextlib.contextmanager
def _closed_if_refused(conn: sqlite3.Connection, path: Path) -> Iterator[None]:
    """Checks of a library just opened: the connection closed when one refuses it, a
    damaged file said as such."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        conn.close()
        raise _damaged(path, error) from None
    except LibraryError:
        conn.close()
        raise


def _make_private(data_dir: Path, path: Path) -> None:
    """Create the folder 0700 and the file 0600 (SQLite gives its -wal and -shm files the
    file's own mode); an existing folder is narrowed only when it is ours."""
    try:
        ours = not data_dir.exists() or path.exists() or (data_dir / "catalog.json").exists()
        data_dir.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER)
        if ours and data_dir.stat().st_mode & 0o077:
            data_dir.chmod(PRIVATE_FOLDER)
    except OSError as error:
        raise LibraryError(f"{data_dir}: cannot create the data folder ({error})") from None
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE))
        for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            if name.exists() and name.stat().st_mode & 0o077:
                name.chmod(PRIVATE_FILE)
    except OSError as error:
        raise LibraryError(f"{path}: cannot open the rulebook library ({error})") from None


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """The library as it is on disk, read without creating any file; in memory when absent.

    SQLite's ``mode=ro`` would still create the -wal and -shm files of a WAL database no
    window has open; ``immutable=1`` reads the file alone. When another window has it open
    (its -wal file is there), ``mode=ro`` reads through that window's log.
    """
    if not path.exists():
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            check_fts5(conn)
            _ensure_schema(conn, path)
        except BaseException:
            conn.close()
            raise
        return conn
    live = path.with_name(path.name + "-wal").exists()
    uri = path.absolute().as_uri() + ("?mode=ro" if live else "?immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as error:
        raise LibraryError(f"{path}: cannot open the rulebook library ({error})") from None
    with _closed_if_refused(conn, path):
        check_fts5(conn)
        version = _schema_version(conn)
        if version != SCHEMA_VERSION:
            raise LibraryError(
                f"{path}: written by another Tableside version (library format {version}, "
                f"this one reads {SCHEMA_VERSION})"
            )
    return conn


def _ensure_schema(conn: sqlite3.Connection, path: Path) -> None:
    version = _schema_version(conn)
    if version is None:
        conn.executescript(
            "BEGIN IMMEDIATE;" + _SCHEMA
            + f"INSERT OR REPLACE INTO meta VALUES('schema', '{SCHEMA_VERSION}'); COMMIT;"
        )
    elif version != SCHEMA_VERSION:
        raise LibraryError(
            f"{path}: written by another Tableside version (library format {version}, "
            f"this one reads {SCHEMA_VERSION})"
        )


def _damaged(path: Path, error: Exception) -> LibraryError:
    return LibraryError(
        f"{path}: the rulebook library file is damaged ({error}); move it aside and "
        "import your rulebooks again"
    )


def check_fts5(conn: sqlite3.Connection) -> None:
    """Raise Fts5Missing when this SQLite has no FTS5 (some Python builds lack it)."""
    options = {row[0] for row in conn.execute("PRAGMA compile_options")}
    if "ENABLE_FTS5" in options:
        return
    try:  # some builds load FTS5 without listing the option: try it before giving up
        conn.execute("CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x)")
        conn.execute("DROP TABLE temp.fts5_probe")
    except sqlite3.OperationalError:
        raise Fts5Missing(
            f"this Python's SQLite {sqlite3.sqlite_version} was built without FTS5, which "
            "rulebook search needs; install a Python whose sqlite3 has ENABLE_FTS5"
        ) from None


def _schema_version(conn: sqlite3.Connection) -> str | None:
    has_meta = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
    ).fetchone()
    if not has_meta:
        return None
    row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    return None if row is None else str(row[0])


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return None if row is None else str(row[0])


def set_meta(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO meta VALUES(?, ?)", (key, value))


def write_book(
    conn: sqlite3.Connection,
    *,
    kind: str,
    game: str,
    title: str,
    source: str,
    sha256: str,
    sections: list[RawSection],
    pages_without_text: Iterable[int] = (),
    notes: Iterable[str] = (),
    progress: Progress | None = None,
) -> int:
    """Insert a book and its sections (inside the caller's transaction); return its id."""
    added = datetime.now(UTC).isoformat(timespec="seconds")
    cursor = conn.execute(
        "INSERT INTO books(kind, game, title, source, sha256, added, pages_without_text, notes)"
        " VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
        (kind, game, title, source, sha256, added, json.dumps(list(pages_without_text)),
         json.dumps(list(notes))),
    )
    book_id = int(cursor.lastrowid or 0)
    placed = with_paths(title, sections)
    for n, (section, path) in enumerate(placed):
        cursor = conn.execute(
            "INSERT INTO sections(book_id, ord, level, title, path, topics) VALUES(?,?,?,?,?,?)",
            (book_id, n, section.level, section.title, json.dumps(list(path)),
             " ".join(section.topics)),
        )
        section_id = int(cursor.lastrowid or 0)
        # The path column holds the chapters above the section (not the book's own title).
        conn.execute(
            "INSERT INTO fts(rowid, title, body, path) VALUES(?, ?, ?, ?)",
            (section_id, section.title, section.body, " > ".join(path[1:-1])),
        )
        for topic in section.topics:
            conn.execute("INSERT OR IGNORE INTO topics VALUES(?, ?, ?)", (game, topic, section_id))
        if progress and n % 25 == 0:
            progress(0.8 + 0.2 * n / max(1, len(placed)), f"indexed {n} of {len(placed)}")
    words = surface_words(t for s in sections for t in (s.title, s.body))
    conn.executemany(
        "INSERT INTO vocab VALUES(?, ?, ?) "
        "ON CONFLICT(game, word) DO UPDATE SET n = n + excluded.n",
        ((game, word, count) for word, count in words.items()),
    )
    return book_id


MERGED = "merged"  # meta "index": every write so far ended by merging the index


def merge_index(conn: sqlite3.Connection) -> None:
    """Merge the index into one segment (inside the caller's transaction).

    Each import writes its words as new segments, and every MATCH looks each word up in
    every segment: on a library built by fifty imports a search spent about a third of its
    time there, most of it in the per-hit snippet lookups (benchmarks/search.py)."""
    conn.execute("INSERT INTO fts(fts) VALUES('optimize')")
    set_meta(conn, "index", MERGED)


def delete_book(conn: sqlite3.Connection, book_id: int) -> None:
    """Remove a book, its sections, their index rows, topics and words (caller's transaction)."""
    game_row = conn.execute("SELECT game FROM books WHERE id=?", (book_id,)).fetchone()
    if game_row is None:
        return
    ids = [row[0] for row in conn.execute("SELECT id FROM sections WHERE book_id=?", (book_id,))]
    texts: list[str] = []
    for section_id in ids:
        row = conn.execute("SELECT title, body FROM fts WHERE rowid=?", (section_id,)).fetchone()
        if row:
            texts.extend(row)
        conn.execute("DELETE FROM fts WHERE rowid=?", (section_id,))
        conn.execute("DELETE FROM topics WHERE section_id=?", (section_id,))
    words = surface_words(texts)
    conn.executemany(
        "UPDATE vocab SET n = n - ? WHERE game=? AND word=?",
        ((count, game_row[0], word) for word, count in words.items()),
    )
    conn.execute("DELETE FROM vocab WHERE n <= 0")
    conn.execute("DELETE FROM sections WHERE book_id=?", (book_id,))
    conn.execute("DELETE FROM books WHERE id=?", (book_id,))


class Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error: all or nothing."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if kind is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")
