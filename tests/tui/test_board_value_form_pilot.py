"""A board value asked inside an action's form, by keys, whatever its key looks like."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from tableside.api import Tableside
from tests.pilot_keys import choose
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen, safe_id


def test_a_dotted_board_value_key_makes_a_valid_widget_id() -> None:
    assert safe_id("self_destruct.minutes") == "self_destruct_minutes"


def lifeform_in_round_one(data: Path) -> None:
    """A 3-player Lifeform game past its setup, with no board profile entered."""
    table = Tableside(data)
    play = table.create("lifeform", 3, names=("Sarah", "Andrew", "Jacob"), seed="f")
    pool = ["Solomon", "Palmer", "Cameron", "Bennings"]
    for i, member in enumerate(play.state.facts["crew"]):
        play.do("record_characters", crew_member=member, first=pool[2 * i],
                second=pool[2 * i + 1])
    play.do("reality_calibration", image="Image 1", decline_pin=True)
    play.do("tick_setup", step="all remaining")
    play.close()
    table.close()


async def test_an_action_asks_for_a_dotted_board_value_in_its_form(tmp_path: Path) -> None:
    lifeform_in_round_one(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume
        await pilot.pause()
        await pilot.press("e")  # Equip: Self-Destruct +1 needs the track's printed minutes
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        await choose(pilot, "#arg-crew_member", "Andrew")
        await choose(pilot, "#arg-option", "draw 2, Self-Destruct +1")
        await pilot.click("#ok-open")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)  # still open: it asks, it did not crash
        box = form.query_one("#board-self_destruct_minutes", Input)
        assert box.display


def test_a_board_value_typed_as_pairs_gets_a_text_field_in_a_form() -> None:
    """Halon Gas bonus spaces read "space: icon" pairs: typed in a form, as the board
    profile types them (a play-test met a list of icons it could not fill); one label of a
    list is still picked."""
    from textual.widgets import Select

    from trackers.games.registry import get_game
    from tui.screens.form_fields import board_widgets, picked_one

    game = get_game("lifeform")
    pairs = game.board_value("halon_gas.bonus_spaces")
    assert pairs.kind == "label" and not picked_one(pairs)
    fields = [w for w in board_widgets(pairs) if isinstance(w, Input | Select)]
    assert len(fields) == 1 and isinstance(fields[0], Input)
    one = next(v for g in map(get_game, ("lifeform", "pandora-celeste", "nemesis-lockdown",
                                         "space-station-phoenix"))
               for v in g.board_values if v.kind == "label" and picked_one(v))
    assert any(isinstance(w, Select) for w in board_widgets(one))
