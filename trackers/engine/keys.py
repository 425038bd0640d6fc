"""The keys every game screen keeps for itself: no game action may take one.

One list for the whole app (the session screen's own keys, the app's, and those that move
between fields and panels), written as a player types them ("?" not "question_mark").
``Game`` checks its actions against it when it is made, so a clash fails at once, naming
both, instead of a key that silently does something else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trackers.engine.actions import Action

RESERVED_KEYS: Mapping[str, str] = {
    "u": "Undo", "r": "Redo", "h": "History", "s": "Rules search",
    "?": "Rule for the highlighted tracker", "t": "Reference pane",
    "x": "Set a value by hand", "c": "Choose a secret", "p": "Peek at a secret",
    "v": "Reveal a secret", "b": "Board profile", "ctrl+r": "Game report",
    "ctrl+d": "Accept the public board values", "escape": "Back to Home",
    "f1": "Every key of this screen", "f2": "Light/dark", "ctrl+q": "Quit",
    "ctrl+p": "The command palette", "tab": "Next panel", "shift+tab": "Previous panel",
    "enter": "Choose the highlighted line", "up": "Move up", "down": "Move down",
    "ctrl+o": "Serve the players' seats",
    "f5": "Spoken announcements off or on", "f6": "Say the last announcement again",
}


def key_clashes(game_title: str, actions: Iterable[Action],
                reserved: Mapping[str, str] = RESERVED_KEYS) -> list[str]:
    """Each action whose key the app keeps, in words naming both. (Two actions may share a
    key when only one of them is ever possible at a time: a deck played one way or another.)
    """
    return [f"{game_title}: {a.title} ({a.name}) has the key {a.key!r}, which every game "
            f"screen keeps for {reserved[a.key]}" for a in actions if a.key and a.key in reserved]
