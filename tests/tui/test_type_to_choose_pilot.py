"""Lists answer to typing: a choice's first letters (or digits) pick it and Enter confirms,
in every form, and keys typed fast while fields appear land where they were meant."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from tests.pilot_keys import burst, demo_with, playing, save_game
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.session import SessionScreen
from tui.widgets.dialog_select import chosen_by_typing

pytestmark = pytest.mark.usefixtures("demo_registered")


def test_the_first_letters_or_digits_name_a_choice() -> None:
    games = ["", "Lifeform", "Nemesis: Lockdown", "Pandora Celeste", "Space Station Phoenix"]
    assert chosen_by_typing(games, "p") == 3
    assert chosen_by_typing(games, "S") == 4  # case is ignored
    assert chosen_by_typing(games, "lock") == 2  # a word of the choice
    assert chosen_by_typing(games, "x") is None
    sectors = ["301", "311", "3", "324"]
    assert chosen_by_typing(sectors, "3") == 2  # named whole beats a longer one
    assert chosen_by_typing(sectors, "31") == 1
    assert chosen_by_typing(sectors, "32") == 3
    counts = ["2 players", "3 players", "4 players"]
    assert chosen_by_typing(counts, "3") == 1


async def test_new_game_typed_fast_as_its_fields_appear(tmp_path: Path) -> None:
    """At 80x24, in one burst: the game by its first letters (its player counts and options
    appear), the count by its digit, a way to play (its options appear), names and a title;
    nothing typed goes astray and the field with the focus is always in view."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        body = screen.query_one("#new-body")
        await burst(pilot, *"ne", "enter", "3", "enter", *"co", "enter",
                    *"Ann, Bo, Cy", "tab", *"Friday")
        assert screen.query_one("#game", Select).value == "nemesis-lockdown"
        assert screen.query_one("#players", Select).value == 3
        assert screen.query_one("#mode", Select).value == "coop"
        assert screen.query_one("#names", Input).value == "Ann, Bo, Cy"
        assert screen.query_one("#title", Input).value == "Friday"
        assert app.focused is screen.query_one("#title")
        assert body.region.contains_region(app.focused.region)
        await burst(pilot, "shift+tab", "shift+tab", "shift+tab")  # back up to the players
        assert app.focused is screen.query_one("#players")
        assert body.region.contains_region(app.focused.region)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.play.setup.names == ("Ann", "Bo", "Cy")


async def test_a_list_in_an_action_form_takes_two_or_three_keys_and_enter_passes_a_blank(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A list in an action form: its first letters choose, Enter confirms ("ru": run, not
    rest); a letter no choice starts with chooses nothing. Blank is an answer for an optional
    list ("blank: the active player"): Enter goes on to the next field instead of opening
    the list."""
    from trackers.engine import Action, Param

    pick = Action("pick", "Pick a plan", "A choice from a list.",
                  lambda state, args, rng: [f"picked {args['plan']}"],
                  (Param("plan", "choice", "which plan",
                         choices=("stay", "run", "rest")),), key="k")
    give = Action("give", "Give points", "Someone's points.",
                  lambda state, args, rng: [f"{args['who'] or 'the active player'} +{args['n']}"],
                  (Param("who", "choice", "whose (blank: the active player)",
                         choices=("Ann", "Bo"), optional=True),
                   Param("n", "int", "how many", minimum=1, maximum=9)), key="j")
    demo_with(monkeypatch, pick, give)
    save_game(tmp_path, "demo", 2)
    async with playing(tmp_path) as (app, pilot, screen):
        await burst(pilot, "k", "r", "u", "enter")  # "ru": run, not rest
        assert app.screen is screen
        assert "picked run" in panel_text(app, "#now")
        await burst(pilot, "k", "z")  # no choice starts with z: nothing chosen
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        assert form.query_one("#arg-plan", Select).is_blank()
        await burst(pilot, "r", "e", "enter")
        assert app.screen is screen
        assert "picked rest" in panel_text(app, "#now")
        await burst(pilot, "j", "enter", "3", "enter")  # the optional list left blank
        assert app.screen is screen
        assert "the active player +3" in panel_text(app, "#now")
