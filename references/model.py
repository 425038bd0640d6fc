"""Plain values the library hands out: books, sections, table-of-contents entries and hits.

All are frozen dataclasses so a Textual screen can keep them and render them without the library.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

BookKind = Literal["card", "rulebook"]

#: Marks put around each hit in Hit.snippet (plain text, not Markdown or Rich markup).
MARK_OPEN = "«"
MARK_CLOSE = "»"


@dataclass(frozen=True)
class BookInfo:
    """One indexed text: a built-in reference card or a rulebook the user imported."""

    id: int
    kind: BookKind
    game: str
    title: str
    source: str  # the imported file's name, or "built-in card"
    sections: int
    added: str  # ISO date-time of the import
    pages_without_text: tuple[int, ...] = ()  # PDF pages (1-based) that gave no text
    notes: tuple[str, ...] = ()  # what the import noticed (e.g. headings it could not place)


@dataclass(frozen=True)
class TocEntry:
    """A line of a book's table of contents; level 1 is a chapter."""

    section_id: int
    title: str
    level: int
    path: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """A whole section: its title, where it sits (book > chapter > section) and its Markdown."""

    id: int
    book_id: int
    kind: BookKind
    game: str
    source: str  # the book's title
    title: str
    path: tuple[str, ...]  # from the book's title down to this section's title
    body: str  # Markdown, without the heading line
    topics: tuple[str, ...] = ()
    #: (start, end) offsets in `body` of the words the query matched, in order.
    hit_spans: tuple[tuple[int, int], ...] = field(default=())

    def markdown(self) -> str:
        """The section as a Markdown document headed by its title."""
        return f"# {self.title}\n\n{self.body}".rstrip() + "\n"

    def marked_body(self, open_mark: str = "**", close_mark: str = "**") -> str:
        """The body with each matched word wrapped in the given marks (Markdown bold by default)."""
        out: list[str] = []
        last = 0
        for start, end in self.hit_spans:
            out.append(self.body[last:start])
            out.append(f"{open_mark}{self.body[start:end]}{close_mark}")
            last = end
        out.append(self.body[last:])
        return "".join(out)

    @property
    def first_hit(self) -> int | None:
        """Offset of the first matched word in `body` (to scroll a preview to it)."""
        return self.hit_spans[0][0] if self.hit_spans else None


@dataclass(frozen=True)
class Hit:
    """One search result."""

    section_id: int
    book_id: int
    kind: BookKind
    game: str
    source: str  # the book's title
    section: str  # the section's title
    path: tuple[str, ...]
    #: the snippet as (text, is_hit) parts, for a screen to style the hits its own way
    snippet_parts: tuple[tuple[str, bool], ...]
    score: float  # bm25 relevance, higher is better

    @property
    def snippet(self) -> str:
        """The snippet as plain text with the hits between « and »."""
        return "".join(
            f"{MARK_OPEN}{text}{MARK_CLOSE}" if is_hit else text
            for text, is_hit in self.snippet_parts
        )

    def as_json(self) -> dict[str, object]:
        """The shape `tableside rules search --json` prints."""
        return {
            "game": self.game,
            "source": self.source,
            "section": self.section,
            "path": list(self.path),
            "snippet": self.snippet,
            "score": round(self.score, 4),
        }


@dataclass(frozen=True)
class SearchResult:
    """Ranked hits for a query, and a corrected query when a word looked misspelt."""

    query: str
    hits: tuple[Hit, ...]
    did_you_mean: str | None = None
    # When what was typed found nothing and the corrected query did: the hits are for this.
    showing: str | None = None
