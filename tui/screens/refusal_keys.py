"""A refusal names the action to use instead by its title ("this step is done with 'Move the
Time token'"); on screen it also gets that action's key, as the player set it, so nobody has
to look the key up in F1 to do what the message says."""

from __future__ import annotations

from textual.app import App

from tableside.api import OpenSession
from tableside.refusal_names import named
from trackers.engine import Action
from tui.screens.keys import player_key

# The engine's own actions every game has, with the game screen's keys for them (the board
# value is entered on the Board profile, reached with b)
ENGINE_KEYS = {"choose_secret": ("session.choose_secret", "c"),
               "reveal_secret": ("session.reveal", "v"),
               "set_value": ("session.set_value", "x"),
               "set_board_value": ("session.board", "b")}


def with_keys(app: App[object], play: OpenSession, text: str) -> str:
    """``text`` with " (key k)" after each quoted title of one of the game's actions (or of
    the engine's own, 'Choose a secret' for one), or " (ctrl+p)" for one without a key (the
    palette finds it by its title)."""
    def key(action: Action) -> str | None:
        if action.name in ENGINE_KEYS:
            return f"key {player_key(app, *ENGINE_KEYS[action.name])}"
        if not action.key:
            return "ctrl+p"
        return f"key {player_key(app, f'{play.game.id}.{action.name}', action.key)}"

    engine = [a for a in play.actions() if a.name in ENGINE_KEYS]
    return named(text, [*play.game.actions, *engine], key)

