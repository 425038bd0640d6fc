"""Space Station Phoenix diplomacy bonuses: who takes which bonus (spec §4.1-§4.3).

When a Dismantle, Construction, Transport or Terran Expedition ship is really used, every player
with a token above L0 on that ship's track takes a bonus. A sole leader chooses from their own
level and below; tied leaders and everyone behind choose strictly below their level. Reaching L4
as the effective level means two different bonuses from L0-L3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

TRACKS: tuple[str, ...] = ("dismantle", "construct", "transport", "expedition")
TOP_LEVEL = 5
PAIR_LEVEL = 4  # spec §4.2: L4 and L5 grant 2 different bonuses from L0-L3
# spec §4.2: the bonus printed on L0..L3. Which resource L3 gives depends on the track (§10.2).
BONUS_BY_LEVEL: dict[int, str] = {0: "1 GEM", 1: "2 GEMs", 2: "1 point", 3: "1 resource"}
# spec §4.1: the ship types that trigger a track. Diplomacy, Farm and Ice Collector trigger none.
SHIP_TRACKS: dict[str, str | None] = {
    "dismantle": "dismantle",
    "construction": "construct",
    "transport": "transport",
    "terran expedition": "expedition",
    "diplomacy": None,
    "farm": None,
    "ice collector": None,
}


def track_for_ship(ship_type: str) -> str | None:
    """The Diplomacy track a ship type triggers, or None (spec §4.1).

    Only a real ship use counts: bonus actions from Sectors, Hubs or Income trigger nothing.
    """
    key = ship_type.strip().lower()
    if key == "expedition":
        key = "terran expedition"
    if key not in SHIP_TRACKS:
        raise ValueError(f"ship type {ship_type!r}; allowed: {', '.join(SHIP_TRACKS)}")
    return SHIP_TRACKS[key]


@dataclass(frozen=True)
class DiplomacyAward:
    """One player's bonus on the triggered track."""

    player: str
    level: int
    standing: str  # "at the start", "sole leader", "tied for the lead", "below the leader"
    picks: int  # 0, 1 or 2 (2 means two different bonuses)
    options: tuple[int, ...]  # the levels whose printed bonus may be chosen
    why: str

    @property
    def option_labels(self) -> tuple[str, ...]:
        return tuple(BONUS_BY_LEVEL[level] for level in self.options)


def diplomacy_awards(levels: Mapping[str, int]) -> tuple[DiplomacyAward, ...]:
    """Each player's bonus for one triggered track, given every player's level (spec §4.3)."""
    for player, level in levels.items():
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= TOP_LEVEL:
            raise ValueError(f"{player}: level {level!r}; allowed: a whole number from 0 to 5")
    if not levels:
        return ()
    top = max(levels.values())
    leaders = [p for p, level in levels.items() if level == top]
    awards = []
    for player, level in levels.items():
        if level == 0:
            awards.append(DiplomacyAward(player, 0, "at the start", 0, (), "on L0: no bonus"))
            continue
        if level == top:
            standing = "sole leader" if len(leaders) == 1 else "tied for the lead"
        else:
            standing = "below the leader"
        reach = level if standing == "sole leader" else level - 1
        picks = 2 if reach >= PAIR_LEVEL else 1
        options = tuple(range(0, min(reach, 3) + 1))
        choice = "two different of" if picks == 2 else "one of"
        labels = ", ".join(BONUS_BY_LEVEL[o] for o in options)
        awards.append(
            DiplomacyAward(
                player, level, standing, picks, options,
                f"L{level}, {standing}: {choice} {labels}",
            )
        )
    return tuple(awards)


def sector_226_points(token_levels: list[int] | tuple[int, ...]) -> int | None:
    """Sector 226 at Income: own tokens at L3 or higher, minus 1 (spec §5.3, §9.8 F8).

    With no token at L3 or higher the formula gives -1, which the rulebook does not confirm
    (spec §10.17): None means the table must rule.
    """
    high = sum(1 for level in token_levels if level >= 3)
    return high - 1 if high else None
