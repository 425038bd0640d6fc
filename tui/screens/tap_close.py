"""A dialog a phone can close: a phone has no Escape key, so a tap does it.

Mixed into a ``ModalScreen`` whose ``action_close`` closes it: its Close button (id
``close``) and a tap on the dimmed screen around the dialog both close it, as Escape does.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.widgets import Button


def close_button() -> Button:
    """The dialog's visible close control."""
    return Button("Close", id="close", classes="close-button")


class TapToClose:
    """Close on the Close button, or on a tap outside the dialog."""

    def action_close(self) -> Any:  # pragma: no cover - each dialog has its own
        raise NotImplementedError

    async def on_click(self, event: events.Click) -> None:
        if event.widget is self:  # the screen itself: around the dialog, not on it
            event.stop()
            await _run(self.action_close())

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "close":
            event.stop()
            await _run(self.action_close())


async def _run(result: Any) -> None:
    if hasattr(result, "__await__"):
        await result
