"""A checkbox whose mark says checked or not without colour.

Textual's Checkbox draws the same X either way and tells them apart by colour alone, which a
colour-blind player, a washed-out laptop screen or a monochrome terminal cannot see. Here an
unchecked box is empty.
"""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """``Checkbox``, with an X only when checked."""

    def on_key(self, event: events.Key) -> None:
        """Space ticks this box in its own queue, so a Tab typed right after it cannot
        move the tick to the next box (the app reads its own binding for space only after
        that Tab, a priority key, has moved the focus)."""
        if event.key == "space":
            event.stop()
            event.prevent_default()
            self.toggle()

    def render(self) -> Content:
        """The box with an X when checked and a blank when not, then its label."""
        self.BUTTON_INNER = "X" if self.value else " "
        return super().render()
