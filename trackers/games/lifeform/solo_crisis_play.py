"""The solo Crisis deck at the table (Thirteenth Passenger, Module C): a mirrored card entered
as drawn, or the virtual deck listed once and drawn by the app; resolving, keeping and
discarding cards, and conditions. ``solo_actions`` declares the actions that call these.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import crisis, solo_board
from trackers.games.lifeform.crisis import CrisisCard
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Counter, VirtualDeck

Notes = list[Note | str]
Args = dict[str, Any]
TOPIC = "module_c"


def _notes(lines: list[str], topic: str = TOPIC) -> Notes:
    return [Note(line, topic) for line in lines]


# --- the Crisis deck ------------------------------------------------------------------------
def crisis_needs(state: State, chamber: str | None, keep: bool) -> list[str]:
    keys = [solo_board.LIFE_SUPPORT] if crisis.needs_life_support(facts_of(state), chamber) else []
    return keys + ([solo_board.HAND_LIMIT] if keep else [])


def apply_card(state: State, card: CrisisCard, keep: bool) -> Notes:
    lines = crisis.resolve(facts_of(state), card, state.board.get(solo_board.LIFE_SUPPORT))
    if keep:
        if not card.keep:
            raise ActionError(f"keep: {card.name} has no upside-down icon to keep it by", "keep")
        hand = state.piece("action_cards", Counter)
        hand.value, more = crisis.keep_card(facts_of(state), card.name, hand.value,
                                            state.board[solo_board.HAND_LIMIT])
        lines += more
    return _notes(lines)


def mirror_card(state: State, args: Args) -> CrisisCard:
    """The card as entered; unnamed, it is called by its place in the game ("card 3"), so two
    kept cards never share a name."""
    chamber = None if args["chamber"] == crisis.NO_CHAMBER else args["chamber"]
    name = args["card"] or f"card {facts_of(state)['crisis']['resolved'] + 1}"
    if args["keep"] and name in facts_of(state)["crisis"]["kept"]:
        raise ActionError(f"card: you keep a card named {name} already; give this one another "
                          "name", "card")
    return CrisisCard(name, chamber, args["clamp"], args["stamina"], args["keep"])


def crisis_card(state: State, args: Args, rng: Random) -> Notes:
    """Mirror mode: the player drew the real card and says what it did."""
    return apply_card(state, mirror_card(state, args), args["keep"])


def list_deck(state: State, args: Args, rng: Random) -> Notes:
    cards = crisis.parse_list(args["cards"])
    facts_of(state)["crisis"]["cards"] = {c.name: c.to_dict() for c in cards}
    state.pieces["crisis_deck"] = VirtualDeck.shuffled("Crisis deck", [c.name for c in cards],
                                                       rng)
    return [Note(f"Crisis deck: {len(cards)} cards listed ({crisis.NEW_CARDS} new); the app "
                 "shuffled them", TOPIC)]


def current(state: State) -> CrisisCard:
    name = facts_of(state)["crisis"]["current"]
    if name is None:
        raise ActionError("no Crisis card is waiting: draw one first", "action")
    return CrisisCard.from_dict(facts_of(state)["crisis"]["cards"][name])


def draw(state: State, args: Args, rng: Random) -> Notes:
    info = facts_of(state)["crisis"]
    if info["current"] is not None:
        raise ActionError(f"resolve {info['current']} first", "action")
    deck = state.piece("crisis_deck", VirtualDeck)
    if not deck.draw_pile:
        raise ActionError("the Crisis deck is empty: your Dragon's Domain rules say what "
                          "happens then", "action")
    drawn, _ = deck.draw(1, facts_of(state)["player"], rng)
    info["current"] = drawn[0]
    card = current(state)
    return [Note(f"Crisis card drawn: {card.name} ({card.describe()}). Choose its option on "
                 "the card, then 'Resolve the Crisis card'", TOPIC)]


def resolve(state: State, args: Args, rng: Random) -> Notes:
    """Virtual mode: the listed effects apply unless the option chosen gives none of them."""
    card = current(state)
    listed = args["effects"] == EFFECTS[0]
    applied = card if listed else CrisisCard(card.name, keep=card.keep)  # the icon stays
    notes = apply_card(state, applied, args["keep"])
    if not listed:
        notes.insert(0, Note(f"{card.name}: the option chosen gives none of its listed effects",
                             TOPIC))
    facts_of(state)["crisis"]["current"] = None
    if not args["keep"]:
        state.piece("crisis_deck", VirtualDeck).discard(card.name, facts_of(state)["player"])
    return notes


EFFECTS = ("its listed effects", "none of them (another option)")


def resolve_needs(state: State, args: Args) -> list[str]:
    name = facts_of(state)["crisis"]["current"]
    if name is None or args.get("effects") == EFFECTS[1]:
        return crisis_needs(state, None, bool(args.get("keep")))
    card = CrisisCard.from_dict(facts_of(state)["crisis"]["cards"][name])
    return crisis_needs(state, card.chamber, bool(args.get("keep")))


def condition(state: State, args: Args, rng: Random) -> Notes:
    facts_of(state)["crisis"]["conditions"].append(args["condition"])
    return [f"you are now under the condition {args['condition']}"]


def condition_ends(state: State, args: Args, rng: Random) -> Notes:
    facts_of(state)["crisis"]["conditions"].remove(args["condition"])
    return [f"the condition {args['condition']} ends"]


def discard(state: State, args: Args, rng: Random) -> Notes:
    hand = state.piece("action_cards", Counter)
    named = None if args["crisis_card"] in (None, "none") else args["crisis_card"]
    hand.value, lines = crisis.discard(facts_of(state), hand.value, args["count"], named)
    if named and "crisis_deck" in state.pieces:
        state.piece("crisis_deck", VirtualDeck).discard(named, facts_of(state)["player"])
    return _notes(lines)
