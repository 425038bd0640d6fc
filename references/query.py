"""Turn whatever a person typed into safe FTS5 MATCH expressions (never a syntax error).

Each whitespace-separated chunk becomes a quoted phrase (inner quotes doubled), so `don't`,
`x-wing`, `rule:`, a bare AND or NEAR, `*` and unbalanced quotes are plain words. The last chunk
is a prefix (search as you type). Synonym groups become `("a" OR "b")`. Chunks with no letters
or digits (emoji, punctuation) are dropped: an empty phrase would match nothing.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from references.synonyms import synonym_index, tokens

MAX_CHUNKS = 24
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# Markup pasted along with a question ("[b]income[/b]", "<i>hull</i>"): tags are not words.
_TAGS = re.compile(r"\[/?[A-Za-z][\w ,.#=-]*\]|</?[A-Za-z][\w-]*>")
MAX_CHUNK_CHARS = 60

_STOPWORD_TEXT = """
    a about above after again all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further
    had has have having he her here hers him his how i if in into is it its itself just me
    more most my no nor not of off on once only or other our out over own same she should so
    some such than that the their them then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would you
    your happen happens happened many much per
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


@dataclass(frozen=True)
class Term:
    """One searchable unit of the query: a chunk, or a run of chunks forming a synonym."""

    expr: str
    stop: bool
    phrases: tuple[tuple[str, ...], ...]  # the token sequences that count as this term
    prefix: bool = False
    parts: tuple[str, ...] = ()  # the quoted phrases of `expr` (bm25 scores each alone)


@dataclass(frozen=True)
class Plan:
    """MATCH expressions: every word (precise), any word (recall), and the terms behind them."""

    all_words: str | None
    any_word: str | None
    chunks: tuple[str, ...]
    terms: tuple[Term, ...] = ()

    def title_coverage(self, title: str) -> float:
        """Share of the query's terms found in a title (plural and tense endings ignored)."""
        wanted = self._wanted
        if not wanted:
            return 0.0
        roots, held, _ = _title_roots(title)
        found = 0
        for prefix, phrases in wanted:
            for head, last in phrases:
                # a half-typed last word counts when a title word starts with it
                if head <= held and (not prefix or any(w.startswith(last) for w in roots)):
                    found += 1
                    break
        return found / len(wanted)

    def title_precision(self, title: str) -> float:
        """Share of a title's words that the query holds: "Hull Breach" answers the query
        "hull breach" more squarely than "Spreading the Hull Breach" does."""
        words = _title_roots(title)[2]
        if not words:
            return 0.0
        asked, partial = self._asked
        if partial:
            hit = sum(1 for w, r in words if r in asked or w.startswith(partial))
        else:
            hit = sum(1 for _, r in words if r in asked)
        return hit / len(words)

    def title_boost(self, title: str) -> float:
        """How squarely a title names the query: both shares above, as one factor; the share
        of the query a title holds counts more than how much of the title is query (a title
        naming two of three asked words beats one naming one, however long its body)."""
        return (1 + self.title_coverage(title)) ** 1.5 * (1 + 0.5 * self.title_precision(title))

    @functools.cached_property
    def _wanted(self) -> tuple[tuple[bool, tuple[tuple[frozenset[str], str], ...]], ...]:
        """For each term a title should hold: whether it is half typed, and for each of its
        phrases the roots a title must hold (all but a half-typed last word) and the root of
        the last word (worked out once per plan, not per title)."""
        return tuple((t.prefix, tuple((frozenset(root(w) for w in (p[:-1] if t.prefix else p)),
                                       root(p[-1])) for p in t.phrases))
                     for t in self.kept())

    def kept(self) -> tuple[Term, ...]:
        """The terms the expressions search: all but stopwords (every one when only
        stopwords were typed)."""
        return tuple(t for t in self.terms if not t.stop) or self.terms

    @property
    def costly_lookup(self) -> bool:
        """Whether looking a section up by id costs FTS5 more than a pass over the matches:
        for more than one phrase, or a half-typed word of four letters or more (the index
        keeps ready-made prefixes of two and three letters; longer ones are gathered afresh
        at each lookup). A single common word ("the") matches nearly every section."""
        kept = self.kept()
        phrases = sum(len(t.phrases) for t in kept)
        return phrases > 1 or any(t.prefix and len(t.phrases[0][-1]) > 3 for t in kept)

    def alternatives(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The any-word expression's alternatives: each searched term and its phrases."""
        return tuple((t.expr, t.parts) for t in self.kept())

    @functools.cached_property
    def _asked(self) -> tuple[frozenset[str], str]:
        """The roots of every asked word, and the root of a half-typed last word."""
        asked = frozenset(root(w) for t in self.terms for p in t.phrases for w in p)
        last = [t for t in self.terms if t.prefix]
        return asked, root(last[-1].phrases[0][-1]) if last else ""


@functools.lru_cache(maxsize=4096)
def _title_roots(title: str) -> tuple[tuple[str, ...], frozenset[str],
                                      tuple[tuple[str, str], ...]]:
    """A title's word roots (in order, and as a set), and its (word, root) pairs without
    stopwords (titles repeat across searches: computed once each)."""
    words = tokens(title)
    content = [w for w in words if w not in STOPWORDS] or list(words)
    roots = tuple(root(w) for w in words)
    return roots, frozenset(roots), tuple((w, root(w)) for w in content)


def quote(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def game_named(query: str, game: str | None) -> tuple[str, str | None]:
    """A question that names a game by its title ("how does Pandora Celeste end") asks about
    that game: (the question, that game's id). A title of several words is said as "the
    game": its words are in every section of its books, so left in they rank nothing; a
    one-word title stays (Lifeform's is also the name of a side). Unchanged when no title is
    named, or the search is kept to another game."""
    from trackers.games.registry import infos

    for info in infos():
        words = tokens(info.title)
        pattern = r"\b" + r"\W+".join(map(re.escape, words)) + r"\b"
        found = re.search(pattern, query, flags=re.IGNORECASE)
        if found and game in (None, info.id):
            if len(words) > 1:
                query = f"{query[:found.start()]}the game{query[found.end():]}"
            return query, info.id
    return query, game


def plan(query: str, game: str | None) -> Plan:
    """Build the expressions for `query`; both are None when nothing searchable is left."""
    query = _CONTROL.sub(" ", query)  # a NUL would end the SQL string early
    query = _TAGS.sub(" ", query)
    chunks = [c[:MAX_CHUNK_CHARS] for c in query.split()[:MAX_CHUNKS]]
    tokenized = [(c, tokens(c)) for c in chunks]  # each chunk's words, worked out once
    chunks = [c for c, words in tokenized if words]
    chunk_words = [words for _, words in tokenized if words]
    if not chunks:
        return Plan(None, None, ())
    index, longest = synonym_index(game)
    terms: list[Term] = []
    i = 0
    while i < len(chunks):
        group, width = _synonym_at(chunk_words, i, index, longest)
        last = i + width == len(chunks)
        if group:
            parts = tuple(quote(" ".join(p)) for p in group)
            terms.append(Term("(" + " OR ".join(parts) + ")", stop=False, phrases=group,
                              parts=parts))
        else:
            chunk = chunks[i]
            words = chunk_words[i]
            named = _names_a_letter(chunks, chunk_words, i)
            if len(words) == 1 and len(words[0]) == 1 and not named:
                i += width  # a lone letter ("i", "a") is no search word: never a match
                continue
            prefix = last and len(words[-1]) >= 2
            stop = all(w in STOPWORDS for w in words) and not named
            expr = quote(chunk) + ("*" if prefix else "")
            terms.append(Term(expr, stop, (words,), prefix, (expr,)))
        i += width
    if not terms:
        return Plan(None, None, tuple(chunks))
    kept = [t.expr for t in terms if not t.stop] or [t.expr for t in terms]
    all_words = " AND ".join(kept)
    any_word = " OR ".join(kept) if len(kept) > 1 else None
    return Plan(all_words, any_word, tuple(chunks), tuple(terms))


_ENDINGS = ("ations", "ation", "ings", "ing", "ies", "es", "ed", "s")


@functools.lru_cache(maxsize=8192)
def root(word: str) -> str:
    """A rough stem for comparing query words with title words (enters ~ enter, breaches ~
    breach); the index itself uses the porter stemmer."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            # nasties ~ nasty, allies ~ ally: "ies" was a "y"
            word = word[: -len(ending)] + ("y" if ending == "ies" else "")
            break
    # decouple ~ decoupling, move ~ moves: a final e is dropped too
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def _synonym_at(
    chunk_words: list[tuple[str, ...]], i: int,
    index: dict[tuple[str, ...], tuple[tuple[str, ...], ...]], longest: int,
) -> tuple[tuple[tuple[str, ...], ...], int]:
    """The synonym group that chunks i.. spell exactly (longest first), and how many chunks.

    No synonym has more than `longest` words, so no longer run of chunks is tried."""
    # a chunk holds a word at least: no run of more than `longest` chunks can spell one
    for width in range(min(4, longest, len(chunk_words) - i), 0, -1):
        seq: tuple[str, ...] = ()
        for words in chunk_words[i : i + width]:
            seq += words
        if len(seq) <= longest and seq in index:
            return index[seq], width
    return (), 1


# Words after which a lone capital letter is a name: "Ending A", "Module C", "Phase II".
_NAMING = frozenset({"ending", "endings", "module", "modules", "scenario", "phase", "option",
                     "level", "type", "deck", "hub", "sector", "card", "e"})


def _names_a_letter(chunks: list[str], chunk_words: list[tuple[str, ...]], i: int) -> bool:
    """'A' in "Ending A" or "Module A" is a name, not a stopword; "I" in "can I" is not."""
    stripped = chunks[i].strip("\"'()[]{}.,;:!?")
    if len(stripped) != 1 or not stripped.isupper():
        return False
    before = chunk_words[i - 1] if i > 0 else ()
    return bool(before) and before[-1] in _NAMING
