"""Space Station Phoenix Income eligibility (spec space-station-phoenix §5.1).

A player may take Income when any of these holds: 7 GEMs or fewer; at least one of their own
ships is used (carries GEMs, whoever paid them); no legal ship action anywhere. In the last case
Income is compulsory, since there is no passing (spec §3.1).
"""

from __future__ import annotations

from dataclasses import dataclass

GEMS_AT_MOST = 7


@dataclass(frozen=True)
class IncomeCheck:
    """Whether Income may (or must) be taken, and the conditions that allow it."""

    eligible: bool
    compulsory: bool
    reasons: tuple[str, ...]

    def summary(self) -> str:
        if self.compulsory:
            return "must take Income: " + "; ".join(self.reasons)
        if self.eligible:
            return "may take Income: " + "; ".join(self.reasons)
        return "may not take Income: more than 7 GEMs, no used ship of theirs, and a ship to use"


def income_check(*, gems: int, own_ships_used: int, has_legal_ship_action: bool) -> IncomeCheck:
    """Income eligibility; ``own_ships_used`` counts the player's own ships carrying GEMs."""
    if gems < 0 or own_ships_used < 0:
        raise ValueError("gems and own_ships_used: allowed: whole numbers, 0 or more")
    reasons = []
    if gems <= GEMS_AT_MOST:
        reasons.append(f"{gems} GEMs (7 or fewer)")
    if own_ships_used > 0:
        reasons.append(f"{own_ships_used} of their own ships used")
    if not has_legal_ship_action:
        reasons.append("no legal ship action")
    return IncomeCheck(bool(reasons), not has_legal_ship_action, tuple(reasons))
