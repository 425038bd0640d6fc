"""Push-your-luck odds: what the next flip may show, from the cards still in the Nasty Action
deck (spec pandora-celeste §5.5-§5.6; rulebook «Pushing your Luck»).

Virtual mode knows the draw pile. Mirror mode counts from the deck list on the board profile
less the flips the table entered since the last shuffle (each known only by the half it read).
"""

from __future__ import annotations

from typing import Any

from trackers.engine import State
from trackers.games.pandora_celeste import cards, nasties
from trackers.games.pandora_celeste.board import deck_problems
from trackers.games.pandora_celeste.facts import facts_of


def _left(state: State, half: str) -> tuple[int, int, int, int] | None:
    """(cards left, red on ``half``, reshuffle icons, flips of unknown colour) or None."""
    board = state.board
    if "deck_gold" not in board or deck_problems(board):
        return None
    size = len(board["deck_gold"])
    red = set(board.get(f"deck_{half}_red") or [])
    icons = set(board.get("deck_reshuffle") or [])
    if cards.virtual(state):
        deck = facts_of(state).get("deck") or {}
        pile = list(deck.get("draw") or []) or list(range(1, size + 1))  # empty: reshuffled
        return (len(pile), sum(1 for p in pile if p in red),
                sum(1 for p in pile if p in icons), 0)
    seen = facts_of(state).get("seen") or []
    same = [f for f in seen if f["half"] == half]
    reds = max(0, len(red) - sum(1 for f in same if f["red"]))
    shuffles = max(0, len(icons) - sum(1 for f in seen if f["reshuffle"]))
    return size - len(seen), reds, shuffles, len(seen) - len(same)


def line(state: State, attack: dict[str, Any]) -> str:
    """The odds of the next push, or why there are none."""
    half = attack["half"]
    found = _left(state, half)
    if found is None:
        return ("Odds: none without the deck list on your board profile (the Nasty Action "
                "deck's cards)")
    left, red, icons, unknown = found
    if left <= 0:
        return "Odds: every card of the deck list was flipped; the next flip follows a shuffle"
    good = "a MISS (-1)" if attack["dir"] == "nasty" else "a HIT (+1)"
    chance = (left - red) if attack["dir"] == "nasty" else red
    about = f" (about: {unknown} flip{'s' if unknown != 1 else ''} read the other half)" \
        if unknown else ""
    return (f"Odds of {good} on the next push: {chance} of {left} cards ({100 * chance // left}%)"
            f"; {icons} carr{'y' if icons != 1 else 'ies'} the reshuffle icon, which ends it"
            + about)


def overkill(state: State, attack: dict[str, Any]) -> str:
    """A warning when the Nasty hit is dead already at the damage reached."""
    if attack["dir"] != "crew":
        return ""
    entry = next((n for n in nasties.area(state) if n["id"] == attack["nasty"]), None)
    if entry is None:
        return ""
    total = nasties.hits(state, entry)
    if total is None:
        return ""
    landed = attack["dmg"] - nasties.kind_of(state, entry).reduction
    if entry["wounds"] + landed >= total:
        return (f"{nasties.label(entry)} dies at this damage already: pushing can only take "
                "it off ('Stop pushing')")
    return ""
