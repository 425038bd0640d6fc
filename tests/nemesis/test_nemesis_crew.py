"""Wounds, Larvae, leaving the Facility, endings (spec §8, §10, §11; W1-W5, L1-L2, EN1-EN5)."""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import round_on, status, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.nemesis_lockdown.game import GAME
from trackers.pieces import Counter


def new(players: int = 2, **board: object) -> Session:
    values = {"time_last_number": 1, "css_slots": [], "red_thresholds": [],
              "blue_thresholds": [], **board}
    return Session(GAME, SessionSetup(players, names=("Ann", "Bob", "Cy", "Di")[:players],
                                      board=values), seed="crew")


def count(s: Session, piece: str) -> int:
    return s.state.piece(piece, Counter).value


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def test_w1_the_third_light_wound_becomes_serious() -> None:
    s = new()
    s.do("wound", player="Ann", kind="light")
    s.do("wound", player="Ann", kind="light")
    notes = texts(s.do("wound", player="Ann", kind="light"))
    assert "becomes a Serious Wound" in notes
    assert (count(s, "p1_light"), count(s, "p1_serious")) == (0, 1)


def test_w2_a_wound_at_three_serious_kills_and_opens_the_gate_once() -> None:
    s = new()
    for _ in range(3):
        s.do("wound", player="Ann", kind="serious")
    notes = texts(s.do("wound", player="Ann", kind="light"))
    assert "Ann's Character dies" in notes and "the Main Gate opens" in notes
    assert status(s, "Ann") == "dead" and s.state.facts["main_gate_open"]
    with pytest.raises(ActionError, match="player: Ann is dead"):
        s.do("wound", player="Ann", kind="light")
    for _ in range(4):
        last = texts(s.do("wound", player="Bob", kind="serious"))
    assert "Bob's Character dies" in last and "Main Gate" not in last
    assert "No active Character is left" in last


def test_w3_two_serious_two_light_plus_light_is_alive_at_three_serious() -> None:
    s = new()
    for kind in ("serious", "serious", "light", "light", "light"):
        s.do("wound", player="Bob", kind=kind)
    assert (count(s, "p2_light"), count(s, "p2_serious")) == (0, 3)
    assert status(s, "Bob") == "active"


def test_w5_a_fourth_serious_wound_kills() -> None:
    s = new()
    for _ in range(3):
        s.do("wound", player="Bob", kind="serious")
    assert "dies" in texts(s.do("wound", player="Bob", kind="serious"))


def test_unknown_player_is_refused_with_the_names() -> None:
    s = new()
    with pytest.raises(ActionError, match="player: 'Zed' is not allowed; give one of: Ann, Bob"):
        s.do("wound", player="Zed", kind="light")


def test_l1_l2_c5_larvae() -> None:
    s = new()
    s.do("contamination_card", player="Ann")
    assert "no INFECTED card" in texts(s.do("scan", player="Ann", infected=0))
    assert "the card stays" in texts(s.do("scan", player="Ann", infected=1))
    assert count(s, "p1_larva") == 1
    notes = texts(s.do("larva_attack", player="Ann"))
    assert "no second one" in notes and "takes 1 Contamination card" in notes
    assert status(s, "Ann") == "active" and s.state.facts["crew"][0]["contamination"] == 2
    with pytest.raises(ActionError, match="infected: Ann holds 2 Contamination cards"):
        s.do("scan", player="Ann", infected=3)
    notes = texts(s.do("scan", player="Ann", infected=1))
    assert "place a Creeper" in notes and status(s, "Ann") == "dead"
    assert "Corpse" not in notes  # the rulebook names only the Creeper: the table's option
    s.undo()
    assert status(s, "Ann") == "active" and count(s, "p1_larva") == 1
    t = Session(GAME, SessionSetup(2, names=("Ann", "Bob"), options={"larva_corpse": True}),
                seed="c")
    t.do("larva_attack", player="Ann")
    assert "Character Corpse" in texts(t.do("scan", player="Ann", infected=1))


def test_decon_removes_cards_and_the_larva() -> None:
    s = new()
    s.do("contamination_card", player="Bob", count=3)
    s.do("scan", player="Bob", infected=1)
    notes = texts(s.do("remove_contamination", player="Bob", cards=2, larva=True))
    assert "2 Contamination cards removed" in notes and "1 held" in notes
    assert count(s, "p2_larva") == 0


def test_w4_the_fire_wound_is_once_a_round() -> None:
    s = new()
    walk_to(s, "turns")
    s.do("fire_wound", player="Ann")
    with pytest.raises(ActionError, match="already took the fire wound this round"):
        s.do("fire_wound", player="Ann")
    assert count(s, "p1_light") == 1
    walk_to(s, "end")
    s.do("next_step")
    s.do("fire_wound", player="Ann")
    assert count(s, "p1_light") == 2


def test_k1_knowledge_and_the_weakness_levels() -> None:
    s = new()
    with pytest.raises(ActionError, match="say first whether Ann plays a Facility Worker"):
        s.do("knowledge", player="Ann", source="the Archive")
    s.do("character_kind", player="Ann", kind="Facility Worker")
    notes = texts(s.do("knowledge", player="Ann", source="Laboratory: analyse an Object",
                       researched="Egg"))
    assert "Knowledge 1 -> 4" in notes and "reaches Knowledge 3" in notes
    assert "Neutralizer" in notes and s.state.facts["weaknesses"] == ["Egg"]
    notes = texts(s.do("knowledge", player="Ann", source="the Archive"))
    assert "Knowledge 4 -> 6" in notes and "reaches Knowledge 5" in notes
    with pytest.raises(ActionError, match="already active"):
        s.do("knowledge", player="Ann", source="the Archive")
    s.do("character_kind", player="Bob", kind="Nemesis Survivor")
    assert s.state.facts["crew"][1]["knowledge"] == 3
    assert s.state.facts["crew"][1]["room"] == "Isolation Room"


def test_locking_in_needs_an_open_isolation_room_and_the_bunker_an_open_gate() -> None:
    s = new()
    round_on(s, 10)
    with pytest.raises(ActionError, match="Isolation Room opens on slot 8"):
        s.do("leave", player="Ann", how="locked in the Isolation Room")
    with pytest.raises(ActionError, match="Main Gate is still closed"):
        s.do("leave", player="Ann", how="in the Bunker")
    s.do("start_alert")
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    assert status(s, "Ann") == "locked in the Isolation Room"


def test_css_no_pod_brings_the_character_back_with_a_serious_wound() -> None:
    s = new(3, css_slots=[14])  # Cy stays inside: the round goes on to its launch
    round_on(s, 14)
    s.do("leave", player="Ann", how="in a CSS Pod")
    s.do("leave", player="Bob", how="in a CSS Pod")
    walk_to(s, "css")
    with pytest.raises(ActionError, match="pod_player: name whose Pod launches: Ann, Bob"):
        s.do("launch_css", face="one Pod")
    notes = texts(s.do("launch_css", face="one Pod", pod_player="Bob"))
    assert "Bob is evacuated" in notes and "Ann's Pod stays" in notes
    assert status(s, "Ann") == "active" and count(s, "p1_serious") == 1
    assert status(s, "Bob") == "evacuated"


def test_en1_purge_kills_everyone_outside_the_isolation_room() -> None:
    s = new()
    round_on(s, 8)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    round_on(s, 1)
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))
    assert "Game over (Facility purged)" in notes and "Dead at the end: Bob" in notes
    assert "Victory Check for Ann" in notes and "Kill-the-Queen" in notes


def test_en2_destruction_kills_the_isolated_but_not_the_bunker() -> None:
    s = new()
    round_on(s, 11)
    s.do("start_autodestruction")
    round_on(s, 8)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    round_on(s, 5)
    s.do("leave", player="Bob", how="in the Bunker")  # the red token opened the Gate
    assert "No active Character is left" in texts(s.notes)
    notes = texts(s.do("fast_forward"))
    assert "Fast-forward: Time token 5 -> 5" in notes and "Game over (Facility destroyed)" in notes
    assert status(s, "Ann") == "dead" and "Victory Check for Bob" in notes


def test_en3_the_last_one_locks_in_and_the_track_jumps_to_s() -> None:
    s = new()
    round_on(s, 8)
    with pytest.raises(ActionError, match="Ann, Bob still in play inside the Facility"):
        s.do("fast_forward")
    s.do("leave", player="Bob", how="dead")
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    notes = texts(s.do("fast_forward"))
    assert "Time token 8 -> S" in notes and "Victory Check for Ann" in notes
    assert GAME.status_of(s.state) == "ended: Facility purged"


def test_en4_red_on_5_time_on_7_fast_forwards_to_5() -> None:
    s = new()
    round_on(s, 11)
    s.do("start_autodestruction")
    round_on(s, 7)
    s.do("leave", player="Ann", how="dead")
    s.do("leave", player="Bob", how="in the Bunker")
    notes = texts(s.do("fast_forward"))
    assert "Time token 7 -> 5" in notes and "Game over (Facility destroyed)" in notes


def test_g10_red_before_the_alert_destroys_the_facility_as_step_5_would() -> None:
    s = new()
    round_on(s, 15)
    s.do("start_autodestruction")  # red on 9 from the round on 12
    round_on(s, 11)
    s.do("start_alert")  # on 5, past the red token
    s.do("leave", player="Ann", how="dead")
    s.do("leave", player="Bob", how="locked in the Isolation Room")
    with pytest.raises(ActionError, match="jump_to: the Time token reaches the red "
                       "Autodestruction token on 9 first"):
        s.do("fast_forward", jump_to="Alert token")
    notes = texts(s.do("fast_forward"))
    assert "Time token 11 -> 9" in notes and "Game over (Facility destroyed)" in notes
    assert status(s, "Bob") == "dead"


def test_en5_nobody_survives_nobody_wins() -> None:
    s = new()
    s.do("leave", player="Ann", how="dead")
    s.do("leave", player="Bob", how="dead")
    notes = texts(s.do("fast_forward"))
    assert "nobody wins" in notes and "Victory Check for" not in notes


def test_the_main_gate_can_be_opened_in_the_exit_room_once() -> None:
    s = new()
    s.do("open_main_gate")
    s.do("leave", player="Ann", how="in the Bunker")
    assert status(s, "Ann") == "in the Bunker"
    with pytest.raises(ActionError, match="the Main Gate is already open"):
        s.do("open_main_gate")


def test_names_take_their_article_and_capital() -> None:
    """'place an Adult miniature', 'this Light Wound kills': what the table reads is
    grammatical."""
    s = new()
    notes = "\n".join(n.text for n in s.do("encounter", room="Nest", drawn="Adult"))
    assert "place an Adult miniature in the Nest" in notes
    with pytest.raises(ActionError, match="#1 is an Adult, not a Larva"):
        s.do("larva_attack", player="Ann", intruder="1")
    for _ in range(3):
        s.do("wound", player="Bob", kind="serious")
    notes = "\n".join(n.text for n in s.do("wound", player="Bob", kind="light"))
    assert "this Light Wound kills" in notes


def test_only_the_first_explorer_of_the_nest_gains_its_knowledge() -> None:
    s = new()
    s.do("character_kind", player="Ann", kind="Facility Worker")
    s.do("character_kind", player="Bob", kind="Facility Worker")
    assert "Knowledge 1 -> 2" in texts(s.do("knowledge", player="Ann",
                                             source="first to explore the Nest"))
    with pytest.raises(ActionError, match="only the first Character to explore the Nest"):
        s.do("knowledge", player="Bob", source="first to explore the Nest")
    assert s.state.facts["crew"][1]["knowledge"] == 1
    s.undo()
    s.do("knowledge", player="Bob", source="first to explore the Nest")  # undo frees it
