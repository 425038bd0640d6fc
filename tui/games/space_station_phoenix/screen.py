"""The Space Station Phoenix session screen: the shared layout (its turn banner is the
game's ``Game.banner``) plus the stations under the tracks and the score calculator on k.

When the game ends, the score calculator opens with what the session knows (names, in-game
points, Sectors); k opens it at any time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tableside.api import OpenSession, Tableside
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.view import station_panels
from tui.screens.session import SessionScreen
from tui.widgets.in_place import update_in_place
from tui.widgets.session_view import SessionChanged, SessionView

NARROW = 100  # columns: below this the reference pane makes room as said above


class PhoenixStations(SessionView, Static):
    """Every player's Sectors and Diplomacy levels, under the tracks: in sight at 80x24."""

    def show_session(self, play: OpenSession) -> None:
        text = Text()
        for panel in station_panels(play.state):
            text.append(f"{panel.title}\n", style="bold underline")
            for line in panel.lines:
                text.append(f"{line}\n")
        update_in_place(self, text)


class PhoenixScreen(SessionScreen):
    """SessionScreen with the stations and the score calculator on k."""

    CSS_PATH = str(Path(__file__).with_name("phoenix.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "score_sheet", "Scoring", id="phoenix.score_sheet",
                tooltip="Score calculator, filled in with names, points and Sectors"),
    ]

    def __init__(self, play: OpenSession, table: Tableside | None = None) -> None:
        super().__init__(play, table)
        self._was_over = self._over()
        self._was_owed = self._owed()

    def _over(self) -> bool:
        return facts.game_end(self.play.state).over

    def compose_beside_tracks(self) -> ComposeResult:
        yield PhoenixStations("", id="phx-stations", markup=False)

    def _owed(self) -> bool:
        return bool(facts.facts_of(self.play.state).get("free_sector_due"))

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
        missing = super().missing_defaults()
        if not missing or self.table is None:
            return missing
        profile = self.table.board_profile(self.play.game.id)
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
