"""Crew wounds, healing, ScuttleBugs, Fire and Hull Breaches (spec §6, §7; T20, T27-T33)."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import through_setup, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste.game import GAME
from trackers.pieces import Counter

CREW = ["Flygirl", "The Kid", "Skins", "Keni"]


def new(eps: tuple[tuple[str, int | None], ...] = (("Aircon", 6), ("Vacuum", 4))) -> Session:
    s = Session(GAME, SessionSetup(4, {"crew": CREW}), seed="crew")
    through_setup(s, eps)
    return s


def wounds(s: Session, name: str) -> int:
    return s.state.piece(f"{name.lower().replace(' ', '_')}_wounds", Counter).value


def status(s: Session, name: str) -> str:
    return str(s.state.facts["crew"][name]["status"])


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def test_t27_the_8th_wound_kills_and_the_kid_dies_on_the_6th() -> None:
    s = new()
    s.do("wound", crew="Flygirl", dmg=7)
    s.do("wound", crew="The Kid", dmg=5)
    assert status(s, "Flygirl") == "alive" and status(s, "The Kid") == "alive"
    assert "Flygirl is dead" in texts(s.do("wound", crew="Flygirl", dmg=1))
    assert "The Kid is dead" in texts(s.do("wound", crew="The Kid", dmg=1))
    with pytest.raises(ActionError, match="crew: 'Flygirl' is not allowed"):
        s.do("wound", crew="Flygirl", dmg=1)


def test_t29_the_eva_suit_takes_one_off_but_not_off_a_scuttlebug() -> None:
    s = new()
    s.do("wound", crew="Flygirl", dmg=3, eva_suit=True)
    assert wounds(s, "Flygirl") == 2
    s.do("scuttlebug", crew="Flygirl")
    s.do("wound", crew="Flygirl", dmg=1, source="ScuttleBug", eva_suit=True)
    assert wounds(s, "Flygirl") == 3


def test_androids_and_suits_take_no_hull_breach_damage() -> None:
    s = new()
    assert "no Hull Breach damage" in texts(s.do("wound", crew="Skins", dmg=1,
                                                   source="Hull Breach"))
    s.do("wound", crew="Flygirl", dmg=1, source="Hull Breach")
    assert wounds(s, "Skins") == 0 and wounds(s, "Flygirl") == 1


def test_a_scuttlebug_kill_brings_out_a_monsterbug() -> None:
    s = new()
    notes = texts(s.do("scuttlebug", crew="The Kid"))
    assert "1 lost card at the end of each of their later turns" in notes
    s.do("wound", crew="The Kid", dmg=5)
    assert "MonsterBug (Big Nasty) bursts out of the body" in texts(
        s.do("wound", crew="The Kid", dmg=1, source="ScuttleBug"))
    assert [n["name"] for n in s.state.facts["nasties"]] == ["MonsterBug"]


def test_keni_survives_one_fatal_blow() -> None:
    s = new()
    assert "Keni survives one fatal blow per game" in texts(s.do("wound", crew="Keni", dmg=8))
    assert status(s, "Keni") == "alive"
    assert "Keni is dead" in texts(s.do("wound", crew="Keni", dmg=1))


@pytest.mark.parametrize(("hand", "lost", "healed"), [(3, 4, 2), (5, 4, 1), (2, 1, 1)])
def test_t28_automed_surgery_heals_the_hand_back_to_five(hand: int, lost: int,
                                                         healed: int) -> None:
    s = new()
    s.do("wound", crew="Flygirl", dmg=lost)
    s.do("scuttlebug", crew="Flygirl")
    notes = texts(s.do("automed", crew="Flygirl", use="surgery", hand=hand, own_lost=lost))
    assert "removes and kills a ScuttleBug" in notes
    assert wounds(s, "Flygirl") == lost - healed
    assert s.state.facts["crew"]["Flygirl"]["scuttlebugs"] == 0


def test_automed_once_a_cycle_and_heal_two() -> None:
    s = new()
    s.do("wound", crew="Skins", dmg=4)
    s.do("automed", crew="Skins", use="heal 2", own_lost=3)
    assert wounds(s, "Skins") == 2
    with pytest.raises(ActionError, match="used the AutoMed this Cycle already"):
        s.do("automed", crew="Skins", use="heal 2", own_lost=2)
    walk_to(s, "tick")
    s.do("end_cycle")
    with pytest.raises(ActionError, match="hand: surgery heals up to 5"):
        s.do("automed", crew="Skins", use="surgery", own_lost=2)
    with pytest.raises(ActionError, match="own_lost: Skins has only 2 card"):
        s.do("automed", crew="Skins", use="heal 2", own_lost=3)
    s.do("automed", crew="Skins", use="heal 2", own_lost=1)
    assert wounds(s, "Skins") == 1


def test_heal_cannot_take_back_more_than_was_lost() -> None:
    s = new()
    s.do("wound", crew="Flygirl", dmg=2)
    with pytest.raises(ActionError, match="cards: Flygirl has only 2 card"):
        s.do("heal", crew="Flygirl", cards=3)
    s.do("heal", crew="Flygirl", cards=2)
    assert wounds(s, "Flygirl") == 0


def test_t31_fire_in_12_rooms_at_the_end_of_a_cycle_is_out_of_control() -> None:
    s = new()
    walk_to(s, "tick")
    assert "out of control" not in texts(s.do("end_cycle", fire_rooms=11))
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle", fire_rooms=12, fire_doorways=2))
    assert "Fire ends the Cycle in 12 rooms: out of control" in notes
    assert "gives no effect for this" in notes
    assert s.state.piece("fire_doorways", Counter).value == 2


@pytest.mark.parametrize(("tokens", "unstoppable"), [(11, True), (10, False)])
def test_t32_more_than_10_fire_tokens_as_the_tracker_reaches_0(tokens: int,
                                                              unstoppable: bool) -> None:
    s = new((("Aircon", 1), ("Vacuum", 5)))
    s.do("fire", rooms=tokens - 1, doorways=1)
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert ("the fire is unstoppable" in notes) is unstoppable
    assert "game is lost" in notes


def test_fire_changes_are_checked() -> None:
    s = new()
    assert "face down" in texts(s.do("fire", rooms=2))
    with pytest.raises(ActionError, match="rooms: only 2 on the Ship"):
        s.do("fire", rooms=-3)
    with pytest.raises(ActionError, match="rooms: give a change"):
        s.do("fire")
    assert "The fire is out" in texts(s.do("fire", rooms=-2))


def test_t33_the_9th_hull_breach_marker_is_catastrophic() -> None:
    s = new()
    notes = texts(s.do("hull_breach", markers=8))
    assert "Catastrophic" not in notes
    notes = texts(s.do("hull_breach"))
    assert "Catastrophic Hull Breach" in notes and "a tie is for the table to settle" in notes
    s.do("hull_breach", markers=-4)  # the broken-off section's markers come off
    assert s.state.piece("hull_breaches", Counter).value == 5
    assert "Catastrophic" in texts(s.do("hull_breach", markers=4))
    with pytest.raises(ActionError, match="markers: only 9 on the board"):
        s.do("hull_breach", markers=-10)


def test_the_end_by_hand_closes_the_game_with_outcomes() -> None:
    s = new()
    s.do("end_game", how="the table stops here")
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "the table stops here"
    assert set(record.outcomes.values()) == {"loser"}  # nobody escaped
    with pytest.raises(ActionError, match="the game is over"):
        s.do("wound", crew="Skins", dmg=1)


def test_t30_too_few_cards_to_lose_is_asked_of_the_table() -> None:
    s = new()
    with pytest.raises(ActionError, match="shortfall: Flygirl has only 1 card to lose"):
        s.do("wound", crew="Flygirl", dmg=3, cards_left=1)
    s.do("wound", crew="Flygirl", dmg=3, cards_left=1, shortfall="is not taken")
    assert wounds(s, "Flygirl") == 1
    notes = texts(s.do("wound", crew="Flygirl", dmg=3, cards_left=1,
                       shortfall="counts as wounds"))
    assert "2 dmg with no card left to lose counts as wounds" in notes
    assert wounds(s, "Flygirl") == 4
    with pytest.raises(ActionError, match="shortfall: only when fewer cards are left"):
        s.do("wound", crew="Flygirl", dmg=1, cards_left=5, shortfall="is not taken")
