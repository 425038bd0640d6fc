"""The C-Deck Crisis deck in the solo game, with module C's nine new cards (spec lifeform §11.3).

Two ways to play it. **Mirror**: the player draws the real card and tells the app what it did.
**Virtual**: the player lists the deck once (the card texts are not in our rulebooks, G14/G21),
each card with the Remora chamber it names and its effects; the app shuffles and draws.

The effects the text gives, applied here: a token on a Remora chamber (Life Support instead when
it already holds one), "unlock a docking clamp", Renewed Stamina (the other conditions end), a
kept card turned into an action card (the hand limit applies), and a kept Crisis card counting
toward "discard any X cards". Everything else on a Crisis card is Dragon's Domain play the player
does at the table. Option C of the rulebook's example card cannot be read in our text: the app
says so and never makes it up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackers.engine import ActionError
from trackers.games.lifeform import remora
from trackers.games.lifeform.facts import LifeformFacts

DECK_MODES = ("mirror", "virtual")
NEW_CARDS = 9  # the nine new Crisis cards shuffled into the C-Deck deck (spec §11.3)
EFFECT_WORDS = {"clamp": "unlock a docking clamp", "stamina": "Renewed Stamina",
                "keep": "may be kept as an action card"}
NO_CHAMBER = "no Remora chamber"
SOURCE = "Thirteenth Passenger rulebook, Module C"
EXAMPLE_CARD = (
    "The rulebook's example Crisis card: options A and B each unlock a docking clamp and put a "
    "token on the shuttlecraft's Cockpit (A also gives the Repair Kit); option C is hidden "
    "under an illustration in our rulebook text, so the app does not know it: read it from "
    "your card.")
LIST_HELP = ("cards separated by ';', each 'name = chamber + effects' (effects: clamp, stamina, "
             "keep) or just 'name' for a C-Deck card that names no Remora chamber")


@dataclass(frozen=True)
class CrisisCard:
    """One card as the player listed it."""

    name: str
    chamber: str | None = None  # the Remora chamber it puts a token on
    clamp: bool = False
    stamina: bool = False
    keep: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "chamber": self.chamber, "clamp": self.clamp,
                "stamina": self.stamina, "keep": self.keep}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CrisisCard:
        return cls(data["name"], data["chamber"], data["clamp"], data["stamina"], data["keep"])

    def describe(self) -> str:
        parts = [f"token on the {self.chamber}"] if self.chamber else []
        parts += [EFFECT_WORDS[word] for word in ("clamp", "stamina", "keep")
                  if getattr(self, word)]
        return ", ".join(parts) or "no Remora effect (a C-Deck card)"


def parse_list(text: str) -> list[CrisisCard]:
    """The deck as typed; ActionError names the card and what is allowed."""
    cards: list[CrisisCard] = []
    for chunk in (c.strip() for c in text.split(";")):
        if not chunk:
            continue
        name, _, rest = (part.strip() for part in chunk.partition("="))
        if not name:
            raise ActionError(f"cards: {chunk!r} has no name; give {LIST_HELP}", "cards")
        if any(c.name.casefold() == name.casefold() for c in cards):
            raise ActionError(f"cards: {name!r} is listed twice; give each card its own name",
                              "cards")
        chamber, words = None, set()
        for item in (w.strip() for w in rest.split("+") if w.strip()):
            if item.casefold() in EFFECT_WORDS:
                words.add(item.casefold())
                continue
            try:
                found = remora.chamber_name(item)
            except ActionError:
                raise ActionError(f"cards: {name}: {item!r} is neither a Remora chamber ("
                                  f"{', '.join(remora.CHAMBERS)}) nor an effect (clamp, stamina, "
                                  "keep)", "cards") from None
            if chamber is not None:
                raise ActionError(f"cards: {name} names two chambers; a new Crisis card names "
                                  "one", "cards")
            chamber = found
        cards.append(CrisisCard(name, chamber, "clamp" in words, "stamina" in words,
                                "keep" in words))
    new = [c for c in cards if c.chamber]
    if len(new) != NEW_CARDS:
        raise ActionError(f"cards: the {NEW_CARDS} new Crisis cards each name a Remora chamber; "
                          f"{len(new)} of the cards listed do ({SOURCE}, Crisis Cards)", "cards")
    odd = [c.name for c in cards if not c.chamber and (c.clamp or c.stamina or c.keep)]
    if odd:
        raise ActionError(f"cards: {', '.join(odd)}: effects are listed for the new cards, which "
                          "name a Remora chamber", "cards")
    return cards


# --- resolving a card --------------------------------------------------------------------
def new_crisis(mode: str) -> dict[str, Any]:
    return {"mode": mode, "cards": {}, "current": None, "resolved": 0, "kept": [],
            "conditions": [], "log": []}


def resolve(facts: LifeformFacts, card: CrisisCard, life_support_length: int | None
            ) -> list[str]:
    """Apply what the card does to the Remora and the conditions; returns the lines to read.

    Keeping the card is ``keep_card`` (it needs the hand and its limit).
    """
    board, crisis = facts["remora"], facts["crisis"]
    lines = [f"Crisis card {card.name}: {card.describe()}"]
    if card.chamber:
        lines += remora.place_token(board, card.chamber, life_support_length)
    if card.clamp:
        lines += remora.unlock_clamp(board, "a Crisis card")
    if card.stamina:
        ended = list(crisis["conditions"])
        crisis["conditions"] = []
        lines.append("Renewed Stamina: " + (f"{', '.join(ended)} ended" if ended else
                                            "no other condition to end")
                     + f" ({SOURCE}, Crisis Cards)")
    crisis["resolved"] += 1
    crisis["log"].append(card.name)
    return lines


def needs_life_support(facts: LifeformFacts, chamber: str | None) -> bool:
    """Whether placing on ``chamber`` would advance Life Support (so its length is needed)."""
    return chamber is not None and remora.holds_token(facts["remora"], chamber)


def keep_card(facts: LifeformFacts, name: str, hand: int, hand_limit: int
              ) -> tuple[int, list[str]]:
    """Turn the card 180° into the hand of action cards: the new hand size and the lines."""
    facts["crisis"]["kept"].append(name)
    hand += 1
    lines = [f"{name} turned 180° into your hand of action cards: its icon works like a crew "
             f"action card ({SOURCE}, Note Regarding New Crisis Cards); {hand} card"
             f"{'' if hand == 1 else 's'} in hand"]
    if hand > hand_limit:
        lines.append(f"over your hand limit of {hand_limit}: discard {hand - hand_limit} "
                     "('Discard cards'; the kept Crisis card may be one of them)")
    return hand, lines


def discard(facts: LifeformFacts, hand: int, count: int, crisis_card: str | None
            ) -> tuple[int, list[str]]:
    """"Discard any X cards": ``count`` cards leave the hand, a kept Crisis card among them if
    named (spec §11.3)."""
    if count > hand:
        raise ActionError(f"count: you hold {hand} card{'' if hand == 1 else 's'}; give 1 to "
                          f"{hand}" if hand else "count: your hand is empty", "count")
    kept = facts["crisis"]["kept"]
    lines = [f"{count} card{'' if count == 1 else 's'} discarded; {hand - count} left in hand"]
    if crisis_card:
        if crisis_card not in kept:
            raise ActionError(f"crisis_card: {crisis_card!r} is not a kept Crisis card; give one "
                              f"of {', '.join(kept) or 'none'}", "crisis_card")
        kept.remove(crisis_card)
        lines.append(f"the kept Crisis card {crisis_card} was one of them ({SOURCE}, Note "
                     "Regarding New Crisis Cards)")
    return hand - count, lines
