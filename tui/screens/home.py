"""Home: start a new game, resume a saved one, rename or delete it, search the rules."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from saves.catalog import SessionInfo
from tableside.api import OpenSession, Tableside, TablesideError
from trackers.games.registry import game_ids, game_title, infos
from tui.screens.confirm import ConfirmScreen, TextPromptScreen
from tui.widgets.keys_footer import KeysFooter


def when(stamp: str) -> str:
    """A saved time in table words: "today 20:14", "12 Nov 19:02"."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp or "?"
    if moment.date() == datetime.now().date():
        return f"today {moment:%H:%M}"
    return f"{moment:%d %b %Y %H:%M}"


def tool_bindings() -> list[Binding]:
    """A Home key for each tool a game adds (from the registry)."""
    return [Binding(tool.home_key, f"tool('{game.id}', '{tool.id}')", tool.title.split()[0],
                    id=f"home.{game.package}.{tool.id}")
            for game in infos() for tool in game.tools if tool.home_key]


class HomeScreen(Screen[None]):
    """The first screen: saved games and the way to a new one."""

    BINDINGS = [
        Binding("n", "new_game", "New game", id="home.new"),
        Binding("enter", "resume", "Resume", id="home.resume"),
        Binding("e", "rename", "Rename", id="home.rename"),
        Binding("d", "delete", "Delete", id="home.delete"),
        Binding("s", "search", "Rules", id="home.search"),
        Binding("b", "board_profile", "Profiles", id="home.board"),
        Binding("q", "app.quit", "Quit", id="home.quit"),
    ]

    def __init__(self, table: Tableside | None, warnings: Iterable[str] = ()) -> None:
        super().__init__()
        for binding in tool_bindings():
            self._bindings.bind(binding.key, binding.action, binding.description,
                                show=binding.show)
        self.table = table
        self.warnings = list(warnings)
        self.rows: list[SessionInfo] = []

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Vertical(id="home-body"):
            yield Static("Tableside keeps the tracks, decks, secrets and scores while you play "
                         "with the real board.", id="home-intro")
            if self.warnings:
                yield Static("\n".join(f"! {w}" for w in self.warnings), id="home-warnings",
                             classes="warning")
            yield Static("Saved games (Enter resumes)", classes="section-title")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="home-empty")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns("Title", "Game", "Last played", "Status")
        self.refresh_saves()
        table.focus()

    def on_screen_resume(self) -> None:
        self.refresh_saves()

    def refresh_saves(self) -> None:
        grid = self.query_one("#saves", DataTable)
        grid.clear()
        self.rows = self.table.sessions() if self.table else []
        for info in self.rows:
            title = info.title if len(info.title) <= 26 else info.title[:25] + "…"
            grid.add_row(title, f"{game_title(info.game)}, {info.players}p",
                         when(info.updated), info.status, key=info.id)
        empty = self.query_one("#home-empty", Static)
        empty.update("" if self.rows else "No saved games yet. Press n to start one.")

    def selected(self) -> SessionInfo | None:
        grid = self.query_one("#saves", DataTable)
        if not self.rows or grid.cursor_row < 0 or grid.cursor_row >= len(self.rows):
            return None
        return self.rows[grid.cursor_row]

    # --- actions ---------------------------------------------------------------------
    def action_new_game(self) -> None:
        from tui.screens.new_game import NewGameScreen  # loads the games: only when asked

        if self.table is not None:
            self.app.push_screen(NewGameScreen(self.table), self._opened)

    def _opened(self, play: OpenSession | None) -> None:
        if play is not None:
            from tui.screens.game_screens import screen_for

            self.app.push_screen(screen_for(play))

    @on(DataTable.RowSelected, "#saves")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        info = self.selected()
        if info is not None:
            self.open_session(info.id)

    def open_session(self, session_id: str) -> None:
        if self.table is None:
            return
        from tui.screens.game_screens import screen_for

        try:
            play = self.table.load(session_id)
        except TablesideError as err:
            self.notify(str(err), title="Cannot open", severity="error", timeout=10)
            return
        for warning in play.warnings:
            self.notify(warning, title="Repaired", severity="warning", timeout=10)
        self.app.push_screen(screen_for(play))

    def action_rename(self) -> None:
        info = self.selected()
        if info is None or self.table is None:
            return
        table = self.table

        def done(title: str | None) -> None:
            if title is None:
                return
            try:
                table.rename(info.id, title)
            except TablesideError as err:
                self.notify(str(err), severity="error")
            self.refresh_saves()

        self.app.push_screen(TextPromptScreen("New title", info.title), done)

    def action_delete(self) -> None:
        info = self.selected()
        if info is None or self.table is None:
            return
        table = self.table

        def done(yes: bool | None) -> None:
            if yes:
                table.delete(info.id)
                self.notify(f"Deleted {info.title}.")
                self.refresh_saves()

        self.app.push_screen(ConfirmScreen(f"Delete \"{info.title}\" for good? (y/n)"), done)

    def action_search(self) -> None:
        from tui.screens.search_launch import open_search

        open_search(self.app, game=None)

    def action_board_profile(self) -> None:
        """Pick a game, then enter its printed board values once for every later game."""
        from tui.screens.board_profile import BoardProfileScreen
        from tui.screens.pick import PickScreen

        table = self.table
        if table is None:
            return

        def picked(game: str | None) -> None:
            if game and table is not None:
                self.app.push_screen(BoardProfileScreen(table, game))

        choices = [(game_title(g), g) for g in game_ids()]
        self.app.push_screen(PickScreen("Board profile for which game?", choices), picked)

    def action_tool(self, game_id: str, tool_id: str) -> None:
        """A tool a game adds to Home (the Phoenix score calculator), from its screen module."""
        from trackers.games.registry import info
        from tui.games import game_module

        module = game_module(info(game_id))
        tools = getattr(module, "TOOLS", {})
        self.app.push_screen(tools[tool_id]())

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Start a new game", self.action_new_game)
        yield SystemCommand("Resume game", "Open the highlighted saved game", self.action_resume)
        yield SystemCommand("Rename game", "Give the highlighted game a new title",
                            self.action_rename)
        yield SystemCommand("Delete game", "Delete the highlighted game (asks first)",
                            self.action_delete)
        yield SystemCommand("Search the rules", "Find a rule in the reference cards and books",
                            self.action_search)
        yield SystemCommand("Board profile", "Enter printed board values once, share them",
                            self.action_board_profile)
        for game in infos():
            for tool in game.tools:
                yield SystemCommand(f"{tool.title} ({game.title})", f"{tool.title} for "
                                    f"{game.title}, on its own",
                                    lambda g=game.id, t=tool.id: self.action_tool(g, t))
