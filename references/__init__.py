"""Reference cards, rulebook import and search (SQLite FTS5). See library.Library."""

from references.errors import (
    Fts5Missing,
    GameNeeded,
    ImportRefused,
    LibraryError,
    SearchCancelled,
    UnknownBook,
    UnknownGame,
    UnknownTopic,
)
from references.games import GAMES, check_game, infer_game
from references.library import Library
from references.model import BookInfo, Hit, SearchResult, Section, TocEntry

__all__ = [
    "GAMES",
    "BookInfo",
    "Fts5Missing",
    "GameNeeded",
    "Hit",
    "ImportRefused",
    "Library",
    "LibraryError",
    "SearchCancelled",
    "SearchResult",
    "Section",
    "TocEntry",
    "UnknownBook",
    "UnknownGame",
    "UnknownTopic",
    "check_game",
    "infer_game",
]
