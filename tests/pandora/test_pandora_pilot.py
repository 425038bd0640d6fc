"""Pilot tests: a Pandora Celeste session on screen, driven by keys."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, OptionList, Select

from tableside.api import Tableside
from tui.app import TablesideApp
from tui.screens.session import SessionScreen


def tracks(app: TablesideApp) -> str:
    """Every line of the tracks panel."""
    panel = app.screen.query_one("#tracks", OptionList)
    return "\n".join(str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count))


async def test_a_saved_pandora_session_opens_and_walks_the_setup(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("pandora-celeste", 2, options={"crew": ["Flygirl", "The Kid"]}).close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the only saved game
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert "The Kid wounds (the 6th kills): 0/6" in tracks(app)
        await pilot.press("n", "n")
        await pilot.pause()
        assert app.screen.play.state.facts["step"] == 2
        await pilot.press("u")
        await pilot.pause()
        assert app.screen.play.state.facts["step"] == 1


async def test_new_pandora_session_from_home(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        # game and players set on their Selects: picking them by keys is the New game
        # form's own tests' (tests/tui/test_shell_pilot.py, test_new_game_option_error_pilot.py)
        app.screen.query_one("#game", Select).value = "pandora-celeste"
        await pilot.pause()
        app.screen.query_one("#players", Select).value = 1
        await pilot.pause()
        for box in app.screen.query(Checkbox):
            if str(box.label) == "Greaseball":
                box.value = True
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert "Greaseball wounds (the 8th kills): 0/8" in tracks(app)
        assert app.screen.play.session.setup.mode == "true-solo"
