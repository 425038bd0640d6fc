"""Pilot test at 80x24: New game refusing a game option (Pandora Celeste's crew, none chosen
in True Solo) shows the error under that option, with the focus on its first choice and both
in view (the New game form's errors beside the field that caused them).
Before, only the five fixed fields had their own error line: an option's error went above
the Start button, far below the option, and the focus stayed on Players."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Static

from tests import pilot_keys
from tui.app import TablesideApp
from tui.screens.new_game import NewGameScreen


async def test_a_refused_option_shows_its_error_beside_it_with_the_focus(
        tmp_path: Path) -> None:
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot_keys.choose(pilot, "#game", "Pandora Celeste")
        await pilot_keys.choose(pilot, "#players", "solo")
        await pilot.press("ctrl+s")
        for _ in range(3):
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)  # nothing was created
        box = screen.query_one("#optbox-pandora_celeste-crew")
        error = box.query_one(".field-error", Static)
        assert "Crew: choose the crewmembers" in str(error.render())
        assert str(screen.query_one("#new-error", Static).render()) == ""
        focused = app.focused
        assert isinstance(focused, Checkbox) and focused.parent is box, focused
        body = screen.query_one("#new-body").region
        for widget in (error, focused):  # both inside the dialog's visible body
            assert body.contains_region(widget.region), (widget, widget.region, body)
        await pilot.press("space", "ctrl+s")  # the first crewmember ticked: it starts
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
