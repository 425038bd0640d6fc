"""Once the secret step is read, the form under the owner's PIN screen keeps no focus: keys
typed on while that screen opens (a PIN, typed fast) have no list of the secret's to land
in, where a letter or digit would choose (tui/widgets/dialog_select.py)."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.pilot_keys import choose_focused, resume_first
from tests.tui.test_lifeform_pilot import LIFE_PIN, NAMES, SIZE, seen
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.owner_pin import OwnerPinScreen
from tui.widgets.dialog_select import DialogSelect


async def test_the_secret_step_read_leaves_no_focus_in_its_list(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES, board=BOARD, seed="focus")
    play.set_pin("Lifeform player", LIFE_PIN)  # set before play: each secret asks it
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        play = (await resume_first(pilot)).play
        await pilot.press("z")  # Reality Calibration: straight to the curtain
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        await pilot.press("enter")  # past the curtain
        await pilot.pause()
        await choose_focused(pilot, "Image 2")
        assert isinstance(form.focused, DialogSelect)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OwnerPinScreen), seen(app)
        assert form.focused is None  # nothing under the PIN screen takes a key
        assert [str(s.value) for s in form.query(DialogSelect)] == ["Image 2"]
        for key in (*LIFE_PIN, "enter"):
            await pilot.press(key)
        await pilot.pause()
        assert "The screen is cleared" in seen(app), seen(app)
        assert play.session.events[-1].action == "reality_calibration"
