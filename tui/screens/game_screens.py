"""Which screen each game opens in, with a key binding for each of its actions."""

from __future__ import annotations

from textual.binding import Binding

from tableside.api import OpenSession
from tui.screens.session import SessionScreen

RESERVED = {b.key for b in SessionScreen.BINDINGS if isinstance(b, Binding)}


def screen_class_for(game_id: str) -> type[SessionScreen]:
    """A game may bring its own screen (a SessionScreen subclass) in tui/screens/<game>.py."""
    modules = {"space-station-phoenix": ("tui.screens.phoenix", "PhoenixScreen"),
               "lifeform": ("tui.screens.lifeform", "LifeformScreen")}
    if game_id in modules:
        import importlib

        module_name, class_name = modules[game_id]
        try:
            cls: type[SessionScreen] = getattr(importlib.import_module(module_name), class_name)
            return cls
        except (ImportError, AttributeError):
            pass
    return SessionScreen


def screen_for(play: OpenSession) -> SessionScreen:
    """The screen for ``play``, with the game's action keys added to the footer."""
    base = screen_class_for(play.game.id)
    bindings = []
    for action in play.game.actions:
        if action.key and action.key not in RESERVED:
            bindings.append(Binding(action.key, f"run('{action.name}')", action.footer_label,
                                    id=f"{play.game.id}.{action.name}"))
    cls = type(f"{base.__name__}Keys", (base,), {"BINDINGS": bindings})
    return cls(play)
