"""Home: start a new game, resume a saved one, rename or delete it, search the rules."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable
from datetime import datetime
from operator import attrgetter
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events, on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from saves.catalog import SessionInfo
from tableside.api import Tableside, TablesideError
from tableside.textual_adapter import add_binding
from trackers.games.registry import game_ids, game_title, infos
from tui.screens.home_list import SavesList
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.plain import plain
from tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from tableside.api import OpenSession

WATCH_SECONDS = 1.0  # how often Home's thread looks for games created, renamed or deleted


class CatalogChanged(Message):
    """The list of games changed on disk (posted by Home's watching thread)."""
PAGE_ROWS = 40  # saved games listed at once; more as the highlight or the scroll nears the end
NEAR_END = 5
WHEN_WIDTH = 17  # "12 Nov 2026 19:02"
GAP = 2  # cells between two columns
FLOORS = (16, 12, 11)  # the least Title, Game, Status are cut to ("in progress" whole)
TROUBLE = "check the data folder is there and writable (and the disk not full)"


def when(stamp: str) -> str:
    """A saved time in table words: "today 20:14", "12 Nov 2026 19:02"."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return stamp or "?"
    if moment.date() == datetime.now().date():
        return f"today {moment:%H:%M}"
    return f"{moment:%d %b %Y %H:%M}"


def _widest(rows: list[SessionInfo]) -> list[int]:
    """The widest title, game, last-played time and status of the rows (headings included).
    A game's label is worked out once per game, mode and player count (500 games hold a
    handful); the times only until one is as wide as the column ever gets."""
    kinds = {(r.game, r.mode, r.players): r for r in rows}
    widest_when = len("Last played")
    today = datetime.now().date()
    for r in rows:
        stamp = str(r.updated)
        with contextlib.suppress(ValueError):
            if datetime.fromisoformat(stamp).date() == today:
                continue  # "today 20:14": as wide as the heading
        widest_when = max(widest_when, cell_len(when(stamp)))
        if widest_when >= WHEN_WIDTH:
            break
    # each distinct title and status measured once (games made together share them)
    return [max([cell_len(t) for t in {r.title for r in rows}] + [len("Title")]),
            max([cell_len(game_label(r)) for r in kinds.values()] + [len("Game")]),
            widest_when,
            max([cell_len(str(s)) for s in {r.status for r in rows}] + [len("Status")])]


def game_label(info: SessionInfo) -> str:
    """The game, its play mode when it has more than one, and the players: "Nemesis:
    Lockdown, fully co-operative, 3p"."""
    known = next((i for i in infos() if i.id == info.game), None)
    if known is None:  # a game this version does not have
        return f"{game_title(info.game)}, {info.players}p"
    if len(known.modes) < 2:
        return f"{known.title}, {info.players}p"
    if not info.mode:  # listed before modes were kept: named only when the count tells
        fits = [m for m in known.modes if info.players in m.player_counts]
        if len(fits) != 1:
            return f"{known.title}, {info.players}p"
        return f"{known.title}, {fits[0].title}, {info.players}p"
    try:
        mode = known.mode(info.mode)
    except ValueError:  # an unknown mode id (a newer version's): named as saved
        return f"{known.title}, {info.mode}, {info.players}p"
    return f"{known.title}, {mode.title}, {info.players}p"


def latest_first(rows: Iterable[SessionInfo]) -> list[SessionInfo]:
    """The most recently played first, to the sub-second where the stamps carry it.

    Stamps equal to the second (games made in one second) keep the catalog's order, which
    is the order they were made in, newest first: a stable sort of the reversed list.
    """
    return sorted(reversed(list(rows)), key=attrgetter("updated", "created"), reverse=True)


def tool_bindings() -> list[Binding]:
    """A Home key for each tool a game adds (from the registry)."""
    return [Binding(tool.home_key, f"tool('{game.id}', '{tool.id}')", tool.title.split()[0],
                    id=f"home.{game.package}.{tool.id}", tooltip=f"{tool.title} ({game.title})")
            for game in infos() for tool in game.tools if tool.home_key]


class HomeScreen(Screen[None]):
    """The first screen: saved games and the way to a new one."""

    BINDINGS = [
        # A priority key: Enter opens the highlighted game before any key typed after it.
        Binding("enter", "resume", "Resume", id="home.resume", priority=True,
                tooltip="Resume the highlighted game"),
        Binding("n", "new_game", "New game", id="home.new", tooltip="New game"),
        Binding("e", "rename", "Rename", id="home.rename",
                tooltip="Rename the highlighted game"),
        Binding("d", "delete", "Delete", id="home.delete",
                tooltip="Delete the highlighted game (asks first)"),
        Binding("s", "search", "Rules", id="home.search", tooltip="Search the rules"),
        Binding("b", "board_profile", "Profiles", id="home.board",
                tooltip="Board profiles: enter printed board values once, share them"),
        Binding("g", "play_history", "History", id="home.history",
                tooltip="Play history: every saved game, counted"),
        Binding("m", "move_folder", "Backup", id="home.backup",
                tooltip="Back up the data folder to one file, or restore a backup"),
        Binding("q", "app.quit", "Quit", id="home.quit", tooltip="Quit Tableside"),
        # The list's keys (moved by on_key below; listed here for F1 and the palette).
        Binding("up", "list('cursor_up')", "Previous game", show=False,
                tooltip="Highlight the game above"),
        Binding("down", "list('cursor_down')", "Next game", show=False,
                tooltip="Highlight the game below"),
        Binding("pageup", "list('page_up')", "Page up", show=False,
                tooltip="Highlight the game a screenful up"),
        Binding("pagedown", "list('page_down')", "Page down", show=False,
                tooltip="Highlight the game a screenful down"),
        Binding("home", "list('first_row')", "First game", show=False,
                tooltip="Highlight the most recently played game"),
        Binding("end", "list('last_row')", "Last game", show=False,
                tooltip="Highlight the oldest game"),
    ]

    # Moved here, at once, not by the bindings (which the app runs later, after a priority
    # Enter already queued): "down down Enter" typed fast opens the game reached.
    MOVES: ClassVar[dict[str, str]] = {
        "up": "cursor_up", "down": "cursor_down", "pageup": "page_up",
        "pagedown": "page_down", "home": "first_row", "end": "last_row"}

    def __init__(self, table: Tableside | None, warnings: Iterable[str] = ()) -> None:
        super().__init__()
        for binding in tool_bindings():
            add_binding(self, binding)
        self.table = table
        self.warnings = list(warnings)
        self._stop_watching = threading.Event()
        self.rows: list[SessionInfo] = []
        self._seen: list[tuple[str, ...]] = []
        self._shown_widths: list[int] = []
        # the rows last measured, and their widest title, game, time and status
        self._measured: tuple[list[SessionInfo], list[int]] | None = None
        self._drawn = False
        self._listed = 0  # rows of self.rows in the table (a page at a time)
        self._just_mounted = False

    def compose(self) -> ComposeResult:
        # The screen's own children, each set in from the edges (.home-body), not a
        # container's: one widget less to lay out before the first frame (start-up).
        yield TitleBar(self.app.title, markup=False)
        yield Static("Tableside keeps the tracks, decks, secrets and scores while you play "
                     "with the real board.", id="home-intro", classes="home-body")
        yield Static(plain("\n".join(f"! {w}" for w in self.warnings)), id="home-warnings",
                     classes="home-body warning" + ("" if self.warnings else " hidden"))
        yield Static("Saved games (Enter resumes)", classes="home-body section-title")
        yield SavesList(id="saves", near_end=NEAR_END, page=PAGE_ROWS, classes="home-body")
        # the highlighted game in full (the columns may cut a long title or status), or the
        # way to a first game when there is none
        yield Static("", id="home-detail", markup=False, classes="home-body")
        yield KeysFooter()

    def on_mount(self) -> None:
        seen = self._catalog_stamp()  # before the list is read: a change after it is seen
        self.refresh_saves()
        self._just_mounted = True
        # the thread starts once Home is drawn: starting it is not the first frame's work
        self.call_after_refresh(self._watch, seen)

    def on_key(self, event: events.Key) -> None:
        move = self.MOVES.get(event.key)
        if move is not None and self.focused is None and self.rows:
            self.action_list(move)
            event.stop()
            event.prevent_default()

    def action_list(self, move: str) -> None:
        """Move the list's highlight (``move``: one of the list's actions)."""
        getattr(self.query_one("#saves", SavesList), f"action_{move}")()

    def _catalog_stamp(self) -> tuple[int, int] | None:
        """When the list of games last changed on disk, and its size (None: unreadable)."""
        if self.table is None:
            return None
        try:
            found = os.stat(self.table.store.catalog.path)
        except OSError:
            return None
        return found.st_mtime_ns, found.st_size

    def _watch(self, seen: tuple[int, int] | None) -> None:
        """Start the watching thread: a plain daemon thread, not a Textual worker, so that
        waiting for the screen's workers to finish never waits on a watch that never ends."""
        if self.table is not None:
            threading.Thread(target=self._watching, args=(seen,), name=f"watch-{id(self)}",
                             daemon=True).start()

    def _watching(self, seen: tuple[int, int] | None) -> None:
        """In a thread: one ``stat`` of the list of games a second; when another window
        changed it since ``seen``, Home reads it again on the UI thread (nothing there
        polls)."""
        while not self._stop_watching.wait(WATCH_SECONDS):
            now = self._catalog_stamp()
            if now != seen:
                seen = now
                self.post_message(CatalogChanged())

    def on_catalog_changed(self) -> None:
        self.look_elsewhere()

    def on_unmount(self) -> None:
        self._stop_watching.set()

    def on_screen_resume(self) -> None:
        if self._just_mounted:  # the resume that follows the mount: the list was just read
            self._just_mounted = False
            return
        self.refresh_saves()

    def on_resize(self) -> None:
        # the columns fit the screen: rebuild only when the new width changes them (every
        # rebuild re-measures each row, and a long list is felt)
        if self.rows and self._widths(self.rows) != self._shown_widths:
            self.refresh_saves(force=True)

    # --- the list ----------------------------------------------------------------------
    def load_rows(self) -> list[SessionInfo] | None:
        """The saved games, or None (with the reason said) when they cannot be read."""
        if self.table is None:
            return []
        try:
            return latest_first(self.table.sessions())
        except (TablesideError, OSError) as err:
            self.warn(f"The saved games could not be read: {err}; {TROUBLE}.")
            return None

    def warn(self, message: str) -> None:
        box = self.query_one("#home-warnings", Static)
        if message not in self.warnings:
            self.warnings.append(message)
            box.update(plain("\n".join(f"! {w}" for w in self.warnings)))
            box.remove_class("hidden")

    @staticmethod
    def _key(rows: list[SessionInfo]) -> list[tuple[str, ...]]:
        return [(r.id, r.title, str(r.updated), str(r.status), str(r.players)) for r in rows]

    def look_elsewhere(self) -> None:
        """Follow games created, renamed or deleted in another window."""
        if not self.is_current:
            return
        rows = self.load_rows()
        if rows is not None and self._key(rows) != self._seen:
            self.refresh_saves(rows)

    def refresh_saves(self, rows: list[SessionInfo] | None = None, force: bool = False,
                      keep: str | None = None) -> None:
        """Redraw the list; the highlight stays on the game it was on (``keep``: that id)."""
        if rows is None:
            rows = self.load_rows()
            if rows is None:
                return
        if not force and self._drawn and self._key(rows) == self._seen:
            return
        self._drawn = True
        grid = self.query_one("#saves", SavesList)
        current = self.selected()
        keep = keep or (current.id if current else None)
        self.rows, self._seen = rows, self._key(rows)
        widths = self._widths(rows)
        self._shown_widths = widths
        grid.clear(Text(_line(("Title", "Game", "Last played", "Status"), widths)),
                   sum(widths) + GAP * (len(widths) - 1))
        self._listed = 0
        ids = [r.id for r in rows]
        self.list_upto(max(PAGE_ROWS, ids.index(keep) + 1 if keep in ids else 0))
        if keep in ids:
            grid.move_cursor(ids.index(keep))
        self.show_detail()

    @on(SavesList.Highlighted)
    def show_detail(self) -> None:
        """The highlighted game whole: title, game and mode, last played, full status."""
        info = self.selected()
        detail = self.query_one("#home-detail", Static)
        detail.set_class(not self.rows, "empty")
        if info is None:
            detail.update("" if self.rows else "No saved games yet. Press n to start one.")
            return
        detail.update(plain(f"{info.title} · {game_label(info)} · last played "
                            f"{when(str(info.updated))} · {info.status}"))

    def list_upto(self, count: int) -> None:
        """List the saved games up to ``count`` (-1: all) that are not listed yet."""
        end = len(self.rows) if count < 0 else min(count, len(self.rows))
        if end > self._listed:
            self._add_rows(self.rows[self._listed:end], self._shown_widths)
            self._listed = end

    @on(SavesList.NearEnd)
    def _near_end(self, event: SavesList.NearEnd) -> None:
        self.list_upto(event.upto)
        if event.then_last:
            grid = self.query_one("#saves", SavesList)
            grid.move_cursor(grid.row_count - 1)

    def _add_rows(self, rows: list[SessionInfo], widths: list[int]) -> None:
        self.query_one("#saves", SavesList).add_rows([
            plain(_line((info.title, game_label(info), when(str(info.updated)),
                         str(info.status)), widths)) for info in rows])

    def _widths(self, rows: list[SessionInfo]) -> list[int]:
        """Column widths from the content, in cells, fitting the screen: each column as wide
        as its longest entry when there is room (Title takes what is left over); when there
        is not, Status is cut first, then Game, and Title last (the full row is shown under
        the list for the highlighted game)."""
        total = max(self.size.width, 40) - 2 - 8 - 2  # padding, cell padding, scrollbar
        if self._measured is None or self._measured[0] is not rows:
            # measured once per list read, not at every resize (500 games: 8 ms each time)
            self._measured = (rows, _widest(rows))
        title_, game_, when_, status_ = self._measured[1]
        wants = [title_, game_, status_]
        room = total - min(when_, WHEN_WIDTH)
        for index in (2, 1, 0):  # Status gives way first, Title last
            over = sum(wants) - room
            if over <= 0:
                break
            wants[index] = max(min(wants[index], FLOORS[index]), wants[index] - over)
        title, game, status = wants
        title += max(0, room - sum(wants))  # room to spare goes to the titles
        return [title, game, min(when_, WHEN_WIDTH), status]

    def selected(self) -> SessionInfo | None:
        grid = self.query_one("#saves", SavesList)
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
            from tui.screens.set_pin import offer_after_new_game

            self.app.push_screen(screen_for(play, self.table))
            offer_after_new_game(self.app, play)  # offered, never forced on the table

    @on(SavesList.Chosen)
    def _row_chosen(self) -> None:
        self.resume_highlighted()

    async def action_resume(self) -> None:
        if self.focused is not None:
            raise SkipAction()  # Enter belongs to whatever has the focus
        from tui.screens.form_keys import settle  # with the forms' lists (start-up time)

        await settle(self)  # arrows typed just before Enter move the highlight first
        self.resume_highlighted()

    def resume_highlighted(self) -> None:
        info = self.selected()
        if info is not None:
            self.open_session(info.id)

    def open_session(self, session_id: str) -> None:
        """Open a saved game: at once, or after a wait shown on screen while another window
        is saving to it."""
        if self.table is None:
            return
        from tui.screens.lock_wait import when_free

        table = self.table
        when_free(self, table.store.lock(session_id),
                  lambda: table.store.open_elsewhere(session_id), "open it",
                  lambda: self._open_now(session_id))

    def _open_now(self, session_id: str) -> None:
        if self.table is None:
            return
        from tui.screens.game_screens import screen_for

        try:
            play = self.table.load(session_id)
        except (TablesideError, OSError) as err:
            self.notify(f"{err}. The game stays on the list; {TROUBLE}, then try again.",
                        title="Cannot open", severity="error", timeout=10, markup=False)
            return
        for warning in play.warnings:
            self.notify(warning, title="Found in its files", severity="warning", timeout=10,
                        markup=False)
        self.app.push_screen(screen_for(play, self.table))

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
            except (TablesideError, OSError) as err:
                self.notify(f"{err} (the title stays \"{info.title}\")", severity="error",
                            markup=False)
            self.refresh_saves(force=True, keep=info.id)

        from tui.screens.confirm import TextPromptScreen  # on first use: start-up time

        self.app.push_screen(TextPromptScreen("New title", info.title), done)

    def action_delete(self) -> None:
        info = self.selected()
        if info is None or self.table is None:
            return
        table = self.table
        index = self.rows.index(info)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            from tui.serving import end_seats

            end_seats(self.app, info.id)  # a served game's seats end with it
            try:
                table.delete(info.id)
            except (TablesideError, OSError) as err:
                self.notify(f"{err}. Nothing was deleted.", severity="error", markup=False)
                return
            self.notify(f"Deleted {info.title}.", markup=False)
            after = [r.id for r in self.rows if r.id != info.id]
            self.refresh_saves(force=True, keep=after[min(index, len(after) - 1)]
                               if after else None)

        from tui.screens.confirm import ConfirmScreen  # on first use: start-up time

        self.app.push_screen(ConfirmScreen(f"Delete \"{info.title}\" for good? (y/n)"), done)

    def action_play_history(self) -> None:
        """Every saved game: counts by title, endings, each player's record."""
        from tui.screens.play_history import PlayHistoryScreen

        if self.table is not None:
            self.app.push_screen(PlayHistoryScreen(self.table))

    def action_move_folder(self) -> None:
        from tui.screens.moving import offer_backup

        offer_backup(self)

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


def _fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells (wide letters count two): cut with "…" or padded."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…"


def _line(fields: Iterable[str], widths: Iterable[int]) -> str:
    """Fields side by side, each cut or padded to its column's width, two spaces between."""
    return "  ".join(_fit(text, width) for text, width in zip(fields, widths, strict=True))
