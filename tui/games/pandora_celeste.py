"""The Pandora Celeste screen: the shared layout plus a banner that keeps the Cycle, the
driving marker, the First Target and whatever is under way (an attack, the Nasty round)
on screen at 80x24, where the Now panel shows only the last notes. The lines come from
trackers.games.pandora_celeste.view; this module only lays them out.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from tableside.api import OpenSession
from trackers.games.pandora_celeste.view import banner, one_key
from tui.screens.session import SessionScreen
from tui.widgets.session_view import SessionView


class PandoraBanner(SessionView, Static):
    """Two lines above the trackers; the words carry the meaning, not the colour."""

    DEFAULT_CSS = """
    PandoraBanner {
        height: auto;
        padding: 0 1;
        text-style: bold;
        background: $boost;
    }
    """

    def show_session(self, play: OpenSession) -> None:
        self.update("\n".join(banner(play.state)))


class PandoraScreen(SessionScreen):
    """SessionScreen with the Pandora Celeste banner."""

    DEFAULT_CSS = """
    PandoraScreen #left > .section-title {
        display: none;
    }
    """

    def compose_banner(self) -> ComposeResult:
        yield PandoraBanner("", id="pc-banner", markup=False)

    async def action_run(self, name: str) -> None:
        """When the app draws, a step whose fields are all for a flipped card takes one key:
        no form to open and close (the Nasty round at one key a step)."""
        if self.offerable(name) and one_key(self.play.state, name):
            self.apply(name, {})
            return
        await super().action_run(name)


SCREEN = PandoraScreen
