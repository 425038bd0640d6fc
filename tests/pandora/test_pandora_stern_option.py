"""Scenario 4 brings the ShipStern in: a new game records it in play, and the New game form
shows its box ticked and fixed, saying so (rulebook «Scenario 4: Backing into Dark Corners...»)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Select

from tableside.api import Tableside
from tests import pilot_keys
from tui.app import TablesideApp
from tui.screens.new_game import NewGameScreen


def test_a_scenario_4_game_is_created_with_the_shipstern_in_play(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, options={
        "crew": ["Cap", "Greaseball"], "scenario": "Scenario 4", "shipstern": False})
    assert play.setup.options["shipstern"] is True  # what saves, the report and the CLI show
    assert play.state.facts["shipstern"] is True
    play.close()
    other = table.create("pandora-celeste", 2, options={
        "crew": ["Cap", "Greaseball"], "scenario": "Scenario 3"})
    assert other.setup.options["shipstern"] is False  # only Scenario 4 brings it
    other.close()
    table.close()


async def test_the_form_shows_the_shipstern_ticked_and_fixed_with_scenario_4(
        tmp_path: Path) -> None:
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # the game and the players set on their Selects (picking them by keys is the New
        # game form's own tests' subject); the scenario below is picked by keys
        screen.query_one("#game", Select).value = "pandora-celeste"
        await pilot.pause()
        screen.query_one("#players", Select).value = 2
        await pilot.pause()
        box = screen.query_one("#opt-pandora_celeste-shipstern", Checkbox)
        assert not box.value and not box.disabled
        await pilot_keys.choose(pilot, "#opt-pandora_celeste-scenario", "Scenario 4")
        await pilot.pause()
        assert box.value and box.disabled
        assert "Scenario 4 brings it in" in str(box.label)
        await pilot_keys.choose(pilot, "#opt-pandora_celeste-scenario", "Scenario 3")
        await pilot.pause()
        assert not box.value and not box.disabled  # the table's own choice again
        assert str(box.label) == "ShipStern in play"
