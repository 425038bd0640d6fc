"""The event-sourced session engine: games register actions; a session replays events."""

from trackers.engine.actions import Action, ActionError, Note, Param
from trackers.engine.game import BoardValue, Game, Option, Panel, SessionSetup
from trackers.engine.session import Event, Journal, Session
from trackers.engine.state import State

__all__ = [
    "Action",
    "ActionError",
    "BoardValue",
    "Event",
    "Game",
    "Journal",
    "Note",
    "Option",
    "Panel",
    "Param",
    "Session",
    "SessionSetup",
    "State",
]
