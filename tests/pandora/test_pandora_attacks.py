"""Attacks both ways with push-your-luck (spec pandora-celeste §5.5-§5.7, §9.7; T18-T26,
T42): the worked examples, and the push loops as properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pandora.helpers import started, texts
from trackers.engine import ActionError, Session
from trackers.games.pandora_celeste.attacks import push_on_crew, push_on_nasty
from trackers.games.pandora_celeste.cards import BLUE, RED
from trackers.pieces import Counter


def game(crew: tuple[str, ...] = ("Flygirl", "Cap")) -> Session:
    return started(crew, seed="attacks")


def reveal(s: Session, name: str, room: str = "Galley") -> str:
    s.do("reveal_nasty", name=name, room=room)
    entry = s.state.facts["nasties"][-1]
    return f"{entry['id']}. {entry['name']}"


def lost(s: Session, name: str) -> int:
    return s.state.piece(f"{name.lower().replace(' ', '_')}_wounds", Counter).value


def markers(s: Session, label: str) -> int | None:
    for entry in s.state.facts["nasties"]:
        if f"{entry['id']}. {entry['name']}" == label:
            return int(entry["wounds"])
    return None  # killed: its card left the area


def test_t18_a_bug_hits_for_2_the_player_pushes_miss_then_hit() -> None:
    s = game()
    bug = reveal(s, "Bug")
    assert "HITS Flygirl for 2 dmg" in texts(s.do("nasty_attacks", nasty=bug, crew="Flygirl",
                                                  box=RED))
    assert "damage 2 -> 1; push again" in texts(s.do("push", box=BLUE))
    assert "damage 1 -> 2; the push is over" in texts(s.do("push", box=RED))
    with pytest.raises(ActionError, match="the push is over"):
        s.do("push", box=BLUE)
    notes = texts(s.do("settle_attack", from_deck=1))
    assert "Flygirl loses 2 cards to the Wound Tracker (1 from the hand, 1 from the Deck" in notes
    assert lost(s, "Flygirl") == 2
    assert s.state.facts["crew"]["Flygirl"]["lost_from"] == {"hand": 1, "deck": 1,
                                                             "discards": 0}


def test_t19_a_reshuffle_on_the_first_push_stops_it_and_2_stands() -> None:
    s = game()
    bug = reveal(s, "Bug")
    s.do("nasty_attacks", nasty=bug, crew="Flygirl", box=RED)
    notes = texts(s.do("push", box=BLUE, reshuffle=True))
    assert "reshuffle icon; damage 2 -> 2; the push is over" in notes
    assert "Shuffle the Nasty Action deck" in notes
    s.do("settle_attack")
    assert lost(s, "Flygirl") == 2


def test_t20_a_scuttlebug_hit_burrows_in_and_bites_at_each_turn_end() -> None:
    s = game()
    bug = reveal(s, "ScuttleBug")
    notes = texts(s.do("nasty_attacks", nasty=bug, crew="Cap", box=RED))
    assert "no push-your-luck" in notes and "burrows into Cap" in notes
    assert s.state.facts["attack"] is None and s.state.facts["nasties"] == []
    assert s.state.facts["crew"]["Cap"]["scuttlebugs"] == 1
    # the turn it burrowed in costs nothing: it bites from the next turn on («How to Survive
    # a ScuttleBug»: every player turn you take from then on)
    assert "bites from their next turn on" in texts(s.do("end_turn", crew="Cap",
                                                          turn="an Action"))
    assert lost(s, "Cap") == 0
    s.do("end_turn", crew="Cap", turn="Pass")
    s.do("end_turn", crew="Cap", turn="an Action")
    assert lost(s, "Cap") == 2
    s.do("end_turn", crew="Cap", turn="missed (Stunned)")
    assert lost(s, "Cap") == 2


def test_scuttlebug_turns_follow_the_table_reading() -> None:
    s = started(("Cap",), seed="t", scuttlebug_turns="action turns")
    s.do("scuttlebug", crew="Cap")
    s.do("end_turn", crew="Cap", turn="Rest")
    assert lost(s, "Cap") == 0
    s.do("end_turn", crew="Cap", turn="an Action", in_fire=True)
    assert lost(s, "Cap") == 2  # 1 for the ScuttleBug, 1 Hit from the fire


def test_t21_a_fist_attack_pushed_to_2_kills_a_bug() -> None:
    s = game()
    bug = reveal(s, "Bug")
    assert "HITS 1. Bug for 1 dmg" in texts(s.do("crew_attack", crew="Cap", nasty=bug,
                                                 weapon="fists", box=RED))
    assert "damage 1 -> 2; push again" in texts(s.do("push", box=RED))
    notes = texts(s.do("settle_attack"))
    assert "1. Bug: 2 wound markers (2 of 2 Hits)" in notes and "is killed" in notes
    assert s.state.facts["nasties"] == []


def test_an_overkill_says_more_than_its_hits_not_3_of_2() -> None:
    """Played: a weapon pushed to 3 on a Bug read '3 wound markers (3 of 2 Hits)'."""
    s = game()
    bug = reveal(s, "Bug")
    s.do("crew_attack", crew="Cap", nasty=bug, weapon="melee weapon", dmg=1, box=RED)
    s.do("push", box=RED)
    s.do("push", box=RED)
    notes = texts(s.do("settle_attack"))
    assert "1. Bug: 3 wound markers (more than its 2 Hits)" in notes and "is killed" in notes


def test_a_nasty_with_no_damage_hits_without_a_push_your_luck() -> None:
    """Played: the SpyBot (not aggressive, no damage) 'HITS Skins for 0 dmg. Push your luck',
    where a push could only add damage."""
    s = game()
    s.do("set_board_value", key="spybot_hits", value="3")
    spy = reveal(s, "SpyBot")
    notes = texts(s.do("nasty_attacks", nasty=spy, crew="Cap", box=RED))
    assert "deals no damage: nothing to push against" in notes
    assert s.state.facts["attack"] is None
    assert lost(s, "Cap") == 0


def test_t22_a_miss_on_the_push_is_a_glancing_blow() -> None:
    s = game()
    bug = reveal(s, "Bug")
    s.do("crew_attack", crew="Cap", nasty=bug, weapon="fists", box=RED)
    s.do("push", box=RED)
    assert "damage 2 -> 1; the push is over" in texts(s.do("push", box=BLUE))
    s.do("settle_attack")
    assert markers(s, bug) == 1


def test_t23_a_fist_miss_draws_a_strike_back_a_ranged_miss_does_not() -> None:
    s = game()
    bug = reveal(s, "Bug")
    assert "strikes back" in texts(s.do("crew_attack", crew="Cap", nasty=bug, weapon="fists",
                                        box=BLUE))
    for weapon in ("ranged weapon", "flamethrower"):
        notes = texts(s.do("crew_attack", crew="Cap", nasty=bug, weapon=weapon, dmg=2,
                           box=BLUE))
        assert "MISSES" in notes and "strikes back" not in notes


@pytest.mark.parametrize(("moved", "dmg"), [(3, 2), (0, 5)])
def test_t24_the_monsterbug_deals_5_less_1_per_room_moved(moved: int, dmg: int) -> None:
    s = game()
    monster = reveal(s, "MonsterBug")
    assert f"for {dmg} dmg" in texts(s.do("nasty_attacks", nasty=monster, crew="Cap",
                                          moved=moved, box=RED))


def test_t24_a_monsterbug_that_spent_5_does_not_attack() -> None:
    s = game()
    monster = reveal(s, "MonsterBug")
    assert "does not attack" in texts(s.do("nasty_attacks", nasty=monster, crew="Cap",
                                           moved=5, box=RED))
    with pytest.raises(ActionError, match="moved: give the rooms"):
        s.do("nasty_attacks", nasty=monster, crew="Cap", box=RED)


@pytest.mark.parametrize(("weapon", "dmg", "expected"), [("fists", None, 0),
                                                          ("melee weapon", 3, 2)])
def test_t25_the_monsterbug_takes_1_less_from_every_hit(weapon: str, dmg: int | None,
                                                       expected: int) -> None:
    s = game()
    monster = reveal(s, "MonsterBug")
    s.do("crew_attack", crew="Cap", nasty=monster, weapon=weapon, dmg=dmg, box=RED)
    s.do("settle_attack")
    assert markers(s, monster) == expected


def test_the_eva_suit_takes_one_off_a_nasty_hit_and_dodge_cancels_one() -> None:
    s = game()
    bug = reveal(s, "Bug")
    s.do("nasty_attacks", nasty=bug, crew="Cap", box=RED, eva_suit=True)
    assert "EVA Suit: 1 dmg less" in texts(s.do("settle_attack"))
    assert lost(s, "Cap") == 1
    assert "Dodge cancels" in texts(s.do("nasty_attacks", nasty=bug, crew="Cap", box=RED,
                                         defence="Dodge"))
    assert "cannot attack Cap" in texts(s.do("nasty_attacks", nasty=bug, crew="Cap",
                                             defence="Immunity"))
    assert lost(s, "Cap") == 1


def test_a_wrong_entry_names_the_field_and_records_nothing() -> None:
    s = game()
    bug = reveal(s, "Bug")
    before = len(s.events)
    with pytest.raises(ActionError, match="nasty: '7. Bug' is not allowed; give one of: 1. Bug"):
        s.do("nasty_attacks", nasty="7. Bug", crew="Cap", box=RED)
    with pytest.raises(ActionError, match="box: 'green' is not allowed; give one of: red"):
        s.do("nasty_attacks", nasty=bug, crew="Cap", box="green")
    with pytest.raises(ActionError, match="box: required; give the colour of the card's bottom"):
        s.do("nasty_attacks", nasty=bug, crew="Cap")
    with pytest.raises(ActionError, match="Push is not possible now"):
        s.do("push", box=RED)
    assert len(s.events) == before
    s.do("nasty_attacks", nasty=bug, crew="Cap", box=RED)
    with pytest.raises(ActionError, match="from_deck: the cards from the Deck and the discards"):
        s.do("settle_attack", from_deck=2, from_discards=1)
    assert s.state.facts["attack"] is not None and len(s.events) == before + 1


def test_cryo_pod_trap_freezes_on_a_miss() -> None:
    s = game()
    bug = reveal(s, "Bug")
    assert "frozen in the Cryo-Pod" in texts(s.do("cryo_pod", nasty=bug, batteries=2,
                                                   any_miss=True))
    assert s.state.facts["nasties"][0]["place"] == "frozen in a Cryo-Pod"


def test_t42_fenn_hit_turns_rogue_on_a_gold_number_at_or_above_the_cycle() -> None:
    s = started(("Cap",), eps=(("Vacuum", 5),), difficulty="Easy", seed="fenn",
                board={"objective_timer": 9})
    fenn = reveal(s, "Fenn")
    assert "nothing happens" in texts(s.do("crew_attack", crew="Cap", nasty=fenn,
                                           weapon="fists", gold=4))
    notes = texts(s.do("crew_attack", crew="Cap", nasty=fenn, weapon="fists", gold=5))
    assert "becomes FN(R1R)" in notes
    assert s.state.facts["nasties"][0]["name"] == "FN(R1R)"


def test_fenn_hit_with_no_marker_driving_does_not_read_none() -> None:
    """Played: after Abandon Ship a hit on Fenn read 'gold 5 is below the Cycle number None'."""
    s = started(("Cap",), eps=(("Vacuum", 5),), difficulty="Easy", seed="fenn",
                board={"objective_timer": 9})
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    fenn = reveal(s, "Fenn")
    notes = texts(s.do("crew_attack", crew="Cap", nasty=fenn, weapon="fists", gold=5))
    assert "None" not in notes
    assert "no Countdown Marker drives the tracker" in notes and "nothing happens" in notes


# --- push-your-luck as properties (spec §5.6; G-14 defaults) ---------------------------------
FLIPS = st.lists(st.tuples(st.booleans(), st.booleans()), max_size=30)  # (HIT?, reshuffle?)


def run(step: object, dmg: int, flips: list[tuple[bool, bool]],
        box_counts: bool) -> tuple[int, int, bool]:
    """Push until the loop says stop; returns damage, pushes made, whether it is still open."""
    pushes, open_ = 0, True
    for hit, reshuffle in flips:
        if not open_:
            break
        dmg, open_ = step(dmg, hit, reshuffle, box_counts)  # type: ignore[operator]
        pushes += 1
        assert dmg >= 0  # the floor
        if reshuffle:
            assert not open_  # a reshuffle always ends the push
    return dmg, pushes, open_


@given(st.integers(0, 8), FLIPS, st.booleans())
def test_pushing_against_a_nasty_hit_never_goes_below_the_floor(
        dmg: int, flips: list[tuple[bool, bool]], box_counts: bool) -> None:
    final, pushes, open_ = run(push_on_crew, dmg, flips, box_counts)
    if open_:  # only MISSes so far: each took 1 off, down to 0
        assert final == max(0, dmg - pushes)
    assert final <= dmg + 1  # a HIT ends it, so at most 1 more


@given(st.integers(0, 8), FLIPS, st.booleans())
def test_pushing_your_own_hit_never_goes_below_the_floor(
        dmg: int, flips: list[tuple[bool, bool]], box_counts: bool) -> None:
    final, pushes, open_ = run(push_on_nasty, dmg, flips, box_counts)
    if open_:  # only HITs so far: each drove it home by 1
        assert final == dmg + pushes
    assert final >= max(0, dmg - 1) or pushes == 0


def test_a_reshuffle_card_counts_nothing_by_default() -> None:
    for step in (push_on_crew, push_on_nasty):
        assert step(3, True, True, False) == (3, False)
        assert step(3, False, True, False) == (3, False)


# A one-card virtual deck (TEST DATA): both boxes red, no reshuffle icon, gold 5.
ONE_CARD = {"deck_gold": [5], "deck_top": [1], "deck_bottom": [4], "deck_top_red": [1],
            "deck_bottom_red": [1], "deck_reshuffle": []}


def test_virtual_cards_decide_the_attack_and_every_push() -> None:
    s = started(("Cap",), seed="v", nasty_cards="virtual", board=ONE_CARD)
    bug = reveal(s, "Bug")
    notes = texts(s.do("nasty_attacks", nasty=bug, crew="Cap"))
    assert "Drawn: card 1, bottom: Move to attack the nearest creature" in notes
    assert "HITS Cap for 2 dmg" in notes
    assert "Push 1: HIT; damage 2 -> 3; the push is over" in texts(s.do("push"))
    s.do("settle_attack")
    assert lost(s, "Cap") == 3
    with pytest.raises(ActionError, match=r"box: not asked now \(the app draws the cards in "
                                          r"virtual mode\); leave it out"):
        s.do("crew_attack", crew="Cap", nasty=bug, weapon="fists", box=RED)



def test_push_and_end_cycle_say_why_before_any_form_opens() -> None:
    """A push once the push is over, and ending the Cycle away from its step, are not
    possible now and say why (the app's key refuses before a form opens that could only
    fail); pushing again is possible while the push is open."""
    s = game()
    bug = reveal(s, "Bug")
    s.do("nasty_attacks", nasty=bug, crew="Flygirl", box=RED)
    assert s.blocked("push") is None
    s.do("push", box=BLUE)  # MISS: push again or stop
    assert s.blocked("push") is None
    s.do("push", box=RED)  # HIT: the push is over
    assert s.blocked("push") == "the push is over: settle it first ('Stop pushing')"
    assert not s.available("push") and s.available("settle_attack")
    assert "Ending the Cycle comes at the End of Cycle" in (s.blocked("end_cycle") or "")
    s.do("settle_attack", from_deck=1)
    assert s.blocked("push") == "no attack is under way: a Nasty attacks first ('Nasty " \
        "attacks')"
