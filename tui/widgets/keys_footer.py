"""A footer that wraps its keys onto several rows, so all show at 80 columns."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

COLUMNS = 6


class KeysFooter(Footer):
    """Textual's Footer laid out as a grid of ``COLUMNS`` keys per row."""

    DEFAULT_CSS = """
    KeysFooter {
        layout: grid;
        height: auto;
        max-height: 6;
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

    def compose(self) -> ComposeResult:
        yield from super().compose()
        # Footer sets one grid column per key; a fixed count makes the keys wrap instead.
        self.styles.grid_size_columns = COLUMNS
