"""SeatApp: the app a seat's link runs (``tableside seat ID --seat N``), one per open page.

It opens one game as one player's seat and nothing else: no Home, no other game, no saved
setting changed (the theme key switches this page only). Its records are signed
"seat Ann <pid>", so every other window's log and undo name the seat that acted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from tableside.api import Tableside, TablesideError
from tui.app import TablesideApp


class SeatProblem(Screen[None]):
    """What a seat says when it cannot open (the game deleted, a damaged folder)."""

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> Any:
        yield Static(self.message, markup=False)


class SeatApp(TablesideApp):
    """One player's seat of one game."""

    TITLE = "Tableside seat"

    def __init__(self, data_dir: Path, session_id: str, seat_number: int, **kwargs: Any
                 ) -> None:
        super().__init__(data_dir, **kwargs)
        self.session_id = session_id
        self.seat_number = seat_number

    def get_default_screen(self) -> Screen[Any]:
        from tui.screens.seat import SeatScreen

        try:
            table = Tableside(self.data_dir, by="seat")
            play = table.load(self.session_id)
            names = play.setup.names
            if not 1 <= self.seat_number <= len(names):
                raise TablesideError(f"seat {self.seat_number}: this game has "
                                     f"{len(names)} seats")
            player = names[self.seat_number - 1]
            # Sign this seat's records with its player's name (the play's own window name).
            play.session.by = table.by = f"seat {player} {os.getpid()}"
        except TablesideError as err:
            return SeatProblem(f"This seat cannot open: {err}")
        self._table = table
        return SeatScreen(play, player)

    def watch_theme(self, theme: str) -> None:
        """A seat's theme is its page's own: the laptop's settings stay as they are."""
