"""Errors the references package raises: every one carries a message fit to show a player."""

from __future__ import annotations


class LibraryError(Exception):
    """Base class: something the player can read and act on (never a traceback)."""


class Fts5Missing(LibraryError):
    """This Python's SQLite was built without FTS5, so rulebook search cannot work."""


class ImportRefused(LibraryError):
    """A file could not be imported; the library is left exactly as it was."""


class UnknownBook(LibraryError):
    """No rulebook or card with that id."""


class UnknownGame(LibraryError):
    """A game id that Tableside does not serve."""


class UnknownTopic(LibraryError):
    """A context-help topic key that no built-in card section carries."""


class GameNeeded(ImportRefused):
    """The rulebook's game could not be told from its text: the caller must name it."""


class SearchCancelled(LibraryError):
    """A search given up because the person asked something else meanwhile."""
