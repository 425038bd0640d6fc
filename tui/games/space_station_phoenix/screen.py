"""The Space Station Phoenix session screen: the shared layout plus a turn banner and k.

The banner says whose turn it is and, in the final round, who is still to play (spec
space-station-phoenix §6). When the game ends, the score calculator opens with what the session
knows (names, in-game points, Sectors); k opens it at any time.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tableside.api import OpenSession
from trackers.engine import Note
from trackers.games.space_station_phoenix import session_facts as facts
from trackers.games.space_station_phoenix.plurality import join_names
from tui.screens.session import SessionScreen


def banner_text(play: OpenSession) -> str:
    """One line: whose turn, the final round's players still to play, or game over."""
    state = play.state
    end = facts.game_end(state)
    current = facts.active(state)
    if state.facts.get("status") == facts.STATUS_SETUP and current is not None:
        return f"Setting up: n ticks the next step of the checklist; {current} starts"
    if current is None:
        return f"Game over ({end.trigger} triggered the end): k opens the score calculator"
    if end.triggered:
        rest = list(end.still_to_play[1:])
        then = f"then {join_names(rest)}" if rest else "then final scoring"
        return f"FINAL ROUND ({end.trigger} triggered it): {current}'s last turn, {then}"
    return f"{current}'s turn: e ends it and runs the end-of-game check"


class PhoenixScreen(SessionScreen):
    """SessionScreen with the Phoenix banner and the score calculator on k."""

    CSS_PATH = str(Path(__file__).with_name("phoenix.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "score_sheet", "Scoring", id="phoenix.score_sheet"),
    ]

    def __init__(self, play: OpenSession) -> None:
        super().__init__(play)
        self._was_over = self._over()

    def _over(self) -> bool:
        return self.play.state.facts.get("status") == facts.STATUS_OVER

    def on_mount(self) -> None:
        # Textual runs SessionScreen.on_mount after this one (handlers run along the MRO).
        self.mount(Static("", id="phx-banner"), before="#session-body")

    def refresh_all(self, notes: list[Note] | None = None) -> None:
        super().refresh_all(notes)
        for banner in self.query("#phx-banner").results(Static):
            banner.update(banner_text(self.play))
        over = self._over()
        if over and not self._was_over:
            self.action_score_sheet()  # the game just ended: straight to final scoring
        self._was_over = over

    def action_score_sheet(self) -> None:
        from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen

        self.app.push_screen(ScoreSheetScreen(facts.score_sheet(self.play.state)))

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Score calculator [k]",
                            "Final scoring, filled in with names, points and Sectors",
                            self.action_score_sheet)
        yield from super().palette_commands()
