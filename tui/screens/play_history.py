"""The play history across every saved game: games by title and mode, endings, wins by side,
each player's record, high scores and the games themselves, filtered by game and by player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Select, Static

from tableside.api import Tableside, TablesideError
from tableside.history import GameSummary, History, history, summaries
from trackers.games.registry import infos
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.typed_input import TypedInput

ALL = "all"


def history_text(seen: History) -> Text:
    """The counts as plain text (names are shown as typed, never read as markup)."""
    text = Text()
    hours, minutes = divmod(seen.minutes, 60)
    count = len(seen.games)
    text.append(f"{count} game{'s' if count != 1 else ''}, {hours} h {minutes:02d} min of play\n",
                style="bold")
    for heading, rows in (("Games played to the end", seen.by_title),
                          ("Games not over yet (neither won nor lost)", seen.unfinished),
                          ("Endings", seen.endings), ("Wins by side", seen.sides)):
        if rows:
            text.append(f"\n{heading}\n", style="bold")
            for label, number in sorted(rows.items()):
                text.append(f"  {number:>3}  {label}\n")
    if seen.high_scores:
        text.append("\nHigh scores\n", style="bold")
        for title, (name, score) in sorted(seen.high_scores.items()):
            text.append(f"  {title}: {name}, {score}\n")
    if seen.problems:
        text.append("\nNot counted (could not be read)\n", style="bold")
        for problem in seen.problems:
            text.append(f"  {problem}\n")
    return text


PLAYER_COLUMNS = ("Player", "Played", "Won", "Not over", "Best scores")
GAME_COLUMNS = ("Started", "Game", "Length", "Minutes", "Ending", "Winners")


def fill(table: DataTable[Any], labels: tuple[str, ...],
         rows: Sequence[Sequence[str | Text]]) -> None:
    """The table's columns made anew, each as wide as its widest cell (measured here, in
    terminal cells), then its rows: the header always lines up with the rows under it
    (left to size itself, it was seen drawn at the labels' widths above wider rows)."""
    table.clear(columns=True)
    for index, label in enumerate(labels):
        cells = [row[index] for row in rows]
        width = max([cell_len(label), *(cell_len(str(c)) for c in cells)])
        table.add_column(label, width=width)
    for row in rows:
        table.add_row(*row)


class PlayHistoryScreen(Screen[None]):
    """Every saved game, counted; the filters narrow it to a game or a player."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="play_history.back")]
    # The filters take one row of fields (a bare Horizontal would share the screen with the
    # counts and squeeze the game choice to a sliver at 80x24).
    DEFAULT_CSS = """
    #history-filters { height: auto; }
    #history-game { width: 32; }
    #history-player { width: 1fr; }
    #history-body { height: 1fr; }
    #history-players, #history-games { height: auto; }
    """

    def __init__(self, table: Tableside) -> None:
        super().__init__()
        self.table = table
        self.found: list[GameSummary] = []
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal(id="history-filters"):
            yield Select([("All games", ALL), *((i.title, i.id) for i in infos())],
                         value=ALL, allow_blank=False, id="history-game")
            yield TypedInput(placeholder="Player name", id="history-player")
        with VerticalScroll(id="history-body"):
            yield Static("Reading the saved games...", id="history-counts")
            yield DataTable(id="history-players", cursor_type="row")
            yield DataTable(id="history-games", cursor_type="row")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Play history"
        self.sub_title = "every saved game"
        players = self.query_one("#history-players", DataTable)
        players.add_columns(*PLAYER_COLUMNS)
        games = self.query_one("#history-games", DataTable)
        # listed latest started first (``history``), as the first column says
        games.add_columns(*GAME_COLUMNS)
        self._read()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def _read(self) -> None:
        """Replaying games not yet in the cache takes a moment: off the screen's thread."""
        try:
            found, problems = summaries(self.table)
        except TablesideError as err:
            self.app.call_from_thread(self.notify, str(err), severity="error", markup=False)
            return
        self.app.call_from_thread(self._arrived, found, problems)

    def _arrived(self, found: list[GameSummary], problems: list[str]) -> None:
        self.found, self.problems = found, problems
        self._show()

    @on(Select.Changed, "#history-game")
    @on(Input.Changed, "#history-player")
    def _filter(self) -> None:
        self._show()

    def _show(self) -> None:
        choice = self.query_one("#history-game", Select).value
        typed = self.query_one("#history-player", Input).value.strip()
        seen = history(self.found, game=None if choice == ALL else str(choice),
                       player=typed or None, problems=self.problems)
        self.query_one("#history-counts", Static).update(history_text(seen))
        player_rows = [
            (Text(r.name), str(r.played), str(r.won), str(r.unfinished),
             Text(", ".join(f"{t} {s}" for t, s in sorted(r.best.items()))))
            for r in seen.players]
        fill(self.query_one("#history-players", DataTable), PLAYER_COLUMNS, player_rows)
        game_rows = [
            (g.created[:16].replace("T", " "), Text(g.name),
             f"{g.length} {g.unit}{'s' if g.length != 1 else ''}", str(g.minutes),
             Text(g.ending or "not over"), Text(", ".join(g.winners)))
            for g in seen.games]
        fill(self.query_one("#history-games", DataTable), GAME_COLUMNS, game_rows)
