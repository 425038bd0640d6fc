"""One rule says who holds a secret's owner (``Game.holders``): the curtain names them, a
seat holds their secrets, the report names them. Every secret a player may see, in every
game and play mode, is held by some player's seat: none is left to nobody."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

from tableside.api import Tableside
from tableside.seat_actions import Seat
from trackers.engine import Game, SessionSetup, State
from trackers.games import registry
from trackers.pieces import Secret


def _options(game: Game, mode: str, players: int) -> list[dict[str, Any]]:
    """Every module on (the secrets they add are held too), else one choice per player
    (Pandora's crew), else the defaults."""
    multi = [o for o in game.options if o.kind == "multi" and (not o.modes or mode in o.modes)]
    return [{o.name: list(o.choices) for o in multi},
            {o.name: list(o.choices[:players]) for o in multi}, {}]


def _setups() -> Iterator[tuple[str, Game, SessionSetup, State]]:
    from tests.demo import INFO as DEMO
    from trackers.engine import ActionError

    for info in [*registry.infos(), DEMO]:
        game = registry.get_game(info.id) if info is not DEMO else _demo()
        for mode in info.modes:
            for players in sorted({min(mode.player_counts), max(mode.player_counts)}):
                for options in _options(game, mode.id, players):
                    try:
                        setup = game.check_setup(SessionSetup(players, options, mode=mode.id))
                        state = game.start(setup, Random(0))
                    except ActionError:
                        continue
                    yield f"{info.id} {mode.id} {players}", game, setup, state
                    break


def _demo() -> Game:
    from tests.demo.game import GAME

    return GAME


def test_every_secret_a_player_may_see_is_held_by_a_seat() -> None:
    seen = 0
    for where, game, setup, state in _setups():
        for name, piece in state.pieces.items():
            if not isinstance(piece, Secret) or piece.sealed:
                continue  # the app's own hidden draw: nobody looks before the reveal
            seen += 1
            assert game.holders(state, piece.owner, setup.names), \
                f"{where}: {name} ({piece.owner}) is held by no player"
    assert seen > 10


def test_the_curtain_the_seats_and_the_report_name_the_same_holder(
        tmp_path: Any, demo_registered: None) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    assert play.holders("Lifeform player") == ["Ann"]
    assert play.holders("Crew (not the Lifeform player)") == ["Bo", "Cy"]
    assert play.owner_name("Lifeform player") == "Ann"
    assert play.owner_name("Crew (not the Lifeform player)") == "Crew (not the Lifeform player)"
    assert "Lifeform player" in Seat.of(play, "Ann").roles
    assert "Crew (not the Lifeform player)" in Seat.of(play, "Cy").roles
    demo = table.create("demo", 2, names=["Ann", "Bo"])
    assert demo.owner_name("Captain") == "Ann" and Seat.of(demo, "Ann").roles == ("Ann",
                                                                                "Captain")
    demo.choose_secret("plan", "left", decline_pin=True)
    demo.do("reveal_secret", secret="plan")
    assert [s.held_by for s in demo.report().secrets] == [("Ann",)]
    play.close()
    demo.close()


@pytest.mark.parametrize("owner", ["Mallory", "Captain (gone)"])
def test_nobody_holds_an_owner_the_game_does_not_know(owner: str) -> None:
    game = _demo()
    assert game.holders(State(), owner, ("Ann", "Bo")) == []
