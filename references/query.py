"""Turn whatever a person typed into safe FTS5 MATCH expressions (never a syntax error).

Each whitespace-separated chunk becomes a quoted phrase (inner quotes doubled), so `don't`,
`x-wing`, `rule:`, a bare AND or NEAR, `*` and unbalanced quotes are plain words. The last chunk
is a prefix (search as you type). Synonym groups become `("a" OR "b")`. Chunks with no letters
or digits (emoji, punctuation) are dropped: an empty phrase would match nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from references.synonyms import synonym_index, tokens

MAX_CHUNKS = 24
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MAX_CHUNK_CHARS = 60

_STOPWORD_TEXT = """
    a about above after again all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further
    had has have having he her here hers him his how i if in into is it its itself just me
    more most my no nor not of off on once only or other our out over own same she should so
    some such than that the their them then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would you
    your happen happens happened
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


@dataclass(frozen=True)
class Term:
    """One searchable unit of the query: a chunk, or a run of chunks forming a synonym."""

    expr: str
    stop: bool
    phrases: tuple[tuple[str, ...], ...]  # the token sequences that count as this term
    prefix: bool = False


@dataclass(frozen=True)
class Plan:
    """MATCH expressions: every word (precise), any word (recall), and the terms behind them."""

    all_words: str | None
    any_word: str | None
    chunks: tuple[str, ...]
    terms: tuple[Term, ...] = ()

    def title_coverage(self, title: str) -> float:
        """Share of the query's terms found in a title (plural and tense endings ignored)."""
        wanted = [t for t in self.terms if not t.stop] or list(self.terms)
        if not wanted:
            return 0.0
        words = [_root(w) for w in tokens(title)]
        found = sum(1 for term in wanted if _term_in(term, words))
        return found / len(wanted)

    def title_precision(self, title: str) -> float:
        """Share of a title's words that the query holds: "Hull Breach" answers the query
        "hull breach" more squarely than "Spreading the Hull Breach" does."""
        words = [w for w in tokens(title) if w not in STOPWORDS] or list(tokens(title))
        if not words:
            return 0.0
        asked = {_root(w) for t in self.terms for p in t.phrases for w in p}
        last = [t for t in self.terms if t.prefix]
        partial = _root(last[-1].phrases[0][-1]) if last else ""
        hit = sum(1 for w in words if _root(w) in asked or partial and w.startswith(partial))
        return hit / len(words)


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def plan(query: str, game: str | None) -> Plan:
    """Build the expressions for `query`; both are None when nothing searchable is left."""
    query = _CONTROL.sub(" ", query)  # a NUL would end the SQL string early
    chunks = [c[:MAX_CHUNK_CHARS] for c in query.split()[:MAX_CHUNKS]]
    chunks = [c for c in chunks if tokens(c)]
    if not chunks:
        return Plan(None, None, ())
    index = synonym_index(game)
    terms: list[Term] = []
    i = 0
    while i < len(chunks):
        group, width = _synonym_at(chunks, i, index)
        last = i + width == len(chunks)
        if group:
            expr = "(" + " OR ".join(quote(" ".join(p)) for p in group) + ")"
            terms.append(Term(expr, stop=False, phrases=group))
        else:
            chunk = chunks[i]
            words = tokens(chunk)
            prefix = last and len(words[-1]) >= 2
            stop = all(w in STOPWORDS for w in words) and not _single_capital(chunk)
            terms.append(Term(quote(chunk) + ("*" if prefix else ""), stop, (words,), prefix))
        i += width
    kept = [t.expr for t in terms if not t.stop] or [t.expr for t in terms]
    all_words = " AND ".join(kept)
    any_word = " OR ".join(kept) if len(kept) > 1 else None
    return Plan(all_words, any_word, tuple(chunks), tuple(terms))


_ENDINGS = ("ations", "ation", "ings", "ing", "ies", "es", "ed", "s")


def _root(word: str) -> str:
    """A rough stem for comparing query words with title words (enters ~ enter, breaches ~
    breach); the index itself uses the porter stemmer."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            break
    # decouple ~ decoupling, move ~ moves: a final e is dropped too
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


def _term_in(term: Term, title_roots: list[str]) -> bool:
    for phrase in term.phrases:
        roots = [_root(w) for w in phrase]
        if term.prefix:
            # the last word may be half typed: a title word starting with it counts
            head, last = roots[:-1], phrase[-1]
            if all(r in title_roots for r in head) and any(w.startswith(_root(last))
                                                            for w in title_roots):
                return True
        elif all(r in title_roots for r in roots):
            return True
    return False


def _synonym_at(
    chunks: list[str], i: int, index: dict[tuple[str, ...], tuple[tuple[str, ...], ...]]
) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The synonym group that chunks i.. spell exactly (longest first), and how many chunks."""
    for width in range(min(4, len(chunks) - i), 0, -1):
        seq: tuple[str, ...] = ()
        for chunk in chunks[i : i + width]:
            seq += tokens(chunk)
        if seq in index:
            return index[seq], width
    return (), 1


def _single_capital(chunk: str) -> bool:
    """'A' in "Ending A" or "Module A" is a name, not a stopword."""
    stripped = chunk.strip("\"'()[]{}.,;:!?")
    return len(stripped) == 1 and stripped.isupper()
