"""On a laptop serving seats, the game screen names a seat's action by its player ("Ann's
seat") in the Now panel, the log and an undo's note, never by a process id; the laptop's
own action is never marked as another window's, and a seat's action the laptop folds in
as it acts itself is still marked as the seat's.

The seat runs in this process (its own app, as on a phone's page), no browser."""

from __future__ import annotations

import re
from pathlib import Path

from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.tui.screen_text import panel_text
from tests.tui.test_windows_pilot import until
from tui.app import TablesideApp
from tui.screens.session import SessionScreen
from tui.seat_app import SeatApp

PIN = "246810"


def _game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"])
    game_id = play.id
    play.close()
    table.close()
    return game_id


def _log_line(app: TablesideApp, seq: int) -> str:
    return next(line for line in panel_text(app, "#log").splitlines()
                if line.lstrip(">").split()[:1] == [str(seq)])


async def _ann_chooses(seat: SeatApp, objective: str) -> None:
    async with seat.run_test(size=(50, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c", "enter")
        await pilot.pause()
        await burst(pilot, *objective, "enter")
        await pilot.pause()
        if seat.play is not None and not seat.play.pin_is_set("Ann"):
            await burst(pilot, *PIN, "enter")
        await pilot.pause()


async def test_a_seats_action_is_named_by_its_player_on_the_laptop(tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.open_session(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        await _ann_chooses(SeatApp(tmp_path, game_id, 1), "Reactor")
        seq = Tableside(tmp_path).load(game_id).head
        assert seq >= 1
        await until(pilot, lambda: screen.play.head == seq)
        now = panel_text(app, "#now")
        assert now.splitlines()[0] == "1 action from Ann's seat, marked in the log"
        assert "from Ann's seat" in _log_line(app, seq)
        # in the table's words, as on her seat: no command line's "secret=p1_objective"
        assert "Choose a secret: secret Ann's kept Objective, value hidden" in " ".join(
            panel_text(app, "#log").split())
        assert "secret=" not in panel_text(app, "#log")
        assert not re.search(r"\d{3,}", now.splitlines()[0])  # no process id

        await pilot.press("u")  # the laptop undoes Ann's choice: the note names her seat
        await pilot.pause()
        assert screen.play.head == seq - 1
        now = panel_text(app, "#now")
        assert "Ann's seat" in now and "seat Ann" not in now
        assert "Ann's seat, marked in the log" not in now  # its own undo: its own news


async def test_a_seats_action_folded_in_as_the_laptop_acts_is_still_the_seats(
        tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.open_session(game_id)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        screen._stop_watching.set()  # the laptop acts before its next look (each second)
        await _ann_chooses(SeatApp(tmp_path, game_id, 1), "Reactor")
        assert screen.play.head == 0
        await pilot.press("n")  # the laptop's own action (Next step): Ann's is folded in first
        await pilot.pause()
        assert screen.play.head == 2
        assert "from Ann's seat" in _log_line(app, 1)  # hers, though folded in as it acted
        assert "(from " not in _log_line(app, 2)  # the laptop's own
        assert panel_text(app, "#now").splitlines()[0] == \
            "1 action from Ann's seat, marked in the log"
