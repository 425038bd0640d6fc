"""Which screen each game opens in, with a key binding for each of its actions."""

from __future__ import annotations

from textual.binding import Binding

from tableside.api import OpenSession
from trackers.engine.info import GameInfo
from tui.games import game_module
from tui.screens.session import SessionScreen

RESERVED = {b.key for b in SessionScreen.BINDINGS if isinstance(b, Binding)}


def screen_class_for(info: GameInfo) -> type[SessionScreen]:
    """The game's own screen (``SCREEN`` in ``tui.games.<package>``), else the generic one."""
    module = game_module(info)
    screen: type[SessionScreen] = getattr(module, "SCREEN", SessionScreen)
    return screen


def screen_for(play: OpenSession) -> SessionScreen:
    """The screen for ``play``, with the game's action keys added to the footer."""
    base = screen_class_for(play.game.info)
    bindings = []
    for action in play.game.actions:
        if action.key and action.key not in RESERVED:
            # Priority: run at once when the key arrives (not after it went round the focused
            # panel), so a form it opens is there before the keys typed after it are read.
            bindings.append(Binding(action.key, f"run('{action.name}')", action.footer_label,
                                    id=f"{play.game.id}.{action.name}", tooltip=action.title,
                                    priority=True))
    if play.game.board_defaults:  # published board values: accepted in one key
        bindings.append(Binding("ctrl+d", "accept_defaults", "Defaults",
                                id=f"{play.game.id}.board_defaults",
                                tooltip=f"Accept the {play.game.board_defaults_note}"))
    cls = type(f"{base.__name__}Keys", (base,), {"BINDINGS": bindings})
    return cls(play)
