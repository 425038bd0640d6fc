"""A footer of at most two rows: the keys a table uses most; F1 and ctrl+p show the rest."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

COLUMNS = 6
ROWS = 2
# Keys every screen keeps in view, at the end of the footer: the rest fill the cells before.
PINNED = ("undo", "leave", "app.show_keys", "show_keys", "app.quit")


class KeysFooter(Footer):
    """Textual's Footer laid out as a grid of ``COLUMNS`` keys per row, ``ROWS`` rows at most.

    A screen lists its most used keys first (``show=True``); when more are possible now than
    fit, the last ones give way. Every key stays in the palette and on the F1 screen.
    """

    DEFAULT_CSS = """
    KeysFooter {
        layout: grid;
        height: auto;
        max-height: 2;
        grid-rows: 1;
        grid-gutter: 0 0;
    }
    KeysFooter FooterKey {
        width: 1fr;
    }
    KeysFooter FooterKey.-command-palette {
        dock: none;
        border-left: none;
    }
    """

    _shown: tuple[tuple[str, str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Rebuild only when the keys to show changed: Textual's Footer recomposes on every
        binding refresh (each action), re-styling a dozen widgets per key press."""
        shown = tuple((b.key, b.description, b.action, enabled)
                      for _, b, enabled, _ in screen.active_bindings.values() if b.show)
        if shown == self._shown and self.children:
            return
        self._shown = shown
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        children: list[Widget] = list(super().compose())
        palette = [c for c in children if c.has_class("-command-palette")]
        keys = [c for c in children if c not in palette]
        pinned = [k for k in keys if isinstance(k, FooterKey) and k.action in PINNED]
        others = [k for k in keys if k not in pinned]
        room = COLUMNS * ROWS - len(palette) - len(pinned)
        yield from others[:max(room, 0)] + pinned + palette
        # Footer sets one grid column per key; a fixed count makes the keys wrap instead.
        self.styles.grid_size_columns = COLUMNS
