"""What every widget showing a session shares: one message redraws them all.

A screen posts ``SessionChanged`` after anything changes the session (an action, undo, a
board value, records from another window); ``SessionScreen`` answers it by calling
``show_session`` on every ``SessionView`` it holds. So nobody has to remember which
widgets to refresh, and a game screen's own widgets join in by being ``SessionView``s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from tableside.api import OpenSession


class SessionChanged(Message):
    """The session changed; ``elsewhere`` holds the seqs another window recorded."""

    def __init__(self, elsewhere: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.elsewhere = elsewhere


class SessionView:
    """Mixin for a widget that shows part of the session (put it before the widget class)."""

    def show_session(self, play: OpenSession) -> None:
        raise NotImplementedError
