"""Forms played by keys: refusals keep what was typed, board values asked in the form,
bursts of keys land in the fields they were typed for, drafts, play modes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from tableside.api import Tableside
from tests.pilot_keys import burst, choose, save_game
from tests.repeats import kept_by_default
from tests.textual_probe import select_options
from tests.tui.screen_text import panel_text, screen_text
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.session import SessionScreen

pytestmark = pytest.mark.usefixtures("demo_registered")


async def open_game(pilot, tmp_path: Path) -> SessionScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen)
    return screen


async def set_game(pilot: Pilot[None], game: str, players: int) -> None:
    """On New game, put the game and the player count in their lists directly: choosing
    from a list by keys is tested where it is the subject (the long-choice test here, the
    game and its count typed in test_type_to_choose_pilot, chosen by arrows in
    test_burst_keys)."""
    pilot.app.screen.query_one("#game", Select).value = game
    await pilot.pause()
    pilot.app.screen.query_one("#players", Select).value = players
    await pilot.pause()


async def test_a_board_value_the_action_needs_is_asked_in_its_form(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("o")  # Open the hatch: needs the printed hatch space
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        text = screen_text(app)
        assert "Hatch space" in text and "Board, hatch track" in text and "1 to 9" in text
        await pilot.press("1", "2", "enter")  # not on the board
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert app.screen.query_one("#board-hatch_space", Input).value == "12"
        assert "1 to 9" in panel_text(app, "#err-hatch_space")
        await pilot.press("backspace", "backspace", "5", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert "The hatch opens at space 5" in panel_text(app, "#now")
        assert screen.play.state.board["hatch_space"] == 5
        assert Tableside(tmp_path).board_profile("demo")["hatch_space"] == 5
        await pilot.press("u")  # the action is undone; the value entered is its own step
        await pilot.pause()
        assert "hatch_space" in screen.play.state.board
        await pilot.press("u")
        await pilot.pause()
        assert "hatch_space" not in screen.play.state.board


# New game's names and title typed without a pause, after the game and count chosen by keys:
# the slow group. The default run types the same keys in one burst, the game and count chosen
# by arrows (test_burst_keys.py::test_new_game_names_tab_title_enter_at_once) and by typing
# (test_type_to_choose_pilot.py::test_new_game_typed_fast_as_its_fields_appear).
@pytest.mark.slow
async def test_a_burst_of_keys_fills_the_fields_it_was_typed_for(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await choose(pilot, "#game", "Demo")
        await choose(pilot, "#players", "3 players")
        app.screen.query_one("#names", Input).focus()
        await pilot.pause()
        # No pause between the keys: the same as a fast typist on a busy laptop.
        await pilot.press(*"Ann, Bo, Cy", "tab", *"QA Demo", "enter")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#names", Input).value == "Ann, Bo, Cy"
        assert screen.query_one("#title", Input).value == "QA Demo"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.play.setup.names == ("Ann", "Bo", "Cy")


# The slow group: the default run types the same keys, all at once
# (test_burst_keys.py::test_a_number_typed_then_enter_at_once_is_read_whole[enter] and
# ::test_an_action_key_its_number_enter_and_the_next_key_at_once).
@pytest.mark.slow
async def test_enter_in_a_form_field_submits_before_the_next_key(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("3", "enter", "f")  # advance 3, then at once Add a fire
        await pilot.pause()
        assert app.screen is screen
        assert "Countdown: 22" in panel_text(app, "#tracks")
        assert "Fires: 1/3" in panel_text(app, "#tracks")


async def test_new_game_closed_by_escape_keeps_a_draft(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await set_game(pilot, "demo", 3)
        app.screen.query_one("#names", Input).focus()
        await burst(pilot, *"Ann, Bo, Cy")
        await pilot.press("escape")
        await pilot.pause()
        assert "keep what you typed as a draft" in screen_text(app)
        await pilot.press("k")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#names", Input).value == "Ann, Bo, Cy"
        assert screen.query_one("#game", Select).value == "demo"
        assert screen.query_one("#players", Select).value == 3
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)


async def test_new_game_offers_the_ways_to_play_for_the_player_count(tmp_path: Path) -> None:
    from trackers.games.registry import game_ids, get_game

    game = next(g for g in map(get_game, game_ids()) if len(g.modes) > 1)
    count = max(game.player_counts, key=lambda n: sum(n in m.player_counts for m in game.modes))
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await set_game(pilot, game.info.id, count)
        modes = app.screen.query_one("#mode", Select)
        shown = [str(p) for p, _ in select_options(modes) if str(p).strip()]
        assert shown == [m.title for m in game.modes if count in m.player_counts]
        assert modes.value == game.info.default_mode(count).id  # the usual way, changeable
        # its blank line no longer says to choose the players first: they are chosen
        assert modes.prompt == "choose how to play"


@pytest.mark.parametrize("size", kept_by_default([(80, 24), (120, 40)], (80, 24),
                                                  ids=["80x24", "120x40"]))
async def test_every_option_of_new_game_is_reachable(
        tmp_path: Path, size: tuple[int, int]) -> None:
    from trackers.games.registry import game_ids, get_game

    game = max(map(get_game, game_ids()), key=lambda g: len(g.options))
    app = TablesideApp(data_dir=tmp_path)
    # Each field Tab reaches is scrolled to at once, not glided to: where the scroll ends is
    # what is checked, and a glide draws frames on the way at each field that scrolls.
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await set_game(pilot, game.info.id, game.player_counts[-1])
        body = app.screen.query_one("#new-body")
        seen: set[str] = set()
        # From the last field above the game's options, Tab on through every option and
        # button to the end of the form and round to its first field: each field Tab
        # reaches comes into view (the form scrolls down, then back to the top).
        app.screen.query_one("#title").focus()
        for _ in range(80):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None
            assert focused.id not in seen, f"Tab came back to {focused.id} before #game"
            seen.add(focused.id or "")
            assert body.region.contains_region(focused.region), focused.id
            if focused.id == "game":
                break
        assert "game" in seen
        mode = app.screen.query_one("#mode", Select).value
        for option in game.options_for(str(mode)):
            assert any(option.name in s for s in seen), option.name


async def test_a_long_choice_is_shown_whole_not_cut(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from trackers.engine import Action, Param
    from trackers.games import registry

    long = ("Move the Transport ship to the Terraforming station and take its "
            "Technology card")
    demo = registry.get_game("demo")
    pick = Action("pick", "Pick a plan", "A choice with long words.",
                  lambda state, args, rng: [f"picked {args['plan']}"],
                  (Param("plan", "choice", "which plan", choices=("short", "long"),
                         labels={"short": "Stay", "long": long}),), key="k")
    monkeypatch.setitem(registry._LOADED, "demo", replace(demo, actions=(*demo.actions, pick)))
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, tmp_path)
        await pilot.press("k")
        await pilot.pause()
        await choose(pilot, "#arg-plan", long)
        line = app.screen.query_one("#chosen-plan")
        assert line.display and line.region.height >= 2  # wrapped, in view
        assert " ".join(panel_text(app, "#chosen-plan").split()) == long  # every word


def with_count_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo game with one more action of four number fields, on key k."""
    from dataclasses import replace

    from trackers.engine import Action, Param
    from trackers.games import registry

    demo = registry.get_game("demo")
    count = Action("count", "Count the board", "Four numbers read off the board.",
                   lambda state, args, rng: [f"counted {args}"],
                   tuple(Param(n, "int", f"how many {n}", minimum=0, maximum=9)
                         for n in ("red", "blue", "green", "gold")), key="k")
    monkeypatch.setitem(registry._LOADED, "demo", replace(demo, actions=(*demo.actions, count)))


# The slow group: the default run keys the same two counts and Escape, keeps the draft and
# finds both back, after a restart too
# (test_form_drafts_pilot.py::test_a_form_left_by_escape_comes_back_after_a_restart).
@pytest.mark.slow
async def test_a_form_of_several_fields_closed_by_escape_keeps_a_draft(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with_count_action(monkeypatch)
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("3", "tab", "4", "escape")  # two counts typed, then Escape
        await pilot.pause()
        await pilot.press("k")  # keep the draft
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("k")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        assert form.query_one("#arg-red", Input).value == "3"
        assert form.query_one("#arg-blue", Input).value == "4"
        assert screen.play.head == 0


async def test_a_burst_of_keys_fills_every_field_and_enter_or_ctrl_s_does_the_form(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four counts typed without a pause land in their four fields; Enter does the form. And
    ctrl+s in an action form is its OK button, from whichever field has the focus (as in New
    game), so a table need not tab to OK; a refusal keeps the form open, as OK would."""
    with_count_action(monkeypatch)
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("1", "tab", "2", "tab", "3", "tab", "4", "enter")  # no pauses
        await pilot.pause()
        assert app.screen is screen
        assert "'red': 1, 'blue': 2, 'green': 3, 'gold': 4" in panel_text(app, "#now")
        assert screen.play.head == 1
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("5", "tab", "6", "tab", "7", "tab", "8", "shift+tab", "ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert "'red': 5, 'blue': 6, 'green': 7, 'gold': 8" in panel_text(app, "#now")
        await pilot.press("a")  # a refusal keeps the form open, as OK would
        await pilot.pause()
        await pilot.press("4", "4", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert "1 to 30" in panel_text(app, "#err-spaces")


async def test_a_fields_error_required_then_refused_stays_beside_it_until_allowed(
        tmp_path: Path) -> None:
    """At 80x24, one field's errors in steps: ctrl+s on an empty field says it is required;
    a value the field refuses keeps the reason; once the value is allowed the reason is gone,
    before any OK. A refused value stays typed, with the reason beside its field (named as
    labelled), the focus there and nothing done; Escape asks whether to keep it as a draft,
    Escape again goes back to the form as it was; corrected, Enter does it; dropped, nothing
    is recorded."""
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, tmp_path)
        await pilot.press("a")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "required" in panel_text(app, "#err-spaces")
        assert "required" in screen_text(app)
        await pilot.press("4", "4")  # not allowed (1 to 30): the reason stays
        await pilot.pause()
        assert "required" in panel_text(app, "#err-spaces")
        await pilot.press("backspace")  # 4: allowed
        await pilot.pause()
        assert "required" not in screen_text(app)
        assert form.query_one("#err-spaces").has_class("hidden")
        assert screen.play.head == 0  # nothing done until OK
        await pilot.press("4", "enter")  # 44 spaces: the rules allow 1 to 30
        await pilot.pause()
        assert app.screen is form  # still open
        assert form.query_one("#arg-spaces", Input).value == "44"
        # beside its field, focused, named as the form labels it (not "spaces:", the
        # argument's name a script types)
        beside = panel_text(app, "#err-spaces")
        assert beside.startswith("How many: ") and "1 to 30" in beside
        assert app.focused is form.query_one("#arg-spaces", Input)
        assert screen.play.head == 0
        await pilot.press("escape")  # typed in: asks whether to keep it as a draft
        await pilot.pause()
        assert "keep what you typed as a draft" in screen_text(app)
        await pilot.press("escape")  # back to the form, as it was
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#arg-spaces", Input).value == "44"
        assert screen.play.head == 0
        await pilot.press("backspace", "backspace", "3", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert "Countdown: 22" in panel_text(app, "#tracks")
        await pilot.press("a")  # refused again, then dropped: nothing more recorded
        await pilot.pause()
        await pilot.press("9", "9", "enter")
        await pilot.pause()
        assert "1 to 30" in panel_text(app, "#err-spaces")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("d")  # drop it
        await pilot.pause()
        assert app.screen is screen
        assert screen.play.head == 1
