"""bm25 in Python from the stored counts (postings.py): FTS5's own scores, to the last bit.

The sum is FTS5's (sqlite's fts5_aux.c, fts5Bm25Function) in the same order of operations:
for each phrase of the expression in turn, idf x ((f x (k1 + 1)) / (f + k1 x (1 - b + b x
D / avgdl))), where f is the phrase's weighted count in the section, D the section's tokens in
all columns, avgdl the mean of D over the index, and idf = log((N - n + 0.5) / (n + 0.5)) for a
phrase n of the N sections hold (1e-6 when that is not above 0). The sections a search ranks,
and the order of equal scores (lower id first), are those of `ORDER BY bm25, rowid`.
tests/references/test_refs_ranking.py compares the two on every query it can think of.

A phrase is ranked here when the stored counts answer for it: a word in plain ASCII, or a
synonym phrase of several words (postings.py lists those). A half-typed phrase of two words or
accented letters (FTS5 folds those its own way) leave the search to FTS5 (search.ranked).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from references import postings
from references.porter import stem
from references.query import Term

K1 = 1.2  # FTS5's bm25 constants
B = 0.75
FLOOR = 1e-6


@dataclass(frozen=True)
class Corpus:
    """What bm25 needs of the whole index, read once per change of the books."""

    sections: int  # N
    norm: list[float]  # by section id: k1 x (1 - b + b x D / avgdl)
    titles: dict[int, str]
    shelves: dict[int, tuple[str, str]]  # section id -> (game, kind) of its book


def _varints(blob: bytes) -> list[int]:
    """SQLite's varints, as FTS5 writes its sizes (none is near the 9-byte form)."""
    out: list[int] = []
    value = 0
    for byte in blob:
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            out.append(value)
            value = 0
    return out


def corpus(conn: sqlite3.Connection) -> Corpus | None:
    """The index's figures, or None when the stored counts do not list it all."""
    if not postings.complete(conn):
        return None
    row = conn.execute("SELECT block FROM fts_data WHERE id = 1").fetchone()
    if row is None:
        return Corpus(0, [], {}, {})
    # FTS5's totals record: the number of rows, then each column's tokens in all of them
    totals = _varints(row[0])
    sections, tokens = totals[0], sum(totals[1:])
    if not sections:
        return Corpus(0, [], {}, {})
    avgdl = tokens / sections
    norm: dict[int, float] = {}
    titles: dict[int, str] = {}
    shelves: dict[int, tuple[str, str]] = {}
    for section_id, sizes, title, game, kind in conn.execute(
            "SELECT d.id, d.sz, s.title, b.game, b.kind FROM fts_docsize d "
            "JOIN sections s ON s.id = d.id JOIN books b ON b.id = s.book_id"):
        length = float(sum(_varints(sizes)))
        norm[section_id] = K1 * (1 - B + B * length / avgdl)
        titles[section_id] = title
        shelves[section_id] = (game, kind)
    by_id = [0.0] * (max(norm, default=0) + 1)  # a list: read once per word a section holds
    for section_id, value in norm.items():
        by_id[section_id] = value
    return Corpus(sections, by_id, titles, shelves)


def _contributions(idf: float, ids: Sequence[int], counts: Sequence[float],
                   norm: Sequence[float], only: dict[int, float] | None = None
                   ) -> dict[int, float]:
    """Each section's share of the score from one phrase (for the sections in `only`):
    idf x ((f x (k1 + 1)) / (f + norm)), FTS5's operations in FTS5's order."""
    k = K1 + 1.0  # the same double FTS5 computes for (k1 + 1.0)
    if only is None:
        return dict(zip(ids, [idf * ((f * k) / (f + norm[d]))
                              for d, f in zip(ids, counts, strict=True)], strict=True))
    return {d: idf * ((f * k) / (f + norm[d]))
            for d, f in zip(ids, counts, strict=True) if d in only}


def rank(conn: sqlite3.Connection, figures: Corpus, terms: Sequence[Term],
         game: str | None, kind: str | None, pool: int
         ) -> tuple[list[tuple[int, float, str]], set[int]] | None:
    """The `pool` best sections holding any of the terms, as (id, score, title) best first,
    and which of them hold every term; None when a phrase is not listed (FTS5 ranks those).
    Scores and order are FTS5's for the same expression (the terms joined by OR, each
    term's phrases in order).

    The rarest phrases are scored first; once the pool's last section scores more from them
    alone than every other phrase together could add (a phrase adds less than idf x (k1 + 1)),
    the others are scored only for the sections already found (MaxScore, as pruning.py)."""
    norm = figures.norm
    stored: list[tuple[int, Sequence[int], Sequence[float], float]] = []  # phrase, ids, ...
    owner: list[int] = []  # the term each phrase belongs to
    for number, term in enumerate(terms):
        for phrase in term.phrases:
            if not all(word.isascii() for word in phrase):
                return None  # FTS5 folds accented letters its own way
            stems = tuple(stem(word) for word in phrase)
            ids: Sequence[int]
            counts: Sequence[float]
            if len(stems) > 1:
                listed = postings.of_phrase(conn, stems) if not term.prefix else None
                if listed is None:
                    return None
                ids, counts = listed
            elif term.prefix:
                ids, counts = postings.of_prefix(conn, stems[0])
            else:
                ids, counts = postings.of_term(conn, stems[0])
            n = len(ids)
            idf = math.log((figures.sections - n + 0.5) / (n + 0.5))
            stored.append((len(owner), ids, counts, idf if idf > 0.0 else FLOOR))
            owner.append(number)
    shares: list[dict[int, float] | None] = [None] * len(owner)
    keep = _shelf_filter(figures, game, kind)
    partial: dict[int, float] = {}  # the sum so far, in any order: only to judge the cut
    stored.sort(key=lambda phrase: -phrase[3])  # rarest first
    ceilings = [idf * (K1 + 1.0) * (1.0 + 1e-9) for _, _, _, idf in stored]
    only: dict[int, float] | None = None
    for k, (i, ids, counts, idf) in enumerate(stored):
        share = _contributions(idf, ids, counts, norm, only)
        shares[i] = share
        if not k:
            partial = dict(share)
        else:
            get = partial.get
            for d, value in share.items():
                partial[d] = get(d, 0.0) + value
        if only is not None:
            continue
        rest = sum(ceilings[k + 1:])
        if not rest:
            break
        # no section has more than the phrases scored so far could give: worth a look only
        # when that beats what the rest could add
        if len(partial) >= pool and sum(ceilings[: k + 1]) > rest:
            values = _kept(partial, keep).values()
            if len(values) >= pool and sorted(values, reverse=True)[pool - 1] > rest:
                only = partial  # no other section can reach the pool: score only these
    candidates = _kept(partial, keep)
    top = sorted(candidates.values(), reverse=True)[:pool]
    # `partial` summed the phrases in the order they were scored, FTS5 sums them in the
    # expression's order: the same numbers when that order is the same, or when there are
    # two phrases at most (a + b == b + a); else the exact sums are worked out for the
    # sections at the pool's end and above it (the two orders differ in the last bits)
    in_order = len(shares) < 3 or [i for i, _, _, _ in stored] == list(range(len(shares)))
    if in_order:
        floor = top[-1] if len(top) == pool else 0.0
        scored = [(-v, d) for d, v in candidates.items() if v >= floor]
    else:
        floor = top[-1] - 1e-9 * abs(top[-1]) - 1e-12 if len(top) == pool else 0.0
        complete = [share for share in shares if share is not None]
        scored = []
        for d in [d for d, v in candidates.items() if v >= floor]:
            total = 0.0
            for share in complete:
                part = share.get(d)
                if part is not None:
                    total += part
            scored.append((-total, d))
    scored.sort()
    titles = figures.titles
    best = [(d, -negated, titles[d]) for negated, d in scored[:pool]]
    if len(terms) == 1:
        return best, {d for d, _, _ in best}
    holding = set()
    for d, _, _ in best:
        held = {owner[i] for i, share in enumerate(shares) if share is not None and d in share}
        if len(held) == len(terms):
            holding.add(d)
    return best, holding


def _kept(scores: dict[int, float], keep: Callable[[int], bool] | None) -> dict[int, float]:
    return scores if keep is None else {d: v for d, v in scores.items() if keep(d)}


def _shelf_filter(figures: Corpus, game: str | None, kind: str | None
                  ) -> Callable[[int], bool] | None:
    """A test keeping the sections of that game and kind (None: keep them all)."""
    if not game and not kind:
        return None
    shelves = figures.shelves

    def keep(section_id: int) -> bool:
        shelf_game, shelf_kind = shelves[section_id]
        return (not game or shelf_game == game) and (not kind or shelf_kind == kind)

    return keep
