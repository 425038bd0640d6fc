"""Keys arriving all at once, as a terminal delivers fast typing or a paste of keystrokes.

Textual's pilot waits for the app to settle after every key, so it cannot show a race
between keys. Here every key is handed to the app's driver in one go, before any of them
is handled: the app must still read what was typed before Enter or ctrl+s acted, and send
what was typed after them where it belongs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tests.pilot_keys import burst, save_game
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.new_game import NewGameScreen
from tui.screens.session import SessionScreen

pytestmark = pytest.mark.usefixtures("demo_registered")


async def open_game(pilot: Pilot[Any]) -> SessionScreen:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen)
    return screen


# The slow group: a number then Enter (or ctrl+s) and the next key in one burst, into a
# form already open, is walked by default in
# test_home_arrows_and_enter_then_an_action_key_its_number_enter_and_the_next_key.
@pytest.mark.slow
@pytest.mark.parametrize("submit", ["enter", "ctrl+s"])
async def test_a_number_typed_then_enter_at_once_is_read_whole(tmp_path: Path,
                                                               submit: str) -> None:
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot)
        await pilot.press("a")  # Advance the countdown: one number
        await pilot.pause()
        await burst(pilot, "1", "2", submit, "f")  # 12 spaces, then at once Add a fire
        assert app.screen is screen
        assert "Countdown: 13" in panel_text(app, "#tracks")
        assert "Fires: 1/3" in panel_text(app, "#tracks")


async def test_new_game_names_tab_title_enter_at_once(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        from tests.tui.test_forms_pilot import set_game

        await pilot.press("n")
        await pilot.pause()
        await set_game(pilot, "demo", 3)  # the lists set directly: the burst is the subject
        app.screen.query_one("#names", Input).focus()
        await pilot.pause()
        await burst(pilot, *"Ann, Bo, Cy", "tab", *"QA Demo")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#names", Input).value == "Ann, Bo, Cy"
        assert screen.query_one("#title", Input).value == "QA Demo"
        await burst(pilot, "backspace", "o", "ctrl+s")
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.play.setup.names == ("Ann", "Bo", "Cy")
        assert app.screen.play.info.title == "QA Demo"


async def test_home_arrows_and_enter_then_an_action_key_its_number_enter_and_the_next_key(
        tmp_path: Path) -> None:
    """Home's arrows then Enter at once open the game the arrows reached. There, the form an
    action key opens is mounted, its field focused, before the app reads the keys typed
    after it; Enter closes it before the key after that is read. Then, into the form
    already open, a number, ctrl+s and the next key at once: the number is read whole,
    ctrl+s closes the form before the next key is read."""
    for title in ("First", "Second", "Third"):
        save_game(tmp_path, "demo", 2, title=title)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(pilot, "down", "down", "enter")  # newest first: Third, Second, First
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        assert screen.play.info.title == "First"

        await burst(pilot, "a", "1", "2", "enter", "f")
        assert app.screen is screen
        assert "Countdown: 13" in panel_text(app, "#tracks")
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        await pilot.press("a")  # Advance the countdown: one number
        await pilot.pause()
        await burst(pilot, "1", "2", "ctrl+s", "f")  # 12 spaces, then at once Add a fire
        assert app.screen is screen
        assert "Countdown: 1\n" in panel_text(app, "#tracks")  # 13 less 12, not less 1
        assert "Fires: 2/3" in panel_text(app, "#tracks")


async def test_editing_keys_in_a_burst_act_in_the_order_typed() -> None:
    """Backspace and ctrl+u arriving with letters (a terminal's burst) edit where they were
    typed: Textual's own field ran them after the letters ("abcalie" for "alien42")."""
    from textual.app import App, ComposeResult

    from tui.widgets.typed_input import TypedInput

    class Field(App[None]):
        def compose(self) -> ComposeResult:
            yield TypedInput("abc", id="field")

    app = Field()
    async with app.run_test() as pilot:
        field = app.query_one("#field", Input)
        field.cursor_position = 3
        await burst(pilot, "backspace", "backspace", "backspace", *"alien42")
        assert field.value == "alien42"
        await burst(pilot, "ctrl+u", *"xyz", "left", "left", "Q", "home", "W")
        assert field.value == "WxQyz"


async def test_a_pin_retyped_in_a_burst_is_the_pin_kept(tmp_path: Path) -> None:
    """At the curtain a too-short PIN is refused; the player deletes it and types another,
    fast: the PIN that guards the secret is the one they typed (a play-test found
    "abcalie" kept for "alien42", and the lifeform locked out of its own secret)."""
    from tableside import private, vault
    from tableside.api import Tableside
    from tests.pilot_keys import resume_first

    table = Tableside(tmp_path)
    table.create("lifeform", 3, names=("Ann", "Bo", "Cy"), seed="burst").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        await pilot.press("z")  # Reality Calibration: the curtain, its PIN field focused
        await pilot.pause()
        await burst(pilot, *"abc", "enter")  # too short: refused, the field keeps it
        await burst(pilot, "backspace", "backspace", "backspace", *"alien42", "enter")
        image = app.focused  # the image list, set directly: the PIN is the subject
        assert isinstance(image, Select), image
        image.value = "Image 2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        record = private.key_record(screen.play, "Lifeform player")  # type: ignore[attr-defined]
        assert record is not None
        vault.unwrap(record, "alien42")  # raises WrongPin if another PIN was kept
