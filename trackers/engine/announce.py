"""Announcements: the few words the table hears after an action (a timer's minute, a
Protocol about to go off, the final round).

Each game declares its own (``Game.announce``, in its package's ``announcements`` module);
the engine calls it with the state before and after one action and the action's name. Both
states are the table's view (``State.hidden_copy``): an announcement cannot read a secret,
because the secret is not there to read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from trackers.engine.game import Game
    from trackers.engine.state import State


@dataclass(frozen=True)
class Announcer:
    """A game's announcements: ``say(before, after, action)`` gives the phrases, and
    ``spoken_by_default`` whether a new game speaks them unasked (only where the rulebook
    asks for a voice; ``why`` says where, for the New game form)."""

    say: Callable[[State, State, str], Sequence[str]]
    spoken_by_default: bool = False
    why: str = ""

MAX_PHRASES = 4  # more than this at once is noise, not an announcement


def announcements(game: Game, before: State, after: State, action: str) -> list[str]:
    """The phrases ``action`` gives, from the two states with every secret hidden."""
    if game.announce is None:
        return []
    said = game.announce.say(before.hidden_copy(), after.hidden_copy(), action)
    return [" ".join(p.split()) for p in said if p and p.strip()][:MAX_PHRASES]
