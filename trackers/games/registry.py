"""The one list of games. Every other list (Home, New game, the CLI, search, tests) is
derived from it.

A game is a package ``trackers.games.<package>`` whose ``__init__`` defines ``INFO`` (a
``GameInfo``) and whose ``game`` module defines ``GAME`` (a ``Game``); ``<package>`` is the
game id with "-" as "_". Adding a game is adding its package and its name to ``PACKAGES``;
a game that lives elsewhere (a test's) is ``register``-ed. Only the small ``__init__``
modules are imported for menus; a game's rules load on first use (start-up time).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trackers.engine.game import Game
    from trackers.engine.info import GameInfo

PACKAGES = ("lifeform", "nemesis_lockdown", "pandora_celeste", "space_station_phoenix")

_INFOS: dict[str, GameInfo] = {}
_MODULES: dict[str, str] = {}  # game id -> module holding GAME
_LOADED: dict[str, Game] = {}
_FOUND = False


def _discover() -> None:
    global _FOUND
    if _FOUND:
        return
    found: list[tuple[GameInfo, str]] = []
    for name in PACKAGES:
        info: GameInfo = importlib.import_module(f"trackers.games.{name}").INFO
        if info.package != name:
            raise RuntimeError(f"trackers.games.{name}: its id {info.id!r} must name the "
                               f"package ({info.package})")
        found.append((info, f"trackers.games.{name}.game"))
    for info, module_name in sorted(found, key=lambda pair: pair[0].title.casefold()):
        _INFOS.setdefault(info.id, info)
        _MODULES.setdefault(info.id, module_name)
    _FOUND = True


def register(info: GameInfo) -> None:
    """Add a game that lives elsewhere (a test's demo game): ``info.home`` is its package,
    whose ``game`` module defines GAME."""
    _discover()
    _INFOS[info.id] = info
    _MODULES[info.id] = f"{info.home}.game"
    _LOADED.pop(info.id, None)


def unregister(game_id: str) -> None:
    _INFOS.pop(game_id, None)
    _MODULES.pop(game_id, None)
    _LOADED.pop(game_id, None)


def infos() -> list[GameInfo]:
    """Every game, by title (a game registered later takes its place in that order too)."""
    _discover()
    return sorted(_INFOS.values(), key=lambda info: info.title.casefold())


def game_ids() -> list[str]:
    return [info.id for info in infos()]


def info(game_id: str) -> GameInfo:
    """The game's info, or ActionError naming the allowed ids."""
    _discover()
    if game_id not in _INFOS:
        from trackers.engine.actions import ActionError

        raise ActionError(f"game: {game_id!r} is unknown; give one of {', '.join(_INFOS)}",
                          "game")
    return _INFOS[game_id]


def game_title(game_id: str) -> str:
    _discover()
    return _INFOS[game_id].title if game_id in _INFOS else game_id


def get_game(game_id: str) -> Game:
    """The game definition for ``game_id`` (its rules loaded on first use)."""
    info(game_id)
    if game_id not in _LOADED:
        game = importlib.import_module(_MODULES[game_id]).GAME
        if game.info is not _INFOS[game_id]:
            raise RuntimeError(f"{_MODULES[game_id]}.GAME must use its package's INFO")
        _LOADED[game_id] = game
    return _LOADED[game_id]
