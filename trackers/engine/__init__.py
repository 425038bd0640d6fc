"""The event-sourced session engine: games register actions; a session replays events.

The names below load on first use (PEP 562), so importing a small module of the engine
(``trackers.engine.info``, for Home's list of games) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from trackers.engine.actions import Action, ActionError, Note, Param
    from trackers.engine.game import BoardValue, Game, Option, Panel, SessionSetup
    from trackers.engine.session import Event, Journal, Session
    from trackers.engine.state import State

_HOME = {
    "Action": "actions", "ActionError": "actions", "Note": "actions", "Param": "actions",
    "BoardValue": "game", "Game": "game", "Option": "game", "Panel": "game",
    "SessionSetup": "game", "Event": "session", "Journal": "session", "Session": "session",
    "State": "state",
}

__all__ = [
    "Action", "ActionError", "BoardValue", "Event", "Game", "Journal", "Note", "Option",
    "Panel", "Param", "Session", "SessionSetup", "State",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'trackers.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"trackers.engine.{module}"), name)
    globals()[name] = value  # later lookups skip this function
    return value
