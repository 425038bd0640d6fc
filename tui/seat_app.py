"""SeatApp: the app a seat's link runs (``tableside seat ID --seat N``), one per open page.

It opens one game as one player's seat and nothing else: no Home, no other game, no saved
setting changed (the theme key switches this page only). Its records are signed
"seat Ann", so every other window's log and undo name the seat that acted.

A seat ends with its server however that ends (a SIGKILL included): ``watch_parent`` sees
its parent gone and quits, closing the game (no open mark left behind).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path
from typing import Any

from textual.screen import Screen
from textual.widgets import Static

from tableside.api import OpenSession, Tableside, TablesideError
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
    # The seat's own rules from the first frame: Textual reads a screen's CSS_PATH when the
    # screen is pushed, not for the app's first screen (drawn for 80 columns until then).
    CSS_PATH = ["tableside.tcss", "screens/seat.tcss"]  # type: ignore[assignment]

    def __init__(self, data_dir: Path, session_id: str, seat_number: int, **kwargs: Any
                 ) -> None:
        super().__init__(data_dir, **kwargs)
        self.session_id = session_id
        self.seat_number = seat_number
        self.play: OpenSession | None = None

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
            play.session.by = table.by = f"seat {player}"
        except TablesideError as err:
            return SeatProblem(f"This seat cannot open: {err}")
        self._table, self.play = table, play
        return SeatScreen(play, player)

    def close_game(self) -> None:
        """The seat's window on the game closes: its snapshot kept, its open mark gone."""
        try:
            if self.play is not None:
                self.play.close()
            if self._table is not None:
                self._table.close()
        except (TablesideError, OSError):
            pass  # the journal has every action; a mark of a dead process counts for nobody

    def watch_theme(self, theme: str) -> None:
        """A seat's theme is its page's own: the laptop's settings stay as they are."""


def run_seat(data_dir: Path, session_id: str, seat_number: int) -> int:
    """Run one seat until its page or its server goes; the game closed after it."""
    app = SeatApp(data_dir, session_id, seat_number)
    watch_parent(app)
    try:
        app.run()
    finally:
        app.close_game()
    return app.return_code or 0


def watch_parent(app: SeatApp, every: float = 0.5, grace: float = 3.0) -> None:
    """Quit when the process that started this seat is gone (its server was killed, or the
    warm parent quit): the app exits, and if it cannot within ``grace`` seconds, the process
    ends anyway, its open marks removed first."""
    parent = os.getppid()

    def end_anyway() -> None:
        for mark in (app.data_dir / "sessions").glob(f"*.open-{os.getpid()}-*"):
            mark.unlink(missing_ok=True)
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        ender = threading.Timer(grace, end_anyway)
        ender.daemon = True
        ender.start()
        with contextlib.suppress(Exception):  # not running (yet, or any more): ended anyway
            app.call_from_thread(app.exit)

    threading.Thread(target=watch, daemon=True, name="seat-watch-parent").start()
