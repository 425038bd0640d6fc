"""The rulebook library: built-in reference cards plus imported rulebooks, searchable with FTS5.

Open it once (in a worker: `Library.open` is cheap once the index exists) and share it; a lock
makes it safe to use from a worker thread and the UI thread. The caller chooses the data folder.

    library = Library.open(data_dir)
    result = library.search("android reaches the remora", game="lifeform")
    section = library.section(result.hits[0].section_id, query="android reaches the remora")
    help_sections = library.topic("lifeform", "self_destruct")
"""

from __future__ import annotations

import contextlib
import json
import operator
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from references import postings, pruning, ranking
from references import search as run
from references.cards import CARD_SOURCE, card_texts, cards_digest, shown_text
from references.errors import (
    ImportRefused,
    LibraryError,
    SearchCancelled,
    UnknownBook,
    UnknownTopic,
)
from references.games import GAMES, check_game
from references.model import BookInfo, BookKind, Hit, SearchResult, Section, TocEntry
from references.query import Plan, Term, game_named, plan
from references.reader import load_rulebook
from references.sectioning import split_markdown
from references.store import (
    MERGED,
    Transaction,
    connect,
    delete_book,
    get_meta,
    merge_index,
    set_meta,
    write_book,
)
from references.suggest import Vocabulary, did_you_mean

Progress = Callable[[float, str], None]

#: How many sections each MATCH fetches before the title and all-words boosts re-rank them.
CANDIDATES = 60

_BOOK_COLUMNS = (
    "b.id, b.kind, b.game, b.title, b.source, b.added, b.pages_without_text, b.notes, "
    "(SELECT COUNT(*) FROM sections s WHERE s.book_id = b.id)"
)


class Library:
    """Reference cards and rulebooks in one SQLite FTS5 index in the caller's data folder."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._lock = threading.RLock()
        self._vocab: dict[str | None, Vocabulary] = {}
        # what bm25 needs of the whole index (None: rank with FTS5), once read
        self._figures: ranking.Corpus | None = None
        self._figures_read = False
        self._data_version: object = None  # SQLite's count of other connections' commits
        self._writable = True  # False when opened only to read: the index is not merged

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, data_dir: Path, *, read_only: bool = False) -> Library:
        """Open the library in `data_dir`; index the built-in cards if they changed.

        ``read_only`` (``rules search``) writes no file: a library that is missing, or
        whose cards are out of date, is read into memory and brought up to date there."""
        conn = connect(Path(data_dir), read_only=read_only)
        library = cls(conn, Path(data_dir))
        library._writable = not read_only
        try:
            if read_only and not library._cards_current():
                memory = sqlite3.connect(":memory:", isolation_level=None,
                                         check_same_thread=False)
                conn.backup(memory)
                conn.close()
                library._conn = memory  # cards brought up to date here, the file untouched
            library._sync_cards()
        except sqlite3.Error as error:
            library._conn.close()
            raise LibraryError(
                f"{data_dir}: could not index the reference cards ({error})"
            ) from None
        except BaseException:
            library._conn.close()
            raise
        return library

    def _cards_current(self) -> bool:
        return get_meta(self._conn, "cards") == cards_digest(card_texts())

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _sync_cards(self) -> None:
        """Re-index the cards only when their text (or the index version) changed; merge an
        index that earlier versions left in many segments (not when reading only)."""
        texts = card_texts()
        digest = cards_digest(texts)
        if get_meta(self._conn, "cards") == digest:
            unmerged = get_meta(self._conn, "index") != MERGED
            if self._writable and (unmerged or not postings.complete(self._conn)):
                # best effort: another window writing now only puts it off to the next open
                with contextlib.suppress(sqlite3.OperationalError), self._lock, \
                        self._write() as conn:
                    if unmerged:
                        merge_index(conn)
                    if not postings.complete(conn):  # written by an earlier version
                        postings.rebuild(conn)
                self._changed()
            return
        with self._lock, self._write() as conn:
            if get_meta(conn, "cards") == digest:  # another process did it meanwhile
                return
            for (book_id,) in conn.execute("SELECT id FROM books WHERE kind='card'").fetchall():
                delete_book(conn, book_id)
            for game, text in texts.items():
                parsed = split_markdown(shown_text(text), f"{GAMES[game]} reference card")
                write_book(conn, kind="card", game=game, title=parsed.title, source=CARD_SOURCE,
                           sha256="", sections=parsed.sections)
            set_meta(conn, "cards", digest)
            if self._writable:  # a copy in memory for one reading is not worth merging
                merge_index(conn)
            postings.rebuild(conn)
        self._changed()

    def _changed(self) -> None:
        """Forget what was read of the books (this connection wrote them)."""
        self._vocab.clear()
        self._figures = None
        self._figures_read = False

    def _in_step(self) -> None:
        """Forget what was read of the books when another window has written them since."""
        version = self._conn.execute("PRAGMA data_version").fetchone()[0]
        if version != self._data_version:
            self._data_version = version
            self._changed()

    def _corpus(self) -> ranking.Corpus | None:
        if not self._figures_read:
            self._figures = ranking.corpus(self._conn)
            self._figures_read = True
        return self._figures

    def _write(self) -> Transaction:
        return Transaction(self._conn)

    def _drop_spilled_pages(self) -> None:
        """After a write that failed (a full disk): the rolled-back pages SQLite spilled into
        its -wal file are given back (the file cut to nothing), so the disk is as before."""
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # ------------------------------------------------------------ books

    def add_rulebook(
        self,
        path: Path,
        game: str | None = None,
        progress: Progress | None = None,
        *,
        allow_duplicate: bool = False,
    ) -> BookInfo:
        """Import a .txt, .md or .pdf rulebook, all or nothing; ImportRefused says why not.

        `game` may be left out when the text names its game (the Lifeform expansion files under
        lifeform). `progress(fraction, message)` is called as the work goes on.
        """
        path = Path(path)
        book = load_rulebook(path, game, progress)  # reading and cutting need no lock
        with self._lock:
            if not allow_duplicate:
                same = self._conn.execute(
                    "SELECT id, title FROM books WHERE kind='rulebook' AND sha256=?", (book.sha256,)
                ).fetchone()
                if same:
                    raise ImportRefused(
                        f"{path.name}: already in the library as #{same[0]} ({same[1]})"
                    )
            try:
                with self._write() as conn:
                    counted = postings.complete(conn)  # before this book's sections
                    book_id = write_book(
                        conn, kind="rulebook", game=book.game, title=book.title,
                        source=book.source, sha256=book.sha256, sections=book.sections,
                        pages_without_text=book.pages_without_text, notes=book.notes,
                        progress=progress,
                    )
                    if counted:
                        first, last = conn.execute(
                            "SELECT min(id), max(id) FROM sections WHERE book_id = ?",
                            (book_id,)).fetchone()
                        if first is not None:
                            postings.add(conn, first, last)
                    merge_index(conn)
            except sqlite3.Error as error:
                self._drop_spilled_pages()
                raise LibraryError(f"{path.name}: could not be stored ({error})") from None
            except BaseException:
                self._drop_spilled_pages()
                raise
            self._changed()
            info = self.book(book_id)
        if progress:
            progress(1.0, f"imported {info.title}: {info.sections} sections")
        return info

    def books(self, include_cards: bool = False) -> list[BookInfo]:
        """Imported rulebooks (and the built-in cards if asked), oldest first."""
        where = "" if include_cards else "WHERE b.kind = 'rulebook'"
        with self._lock:
            rows = self._conn.execute(
                f"SELECT {_BOOK_COLUMNS} FROM books b {where} ORDER BY b.kind, b.id"
            ).fetchall()
        return [_book_info(row) for row in rows]

    def cards(self) -> list[BookInfo]:
        """The built-in reference cards, one per game."""
        return [b for b in self.books(include_cards=True) if b.kind == "card"]

    def book(self, book_id: int) -> BookInfo:
        """One book by id; UnknownBook if there is none."""
        with self._lock:
            row = self._conn.execute(
                f"SELECT {_BOOK_COLUMNS} FROM books b WHERE b.id = ?", (book_id,)
            ).fetchone()
        if row is None:
            raise UnknownBook(f"no rulebook with id {book_id}; `tableside rules list` shows them")
        return _book_info(row)

    def remove(self, book_id: int) -> None:
        """Remove an imported rulebook; the built-in cards cannot be removed."""
        with self._lock:
            info = self.book(book_id)
            if info.kind == "card":
                raise LibraryError(f"#{book_id} is the built-in {info.title}; it cannot be removed")
            try:
                with self._write() as conn:
                    counted = postings.complete(conn)
                    delete_book(conn, book_id)
                    if counted:
                        postings.rebuild(conn)
            except sqlite3.Error as error:
                raise LibraryError(f"#{book_id} could not be removed ({error})") from None
            self._changed()
            self._give_back_space()

    def _give_back_space(self) -> None:
        """Shrink the file to what it still holds (a removed 20 MB book left its pages
        behind as free space): VACUUM, then fold the write-ahead log into the file. Best
        effort: a window reading meanwhile only delays it to the next removal."""
        with contextlib.suppress(sqlite3.Error):
            # FTS5 keeps a deleted row's index entries until its segments are merged
            self._conn.execute("INSERT INTO fts(fts) VALUES('optimize')")
            self._conn.execute("VACUUM")
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # ------------------------------------------------------------ reading

    def search(
        self,
        query: str,
        game: str | None = None,
        limit: int = 10,
        *,
        kind: BookKind | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> SearchResult:
        """Ranked sections for any text a person types (never a syntax error).

        Any word may match; sections holding every word, or named by the words, rank higher.
        `kind` keeps only "card" or only "rulebook" sections. `cancelled` is asked as the
        search runs (inside SQLite too): once it says True the search stops and raises
        SearchCancelled, so an abandoned search burns no more CPU.
        """
        if game is not None:
            check_game(game)
        if kind not in (None, "card", "rulebook"):
            raise LibraryError(f"kind must be 'card' or 'rulebook', not {kind!r}")
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise LibraryError(f"limit must be a positive whole number, not {limit!r}")
        query = query if isinstance(query, str) else str(query)
        with self._lock:
            self._in_step()
            if cancelled is None:
                return self._search(query, game, limit, kind)
            if cancelled():
                raise SearchCancelled(f"search for {query!r} given up")
            self._conn.set_progress_handler(lambda: int(cancelled()), 2000)
            try:
                result = self._search(query, game, limit, kind)
            except sqlite3.OperationalError:
                if not cancelled():
                    raise
                raise SearchCancelled(f"search for {query!r} given up") from None
            finally:
                self._conn.set_progress_handler(None, 0)
            if cancelled():  # SQLite stopped mid-way: what it found is not the answer
                raise SearchCancelled(f"search for {query!r} given up")
            return result

    def _search(self, query: str, game: str | None, limit: int,
                kind: str | None) -> SearchResult:
        asked, game = game_named(query, game)
        steps = plan(asked, game)
        suggestion = None
        if steps.chunks:
            suggestion = did_you_mean(steps.chunks, self._vocabulary(game),
                                      self._vocabulary(None))
        tried = False
        if suggestion and not run.matches(self._conn, steps.all_words):
            # No section holds every word typed (a word not in the books matches nothing),
            # so what was typed would give way to the corrected words whatever it found:
            # rank those first, and what was typed only if they find nothing.
            tried = True
            corrected = self._corrected(suggestion, query, game, limit, kind)
            if corrected:
                return corrected
        found, holds_all = self._rank(steps, game, limit, kind)
        if suggestion and not tried and (not found or not holds_all):
            # nothing, or nothing holding every word, for what was typed: "diplomcy tie"
            # finds "tie" alone, since a word not in the books matches nothing; what the
            # corrected words find answers the question better: show it, saying so
            corrected = self._corrected(suggestion, query, game, limit, kind)
            if corrected:
                return corrected
        # snippets are cut only for the hits shown (not for a result the correction replaced)
        return SearchResult(query, self._hits(steps, found), suggestion)

    def _corrected(self, suggestion: str, query: str, game: str | None, limit: int,
                   kind: str | None) -> SearchResult | None:
        """What the corrected words find, saying so; None when they find nothing."""
        steps = plan(suggestion, game)
        better, _ = self._rank(steps, game, limit, kind)
        if not better:
            return None
        return SearchResult(query, self._hits(steps, better), suggestion, showing=suggestion)

    def _hits(self, steps: Plan, scored: list[tuple[int, float]]) -> tuple[Hit, ...]:
        """Titles, paths and snippets for the ranked sections shown."""
        expr = steps.any_word or steps.all_words
        if not expr or not scored:
            return ()
        return tuple(run.hits(self._conn, expr, scored, steps.costly_lookup))

    def _rank(
        self, steps: Plan, game: str | None, limit: int, kind: str | None = None
    ) -> tuple[list[tuple[int, float]], bool]:
        """Best sections for a plan: bm25 over any of the words, raised for sections holding
        every word and for sections whose title names the words (a title says what a section
        answers; bm25 alone lets a long body that mentions every word in passing win). Also
        whether some section holds every word."""
        if steps.all_words is None:
            return [], False
        pool = max(CANDIDATES, 4 * limit)
        kept = steps.kept()
        figures = self._corpus()
        done = self._ranked_here(figures, kept, game, kind, pool) if figures else None
        if done is not None:
            some, with_all = done
            if steps.any_word:
                every = [row for row in some if row[0] in with_all]
            else:
                every, some = some, []
        elif steps.any_word:
            # Every section holding all the words holds any of them: rank once, over any of
            # the words, and ask only which of those hold them all (no second ranking).
            some = self._ranked_any(steps, game, pool, kind)
            with_all = run.holding(self._conn, steps.all_words, [i for i, _, _ in some])
            every = [row for row in some if row[0] in with_all]
        else:
            every = run.ranked(self._conn, steps.all_words, game, pool, kind)
            some = []
            with_all = {i for i, _, _ in every}
        best: list[tuple[int, float]] = []
        named: dict[str, float] = {}  # title -> how squarely it names the query (titles repeat)
        # each section once: those holding every word first (so ties keep that order)
        for section_id, score, title in [*every, *(r for r in some if r[0] not in with_all)]:
            boost = named.get(title)
            if boost is None:
                boost = named[title] = steps.title_boost(title)
            best.append((section_id, score * (1.25 * boost if section_id in with_all else boost)))
        best.sort(key=operator.itemgetter(1), reverse=True)
        return best[:limit], bool(every)

    def _ranked_here(self, figures: ranking.Corpus, kept: tuple[Term, ...], game: str | None,
                     kind: str | None, pool: int
                     ) -> tuple[list[tuple[int, float, str]], set[int]] | None:
        """The pool ranked from the stored counts; None leaves it to FTS5 (also when the
        counts name a section the index no longer holds: only a program that writes the
        file without them could leave that, and the search must still answer)."""
        try:
            return ranking.rank(self._conn, figures, kept, game, kind, pool)
        except (IndexError, KeyError, sqlite3.OperationalError):
            return None

    def _ranked_any(self, steps: Plan, game: str | None, pool: int,
                    kind: str | None) -> list[tuple[int, float, str]]:
        """The pool for the any-word expression, scoring only the sections holding a rare
        word when the common words cannot lift another section into it (pruning.py)."""
        assert steps.any_word is not None
        alternatives = steps.alternatives()
        counted = run.holders(self._conn, [p for _, parts in alternatives for p in parts])
        if counted is not None:
            sections, counts = counted
            terms, n = [], 0
            for expr, parts in alternatives:
                held = counts[n: n + len(parts)]
                n += len(parts)
                terms.append(pruning.Term(expr, sum(pruning.ceiling(h, sections) for h in held),
                                          sum(held)))
            cut = pruning.split(terms, pool)
            if cut is not None:
                some = run.ranked(self._conn, steps.any_word, game, pool, kind,
                                  among=" OR ".join(cut.rare))
                if len(some) == pool and some[-1][1] > cut.common_ceiling:
                    return some
        return run.ranked(self._conn, steps.any_word, game, pool, kind)

    def section(self, section_id: int, query: str | None = None) -> Section:
        """A whole section; with `query`, `hit_spans` marks the words it matched."""
        with self._lock:
            row = self._conn.execute(
                "SELECT s.id, s.book_id, b.kind, b.game, b.title, s.title, s.path, s.topics, "
                "f.body FROM sections s JOIN books b ON b.id = s.book_id "
                "JOIN fts f ON f.rowid = s.id WHERE s.id = ?",
                (section_id,),
            ).fetchone()
            if row is None:
                raise UnknownBook(f"no section with id {section_id} (the library has changed?)")
            spans: tuple[tuple[int, int], ...] = ()
            if query:
                steps = plan(query, row[3])
                for expr in (steps.all_words, steps.any_word):
                    if expr and not spans:
                        spans = run.highlight_spans(self._conn, expr, section_id, row[8])
        return Section(
            id=row[0], book_id=row[1], kind=row[2], game=row[3], source=row[4], title=row[5],
            path=tuple(json.loads(row[6])), body=row[8], topics=tuple(row[7].split()),
            hit_spans=spans,
        )

    def toc(self, book_id: int) -> list[TocEntry]:
        """The book's table of contents, in reading order."""
        self.book(book_id)
        with self._lock:
            rows = self._conn.execute(
                "SELECT id, title, level, path FROM sections WHERE book_id=? ORDER BY ord",
                (book_id,),
            ).fetchall()
        return [TocEntry(r[0], r[1], r[2], tuple(json.loads(r[3]))) for r in rows]

    def topics(self, game: str) -> list[str]:
        """The context-help topic keys the game's reference card carries."""
        check_game(game)
        with self._lock:
            rows = self._conn.execute(
                "SELECT topic FROM topics WHERE game=? ORDER BY topic", (game,)
            ).fetchall()
        return [r[0] for r in rows]

    def topic(self, game: str, topic_key: str) -> list[Section]:
        """Context help: the card section for the key, then the best imported rulebook section."""
        check_game(game)
        with self._lock:
            row = self._conn.execute(
                "SELECT section_id FROM topics WHERE game=? AND topic=?", (game, topic_key)
            ).fetchone()
        if row is None:
            raise UnknownTopic(
                f"no reference card section for topic {topic_key!r} in {game}; "
                f"known topics: {', '.join(self.topics(game))}"
            )
        card = self.section(row[0])
        out = [card]
        words = card.title
        with self._lock:
            self._in_step()
            best, _ = self._rank(plan(words, game), game, 1, kind="rulebook")
        if best:
            out.append(self.section(best[0][0], query=words))
        return out

    def _vocabulary(self, game: str | None) -> Vocabulary:
        if game not in self._vocab:
            sql = "SELECT word, SUM(n) FROM vocab" + (" WHERE game=?" if game else "")
            rows = self._conn.execute(sql + " GROUP BY word", (game,) if game else ()).fetchall()
            self._vocab[game] = Vocabulary({str(w): int(n) for w, n in rows})
        return self._vocab[game]


def _book_info(row: Any) -> BookInfo:
    return BookInfo(
        id=row[0], kind=row[1], game=row[2], title=row[3], source=row[4], added=row[5],
        pages_without_text=tuple(json.loads(row[6])), notes=tuple(json.loads(row[7])),
        sections=row[8],
    )
