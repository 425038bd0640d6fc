"""Running MATCH expressions: ranked rows, snippets and highlight offsets.

Ranking is bm25 with the section title weighted 5, the body 1 and the chapter path 2, so a
section named for the words outranks one that only mentions them (docs/DESIGN.md, References).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import sqlite3
from collections.abc import Sequence

from references.model import Hit

HIT_OPEN = "\x02"
HIT_CLOSE = "\x03"
COLUMNS = ("title", "body", "path")  # the fts table's columns, in order (store.py)
WEIGHTS = (5.0, 1.0, 2.0)  # bm25's weight for each column (ranking.py uses the same)
RANK = f"bm25(fts, {', '.join(map(str, WEIGHTS))})"
SNIPPET_TOKENS = 16
SNIPPET = f"snippet(fts, 1, char(2), char(3), '…', {SNIPPET_TOKENS})"

# Markdown a snippet line leaves out; a hit marker counts as the start (or end) of a line.
# The leading lookahead lets most places fail at once (it lists each alternative's first sign).
_MARKUP = re.compile(
    r"(?=[*_`#\[|-])(?:\*\*|__|`|(?:^|(?<=[\x02\x03]))#+\s*|\[[ xX]\]\s*"
    r"|(?<!\w)- (?=[^\s\x02\x03])|\|\s*-{3,}\s*)",
    re.MULTILINE,
)
_MARKERS = re.compile("[\x02\x03]")
_CELLS = re.compile(r"\s*\|[\s|]*")
_MARKUP_SIGN = re.compile(r"[*_`#\[|-]")  # no such sign: no Markdown to take out


def ranked(
    conn: sqlite3.Connection,
    expr: str,
    game: str | None,
    limit: int,
    kind: str | None = None,
    among: str | None = None,
) -> list[tuple[int, float, str]]:
    """(section id, score, section title) best first; score = -bm25, so higher is better.

    `among` limits the search to the sections matching that expression (scores are still
    those `expr` gives: references/pruning.py)."""
    where = ["fts MATCH ?"]
    params: list[object] = [expr]
    if among:
        # "+" keeps SQLite from looking each id up again with MATCH: one pass, filtered
        where.append("+fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)")
        params.append(among)
    if game:
        where.append("b.game = ?")
        params.append(game)
    if kind:
        where.append("b.kind = ?")
        params.append(kind)
    params.append(limit)
    if game or kind:
        sql = (
            f"SELECT fts.rowid, {RANK} AS r, s.title FROM fts "
            "JOIN sections s ON s.id = fts.rowid JOIN books b ON b.id = s.book_id "
            f"WHERE {' AND '.join(where)} ORDER BY r, fts.rowid LIMIT ?"
        )
    else:
        # No filter on the book: rank the index alone and name only the few sections kept
        # (joining every match before sorting cost a fifth of a common word's search).
        sql = (
            f"SELECT ranked.id, ranked.r, s.title FROM (SELECT fts.rowid AS id, {RANK} AS r "
            f"FROM fts WHERE {' AND '.join(where)} ORDER BY r, fts.rowid LIMIT ?) AS ranked "
            "JOIN sections s ON s.id = ranked.id ORDER BY ranked.r, ranked.id"
        )
    try:
        rows = conn.execute(sql, params).fetchall()
    except sqlite3.OperationalError:
        return []  # the query builder should make this impossible; never show a traceback
    # SQLite hands back an int, a float and a str already
    return [(i, -r, t) for i, r, t in rows]


def holders(conn: sqlite3.Connection, exprs: Sequence[str]
            ) -> tuple[int, list[int]] | None:
    """How many sections there are (bm25's N: FTS5's own docsize table holds a row for each)
    and how many match each expression, in one statement (one reading of the library); None
    if SQLite refuses."""
    sql = "SELECT (SELECT count(*) FROM fts_docsize)" + "".join(
        [", (SELECT count(*) FROM fts WHERE fts MATCH ?)"] * len(exprs))
    try:
        row = conn.execute(sql, list(exprs)).fetchone()
    except sqlite3.OperationalError:
        return None
    return int(row[0]), [int(n) for n in row[1:]]


def matches(conn: sqlite3.Connection, expr: str | None) -> bool:
    """Whether any section at all matches ``expr`` (FTS5 stops at the first)."""
    if not expr:
        return False
    try:
        return conn.execute("SELECT 1 FROM fts WHERE fts MATCH ? LIMIT 1", (expr,)
                            ).fetchone() is not None
    except sqlite3.OperationalError:
        return False


def holding(conn: sqlite3.Connection, expr: str, ids: Sequence[int]) -> set[int]:
    """Which of the sections ``ids`` match ``expr`` (no ranking: only the match)."""
    if not ids:
        return set()
    wanted = set(ids)
    try:
        rows = conn.execute("SELECT rowid FROM fts WHERE fts MATCH ?", (expr,)).fetchall()
    except sqlite3.OperationalError:
        return set()
    return {r[0] for r in rows} & wanted


def hits(conn: sqlite3.Connection, expr: str, scored: list[tuple[int, float]],
         one_pass: bool = True) -> list[Hit]:
    """Full hits (titles, path, snippet) for ranked section ids, in the same order.

    One statement, whatever the number of hits: the snippets with the sections' titles and
    books. With `one_pass` the snippets come from one pass over the matches between the
    lowest and highest id shown (FTS5 sets the expression up once: a half-typed word of four
    letters or more has its forms gathered afresh at every setup); otherwise FTS5 seeks to
    each id (Plan.costly_lookup chooses)."""
    if not scored:
        return []
    ids = [section_id for section_id, _ in scored]
    marks = ",".join("?" * len(ids))
    if one_pass:
        where = f"fts.rowid BETWEEN ? AND ? AND +fts.rowid IN ({marks})"
        params: list[object] = [expr, min(ids), max(ids), *ids]
    else:
        where = f"fts.rowid IN ({marks})"
        params = [expr, *ids]
    try:
        rows = conn.execute(
            f"SELECT fts.rowid, {SNIPPET}, s.title, s.path, b.id, b.kind, b.game, b.title "
            "FROM fts JOIN sections s ON s.id = fts.rowid JOIN books b ON b.id = s.book_id "
            f"WHERE fts MATCH ? AND {where}", params).fetchall()
    except sqlite3.OperationalError:
        return []
    found = {row[0]: row for row in rows}
    out: list[Hit] = []
    for section_id, score in scored:
        row = found.get(section_id)
        if row is None:
            continue
        _, snippet, title, path, book_id, kind, game, book_title = row
        out.append(Hit(section_id, book_id, kind, game, book_title, title, _path(path),
                       snippet_parts(snippet or ""), score))
    return out


@functools.lru_cache(maxsize=4096)
def _path(stored: str) -> tuple[str, ...]:
    """A section's path as stored (JSON), read once per library's life (paths repeat)."""
    return tuple(json.loads(stored))


def snippet_parts(marked: str) -> tuple[tuple[str, bool], ...]:
    """Split FTS5 snippet text on the hit markers; tidy Markdown and whitespace for one line.

    The whole snippet is tidied at once (a marker ends any Markdown a piece began, as if
    each piece were tidied alone), then split."""
    text = _MARKUP.sub("", marked) if _MARKUP_SIGN.search(marked) else marked
    if "|" in text:
        text = _CELLS.sub(" · ", text)
    pieces = _MARKERS.split(_one_space(text))
    # the pieces alternate between plain text and a hit (an empty one where two touch)
    parts = tuple(zip(pieces, itertools.cycle((False, True))))
    return tuple(part for part in parts if part[0]) if "" in pieces else parts


def _one_space(text: str) -> str:
    """Each run of white space as one plain space (str.split knows the same white space as
    the re module's \\s), a run at either end kept as one space."""
    words = text.split()
    if not words:
        return " " if text else ""
    joined = " ".join(words)
    if text[0].isspace():
        joined = " " + joined
    if text[-1].isspace():
        joined += " "
    return joined


def highlight_spans(conn: sqlite3.Connection, expr: str, section_id: int, body: str
                    ) -> tuple[tuple[int, int], ...]:
    """Offsets in `body` of the words `expr` matched in this section (empty if none)."""
    try:
        row = conn.execute(
            "SELECT highlight(fts, 1, char(2), char(3)) FROM fts WHERE fts MATCH ? AND rowid = ?",
            (expr, section_id),
        ).fetchone()
    except sqlite3.OperationalError:
        return ()
    if row is None or row[0] is None:
        return ()
    spans: list[tuple[int, int]] = []
    plain: list[str] = []
    length = 0
    start = 0
    for char in row[0]:
        if char == HIT_OPEN:
            start = length
        elif char == HIT_CLOSE:
            spans.append((start, length))
        else:
            plain.append(char)
            length += 1
    # Only trust offsets that map back onto the stored body exactly.
    return tuple(spans) if "".join(plain) == body else ()
