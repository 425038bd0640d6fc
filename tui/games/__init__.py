"""Each game's own screens: ``tui.games.<package>`` (a module or a package).

The one rule: the module named after the game's package may define ``SCREEN`` (a
``SessionScreen`` subclass for its sessions; else the generic screen is used) and ``TOOLS``
(tool id -> a screen class taking the table, for the tools its ``GameInfo`` names).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from trackers.engine.info import GameInfo


def game_module(info: GameInfo) -> ModuleType | None:
    """The game's screen module, or None when it brings none (the generic screen serves).

    A module that exists but fails to import is a bug and raises: never a silent fallback.
    """
    name = f"tui.games.{info.package}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)
