"""The three decks in physical mode and the hand limits (spec lifeform §7).

The real cards stay on the table; the app counts them (deck, discard, hands) and says when to
reshuffle. Crew hands: limit 6, the Mining Laser and Flamethrower cards count (spec §7). The
lifeform's limit is the MAX HAND of its Cocoon space (G5/G6, board profile).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform.board import Board, board_of
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.tracks import cocoon_key
from trackers.games.lifeform.words import count
from trackers.pieces import PhysicalDeck, Track

CREW_HAND_LIMIT = 6  # spec §7
DECKS = {"crew": ("crew_deck", "Crew", 46), "lifeform": ("lifeform_deck", "Lifeform", 42),
         "terror": ("terror_deck", "Terror", 20)}  # spec §1.1, §7
STARTING_HAND = 3  # spec §2.1: 3 Crew cards per crew member, 3 Lifeform cards
SPECIAL_CARDS = ("mining_laser", "flamethrower")  # not Crew cards; count toward the limit (§7)
SPECIAL_NAMES = {"mining_laser": "Mining Laser", "flamethrower": "Flamethrower"}


def build_decks(lifeform: str, crew: list[str]) -> dict[str, PhysicalDeck]:
    """Setup steps 2d, 7, 13: shuffle; 3 Crew cards to each crew member; 3 Lifeform cards."""
    crew_deck = PhysicalDeck("Crew deck", DECKS["crew"][2])
    for member in crew:
        crew_deck.draw(STARTING_HAND, member)
    lifeform_deck = PhysicalDeck("Lifeform deck", DECKS["lifeform"][2])
    lifeform_deck.draw(STARTING_HAND, lifeform)
    return {"crew_deck": crew_deck, "lifeform_deck": lifeform_deck,
            "terror_deck": PhysicalDeck("Terror deck", DECKS["terror"][2])}


def deck(state: State, which: str) -> PhysicalDeck:
    return state.piece(DECKS[which][0], PhysicalDeck)


def cocoon_value(state: State, profile: Board, what: str) -> int | None:
    """MAX HAND ("max_hand") or Evolution ("evolution") on the Cocoon tracker's space (§4.3)."""
    values = profile.numbers(f"{cocoon_key(facts_of(state)['players'])}.{what}")
    space = state.piece("cocoon", Track).position
    if values is None or not 1 <= space <= len(values):
        return None
    return values[space - 1]


def special_held(state: State, member: str) -> list[str]:
    """The Mining Laser / Flamethrower cards a crew member holds."""
    return [c for c in SPECIAL_CARDS if facts_of(state)["special_cards"][c] == member]


def hand_size(state: State, who: str) -> int:
    """Cards counted toward the hand limit (spec §7)."""
    if who == facts_of(state)["lifeform"]:
        return deck(state, "lifeform").hands.get(who, 0)
    return deck(state, "crew").hands.get(who, 0) + len(special_held(state, who))


def hand_limit(state: State, who: str, profile: Board) -> int | None:
    if who == facts_of(state)["lifeform"]:
        return cocoon_value(state, profile, "max_hand")
    return CREW_HAND_LIMIT


def hand_check(state: State, who: str, profile: Board) -> list[Note]:
    """After a draw (all cards arrived): say how many to discard, the holder's choice (§7)."""
    limit = hand_limit(state, who, profile)
    held = hand_size(state, who)
    if limit is None:
        key = f"{cocoon_key(facts_of(state)['players'])}.max_hand"
        return [Note(f"{who} holds {count(held, 'card')}; the lifeform's hand "
                     "limit is "
                     f"{profile.unknown(key)}", "cocoon")]
    if held > limit:
        return [Note(f"{who} holds {count(held, 'card')}, over the hand limit "
                     f"of {limit}: discard "
                     f"{held - limit} of their choice (Discard cards) (rulebook, Gameplay "
                     "Additional Rules)", "round")]
    return []


def over_limit_hands(state: State) -> list[tuple[str, int, int]]:
    """(who, held, limit) for each hand above its known limit (rulebook, Gameplay Additional
    Rules)."""
    out = []
    for who in (facts_of(state)["lifeform"], *facts_of(state)["crew"]):
        limit = hand_limit(state, who, board_of(state.board))
        held = hand_size(state, who)
        allowed = facts_of(state).get("limit_ignored", {}).get(who)
        if allowed is not None and held <= allowed:
            continue  # cards a reward gave past the limit (module D): no discard is due
        if limit is not None and held > limit:
            out.append((who, held, limit))
    return out


def over_limit(state: State) -> list[str]:
    """Hands above their limit, still to be cut (rulebook, Gameplay Additional Rules)."""
    return [f"{who} holds {held} cards, over the hand limit of {limit}: discard "
            f"{held - limit} ('Discard cards')" for who, held, limit in over_limit_hands(state)]


def draw(state: State, which: str, who: str, count: int, profile: Board,
         check: bool = True, ignore_limit: bool = False) -> list[Note]:
    """Draw ``count`` into ``who``'s hand; reshuffle notes come from the deck (spec §7).
    ``ignore_limit``: a reward that ignores the hand limit; the hand it leaves is no discard's
    business (Thirteenth Passenger, Module D)."""
    pile = deck(state, which)
    notes = [Note(n, "round") for n in pile.draw(count, who)]
    if ignore_limit:
        facts_of(state).setdefault("limit_ignored", {})[who] = hand_size(state, who)
        check = False
    cards = "card" if count == 1 else "cards"
    notes.insert(0, Note(f"{who} draws {count} {DECKS[which][1]} {cards}", "round"))
    return notes + (hand_check(state, who, profile) if check else [])


def discard(state: State, which: str, who: str, count: int) -> list[Note]:
    pile = deck(state, which)
    held = pile.hands.get(who, 0)
    if held == 0:
        raise ActionError(f"count: {who} holds no {DECKS[which][1]} card to discard (a card "
                          "already counted elsewhere: choose card 'already counted')", "count")
    if not 0 < count <= held:
        cards = "card" if held == 1 else "cards"
        raise ActionError(f"count: {who} holds {held} {DECKS[which][1]} {cards}; give 1 to "
                          f"{held}", "count")
    pile.discard_from_hand(count, who)
    cards = "card" if count == 1 else "cards"
    return [Note(f"{who} discards {count} {DECKS[which][1]} {cards}", "round")]


def discard_hand(state: State, who: str) -> list[Note]:
    """Taking Control without a character to take: discard the hand; the Mining Laser and the
    Flamethrower leave the game (spec §8.3)."""
    pile = deck(state, "crew")
    held = pile.hands.get(who, 0)
    if held:
        pile.discard_from_hand(held, who)
    notes = [Note(f"{who} discards their {count(held, 'Crew card')}", "character_death")]
    for card in special_held(state, who):
        facts_of(state)["special_cards"][card] = "removed"
        notes.append(Note(f"the {SPECIAL_NAMES[card]} card in {who}'s hand leaves the game",
                          "character_death"))
    return notes


def draw_terror(state: State) -> list[Note]:
    """A character meets a Terror token: the token returns; the top Terror card is drawn,
    resolved and discarded (spec §3.10; who may see the Terror discard is G18)."""
    pile = deck(state, "terror")
    notes = [Note(n, "round") for n in pile.draw(1, "table")]
    if facts_of(state)["tokens_on_board"]["terror"] > 0:  # the token met goes back to the supply
        facts_of(state)["tokens_on_board"]["terror"] -= 1
    if pile.hands.get("table", 0):
        pile.discard_from_hand(1, "table")
        notes.append(Note("Terror: return the Terror token to the supply; draw the top Terror "
                          "card, resolve it, then discard it (rulebook, Movement and Attack; who "
                          "may look at "
                          "the Terror discard pile is not stated)", "round"))
    return notes
