"""A seat as a phone shows it: whole at 37 cells wide (the narrowest phone's page), in the
table's words (no command-line syntax, no ids), a look never beside an old refusal, the
player able to see what they type, and a form the table's ask opened closed when the table
takes the ask back."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tableside import seat_asks, seat_words
from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.tui.screen_text import panel_text, screen_text
from trackers.pieces import Secret
from tui.screens.seat import SeatScreen
from tui.seat_app import SeatApp
from tui.widgets.keys_footer import KeysFooter

PIN = "246810"


def _game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p1_objective", "Reactor", pin=PIN)
    game = play.id
    play.close()
    table.close()
    return game


async def test_a_seat_at_phone_width_in_the_tables_words(tmp_path: Path) -> None:
    app = SeatApp(tmp_path, _game(tmp_path), 1)
    async with app.run_test(size=(37, 60)) as pilot:  # 360 px: the narrowest phone page
        await pilot.pause()
        shown = screen_text(app)
        assert all(f" {word} " in shown for word in ("Choose", "Look", "Reveal")), shown
        assert not app.screen.query_one(KeysFooter).display  # no footer of cut-off keys
        log = panel_text(app, "#log")
        assert "secret Ann's kept Objective" in log and "secret=" not in log, log
        assert "p1_objective" not in shown

        await pilot.click("#seat-peek")  # a wrong PIN, then hers: the value alone
        await pilot.pause()
        await burst(pilot, *"000000", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#form-error", Static).render())
        assert "nothing was shown" in error
        await pilot.click("#show-typed")  # her own screen: she may see what she types
        await pilot.pause()
        pin = app.screen.query_one("#pin", Input)
        assert not pin.password
        pin.value = ""
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        assert "Reactor" in screen_text(app)
        assert str(app.screen.query_one("#form-error", Static).render()) == ""


async def test_a_withdrawn_ask_closes_the_form_it_opened(tmp_path: Path) -> None:
    game = _game(tmp_path)
    table = Tableside(tmp_path, by="app")
    laptop = table.load(game)
    seat_asks.ask(laptop, "p1_objective")
    app = SeatApp(tmp_path, game, 1)
    async with app.run_test(size=(40, 60)) as pilot:
        await pilot.pause()
        await pilot.press("v")  # the asked secret, its PIN field
        await pilot.pause()
        await burst(pilot, *PIN)
        seat_asks.drop(laptop, "p1_objective")  # the table stops waiting
        await pilot.pause(1.5)
        assert isinstance(app.screen, SeatScreen)  # the form closed by itself
        await pilot.press("enter")
        await pilot.pause()
        play = app.screen.play
        assert not play.state.piece("p1_objective", Secret).revealed
    laptop.close()
    table.close()


def test_a_seats_error_says_no_command_line() -> None:
    class _Play:
        class state:  # noqa: N801  # as an OpenSession's state reads
            pieces = {"p1_objective": Secret(label="Ann's kept Objective", owner="Ann")}

    text = ("pin: a wrong PIN for p1_objective; nothing was shown; if they are absent or "
            "cannot give it, use owner_absent=yes: the table goes on without the reveal")
    said = seat_words.error_words(_Play(), text)  # type: ignore[arg-type]
    assert said == "pin: a wrong PIN for Ann's kept Objective; nothing was shown"
