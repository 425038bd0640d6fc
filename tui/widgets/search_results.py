"""The ranked results of a rules search: one option per section, hits marked « » and bold.

Hits are shown with marks and bold+underline, never by colour alone (STYLE: every state in
words or marks), so they read the same in light, dark and monochrome terminals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from references.games import GAMES
from references.model import MARK_CLOSE, MARK_OPEN, Hit, SearchResult, Section

#: How a matched word is drawn, besides the « » marks around it.
HIT_STYLE = "bold underline"


def game_name(game: str) -> str:
    return GAMES.get(game, game)


def marked(parts: Iterable[tuple[str, bool]]) -> Content:
    """Snippet parts as Content: each hit between « » and in HIT_STYLE."""
    pieces: list[str | tuple[str, str]] = []
    for text, is_hit in parts:
        pieces.append((f"{MARK_OPEN}{text}{MARK_CLOSE}", HIT_STYLE) if is_hit else text)
    return Content.assemble(*pieces)


def where(path: Sequence[str]) -> str:
    """A section's place in its book: "Book > Chapter > Section"."""
    return " > ".join(path)


def place(game: str, path: Sequence[str], source: str = "") -> str:
    """`where`, the game named first unless the book's title already names it."""
    name = game_name(game)
    book = path[0] if path else source
    line = where(path) or source
    return line if name.casefold() in book.casefold() else f"{name}: {line}"


def hit_prompt(hit: Hit) -> Content:
    """Three lines: the section, where it sits (book > chapter), the snippet."""
    return Content.assemble(
        (hit.section, "bold"),
        "\n",
        (place(hit.game, hit.path[:-1], hit.source), "dim"),
        "\n",
        marked(hit.snippet_parts),
    )


def section_prompt(section: Section, label: str) -> Content:
    """An entry for a section given directly (context help), not found by a query."""
    return Content.assemble(
        (f"{label}: ", "italic"),
        (section.title, "bold"),
        "\n",
        (place(section.game, section.path[:-1], section.source), "dim"),
    )


class ResultsList(OptionList):
    """Sections to read; the option id is "section:<id>". Enter opens the highlighted one."""

    DEFAULT_CSS = """
    ResultsList > .option-list--option {
        padding: 0 1;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.section_ids: list[int] = []

    def show_result(self, result: SearchResult) -> None:
        """Replace the list with the result's hits, best first, the first one highlighted."""
        self._fill([(h.section_id, hit_prompt(h)) for h in result.hits])

    def show_sections(self, entries: Sequence[tuple[Section, str]]) -> None:
        """List sections chosen for the player (context help: the card, then the rulebook)."""
        self._fill([(s.id, section_prompt(s, label)) for s, label in entries])

    def _fill(self, rows: list[tuple[int, Content]]) -> None:
        self.clear_options()
        self.section_ids = [section_id for section_id, _ in rows]
        options: list[Option | None] = []
        for n, (section_id, prompt) in enumerate(rows):
            if n:
                options.append(None)  # a rule between results, so three-line entries part
            options.append(Option(prompt, id=f"section:{section_id}"))
        self.add_options(options)
        if rows:
            self.highlighted = 0

    def current_section(self) -> int | None:
        """The highlighted section's id, or None when the list is empty."""
        if self.highlighted is None or not self.option_count:
            return None
        option_id = self.get_option_at_index(self.highlighted).id or ""
        return int(option_id.split(":", 1)[1]) if option_id.startswith("section:") else None
