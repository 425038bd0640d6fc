"""Rules search: type a question, read the section that answers it, move through its book.

Search runs as you type, a moment after the last key, in a thread worker: a query takes
1-15 ms on a 3 MB library (measured), the worker keeps typing smooth when it takes longer.
Nothing here touches a game in progress: Escape goes back to the screen you came from.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Input, OptionList, Select, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from references.errors import LibraryError, SearchCancelled
from references.games import GAMES
from references.library import Library
from references.model import SearchResult, Section
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.search_preview import SectionPreview
from tui.widgets.search_results import ResultsList
from tui.widgets.typed_input import TypedInput

#: Select value meaning "every game".
ALL = "all"
#: Seconds after the last key before the query runs.
DEBOUNCE = 0.12
#: Results shown for a query.
LIMIT = 20
#: Columns from which results and preview sit side by side; below, one pane at a time.
WIDE = 80

HINT = "Type a few words. Enter: go to the results; Enter on one: read it."


def kind_label(section: Section) -> str:
    return "Reference card" if section.kind == "card" else "Your rulebook"


class SearchScreen(Screen[None]):
    """Search the built-in cards and the imported rulebooks; preview and contents beside."""

    CSS_PATH = "search.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (WIDE, "-wide")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Back", id="search.back"),
        Binding("ctrl+f", "find", "Find", id="search.find"),
        Binding("slash", "find", "Find", show=False),
        Binding("ctrl+r", "results", "Results", id="search.results"),
        Binding("ctrl+t", "toggle_contents", "Contents", id="search.contents"),
        Binding("ctrl+g", "next_game", "Game", id="search.game"),
        Binding("ctrl+y", "use_suggestion", "Did you mean", id="search.suggestion"),
        Binding("ctrl+b", "rulebooks", "Rulebooks", id="search.rulebooks"),
    ]

    def __init__(
        self,
        library: Library,
        game: str | None = None,
        query: str = "",
        section_id: int | None = None,
        *,
        related: Sequence[int] = (),
    ) -> None:
        """`game` preselects the filter (a session's own game); `section_id` opens that section
        at once (context help), with the `related` sections (its rulebook's) listed beside it."""
        super().__init__()
        self.library = library
        self.game = game if game in GAMES else None
        self.query_text = query
        self.start_section = section_id
        self.related = tuple(related)
        self.suggestion: str | None = None
        self.result: SearchResult | None = None
        self._generation = 0
        self._timer: Timer | None = None
        self._shown: tuple[int, str] | None = None  # (section id, query) in the preview
        self._toc_book: int | None = None
        self._help_query = ""
        self._books_seen = self._books()

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="search-bar"):
            yield TypedInput(self.query_text, placeholder="Search the rules (any words)",
                        id="search-query", select_on_focus=False)
            game_list: Select[str] = Select(
            [("All games", ALL), *((name, g) for g, name in GAMES.items())],
            value=self.game or ALL, allow_blank=False, id="search-game")
        # as wide as the longest title on one line (arrow and borders included)
        game_list.styles.width = max(len("All games"), *map(len, GAMES.values())) + 10
        yield game_list
        yield Static(HINT, id="search-status", markup=False)
        yield Static("", id="search-suggestion", classes="hidden", markup=False)
        with Horizontal(id="search-body"):
            with Vertical(id="search-side"):
                yield ResultsList(id="search-results")
                yield OptionList(id="search-toc")
            yield SectionPreview(id="search-preview")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Rules search"
        self.query_one("#search-toc").border_title = "Contents"
        self.query_one("#search-results").border_title = "Results"
        self.query_one("#search-preview").border_title = "Section"
        if self.start_section is not None:
            self._open_help(self.start_section)
        elif self.query_text.strip():
            self._search_now()
        if self.start_section is None:
            self.query_one("#search-query", Input).focus()

    def on_screen_resume(self) -> None:
        # Back from the rulebook list: ask again if a book came or went (not after the
        # palette or a dialog, which would lose the highlighted result).
        books = self._books()
        if books != self._books_seen:
            self._books_seen = books
            if self.query_text.strip():
                self._search_now()

    def _books(self) -> tuple[int, ...]:
        return tuple(b.id for b in self.library.books())

    @on(DescendantFocus)
    def _focus_moved(self, event: DescendantFocus) -> None:
        """On a narrow terminal one pane shows at a time: the preview while it has the focus."""
        self.set_class(isinstance(event.widget, SectionPreview), "-reading")

    # --- searching ----------------------------------------------------------------------
    @on(Input.Changed, "#search-query")
    def _typed(self, event: Input.Changed) -> None:
        self.query_text = event.value
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE, self._search_now)

    @on(Input.Submitted, "#search-query")
    def _submitted(self, event: Input.Submitted) -> None:
        self.query_text = event.value
        self._search_now()
        self.action_results()

    @on(Select.Changed, "#search-game")
    def _game_chosen(self, event: Select.Changed) -> None:
        value = event.value
        game = value if isinstance(value, str) and value in GAMES else None
        if game == self.game:  # the Select reports its first value on mount: nothing new
            return
        self.game = game
        self._search_now()

    def _search_now(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._generation += 1
        if not self.query_text.strip():
            self._show_result(SearchResult(self.query_text, ()))
            return
        self._search(self._generation, self.query_text, self.game)

    @work(thread=True, exclusive=True, group="search", exit_on_error=False)
    def _search(self, generation: int, text: str, game: str | None) -> tuple[int, SearchResult]:
        # A newer key makes this search stale: the library stops it mid-way (inside SQLite
        # too) instead of finishing an answer nobody will read.
        return generation, self.library.search(
            text, game=game, limit=LIMIT, cancelled=lambda: generation != self._generation)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "search":
            return
        if event.state == WorkerState.SUCCESS and worker.result is not None:
            generation, result = worker.result
            if generation == self._generation:
                self._show_result(result)
        elif event.state == WorkerState.ERROR and not isinstance(worker.error, SearchCancelled):
            self._status(f"The search failed: {worker.error}")

    def _show_result(self, result: SearchResult) -> None:
        self.result = result
        self.query_one("#search-results", ResultsList).show_result(result)
        scope = GAMES.get(self.game or "", "all games")
        if not result.query.strip():
            self._status(HINT)
        elif result.hits:
            many = "section" if len(result.hits) == 1 else "sections"
            found_for = (f"Showing {result.showing} (a word typed is not in the books): "
                         if result.showing else "")
            self._status(f"{found_for}{len(result.hits)} {many} in {scope}, best first. "
                         "Enter on one reads it.")
        elif all(len(word.strip("\"'.,;:!?()[]")) <= 1 for word in result.query.split()):
            self._status("One letter is too short to search: type a word or two.")
        else:
            self._status(f"No section in {scope} matches those words.")
        suggestion = result.did_you_mean
        if suggestion and (suggestion.casefold() == result.query.strip().casefold()
                           or result.showing):
            suggestion = None
        self._suggest(suggestion)
        first = self.query_one("#search-results", ResultsList).current_section()
        if first is None:
            self._preview(None)

    def _suggest(self, suggestion: str | None) -> None:
        self.suggestion = suggestion
        line = self.query_one("#search-suggestion", Static)
        line.set_class(suggestion is None, "hidden")
        if suggestion:
            line.update(f"Did you mean: {suggestion} ?  (ctrl+y searches for it)")
        self.refresh_bindings()

    def _status(self, text: str) -> None:
        self.query_one("#search-status", Static).update(text)

    # --- context help -------------------------------------------------------------------
    def _open_help(self, section_id: int) -> None:
        """Show the section that governs a tracker, its rulebook's sections listed under it."""
        try:
            sections = [self.library.section(i) for i in (section_id, *self.related)]
        except LibraryError as err:
            self._status(str(err))
            return
        self._help_query = sections[0].title
        self.query_one("#search-results", ResultsList).show_sections(
            [(s, kind_label(s)) for s in sections])
        self._status("The rule for what you highlighted. Type to search for anything else.")
        self._preview(section_id)
        self._read()

    # --- preview and contents -----------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#search-results")
    def _result_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview(self.query_one("#search-results", ResultsList).current_section())

    @on(OptionList.OptionSelected, "#search-results")
    def _result_chosen(self, event: OptionList.OptionSelected) -> None:
        self._preview(self.query_one("#search-results", ResultsList).current_section())
        self._read()

    @on(OptionList.OptionSelected, "#search-toc")
    def _contents_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option.id.startswith("section:"):
            self._preview(int(event.option.id.split(":", 1)[1]))
            if self.has_class("-narrow"):
                self._read()

    def _read(self) -> None:
        """Move to the preview (on a narrow terminal it then takes the whole width)."""
        self.add_class("-reading")
        self.query_one("#search-preview").focus()

    def _highlight_words(self, section_id: int) -> str:
        if self.result is not None and self.result.query.strip():
            return self.result.query
        return "" if section_id == self.start_section else self._help_query

    def _preview(self, section_id: int | None) -> None:
        words = "" if section_id is None else self._highlight_words(section_id)
        if section_id is not None and self._shown == (section_id, words):
            return
        self._shown = None if section_id is None else (section_id, words)
        self.run_worker(self._load_preview(section_id, words), exclusive=True, group="preview")

    async def _load_preview(self, section_id: int | None, words: str) -> None:
        preview = self.query_one("#search-preview", SectionPreview)
        if section_id is None:
            await preview.show(None, "Nothing to read yet: type a few words above.")
            return
        try:
            section = self.library.section(section_id, query=words or None)
        except LibraryError as err:
            await preview.show(None, str(err))
            return
        await preview.show(section)
        self._fill_contents(section)

    def _fill_contents(self, section: Section) -> None:
        """The book's table of contents, its current section highlighted."""
        toc = self.query_one("#search-toc", OptionList)
        if self._toc_book != section.book_id:
            self._toc_book = section.book_id
            toc.clear_options()
            toc.add_options([Option("  " * (e.level - 1) + e.title, id=f"section:{e.section_id}")
                             for e in self.library.toc(section.book_id)])
            toc.border_title = f"Contents: {section.source}"
        with contextlib.suppress(LookupError):
            toc.highlighted = toc.get_option_index(f"section:{section.id}")

    # --- actions ------------------------------------------------------------------------
    def action_leave(self) -> None:
        self.app.pop_screen()

    def action_find(self) -> None:
        self.remove_class("-reading")
        self.query_one("#search-query", Input).focus()

    def action_results(self) -> None:
        self.remove_class("-toc", "-reading")
        self.query_one("#search-results").focus()

    def action_toggle_contents(self) -> None:
        if self._toc_book is None:
            self.notify("Open a section first: the contents shown are its book's.")
            return
        if self.has_class("-toc"):
            self.action_results()
        else:
            self.add_class("-toc")
            self.remove_class("-reading")
            self.query_one("#search-toc").focus()

    def action_next_game(self) -> None:
        order = [ALL, *GAMES]
        select = self.query_one("#search-game", Select)
        current = select.value if select.value in order else ALL
        select.value = order[(order.index(str(current)) + 1) % len(order)]

    def set_game(self, game: str | None) -> None:
        self.query_one("#search-game", Select).value = game if game in GAMES else ALL

    def action_use_suggestion(self) -> None:
        if self.suggestion:
            box = self.query_one("#search-query", Input)
            box.value = self.suggestion
            box.cursor_position = len(box.value)
            self.query_text = self.suggestion
            self._search_now()

    def action_rulebooks(self) -> None:
        from tui.screens.rulebooks import RulebooksScreen

        self.app.push_screen(RulebooksScreen(self.library, game=self.game))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "use_suggestion":
            return self.suggestion is not None
        return True

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Search: type a question", "Go to the search box", self.action_find)
        yield SystemCommand("Search every game", "Look in all the cards and rulebooks",
                            lambda: self.set_game(None))
        for game, name in GAMES.items():
            yield SystemCommand(f"Search only {name}", f"Look only in {name}'s card and books",
                                lambda game=game: self.set_game(game))
        if self.suggestion:
            yield SystemCommand(f"Did you mean: {self.suggestion}", "Search for it instead",
                                self.action_use_suggestion)
        yield SystemCommand("Book contents", "Show or hide the table of contents of the book",
                            self.action_toggle_contents)
        yield SystemCommand("Rulebooks: import or remove", "The rulebooks in the library",
                            self.action_rulebooks)
        yield SystemCommand("Back", "Leave the search", self.action_leave)
