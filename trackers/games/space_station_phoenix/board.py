"""The printed value of the Space Station Phoenix board that the rulebook text does not give."""

from __future__ import annotations

from typing import Any

from trackers.engine import BoardValue, Note, State
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.score_marker import reading

LAP_SIZE = "lap_size"

BOARD_VALUES = (
    BoardValue(LAP_SIZE, "Score track spaces per lap",
               "count the spaces of the score track on your board (the lap tokens read "
               "50/100/150/200; the rulebook text never gives the track's length)", "int",
               minimum=1),
)


# The lap tokens print 50/100 and 150/200, so a lap of 50 spaces is what they suggest (spec
# §3.6); offered in one key (ctrl+d), never applied unasked.
BOARD_DEFAULTS = {LAP_SIZE: 50}
BOARD_DEFAULTS_NOTE = ("lap size 50, read from the lap tokens (50/100, 150/200): check it "
                       "against the spaces of your score track")


def board_changed(state: State, key: str, value: Any) -> list[Note | str]:
    """The lap size is set: every marker is read again with it (spec §3.6, §10.13)."""
    notes: list[Note | str] = []
    for name in facts.players(state):
        marker = facts.marker(state, name)
        marker.lap_size = int(value)
        notes.append(f"{name}: {marker.points} points, {reading(marker.points, marker.lap_size)}")
    return notes
