"""Scoring only the sections that can reach the candidate pool (references/pruning.py) gives
the same hits, in the same order, with the same scores, as scoring every section.

pruning.py serves FTS5's ranking: these tests rank with it alone, as a library without the
stored counts does (references/ranking.py ranks the others: test_refs_ranking.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from references import Library, postings, pruning
from references import search as run
from tests.references.refs_helpers import SEED_FILES

QUESTIONS = [
    "stowaway card", "SD track", "who can take income", "game end 40 points", "hull br",
    "android reaches the Remora", "first target noise", "self destruct 20", "hand limit",
    "diplomacy bonus tied for the lead", "intruder bag development", "power threshold",
    "cocoon max hand", "victory check contingency", "13th fire marker", "the card",
    "neutral ship marker", "panic move noisy kill", "asteroid impact token", "fire",
]


@pytest.fixture(autouse=True)
def fts5_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search here is ranked by FTS5, as in a library without the stored counts."""
    monkeypatch.setattr(Library, "_corpus", lambda self: None)


def _answers(library: Library, game: str | None = None) -> list[object]:
    out: list[object] = []
    for question in QUESTIONS:
        result = library.search(question, game=game)
        out.append([(h.section_id, h.score, h.snippet) for h in result.hits])
    return out


def test_the_ceiling_is_what_fts5_bm25_approaches_and_never_passes() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE fts USING fts5(title, body, path, "
                 "tokenize = 'porter unicode61 remove_diacritics 2')")
    rows = [("stowaway " * 400, "", "")] + [("", f"crew room {n}", "") for n in range(40)]
    rows += [("", "stowaway once", "")]
    conn.executemany("INSERT INTO fts(title, body, path) VALUES(?, ?, ?)", rows)
    scores = [-r[0] for r in conn.execute(
        "SELECT bm25(fts, 5.0, 1.0, 2.0) FROM fts WHERE fts MATCH 'stowaway'")]
    top = pruning.ceiling(2, len(rows))
    assert max(scores) < top
    assert max(scores) > 0.95 * top  # so k1 is FTS5's: the bound is tight, not loose
    assert pruning.idf(30, 41) == pruning.FLOOR  # a word in most sections adds next to nothing


def test_split_takes_the_rare_words_when_the_common_ones_cannot_matter() -> None:
    rare = pruning.Term('"stowaway"', pruning.ceiling(117, 2784), 117)
    common = pruning.Term('"card"*', pruning.ceiling(1523, 2784), 1523)
    cut = pruning.split([common, rare], pool=60)
    assert cut is not None and cut.rare == ('"stowaway"',)
    assert cut.common_ceiling == common.ceiling
    # too few sections hold the rare word to fill the pool: no split
    assert pruning.split([common, pruning.Term('"x"', rare.ceiling, 10)], pool=60) is None
    # words about as rare as each other: every section must be scored
    alike = [pruning.Term(f'"{w}"', pruning.ceiling(330, 2784), 330) for w in "abc"]
    assert pruning.split(alike, pool=60) is None
    assert pruning.split([rare], pool=60) is None


@pytest.fixture(scope="module")
def sixfold(seeds: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    """The real rulebooks imported six times over (the benchmark's library is ten times):
    enough sections hold a rare word to fill the pool, so splits are taken.

    Written as a library without the stored counts (an earlier version's, which FTS5 ranks,
    as every search here is ranked anyway: ``fts5_ranks``): the counts, half the imports'
    work, are never read here."""
    library = Library.open(tmp_path_factory.mktemp("sixfold"))
    library._conn.execute("DELETE FROM meta WHERE key = ?", (postings.META,))
    for _ in range(6):
        for name in SEED_FILES.values():
            library.add_rulebook(seeds / name, allow_duplicate=True)
    assert not postings.complete(library._conn)  # no counts were written meanwhile
    yield library
    library.close()


def test_pruned_ranking_equals_scoring_every_section(
        sixfold: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[pruning.Split] = []
    real_split = pruning.split

    def recording(terms: Sequence[pruning.Term], pool: int) -> pruning.Split | None:
        cut = real_split(terms, pool)
        if cut is not None:
            taken.append(cut)
        return cut

    monkeypatch.setattr(pruning, "split", recording)
    pruned = _answers(sixfold) + _answers(sixfold, "space-station-phoenix")
    assert taken  # the pruned path was really taken
    monkeypatch.setattr(pruning, "split", lambda terms, pool: None)
    assert pruned == _answers(sixfold) + _answers(sixfold, "space-station-phoenix")


def test_on_five_books_the_answers_are_those_of_scoring_every_section(
        seeded: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    pruned = _answers(seeded) + _answers(seeded, "space-station-phoenix")
    monkeypatch.setattr(pruning, "split", lambda terms, pool: None)
    assert pruned == _answers(seeded) + _answers(seeded, "space-station-phoenix")


def test_a_split_that_cannot_be_shown_safe_falls_back(
        seeded: Library, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forcing the rarest word alone for every question (the check after scoring must catch
    each case where a section without it belongs in the pool) changes no answer."""
    expected = _answers(seeded)
    forced: list[bool] = []

    def rarest_alone(terms: Sequence[pruning.Term], pool: int) -> pruning.Split | None:
        ordered = sorted(terms, key=lambda t: t.ceiling, reverse=True)
        if len(ordered) < 2:
            return None
        forced.append(True)
        return pruning.Split((ordered[0].expr,), sum(t.ceiling for t in ordered[1:]))

    monkeypatch.setattr(pruning, "split", rarest_alone)
    assert _answers(seeded) == expected
    assert forced


def test_without_the_check_the_rarest_word_alone_would_lose_answers(
        seeded: Library, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """The check after scoring is what keeps the answers: trusting the rarest word alone
    (as if the others could add nothing) drops sections that belong in the pool."""
    if request.node.callspec.params["seeded"] != "real-rulebooks":
        pytest.skip("our short texts: the rarest word alone already finds the same ten")
    expected = _answers(seeded)

    def unsafe(terms: Sequence[pruning.Term], pool: int) -> pruning.Split | None:
        ordered = sorted(terms, key=lambda t: t.ceiling, reverse=True)
        return pruning.Split((ordered[0].expr,), -1.0) if len(ordered) > 1 else None

    monkeypatch.setattr(pruning, "split", unsafe)
    monkeypatch.setattr(run, "ranked", _filling(run.ranked))
    assert _answers(seeded) != expected


def _filling(ranked):  # type: ignore[no-untyped-def]
    """ranked() whose filtered pool always counts as full (the small fixture library rarely
    has 60 sections holding a word): the unsafe split is then always taken."""
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        rows = ranked(*args, **kwargs)
        if kwargs.get("among"):
            return rows + [(-n, -1.0, "") for n in range(1, args[3] - len(rows) + 1)]
        return rows
    return wrapper
