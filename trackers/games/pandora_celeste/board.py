"""Turn Cycle Tracker values the rulebook text does not give (spec pandora-celeste G-01).

No defaults: until entered, the screen says which Nasties move is unset.
"""

from __future__ import annotations

from trackers.engine import BoardValue, State

_WHERE = ("the printed Turn Cycle Tracker (rulebook «Moving Nasties», «4. End of Cycle», "
          "«Checking the Vents»; spec G-01)")

BOARD_VALUES: tuple[BoardValue, ...] = (
    BoardValue("tracker_top", "Turn Cycle Tracker: its highest number", _WHERE, "int", 1, 30),
    BoardValue("big_nasty_boxes", "Turn Cycle Tracker: numbers whose box says Big or All "
               "Nasties Move", _WHERE, "ints", 0, 30),
    BoardValue("check_aircon_boxes", "Turn Cycle Tracker: numbers whose box says Check Aircon",
               _WHERE, "ints", 0, 30),
)


def box_says(state: State, key: str, number: int | None) -> bool | None:
    """Whether the tracker box ``number`` carries the entry ``key``; None while unset."""
    value = state.board.get(key)
    if number is None or not isinstance(value, list):
        return None
    return number in value


def box_lines(state: State, number: int | None) -> list[str]:
    """What the driving box says (spec §2 Phase 3 step 1, §4.2; G-01)."""
    if number is None:
        return ["no marker drives the tracker"]
    lines = [f"box {number}: Little Nasties move (they move every Cycle)"]
    for key, what in (("big_nasty_boxes", "Big Nasties move"),
                      ("check_aircon_boxes", "Check Aircon")):
        says = box_says(state, key, number)
        lines.append(f"box {number}: {what}: " + ("unset (board value " + key + ")"
                                                  if says is None else "yes" if says else "no"))
    return lines
