"""Pilot tests of the app shell, played by keys as a person would, on the demo game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pilot_keys import choose, demo_with, palette, playing, save_game, saved
from tests.repeats import kept_by_default
from tests.tui.screen_text import panel_text, screen_text
from tui.app import TablesideApp
from tui.screens.history import HistoryScreen
from tui.screens.home import HomeScreen
from tui.screens.keys import KeysScreen, key_entries, screen_bindings
from tui.screens.session import SessionScreen
from tui.widgets.keys_footer import KeysFooter

pytestmark = pytest.mark.usefixtures("demo_registered")


async def test_home_says_there_are_no_saves_yet(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "No saved games yet" in screen_text(app)


# A whole flow by keys (the slow group): its rules (the countdown, its milestone's note and
# the note when it is undone) are tested through the API (tests/engine/test_engine_history.py)
# and its keys by the cheaper pilots of the default run: New game's game and count chosen by
# keys (test_type_to_choose_pilot.py, test_burst_keys.py), an action's form (test_forms_pilot.py),
# u and r (test_in_place_pilot.py::test_a_longer_or_shorter_note_lays_nothing_out).
@pytest.mark.slow
async def test_new_game_then_actions_undo_redo_by_keys(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await choose(pilot, "#game", "Demo")
        await choose(pilot, "#players", "3 players")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert "Countdown: 28" in panel_text(app, "#tracks")

        await pilot.press("a")  # Advance the countdown: a form asks how many spaces
        await pilot.pause()
        await pilot.press("9", "enter")
        await pilot.pause()
        assert "Countdown: 19" in panel_text(app, "#tracks")
        assert "Twenty reached" in panel_text(app, "#now")

        await pilot.press("u")
        await pilot.pause()
        assert "Countdown: 28" in panel_text(app, "#tracks")
        assert "milestone 20 is no longer reached" in panel_text(app, "#now")

        await pilot.press("r")
        await pilot.pause()
        assert "Countdown: 19" in panel_text(app, "#tracks")


async def test_secret_is_chosen_behind_the_curtain_and_never_shown(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2)
    async with playing(tmp_path) as (app, pilot, screen):
        await pilot.press("c")  # choose a secret
        await pilot.pause()
        # the demo's one secret is the only possible answer: filled in, never asked
        assert "Which secret: Plan (the only one possible)" in screen_text(app)
        assert app.focused is app.screen.query_one("#ok-open")
        await pilot.press("enter")  # OK
        await pilot.pause()
        # the curtain names who may look: the player who holds the Captain (the demo's rule)
        assert "Player 1 only" in screen_text(app)
        assert "Player 1 sets their PIN for this game now, once (at least 6 characters" \
            in screen_text(app)  # the first secret
        await pilot.press("enter")  # neither a PIN nor No PIN: asked again, saying both
        await pilot.pause()
        said = " ".join(panel_text(app, "#form-error").split())
        assert "pin: set a PIN of at least 6 characters, or tick No PIN (hidden from the " \
            "screen, not from someone who opens the files)" in said
        await pilot.press("tab", "space", "shift+tab", "enter")  # No PIN, then on
        await pilot.pause()
        await choose(pilot, "#arg-value", "left")
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert "cleared" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, SessionScreen)
        assert "hidden (code" in text
        assert "left" not in text
        play = app.screen.play
        exported = play.export()["state"]["pieces"]["plan"]
        assert exported["value"] is None and exported["nonce"] is None
        assert play.secret_value("plan") == "left"  # kept, for the reveal
        assert "left" not in " ".join(h.text for h in play.history())


async def test_undo_survives_a_restart(tmp_path: Path) -> None:
    session_id = save_game(tmp_path, "demo", 3, [("advance", {"spaces": 2}), ("fire", {})])
    async with playing(tmp_path) as (app, pilot, screen):
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        await pilot.press("u")
        await pilot.pause()
        assert "Fires: 0/3" in panel_text(app, "#tracks")
        await pilot.press("escape")  # back Home: the session is saved and closed
        await pilot.pause()
    again = Tableside(tmp_path).load(session_id)
    assert again.head == 1
    again.redo()
    assert "Fires: 1/3" in again.state.pieces["fires"].summary()


async def test_light_theme_and_small_terminal(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        assert not app.current_theme.dark
        assert "Saved games" in screen_text(app)
    again = TablesideApp(data_dir=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not again.current_theme.dark  # the choice was saved


def test_every_footer_label_fits_its_cell() -> None:
    """Six keys to a row at 80 columns: a label longer than 9 characters runs into the next."""
    from trackers.games.registry import game_ids, get_game

    for game in map(get_game, game_ids()):
        for action in game.actions:
            if action.key:
                assert len(action.footer_label) <= 9, (game.id, action.name, action.footer_label)


async def test_history_reaches_the_first_action_of_a_long_game(tmp_path: Path) -> None:
    # one more than the side panel's 200 lines: action 1 is not in it
    save_game(tmp_path, "demo", 2, [("set_value", {"target": "fires.value", "value": 1})] * 201)
    async with playing(tmp_path) as (app, pilot, screen):
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("home")  # the top of the list: action 1 is there, not cut off
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.play.head == 1


async def test_every_key_of_a_game_screen_is_named_in_f1_and_the_palette_and_runs_there(
        tmp_path: Path) -> None:
    """The footer is two lines (the Now panel the biggest panel) and F1 lists every key by
    its plain name. Every game action is in the palette by its title, every key of the screen
    by its plain name; chosen from the palette by that name, an action or a key does what its
    key does."""
    save_game(tmp_path, "demo", 2)
    async with playing(tmp_path) as (app, pilot, screen):
        footer = app.screen.query_one(KeysFooter)
        assert footer.region.height <= 2
        now = app.screen.query_one("#now")
        regions = [w.region for w in app.screen.query("#now, #tracks, #log")]
        assert now.region.height * now.region.width == max(r.height * r.width for r in regions)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = panel_text(app, "#keys-list")
        for name in ("History: jump to any point of the game", "Search the rules",
                     "Rule for the highlighted tracker", "Look at a secret",
                     "Reveal a secret", "Redo what was undone", "Open the hatch"):
            assert name in listed, name
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        names = {e.name for e in key_entries(screen)}
        for action in screen.play.actions():
            assert action.title in names, action.title
        entries = {e.action: e for e in key_entries(screen)}
        bindings = screen_bindings(screen)
        assert len(bindings) > 12  # the screen's own keys and the game's
        for binding in bindings:
            if binding.action in ("show_keys", "command_palette", "quit"):
                continue
            assert binding.tooltip, binding.action  # a plain name, not only a footer label
            assert entries[binding.action].name == binding.tooltip
        # Chosen from the palette by that name, each does what the key does.
        await palette(pilot, "Add a fire")
        assert app.screen is screen
        assert screen.play.state.pieces["fires"].summary() == "Fires: 1/3"
        await palette(pilot, "History: jump")
        assert isinstance(app.screen, HistoryScreen)


async def test_actions_not_possible_now_are_marked_in_the_palette(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2, [("escape", {"who": "Ann"})])  # the game is over
    async with playing(tmp_path) as (app, pilot, screen):
        titles = [e.title for e in key_entries(app.screen)]
        assert "Add a fire [f] (not possible now)" in titles
        assert "Set a value by hand [x]" in titles  # corrections stay possible after the end
        footer = screen_text(app).splitlines()[-12:]
        assert not any("Add a fire" in line or " f " in f" {line} " for line in footer)


async def test_now_panel_goes_back_to_the_newest_notes_and_escape_leaves_it_before_home(
        tmp_path: Path) -> None:
    """The Now panel scrolled down goes back to its top, where the newest notes are, after an
    action; Escape in the panel leaves the panel (to the trackers) before going Home."""
    save_game(tmp_path, "demo", 2, [("set_value", {"target": "fires.value", "value": 1})] * 3)
    async with playing(tmp_path) as (app, pilot, screen):
        scroll = app.screen.query_one("#now")
        app.screen.query_one("#now").update("\n".join(f"line {i}" for i in range(80)))
        await pilot.pause()
        scroll.scroll_end(animate=False)
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("a")  # Advance the countdown by 6: past the 20 milestone
        await pilot.pause()
        await pilot.press("6", "enter")
        await pilot.pause()
        assert scroll.scroll_y == 0  # back at the top, where the newest notes are
        assert "Twenty reached" in panel_text(app, "#now").split("\n")[0]
        app.screen.query_one("#now").focus()
        await pilot.press("pagedown", "escape")
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)  # still in the game
        assert app.focused is not None and app.focused.id == "tracks"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_form_never_opens_on_an_empty_list(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from trackers.games import registry

    demo = registry.get_game("demo")

    def setup(*args: object) -> object:
        state = demo.setup(*args)  # type: ignore[arg-type]
        state.pieces["plan"].managed = True  # the game keeps its only secret itself
        return state

    demo_with(monkeypatch, setup=setup)
    save_game(tmp_path, "demo", 2)
    async with playing(tmp_path) as (app, pilot, screen):
        await pilot.press("c")  # nothing the generic choice may touch: no empty form
        await pilot.pause()
        assert app.screen is screen
        titles = [e.title for e in key_entries(screen)]
        assert "Choose a secret [c] (not possible now)" in titles


async def test_every_home_key_has_a_plain_name_and_a_click_on_its_footer_cell_presses_it(
        tmp_path: Path) -> None:
    """Every Home key has a plain name, and chosen from the palette by it does what the key
    does. The footer draws every key in one widget: a click on a key's cell is that key."""
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = app.screen
        for binding in screen_bindings(home):
            assert binding.tooltip, binding.action
        footer = app.screen.query_one(KeysFooter)
        keys = [cell.key for cell in footer.cells]
        assert "n" in keys and "f1" in keys and "ctrl+p" in keys
        width = footer.size.width // 6
        index = keys.index("f1")
        await pilot.click(KeysFooter, offset=(index % 6 * width + 1, index // 6))
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is home
        await palette(pilot, "New game")
        assert type(app.screen).__name__ == "NewGameScreen"


@pytest.mark.parametrize("game", kept_by_default(
    ["lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix"], "lifeform"))
async def test_each_game_footer_is_two_lines_and_f1_lists_its_keyed_actions(
        tmp_path: Path, game: str) -> None:
    saved(tmp_path, game, "Friday night")
    async with playing(tmp_path) as (app, pilot, screen):
        footer = screen.query_one(KeysFooter)
        assert footer.region.height <= 2
        shown = " ".join(screen_text(app).split("\n")[-30:])
        for key in ("Undo", "Home", "Keys", "palette"):  # always there, whatever gives way
            assert key in shown, key
        await pilot.press("f1")
        await pilot.pause()
        listed = panel_text(app, "#keys-list")
        for action in screen.play.actions():  # this play mode's keys
            if action.key and action.key not in "urhstxcpvb":
                assert action.title in listed, action.title
