"""references/porter.py stems every word as FTS5's porter tokenizer does: FTS5 itself is the judge
(a word indexed alone in an FTS5 table shows its stem in the table's vocabulary)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from references.porter import stem
from references.synonyms import tokens

# Porter's suffixes and the endings that meet them, put on words of the texts: every rule and
# every condition of the algorithm is met somewhere in these.
ENDINGS = (
    "s", "es", "ed", "ing", "ly", "y", "ies", "ied", "ness", "ful", "ational", "tional",
    "enci", "anci", "izer", "logi", "bli", "alli", "entli", "eli", "ousli", "ization", "ation",
    "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "ical",
    "icate", "iciti", "ative", "alize", "al", "ance", "ence", "er", "ic", "able", "ible",
    "ant", "ement", "ment", "ent", "ion", "sion", "tion", "ou", "ism", "ate", "iti", "ous",
    "ive", "ize", "e", "ll", "eed", "sses", "ss", "at", "bl", "iz",
)
EDGES = ("a", "ab", "yy", "y", "ye", "yes", "bye", "sky", "toy", "ion", "sion", "ies", "sses",
         "eed", "feed", "agreed", "ing", "sing", "bring", "ed", "bed", "x" * 64, "x" * 65, "2026")


def fts5_stems(words: list[str]) -> dict[str, str]:
    """word -> the term FTS5 indexes it as (each word in a row of its own)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(t, "
                 "tokenize = 'porter unicode61 remove_diacritics 2')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(f, 'instance')")
    conn.executemany("INSERT INTO f(rowid, t) VALUES(?, ?)", list(enumerate(words, 1)))
    return {words[doc - 1]: term for term, doc in conn.execute("SELECT term, doc FROM v")}


def _words_of(folder: Path, names: dict[str, str]) -> list[str]:
    found: set[str] = set()
    for name in names.values():
        found.update(w for w in tokens((folder / name).read_text(encoding="utf-8"))
                     if w.isascii())
    return sorted(found)


def _check(words: list[str]) -> None:
    expected = fts5_stems(words)
    assert len(expected) == len(words)
    wrong = {w: (stem(w), expected[w]) for w in words if stem(w) != expected[w]}
    assert not wrong, f"{len(wrong)} words stemmed unlike FTS5 (ours, FTS5's): {wrong}"


def test_every_word_of_the_texts_and_their_suffixed_forms(
        rulebooks: tuple[Path, dict[str, str]]) -> None:
    folder, names = rulebooks
    words = _words_of(folder, names)
    formed = {w + ending for w in words[:1500] for ending in ENDINGS}
    _check(sorted(set(words) | formed | set(EDGES)))

