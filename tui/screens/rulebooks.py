"""The rulebook library: the books a player imported, adding one, removing one.

An import is all or nothing (references.Library.add_rulebook): a refused file leaves the
library as it was, and the screen says why in plain words.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Header, Input, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState

from references.errors import GameNeeded, LibraryError
from references.games import GAMES
from references.library import Library
from references.model import BookInfo
from tui.screens.confirm import ConfirmScreen
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.typed_input import TypedInput

#: Select value: let the library tell the game from the book's text.
GUESS = "guess"


def pages_text(book: BookInfo) -> str:
    """PDF pages that gave no text (scans need a text layer), or "none"."""
    return ", ".join(str(p) for p in book.pages_without_text) or "none"


class AddRulebookScreen(ModalScreen[BookInfo | None]):
    """Ask for a file and its game, import it in a worker with progress shown."""

    CSS_PATH = "search.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="add_rulebook.cancel"),
        Binding("ctrl+s", "start", "Import", id="add_rulebook.import"),
    ]

    def __init__(self, library: Library, game: str | None = None) -> None:
        super().__init__()
        self.library = library
        self.game = game if game in GAMES else None
        self.busy = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label("Import a rulebook you own: a .txt, .md or .pdf file.")
            yield TypedInput(placeholder="Path to the file, e.g. ~/rules/my-rulebook.pdf",
                             id="add-path")
            yield DialogSelect([("Game: tell from its text", GUESS),
                                *((f"Game: {name}", g) for g, name in GAMES.items())],
                               value=self.game or GUESS, allow_blank=False, id="add-game")
            yield ProgressBar(total=100, show_eta=False, id="add-progress", classes="hidden")
            yield Static("", id="add-message", markup=False)
            yield Static("Enter or ctrl+s: import    Escape: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#add-path", Input).focus()

    @on(Input.Submitted, "#add-path")
    def _submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        if self.busy:
            return
        text = self.query_one("#add-path", Input).value.strip()
        if not text:
            self._say("path: give the rulebook file to import (.txt, .md or .pdf).", error=True)
            return
        choice = self.query_one("#add-game", Select).value
        game = choice if isinstance(choice, str) and choice in GAMES else None
        self.busy = True
        self.query_one("#add-path", Input).disabled = True
        self.query_one("#add-game", Select).disabled = True
        bar = self.query_one("#add-progress", ProgressBar)
        bar.remove_class("hidden")
        bar.update(progress=0)
        self._say("Importing...")
        self._import(Path(text).expanduser(), game)

    @work(thread=True, exclusive=True, group="import", exit_on_error=False)
    def _import(self, path: Path, game: str | None) -> BookInfo:
        def progress(fraction: float, message: str) -> None:
            self.app.call_from_thread(self._progress, fraction, message)

        return self.library.add_rulebook(path, game, progress)

    def _progress(self, fraction: float, message: str) -> None:
        if self.is_attached:
            self.query_one("#add-progress", ProgressBar).update(progress=100 * fraction)
            self._say(message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "import":
            return
        if event.state == WorkerState.SUCCESS:
            self.dismiss(event.worker.result)
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self._refused(event.worker.error)

    def _refused(self, error: BaseException | None) -> None:
        """Say why, plainly; the library is unchanged and the form can be tried again."""
        if isinstance(error, GameNeeded):
            message = f"{error} Choose its game in the list above."
        elif isinstance(error, (LibraryError, OSError)):
            message = str(error)
        else:
            message = f"Not imported, the library is unchanged: {error}"
        self.busy = False
        self.query_one("#add-progress", ProgressBar).add_class("hidden")
        self.query_one("#add-path", Input).disabled = False
        self.query_one("#add-game", Select).disabled = False
        self._say(message, error=True)
        self.query_one("#add-path", Input).focus()

    def _say(self, text: str, error: bool = False) -> None:
        line = self.query_one("#add-message", Static)
        line.set_class(error, "error")
        line.update(("Not imported: " if error else "") + text)

    def action_cancel(self) -> None:
        if self.busy:
            self.notify("The import is running; it finishes in a moment.")
            return
        self.dismiss(None)


class RulebooksScreen(Screen[None]):
    """The imported rulebooks, with the keys to add and remove one."""

    CSS_PATH = "search.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add a book", id="rulebooks.add"),
        Binding("d,delete", "remove", "Remove", id="rulebooks.remove"),
        Binding("escape", "leave", "Back", id="rulebooks.back"),
    ]

    def __init__(self, library: Library, game: str | None = None) -> None:
        super().__init__()
        self.library = library
        self.game = game
        self.books: list[BookInfo] = []

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="books-body"):
            yield Static("Rulebooks you imported. The built-in reference cards of every "
                         "game are always searched too.", classes="hint")
            yield DataTable(id="books", cursor_type="row", zebra_stripes=True)
            yield Static("", id="books-empty")
            yield Static("", id="books-detail", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Rulebooks"
        grid = self.query_one("#books", DataTable)
        grid.add_columns("#", "Game", "Title", "Sections", "Pages without text")
        self.refresh_books()
        grid.focus()

    def refresh_books(self) -> None:
        grid = self.query_one("#books", DataTable)
        grid.clear()
        self.books = self.library.books()
        for book in self.books:
            grid.add_row(str(book.id), GAMES.get(book.game, book.game), book.title,
                         str(book.sections), pages_text(book), key=str(book.id))
        self.query_one("#books-empty", Static).update(
            "" if self.books else "No rulebook imported yet. Press a to add one.")
        self._detail()

    @on(DataTable.RowHighlighted, "#books")
    def _row_moved(self, event: DataTable.RowHighlighted) -> None:
        self._detail()

    def _detail(self) -> None:
        book = self.selected()
        text = ""
        if book is not None:
            text = f"File: {book.source}, imported {book.added[:16].replace('T', ' ')}"
            if book.notes:
                text += "\n" + "\n".join(f"Note: {n}" for n in book.notes)
        self.query_one("#books-detail", Static).update(text)

    def selected(self) -> BookInfo | None:
        grid = self.query_one("#books", DataTable)
        if not self.books or not 0 <= grid.cursor_row < len(self.books):
            return None
        return self.books[grid.cursor_row]

    def action_add(self) -> None:
        def done(book: BookInfo | None) -> None:
            if book is not None:
                self.refresh_books()
                self.notify(f"Imported {book.title}: {book.sections} sections.")

        self.app.push_screen(AddRulebookScreen(self.library, self.game), done)

    def action_remove(self) -> None:
        book = self.selected()
        if book is None:
            self.notify("No rulebook to remove.")
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.library.remove(book.id)
            except LibraryError as err:
                self.notify(str(err), severity="error")
                return
            self.refresh_books()
            self.notify(f"Removed {book.title}.")

        self.app.push_screen(ConfirmScreen(
            f'Remove "{book.title}" (#{book.id}) from the library? Your file is not '
            "touched. (y/n)"), answer)

    def action_leave(self) -> None:
        self.app.pop_screen()

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Add a rulebook", "Import a .txt, .md or .pdf you own",
                            self.action_add)
        yield SystemCommand("Remove the highlighted rulebook", "Asks first", self.action_remove)
        yield SystemCommand("Back to the search", "Leave the rulebook list", self.action_leave)
