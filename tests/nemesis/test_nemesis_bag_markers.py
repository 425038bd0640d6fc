"""Intruder bag, Encounters, Intruders on the board, markers, Noise (spec §6-§7; B1-B8, C1-C3,
M1-M4)."""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import finish_setup
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.games.nemesis_lockdown import rounds
from trackers.games.nemesis_lockdown.game import GAME
from trackers.pieces import Bag, Counter

FACES = {"noise_die_1": 2, "noise_die_2": 2, "noise_die_3": 2, "noise_die_4": 2,
         "noise_die_danger": 1, "noise_die_silence": 1}


def new(players: int = 4, **board: object) -> Session:
    return Session(GAME, SessionSetup(players, board=dict(board)), seed="bag")


def at_bag_step(players: int = 4) -> Session:
    s = new(players, time_last_number=1, css_slots=[], red_thresholds=[], blue_thresholds=[])
    finish_setup(s)
    while rounds.current(s.state) != "bag":
        s.do("advance_time" if s.state.facts["phase"] == "round"
             and rounds.current(s.state) == "time" else "next_step")
    return s


def bag(s: Session) -> Bag:
    return s.state.piece("intruder_bag", Bag)


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def test_b1_larva_becomes_an_adult() -> None:
    s = at_bag_step()
    s.do("develop_bag", drawn="Larva")
    assert bag(s).contents["Larva"] == 3 and bag(s).contents["Adult"] == 8
    assert bag(s).size == 14 and s.state.facts["removed"] == {"Larva": 1}
    assert s.state.facts["spares_used"] == {"Adult": 1}


def test_b2_creeper_becomes_a_breeder() -> None:
    s = at_bag_step()
    s.do("develop_bag", drawn="Creeper")
    assert bag(s).contents["Creeper"] == 0 and bag(s).contents["Breeder"] == 1
    assert bag(s).size == 14


def test_b3_blank_goes_back_with_an_extra_adult() -> None:
    s = at_bag_step()
    s.do("develop_bag", drawn="Blank")
    assert bag(s).contents["Blank"] == 1 and bag(s).size == 15


def test_b4_adult_goes_back_and_players_roll_for_noise() -> None:
    s = at_bag_step()
    notes = texts(s.do("develop_bag", drawn="Adult"))
    assert "Noise roll for every Character not in Combat: Player 1, Player 2" in notes
    assert bag(s).size == 14
    assert rounds.current(s.state) == "end"


def test_b5_queen_with_someone_in_the_nest_or_an_egg() -> None:
    s = at_bag_step()
    notes = texts(s.do("develop_bag", drawn="Queen", nest_occupied=True))
    assert "Queen miniature goes there" in notes and "First Encounter" in notes
    assert s.state.facts["first_encounter"]
    assert [(i["kind"], i["room"], i["token"]) for i in s.state.facts["intruders"]] == [
        ("Queen", "Nest", False)]
    t = at_bag_step()
    t.do("develop_bag", drawn="Queen")
    assert t.state.piece("eggs", Counter).value == 6 and not t.state.facts["first_encounter"]
    assert bag(t).contents["Queen"] == 1


def test_development_only_at_step_10_and_only_tokens_in_the_bag() -> None:
    s = new(time_last_number=1)
    with pytest.raises(ActionError, match="belongs to 'Event Phase 10: Intruder bag development'"):
        s.do("develop_bag")
    t = at_bag_step()
    with pytest.raises(ActionError, match="drawn: no Breeder token is in the bag"):
        t.do("develop_bag", drawn="Breeder")
    with pytest.raises(ActionError, match="this step is done with 'Intruder bag development'"):
        t.do("next_step")


def test_the_app_draw_repeats_after_undo() -> None:
    s = at_bag_step()
    first = texts(s.do("develop_bag"))
    s.undo()
    assert texts(s.do("develop_bag")) == first


def test_b6_surprise_attack_depends_on_the_light() -> None:
    s = new()
    lit = texts(s.do("check_surprise", hand_size=3, lower=2, higher=4, in_darkness=False))
    dark = texts(s.do("check_surprise", hand_size=3, lower=2, higher=4, in_darkness=True))
    assert lit.endswith("no Surprise Attack") and "Surprise Attack: draw" in dark
    with pytest.raises(ActionError, match="lower: 5 is above the higher number 4"):
        s.do("check_surprise", hand_size=3, lower=5, higher=4, in_darkness=True)


def test_b7_a_blank_encounter_places_noise_and_no_first_encounter() -> None:
    s = new()
    notes = texts(s.do("encounter", room="Archive", drawn="Blank"))
    assert "no Intruder appears" in notes and "Blank token goes back into the bag" in notes
    assert not s.state.facts["first_encounter"] and s.state.facts["removed"] == {}
    assert bag(s).contents["Blank"] == 1  # the rulebook names no removal: it stays
    t = Session(GAME, SessionSetup(4, options={"blank_fate": "set aside (out of the game)"}),
                seed="b")
    notes = texts(t.do("encounter", room="Archive", drawn="Blank"))
    assert "your table's setting" in notes
    assert bag(t).contents["Blank"] == 0 and t.state.facts["removed"] == {"Blank": 1}


def test_b8_first_encounter_once_and_a_technical_corridor_returns_the_token() -> None:
    s = new()
    assert "First Encounter" in texts(s.do("encounter", room="Nest", drawn="Adult"))
    assert "First Encounter" not in texts(s.do("encounter", room="Lab", drawn="Larva"))
    assert bag(s).contents["Adult"] == 6
    s.do("injure_intruder", intruder="1", injuries=2)
    notes = texts(s.do("intruder_to_corridor", intruder="1"))
    assert "Injuries are discarded" in notes and bag(s).contents["Adult"] == 7
    assert [i["kind"] for i in s.state.facts["intruders"]] == ["Larva"]
    with pytest.raises(ActionError, match="intruder: '1' is not allowed; give one of: 2"):
        s.do("intruder_to_corridor", intruder="1")


def test_c1_c2_c3_kill_checks_by_blood() -> None:
    s = new()
    s.do("encounter", room="Nest", drawn="Adult")
    assert "blood value" in texts(s.do("injure_intruder", intruder="1", injuries=2))
    assert "it lives" in texts(s.do("injure_intruder", intruder="1", injuries=0, blood=3))
    notes = texts(s.do("injure_intruder", intruder="1", injuries=0, blood=2))
    assert "Adult #1 is killed" in notes and "Intruder Carcass" in notes
    assert s.state.facts["removed"] == {"Adult": 1}
    s.do("encounter", room="Lab", drawn="Larva")
    assert "Larva #2 is killed" in texts(s.do("injure_intruder", intruder="2"))
    t = new()
    t.do("encounter", room="Nest", drawn="Queen")
    t.do("injure_intruder", intruder="1", injuries=3)
    assert "it lives" in texts(t.do("injure_intruder", intruder="1", injuries=0, blood=4))
    notes = texts(t.do("injure_intruder", intruder="1", injuries=0, blood=3, retreat=True))
    assert "flees" in notes and "Queen #1 is killed" in notes


def test_eggs_taken_and_destroyed() -> None:
    s = new()
    assert "Noise roll" in texts(s.do("take_egg", player="Player 1"))
    notes = texts(s.do("destroy_eggs", count=4))
    assert "Nest is destroyed" in notes
    assert (s.state.facts["eggs_taken"], s.state.facts["eggs_destroyed"]) == (1, 4)
    with pytest.raises(ActionError, match="count: only 0 Eggs"):
        s.do("destroy_eggs", count=1)


def test_m1_the_13th_fire_destroys_the_facility() -> None:
    s = new()
    for _ in range(12):
        s.do("place_fire")
    assert s.state.piece("fire", Counter).value == 12
    notes = texts(s.do("place_fire"))
    assert "Game over (Facility destroyed)" in notes and s.state.piece("fire", Counter).value == 12
    s.undo()
    assert s.state.facts["ended"] is None


def test_m2_the_11th_malfunction_destroys_the_facility() -> None:
    s = new()
    for _ in range(10):
        s.do("place_malfunction")
    assert "Game over (Facility destroyed)" in texts(s.do("place_malfunction"))


def test_m4_noise_on_a_marked_corridor_means_an_encounter() -> None:
    s = new()
    notes = texts(s.do("noise_roll", rolled="3", player="Player 2"))
    assert notes.startswith("Player 2: Noise roll: 3") and "Encounter instead" in notes
    s.do("noise_roll", rolled="3", corridor="S-02 corridor 3")
    notes = texts(s.do("noise_roll", rolled="2", corridor="s-02 CORRIDOR 3"))
    assert "already has a Noise marker" in notes and s.state.facts["noise"] == ["S-02 corridor 3"]
    s.do("noise_marker", corridor="S-02 corridor 3", change="remove")
    assert s.state.facts["noise"] == []


def test_slime_turns_silence_into_danger() -> None:
    s = new()
    assert "Silence: nothing happens" in texts(s.do("noise_roll", rolled="Silence"))
    notes = texts(s.do("noise_roll", rolled="Silence", slime=True))
    assert "Slime turns Silence into Danger" in notes and "neighbouring Room" in notes


def test_the_app_rolls_only_once_the_die_faces_are_entered() -> None:
    s = new()
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("noise_roll")
    assert "noise_die_danger" in asked.value.keys
    t = new(**{**FACES, "noise_die_1": 0, "noise_die_2": 0, "noise_die_3": 0,
               "noise_die_4": 0, "noise_die_danger": 0})
    assert "Noise roll: Silence" in texts(t.do("noise_roll"))
    u = new(**FACES)
    results = {texts(u.do("noise_roll")).split("\n")[0] for _ in range(30)}
    assert results <= {f"Noise roll: {f}" for f in ("1", "2", "3", "4", "Danger", "Silence")}
    assert len(results) > 2


def test_m3_no_malfunction_in_the_nest_or_the_contaminated_room() -> None:
    s = new()
    assert "nothing is placed" in texts(s.do("place_malfunction", room="the Nest"))
    assert "nothing is placed" in texts(s.do("place_malfunction", room="Contaminated Room"))
    s.do("place_malfunction", room="Archive")
    assert s.state.piece("malfunction", Counter).value == 1


def test_c4_the_attack_targets_the_fewest_cards_ties_by_play_order() -> None:
    s = Session(GAME, SessionSetup(3, names=("Ann", "Bo", "Cy")), seed="c4")
    assert "targets Ann" in texts(s.do("attack_target", hands="Ann 2, Bo 2"))
    alone = texts(s.do("attack_target", hands="ann 3, Bo 1"))
    assert "targets Bo (the fewest Action cards, 1)" in alone and "tie" not in alone
    s.state.facts["first_player"] = 1  # Bo holds the First Player token
    assert "targets Bo" in texts(s.do("attack_target", hands="Ann 2, Bo 2"))
    s.state.facts["first_player"] = 2  # Cy: order Cy, Ann, Bo
    tied = texts(s.do("attack_target", hands="Bo 2, Ann 2"))
    assert "targets Ann (2 Action cards, tied with Bo: the tie goes to the one nearest the " \
           "First Player, Cy)" in tied
    with pytest.raises(ActionError, match="hands: 'Zed 2' is not 'name cards'"):
        s.do("attack_target", hands="Zed 2")


def test_b6_the_encounter_reads_the_token_numbers_from_the_board_profile() -> None:
    s = Session(GAME, SessionSetup(2, board=dict(GAME.board_defaults)), seed="b6")
    queen = texts(s.do("encounter", room="Nest", drawn="Queen", hand_size=3,
                       in_darkness=False))
    assert "Surprise Attack, draw and resolve" in queen  # Queen 4/4: a hand of 3 is smaller
    adult = texts(s.do("encounter", room="Lab", drawn="Adult", hand_size=4, in_darkness=True))
    assert "no Surprise Attack" in adult  # every Adult's higher number is 3 or 4
    mixed = texts(s.do("encounter", room="Lab", drawn="Adult", hand_size=2, in_darkness=False))
    assert "Adult tokens show 1, 2, 3" in mixed and "read your token" in mixed
    unset = new()
    assert "token numbers not entered" in texts(unset.do("encounter", room="Lab",
                                                         drawn="Larva"))


@pytest.mark.parametrize(("spared", "bunker"), [(True, "in the Bunker"), (False, "dead")])
def test_m1_the_13th_fire_and_those_already_outside(spared: bool, bunker: str) -> None:
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo"),
                                   options={"outside_survives": spared}), seed="m1")
    s.do("open_main_gate")
    s.do("leave", player="Ann", how="in the Bunker")
    for _ in range(13):
        s.do("place_fire")
    assert [c["status"] for c in s.state.facts["crew"]] == [bunker, "dead"]


def test_development_notes_read_right_and_raise_the_open_question_only_when_it_applies() -> None:
    """'a Breeder token' (not 'an Breeder'); the question of locked-in or Bunker Characters
    rolling is raised only when someone is locked in or in the Bunker."""
    from random import Random

    from trackers.games.nemesis_lockdown import bag, intruders

    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), seed="dev")

    def develop(kind: str) -> str:
        notes = bag.develop(s.state, Random(1), kind, False, ["Ann"], intruders.place)
        return "\n".join(n if isinstance(n, str) else n.text for n in notes)

    assert "a Breeder token from the spares" in develop("Creeper")
    adult = develop("Adult")
    assert "Noise roll for every Character not in Combat: Ann" in adult
    assert "your table's call" not in adult
    s.do("correct_main_gate", open=True)
    s.do("leave", player="Bo", how="in the Bunker")
    assert "locked-in or Bunker Characters roll too is not stated" in develop("Adult")


def test_intruder_actions_wait_for_an_intruder_on_the_board() -> None:
    """Injure, Move and Technical Corridor offer a list of Intruders: with none on the board
    the form would offer nothing to choose, so the action is not offered."""
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), seed="out")
    names = ("injure_intruder", "move_intruder", "intruder_to_corridor")
    assert not any(s.available(n) for n in names)
    s.do("encounter", room="Nest", drawn="Adult")
    assert all(s.available(n) for n in names)


def test_a_queen_draw_finds_a_character_the_app_tracks_in_the_nest() -> None:
    """B5: a Queen with a Character in the Nest comes out there. When the table has recorded
    that Character in the Nest, the draw uses it even if the form's box was left unticked."""
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo"), board=dict(GAME.board_defaults)),
                seed="queen")
    finish_setup(s)
    while rounds.current(s.state) != "bag":
        now = rounds.current(s.state)
        s.do("advance_time" if now == "time" and s.state.facts["phase"] == "round"
             else "next_step")
    s.do("move_character", player="Ann", room="Nest")
    notes = "\n".join(n.text for n in s.do("develop_bag", drawn="Queen"))
    assert "the Queen miniature goes there" in notes and "app tracks it: Ann" in notes
    assert s.state.piece("eggs", Counter).value == 5


def test_destroying_more_eggs_than_are_left_is_refused_in_good_english() -> None:
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), seed="eggs")
    s.do("destroy_eggs", count=4)
    with pytest.raises(ActionError, match="count: only 1 Egg is in the Nest slot"):
        s.do("destroy_eggs", count=2)
    assert s.state.piece("eggs", Counter).value == 1
    assert "No Egg is left: the Nest is destroyed" in "\n".join(
        n.text for n in s.do("destroy_eggs", count=1))


def test_one_injury_is_one_injury_in_the_kill_check() -> None:
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), seed="hurt")
    s.do("encounter", room="Nest", drawn="Adult")
    notes = "\n".join(n.text for n in s.do("injure_intruder", intruder="1", injuries=1, blood=2))
    assert "Blood 2 is above its 1 Injury: it lives" in notes
    notes = "\n".join(n.text for n in s.do("injure_intruder", intruder="1", injuries=0, blood=1))
    assert "blood 1 is not above its 1 Injury" in notes and "is killed" in notes
