"""Printed values the rulebook text does not give: the user enters them (spec nemesis-lockdown §15).

None of these has a default. Until one is set, the actions that need it refuse with a message
naming the board value and where to read it.
"""

from __future__ import annotations

from trackers.engine import ActionError, BoardValue, State
from trackers.pieces import Dice

TIME_START = 15  # spec §2.1 step 11: the Time token starts on the green 15
ISOLATION_SLOT = 8  # spec §5.1 / §5.4: the white slot 8 opens the Isolation Room
NOISE_FACES = ("1", "2", "3", "4", "Danger", "Silence")  # spec §7.3: the faces that exist

_FACE_KEYS = {face: f"noise_die_{face.lower()}" for face in NOISE_FACES}

BOARD_VALUES: tuple[BoardValue, ...] = (
    BoardValue("time_last_number", "Time track: last numbered slot before S",
               "Time track on the board (rulebook 'Setup (Summary)', 'End of the Game'; spec G1)",
               "int", 1, ISOLATION_SLOT),
    BoardValue("css_slots", "Time track: slots printed with a CSS slot",
               "Time track on the board (rulebook 'Setup (Summary)'; spec G2)", "ints", 1,
               TIME_START),
    BoardValue("red_thresholds", "Time track: slots whose arrival triggers a red Power Threshold",
               "Time track on the board (rulebook 'Power and Darkness'; spec G5)", "ints", 1,
               TIME_START),
    BoardValue("blue_thresholds",
               "Time track: slots whose arrival triggers a blue (two-symbol) Power Threshold",
               "Time track on the board (rulebook 'Power and Darkness'; spec G5)", "ints", 1,
               TIME_START),
    *(BoardValue(key, f"Noise die: how many faces show {face}",
                 "the Noise die (rulebook 'Movement, Exploration, and Noise'; spec G21)", "int",
                 0, 20)
      for face, key in _FACE_KEYS.items()),
)


def last_number(state: State) -> int | None:
    """The lowest numbered Time-track slot (the one before S), if entered (spec G1)."""
    value = state.board.get("time_last_number")
    return value if isinstance(value, int) else None


def s_position(state: State) -> int | None:
    """Where S sits on the app's numbering: one below the last numbered slot (spec §5.1)."""
    last = last_number(state)
    return None if last is None else last - 1


def slot_exists(state: State, slot: int) -> bool | None:
    """Whether a numbered slot is on the track: 8..15 always; lower ones need G1 (spec §5.1)."""
    if ISOLATION_SLOT <= slot <= TIME_START:
        return True
    last = last_number(state)
    if last is None:
        return None
    return last <= slot <= TIME_START


def need_slot(state: State, slot: int, what: str) -> None:
    """Refuse unless ``slot`` is a numbered slot of the track (spec §5.9, G8)."""
    known = slot_exists(state, slot)
    if known is None:
        raise ActionError(f"{what}: needs the board value time_last_number (the last numbered "
                          "Time-track slot before S, spec G1); enter it first", "time_last_number")
    if not known:
        raise ActionError(f"{what}: slot {slot} is past the last numbered slot; the rulebook "
                          "text does not cover this (spec G8), so resolve it at the table")


def slot_list(state: State, key: str) -> list[int]:
    value = state.board.get(key)
    return list(value) if isinstance(value, list) else []


def noise_die(state: State) -> Dice:
    """The Noise die from the entered face counts; faces stay unset until all six are given."""
    counts = [state.board.get(key) for key in _FACE_KEYS.values()]
    if any(not isinstance(c, int) for c in counts) or sum(c for c in counts if c) == 0:
        return Dice("Noise die", None)
    faces: list[str] = []
    for face, count in zip(NOISE_FACES, counts, strict=True):
        faces += [face] * int(count or 0)
    return Dice("Noise die", tuple(faces))
