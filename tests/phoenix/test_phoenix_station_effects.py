"""What a Sector does when built, the Hub kept from the start, and the end told right.

Rulebook: Reference Guide (Station Hubs; Level-3 Sectors), Setup steps 12-13 and "For the
first game", Check for Game End; spec space-station-phoenix §2.3, §2.5, §6, §7.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.space_station_phoenix.facts import score_sheet
from trackers.games.space_station_phoenix.game import GAME
from trackers.games.space_station_phoenix.scoring import score
from trackers.games.space_station_phoenix.view import panels, station_panels

NAMES = ("Ann", "Bo", "Cy")


def new(players: int = 3, **options: object) -> Session:
    s = Session(GAME, SessionSetup(players, dict(options), names=NAMES[:players],
                                   board={"lap_size": 50}), seed="fx")
    s.do("setup_all")
    return s


def active(s: Session) -> str | None:
    seat = s.state.facts["active"]
    return None if seat is None else str(s.state.facts["players"][seat])


def points(s: Session, name: str) -> int:
    seat = s.state.facts["players"].index(name)
    return int(s.state.pieces[f"score_{seat + 1}"].points)  # type: ignore[attr-defined]


def supply(s: Session) -> int:
    return int(s.state.pieces["aliens"].value)  # type: ignore[attr-defined]


def said(notes: list) -> str:  # type: ignore[type-arg]
    return "\n".join(n.text for n in notes)


def wing(s: Session, player: str, level3: str) -> None:
    """A Level 1 and Level 2, then the Level-3 Sector ``level3`` (the order a wing builds)."""
    s.do("build_sector", player=player, level=1)
    s.do("build_sector", player=player, level=2)
    s.do("build_sector", player=player, level=3, number=level3)


# --- 301 / 323: an additional turn before the next player's ------------------------------------


@pytest.mark.parametrize("number", ["323", "301"])
def test_an_extra_turn_sector_gives_its_builder_another_turn_before_the_next_player(
        number: str) -> None:
    s = new()
    wing(s, "Ann", number)
    assert "Ann takes an additional turn as soon as this one ends" in said(s.notes)
    assert "Next: Ann's additional turn" in "\n".join(
        next(p for p in panels(s.state) if p.title == "Turn").lines)
    turn = GAME.moment_of(s.state)["turn"]
    notes = s.do("end_turn")
    assert active(s) == "Ann" and "Ann takes the additional turn now" in said(notes)
    assert GAME.moment_of(s.state)["turn"] == turn + 1  # a turn of its own in the report
    s.do("end_turn")
    assert active(s) == "Bo"  # then play goes on clockwise
    s.do("end_turn")
    assert active(s) == "Cy"


def test_an_extra_turn_in_the_final_round_comes_before_the_players_final_turn_ends() -> None:
    s = new()
    s.do("add_points", points=40)
    s.do("end_turn")  # Ann triggers: Bo and Cy still to play
    wing(s, "Bo", "323")
    s.do("end_turn")
    assert active(s) == "Bo"  # the additional turn first
    s.do("end_turn")
    assert active(s) == "Cy"


def test_sector_208_buys_an_additional_turn_once() -> None:
    s = new()
    s.do("extra_turn")
    assert "already takes an additional turn" in str(s.blocked("extra_turn"))
    s.do("end_turn")
    assert active(s) == "Ann"
    s.do("end_turn")
    assert active(s) == "Bo"


# --- 311 / 324: Aliens from the supply, which feeds the end trigger ------------------------------


def test_311_takes_two_aliens_from_the_supply_and_so_triggers_the_end() -> None:
    s = new()
    s.do("set_ruling", ruling="bag Aliens count as supply", answer="no")
    s.do("end_turn")
    s.do("end_turn")  # Cy's turn
    s.do("aliens_taken", count=64)
    assert supply(s) == 6
    s.do("build_sector", level=1)
    s.do("build_sector", level=2)
    notes = s.do("build_sector", level=3, number="311")
    assert supply(s) == 4
    assert "Cy gains 2 brown Aliens from the Home Planets board (4 left there" in said(notes)
    assert "Only 4 Aliens left" in said(notes)
    notes = s.do("end_turn")
    assert "Cy triggers the end: 4 Aliens left in the supply (4 or fewer)" in said(notes)
    assert [n.key_moment for n in notes if n.key_moment] == [
        "Cy triggered the end: 4 Aliens left in the supply (4 or fewer)"]
    assert s.state.facts["game_end"]["still_to_play"] == ["Ann", "Bo"]


def test_324_gains_only_the_aliens_left() -> None:
    s = new()
    s.do("aliens_taken", count=69)
    notes = s.do("build_sector", level=3, number="324")
    assert supply(s) == 0 and "Ann gains 1 pink Alien from" in said(notes)
    s.do("return_sector", level=3, number="324")
    notes = s.do("build_sector", level=3, number="324")
    assert supply(s) == 0 and "gains 0 pink Aliens" in said(notes)  # none left: none gained


# --- 328: every Diplomacy token up one, then the Construct bonuses from those levels ----------


def test_328_moves_every_token_of_its_builder_up_one() -> None:
    s = new()
    wing(s, "Cy", "328")
    assert s.state.facts["diplomacy"]["Cy"] == dict.fromkeys(
        ("dismantle", "construct", "transport", "expedition"), 1)
    assert s.state.facts["diplomacy"]["Ann"] == dict.fromkeys(
        ("dismantle", "construct", "transport", "expedition"), 0)
    assert "Cy: L1, sole leader: one of 1 GEM, 2 GEMs" in said(s.notes)


def test_328_advances_all_four_diplomacy_tokens_and_pays_the_construct_bonuses() -> None:
    s = new()
    s.do("move_token", player="Bo", track="Construct", steps=1)
    s.do("move_token", player="Ann", track="Transport", steps=5)  # already on the top space
    s.do("build_sector", level=1)
    s.do("build_sector", level=2)
    notes = s.do("build_sector", level=3, number="328")
    assert s.state.facts["diplomacy"]["Ann"] == {
        "dismantle": 1, "construct": 1, "transport": 5, "expedition": 1}
    text = said(notes)
    assert "Ann's Diplomacy tokens up 1, free: Dismantle L1, Construct L1, Expedition L1" in text
    # both on L1 of the Construct track now: tied leaders take 1 GEM each
    assert "Ann: L1, tied for the lead: one of 1 GEM" in text
    assert "Bo: L1, tied for the lead: one of 1 GEM" in text


# --- 326: its free Level-1 Sector, asked at once ---------------------------------------------


def test_326_asks_for_its_free_level1_sector_before_the_turn_ends() -> None:
    s = new()
    wing(s, "Ann", "326")
    assert s.state.facts["free_sector_due"] == "Ann"
    assert "Ann takes a free Level-1 Sector of any colour now" in said(s.notes)
    with pytest.raises(ActionError, match="Sector 326's free Level-1 Sector for Ann is not"):
        s.do("end_turn")
    notes = s.do("free_sector_326", number="104")
    assert "Ann built a Level-1 Sector 104 (free): 4 of 9" in said(notes)
    assert s.state.facts["sectors"]["Ann"] == [2, 1, 1]
    assert s.state.facts["free_sectors"]["Ann"] == 1
    assert s.state.facts["free_sector_due"] is None
    assert "no Sector 326 is waiting" in str(s.blocked("free_sector_326"))
    s.do("end_turn")
    assert active(s) == "Bo"


def test_326_with_none_to_take_or_every_colour_already_built() -> None:
    s = new()
    wing(s, "Ann", "326")
    notes = s.do("free_sector_326", none=True)
    assert "Ann takes no free Sector" in said(notes)
    assert s.state.facts["sectors"]["Ann"] == [1, 1, 1]
    t = new()
    for _ in range(3):
        t.do("build_sector", level=1)
    t.do("build_sector", level=2)
    notes = t.do("build_sector", level=3, number="326")
    assert "already has a Level-1 Sector of each colour, so no free Sector" in said(notes)
    assert t.state.facts["free_sector_due"] is None


# --- every other Sector's effect when built: applied or asked --------------------------------


@pytest.mark.parametrize(("number", "expected"), [
    ("302", "Sector 302 scores 5 when built: Ann 0 -> 5 points"),
    ("313", "Sector 313 scores 5 when built: Ann 0 -> 5 points"),
    ("317", "Sector 317 scores 10 when built: Ann 0 -> 10 points"),
    ("307", "Sector 307: gain 1 Human from Terra now"),
    ("318", "Sector 318: gain 1 Human from Terra now"),
    ("321", "Sector 321: roll 7 Expedition dice now and keep 5"),
])
def test_the_other_when_built_effects_are_applied_or_asked(number: str, expected: str) -> None:
    s = new()
    wing(s, "Ann", number)
    assert expected in said(s.notes)


def test_a_human_gained_when_built_lists_the_gaining_a_human_abilities() -> None:
    s = new()
    s.do("build_sector", level=1, number="115")
    s.do("build_sector", level=2, number="217")
    notes = s.do("build_sector", level=3, number="307")
    assert ("Ann gains a Human: 115 (if occupied): +1 point; 217 (if occupied): 1 resource of "
            "your choice") in said(notes)


# --- the Hub kept from the start ----------------------------------------------------------------


def test_a_first_game_deals_the_hubs_and_they_reach_the_calculator() -> None:
    s = new(first_game=True)
    hubs = s.state.facts["hubs"]
    assert sorted(hubs) == sorted(NAMES) and len(set(hubs.values())) == 3
    assert set(hubs.values()) <= {"B-1", "B-2", "B-3", "B-4"}
    sheet = score_sheet(s.state)
    assert [p.hub for p in sheet.players] == [hubs[n] for n in NAMES]
    result = score(sheet)
    assert not any("Hub not chosen" in u.text for u in result.unset)
    # a table that dealt differently corrects one Hub, with the Hubs of the first game only
    spare = ({"B-1", "B-2", "B-3", "B-4"} - set(hubs.values())).pop()
    s.do("keep_hub", player="Ann", hub=spare)
    assert score_sheet(s.state).players[0].hub == spare
    with pytest.raises(ActionError, match="hub: .* is not allowed"):
        s.do("keep_hub", player="Ann", hub="B-9")


def test_a_hub_kept_applies_its_setup_and_reaches_the_calculator() -> None:
    s = new()
    assert s.state.facts["hubs"] == {"Ann": "", "Bo": "", "Cy": ""}
    notes = s.do("keep_hub", player="Ann", hub="B-6")
    assert "Hub B-6: a free Level-1 brown Sector, recorded on Ann's station" in said(notes)
    assert "discard the Level-1 Diplomacy ship" in said(notes)
    assert s.state.facts["sectors"]["Ann"] == [1, 0, 0]
    assert s.state.facts["free_sectors"]["Ann"] == 1
    with pytest.raises(ActionError, match="hub: Ann keeps B-6"):
        s.do("keep_hub", player="Bo", hub="B-6")
    with pytest.raises(ActionError, match="undo that record"):
        s.do("keep_hub", player="Ann", hub="B-3")
    assert score_sheet(s.state).players[0].hub == "B-6"
    assert "Ann B-6  1 of 9 (1/0/0, 1 free)" in "\n".join(
        line for p in station_panels(s.state) for line in p.lines)


def test_advanced_hub_a11_takes_its_aliens_from_the_supply() -> None:
    s = new(advanced_hubs=True)
    notes = s.do("keep_hub", player="Cy", hub="A-11")
    assert supply(s) == 66 and "4 Aliens leave the Home Planets board" in said(notes)
    with pytest.raises(ActionError, match="is not allowed"):
        new().do("keep_hub", player="Cy", hub="A-11")  # a basic game deals B-1 to B-12 only


def test_hub_effects_during_play_are_applied_or_asked() -> None:
    s = new(advanced_hubs=True)
    s.do("keep_hub", player="Ann", hub="B-6")
    s.do("keep_hub", player="Bo", hub="A-7")
    s.do("keep_hub", player="Cy", hub="A-12")
    notes = s.do("income_taken")
    assert points(s, "Ann") == 1 and "Hub B-6 at Income, 1 point: Ann 0 -> 1 point" in said(notes)
    assert "residents placed this turn give nothing yet" in said(notes)
    s.do("end_turn")
    notes = s.do("ship_used", ship="Diplomacy")
    assert points(s, "Bo") == 1 and "Hub A-7" in said(notes)
    s.do("end_turn")
    notes = s.do("income_taken")
    assert "Hub A-12, after Income: return 1 Alien" in said(notes) and "or lose 5 points" in \
        said(notes)


def test_b1_gains_an_alien_when_constructing() -> None:
    s = new()
    s.do("keep_hub", player="Ann", hub="B-1")
    notes = s.do("build_sector", level=1)
    assert supply(s) == 69 and "Hub B-1: Ann gains an Alien" in said(notes)
    s.do("build_sector", level=1, free=True)  # a free Sector is not constructed
    assert supply(s) == 69


def test_a9_lifts_the_build_order_reminder() -> None:
    s = new(advanced_hubs=True)
    s.do("keep_hub", player="Ann", hub="A-9")
    assert "a wing builds" not in said(s.do("build_sector", level=3))


def test_own_sector_bonuses_are_listed_when_a_ship_is_used() -> None:
    s = new()
    s.do("build_sector", level=1, number="107")
    s.do("build_sector", level=1, number="116")
    notes = s.do("ship_used", ship="Transport")
    assert ("Ann's own bonuses with this Transport ship (they trigger no further bonuses): "
            "107 (if occupied): +2 GEMs; 116 (if occupied): +1 point") in said(notes)


def test_sector_226_at_income_counts_the_tokens_on_l3_or_higher() -> None:
    s = new()
    s.do("build_sector", level=1)
    s.do("build_sector", level=2, number="226")
    for track in ("Dismantle", "Construct", "Transport"):
        s.do("move_token", track=track, steps=5 if track != "Transport" else 4)
    notes = s.do("income_taken")
    assert "226 (if occupied): 2 points (tokens on L3 or higher, less 1)" in said(notes)


# --- the end told right ---------------------------------------------------------------------


def test_the_report_of_a_game_ended_by_a_sector_count_names_its_trigger(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 3, names=NAMES, seed="r",
                        board={"lap_size": 50})
    play.do("setup_all")
    for _ in range(9):  # Ann, Bo: nothing; Cy builds a Sector each turn
        play.do("end_turn")
        play.do("end_turn")
        play.do("build_sector", level=min(3, 1 + play.state.facts["sectors"]["Cy"].count(3)))
        if sum(play.state.facts["sectors"]["Cy"]) < 9:
            play.do("end_turn")
    assert sum(play.state.facts["sectors"]["Cy"]) == 9
    play.do("end_turn")  # Cy's 9th Sector: triggered
    play.do("end_turn")
    play.do("end_turn")  # Ann and Bo's final turns: over
    play.do("record_final_scores", scores="Ann=142, Bo=141, Cy=159",
            breakdown="Ann=1/44/50/32/14/1, Bo=24/44/42/20/11/0, Cy=9/60/50/22/15/3")
    report = play.report()
    texts = [(m.moment, m.text) for m in report.moments]
    assert (27, "Cy triggered the end: all 9 Sectors built") in texts
    assert any(t == "Final score: Cy 159: in-game 9, Sectors 60, residents 50, pluralities 22, "
               "endgame bonuses 15, leftovers 3; marker at space 9 + 150 lap token"
               for _, t in texts)
    assert report.end is not None and report.end.winners == ("Cy",)
    assert not report.has_secrets  # the report shows no "Secrets revealed" section
    # where each marker ends: final scoring moves it on from the in-game points
    assert "Cy 159: in-game 9" in said(play.notes) and \
        "marker ends at space 9 + 150 lap token" in said(play.notes)
    assert score_sheet(play.state).players[2].points == 0  # in-game points stay known
    play.close()
    table.close()


def test_a_breakdown_that_does_not_add_up_is_refused() -> None:
    s = new(2)
    s.do("add_points", points=40)
    s.do("end_turn")
    s.do("end_turn")
    with pytest.raises(ActionError, match="breakdown: Ann's points add up to 7, not the total 9"):
        s.do("record_final_scores", scores="Ann=9, Bo=1", breakdown="Ann=1/1/1/1/1/2")
    assert "final_scores" not in s.state.facts


# --- the smaller points -------------------------------------------------------------------------


@pytest.mark.parametrize("number", ["104", "218"])
def test_a_level1_or_level2_number_exists_once(number: str) -> None:
    s = new()
    level = int(number[0])
    if level == 2:
        s.do("build_sector", level=1)
    s.do("build_sector", level=level, number=number)
    with pytest.raises(ActionError, match=f"Sector {number} is already on Ann's station"):
        s.do("build_sector", player="Bo", level=level, number=number)
    with pytest.raises(ActionError, match=f"not on Ann's list of Level-{level} Sectors"):
        s.do("return_sector", level=level, number=f"{level}07")
    s.do("return_sector", level=level, number=number)  # back in the supply: built again
    if level == 2:
        s.do("build_sector", player="Bo", level=1)
    s.do("build_sector", player="Bo", level=level, number=number)


def test_the_first_game_takes_only_sector_numbers_ending_in_1_to_4() -> None:
    s = new(first_game=True)
    with pytest.raises(ActionError, match="ends in 1 to 4"):
        s.do("build_sector", level=1, number="105")
    s.do("build_sector", level=1, number="104")


def test_diplomacy_l3_names_metal_on_the_construct_and_dismantle_tracks() -> None:
    s = new()
    s.do("move_token", track="Construct", steps=3)
    assert "1 resource on the Construct track: metal" in said(
        s.do("ship_used", ship="Construction"))
    s.do("move_token", track="Transport", steps=3)
    assert "the one its L3 space shows" in said(s.do("ship_used", ship="Transport"))


def test_a_second_ship_in_one_turn_is_pointed_out_and_articles_read_right() -> None:
    s = new()
    first = said(s.do("ship_used", ship="Ice Collector"))
    assert first.startswith("An Ice Collector ship triggers no Diplomacy track")
    assert "already recorded as used this turn" in said(s.do("ship_used", ship="Farm"))
    s.do("end_turn")
    assert "already recorded" not in said(s.do("ship_used", ship="Farm"))


def test_the_income_reminder_says_what_gives_nothing_and_what_comes_after() -> None:
    s = new()
    text = said(s.do("income_check", gems=3))
    assert "residents placed this turn give none yet" in text
    assert "special income abilities" in text


def test_no_form_field_says_optional_twice() -> None:
    for action in GAME.actions:
        for param in action.params:
            assert "(optional)" not in param.help, (action.name, param.name)


def test_setup_log_lines_name_their_step() -> None:
    s = Session(GAME, SessionSetup(3, names=NAMES), seed="fx")
    s.do("setup_step")
    assert s.history()[-1].text == "Setup step done: 1. Place 20 Humans on Terra"


def test_sector_108_says_its_placement_rule_when_built() -> None:
    s = new()
    assert "teal Sectors take Aliens of any colour" in said(
        s.do("build_sector", level=1, number="108"))


def test_a_lap_size_entered_in_a_game_is_kept_for_the_next(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, names=("Ann", "Bo"))
    assert table.board_profile("space-station-phoenix") == {}
    play.do("set_board_value", key="lap_size", value="50")  # from the API, the CLI or a window
    assert table.board_profile("space-station-phoenix") == {"lap_size": 50}
    again = table.create("space-station-phoenix", 2, names=("Ann", "Bo"))
    assert again.state.board == {"lap_size": 50}
    play.close()
    again.close()
    table.close()


def test_income_after_a_ship_in_the_same_turn_is_pointed_out() -> None:
    s = new()
    s.do("ship_used", ship="Farm")
    assert "already recorded this turn" in said(s.do("income_taken"))
    s.do("end_turn")
    assert "already recorded" not in said(s.do("income_taken"))


def test_ticking_the_hub_step_names_the_players_whose_hub_is_not_recorded() -> None:
    s = Session(GAME, SessionSetup(3, names=NAMES), seed="fx")
    s.do("keep_hub", player="Bo", hub="B-8")
    steps = [step for step, _ in GAME.checklist(s.state)]  # type: ignore[misc]
    hub_step = next(i for i, step in enumerate(steps) if "j records" in step)
    assert "Ann ?, Bo B-8, Cy ?" in steps[hub_step]
    for _ in range(hub_step):
        s.do("setup_step")
    assert "Hub not recorded yet for Ann and Cy: j records it" in said(s.do("setup_step"))


def test_recording_the_final_scores_again_keeps_the_in_game_points() -> None:
    s = new(2)
    s.do("add_points", points=41)
    s.do("end_turn")
    s.do("end_turn")
    s.do("record_final_scores", scores="Ann=90, Bo=20")
    s.do("record_final_scores", scores="Ann=91, Bo=20")  # a correction
    assert points(s, "Ann") == 91
    assert [p.points for p in score_sheet(s.state).players] == [41, 0]


def test_an_additional_turn_that_meets_an_end_condition_asks_the_open_ruling() -> None:
    def ninth_is_323() -> Session:
        s = new()
        for level in (1, 1, 1, 2, 2, 2, 3, 3):
            s.do("build_sector", level=level)
        s.do("build_sector", level=3, number="323")  # the 9th Sector gives a turn
        return s

    s = ninth_is_323()
    with pytest.raises(ActionError, match="Does the end check run before an additional turn"):
        s.do("end_turn")
    assert "End check before an additional turn unset" in "\n".join(
        next(p for p in panels(s.state) if p.title.startswith("Open rulings")).lines)
    s.do("set_ruling", ruling="end check before an additional turn", answer="no")
    s.do("end_turn")
    assert active(s) == "Ann" and not s.state.facts["game_end"]["trigger"]
    assert "Ann triggers the end: all 9 Sectors built" in said(s.do("end_turn"))
    t = ninth_is_323()
    t.do("set_ruling", ruling="end check before an additional turn", answer="yes")
    notes = said(t.do("end_turn"))
    assert "Ann's additional turn (Sector 323) is not taken" in notes
    assert "Ann triggers the end" in notes and active(t) == "Bo"


def test_a_sector_recorded_before_the_effects_replays_as_it_was_played() -> None:
    """A saved game's old record (no effects flag) keeps its turns: no additional turn, no
    Aliens moved; the points of 302, 313 and 317 were applied then and still are."""
    from random import Random

    s = new()
    apply = GAME.action("build_sector").apply
    old = {"player": "Ann", "level": 3, "free": False}
    apply(s.state, {**old, "number": "323"}, Random(0))
    apply(s.state, {**old, "number": "311"}, Random(0))
    apply(s.state, {**old, "number": "302"}, Random(0))
    assert s.state.facts["extra_turn"] is None and supply(s) == 70
    assert points(s, "Ann") == 5
    s.do("build_sector", player="Bo", level=1)
    assert s.events[-1].args["effects"] is True  # a record made now carries the effects


def test_a_state_saved_before_hubs_and_numbers_existed_still_plays() -> None:
    """A snapshot written by an earlier version lacks the newer facts: they are added."""
    s = new()
    s.do("build_sector", level=1)
    s.do("build_sector", level=2)
    s.do("build_sector", level=3, number="308")
    for key in ("numbers", "hubs", "extra_turn", "free_sector_due", "incomes"):
        del s.state.facts[key]
    assert score_sheet(s.state).players[0].hub == ""
    s.do("keep_hub", player="Ann", hub="B-8")
    with pytest.raises(ActionError, match="Sector 308 is already on Ann's station"):
        s.do("build_sector", player="Bo", level=3, number="308")
    s.do("income_taken")
    s.do("end_turn")
    assert active(s) == "Bo"


def test_setup_done_with_hubs_unrecorded_says_whose() -> None:
    s = Session(GAME, SessionSetup(2, names=("Ann", "Bo")), seed="fx")
    s.do("keep_hub", player="Ann", hub="B-2")
    assert said(s.do("setup_all")).startswith("Hub not recorded yet for Bo: j records it")
    first = Session(GAME, SessionSetup(2, {"first_game": True}, names=("Ann", "Bo")), seed="fx")
    assert said(first.do("setup_all")) == "Setup is done"  # dealt by the app


def test_the_score_sheet_starts_with_the_aliens_311_and_324_placed() -> None:
    from trackers.games.space_station_phoenix import facts

    s = new()
    s.do("build_sector", level=3, number="311")
    s.do("build_sector", level=3, number="324")
    ann = facts.score_sheet(s.state).players[0]
    assert (ann.residents.brown, ann.residents.pink) == (2, 2)
    assert facts.score_sheet(s.state).players[1].residents.brown == 0
