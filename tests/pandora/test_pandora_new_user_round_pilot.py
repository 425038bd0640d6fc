"""A new user's first Cycle of Pandora Celeste at 80x24, by keys alone: New game from Home
(the game, two players, their names, the crew ticked after the form says it is needed), the
setup with its two Emergency Protocols, each crewmember's Hidden Agenda and its type chosen
behind the curtain with a PIN, the start locations, then Cycle 1 to its end."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.pilot_keys import burst, key
from tests.tui.screen_text import panel_text
from trackers.games.pandora_celeste import cycle, starts
from tui.app import TablesideApp
from tui.screens.owner_pin import OwnerPinScreen
from tui.screens.session import SessionScreen

# A whole Cycle by keys: the slow group (`pytest -m slow`).
pytestmark = pytest.mark.slow

PINS = {"Ann": "135791", "Bo": "246802"}


async def secret(pilot: Pilot[None], typed: str, value: str, owner: str, first: bool
                 ) -> None:
    """c, the secret by its first letters, the curtain (the owner's PIN set at their first
    secret, asked again for a choice from a list), the value, and the table's screen back."""
    await key(pilot, "c")
    await burst(pilot, *typed, "enter")
    await burst(pilot, "enter")  # the owner has the laptop
    if first:
        await burst(pilot, *PINS[owner], "enter")
    await burst(pilot, *value, "enter")
    if isinstance(pilot.app.screen, OwnerPinScreen):
        await burst(pilot, *PINS[owner], "enter")
    await burst(pilot, "enter")  # done: the screen cleared, back to the table



async def test_a_new_users_first_cycle_by_keys_alone(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await burst(pilot, *"pa", "enter", "2", "enter", "tab", *"Ann, Bo", "ctrl+s")
        assert not isinstance(app.screen, SessionScreen)  # the crew is still to tick
        await burst(pilot, "space", "tab", "space", "ctrl+s")  # Cargo and Cap
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        play = screen.play
        assert list(play.state.facts["crew"]) == ["Cargo", "Cap"]

        await burst(pilot, "n", "n")
        await burst(pilot, "a", *"Vacuum", "tab", "4", "enter")
        await burst(pilot, "a", *"Aircon", "tab", "6", "enter")
        while cycle.current(play.state) != "agendas":
            await burst(pilot, "n")
        await secret(pilot, "cargo's h", "Sabotage", "Ann", first=True)
        await secret(pilot, "cargo", "no", "Ann", first=False)
        await secret(pilot, "cap's h", "Escape", "Bo", first=True)
        await secret(pilot, "cap", "no", "Bo", first=False)
        assert all(piece.is_set for name, piece in play.state.pieces.items()
                   if name.endswith(("_agenda", "_company")))
        await burst(pilot, "n")
        assert cycle.current(play.state) == "start"
        for _crew in ("cargo", "cap"):  # each starts in the Cryo-Chamber, in crew order
            await key(pilot, "L")  # the form is for the next crewmember: only the room asked
            await burst(pilot, *"cr", "enter")
        assert {c["room"] for c in play.state.facts["crew"].values()} == {
            "Cryo-Chamber (Wake-Up)"}
        # each woke in the Cryo-Chamber: the discard is held before the Cycle begins
        await key(pilot, "W")
        await burst(pilot, *"carg", "enter")
        await key(pilot, "W")  # Cap's is the only one left: the form comes filled in
        await burst(pilot, "enter")
        assert not starts.due(play.state)
        await burst(pilot, "n")
        assert "Cycle 1" in panel_text(app, "#banner")

        # Cycle 1: the steps by n; the noise count (k) and the Nasty round (N) where the
        # step waits for them, as the refusal of n says; then the end of the Cycle (e)
        for _ in range(30):
            step = cycle.current(play.state)
            if step == "count":
                await burst(pilot, "k")
            elif step == "nasties":
                await burst(pilot, "N")
            elif step == "tick":
                await key(pilot, "e")
                await burst(pilot, "ctrl+s")
                break
            else:
                await burst(pilot, "n")
        assert play.state.facts["cycle"] == 2
        assert "Cycle 2" in panel_text(app, "#banner")
