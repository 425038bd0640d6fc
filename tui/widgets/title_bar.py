"""A one-line title bar: the look of Textual's Header (no clock, no icon) in one widget."""

from __future__ import annotations

from textual.widgets import Static


class TitleBar(Static):
    """The app's title across the top. Home uses it instead of Textual's Header, which is
    four widgets (and a clock Home does not show): the first screen is drawn sooner."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        content-align: center middle;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """
