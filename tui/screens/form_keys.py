"""Keys that move between fields, handled before the next key is read.

Enter in a text field and Tab are priority bindings of the form screen: the app runs them
itself, in order, before it reads the next key. A burst of keys (a pilot test, a fast
typist on a busy laptop) then fills the same fields as slow typing would; as ordinary
bindings they ran later, in the field's own queue, and the next key could still land in
the field being left.
"""

from __future__ import annotations

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

FIELD_KEYS = [
    Binding("tab", "next_field", "Next field", show=False, priority=True,
            tooltip="Next field"),
    Binding("shift+tab", "previous_field", "Previous field", show=False, priority=True,
            tooltip="Previous field"),
    Binding("enter", "enter_in_field", "Next", show=False, priority=True,
            tooltip="Accept the field"),
]


class FieldKeys:
    """Mixin for a form screen (put it before the Screen class); ``field_entered`` decides
    what Enter in a text field does (by default: on to the next field)."""

    def action_next_field(self) -> None:
        assert isinstance(self, Screen)
        self.focus_next()

    def action_previous_field(self) -> None:
        assert isinstance(self, Screen)
        self.focus_previous()

    async def action_enter_in_field(self) -> None:
        assert isinstance(self, Screen)
        if not isinstance(self.focused, Input):
            raise SkipAction()  # a Select, a button, a checkbox: their own Enter
        await self.field_entered(self.focused)

    async def field_entered(self, field: Input) -> None:
        assert isinstance(self, Screen)
        self.focus_next()
