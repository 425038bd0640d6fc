"""No game's setup copies or applies the board values entered before the game: the engine
does it once, for every game (``Game.start``). A setup handed a board
returns a state whose board is empty; the session starts with the board seeded and applied
(Lifeform's tracks read from it, Phoenix's markers with its lap size)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from tests.lifeform.test_lifeform_session_fixtures import BOARD as LIFEFORM_BOARD
from tests.lifeform.test_solo_session import BOARD as SOLO_BOARD
from trackers.engine import SessionSetup
from trackers.games.registry import game_ids, get_game
from trackers.pieces import Countdown, Track

BOARDS: dict[str, dict[str, Any]] = {
    "lifeform": LIFEFORM_BOARD,
    "nemesis-lockdown": {"time_last_number": 3, "css_slots": [5, 9]},
    "pandora-celeste": {"tracker_top": 14},
    "space-station-phoenix": {"lap_size": 50},
}


def setup_for(game_id: str, mode_index: int = 0) -> SessionSetup:
    game = get_game(game_id)
    mode = game.modes[mode_index]
    players = mode.player_counts[-1]
    picks = {o.name: list(o.choices[:players]) for o in game.options_for(mode.id)
             if o.kind == "multi" and not o.default}  # Pandora's crew
    board = SOLO_BOARD if mode.id == "solo" and game_id == "lifeform" else BOARDS[game_id]
    names = tuple(f"P{i}" for i in range(1, players + 1))
    return game.check_setup(SessionSetup(players, picks, names, dict(board), mode.id))


@pytest.mark.parametrize("game_id", game_ids())
def test_no_setup_copies_the_board_and_start_seeds_and_applies_it(game_id: str) -> None:
    game = get_game(game_id)
    for index in range(len(game.modes)):
        setup = setup_for(game_id, index)
        assert game.setup(setup, Random(1)).board == {}, (game_id, index)
        assert game.start(setup, Random(1)).board == setup.board


def test_the_values_are_applied_once_the_engine_seeds_them() -> None:
    lifeform = get_game("lifeform").start(setup_for("lifeform"), Random(1))
    spaces = [s.strip() for s in str(LIFEFORM_BOARD["malfunction.spaces"]).split(",")]
    assert lifeform.piece("malfunction", Track).highest == len(spaces)  # read from the board
    pandora = get_game("pandora-celeste").start(setup_for("pandora-celeste"), Random(1))
    assert pandora.piece("turn_cycle", Countdown).top == 14
    phoenix = get_game("space-station-phoenix").start(setup_for("space-station-phoenix"),
                                                      Random(1))
    assert phoenix.pieces["score_1"].lap_size == 50  # type: ignore[attr-defined]
