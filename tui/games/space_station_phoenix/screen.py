"""The Space Station Phoenix session screen: the shared layout plus a turn banner and k.

The banner says whose turn it is and, in the final round, who is still to play (spec
space-station-phoenix §6). When the game ends, the score calculator opens with what the session
knows (names, in-game points, Sectors); k opens it at any time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tableside.api import OpenSession
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.view import station_panels
from tui.screens.session import SessionScreen
from tui.widgets.session_view import SessionChanged, SessionView


def banner_text(play: OpenSession) -> str:
    """One line: whose turn, the final round's players still to play, or game over."""
    state = play.state
    end = facts.game_end(state)
    current = facts.active(state)
    if state.facts.get("status") == facts.STATUS_SETUP and current is not None:
        return f"Setting up: n ticks the next step of the checklist; {current} starts"
    if current is None and state.facts.get("final_winners"):
        winners = join_names(list(state.facts["final_winners"]))
        return f"Game over: {winners} won. ctrl+r opens the game report"
    if current is None:
        return f"Game over ({end.trigger} triggered the end): k opens the score calculator"
    if end.triggered:
        rest = list(end.still_to_play[1:])
        then = f"then {join_names(rest)}" if rest else "then final scoring"
        return f"FINAL ROUND ({end.trigger} triggered it): {current}'s last turn, {then}"
    return f"{current}'s turn: e ends it and runs the end-of-game check"


NARROW = 100  # columns: below this the reference pane makes room as said above


class PhoenixBanner(SessionView, Static):
    """Whose turn it is, redrawn with the session."""

    def show_session(self, play: OpenSession) -> None:
        self.update(Text(banner_text(play)))  # names as typed, never markup


class PhoenixStations(SessionView, Static):
    """Every player's Sectors and Diplomacy levels, under the tracks: in sight at 80x24."""

    def show_session(self, play: OpenSession) -> None:
        text = Text()
        for panel in station_panels(play.state):
            text.append(f"{panel.title}\n", style="bold underline")
            for line in panel.lines:
                text.append(f"{line}\n")
        self.update(text)


class PhoenixScreen(SessionScreen):
    """SessionScreen with the Phoenix banner and the score calculator on k."""

    CSS_PATH = str(Path(__file__).with_name("phoenix.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "score_sheet", "Scoring", id="phoenix.score_sheet",
                tooltip="Score calculator, filled in with names, points and Sectors"),
    ]

    def __init__(self, play: OpenSession) -> None:
        super().__init__(play)
        self._was_over = self._over()
        self._was_owed = self._owed()

    def _over(self) -> bool:
        return facts.game_end(self.play.state).over

    def compose_banner(self) -> ComposeResult:
        yield PhoenixBanner("", id="phx-banner", markup=False)

    def compose_beside_tracks(self) -> ComposeResult:
        yield PhoenixStations("", id="phx-stations", markup=False)

    def _owed(self) -> bool:
        return bool(self.play.state.facts.get("free_sector_due"))

    def on_session_changed(self, message: SessionChanged) -> None:
        over = self._over()
        if over and not self._was_over:
            self.action_score_sheet()  # the game just ended: straight to final scoring
        self._was_over = over
        owed = self._owed()
        if owed and not self._was_owed:  # Sector 326 built: its free Sector is asked at once
            self.call_later(self.run_action, "run('free_sector_326')")
        self._was_owed = owed

    def missing_defaults(self) -> dict[str, Any]:
        """The lap size this game lacks: the table's own from the profile when it has one
        (a game started before it was entered takes it with ctrl+d), else the tokens' 50."""
        from tui.app import TablesideApp

        missing = super().missing_defaults()
        if not missing or not isinstance(self.app, TablesideApp):
            return missing
        profile = self.app.table.board_profile(self.play.game.id)
        return {key: profile.get(key, value) for key, value in missing.items()}

    def action_toggle_reference(self) -> None:
        super().action_toggle_reference()
        # Under 100 columns three columns left the Now panel about 20 wide: with the pane open
        # the stations step aside and the tracks narrow (t again brings them back).
        shown = not self.query_one("#reference").has_class("hidden")
        self.set_class(shown and self.size.width < NARROW, "reference-narrow")

    def action_score_sheet(self) -> None:
        from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen

        # the sheet is kept with this session: it comes back as typed when reopened
        self.app.push_screen(ScoreSheetScreen(facts.score_sheet(self.play.state),
                                              draft=f"{self.play.id}:score", play=self.play))
