"""The game ids the reference library knows, and guessing a rulebook's game from its text."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from references.errors import UnknownGame


class _Games(Mapping[str, str]):
    """game id -> title, read from the game registry each time (the one list of games)."""

    def _titles(self) -> dict[str, str]:
        from trackers.games.registry import infos

        return {info.id: info.title for info in infos()}

    def __getitem__(self, key: str) -> str:
        return self._titles()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles())

    def __len__(self) -> int:
        return len(self._titles())


#: game id -> display name, from the registry.
GAMES: Mapping[str, str] = _Games()


def _words(field: str) -> dict[str, tuple[str, ...]]:
    from trackers.games.registry import infos

    return {info.id: tuple(getattr(info, field)) for info in infos()}


def check_game(game: str) -> str:
    """Return `game` if it is a known id, else raise UnknownGame naming the allowed ids."""
    if game not in GAMES:
        allowed = ", ".join(GAMES)
        raise UnknownGame(f"unknown game id {game!r}: use one of {allowed}")
    return game


def infer_game(title: str, text: str) -> str | None:
    """The game a rulebook belongs to, from its title or else its wording; None when unsure."""
    lowered_title = title.lower()
    by_title = [g for g, names in _words("rulebook_titles").items()
                if any(n in lowered_title for n in names)]
    if len(by_title) == 1:
        return by_title[0]
    lowered = text.lower()
    counts = {
        g: sum(len(re.findall(r"\b" + re.escape(n) + r"\b", lowered)) for n in names)
        for g, names in _words("rulebook_words").items()
    }
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    # A clear winner only: at least a few mentions and twice the runner-up.
    if top >= 5 and top >= 2 * second:
        return best
    return None
