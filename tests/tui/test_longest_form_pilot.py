"""Each game's longest form at 80x24: it opens at its top with the focus
on its first field; a required field left blank is said beside that field, in view, with
the focus there; a choice with one possible answer is filled in and shown, not asked."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from tableside.api import Tableside
from tests.repeats import kept_by_default
from tests.tui.screen_text import screen_text
from trackers.games.registry import get_game
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.form_fields import sole_answer

GAMES = ("lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix")


def started(data: Path, game_id: str) -> tuple[str, str]:
    """A saved game at its start (the most players of its first mode), and the name of its
    action with the most fields the table fills in that is possible now."""
    game = get_game(game_id)
    mode = game.modes[0]
    players = mode.player_counts[-1]
    picks = {o.name: list(o.choices[:players]) for o in game.options_for(mode.id)
             if o.kind == "multi" and not o.default}  # a list the table must fill (a crew)
    table = Tableside(data)
    play = table.create(game_id, players, options=picks, mode=mode.id)
    possible = [a for a in play.actions() if play.available(a.name)
                and any(not p.secret for p in a.params) and a.name != "choose_secret"]
    longest = max(possible, key=lambda a: sum(not p.secret for p in a.params))
    play.close()
    table.close()
    return play.id, longest.name


@pytest.mark.parametrize("game_id", kept_by_default(GAMES, "pandora-celeste"))
async def test_the_longest_form_opens_at_its_top_and_says_errors_beside_their_field(
        tmp_path: Path, game_id: str) -> None:
    _, name = started(tmp_path, game_id)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await app.screen.run_action(f"run('{name}')")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen), (game_id, name)
        body = form.query_one("#form-body")
        assert body.scroll_y == 0  # its title in view
        fields = [w for w in form.query("#step-open Input, #step-open Select, "
                                        "#step-open Checkbox, #step-open Button")
                  if w in form.focus_chain]
        assert app.focused is fields[0], (game_id, name, app.focused)
        for param in form.open_params:
            choices = form._choices(param)
            if sole_answer(param, choices):  # filled in and shown, never asked
                assert form.query_one(f"#arg-{param.name}", Select).value == choices[0][1]
                assert "(the only one possible)" in screen_text(app)
        blank = [p for p in form.open_params if not p.optional and not p.secret
                 and form._read([p])[p.name] is None]
        if not blank:
            return  # every field already holds an answer: nothing to refuse
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form  # refused: the form stays
        error = form.query_one(f"#err-{blank[0].name}")
        field = form.query_one(f"#arg-{blank[0].name}")
        assert app.focused is field and "hidden" not in error.classes
        # named as the form labels the field, not by the argument's name a script types
        label = blank[0].help
        assert str(error.render()).startswith(f"{label[:1].upper()}{label[1:]}: ")
        view = body.region
        assert view.contains_region(field.region) and view.contains_region(error.region)
