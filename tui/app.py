"""TablesideApp: opens the store, shows Home, and offers every key of a screen by name."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tableside.api import Tableside, TablesideError
from tableside.textual_adapter import CrashReported
from tui.screens.home import HomeScreen

if TYPE_CHECKING:
    from textual.command import Provider

    from references.library import Library

# The rules of every screen but Home: parsed when the first other screen opens, so that
# Home's first frame parses only the shared rules and its own (start-up time).
LATER_CSS = Path(__file__).with_name("later_screens.tcss")


def keys_provider() -> type[Provider]:
    """The palette's list of the screen's keys, loaded when the palette first opens (Home,
    the first screen, needs neither it nor the F1 screen: start-up)."""
    from tui.screens.keys import KeysProvider

    return KeysProvider


class TablesideApp(CrashReported, App[None]):
    """The companion app. ``data_dir`` is where saves and the rules index live."""

    CSS_PATH = "tableside.tcss"
    TITLE = "Tableside"
    COMMANDS = App.COMMANDS | {keys_provider}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, tooltip="Quit Tableside"),
        Binding("f1", "show_keys", "Keys", id="keys", tooltip="Every key of this screen"),
        Binding("f2", "toggle_dark", "Light/dark", show=False, id="theme",
                tooltip="Switch between light and dark"),
    ]

    def __init__(self, data_dir: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data_dir = data_dir
        self._table: Tableside | None = None
        self._library: Library | None = None
        self._later_css = False

    async def action_quit(self) -> None:
        """Quit, asking first while players have their seats open (a second ctrl+q while
        asked quits at once)."""
        from tui.screens.confirm import ConfirmScreen

        served = getattr(self, "_served_games", None)  # tui.serving keeps them, if any
        question = None
        if served and not isinstance(self.screen, ConfirmScreen):
            from tui.serving import quit_question

            question = quit_question(self)
        if question is None:
            self.exit()
            return
        self.push_screen(ConfirmScreen(question), lambda yes: self.exit() if yes else None)

    # --- what the screens use -----------------------------------------------------------
    @property
    def table(self) -> Tableside:
        """The open store of saved games; TablesideError if it could not be opened."""
        if self._table is None:
            raise TablesideError(f"the data folder {self.data_dir} could not be opened; "
                                 "check it exists and is writable, then restart Tableside")
        return self._table

    @property
    def library(self) -> Library | None:
        """The rules library, opened on first use; None (with the reason shown) if it cannot
        be opened."""
        if self._library is None:
            from references.errors import LibraryError
            from references.library import Library

            try:
                self._library = Library.open(self.data_dir)
            except (LibraryError, OSError) as err:
                self.notify(str(err), title="Rules library", severity="error", markup=False)
                return None
        return self._library

    @library.setter
    def library(self, library: Library | None) -> None:
        self._library = library

    # --- start and stop -----------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        """Home is the app's first screen itself (not pushed over an empty one: start-up)."""
        try:
            self._table = Tableside(self.data_dir)
            theme = self._table.setting("theme")
            warnings = self._table.warnings
            self.set_keymap(self._table.keymap())  # the player's own keys, where they chose
        except TablesideError as err:
            return HomeScreen(None, [f"{err}. Nothing can be saved until this is fixed: "
                                     "check the folder, then restart."])
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        return HomeScreen(self._table, warnings)

    @on(events.Mount)
    def _follow_screens(self) -> None:
        # "immediate": before the new screen composes, so its widgets are styled once
        self.screen_change_signal.subscribe(self, self._screen_changed, immediate=True)
        self._screen_changed(self.screen)  # a first screen other than Home (a seat's)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        """Read the other screens' rules when the first screen other than Home shows."""
        if self._later_css or isinstance(screen, HomeScreen):
            return
        self._later_css = True  # once: a reparse restyles every widget of every screen
        self.stylesheet.read(LATER_CSS)
        self.stylesheet.reparse()
        self.stylesheet.update(self)

    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def action_show_keys(self) -> None:
        from tui.screens.keys import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(self.screen))

    def watch_theme(self, theme: str) -> None:
        if self._table is not None:
            try:
                self._table.set_setting("theme", theme)
            except TablesideError as err:
                self.notify(f"The theme could not be saved: {err}", severity="warning",
                            markup=False)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, and those of screens that list their own (search)."""
        yield from super().get_system_commands(screen)
        extra = getattr(screen, "palette_commands", None)  # screens owned elsewhere
        if extra is not None:
            yield from extra()

    def on_unmount(self) -> None:
        if self._table is not None:
            with contextlib.suppress(TablesideError):  # the journals hold every action
                self._table.close()
