"""The game's banner: the lines ``Game.banner`` keeps above the tracks (where the game is,
what is under way), redrawn with the session. Words carry the meaning, not the colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from tui.screens.refusal_keys import with_keys
from tui.widgets.in_place import update_in_place
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession


class Banner(SessionView, Static):
    """Shown only for a game that has a banner."""

    DEFAULT_CSS = """
    Banner {
        height: auto;
        padding: 0 1;
        text-style: bold;
        background: $boost;
    }
    """

    _shown: str | None = None

    def show_session(self, play: OpenSession) -> None:
        # an action named in quotes gets its key, as the Now panel and refusals say it
        text = with_keys(self.app, play, "\n".join(play.game.banner_lines(play.state)))
        if text != self._shown:  # most actions leave it as it was: no layout then
            self._shown = text
            update_in_place(self, Text(text))  # names as typed, never markup
