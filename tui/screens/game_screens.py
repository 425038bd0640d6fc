"""Which screen each game opens in, with a key binding for each of its actions."""

from __future__ import annotations

from textual.binding import Binding

from tableside.api import OpenSession, Tableside
from trackers.engine.info import GameInfo
from tui.games import game_module
from tui.screens.session import SessionScreen


def binding_key(key: str) -> str:
    """A key as a Binding names it ("?" is "question_mark"; "ctrl+r" stays)."""
    return next(iter(Binding.make_bindings([(key, "")]))).key


def own_keys(screen: type[SessionScreen]) -> dict[str, str]:
    """The keys a game's own screen adds (Phoenix's k), by Binding name -> what for."""
    out: dict[str, str] = {}
    for cls in screen.__mro__:
        if cls is SessionScreen:
            break
        for b in getattr(cls, "BINDINGS", ()):
            if isinstance(b, Binding):
                out[b.key] = b.tooltip or b.description
    return out


def screen_class_for(info: GameInfo) -> type[SessionScreen]:
    """The game's own screen (``SCREEN`` in ``tui.games.<package>``), else the generic one."""
    module = game_module(info)
    screen: type[SessionScreen] = getattr(module, "SCREEN", SessionScreen)
    return screen


def screen_for(play: OpenSession, table: Tableside | None = None) -> SessionScreen:
    """The screen for ``play`` (from ``table``), with the game's action keys added to the
    footer."""
    base = screen_class_for(play.game.info)
    taken = own_keys(base)
    bindings = []
    mode = play.setup.mode  # this play mode's own keys (a solo game's are not a 3P one's)
    for action in (a for a in play.game.actions if not a.modes or mode in a.modes):
        if action.key and binding_key(action.key) in taken:  # the engine checked the rest
            raise ValueError(f"{play.game.title}: {action.title} ({action.name}) has the key "
                             f"{action.key!r}, which its screen keeps for "
                             f"{taken[binding_key(action.key)]}")
        if action.key:  # never a reserved one: making the Game refused it
            # Priority: run at once when the key arrives (not after it went round the focused
            # panel), so a form it opens is there before the keys typed after it are read.
            bindings.append(Binding(binding_key(action.key), f"run('{action.name}')",
                                    action.footer_label, id=f"{play.game.id}.{action.name}",
                                    tooltip=action.title, priority=True))
    if play.game.board_defaults:  # published board values: accepted in one key
        bindings.append(Binding("ctrl+d", "accept_defaults", "Defaults",
                                id=f"{play.game.id}.board_defaults",
                                tooltip=f"Accept the {play.game.board_defaults_note}"))
    cls = type(f"{base.__name__}Keys", (base,), {"BINDINGS": bindings})
    return cls(play, table)
