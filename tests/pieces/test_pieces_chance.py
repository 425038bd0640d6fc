"""Draws at the moment: a deck or bag keeps no order; each draw takes the bits the app gave
that draw (the pile and its draw number), so the same draw made again takes the same card."""

from __future__ import annotations

from random import Random

import pytest

from trackers.pieces import Bag, PieceError, VirtualDeck, piece_from_dict
from trackers.pieces.chance import Chance, DrawNeeded

CARDS = ["Bulkhead", "Dark", "Hiss", "Pods", "Vents"]


def fresh(log: dict[str, str]) -> Chance:
    """A Chance whose app gives new bits once per key, and the same bits after."""
    rng = Random(len(log))
    return Chance(source=lambda key: log.setdefault(key, f"{rng.getrandbits(64):016x}"))


def test_a_deck_made_for_draws_at_the_moment_holds_no_order() -> None:
    deck = VirtualDeck.shuffled("Crisis deck", list(reversed(CARDS)), fresh({}))
    assert deck.draw_pile == CARDS  # sorted: nothing to read an order from
    kept: dict[str, str] = {}
    chance = fresh(kept)
    drawn, _ = deck.draw(2, "Ripley", chance)
    assert deck.draw_pile == sorted(set(CARDS) - set(drawn))
    assert set(chance.used["picks"]) == {"Crisis deck#1", "Crisis deck#2"} == set(kept)
    again = piece_from_dict(VirtualDeck.shuffled("Crisis deck", CARDS, fresh({})).to_dict())
    assert isinstance(again, VirtualDeck)
    assert again.draw(2, "Ripley", Chance({"picks": chance.used["picks"]}))[0] == drawn


def test_a_bag_draw_is_a_pick_kept_by_its_number() -> None:
    bag = Bag("Intruder bag", {"Larva": 4, "Adult": 5, "Queen": 1})
    kept: dict[str, str] = {}
    first = [bag.draw(fresh(kept)) for _ in range(3)]
    assert bag.drawn == 3 and set(kept) == {f"Intruder bag#{n}" for n in (1, 2, 3)}
    again = Bag("Intruder bag", {"Larva": 4, "Adult": 5, "Queen": 1})
    assert [again.draw(Chance({"picks": kept})) for _ in range(3)] == first
    with pytest.raises(DrawNeeded, match="Intruder bag#4"):
        again.draw(Chance({"picks": kept}))  # a replay never makes up a draw
    old = Bag("Intruder bag", {"Larva": 4, "Adult": 5, "Queen": 1})
    old.draw(Random(1))  # a seeded game's draw: the stream, no count
    assert old.drawn == 0


def test_a_recorded_chance_is_checked() -> None:
    from trackers.pieces.chance import check_recorded

    assert check_recorded({"stream": "ab12", "picks": {"x#1": "ff"}}) == {
        "stream": "ab12", "picks": {"x#1": "ff"}}
    for bad in ({"stream": "XYZ"}, {"seed": "1"}, {"picks": ["ff"]}, "ff"):
        with pytest.raises(ValueError):
            check_recorded(bad)
    with pytest.raises(PieceError):
        Chance({"picks": {}}, source=lambda key: "0").pick("empty", 1, 0)
