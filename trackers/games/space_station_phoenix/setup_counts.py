"""Space Station Phoenix setup numbers by player count (spec space-station-phoenix §2.1, §2.2).

Values are looked up from the spec's table, not derived from formulas, so a misprint shows up
as a test failure against the table rather than a silent extrapolation.
"""

from __future__ import annotations

from dataclasses import dataclass

ALIENS_IN_BAG = 100  # spec §1: 25 of each of 4 colours


@dataclass(frozen=True)
class PhoenixSetup:
    """What to lay out for a player count (spec §2.1) and the draft order (spec §2.2 step 11)."""

    players: int
    humans_on_terra: int
    aliens_drawn: int
    aliens_left_in_bag: int
    sectors_per_stack: int  # per colour per level
    sectors_on_display: int
    friendly_sectors_per_stack: int  # friendly variant
    friendly_sectors_on_display: int
    level3_draft_ships: int
    level2_draft_ships: int
    hubs_dealt: int  # 2 per player
    compensation_gems: tuple[int, ...]  # by seat, P1 first
    level3_draft_order: tuple[int, ...]  # seat numbers (1 = starting player)
    level2_draft_order: tuple[int, ...]


# spec §2.1, columns 2p / 3p / 4p.
_TABLE: dict[int, dict[str, int]] = {
    2: {"humans": 16, "aliens": 50, "stack": 2, "friendly": 3, "draft": 5},
    3: {"humans": 20, "aliens": 70, "stack": 3, "friendly": 4, "draft": 7},
    4: {"humans": 24, "aliens": 90, "stack": 4, "friendly": 5, "draft": 9},
}
_COMPENSATION: dict[int, tuple[int, ...]] = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 3)}


def setup_for(players: int) -> PhoenixSetup:
    """The setup for 2, 3 or 4 players."""
    if isinstance(players, bool) or players not in _TABLE:
        raise ValueError(f"players: {players!r}; allowed: 2, 3 or 4")
    row = _TABLE[players]
    seats = tuple(range(1, players + 1))
    reverse = tuple(reversed(seats))
    return PhoenixSetup(
        players=players,
        humans_on_terra=row["humans"],
        aliens_drawn=row["aliens"],
        aliens_left_in_bag=ALIENS_IN_BAG - row["aliens"],
        sectors_per_stack=row["stack"],
        sectors_on_display=9 * row["stack"],  # 3 colours x 3 levels
        friendly_sectors_per_stack=row["friendly"],
        friendly_sectors_on_display=9 * row["friendly"],
        level3_draft_ships=row["draft"],
        level2_draft_ships=row["draft"],
        hubs_dealt=2 * players,
        compensation_gems=_COMPENSATION[players],
        # spec §2.2 step 11: Level 3 in turn order then reversed; Level 2 reversed then in order.
        level3_draft_order=seats + reverse,
        level2_draft_order=reverse + seats,
    )


# The first game's fixed Hub-and-ship sets (rulebook: Setup, "For the first game"; spec §2.3):
# Hub, its two Level-3 ships, the Level-2 ship the table lists.
FIRST_GAME_SETS: tuple[tuple[str, str, str], ...] = (
    ("B-1", "Dismantle + Terran Expedition", "Dismantle"),
    ("B-2", "Ice Collector (+5 water) + Construction", "Farm (+4 food)"),
    ("B-3", "Terran Expedition + Dismantle", "Construction"),
    ("B-4", "Construction + Terran Expedition", "Transport"),
)
