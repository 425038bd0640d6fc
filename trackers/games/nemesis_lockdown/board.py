"""Printed values the rulebook text does not give: the table enters them from its own board.

Each is a ``BoardValue`` (unset until entered). ``BOARD_DEFAULTS`` are the public values of a
fan companion's data (facts sheet §16), offered once as a whole profile the table accepts and
then checks against its board; the Noise die's faces are not among them and stay unset.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import BoardValue, State
from trackers.pieces import Dice

TIME_START = 15  # Setup (Summary): the Time token starts on the green 15
ISOLATION_SLOT = 8  # Critical Gameplay Moments: the white slot 8 opens the Isolation Room
NOISE_FACES = ("1", "2", "3", "4", "Danger", "Silence")  # Movement, Exploration, and Noise
STALKER_KINDS = ("Larva", "Creeper", "Adult", "Breeder", "Queen")

_TRACK = "the Time track on your board (rulebook: Setup (Summary), End of the Game)"
_FACE_KEYS = {face: f"noise_die_{face.lower()}" for face in NOISE_FACES}
TOKEN_KEYS = {kind: f"tokens_{kind.lower()}" for kind in STALKER_KINDS}

BOARD_VALUES: tuple[BoardValue, ...] = (
    BoardValue("time_last_number", "Time track: last numbered slot before S", _TRACK,
               "int", 1, ISOLATION_SLOT),
    BoardValue("css_slots", "Time track: slots printed with a CSS slot", _TRACK, "ints", 1,
               TIME_START),
    BoardValue("red_thresholds", "Time track: slots with a red Power Threshold",
               "the Time track (rulebook: Power and Darkness)", "ints", 1, TIME_START),
    BoardValue("blue_thresholds", "Time track: slots with a blue (two-symbol) Power Threshold",
               "the Time track (rulebook: Power and Darkness)", "ints", 1, TIME_START),
    BoardValue("contingency_tokens", "Contingency tokens in your box",
               "the Contingency tokens in your box (rulebook: Setup (Summary))", "int", 1, 40),
    *(BoardValue(key, f"Noise die: how many faces show {face}",
                 "the Noise die (rulebook: Movement, Exploration, and Noise)", "int", 0, 20)
      for face, key in _FACE_KEYS.items()),
    *(BoardValue(key, f"{kind} tokens' numbers (lower:higher, one pair each)",
                 "the back of the Night Stalker tokens (rulebook: Encounter and Combat)",
                 "pairs", 0, 9)
      for kind, key in TOKEN_KEYS.items()),
)

# Facts sheet §16 (Arthez/nemesis-helper data): public values, not the rulebook's. Only keys
# that exist above; the Noise die faces are not in that data and stay unset.
BOARD_DEFAULTS: dict[str, Any] = {
    "time_last_number": 1,
    "css_slots": [10, 8, 6, 4, 2, 1],
    "blue_thresholds": [11, 5, 3],
    "red_thresholds": [14, 13, 9, 7, 4],
    "tokens_queen": [[4, 4]],
    "tokens_breeder": [[2, 4], [3, 4]],
    "tokens_adult": [[3, 4]] * 3 + [[2, 4]] * 3 + [[2, 3]] * 3 + [[1, 3]] * 3,
    "tokens_creeper": [[1, 2]] * 3,
    "tokens_larva": [[1, 2]] * 4 + [[0, 1]] * 4,
}
# The app shows it in parentheses ("Took 9 public board values (...)"): none inside.
BOARD_DEFAULTS_NOTE = ("public defaults, check against your board: a fan companion's data, "
                       "not the rulebook")


def last_number(state: State) -> int | None:
    """The lowest numbered Time-track slot (the one before S), if entered."""
    value = state.board.get("time_last_number")
    return value if isinstance(value, int) else None


def s_position(state: State) -> int | None:
    """Where S sits on the app's numbering: one below the last numbered slot."""
    last = last_number(state)
    return None if last is None else last - 1


def slot_exists(state: State, slot: int) -> bool | None:
    """Whether a numbered slot is on the track: 8..15 always; lower ones need the board."""
    if ISOLATION_SLOT <= slot <= TIME_START:
        return True
    last = last_number(state)
    if last is None:
        return None
    return last <= slot <= TIME_START


def slot_list(state: State, key: str) -> list[int]:
    value = state.board.get(key)
    return list(value) if isinstance(value, list) else []


def token_numbers(state: State, kind: str) -> list[tuple[int, int]]:
    """The (lower, higher) pairs printed on the tokens of one kind, if entered."""
    value = state.board.get(TOKEN_KEYS.get(kind, ""))
    return [(int(a), int(b)) for a, b in value] if isinstance(value, list) else []


def noise_die(state: State) -> Dice:
    """The Noise die from the entered face counts; faces stay unset until all six are given."""
    counts = [state.board.get(key) for key in _FACE_KEYS.values()]
    if any(not isinstance(c, int) for c in counts) or sum(c for c in counts if c) == 0:
        return Dice("Noise die", None)
    faces: list[str] = []
    for face, count in zip(NOISE_FACES, counts, strict=True):
        faces += [face] * int(count or 0)
    return Dice("Noise die", tuple(faces))


def noise_die_keys() -> tuple[str, ...]:
    return tuple(_FACE_KEYS.values())
