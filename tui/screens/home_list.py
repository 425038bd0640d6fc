"""Home's list of saved games: a header line, then one line a game, the highlighted one lit.

Drawn line by line (Textual's Line API), not a DataTable: Home's first frame is the app's
start-up, and a DataTable costs it its import, its styles and a restyle when it takes the
focus. The list never takes the focus: Home's own keys move the highlight (``HomeScreen``),
so arrows typed just before Enter are Home's to order (tui/screens/form_keys.settle).
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

PADDING = 1  # a cell of room either side of a line, as a table's cells have


class SavesList(ScrollView):
    """The saved games, listed a page at a time by Home (``add_rows``); the header stays on
    top while the rows scroll under it."""

    can_focus = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "saves--header", "saves--even-row", "saves--cursor"}

    DEFAULT_CSS = """
    SavesList {
        background: $surface;
        background-tint: $foreground 5%;
        color: $foreground;
        & > .saves--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        & > .saves--even-row {
            background: $surface-lighten-1 50%;
        }
        &:dark > .saves--even-row {
            background: $surface-darken-1 40%;
        }
        & > .saves--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
    }
    """

    class Highlighted(Message):
        """The highlight moved to another game."""

    class Chosen(Message):
        """The highlighted game was clicked: open it."""

    class NearEnd(Message):
        """The highlight or the scroll is near the last row listed: list more (``upto``:
        this many rows at least, -1 for all)."""

        def __init__(self, upto: int, then_last: bool = False) -> None:
            super().__init__()
            self.upto = upto
            self.then_last = then_last  # and highlight the last row (End)

    def __init__(self, *, near_end: int, page: int, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.header = Text()
        self.rows: list[Text] = []
        self.cursor_row = 0
        self.line_width = 0
        self._near_end = near_end  # rows from the end at which more are asked for
        self._page = page
        # a row asked for past the last listed (keys held down outrun Home's listing): the
        # highlight goes on there when more rows come, so no key press is lost
        self._wanted: int | None = None

    # --- what Home sets ------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return len(self.rows)

    def clear(self, header: Text, width: int) -> None:
        """No rows; ``header`` over lines ``width`` cells wide (padding not counted)."""
        self.header, self.line_width, self.rows, self.cursor_row = header, width, [], 0
        self._wanted = None
        self._resized()
        self.scroll_to(0, 0, animate=False, immediate=True)

    def add_rows(self, rows: list[Text]) -> None:
        self.rows.extend(rows)
        self._resized()
        if self._wanted is not None and rows:
            self.move_cursor(self._wanted)

    def _resized(self) -> None:
        self.virtual_size = Size(self.line_width + 2 * PADDING, len(self.rows) + 1)
        self.refresh()

    # --- the highlight -------------------------------------------------------------------
    def move_cursor(self, row: int) -> None:
        """Highlight ``row`` (kept within the list) and scroll it into view; a row past the
        last listed is gone on to when more are listed."""
        self._wanted = row if row >= len(self.rows) > 0 else None
        row = max(0, min(row, len(self.rows) - 1))
        moved = row != self.cursor_row
        self.cursor_row = row
        shown = max(1, self.size.height - 1)  # the lines under the header
        if row < self.scroll_y:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= self.scroll_y + shown:
            self.scroll_to(y=row - shown + 1, animate=False, immediate=True)
        self.refresh()
        if moved:
            self.post_message(self.Highlighted())
        if row >= len(self.rows) - self._near_end:
            self.post_message(self.NearEnd(row + self._page))

    def action_cursor_up(self) -> None:
        self.move_cursor(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(self.cursor_row + 1)

    def action_page_up(self) -> None:
        self.move_cursor(self.cursor_row - max(1, self.size.height - 1))

    def action_page_down(self) -> None:
        self.move_cursor(self.cursor_row + max(1, self.size.height - 1))

    def action_first_row(self) -> None:
        self.move_cursor(0)

    def action_last_row(self) -> None:
        self.post_message(self.NearEnd(-1, then_last=True))  # every row first, then the last

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value >= self.max_scroll_y - self.size.height:
            self.post_message(self.NearEnd(len(self.rows) + self._page))

    # --- the mouse -----------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        """A click on a game highlights it; a click on the highlighted one opens it."""
        row = int(self.scroll_y) + event.y - 1
        if event.y < 1 or not 0 <= row < len(self.rows):
            return
        if row == self.cursor_row:
            self.post_message(self.Chosen())
        else:
            self.move_cursor(row)

    # --- drawing -------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if y == 0:
            text, style = self.header, self.get_component_rich_style("saves--header")
        else:
            row = int(self.scroll_y) + y - 1
            if row >= len(self.rows):
                return Strip.blank(width, base)
            text = self.rows[row]
            if row == self.cursor_row:
                style = self.get_component_rich_style("saves--cursor")
            elif row % 2 == 0:  # zebra stripes, the first row striped
                style = self.get_component_rich_style("saves--even-row")
            else:
                style = Style()
        pad = " " * PADDING
        line = set_cell_size(f"{pad}{text.plain}{pad}", self.line_width + 2 * PADDING)
        scroll_x = int(self.scroll_x)
        if not scroll_x:  # the common case: one strip, cut or filled to the width
            return Strip([Segment(set_cell_size(line, width), base + style)], width)
        strip = Strip([Segment(line, base + style)], cell_len(line))
        strip = strip.crop(scroll_x, scroll_x + width)
        return strip.extend_cell_length(width, base + style).crop(0, width)  # a whole line

