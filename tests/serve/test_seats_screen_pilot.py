"""The seats screen on the smallest laptop terminal (80x24): each seat's QR code stands whole
beside its words, and the footer shows the seats screen's keys, not the game's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.seat_links import qr_text
from tests.tui.screen_text import screen_text
from tui.screens.seats import SeatsScreen

pytest.importorskip("textual_serve")


async def test_the_seats_screen_fits_80x24_with_its_code_whole(tmp_path: Path) -> None:
    from tableside.serve import SeatServer
    from tui.app import TablesideApp
    from tui.serving import Serving

    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"])
    serving = Serving(SeatServer(play.id, tmp_path, ["Ann", "Bo", "Cy"], port=45678),
                      "192.168.100.100")  # the longest links: a network's address
    for seat in serving.seats:
        serving.make_link(seat)
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        from tui.screens.game_screens import screen_for

        await app.push_screen(screen_for(play))
        await app.push_screen(SeatsScreen(serving, play))
        await pilot.pause()
        shown = screen_text(app)
        code = [line for line in qr_text(serving.links["Ann"]).splitlines() if line.strip()]
        assert all(line in shown for line in code), shown  # every row of it, the last too
        assert "New link" in shown and "Revoke" in shown
        assert "Next step" not in shown  # the game's keys stay under its own screen
    table.close()
