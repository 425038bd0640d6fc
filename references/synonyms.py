"""Words a rulebook (or the spec, citing it) says mean the same thing, per game.

Each group is searched as one: a query word from a group also finds the others.
Each game's groups are part of its GameInfo; only the words every game shares live here.
"""

from __future__ import annotations

import functools
import re

#: words every game's players use for one thing (a game's own come from its GameInfo)
COMMON: tuple[tuple[str, ...], ...] = (
    ("hand limit", "hand size", "maximum hand size", "max hand"),
    # how players ask, against how the rulebooks name it
    ("attack", "combat"),
    ("go", "move"),
    ("self destruct", "autodestruction"),
)


def _groups(game: str | None) -> list[tuple[tuple[str, ...], ...]]:
    from trackers.games.registry import infos

    games = [info for info in infos() if game is None or info.id == game]
    return [COMMON, *(info.synonyms for info in games)]


_TOKEN = re.compile(r"[^\W_]+")


def tokens(text: str) -> tuple[str, ...]:
    """The words FTS5's unicode61 tokenizer would see, lower-cased."""
    return tuple(_TOKEN.findall(text.lower()))


def synonym_index(game: str | None) -> dict[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Token sequence -> every token sequence of its group, for one game or all of them."""
    groups = tuple(_groups(game))
    return _index(groups)


@functools.lru_cache(maxsize=32)
def _index(groups: tuple[tuple[tuple[str, ...], ...], ...]
           ) -> dict[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    index: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    for each in groups:
        for group in each:
            phrases = tuple(tokens(p) for p in group)
            for phrase in phrases:
                merged = index.get(phrase, ())
                index[phrase] = merged + tuple(p for p in phrases if p not in merged)
    return index
