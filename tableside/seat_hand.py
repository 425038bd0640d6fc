"""A seat's hand: the cards the game keeps for this player, gathered on their own screen.

Read from the game's pieces and facts alone, the same for every game: where a deck counts
the cards in each hand (the real cards stay in the player's hand, the app counts them), the
seat says how many its player holds; where the app holds named cards (a virtual deck), it
names them; the single cards a game tracks by holder (``special_cards`` in its facts, such
as a Mining Laser) are named. The seat shows its own player's hand only; the counts are the
table's too (the game's panel has them with their limits, as anyone at a real table can
count the cards in a hand), the named cards of a virtual deck never leave the seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trackers.pieces import PhysicalDeck, VirtualDeck

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from tableside.seat_actions import Seat


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def hand_lines(play: OpenSession, seat: Seat) -> list[str]:
    """One line per hand of this seat's player (and roles), in the game's order of decks."""
    lines: list[str] = []
    for piece in play.state.pieces.values():
        for who in seat.roles:
            whose = "" if who == seat.player else f" ({who})"
            if isinstance(piece, PhysicalDeck) and who in piece.hands:
                lines.append(f"{piece.label}: {_cards(piece.hands[who])} in your hand{whose}")
            elif isinstance(piece, VirtualDeck) and who in piece.hands:
                held = ", ".join(piece.hands[who]) or "no cards"
                lines.append(f"{piece.label}: {held}{whose}")
    special = play.state.facts.get("special_cards")
    if isinstance(special, dict):
        cards = [card.replace("_", " ").title() for card, holder in special.items()
                 if holder in seat.roles]
        if cards:
            lines.append(f"You also hold: {', '.join(cards)}")
    return lines
