"""The PIN at the table, by keys at 80x24: the lifeform player sets a
PIN at the first Reality Calibration, types it again behind the curtain for each of four more
(nobody else replaces her choice), and the attack, which turns the identifier over, asks for
it behind the curtain: a wrong one shows nothing and is
logged, the right one reveals. The report then lists the reveal, and after an undo and a new
action, says it was undone."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.pilot_keys import burst, choose_focused
from tests.tui.test_lifeform_pilot import NAMES, SIZE, game_screen, panel, seen
from trackers.games.lifeform import turns
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.owner_pin import OwnerPinScreen

PIN = "sarah-pin-9"


# a whole flow by keys (the slow group): the PIN's rules are tested through the API
# (tests/test_secrets_owner_pin.py) and the curtain's PIN by keys by the cheaper pilots
# (test_burst_keys, test_pins_offer_pilot, test_lifeform_small_screen)
@pytest.mark.slow
async def test_the_lifeform_sets_a_pin_once_and_the_attack_asks_for_it(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES, board=BOARD, seed="pin")
    for member, pair in (("Andrew", ("Solomon", "Palmer")), ("Jacob", ("Cameron", "Bennings"))):
        play.do("record_characters", crew_member=member, first=pair[0], second=pair[1])
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the game
        await pilot.pause()
        play = game_screen(app).play
        typed_pin = 0
        for i, image in enumerate(("Image 2", "Image 1", "Image 2", "Image 2", "Image 1")):
            if i:  # a calibration is made when one is due: here a ghost met, the table's call
                play.do("meet_image", image="Image 1", character="Solomon", owner_absent=True,
                        table_says="a sensor ghost")
            await pilot.press("z")  # Reality Calibration: straight to the curtain
            await pilot.pause()
            form = app.screen
            assert isinstance(form, ActionFormScreen)
            curtain = seen(app)
            assert "PRIVATE: Sarah only" in curtain and "Hand the laptop to Sarah" in curtain
            pin_field = form.query_one("#pin", Input)
            assert pin_field.display == (i == 0)  # asked at the first secret only
            if i == 0:
                assert "Sarah sets their PIN for this game now, once (at least 6" in curtain
                assert form.query_one("#no-pin", Checkbox).display
                form.set_focus(pin_field)
                await burst(pilot, *PIN)
                typed_pin += 1
            await pilot.press("enter")  # past the curtain
            await pilot.pause()
            await choose_focused(pilot, image)
            await pilot.press("ctrl+s")
            await pilot.pause()
            if i > 0:  # her PIN is set: each new calibration asks it, still behind the curtain
                assert isinstance(app.screen, OwnerPinScreen), seen(app)
                # what needs the PIN is said once, not its title again in brackets
                assert "Reality Calibration needs Sarah's PIN" in seen(app), seen(app)
                await burst(pilot, *PIN)
                typed_pin += 1
                await pilot.press("enter")
                await pilot.pause()
            assert "The screen is cleared" in seen(app), seen(app)
            await pilot.press("enter")
            await pilot.pause()
            game_screen(app)
            if i == 0:
                play.do("tick_setup", step="all remaining")
                game_screen(app).session_changed()
                await pilot.pause()
        assert typed_pin == 5 and play.pin_is_set("Lifeform player")
        assert sum(e.action == "reality_calibration" for e in play.session.events) == 5
        assert "Image 1 is the real" not in seen(app)

        # The attack turns the identifier over: the lifeform's PIN, asked behind the curtain.
        while play.state.facts["phase"] != "lifeform":  # each crew turn ends, then the phase
            play.do("end_turn" if turns.current(play.state) is not None else "next_phase")
        game_screen(app).session_changed()
        await pilot.pause()
        head = play.head
        await pilot.press("a")
        await pilot.pause()
        await choose_focused(pilot, "Bennings")
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OwnerPinScreen)
        assert "PRIVATE: Sarah only" in seen(app) and "Hand the laptop to Sarah" in seen(app)
        await burst(pilot, *"not-the-pin")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert "a wrong PIN for Real lifeform" in seen(app)
        assert play.head == head and "Image 1 is the real" not in seen(app)
        await pilot.press("ctrl+s")  # try again
        await pilot.pause()
        assert isinstance(app.screen, OwnerPinScreen)
        await burst(pilot, *PIN)
        await pilot.press("enter")
        await pilot.pause()
        game_screen(app)
        assert play.head == head + 1
        assert "Image 1 is the real lifeform" in panel(app, "#now")
        assert [line.kind for line in play.table_log()] == ["wrong_pin", "reveal"]
        assert not play.draft(form.draft_name)  # done: what was typed is no draft to bring back

        # Undo the attack and do something else: the report still lists the reveal, undone.
        await pilot.press("u")
        await pilot.pause()
        play.do("draw_cards", who="crew member", crew_member="Andrew", count=1)
        report = play.report()
        assert [(line.kind, line.undone) for line in report.table_log] == \
            [("wrong_pin", False), ("reveal", True)]
        game_screen(app).session_changed()
        await pilot.pause()
        await pilot.press("h")  # the history screen lists the table's log below the actions
        await pilot.pause()
        shown = " ".join(panel(app, "#table-log").split())
        assert "a wrong PIN for Real lifeform (Lifeform Identifier) (the Lifeform " \
            "player's)" in shown
        assert "Real lifeform (Lifeform Identifier) revealed (Lifeform attack), opened with " \
            "the Lifeform player's PIN (undone)" in shown
