"""What the Facility says aloud: the Time track each round, Autodestruction armed and turning
red, the Alert Procedure, and the end (rulebook: Time Track, Autodestruction, Leaving the
Facility, End of the Game). Only the public track and tokens are read, never an Objective.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackers.engine import State
from trackers.engine.announce import Announcer
from trackers.games.nemesis_lockdown.board import s_position
from trackers.games.nemesis_lockdown.ending import NAMES
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.pieces import Track


def _slot(state: State) -> int | None:
    track = state.pieces.get("time")
    return track.position if isinstance(track, Track) else None


def time_slot(state: State, position: int) -> str:
    """"Time track. 9 reached." (S: "Time track. S reached."): the number after a pause,
    before a word, is what carries across a table."""
    return f"Time track. {'S' if position == s_position(state) else position} reached."


def announce(before: State, after: State, _action: str) -> Sequence[str]:
    """The Time token's new slot, then Autodestruction, the Alert and the end as they come."""
    said = []
    old, new = _slot(before), _slot(after)
    if new is not None and new != old:
        said.append(time_slot(after, new))
    was, now = facts_of(before).get("autodestruct"), facts_of(after).get("autodestruct")
    if now is not None and was is None:
        said.append(f"Autodestruction armed. Slot {now['slot']}.")
    elif now is not None and was is not None and now["side"] == "red" != was["side"]:
        said.append(f"Autodestruction red. Slot {now['slot']}. It cannot be stopped.")
    alert = facts_of(after).get("alert")
    if alert is not None and facts_of(before).get("alert") is None:
        said.append(f"Alert Procedure. Slot {alert}.")
    ended = facts_of(after).get("ended")
    if ended and not facts_of(before).get("ended"):
        said.append(f"Game over. {NAMES[ended]}.")
    return said


ANNOUNCER = Announcer(announce)
