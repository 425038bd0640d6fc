"""A refusal names the action to use instead by its title ("this step is done with 'Move the
Time token'"); on screen it also gets that action's key, as the player set it, so nobody has
to look the key up in F1 to do what the message says."""

from __future__ import annotations

import re

from textual.app import App

from tableside.api import OpenSession
from tui.screens.keys import player_key

# A quoted title opens after a space or a bracket, never inside a word ("Player 1's turn").
QUOTED = re.compile(r"(?<!\w)'([^']+)'(?!\w)")


def with_keys(app: App[object], play: OpenSession, text: str) -> str:
    """``text`` with " (key k)" after each quoted title of one of the game's keyed actions (a
    title may be quoted without its step number: 'Move the Time token' for "Move the Time
    token (step 5)")."""
    def keyed(match: re.Match[str]) -> str:
        quoted = match.group(1)
        for action in play.game.actions:
            if action.key and (action.title == quoted or action.title.startswith(f"{quoted} (")):
                shown = player_key(app, f"{play.game.id}.{action.name}", action.key)
                return f"{match.group(0)} (key {shown})"
        return match.group(0)

    return QUOTED.sub(keyed, text)


def run_name(action: str) -> str | None:
    """The game action a binding runs ("run('encounter')" -> "encounter"), else None."""
    match = re.fullmatch(r"run\('([^']+)'\)", action)
    return match.group(1) if match else None
