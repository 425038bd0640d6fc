"""Space Station Phoenix pluralities: category C of the final score (spec §7.2, §9.1).

For each species, 10 points for the most and 5 for the next; a tie for first shares 15 (round
down) and leaves no second place; a tie for second shares 5. A player with none of a species
never places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trackers.games.space_station_phoenix.station import SPECIES_SHORT

FIRST_PLACE = 10
SECOND_PLACE = 5


@dataclass(frozen=True)
class Place:
    """Where one player stands for one species (spec §7.2 category C algorithm)."""

    kind: str  # "none", "first", "tied_first", "second", "tied_second", "no_second", "lower"
    award: int
    group: tuple[int, ...]  # indices of the players sharing this place (self included)


def plurality_places(counts: Sequence[int]) -> tuple[Place, ...]:
    """Place every player for one species; a zero count never places (spec §7.2 C)."""
    places: list[Place] = [Place("none", 0, ()) for _ in counts]
    eligible = [i for i, count in enumerate(counts) if count > 0]
    if not eligible:
        return tuple(places)
    top = max(counts[i] for i in eligible)
    first = tuple(i for i in eligible if counts[i] == top)
    if len(first) >= 2:
        share = (FIRST_PLACE + SECOND_PLACE) // len(first)
        for i in eligible:
            places[i] = Place("tied_first", share, first) if i in first else Place(
                "no_second", 0, first
            )
        return tuple(places)
    places[first[0]] = Place("first", FIRST_PLACE, first)
    rest = [i for i in eligible if i not in first]
    if not rest:
        return tuple(places)
    runner_up = max(counts[i] for i in rest)
    second = tuple(i for i in rest if counts[i] == runner_up)
    for i in rest:
        if i not in second:
            places[i] = Place("lower", 0, second)
        elif len(second) == 1:
            places[i] = Place("second", SECOND_PLACE, second)
        else:
            places[i] = Place("tied_second", SECOND_PLACE // len(second), second)
    return tuple(places)


def join_names(names: Sequence[str]) -> str:
    """"Anna", "Anna and Beth", "Anna, Beth and Connor"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def plurality_lines(
    names: Sequence[str], counts: Sequence[int], species: str
) -> tuple[tuple[int, str], ...]:
    """(award, one-line reason) per player for one species.

    For example "pink: 8, tied first with Connor: (10+5)/2 rounded down = 7".
    """
    label = SPECIES_SHORT[species]
    places = plurality_places(counts)
    first_index = next((i for i, pl in enumerate(places) if pl.kind == "first"), None)
    lines = []
    for i, place in enumerate(places):
        count = counts[i]
        others = join_names([names[j] for j in place.group if j != i])
        if place.kind == "none":
            nobody = all(c == 0 for c in counts)
            why = f"{label}: nobody has any = 0" if nobody else f"{label}: has none, no place = 0"
        elif place.kind == "first":
            why = f"{label}: first with {count} = {FIRST_PLACE}"
        elif place.kind == "tied_first":
            why = (
                f"{label}: {count}, tied first with {others}: "
                f"({FIRST_PLACE}+{SECOND_PLACE})/{len(place.group)} rounded down = {place.award}"
            )
        elif place.kind == "no_second":
            leaders = join_names([names[j] for j in place.group])
            why = (
                f"{label}: {count}, but {leaders} tied first with {counts[place.group[0]]}, "
                "so no second place = 0"
            )
        else:
            assert first_index is not None
            behind = f"behind {names[first_index]}'s {counts[first_index]}"
            if place.kind == "second":
                why = f"{label}: second with {count} {behind} = {SECOND_PLACE}"
            elif place.kind == "tied_second":
                why = (
                    f"{label}: {count}, tied second with {others} {behind}: "
                    f"{SECOND_PLACE}/{len(place.group)} rounded down = {place.award}"
                )
            else:
                seconds = join_names([names[j] for j in place.group])
                why = (
                    f"{label}: {count} is below second place "
                    f"({seconds} with {counts[place.group[0]]}) = 0"
                )
        lines.append((place.award, why))
    return tuple(lines)
