"""Keys that move between fields, handled before the next key is read.

Enter in a text field and Tab are priority bindings of the form screen: the app runs them
itself, in order, before it reads the next key. A burst of keys (a pilot test, a fast
typist on a busy laptop) then fills the same fields as slow typing would; as ordinary
bindings they ran later, in the field's own queue, and the next key could still land in
the field being left.
"""

from __future__ import annotations

import asyncio
import contextlib

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

FIELD_KEYS = [
    Binding("tab", "next_field", "Next field", show=False, priority=True,
            tooltip="Next field"),
    Binding("shift+tab", "previous_field", "Previous field", show=False, priority=True,
            tooltip="Previous field"),
    Binding("enter", "enter_in_field", "Next", show=False, priority=True,
            tooltip="Accept the field"),
]


SETTLE_SECONDS = 0.5  # the most a key waits for the field's earlier keys (never hangs)


async def settle(field: Widget | None) -> None:
    """Let ``field`` handle the keys it was already handed before a priority key acts.

    A terminal delivers fast typing as a burst: the app hands each character to the focused
    field's own queue, while a priority key (Enter, ctrl+s) runs at once in the app. Without
    this, Enter could read the field before the last characters typed reached it ("Ne" for
    "Nest"). The app reads no further key meanwhile, so later keys keep their order too.
    """
    if field is None or not field.is_attached:
        return
    handled = asyncio.Event()
    field.call_later(handled.set)  # queued behind the keys: runs once they are handled
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(handled.wait(), SETTLE_SECONDS)


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
        field = self.focused
        await settle(field)
        await self.field_entered(field)

    async def field_entered(self, field: Input) -> None:
        assert isinstance(self, Screen)
        self.focus_next()
