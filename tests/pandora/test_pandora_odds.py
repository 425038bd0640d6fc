"""Push-your-luck odds from the cards left in the deck (rulebook «Pushing your Luck»), and a
warning when the Nasty is dead already."""

from __future__ import annotations

from tests.pandora.helpers import started, texts, walk_to
from trackers.games.pandora_celeste.cards import RED

ALL_RED = {"deck_gold": [1, 2, 3], "deck_top": [1, 1, 1], "deck_bottom": [1, 1, 1],
           "deck_top_red": [1, 2, 3], "deck_bottom_red": [1, 2, 3], "deck_reshuffle": []}
TEN = {"deck_gold": list(range(10)), "deck_top": [1] * 10, "deck_bottom": [1] * 10,
       "deck_top_red": [1, 2], "deck_bottom_red": [1, 2, 3, 4], "deck_reshuffle": [5]}


def test_virtual_odds_come_from_the_cards_left() -> None:
    s = started(("Flygirl",), seed="odds", board=ALL_RED, nasty_cards="virtual")
    walk_to(s, "crew_round")
    s.do("reveal_nasty", name="Bug", room="Galley")
    notes = texts(s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl"))
    assert "HITS Flygirl" in notes
    # two cards left, both red on the bottom: no MISS can come
    assert "Odds of a MISS (-1) on the next push: 0 of 2 cards (0%); 0 carry the reshuffle " \
        "icon" in notes
    s.do("settle_attack")
    notes = texts(s.do("crew_attack", crew="Flygirl", nasty="1. Bug", weapon="melee weapon",
                       dmg=2))
    assert "1. Bug dies at this damage already: pushing can only take it off" in notes
    assert "Odds of a HIT (+1) on the next push: 1 of 1 cards (100%)" in notes


def test_mirror_odds_count_the_entered_flips_out_of_the_deck_list() -> None:
    s = started(("Flygirl",), seed="odds2", board=TEN)
    walk_to(s, "crew_round")
    s.do("reveal_nasty", name="Bug", room="Galley")
    notes = texts(s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl", box=RED))
    assert "Odds of a MISS (-1) on the next push: 6 of 9 cards (66%); 1 carries the " \
        "reshuffle icon" in notes
    s.do("push", box=RED)
    s.do("settle_attack")
    t = started(("Flygirl",), seed="odds3")
    walk_to(t, "crew_round")
    t.do("reveal_nasty", name="Bug", room="Galley")
    notes = texts(t.do("nasty_attacks", nasty="1. Bug", crew="Flygirl", box=RED))
    assert "Odds: none without the deck list on your board profile" in notes


def test_a_virtual_desperation_attack_shows_the_cards_drawn() -> None:
    """Played: the Desperation Attack in virtual mode hid the cards the app drew."""
    board = ALL_RED | {"bridge_stations": 3, "objective_timer": 9}
    s = started(("Cap",), seed="desp", board=board, nasty_cards="virtual")
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug")
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper")
    s.do("board_vehicle", who="Cap", vehicle="Bridge")
    s.do("board_vehicle", who="1. MonsterBug", vehicle="Bridge")
    s.do("decouple_bridge")
    notes = texts(s.do("desperation_attack", crew="Cap", nasty="1. MonsterBug", discards=1))
    assert notes.count("Drawn: card") == 1 and "bottom box red (HIT)" in notes
