"""Space Station Phoenix station facts: species, Hub and Level-3 Sector ids, endgame bonus rules.

Facts from spec space-station-phoenix §1, §7.3 and §7.4. A bonus rule returns the points and a
short working; the caller supplies the counts (the rules never look anything up themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# spec §0 "Terms": four Alien colours plus Humans; the rulebook's species names in brackets.
ALIEN_SPECIES: tuple[str, ...] = ("teal", "pink", "brown", "gold")
SPECIES: tuple[str, ...] = (*ALIEN_SPECIES, "human")
SPECIES_LABELS: dict[str, str] = {
    "teal": "teal (Turkanshee)",
    "pink": "pink (Ensaroo)",
    "brown": "brown (Zonri)",
    "gold": "gold (Whijinga)",
    "human": "Humans",
}
# Short names used inside one-line explanations.
SPECIES_SHORT: dict[str, str] = {
    "teal": "teal",
    "pink": "pink",
    "brown": "brown",
    "gold": "gold",
    "human": "Humans",
}
# spec §1: 25 Aliens of each colour and 24 Humans in the box.
SPECIES_IN_BOX: dict[str, int] = {"teal": 25, "pink": 25, "brown": 25, "gold": 25, "human": 24}

# spec §1: 12 Basic Hubs B-1..B-12 and 12 Advanced Hubs A-1..A-12.
HUB_IDS: tuple[str, ...] = tuple(f"B-{i}" for i in range(1, 13)) + tuple(
    f"A-{i}" for i in range(1, 13)
)
# spec §7.4: the Level-3 numbers are 301-308, 311-318 and 321-328.
LEVEL3_IDS: tuple[str, ...] = tuple(
    str(base + i) for base in (300, 310, 320) for i in range(1, 9)
)
# spec §1: a station has at most 3 wings, one Sector per level in each.
MAX_SECTORS_PER_LEVEL = 3
# spec §7.2 category A: points per Sector by level.
SECTOR_POINTS: dict[int, int] = {1: 4, 2: 6, 3: 10}


@dataclass(frozen=True)
class BonusCounts:
    """What a Hub or Level-3 endgame bonus may count (spec §7.1)."""

    teal: int
    pink: int
    brown: int
    gold: int
    human: int
    level3_built: int
    sectors_built: int
    ships_left: int
    full_sectors: int
    metal: int


Formula = Callable[[BonusCounts], tuple[int, str]]


@dataclass(frozen=True)
class BonusRule:
    """An endgame bonus: what it pays for (in words) and its formula."""

    pays: str
    formula: Formula


# What one of a counted thing is called: "1 Human", "1 ship left", not "1 Humans".
_ONE: dict[str, str] = {"Level-3 Sectors": "Level-3 Sector", "Humans": "Human",
                        "full Sectors": "full Sector", "ships left": "ship left",
                        "Sectors built": "Sector built"}


def counted(count: int, label: str) -> str:
    """"1 Human", "11 Humans"; colour words ("3 teal") stay as they are."""
    return f"{count} {_ONE.get(label, label) if count == 1 else label}"


def _per(count_name: str, each: int, label: str) -> Formula:
    def formula(counts: BonusCounts) -> tuple[int, str]:
        count: int = getattr(counts, count_name)
        if each == 1:
            return count, f"{counted(count, label)} = {count}"
        return each * count, f"{each} × {counted(count, label)} = {each * count}"

    return formula


def _a1(counts: BonusCounts) -> tuple[int, str]:
    # spec §7.3 A-1: 0/1/2/3 ships left -> 20/15/10/5; 4 or more -> 0.
    points = {0: 20, 1: 15, 2: 10, 3: 5}.get(counts.ships_left, 0)
    return points, f"{counted(counts.ships_left, 'ships left')} = {points}"


def _305(counts: BonusCounts) -> tuple[int, str]:
    # spec §7.4 305: floor(metal / 3); the same metal still counts in leftovers (category E).
    points = counts.metal // 3
    return points, f"{counts.metal} metal / 3 rounded down = {points}"


# spec §7.3. A Hub not listed here has no endgame bonus.
HUB_BONUSES: dict[str, BonusRule] = {
    "B-1": BonusRule("2 per Level-3 Sector", _per("level3_built", 2, "Level-3 Sectors")),
    "B-4": BonusRule("1 per Human", _per("human", 1, "Humans")),
    "B-5": BonusRule("2 per full Sector", _per("full_sectors", 2, "full Sectors")),
    "B-6": BonusRule("1 per brown Alien", _per("brown", 1, "brown")),
    "B-7": BonusRule("1 per brown Alien", _per("brown", 1, "brown")),
    "B-8": BonusRule("1 per teal Alien", _per("teal", 1, "teal")),
    "B-9": BonusRule("1 per teal Alien", _per("teal", 1, "teal")),
    "B-10": BonusRule("1 per pink Alien", _per("pink", 1, "pink")),
    "B-11": BonusRule("1 per pink Alien", _per("pink", 1, "pink")),
    "B-12": BonusRule("1 per Human", _per("human", 1, "Humans")),
    "A-1": BonusRule("20/15/10/5 for 0/1/2/3 ships left", _a1),
    "A-4": BonusRule("2 per ship left", _per("ships_left", 2, "ships left")),
    "A-6": BonusRule("1 per Sector built", _per("sectors_built", 1, "Sectors built")),
}

# spec §7.4. Each pays only while its living quarters are occupied. A Level-3 Sector not listed
# has no endgame bonus, except 315, which the table decides (spec §10.15).
LEVEL3_BONUSES: dict[str, BonusRule] = {
    "305": BonusRule("1 per 3 metal", _305),
    "306": BonusRule("1 per teal Alien", _per("teal", 1, "teal")),
    "308": BonusRule("1 per Human", _per("human", 1, "Humans")),
    "316": BonusRule("1 per brown Alien", _per("brown", 1, "brown")),
    "325": BonusRule("1 per pink Alien", _per("pink", 1, "pink")),
    "327": BonusRule("1 per Human", _per("human", 1, "Humans")),
}
# Sector 315 reads "see Hub B-4": whether that copies B-4's endgame bonus is a table setting.
SECTOR_315 = "315"
SECTOR_315_AS_B4 = HUB_BONUSES["B-4"]


def hub_id(text: str) -> str | None:
    """A Hub as typed ("b5", "B5", "b-5", " A-12 ") in its printed form ("B-5"); None if none."""
    compact = text.strip().upper().replace(" ", "").replace("-", "")
    if len(compact) < 2 or compact[0] not in "AB" or not compact[1:].isdigit():
        return None
    hub = f"{compact[0]}-{int(compact[1:])}"
    return hub if hub in HUB_IDS else None
