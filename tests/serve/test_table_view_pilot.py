"""The table view's side of serving, by keys: ctrl+o in a game serves it and shows each
seat's link with its QR code; m remakes a link (the old one opens nothing), r revokes it;
leaving the game closes the seats until it is served again (the same links), deleting it
ends them; a reveal whose owner has a seat is asked of that seat and
the laptop waits for it, no PIN typed on the shared screen."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest
from textual.widgets import Static

from tableside import seat_actions, seat_asks
from tableside.api import Tableside
from tests.pilot_keys import choose
from tests.serve.browser import until
from tests.textual_probe import notifications_shown
from tests.tui.screen_text import screen_text
from trackers.pieces import Secret
from tui.app import TablesideApp
from tui.screens.home import HomeScreen

pytest.importorskip("textual_serve")

# a process per served seat: the slow group (`pytest -m slow`, .ci/run); the seats'
# own screens (test_seat_pilot) and their links (test_server) are tested in every run
pytestmark = pytest.mark.slow

PIN = "246810"


def _status(url: str) -> int:
    return _answer(url)[0]


def _answer(url: str) -> tuple[int, str, str]:
    """The status, the seat's state the page is told (open, closed) and the page's text."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return (int(response.status), response.headers.get("X-Tableside-Seat", ""),
                    response.read().decode())
    except urllib.error.HTTPError as err:
        return err.code, "", ""


def _game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"])
    play.choose_secret("p1_objective", "Reactor", pin=PIN)
    game_id = play.id
    play.close()
    table.close()
    return game_id


def _link(app: TablesideApp) -> str:
    line = str(app.screen.query_one("#seats-link", Static).render())
    return line.split(": ", 1)[1]


class _Page:
    """A seat's open page, as the server counts it (its websocket)."""

    async def close(self) -> None:
        return None


async def _open_game(app: TablesideApp, game_id: str) -> None:
    home = app.screen
    assert isinstance(home, HomeScreen)
    home.open_session(game_id)


async def test_ctrl_o_serves_the_game_and_manages_the_links(tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await _open_game(app, game_id)
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at 127.0.0.1" in screen_text(app), "the seats")
        first = _link(app)
        assert "Ann's seat: http://127.0.0.1:" in screen_text(app) and "█▀" in screen_text(app)
        assert _status(first) == 200
        await pilot.press("m")  # a new link for Ann: the old one opens nothing
        await pilot.pause()
        second = _link(app)
        assert second != first and _status(first) == 404 and _status(second) == 200
        await pilot.press("r")
        await until(lambda: "Ann: revoked" in screen_text(app), "Ann's link revoked")
        assert _status(second) == 404
        await pilot.press("down")
        bo = _link(app)
        assert "Bo's seat" in screen_text(app) and _status(bo) == 200
        assert _answer(bo)[1] == "open"
        served = app.screen_stack[-2].seat_server
        served.server._live["Bo"] = {_Page()}  # Bo's page open, as a phone's would be
        await pilot.press("escape", "escape")  # the seats, then the game: asked first
        await pilot.pause()
        assert "Bo loses their seat" in screen_text(app)
        await pilot.press("n")  # the table stays in the game
        await pilot.pause()
        assert app.screen.seat_server is served and not served.server.closed
        await pilot.press("escape", "y")  # leaving after all: Home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        served.server._live.pop("Bo")  # its page closed (a real one leaves by itself)
        status, state, page = _answer(bo)  # the seat waits, and says why in our words
        assert (status, state) == (200, "closed") and "The table closed this game" in page
        await _open_game(app, game_id)  # the same game again, served again: the same link
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at 127.0.0.1" in screen_text(app), "the seats")
        await pilot.press("down")
        await pilot.pause()
        assert _link(app) == bo and _answer(bo)[1] == "open"
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("d", "y")  # deleting the game ends its seats
        await pilot.pause()
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(bo, timeout=10)


async def test_a_reveal_is_asked_of_the_owners_seat(tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await _open_game(app, game_id)
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at" in screen_text(app), "the seats")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("v")  # Ann has a seat: the laptop asks it, nobody types a PIN here
        await until(lambda: "its owner reveals it on their seat" in screen_text(app),
                    "the ask screen")
        assert not app.screen.query("#pin")
        await choose(pilot, "#which", "p1_objective")
        await pilot.click("#ask")
        await until(lambda: "Waiting for Ann's seat" in screen_text(app), "the wait")

        seat_table = Tableside(tmp_path, by="seat Ann 1")  # Ann's seat, another process
        seat = seat_table.load(game_id)
        ann = seat_actions.Seat.of(seat, "Ann")
        assert seat_asks.asked_of(seat, ann) == ["p1_objective"]
        seat_actions.reveal(seat, "p1_objective", PIN)
        await until(lambda: "Ann's seat revealed Ann's kept Objective: Reactor"
                    in screen_text(app), "the reveal on the laptop")
        code = seat.state.piece("p1_objective", Secret).code
        assert code and code in screen_text(app)
        assert seat_asks.asked(seat) == []  # the ask is answered
        seat.close()
        seat_table.close()


async def test_an_action_needing_an_owners_pin_is_done_on_their_seat(tmp_path: Path) -> None:
    """Any action of the table view that needs a seated owner's PIN (a reveal, Meet image)
    waits for their seat, which shows the ask and does it with the PIN typed there."""
    from tui.screens.seat_wait import WaitForSeat
    from tui.seat_app import SeatApp

    game_id = _game(tmp_path)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await _open_game(app, game_id)
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at" in screen_text(app), "the seats")
        await pilot.press("escape")
        await pilot.pause()
        game_screen = app.screen
        game_screen.apply("reveal_secret", {"secret": "p1_objective"})  # needs Ann's PIN
        await until(lambda: isinstance(app.screen, WaitForSeat), "the laptop waiting")
        # pushed is not yet drawn: wait for its words (a busy machine drew the bare screen)
        await until(lambda: "Waiting for Ann's seat" in screen_text(app), "the waiting words")
        assert not app.screen.query("#pin")

        seat = SeatApp(tmp_path, game_id, 1)
        async with seat.run_test(size=(60, 40)) as seat_pilot:
            await until(lambda: "The table asks your PIN for Reveal a secret"
                        in str(seat.screen.query_one("#yours").render()), "the ask on the seat")
            await seat_pilot.press("v")
            await seat_pilot.pause()
            await seat_pilot.press(*PIN, "enter")
            await seat_pilot.pause()
        await until(lambda: not isinstance(app.screen, WaitForSeat), "the laptop done waiting")
        assert game_screen.play.state.piece("p1_objective", Secret).revealed
        assert "Reactor" in screen_text(app)  # revealed now: the table sees it


async def test_a_private_action_of_a_seated_role_is_not_made_on_the_laptop(
        tmp_path: Path) -> None:
    """Served, the laptop's z (Reality Calibration) opens nothing: Ann, the Lifeform player,
    makes it on her seat; with her link revoked it is the laptop's again (behind the curtain)."""
    from tui.screens.action_form import ActionFormScreen

    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    game_id = play.id
    play.close()
    table.close()
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await _open_game(app, game_id)
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at" in screen_text(app), "the seats")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("z")
        await until(lambda: any("made on Ann's seat" in n.message
                                for n in notifications_shown(app)), "the laptop sends it to Ann")
        assert not isinstance(app.screen, ActionFormScreen)
        await pilot.press("ctrl+o")
        await until(lambda: "Ann's seat: http" in screen_text(app), "the seats again")
        await pilot.press("r")  # Ann's link revoked: no seat of hers is open
        await until(lambda: "Ann (Lifeform player): revoked" in screen_text(app),
                    "Ann's link revoked", show=lambda: screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("z")
        await until(lambda: isinstance(app.screen, ActionFormScreen), "the laptop's own form")
