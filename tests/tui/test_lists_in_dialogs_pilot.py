"""Lists stay inside their dialog at 80x24: every list
opened in New game and in an action form lies within the dialog's border, not over the
table behind it. Each list is opened by Enter, as a player would, and measured."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import OptionList, Select

from tableside.api import Tableside
from tests.pilot_keys import choose
from tests.repeats import kept_by_default
from trackers.games.registry import get_game
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.dialog_select import placement

GAMES = ("lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix")


def inside_border(dialog: Any) -> Region:
    return dialog.region.shrink(dialog.styles.border.spacing)


async def open_each_list(pilot: Pilot[None], dialog: Any) -> list[str]:
    """Open every list shown in ``dialog`` by space; the ids of those that spilled out."""
    app = pilot.app
    spilled: list[str] = []
    opened = 0
    for select in list(dialog.query(Select)):
        if not select.display or not select.focusable or not select.parent.display:
            continue
        app.screen.set_focus(select)
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        overlay = select.query_one(OptionList)
        assert select.expanded and overlay.region.height > 0, select.id
        opened += 1
        room = inside_border(dialog)
        if not room.contains_region(overlay.region):
            spilled.append(f"{select.id}: {overlay.region} outside {room}")
        # the list never covers its own field
        assert not overlay.region.overlaps(select.query_one("SelectCurrent").region)
        await pilot.press("escape")
        await pilot.pause()
        assert not select.expanded
    assert opened, "no list was opened"
    return spilled


# pandora-celeste's New game has the most options: the others in the slow group
@pytest.mark.parametrize("game_id", kept_by_default(GAMES, "pandora-celeste"))
async def test_new_games_lists_stay_inside_the_dialog(tmp_path: Path, game_id: str) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(NewGameScreen(app.table))
        await pilot.pause()
        await choose(pilot, "#game", get_game(game_id).title)
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert await open_each_list(pilot, form.query_one("#new-body")) == []


def longest_list_action(data: Path, game_id: str) -> tuple[str, str]:
    """A game at its start, and the possible action with the longest list in its form."""
    game = get_game(game_id)
    mode = game.modes[0]
    players = mode.player_counts[-1]
    picks = {o.name: list(o.choices[:players]) for o in game.options_for(mode.id)
             if o.kind == "multi" and not o.default}
    table = Tableside(data)
    play = table.create(game_id, players, options=picks, mode=mode.id)
    lists = {a.name: max(len(p.allowed(play.state)) for p in a.params if p.kind == "choice")
             for a in play.actions() if play.available(a.name) and not a.private_to
             and any(p.kind == "choice" and not p.secret for p in a.params)}
    name = max(lists, key=lambda n: lists[n])
    play.close()
    table.close()
    return play.id, name


@pytest.mark.parametrize("game_id", kept_by_default(GAMES, "lifeform"))
async def test_an_action_forms_lists_stay_inside_the_dialog(tmp_path: Path,
                                                             game_id: str) -> None:
    _, name = longest_list_action(tmp_path, game_id)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await app.screen.run_action(f"run('{name}')")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen), (game_id, name)
        assert await open_each_list(pilot, form.query_one("#form-body")) == []


def test_a_list_goes_where_there_is_room() -> None:
    room = Region(3, 1, 74, 22)  # inside an 80x24 dialog's border
    assert placement(Region(4, 3, 70, 3), room, 7) == (0, 7)  # fits below
    # low in the form: above the field, as tall as wanted
    assert placement(Region(4, 18, 70, 3), room, 9) == (-12, 9)
    # room on neither side: the larger one, the list scrolls
    assert placement(Region(4, 11, 70, 3), room, 12) == (-13, 10)
    assert placement(Region(4, 9, 70, 3), room, 12) == (0, 11)


async def test_a_list_in_a_short_form_shows_its_options_at_80x24(tmp_path: Path) -> None:
    """A form of one list ('In the dark') is shorter than its list: opened, the list shows
    every option, not only "choose" and the first (the dialog grows to hold it)."""
    from tests.pandora.helpers import through_setup
    from tests.pilot_keys import playing
    from tests.textual_probe import drawn_rows

    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 3, seed="dark", options={
        "crew": ["Cargo", "Cap", "Greaseball"], "shipstern": True})
    through_setup(play)
    play.close()
    table.close()
    async with playing(tmp_path) as (app, pilot, _screen):
        await pilot.press("I", "space")
        await pilot.pause()
        await pilot.pause()
        drawn = "\n".join(drawn_rows(app))
        for option in ("Cargo", "Cap", "Greaseball", "nobody (else) is in the dark"):
            assert f"▊  {option} " in drawn, drawn
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query_one("#form-body").styles.min_height  # its own height again
