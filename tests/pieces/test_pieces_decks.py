"""Decks: physical (counts only) and virtual (named cards); no card is ever created or lost."""

from __future__ import annotations

from collections import Counter as Multiset
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.pieces import PhysicalDeck, PieceError, VirtualDeck, piece_from_dict
from trackers.pieces.deck import RESHUFFLED


# --- PhysicalDeck ---------------------------------------------------------------------------
def test_drawing_moves_counts_from_the_deck_to_the_hand() -> None:
    deck = PhysicalDeck("Crew deck", 10)
    assert deck.draw(3, "Ann") == []
    assert (deck.in_deck, deck.hands) == (7, {"Ann": 3})
    assert deck.summary() == "Crew deck: 7 in deck, 0 discarded; hands: Ann 3"


def test_discard_and_remove_from_a_hand() -> None:
    deck = PhysicalDeck("D", 10)
    deck.draw(4, "Ann")
    deck.discard_from_hand(2, "Ann")
    deck.remove_from_hand(1, "Ann")
    assert (deck.in_deck, deck.discard, deck.removed, deck.hands["Ann"]) == (6, 2, 1, 1)


def test_cannot_give_up_more_cards_than_held() -> None:
    deck = PhysicalDeck("D", 10)
    deck.draw(1, "Ann")
    with pytest.raises(PieceError, match="Ann holds 1"):
        deck.discard_from_hand(2, "Ann")
    with pytest.raises(PieceError, match="Bob holds 0"):
        deck.remove_from_hand(1, "Bob")
    assert deck.hands["Ann"] == 1


def test_remove_from_the_deck() -> None:
    deck = PhysicalDeck("D", 5)
    deck.remove_from_deck(2)
    assert (deck.in_deck, deck.removed) == (3, 2)
    with pytest.raises(PieceError, match="0 to 3"):
        deck.remove_from_deck(4)


def test_running_out_reshuffles_the_discard_and_says_so() -> None:
    deck = PhysicalDeck("D", 3, discard=4)
    notes = deck.draw(5, "Ann")
    assert notes == [f"D: {RESHUFFLED}"]
    assert (deck.in_deck, deck.discard, deck.hands["Ann"]) == (2, 0, 5)


def test_drawing_the_exact_last_card_does_not_reshuffle_yet() -> None:
    deck = PhysicalDeck("D", 3, discard=4)
    assert deck.draw(3, "Ann") == []
    assert (deck.in_deck, deck.discard) == (0, 4)


def test_running_out_with_an_empty_discard_says_how_many_short() -> None:
    deck = PhysicalDeck("D", 2)
    notes = deck.draw(5, "Ann")
    assert notes == ["D: no cards left to draw (3 short)"]
    assert deck.hands["Ann"] == 2


def test_negative_draw_is_refused() -> None:
    with pytest.raises(PieceError, match="0 or more"):
        PhysicalDeck("D", 2).draw(-1, "Ann")


def test_set_by_hand_moves_cards_from_or_to_the_deck() -> None:
    deck = PhysicalDeck("D", 10)
    deck.draw(2, "Ann")
    deck.set_field("discard", 3)
    deck.set_field("hand:Ann", 0)
    assert (deck.in_deck, deck.discard, deck.hands["Ann"], deck.total) == (7, 3, 0, 10)
    with pytest.raises(PieceError, match="only 7"):
        deck.set_field("removed", 8)
    assert deck.removed == 0


def test_physical_round_trip() -> None:
    deck = PhysicalDeck("D", 10)
    deck.draw(3, "Ann")
    deck.discard_from_hand(1, "Ann")
    assert piece_from_dict(deck.to_dict()) == deck


physical_ops = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 8), st.sampled_from(["Ann", "Bob"])),
        st.tuples(st.just("discard"), st.integers(0, 4), st.sampled_from(["Ann", "Bob"])),
        st.tuples(st.just("remove"), st.integers(0, 4), st.sampled_from(["Ann", "Bob"])),
        st.tuples(st.just("remove_deck"), st.integers(0, 4), st.just("")),
        st.tuples(st.just("set"), st.integers(0, 15),
                  st.sampled_from(["discard", "removed", "hand:Ann"])),
    ),
    max_size=30,
)


@given(st.integers(0, 20), physical_ops)
def test_physical_total_never_changes(size: int, ops: list[tuple[str, int, str]]) -> None:
    deck = PhysicalDeck("D", size, hands={"Ann": 0})
    for op, n, who in ops:
        before = deck.to_dict()
        try:
            if op == "draw":
                short = n - deck.in_deck - deck.discard
                notes = deck.draw(n, who)
                assert any("short" in x for x in notes) == (short > 0)
            elif op == "discard":
                deck.discard_from_hand(n, who)
            elif op == "remove":
                deck.remove_from_hand(n, who)
            elif op == "remove_deck":
                deck.remove_from_deck(n)
            else:
                deck.set_field(who, n)
        except PieceError:
            assert deck.to_dict() == before  # a refused change changes nothing
        assert deck.total == size
        assert min(deck.in_deck, deck.discard, deck.removed, *deck.hands.values()) >= 0


# --- VirtualDeck ------------------------------------------------------------------------------
CARDS = [f"c{i}" for i in range(8)]


def test_shuffled_deck_holds_every_card_once() -> None:
    deck = VirtualDeck.shuffled("Terror", CARDS, Random(1))
    assert sorted(deck.draw_pile) == sorted(CARDS)
    assert deck.draw_pile != CARDS or VirtualDeck.shuffled("T", CARDS, Random(2)).draw_pile != CARDS


def test_the_same_seed_shuffles_the_same_way() -> None:
    a = VirtualDeck.shuffled("T", CARDS, Random("s"))
    b = VirtualDeck.shuffled("T", CARDS, Random("s"))
    assert a.draw_pile == b.draw_pile


def test_draw_takes_from_the_top_into_the_hand() -> None:
    deck = VirtualDeck("T", ["a", "b", "c"])
    drawn, notes = deck.draw(2, "Ann", Random(0))
    assert (drawn, notes) == (["a", "b"], [])
    assert deck.hands == {"Ann": ["a", "b"]}
    assert deck.draw_pile == ["c"]


def test_virtual_reshuffle_when_the_deck_runs_out() -> None:
    deck = VirtualDeck("T", ["a"], discard_pile=["b", "c"])
    drawn, notes = deck.draw(3, "Ann", Random(0))
    assert drawn[0] == "a"
    assert sorted(drawn) == ["a", "b", "c"]
    assert notes == ["T: the deck ran out; the app shuffled the discard pile"]
    assert deck.discard_pile == []


def test_virtual_draw_from_nothing_says_how_many_short() -> None:
    deck = VirtualDeck("T", ["a"])
    drawn, notes = deck.draw(3, "Ann", Random(0))
    assert drawn == ["a"]
    assert notes == ["T: no cards left (2 short)"]


def test_discard_or_remove_a_card_not_held_is_refused() -> None:
    deck = VirtualDeck("T", ["a", "b"])
    deck.draw(1, "Ann", Random(0))
    with pytest.raises(PieceError, match="Ann does not hold 'b'"):
        deck.discard("b", "Ann")
    with pytest.raises(PieceError, match="Bob does not hold 'a'"):
        deck.remove("a", "Bob")
    deck.discard("a", "Ann")
    assert deck.discard_pile == ["a"]


def test_virtual_summary_shows_counts_not_card_names() -> None:
    deck = VirtualDeck("T", ["secret card"], removed=["x"])
    assert deck.summary() == "T: 1 in deck, 0 discarded, 1 removed"


def test_virtual_round_trip() -> None:
    deck = VirtualDeck.shuffled("T", CARDS, Random(3))
    deck.draw(3, "Ann", Random(4))
    deck.discard(deck.hands["Ann"][0], "Ann")
    assert piece_from_dict(deck.to_dict()) == deck


virtual_ops = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 5), st.sampled_from(["Ann", "Bob"])),
        st.tuples(st.just("discard"), st.integers(0, 9), st.sampled_from(["Ann", "Bob"])),
        st.tuples(st.just("remove"), st.integers(0, 9), st.sampled_from(["Ann", "Bob"])),
    ),
    max_size=40,
)


@given(st.lists(st.sampled_from(["x", "y", "z", "w"]), max_size=12), virtual_ops,
       st.integers(0, 2**32))
def test_no_card_is_ever_created_or_lost(cards: list[str], ops: list[tuple[str, int, str]],
                                         seed: int) -> None:
    """Duplicates allowed (a deck may hold two copies of a card): the multiset is kept."""
    rng = Random(seed)
    deck = VirtualDeck.shuffled("T", cards, rng)
    expected = Multiset(cards)
    for op, n, who in ops:
        before = deck.to_dict()
        try:
            if op == "draw":
                drawn, _ = deck.draw(n, who, rng)
                assert len(drawn) == min(n, len(before["draw_pile"]) + len(before["discard_pile"]))
            else:
                hand = deck.hands.get(who, [])
                card = hand[n % len(hand)] if hand else "not held"
                if op == "discard":
                    deck.discard(card, who)
                else:
                    deck.remove(card, who)
        except PieceError:
            assert deck.to_dict() == before
        assert Multiset(deck.all_cards()) == expected
