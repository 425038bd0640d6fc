"""Nasty Action cards: flipped at the table and entered (mirror) or drawn by the app from the
deck list on the board profile (virtual) (spec pandora-celeste §5.3, §5.5; G-04).

A card is a dict: ``top``/``bottom`` instructions, ``top_red``/``bottom_red`` (a red Hit Box is
a HIT, blue a MISS), ``gold`` (its gold number, None when not entered) and ``reshuffle``.
``facts["deck"]`` holds the virtual deck's draw pile and discards as card positions. A game that
draws at the moment (trackers.pieces.chance) keeps the pile sorted and picks each card as it is
drawn (``drawn`` counts the draws); a game started before keeps its shuffled order.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste.board import INSTRUCTIONS, deck_problems
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces.chance import Chance, draws_now

RED, BLUE = "red (HIT)", "blue (MISS)"
BOXES = (RED, BLUE)
NASTY_DECK = "Nasty Action deck"
DECK_KEYS = ("deck_gold", "deck_top", "deck_bottom", "deck_top_red", "deck_bottom_red",
             "deck_reshuffle")


def virtual(state: State) -> bool:
    return bool(facts_of(state)["rules"]["nasty_cards"] == "virtual")


def deck_needs(state: State) -> list[str]:
    """The board values a virtual deck is built from (none in mirror mode)."""
    return list(DECK_KEYS) if virtual(state) else []


def _card_at(state: State, position: int) -> dict[str, Any]:
    b = state.board
    return {"position": position, "gold": b["deck_gold"][position - 1],
            "top": INSTRUCTIONS[b["deck_top"][position - 1] - 1],
            "bottom": INSTRUCTIONS[b["deck_bottom"][position - 1] - 1],
            "top_red": position in b["deck_top_red"],
            "bottom_red": position in b["deck_bottom_red"],
            "reshuffle": position in b["deck_reshuffle"]}


def _deck(state: State) -> dict[str, list[int]]:
    deck: dict[str, list[int]] | None = facts_of(state).get("deck")
    if deck is None or deck.get("size") != [len(state.board["deck_gold"])]:
        deck = {"size": [len(state.board["deck_gold"])], "draw": [], "discard": []}
        facts_of(state)["deck"] = deck
    return deck


def shuffle(state: State, rng: Random) -> list[Note | str]:
    """Every card back into the deck, shuffled (the reshuffle icon, spec §5.5)."""
    if not virtual(state):
        facts_of(state)["seen"] = []
        return [Note("Shuffle the Nasty Action deck (its discards too)", "nasty_round")]
    size = len(state.board["deck_gold"])
    deck = _deck(state)
    deck["draw"] = list(range(1, size + 1))
    if not draws_now(rng):
        rng.shuffle(deck["draw"])
    deck["discard"] = []
    return [Note("The app shuffled its Nasty Action deck", "nasty_round")]


def draw(state: State, rng: Random) -> tuple[dict[str, Any], list[Note | str]]:
    """The top card of the virtual deck; an empty deck is shuffled first. Lists that do not
    describe one deck (entered before they were checked) are refused by name, never read."""
    problems = deck_problems(state.board)
    if problems:
        raise ActionError("the deck lists on your board profile disagree: " + "; ".join(problems)
                          + " ('Enter a board value' to correct them)", "board")
    deck = _deck(state)
    notes: list[Note | str] = []
    if not deck["draw"]:
        notes += shuffle(state, rng)
        deck = _deck(state)
    top = 0
    if isinstance(rng, Chance):
        done = deck.setdefault("drawn", [0])
        done[0] += 1
        top = rng.pick(NASTY_DECK, done[0], len(deck["draw"]))
    position = deck["draw"].pop(top)
    deck["discard"].append(position)
    return _card_at(state, position), notes


def entered(instruction: str | None, box: str | None, gold: int | None,
            reshuffle: bool | None, half: str) -> dict[str, Any]:
    """A card the table flipped and typed in (mirror mode): the half this flip reads."""
    return {"position": None, "gold": gold, half: instruction,
            f"{half}_red": box == RED if box is not None else None,
            "reshuffle": bool(reshuffle)}


def flip(state: State, rng: Random, args: dict[str, Any], half: str, *,
         need_box: bool = True, need_instruction: bool = False) -> tuple[dict[str, Any],
                                                                         list[Note | str]]:
    """One card for this step: drawn (virtual) or as entered (mirror), checked for the fields
    the step reads. ``args`` may hold ``box``, ``instruction``, ``gold`` and ``reshuffle``
    (mirror mode only: in virtual mode those fields are not shown, and a value is refused)."""
    if virtual(state):
        card, notes = draw(state, rng)
        return card, notes + [Note(describe(card, half), "nasty_round")]
    if need_box and args.get("box") is None:
        raise ActionError(f"box: required; give the colour of the card's {half} Hit Box: "
                          f"{RED} or {BLUE}", "box")
    if need_instruction and args.get("instruction") is None:
        raise ActionError(f"instruction: required; give the card's {half} instruction: one of "
                          + ", ".join(INSTRUCTIONS), "instruction")
    card = entered(args.get("instruction"), args.get("box"), args.get("gold"),
                   args.get("reshuffle"), half)
    if card.get(f"{half}_red") is not None:  # the push odds count it out of the deck list
        facts_of(state).setdefault("seen", []).append(
            {"half": half, "red": bool(card[f"{half}_red"]), "reshuffle": card["reshuffle"]})
    return card, []


def is_hit(card: dict[str, Any], half: str) -> bool:
    return bool(card[f"{half}_red"])


def describe(card: dict[str, Any], half: str) -> str:
    bits = [f"card {card['position']}" if card["position"] else "card",
            f"{half}: {card.get(half) or '-'}",
            f"{half} box {'red (HIT)' if card.get(f'{half}_red') else 'blue (MISS)'}"]
    if card["gold"] is not None:
        bits.append(f"gold {card['gold']}")
    if card["reshuffle"]:
        bits.append("reshuffle icon")
    return "Drawn: " + ", ".join(bits)


def lines(state: State) -> list[str]:
    if not virtual(state):
        return ["Nasty Action cards: flip the real deck and enter what it shows"]
    if "deck_gold" not in state.board:
        return ["Nasty Action cards: the app draws; your deck list is asked for at the first "
                "draw"]
    deck = facts_of(state).get("deck") or {"draw": [], "discard": []}
    return [f"Nasty Action cards (the app draws): {len(deck['draw'])} in the deck, "
            f"{len(deck['discard'])} discarded"]
