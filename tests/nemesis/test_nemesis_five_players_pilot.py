"""At 80x24 the tracks of a five-player game show every player's Wounds and Larva at once."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.pilot_keys import resume_first
from tests.tui.screen_text import screen_text
from tui.app import TablesideApp

NAMES = ("Annabel", "Bartholomew", "Cyrille", "Dominique", "Evangeline")


async def test_five_players_tracks_fit_an_80x24_screen(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.accept_board_defaults("nemesis-lockdown")
    play = table.create("nemesis-lockdown", 5, names=list(NAMES), title="Five", seed="five")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_first(pilot)
        shown = screen_text(app)
    for name in NAMES:
        for line in (f"{name} Light: 0/2", f"{name} Serious: 0/3", f"{name} Larva: 0/1"):
            assert line in shown, line
    assert "Time track: 15" in shown and "Fire markers: 0/12" in shown
