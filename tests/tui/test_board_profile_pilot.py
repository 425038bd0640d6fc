"""The board profile screen, used by keys: from Home, and from a game (logged there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from tableside.api import Tableside
from tests.pilot_keys import save_game
from tests.tui.screen_text import panel_text, screen_text
from tui.app import TablesideApp
from tui.screens.board_profile import BoardProfileScreen
from tui.screens.pick import PickScreen


async def test_enter_a_value_from_home_and_see_it_saved(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_profile(pilot, "space-station-phoenix")  # b, the game by its id
        assert "unset" in panel_text(app, "#profile-detail")
        await pilot.press("enter")  # edit lap_size
        await pilot.pause()
        await pilot.press(*"fifty", "enter")
        await pilot.pause()
        assert Tableside(tmp_path).board_profile("space-station-phoenix") == {}
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"50", "enter")
        await pilot.pause()
        assert Tableside(tmp_path).board_profile("space-station-phoenix") == {"lap_size": 50}
        await pilot.press("e")  # export
        await pilot.pause()
        exported = tmp_path / "exports" / "space-station-phoenix-board-profile.json"
        assert exported.exists()


async def test_a_value_entered_in_a_game_is_in_its_log_and_undoable(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("space-station-phoenix", 2).close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # resume
        await pilot.pause()
        play = app.screen.play  # type: ignore[attr-defined]
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, BoardProfileScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"50", "enter")
        await pilot.pause()
        assert play.state.board["lap_size"] == 50
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "lap_size" not in play.state.board


def board_profile_of(game_id: str) -> int:
    """The position of the game in Home's board profile picker (by title)."""
    from trackers.games.registry import game_ids

    return game_ids().index(game_id)


async def open_profile(pilot, game_id: str) -> BoardProfileScreen:  # type: ignore[no-untyped-def]
    await pilot.press("b")
    await pilot.pause()
    for _ in range(board_profile_of(game_id)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BoardProfileScreen) and screen.game.id == game_id
    return screen


async def test_public_defaults_are_accepted_in_one_key_and_shown_as_the_board_reads(
        tmp_path: Path) -> None:
    from trackers.games.registry import game_ids, get_game

    game = next(g for g in map(get_game, game_ids()) if g.board_defaults)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_profile(pilot, game.id)
        offer = panel_text(app, "#profile-defaults")
        assert game.board_defaults_note in offer  # the key says where the values come from
        assert "a: accept" in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        profile = Tableside(tmp_path).board_profile(game.id)
        assert {k: profile[k] for k in game.board_defaults} == dict(game.board_defaults)
        rows = panel_text(app, "#profile-detail")
        assert "unset" in rows or "Now:" in rows
        grid = app.screen.query_one("#profile", DataTable)
        for key, value in game.board_defaults.items():  # as the board reads: "1:2, 3:4"
            text = game.board_value(key).show(value)
            assert str(grid.get_row(key)[1]) == (text if len(text) <= 18 else text[:17] + "…")
        assert "public default" not in panel_text(app, "#profile-defaults")  # all taken


async def test_yes_no_and_label_values_are_picked_not_typed(tmp_path: Path) -> None:
    from trackers.games.registry import game_ids, get_game
    from tui.screens.board_profile import picked_one

    game, spec = next((g, v) for g in map(get_game, game_ids()) for v in g.board_values
                      if v.kind == "label" and picked_one(v))
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_profile(pilot, game.id)
        grid = screen.query_one("#profile")
        grid.move_cursor(row=screen.values.index(spec))  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        await pilot.press("down", "enter")  # the second label
        await pilot.pause()
        assert Tableside(tmp_path).board_profile(game.id)[spec.key] == spec.parse(spec.labels[1])


async def test_a_game_offers_its_public_defaults_in_one_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, demo_registered: None) -> None:
    from dataclasses import replace

    from trackers.games import registry

    demo = registry.get_game("demo")
    monkeypatch.setitem(registry._LOADED, "demo", replace(
        demo, board_defaults={"hatch_space": 4}, board_defaults_note="made-up defaults"))
    save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert "Defaults" in screen_text(app)  # in the footer while there is something to take
        await pilot.press("ctrl+d")
        await pilot.pause()
        play = app.screen.play  # type: ignore[attr-defined]
        assert play.state.board["hatch_space"] == 4
        assert Tableside(tmp_path).board_profile("demo")["hatch_space"] == 4
        assert "Defaults" not in screen_text(app)
        await pilot.press("u")  # logged in the game: undo takes it back
        await pilot.pause()
        assert "hatch_space" not in play.state.board
