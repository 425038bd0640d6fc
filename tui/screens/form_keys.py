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

from tui.widgets.dialog_select import DialogSelect

FIELD_KEYS = [
    Binding("tab", "next_field", "Next field", show=False, priority=True,
            tooltip="Next field"),
    Binding("shift+tab", "previous_field", "Previous field", show=False, priority=True,
            tooltip="Previous field"),
    Binding("enter", "enter_in_field", "Next", show=False, priority=True,
            tooltip="Accept the field"),
]


SETTLE_SECONDS = 0.5  # the most a key waits for the field's earlier keys (never hangs)


async def _handled(widget: Widget) -> None:
    """Wait until ``widget`` has handled what is already in its queue."""
    handled = asyncio.Event()
    widget.call_later(handled.set)  # queued behind the keys: runs once they are handled
    with contextlib.suppress(asyncio.TimeoutError):
        await asyncio.wait_for(handled.wait(), SETTLE_SECONDS)


async def settle(field: Widget | None) -> None:
    """Let ``field`` handle the keys it was already handed before a priority key acts, and
    the form hear what they changed.

    A terminal delivers fast typing as a burst: the app hands each character to the focused
    field's own queue, while a priority key (Enter, ctrl+s) runs at once in the app. Without
    this, Enter could read the field before the last characters typed reached it ("Ne" for
    "Nest"). A list chosen by typing then tells the form (the next field may only now be
    filled in: the player counts of the game just chosen), a message that goes up through
    each container in turn, so each is waited for. The app reads no further key meanwhile,
    so later keys keep their order too.
    """
    if field is None or not field.is_attached:
        return
    await _handled(field)  # the keys
    await _handled(field)  # what they changed, told from the field's own queue
    for ancestor in field.ancestors:
        if not isinstance(ancestor, Widget):
            break  # the app: the screen was the last to hear
        await _handled(ancestor)
        if isinstance(ancestor, Screen):
            break


class FieldKeys:
    """Mixin for a form screen (put it before the Screen class); ``field_entered`` decides
    what Enter in a text field, or in a list chosen from by typing, does (by default: on to
    the next field)."""

    def action_next_field(self) -> None:
        assert isinstance(self, Screen)
        self.focus_next()

    def action_previous_field(self) -> None:
        assert isinstance(self, Screen)
        self.focus_previous()

    async def action_enter_in_field(self) -> None:
        assert isinstance(self, Screen)
        field = self.focused
        if isinstance(field, DialogSelect) and not field.expanded:
            await settle(field)  # the letters typed before Enter have chosen
            if not field.typed and field.is_blank() and not field.has_class("optional"):
                raise SkipAction()  # nothing chosen yet: Enter opens the list
            field.typed = ""  # chosen (typed, shown chosen, or blank by choice): confirmed
            await self.field_entered(field)
            return
        if not isinstance(field, Input):
            raise SkipAction()  # an open list, a button, a checkbox: their own Enter
        await settle(field)
        await self.field_entered(field)

    async def field_entered(self, field: Input | DialogSelect) -> None:
        assert isinstance(self, Screen)
        self.focus_next()
