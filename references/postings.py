"""Each index term's sections with the term's weighted count in each: what bm25 reads.

FTS5's bm25() decodes every matching section's positions again at each search (about 1.5 µs a
section: most of a search's time on a library of 3 MB). The counts it derives from them only
change when a book does, so they are kept here, one row per term of the index (a stem, as the
porter tokenizer wrote it): the section ids as one array and, for each, the term's count in the
title times 5, in the body times 1 and in the chapter path times 2 (search.WEIGHTS). The counts
come from FTS5's own vocabulary of the index (fts5vocab), so they are the index's to the token.

The phrases of two words or more that the games' synonyms hold ("self destruct", "hand
limit") are kept the same way, under their stems joined by a space (a term never holds one):
FTS5 finds a phrase by its words' positions, read here from the same vocabulary. A phrase is
listed for every section or not at all (one a game added since is listed at the next rebuild;
until then FTS5 ranks the searches that use it).

Written in the transaction that writes or removes a book; meta "postings" says the table is
complete (a library written by an earlier version has none until it is opened for writing).
"""

from __future__ import annotations

import sqlite3
from array import array
from collections import defaultdict
from collections.abc import Sequence

from references.porter import stem
from references.search import COLUMNS, WEIGHTS
from references.synonyms import synonym_index

VERSION = "3"  # meta "postings": complete and in step with the index, in this layout
META = "postings"
SCHEMA = """
CREATE TABLE IF NOT EXISTS postings(
    term TEXT PRIMARY KEY, sections BLOB NOT NULL, weights BLOB NOT NULL
) WITHOUT ROWID;
"""
_VOCAB = "temp.fts_instances"
_WEIGHT_OF = dict(zip(COLUMNS, WEIGHTS, strict=True))
# array type codes: section ids as 32-bit integers; the weighted counts, whole numbers far
# under 2**24, as 32-bit floats (exact: bm25 reads the same numbers FTS5 counts)
IDS, COUNTS = "i", "f"


def _instances(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_VOCAB} USING fts5vocab(main, fts, 'instance')")


def _doc_range(first: int | None, last: int | None) -> tuple[str, tuple[int, ...]]:
    """The condition on fts5vocab's `doc` for the sections first..last (none when None)."""
    if first is None or last is None:
        return "", ()
    return "doc BETWEEN ? AND ?", (first, last)


def _counts(conn: sqlite3.Connection, first: int | None, last: int | None
            ) -> dict[str, dict[int, float]]:
    """term -> section -> weighted count, for the sections first..last (all when None)."""
    _instances(conn)
    where, params = _doc_range(first, last)
    counts: dict[str, dict[int, float]] = defaultdict(dict)
    for term, doc, col, n in conn.execute(
            f"SELECT term, doc, col, count(*) FROM {_VOCAB} "
            f"{'WHERE ' + where if where else ''} GROUP BY term, doc, col", params):
        held = counts[term]
        held[doc] = held.get(doc, 0.0) + _WEIGHT_OF[col] * n
    return counts


def add(conn: sqlite3.Connection, first: int, last: int) -> None:
    """Add the sections first..last, just written (inside the caller's transaction): their
    ids are above every id already listed (ids only grow), so each list grows at its end."""
    counts = _counts(conn, first, last)
    for (key,) in conn.execute(
            "SELECT term FROM postings WHERE term GLOB '* *'").fetchall():
        counts[key] = _phrase_counts(conn, tuple(key.split(" ")), first, last)
    terms = list(counts)
    listed: dict[str, tuple[bytes, bytes]] = {}
    for start in range(0, len(terms), 500):  # read in batches: one statement per 500 terms
        batch = terms[start: start + 500]
        listed.update((term, (ids, weights)) for term, ids, weights in conn.execute(
            "SELECT term, sections, weights FROM postings WHERE term IN "
            f"({','.join('?' * len(batch))})", batch))
    rows = []
    for term, held in counts.items():
        old = listed.get(term)
        ids: array[int] = array(IDS, old[0]) if old else array(IDS)
        weights: array[float] = array(COUNTS, old[1]) if old else array(COUNTS)
        for doc in sorted(held):
            ids.append(doc)
            weights.append(held[doc])
        rows.append((term, ids.tobytes(), weights.tobytes()))
    conn.executemany("INSERT OR REPLACE INTO postings VALUES(?, ?, ?)", rows)
    _complete_now(conn)


def rebuild(conn: sqlite3.Connection) -> None:
    """List every section of the index again (after a removal, or on a library written
    before this table existed), inside the caller's transaction."""
    conn.execute(SCHEMA)
    conn.execute("DELETE FROM postings")
    counts = _counts(conn, None, None)
    for stems in _synonym_phrases():
        counts[" ".join(stems)] = _phrase_counts(conn, stems, None, None)  # even if none
    rows = []
    for term, held in counts.items():
        docs = sorted(held)
        rows.append((term, array(IDS, docs).tobytes(),
                     array(COUNTS, [held[d] for d in docs]).tobytes()))
    conn.executemany("INSERT INTO postings VALUES(?, ?, ?)", rows)
    _complete_now(conn)


def _synonym_phrases() -> list[tuple[str, ...]]:
    """The stems of every synonym phrase of two words or more, of every game."""
    index, _ = synonym_index(None)
    return sorted({tuple(stem(w) for w in phrase) for phrase in index
                   if len(phrase) > 1 and all(w.isascii() for w in phrase)})


def _phrase_counts(conn: sqlite3.Connection, stems: tuple[str, ...], first: int | None,
                   last: int | None) -> dict[int, float]:
    """section -> weighted count of the phrase (its stems at consecutive positions of one
    column), for the sections first..last (all when None)."""
    _instances(conn)
    where, params = _doc_range(first, last)
    places = [set(conn.execute(f"SELECT doc, col, offset FROM {_VOCAB} WHERE term = ?"
                               f"{' AND ' + where if where else ''}",
                               (word, *params)).fetchall()) for word in stems]
    held: dict[int, float] = {}
    for doc, col, offset in places[0]:
        if all((doc, col, offset + k) in places[k] for k in range(1, len(stems))):
            held[doc] = held.get(doc, 0.0) + _WEIGHT_OF[col]
    return held


def _stamp(conn: sqlite3.Connection) -> str:
    """This layout's version with how many sections the index holds and the highest id: a
    book another program wrote or removed without the counts changes one of them."""
    count, highest = conn.execute("SELECT count(*), max(id) FROM fts_docsize").fetchone()
    return f"{VERSION} {count} {highest}"


def complete(conn: sqlite3.Connection) -> bool:
    """Whether the table lists every section of the index, and only those."""
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (META,)).fetchone()
    return row is not None and row[0] == _stamp(conn)


def _complete_now(conn: sqlite3.Connection) -> None:
    conn.execute("INSERT OR REPLACE INTO meta VALUES(?, ?)", (META, _stamp(conn)))


def _listed(conn: sqlite3.Connection, key: str) -> tuple[array[int], array[float]] | None:
    row = conn.execute("SELECT sections, weights FROM postings WHERE term = ?",
                       (key,)).fetchone()
    return None if row is None else (array(IDS, row[0]), array(COUNTS, row[1]))


def of_term(conn: sqlite3.Connection, term: str) -> tuple[array[int], array[float]]:
    """The sections holding `term` (ascending) and its weighted count in each."""
    return _listed(conn, term) or (array(IDS), array(COUNTS))


def of_phrase(conn: sqlite3.Connection, stems: tuple[str, ...]
              ) -> tuple[array[int], array[float]] | None:
    """As of_term for a phrase of several words; None when the phrase is not listed."""
    return _listed(conn, " ".join(stems))


def of_prefix(conn: sqlite3.Connection, prefix: str) -> tuple[Sequence[int], Sequence[float]]:
    """Every term starting with `prefix` as one: the sections holding any (in no particular
    order), with the counts summed (as FTS5 counts a half-typed word's instances)."""
    rows = conn.execute(
        "SELECT sections, weights FROM postings WHERE term >= ? AND term < ? "
        "AND instr(term, ' ') = 0",  # a phrase's row is not a term starting so
        (prefix, prefix + "\U0010ffff")).fetchall()
    if len(rows) == 1:
        return array(IDS, rows[0][0]), array(COUNTS, rows[0][1])
    # the term most sections hold first, taken whole; the others added to it
    lists = sorted(((array(IDS, ids), array(COUNTS, weights)) for ids, weights in rows),
                   key=lambda pair: -len(pair[0]))
    if not lists:
        return array(IDS), array(COUNTS)
    summed = dict(zip(*lists[0], strict=True))
    get = summed.get
    for ids, weights in lists[1:]:
        for doc, weight in zip(ids, weights, strict=True):
            summed[doc] = get(doc, 0.0) + weight
    return list(summed), list(summed.values())
