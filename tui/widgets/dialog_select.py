"""A choice list that opens inside the dialog around it.

Textual's Select opens its list over the whole screen (``overlay: screen``), kept only
inside the screen's edges: at 80x24 a list of nine player counts, or one low in a form,
ran over the dialog's border and the table behind it. This Select measures the room
inside its dialog (the nearest ancestor with the ``dialog`` class, else the screen) when it
opens: the list goes below the field when it fits there, else on the side with more room,
and is as tall as that room allows (it scrolls, as any long list does).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import RenderableType
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Select

LIST_ROWS = 12  # Textual's own cap on an open list, borders included


def room_of(widget: Widget) -> Region:
    """The region inside the border of the dialog holding ``widget`` (the screen's region
    when it is in none)."""
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Widget) and ancestor.has_class("dialog"):
            return ancestor.region.shrink(ancestor.styles.border.spacing)
    return widget.screen.region


def placement(field: Region, room: Region, rows: int) -> tuple[int, int]:
    """(offset, height) of a list wanting ``rows`` rows, for a field at ``field``: below
    the field when it fits, else on the side with more room inside ``room``. The offset
    moves the list from its place under the field (negative: up, above the field)."""
    below = room.bottom - field.bottom
    above = field.y - room.y
    if rows <= below or below >= above:
        return 0, max(1, min(rows, below))
    height = min(rows, above)
    return -(height + field.height), height


class DialogSelect(Select[Any]):
    """A Select whose open list stays inside its dialog."""

    def __init__(self, options: Iterable[tuple[RenderableType, Any]], **kwargs: Any) -> None:
        self.choices = list(options)
        super().__init__(self.choices, **kwargs)

    def set_options(self, options: Iterable[tuple[RenderableType, Any]]) -> None:
        self.choices = list(options)
        super().set_options(self.choices)

    def label_of(self, value: Any) -> str:
        """The label shown for ``value``; "" when none is."""
        return next((str(label) for label, choice in self.choices if choice == value), "")

    def watch_expanded(self, expanded: bool) -> None:
        """Place the list as it opens (after Select's own watcher has shown it), and again
        once the screen is laid out (the form may have just scrolled or grown)."""
        if expanded:
            self._place()
            self.call_after_refresh(self._place)

    def _place(self) -> None:
        if not self.expanded or not self.is_mounted:
            return
        # Select's parts, by the type names its stylesheet uses: the list and the field.
        overlay = self.query_one("SelectOverlay", OptionList)
        field = self.query_one("SelectCurrent").region
        # One row an option (a label wider than the list wraps: the list then scrolls).
        wanted = min(LIST_ROWS, overlay.option_count + overlay.styles.gutter.height)
        offset, height = placement(field, room_of(self), wanted)
        overlay.styles.max_height = height
        overlay.styles.offset = (0, offset)
