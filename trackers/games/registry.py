"""The games Tableside serves, by id. Modules are imported on first use to keep start-up fast."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # game titles for menus are needed before any game (or the engine) loads
    from trackers.engine import Game

GAME_MODULES: dict[str, tuple[str, str]] = {
    # id: (module with a GAME attribute, title for menus before the module is loaded)
    "lifeform": ("trackers.games.lifeform.game", "Lifeform"),
    "nemesis-lockdown": ("trackers.games.nemesis_lockdown.game", "Nemesis: Lockdown"),
    "space-station-phoenix": ("trackers.games.phoenix.game", "Space Station Phoenix"),
    "pandora-celeste": ("trackers.games.pandora_celeste.game", "Pandora Celeste"),
}

_LOADED: dict[str, Game] = {}


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def game_title(game_id: str) -> str:
    return GAME_MODULES[game_id][1] if game_id in GAME_MODULES else game_id


def get_game(game_id: str) -> Game:
    """The game definition for ``game_id``, or ActionError naming the allowed ids."""
    from trackers.engine import ActionError

    if game_id not in GAME_MODULES:
        raise ActionError(f"game: {game_id!r} is unknown; give one of {', '.join(GAME_MODULES)}",
                          "game")
    if game_id not in _LOADED:
        module = importlib.import_module(GAME_MODULES[game_id][0])
        _LOADED[game_id] = module.GAME
    return _LOADED[game_id]


def all_games() -> list[Game]:
    return [get_game(g) for g in GAME_MODULES]
