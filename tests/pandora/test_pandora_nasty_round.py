"""The Active Nasty Area and the Nasty Action Round, one Nasty at a time (spec
pandora-celeste §2 Phase 3, §5.1-§5.5, §7.4; T43)."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import panel, started, texts, walk_to
from trackers.engine import ActionError, Session
from trackers.engine.actions import BoardValueNeeded
from trackers.games.pandora_celeste.cards import RED

FOLLOW = "Follow Instincts"
NOISIEST = "Attack the noisiest creature in this room"
# A 4-card virtual deck: card 1 reshuffles; top boxes red on 1 and 2, bottom red on 2 and 3.
DECK = {"deck_gold": [5, 2, 7, 4], "deck_top": [1, 3, 5, 4], "deck_bottom": [5, 1, 3, 2],
        "deck_top_red": [1, 2], "deck_bottom_red": [2, 3], "deck_reshuffle": [1]}


def in_round(crew: tuple[str, ...] = ("Flygirl", "Cap"), **kw: object) -> Session:
    s = started(crew, seed="round", **kw)  # type: ignore[arg-type]
    walk_to(s, "crew_round")
    s.do("record_noise", crew=crew[0], colour="Red")
    walk_to(s, "nasties")
    return s


def test_the_area_keeps_entry_order_and_an_unknown_nasty_is_entered_once() -> None:
    s = in_round()
    s.do("reveal_nasty", name="Bug", room="Galley")
    with pytest.raises(ActionError, match="kind: required for a Nasty the rulebook does not"):
        s.do("reveal_nasty", name="another Nasty", room="Sick Bay", other_name="Leech")
    s.do("reveal_nasty", name="another Nasty", room="Sick Bay", other_name="Leech",
         kind="Little", hits=3, dmg=1, move=2)
    with pytest.raises(ActionError, match="other_name: Leech is in the list already"):
        s.do("reveal_nasty", name="another Nasty", room="Bridge", other_name="Leech",
             kind="Little", hits=3, dmg=1)
    s.do("reveal_nasty", name="Leech", room="Bridge")
    lines = panel(s, "Active Nasty Area")
    assert lines[:3] == ("1. Bug, Little, Galley, wounds 0/2",
                         "2. Leech, Little, Sick Bay, wounds 0/3",
                         "3. Leech, Little, Bridge, wounds 0/3")


def test_the_attack_line_follows_the_instruction() -> None:
    """Played: a Bug told to attack the noisiest still read 'Given a choice it attacks the
    First Target, then anti-clockwise: Cap, Flygirl', though Flygirl was the noisiest; a
    pausing Nasty was told whom it attacks."""
    s = started(("Cap", "Flygirl"), seed="round")
    walk_to(s, "crew_round")
    s.do("you_first", by="Flygirl", target="Cap")
    s.do("record_noise", crew="Flygirl", colour="Red", count=2)
    s.do("record_noise", crew="Cap", colour="Amber")
    walk_to(s, "nasties")
    for _ in range(3):
        s.do("reveal_nasty", name="Bug", room="Bridge")
    s.do("nasty_round")
    notes = texts(s.do("nasty_card", instruction=NOISIEST))
    assert "attacks the noisiest first: Flygirl, Cap ('Nasty attacks')" in notes
    assert "First Target, then anti-clockwise" not in notes
    notes = texts(s.do("nasty_card", instruction="Pause & do nothing"))
    assert "pauses" in notes and "attacks" not in notes.replace("no attack", "")
    notes = texts(s.do("nasty_card", instruction=FOLLOW))
    assert "First Target, then anti-clockwise: Cap, Flygirl" in notes


def test_a_described_nasty_asks_for_the_numbers_only_its_card_gives() -> None:
    s = in_round()
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("reveal_nasty", name="Trophy Hunter", room="Armoury")
    assert asked.value.keys == ["trophy_hunter_hits", "trophy_hunter_dmg"]


def test_the_round_steps_two_nasties_in_order_and_says_what_each_does() -> None:
    s = in_round()
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("reveal_nasty", name="ScuttleBug", room="Iso-Ward")
    notes = texts(s.do("nasty_round"))
    assert "Little Nasties move. In order: 1. Bug, 2. ScuttleBug" in notes
    notes = texts(s.do("nasty_card", instruction=FOLLOW))
    assert "1. Bug (bottom half): Follow Instincts towards the First Target (Flygirl)" in notes
    assert "If it attacks" not in notes and "First Target, then anti-clockwise: Flygirl, Cap"\
        in notes
    assert "next: 2. ScuttleBug" in notes
    assert panel(s, "Nasty Action Round")[:2] == ("done: 1. Bug", "NOW: 2. ScuttleBug")
    # the attack flips a new card («Nasties vs Crewmembers»): its box is asked for
    with pytest.raises(ActionError, match="box: required"):
        s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl")
    assert "HITS Flygirl for 2 dmg" in texts(s.do("nasty_attacks", nasty="1. Bug",
                                                  crew="Flygirl", box=RED))
    s.do("settle_attack")
    notes = texts(s.do("nasty_card", instruction=NOISIEST))
    assert "attacks the noisiest creature in Iso-Ward" in notes
    assert "Every activated Nasty has acted" in notes
    assert "Shuffle" not in notes  # no reshuffle icon came up
    with pytest.raises(ActionError, match="Nasty's card is not possible now"):
        s.do("nasty_card", instruction=FOLLOW)
    assert panel(s, "Nasty Action Round")[0] == "Nasty Action Round: done this Cycle"


def test_big_nasties_move_only_when_the_box_says_and_the_box_is_asked_for() -> None:
    s = in_round()
    s.do("reveal_nasty", name="MonsterBug", room="Bridge")
    s.do("reveal_nasty", name="Bug", room="Galley")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("nasty_round")
    assert asked.value.keys == ["big_nasty_boxes"]
    s.do("set_board_value", key="big_nasty_boxes", value="5, 3")
    assert "In order: 2. Bug" in texts(s.do("nasty_round"))  # box 6: Little only
    t = in_round(board={"big_nasty_boxes": [6]})
    t.do("reveal_nasty", name="MonsterBug", room="Bridge")
    t.do("reveal_nasty", name="Bug", room="Galley")
    assert "All Nasties move. In order: 1. MonsterBug, 2. Bug" in texts(t.do("nasty_round"))
    notes = texts(t.do("nasty_card", instruction=FOLLOW))
    assert "(top half)" in notes and "up to 5 rooms" in notes


def test_iso_ward_static_frozen_and_silent_rounds() -> None:
    s = in_round()
    s.do("reveal_nasty", name="Bug", room="Iso-Ward")
    s.do("nasty_place", nasty="1. Bug", place="shut in the Iso-Ward")
    s.do("reveal_nasty", name="another Nasty", room="Cargo Bay", other_name="Spore Pod",
         kind="Static", hits=2, dmg=0)
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("nasty_place", nasty="3. Bug", place="frozen in a Cryo-Pod")
    notes = texts(s.do("nasty_round"))
    assert "In order: 1. Bug" in notes and "Static: 2. Spore Pod draw nothing" in notes
    notes = texts(s.do("nasty_card", reshuffle=True))
    assert "smashes out of the Iso-Ward: lay a Broken Door marker" in notes
    assert "Shuffle the Nasty Action deck" not in notes  # not before the round's attacks
    assert "Shuffle the Nasty Action deck" in texts(s.do("next_step"))  # the round ends


def test_no_noise_means_follow_instincts_pauses_and_an_empty_board_draws_vents() -> None:
    s = started(("Flygirl",), seed="quiet")
    walk_to(s, "count")
    s.do("count_noise")
    assert s.state.facts["first_target"] == "Flygirl"
    walk_to(s, "nasties")
    notes = texts(s.do("nasty_round"))
    assert "In order: none" in notes and "No Nasty is on the board: draw the top Vents" in notes
    notes = texts(s.do("vents_card", why="empty board", card="a Nasty", nasty="Bug"))
    assert "1. Bug (Little Nasty) comes out of the Vents (empty board) in Flygirl's room" in notes
    s.do("end_cycle")
    walk_to(s, "count")
    s.do("count_noise")
    walk_to(s, "nasties")
    s.do("nasty_round")
    assert "no noise was made this round: it pauses" in texts(
        s.do("nasty_card", instruction=FOLLOW))


def test_the_virtual_deck_asks_for_its_list_then_draws_and_reshuffles() -> None:
    s = in_round(nasty_cards="virtual")
    s.do("reveal_nasty", name="Bug", room="Galley")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("nasty_round")
    assert asked.value.keys == list(DECK)
    for key, value in DECK.items():
        s.do("set_board_value", key=key, value=", ".join(map(str, value)))
    notes = texts(s.do("nasty_round"))  # one key: the round begins and the app draws
    assert "Drawn: card " in notes and "Every activated Nasty has acted" in notes
    with pytest.raises(ActionError, match="Nasty's card is not possible now"):
        s.do("nasty_card", instruction=FOLLOW)
    drawn = s.state.facts["deck"]
    assert len(drawn["draw"]) + len(drawn["discard"]) == 4
    if "Drawn: card 1," in notes:  # the reshuffle icon: every card back once the round ends
        assert "The app shuffled" in texts(s.do("nasty_round"))  # the same key ends the round
        assert s.state.facts["deck"]["discard"] == []
    else:
        assert len(drawn["discard"]) == 1 and "The app shuffled" not in notes.split("Drawn")[1]


def test_the_deck_lists_must_describe_one_deck() -> None:
    s = in_round(nasty_cards="virtual")
    s.do("set_board_value", key="deck_gold", value="5, 2, 7")
    with pytest.raises(ActionError, match="each card's top instruction: give 3 "
                       "entries, one per card \\(2 given\\)"):
        from trackers.games.pandora_celeste.game import GAME

        GAME.parse_board({"deck_gold": [5, 2, 7], "deck_top": [1, 2]})


def test_t43_extra_nasty_token_at_or_below_the_countdown() -> None:
    s = started(("Cap",), seed="x", variants=["Extra Nasty"], eps=(("Vacuum", 4),),
                difficulty="Easy")
    assert "joins the active Nasties" in texts(s.do("scenario_token", number=3))
    assert "no Nasty" in texts(s.do("scenario_token", number=5))
    t = started(("Cap",), seed="x")
    with pytest.raises(ActionError, match="Scenario Token is not possible now"):
        t.do("scenario_token", number=3)


def test_a_killed_nasty_leaves_and_a_wrong_one_is_refused() -> None:
    s = in_round()
    s.do("reveal_nasty", name="Bug", room="Galley")
    with pytest.raises(ActionError, match="nasty: '2. Bug' is not allowed"):
        s.do("remove_nasty", nasty="2. Bug")
    assert "its card leaves the Active Nasty Area" in texts(s.do("remove_nasty", nasty="1. Bug"))
    assert panel(s, "Active Nasty Area")[0] == "empty: no Nasty is active"


def test_the_banner_keeps_the_round_and_the_attack_in_view() -> None:
    from trackers.games.pandora_celeste.view import banner

    s = in_round()
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("nasty_round")
    assert banner(s.state) == [
        "Cycle 1 | Aircon 6 drives | First Target Flygirl | 1 Nasty active",
        "Nasty round: 1 of 1, now 1. Bug ('Nasty's card')",
        "Nasties: 1. Bug Galley 0/2"]
    s.do("nasty_card", instruction=FOLLOW)
    s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl", box=RED)
    assert banner(s.state)[1] == ("Attack: 1. Bug on Flygirl, bottom box, damage 2, pushes 0, "
                                  "may push")
