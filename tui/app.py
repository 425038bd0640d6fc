"""TablesideApp: opens the store, shows Home, and lists every action in the command palette."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from tableside.api import Tableside, TablesideError
from tui.screens.home import HomeScreen


class TablesideApp(App[None]):
    """The companion app. ``data_dir`` is where saves and the rules index live."""

    CSS_PATH = "tableside.tcss"
    TITLE = "Tableside"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("f2", "toggle_dark", "Light/dark", show=False, id="theme"),
    ]

    def __init__(self, data_dir: Path, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.data_dir = data_dir
        self.table: Tableside | None = None

    def on_mount(self) -> None:
        try:
            self.table = Tableside(self.data_dir)
        except TablesideError as err:
            self.push_screen(HomeScreen(None, [str(err)]))
            return
        theme = self.table.setting("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self.push_screen(HomeScreen(self.table, self.table.warnings))

    def action_toggle_dark(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def watch_theme(self, theme: str) -> None:
        if self.table is not None:
            self.table.set_setting("theme", theme)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        extra = getattr(screen, "palette_commands", None)
        if extra is not None:
            yield from extra()

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.close()
