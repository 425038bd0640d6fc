"""The board profile as engine board values (spec lifeform §13, G1-G26).

The rules engineer's ``board_profile.SCHEMA`` names every printed value the text does not give.
The engine's ``BoardValue`` takes whole numbers only ("int" / "ints"), so each schema kind is
written as numbers here and read back into a checked ``BoardProfile``:

- a number, a list of numbers: as they are;
- a [lowest, highest] range: two numbers;
- [space, number] pairs: flattened, "space, number, space, number";
- labels: their code numbers (1 = the first allowed label), e.g. "1, 2, 2, 4";
- [space, label] pairs: "space, code, space, code";
- yes/no: 1 for yes, 0 for no.

None has a default: a key absent from ``state.board`` is unset (spec §13).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trackers.engine import ActionError, BoardValue
from trackers.games.lifeform.board_profile import (
    SCHEMA,
    BoardProfile,
    Kind,
    ProfileEntry,
    ProfileInvalid,
    entry,
)


def _codes(e: ProfileEntry) -> str:
    return ", ".join(f"{i} {label.replace('_', ' ')}" for i, label in enumerate(e.labels, 1))


def _label(e: ProfileEntry) -> str:
    """The label shown on the setup screen, with how to type the value."""
    gap = f" [{e.gap}]" if e.gap else ""
    how = {
        Kind.INT: "",
        Kind.INT_LIST: " (numbers separated by commas)",
        Kind.RANGE: " (lowest, highest)",
        Kind.SPACE_NUMBERS: " (pairs: space, number, space, number ...)",
        Kind.LABELS: f" (codes: {_codes(e)})",
        Kind.SPACE_LABELS: f" (pairs: space, code ...; codes: {_codes(e)})",
        Kind.BOOL: " (1 yes, 0 no)",
    }[e.kind]
    return f"{e.label}{how}{gap}"


def _board_value(e: ProfileEntry) -> BoardValue:
    look_at = e.rulebook + (f"; the text reveals: {e.reveals}" if e.reveals else "")
    if e.kind is Kind.INT:
        return BoardValue(e.key, _label(e), look_at, "int", e.low, e.high)
    if e.kind is Kind.BOOL:
        return BoardValue(e.key, _label(e), look_at, "int", 0, 1)
    if e.kind in (Kind.INT_LIST, Kind.RANGE):
        return BoardValue(e.key, _label(e), look_at, "ints", e.low, e.high)
    if e.kind is Kind.LABELS:
        return BoardValue(e.key, _label(e), look_at, "ints", 1, len(e.labels))
    return BoardValue(e.key, _label(e), look_at, "ints", 0, None)  # pairs: checked on decode


BOARD_VALUES: tuple[BoardValue, ...] = tuple(_board_value(e) for e in SCHEMA if not e.built_in)


def _pairs(key: str, numbers: list[int]) -> list[list[int]]:
    if len(numbers) % 2:
        raise ActionError(f"{key}: give pairs (an even count of numbers), got {len(numbers)}",
                          key)
    return [[numbers[i], numbers[i + 1]] for i in range(0, len(numbers), 2)]


def _decode_label(e: ProfileEntry, code: int) -> str:
    if not 1 <= code <= len(e.labels):
        raise ActionError(f"{e.key}: code {code} is not allowed; give {_codes(e)}", e.key)
    return e.labels[code - 1]


def decode(key: str, value: Any) -> object:
    """One board value (as the engine stores it) in the profile's own form."""
    e = entry(key)
    if e.kind is Kind.BOOL:
        return bool(value)
    if e.kind in (Kind.INT, Kind.INT_LIST, Kind.RANGE):
        return value
    if e.kind is Kind.LABELS:
        return [_decode_label(e, code) for code in value]
    pairs = _pairs(key, list(value))
    if e.kind is Kind.SPACE_LABELS:
        return [[space, _decode_label(e, code)] for space, code in pairs]
    return pairs


def encode(key: str, value: object) -> int | list[int]:
    """A profile value (e.g. from an imported file) as the engine stores it."""
    e = entry(key)
    if e.kind is Kind.BOOL:
        return 1 if value else 0
    if e.kind is Kind.INT:
        return int(value)  # type: ignore[call-overload]
    items = list(value)  # type: ignore[call-overload]
    if e.kind in (Kind.INT_LIST, Kind.RANGE):
        return [int(v) for v in items]
    if e.kind is Kind.LABELS:
        return [e.labels.index(v) + 1 for v in items]
    flat: list[int] = []
    for space, second in items:
        flat += [int(space), e.labels.index(second) + 1 if e.kind is Kind.SPACE_LABELS
                 else int(second)]
    return flat


def profile_of(board: Mapping[str, Any]) -> BoardProfile:
    """The checked profile for a session's board values; ActionError names every problem."""
    known = {e.key for e in SCHEMA if not e.built_in}
    values = {key: decode(key, raw) for key, raw in board.items() if key in known}
    try:
        return BoardProfile.from_values(values)
    except ProfileInvalid as err:
        first = err.errors[0].key if err.errors else None
        raise ActionError(f"board profile: {err}", first) from err


def board_of(profile: BoardProfile) -> dict[str, int | list[int]]:
    """A profile (e.g. imported from a friend's file) as session board values."""
    return {key: encode(key, value) for key, value in profile.values.items()}


def unset_labels(board: Mapping[str, Any], keys: tuple[str, ...]) -> list[str]:
    """Plain lines for the keys (of those given) still unset, with where to look."""
    return [f"{entry(k).label}: unset; look at {entry(k).rulebook} [{entry(k).gap}]"
            for k in keys if k not in board and not entry(k).built_in]
