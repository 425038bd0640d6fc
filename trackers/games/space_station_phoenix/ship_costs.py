"""Space Station Phoenix ship use payments (spec space-station-phoenix §3.3, §9.7).

The use cost goes onto the ship; another player's ship also costs its owner's fee, paid to that
owner. Hub discounts lower only the use cost, never below 1, and never the fee. A neutral ship
has no owner or fee named in the rulebook text (spec §10.10), so none is computed for it.
"""

from __future__ import annotations

from dataclasses import dataclass

WHOSE: tuple[str, ...] = ("own", "opponent", "neutral")
SHIP_TYPES: tuple[str, ...] = (
    "dismantle", "construction", "terran expedition", "transport", "diplomacy", "farm",
    "ice collector",
)


@dataclass(frozen=True)
class ShipPayment:
    """What using a ship costs: GEMs onto the ship, the fee to its owner, the user's outlay."""

    placed: int
    fee_to_owner: int | None  # None for a neutral ship: no owner named (spec §10.10)
    outlay: int
    neutral_marker: bool  # the user's Neutral Ship marker goes onto a neutral ship
    why: str


def _discount(hub: str | None, whose: str, ship_type: str) -> int:
    """The Hub's use-cost discount for this ship (spec §3.3 table)."""
    others = whose in ("opponent", "neutral")
    if hub == "A-2":
        return 2 if others else 1
    if hub == "A-5":
        return 1 if others else 0
    if hub == "A-7":
        return 2 if others and ship_type == "diplomacy" else 0
    if hub == "A-10":
        return 1 if ship_type == "terran expedition" else 0
    return 0


def ship_payment(
    *, use_cost: int, fee: int | None, whose: str, ship_type: str, hub: str | None = None
) -> ShipPayment:
    """The payment for one ship use; ``fee`` is the printed owner's fee (unused for own ships)."""
    kind = ship_type.strip().lower()
    if kind == "expedition":
        kind = "terran expedition"
    if kind not in SHIP_TYPES:
        raise ValueError(f"ship_type: {ship_type!r}; allowed: {', '.join(SHIP_TYPES)}")
    if whose not in WHOSE:
        raise ValueError(f"whose: {whose!r}; allowed: {', '.join(WHOSE)}")
    if use_cost < 0 or (fee is not None and fee < 0):
        raise ValueError("use_cost and fee: allowed: whole numbers, 0 or more")
    if whose == "opponent" and fee is None:
        raise ValueError("fee: an opponent's ship needs its printed owner's fee")
    discount = _discount(hub, whose, kind)
    placed = max(1, use_cost - discount) if discount else use_cost
    cost_text = f"max(1, {use_cost} - {discount}) = {placed}" if discount else str(placed)
    if whose == "own":
        return ShipPayment(placed, 0, placed, False, f"own ship: {cost_text} on the ship, no fee")
    if whose == "neutral":
        return ShipPayment(
            placed, None, placed, True,
            f"neutral ship: {cost_text} on the ship and your Neutral Ship marker; "
            "no owner's fee is named in the rulebook (spec §10.10)",
        )
    assert fee is not None
    return ShipPayment(
        placed, fee, placed + fee, False,
        f"opponent's ship: {cost_text} on the ship + {fee} fee to its owner = {placed + fee}",
    )
