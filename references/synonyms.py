"""Words a rulebook (or the spec, citing it) says mean the same thing, per game.

Each group is searched as one: a query word from a group also finds the others.
Each game's groups are part of its GameInfo; only the words every game shares live here.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trackers.engine.info import GameInfo

#: words every game's players use for one thing (a game's own come from its GameInfo)
COMMON: tuple[tuple[str, ...], ...] = (
    ("hand limit", "hand size", "maximum hand size", "max hand"),
    # how players ask, against how the rulebooks name it
    ("attack", "combat"),
    ("go", "move"),
    ("self destruct", "autodestruction"),
    # "how does the game end": each rulebook and card names its end in its own words
    ("game end", "end of the game", "game ends", "game over", "endings"),
)


def _games(game: str | None) -> tuple[GameInfo, ...]:
    from trackers.games.registry import infos

    return tuple(info for info in infos() if game is None or info.id == game)


_TOKEN = re.compile(r"[^\W_]+")


def tokens(text: str) -> tuple[str, ...]:
    """The words FTS5's unicode61 tokenizer would see, lower-cased."""
    return tuple(_TOKEN.findall(text.lower()))


Index = dict[tuple[str, ...], tuple[tuple[str, ...], ...]]

# game (or None for every game) -> the registered games it was built from, the index and its
# longest phrase in words
_BUILT: dict[str | None, tuple[tuple[GameInfo, ...], Index, int]] = {}


def synonym_index(game: str | None) -> tuple[Index, int]:
    """Token sequence -> every token sequence of its group, for one game or all of them, and
    how many words the longest has. Built again only when the registered games change
    (every search asks for it)."""
    games = _games(game)
    built = _BUILT.get(game)
    if built is None or len(built[0]) != len(games) or any(
            a is not b for a, b in zip(built[0], games, strict=True)):
        index = _index((COMMON, *(info.synonyms for info in games)))
        built = (games, index, max((len(phrase) for phrase in index), default=0))
        _BUILT[game] = built
    return built[1], built[2]


@functools.lru_cache(maxsize=32)
def _index(groups: tuple[tuple[tuple[str, ...], ...], ...]) -> Index:
    index: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    for each in groups:
        for group in each:
            phrases = tuple(tokens(p) for p in group)
            for phrase in phrases:
                merged = index.get(phrase, ())
                index[phrase] = merged + tuple(p for p in phrases if p not in merged)
    return index
