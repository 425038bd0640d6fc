""""Did you mean": misspelt query words against the surface words of the indexed texts.

Under the porter tokenizer FTS5's vocabulary holds stems ("autodestruct"), which read badly as a
suggestion, so the library keeps the words as written (lower-cased) with their counts. The
scorer is Damerau-Levenshtein, which counts a swapped pair of letters as one edit.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from references.query import STOPWORDS, root

# Everyday words players type that a rulebook may never print: never "corrected".
EVERYDAY = frozenset((
    "get", "gets", "got", "getting", "give", "gives", "put", "puts", "let", "lets", "make",
    "makes", "need", "needs", "want", "wants", "work", "works", "rid", "out", "back", "up",
    "off", "way", "ways", "thing", "things", "someone", "anyone", "anything", "everyone",
    "player", "players", "turn", "turns",
))

_WORD = re.compile(r"[^\W\d_]{3,}")


def surface_words(texts: Iterable[str]) -> Counter[str]:
    """Lower-cased words of three letters or more, with how often each occurs."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(_WORD.findall(text.lower()))
    return counts


class Vocabulary:
    """The words of some books, for spelling checks (built once, then read-only)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.counts = counts
        self.words = sorted(counts)
        self.roots = frozenset(root(w) for w in counts)
        # by length: a word more letters longer or shorter than the edits allowed is never
        # near enough, so only those lengths are compared
        self._by_length: dict[int, list[str]] = {}
        for word in self.words:
            self._by_length.setdefault(len(word), []).append(word)

    def known(self, word: str) -> bool:
        """A word of these books, or another form of one ("scored" when "score" is printed,
        "ally" when "allies" is)."""
        return (word in self.counts or root(word) in self.roots
                or (word.endswith("y") and f"{word[:-1]}ies" in self.counts))

    def starts_a_word(self, prefix: str) -> bool:
        i = bisect.bisect_left(self.words, prefix)
        return i < len(self.words) and self.words[i].startswith(prefix)

    def closest(self, word: str) -> str | None:
        """The nearest known word within a small number of edits (more common wins a tie)."""
        limit = 1 if len(word) <= 4 else 2 if len(word) <= 8 else 3
        near = [w for size in range(len(word) - limit, len(word) + limit + 1)
                for w in self._by_length.get(size, ())]
        found = process.extract(
            word, near, scorer=DamerauLevenshtein.distance, score_cutoff=limit, limit=None
        )
        if not found:
            return None
        best = min(found, key=lambda f: (f[1], -self.counts[f[0]], f[0]))
        return str(best[0])


def did_you_mean(chunks: tuple[str, ...], vocabulary: Vocabulary,
                 every_book: Vocabulary | None = None) -> str | None:
    """The query with each unknown word replaced by its nearest known word; None if none.

    A word printed in any book (``every_book``), a stopword or an everyday word is never
    corrected, even when the game searched does not use it."""
    changed = False
    out: list[str] = []
    for n, chunk in enumerate(chunks):
        last_chunk = n == len(chunks) - 1
        fixed = chunk
        for match in _WORD.finditer(chunk):
            word = match.group(0).lower()
            if word in STOPWORDS or word in EVERYDAY or vocabulary.known(word):
                continue
            if every_book is not None and every_book.known(word):
                continue
            typing = last_chunk and match.end() == len(chunk.rstrip("?!.,;:"))
            if typing and vocabulary.starts_a_word(word):  # the last word is still being typed
                continue
            better = vocabulary.closest(word)
            if better and better != word:
                fixed = fixed.replace(match.group(0), _same_case(match.group(0), better), 1)
                changed = True
        out.append(fixed)
    return " ".join(out) if changed else None


def _same_case(original: str, word: str) -> str:
    if original.isupper():
        return word.upper()
    if original[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
