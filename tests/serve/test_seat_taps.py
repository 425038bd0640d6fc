"""A seat on a phone, by taps alone (a phone has no Escape key): every dialog closes by its
Close button or a tap outside it, and every form a seat offers opens by a tap."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tui.screens.keys import KeysScreen
from tui.screens.seat import SeatScreen
from tui.screens.seat_form import SeatForm
from tui.seat_app import SeatApp


async def test_every_dialog_on_a_seat_closes_by_a_tap(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p1_objective", "Reactor", decline_pin=True)
    game = play.id
    play.close()
    table.close()
    app = SeatApp(tmp_path, game, 1)
    async with app.run_test(size=(42, 50)) as pilot:  # a phone's page, in cells
        await pilot.pause()
        for button in ("#seat-choose", "#seat-peek", "#seat-reveal"):
            await pilot.click(button)
            await pilot.pause()
            assert isinstance(app.screen, SeatForm), button
            await pilot.click("#close")
            await pilot.pause()
            assert isinstance(app.screen, SeatScreen), button
            await pilot.click(button)
            await pilot.pause()
            await pilot.click(offset=(1, 1))  # the dimmed page above the dialog
            await pilot.pause()
            assert isinstance(app.screen, SeatScreen), button
        app.action_show_keys()  # the footer's keys list (F1, or a tap on it)
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        await pilot.click("#close")
        await pilot.pause()
        assert isinstance(app.screen, SeatScreen)
        assert not app.screen.play.state.pieces["p1_objective"].revealed  # nothing was done
