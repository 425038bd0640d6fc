"""Decks in two modes.

PhysicalDeck: the real cards stay on the table; the app keeps only the counts (in the
deck, in each hand, in the discard pile, removed) and says when to reshuffle.
VirtualDeck: the app holds named cards, shuffles and draws them itself. In a game that draws
at the moment (trackers.pieces.chance) it keeps no order: the cards left are a sorted list and
each draw picks one with the bits the app gave that draw.
In both, no card is ever created or lost: every move takes from one place and puts in another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar

from trackers.pieces.base import Field, Piece, PieceError, register_piece
from trackers.pieces.chance import Chance

RESHUFFLED = "the deck ran out: shuffle the discard pile; it is the new deck"


@register_piece
@dataclass
class PhysicalDeck(Piece):
    """Counts only: deck, discard, removed, and one hand per owner."""

    kind: ClassVar[str] = "physical_deck"
    label: str
    in_deck: int
    discard: int = 0
    removed: int = 0
    hands: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.in_deck + self.discard + self.removed + sum(self.hands.values())

    def draw(self, count: int, owner: str) -> list[str]:
        """Draw ``count`` cards into ``owner``'s hand, reshuffling the discard when needed."""
        if count < 0:
            raise PieceError(f"{self.label}: cards to draw must be 0 or more, not {count}")
        notes: list[str] = []
        drawn = 0
        while drawn < count:
            if self.in_deck == 0:
                if self.discard == 0:
                    notes.append(f"{self.label}: no cards left to draw ({count - drawn} short)")
                    break
                self.in_deck, self.discard = self.discard, 0
                notes.append(f"{self.label}: {RESHUFFLED}")
            take = min(self.in_deck, count - drawn)
            self.in_deck -= take
            drawn += take
        self.hands[owner] = self.hands.get(owner, 0) + drawn
        return notes

    def discard_from_hand(self, count: int, owner: str) -> None:
        self._take_from_hand(count, owner)
        self.discard += count

    def remove_from_hand(self, count: int, owner: str) -> None:
        self._take_from_hand(count, owner)
        self.removed += count

    def remove_from_deck(self, count: int) -> None:
        if not 0 <= count <= self.in_deck:
            raise PieceError(f"{self.label}: can remove 0 to {self.in_deck} cards from the deck")
        self.in_deck -= count
        self.removed += count

    def _take_from_hand(self, count: int, owner: str) -> None:
        held = self.hands.get(owner, 0)
        if not 0 <= count <= held:
            raise PieceError(f"{self.label}: {owner} holds {held} card(s); cannot give up {count}")
        self.hands[owner] = held - count

    def summary(self) -> str:
        hands = ", ".join(f"{k} {v}" for k, v in sorted(self.hands.items()))
        hands = f"; hands: {hands}" if hands else ""
        return f"{self.label}: {self.in_deck} in deck, {self.discard} discarded{hands}"

    def fields(self) -> list[Field]:
        # A hand override moves cards between the deck and that zone, so the total stays true.
        zones = [Field("discard", "discard pile", 0), Field("removed", "removed", 0)]
        return zones + [Field(f"hand:{o}", f"{o}'s hand", 0) for o in sorted(self.hands)]

    def get_field(self, name: str) -> int:
        self._field(name)
        if name.startswith("hand:"):
            return self.hands[name[5:]]
        return int(getattr(self, name))

    def set_field(self, name: str, value: int) -> list[str]:
        self._check_range(name, value)
        change = value - self.get_field(name)
        if change > self.in_deck:
            raise PieceError(f"{self.label}: only {self.in_deck} card(s) left in the deck to move")
        self.in_deck -= change
        if name.startswith("hand:"):
            self.hands[name[5:]] = value
        else:
            setattr(self, name, value)
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "in_deck": self.in_deck,
                "discard": self.discard, "removed": self.removed, "hands": dict(self.hands)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PhysicalDeck:
        return cls(data["label"], data["in_deck"], data["discard"], data["removed"],
                   dict(data["hands"]))


@register_piece
@dataclass
class VirtualDeck(Piece):
    """Named cards the app shuffles and draws; ``draw_pile[0]`` is the top card of a game
    started before, and what is left (sorted, no order kept) of a game that draws at the
    moment; ``drawn`` counts that deck's draws (each draw's pick is keyed by it)."""

    kind: ClassVar[str] = "virtual_deck"
    label: str
    draw_pile: list[str] = field(default_factory=list)
    discard_pile: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    drawn: int = 0

    @classmethod
    def shuffled(cls, label: str, cards: list[str], rng: Random) -> VirtualDeck:
        pile = list(cards)
        if isinstance(rng, Chance):
            return cls(label, sorted(pile))  # each card is picked when it is drawn
        rng.shuffle(pile)
        return cls(label, pile)

    def all_cards(self) -> list[str]:
        out = self.draw_pile + self.discard_pile + self.removed
        for hand in self.hands.values():
            out += hand
        return sorted(out)

    def draw(self, count: int, owner: str, rng: Random) -> tuple[list[str], list[str]]:
        """Draw into ``owner``'s hand; returns (cards drawn, notes)."""
        if count < 0:
            raise PieceError(f"{self.label}: cards to draw must be 0 or more, not {count}")
        drawn: list[str] = []
        notes: list[str] = []
        while len(drawn) < count:
            if not self.draw_pile:
                if not self.discard_pile:
                    notes.append(f"{self.label}: no cards left ({count - len(drawn)} short)")
                    break
                self.draw_pile, self.discard_pile = self.discard_pile, []
                if isinstance(rng, Chance):
                    self.draw_pile.sort()
                else:
                    rng.shuffle(self.draw_pile)
                notes.append(f"{self.label}: the deck ran out; the app shuffled the discard pile")
            drawn.append(self.draw_pile.pop(self._top(rng)))
        self.hands.setdefault(owner, []).extend(drawn)
        return drawn, notes

    def _top(self, rng: Random) -> int:
        """Where the next card is: the top of a shuffled pile, or a pick among what is left."""
        if not isinstance(rng, Chance):
            return 0
        self.drawn += 1
        return rng.pick(self.label, self.drawn, len(self.draw_pile))

    def discard(self, card: str, owner: str) -> None:
        self._take(card, owner)
        self.discard_pile.append(card)

    def remove(self, card: str, owner: str) -> None:
        self._take(card, owner)
        self.removed.append(card)

    def _take(self, card: str, owner: str) -> None:
        hand = self.hands.get(owner, [])
        if card not in hand:
            raise PieceError(f"{self.label}: {owner} does not hold {card!r}")
        hand.remove(card)

    def summary(self) -> str:
        return (f"{self.label}: {len(self.draw_pile)} in deck, "
                f"{len(self.discard_pile)} discarded, {len(self.removed)} removed")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "draw_pile": list(self.draw_pile),
                "discard_pile": list(self.discard_pile), "removed": list(self.removed),
                "hands": {k: list(v) for k, v in self.hands.items()}, "drawn": self.drawn}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> VirtualDeck:
        return cls(data["label"], list(data["draw_pile"]), list(data["discard_pile"]),
                   list(data["removed"]), {k: list(v) for k, v in data["hands"].items()},
                   int(data.get("drawn", 0)))
