"""The printed value of the demo board that its rules do not give: the hatch space.

No default: until the table enters it, it is unset, and an action that needs it asks for it
in its form (then it is kept in the board profile for the next game).
"""

from __future__ import annotations

from trackers.engine import BoardValue

HATCH_SPACE = "hatch_space"

BOARD_VALUES = (
    BoardValue(HATCH_SPACE, "Hatch space", "Board, hatch track", "int", 1, 9),
)
