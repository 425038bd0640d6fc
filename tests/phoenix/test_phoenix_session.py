"""The Space Station Phoenix session on the engine: laps, end check, final round, helpers.

Cases follow spec space-station-phoenix §6 / §9.5 (end trigger), §9.4 (Diplomacy), §9.6
(Income), §2.1 (setup by player count) and §3.6 (score track).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.keys import RESERVED_KEYS
from trackers.games.space_station_phoenix.facts import score_sheet
from trackers.games.space_station_phoenix.game import GAME
from trackers.games.space_station_phoenix.view import panels

NAMES4 = ("P1", "P2", "P3", "P4")
TOPICS = {"score_track", "end_of_game", "final_round", "scoring", "plurality", "station_hub",
          "level3_sectors", "diplomacy", "income", "setup"}
RESERVED = RESERVED_KEYS.keys()  # the keys every game screen keeps


def new(players: int = 4, names: tuple[str, ...] = NAMES4, **board: object) -> Session:
    return Session(GAME, SessionSetup(players, names=names[:players], board=dict(board)),
                   seed="t")


def points(s: Session, name: str) -> int:
    seat = s.state.facts["players"].index(name)
    return int(s.state.pieces[f"score_{seat + 1}"].points)  # type: ignore[attr-defined]


def active(s: Session) -> str | None:
    seat = s.state.facts["active"]
    return None if seat is None else str(s.state.facts["players"][seat])


def panel_lines(s: Session, title: str) -> str:
    found = [p for p in panels(s.state) if p.title == title]
    return "\n".join(found[0].lines) if found else ""


# --- the game definition -------------------------------------------------------------------


def test_every_action_is_titled_described_and_keyed_for_the_footer() -> None:
    keys = [a.key for a in GAME.actions if a.key]
    assert len(keys) == len(set(keys))
    for action in GAME.actions:
        assert action.title and action.description
        assert action.topic in TOPICS, action.name
        if action.key:
            assert action.key not in RESERVED, action.key
            assert action.short and len(action.short) <= 11, action.name
    assert (GAME.id, GAME.player_counts) == ("space-station-phoenix", (2, 3, 4))


def test_lap_size_is_unset_until_the_table_takes_the_lap_tokens_reading() -> None:
    s = new(3)
    assert s.state.board == {}
    assert s.state.pieces["score_1"].summary() == (
        "P1: 0 points (lap size unset; the lap tokens suggest 50: ctrl+d)")
    # offered, never applied unasked: the published value, labelled to check against the board
    assert GAME.board_defaults == {"lap_size": 50}
    assert "lap tokens" in GAME.board_defaults_note and "check" in GAME.board_defaults_note


# --- setup by player count (spec §2.1) --------------------------------------------------------


@pytest.mark.parametrize(("players", "humans", "aliens", "bag", "draft", "gems"), [
    (2, 16, 50, 50, 5, "P2 1 (P1 gets none)"),
    (3, 20, 70, 30, 7, "P2 1, P3 2 (P1 gets none)"),
    (4, 24, 90, 10, 9, "P2 1, P3 2, P4 3 (P1 gets none)"),
])
def test_setup_checklist_by_player_count(players: int, humans: int, aliens: int, bag: int,
                                         draft: int, gems: str) -> None:
    s = new(players)
    steps = [step for step, _ in GAME.checklist(s.state)]  # type: ignore[misc]
    text = "\n".join(steps)
    assert f"Place {humans} Humans on Terra" in text
    assert f"Draw {aliens} Aliens" in text and f"({bag} stay in the bag)" in text
    assert f"Level-3 draft: {draft} ships" in text and f"Level-2 draft: {draft} ships" in text
    assert steps[-1] == f"Compensation GEMs: {gems}"
    assert s.state.pieces["aliens"].value == aliens  # type: ignore[attr-defined]
    assert s.state.facts["status"] == "setting up"


def test_draft_order_snakes_by_seat() -> None:
    # spec §2.2 step 11, 3p: Level 3 P1 P2 P3 P3 P2 P1; Level 2 P3 P2 P1 P1 P2 P3.
    s = new(3)
    text = "\n".join(step for step, _ in GAME.checklist(s.state))  # type: ignore[misc]
    assert "picks: P1, P2, P3, P3, P2, P1" in text
    assert "picks: P3, P2, P1, P1, P2, P3" in text


def test_first_game_replaces_the_hub_deal_and_draft() -> None:
    s = Session(GAME, SessionSetup(2, {"first_game": True}), seed="t")
    text = "\n".join(step for step, _ in GAME.checklist(s.state))  # type: ignore[misc]
    assert "fixed Hub-and-ship sets" in text
    assert "draft:" not in text
    assert "numbers ending in 1 to 4" in text


def test_ticking_setup_steps_then_the_checklist_goes_away() -> None:
    s = new(2)
    steps = len(GAME.checklist(s.state))  # type: ignore[misc]
    s.do("setup_step")
    assert GAME.checklist(s.state)[0] == (GAME.checklist(s.state)[0][0], True)  # type: ignore[misc]
    for _ in range(steps - 1):
        s.do("setup_step")
    assert GAME.checklist(s.state) == []  # type: ignore[misc]
    assert s.state.facts["status"] == "in progress"
    with pytest.raises(ActionError, match="not possible"):
        s.do("setup_step")


def test_duplicate_names_are_refused() -> None:
    with pytest.raises(ActionError, match="names"):
        new(2, names=("Ann", "Ann"))


# --- score track and laps (spec §3.6, §10.13) ----------------------------------------------------


def test_points_and_lap_tokens_once_the_lap_size_is_set() -> None:
    s = new(3)
    s.do("add_points", points=45)
    assert points(s, "P1") == 45
    s.do("set_board_value", key="lap_size", value="50")
    assert s.state.pieces["score_1"].summary() == "P1: 45 points (space 45)"
    notes = [n.text for n in s.do("add_points", points=7)]
    assert "P1 laps the board: show the 50 lap token (50/100 tile)" in notes
    assert s.state.pieces["score_1"].summary() == "P1: 52 points (space 2 + 50 lap token)"


def test_lap_size_given_at_creation_reads_the_markers() -> None:
    s = new(3, lap_size=50)
    s.do("add_points", player="P3", points=159)
    assert "space 9 + 150 lap token" in s.state.pieces["score_3"].summary()


def test_zero_points_is_refused_and_nothing_changes() -> None:
    s = new(2)
    with pytest.raises(ActionError, match="points"):
        s.do("add_points", points=0)
    assert s.head == 0


def test_below_zero_is_allowed_and_said_plainly() -> None:
    s = new(2, lap_size=50)
    notes = " ".join(n.text for n in s.do("add_points", points=-5))
    assert points(s, "P1") == -5
    assert "below 0" in notes and "the rulebook does not say" in notes and "spec" not in notes


def test_set_value_corrects_a_marker_by_hand() -> None:
    s = new(2)
    s.do("set_value", target="score_2.points", value=33)
    assert points(s, "P2") == 33


# --- the end check and the final round (spec §6, §9.5) -------------------------------------------


def test_e1_trigger_at_40_gives_everyone_else_one_turn() -> None:
    s = new(4)
    s.do("end_turn")  # P1
    s.do("add_points", points=40)  # P2's own turn
    notes = " ".join(n.text for n in s.do("end_turn"))
    assert "P2 triggers the end: 40 points (40 or more)" in notes
    assert "P3, P4 and P1 take one more turn each; P2 takes none" in notes
    assert s.state.facts["status"] == "final round"
    assert "Still to play, one turn each: P3, P4 and P1" in panel_lines(s, "Final round")
    for seat in ("P3", "P4", "P1"):
        assert active(s) == seat
        s.do("end_turn")
    assert active(s) is None
    assert s.state.facts["status"] == "over: score it"
    with pytest.raises(ActionError, match="over"):
        s.do("end_turn")


def _played_to_the_end() -> Session:
    s = new(4)
    s.do("end_turn")  # P1
    s.do("add_points", points=40)  # P2 triggers the end on their own turn
    for _ in range(4):  # P2, then the final round: P3, P4, P1
        s.do("end_turn")
    return s


def test_the_end_record_follows_the_final_round_and_the_recorded_scores() -> None:
    s = new(4)
    assert GAME.end_record(s.state) is None and GAME.moment_of(s.state) == {"turn": 1}
    s = _played_to_the_end()
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "Final round done"
    assert record.scores == {"P1": 0, "P2": 40, "P3": 0, "P4": 0}
    assert [e.when for e in s.events][:2] == [{"turn": 1}, {"turn": 2}]
    # only the corrections and the result remain once the game is over
    assert not s.available("add_points") and s.available("record_final_scores")
    notes = s.do("record_final_scores", scores="P1=88, P2=120, P3=120, P4=90", winners="P3")
    assert "Winner: P3" in notes[0].text
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "Final scoring"
    assert record.winners == ("P3",) and record.scores["P2"] == 120


@pytest.mark.parametrize(("scores", "says"), [
    ("P1=88, P2=120, P3=1", "give a total for P4 too"),
    ("P1=88, P2=120, P3=1, Zed=4", "'Zed' is not a player"),
    ("P1=88, P2=lots, P3=1, P4=2", "P2's total 'lots' is not a whole number"),
])
def test_recorded_scores_are_checked_and_nothing_changes(scores: str, says: str) -> None:
    s = _played_to_the_end()
    with pytest.raises(ActionError, match=says):
        s.do("record_final_scores", scores=scores)
    assert "final_scores" not in s.state.facts


def test_e2_forty_on_someone_elses_turn_waits_for_their_own() -> None:
    s = new(4)
    s.do("end_turn")  # P1; now P2's turn
    notes = " ".join(n.text for n in s.do("add_points", player="P3", points=41))
    assert "nothing triggers now" in notes
    s.do("end_turn")  # P2 ends with 0 points
    assert s.state.facts["game_end"]["trigger"] is None
    s.do("end_turn")  # P3 ends their own turn on 41
    assert s.state.facts["game_end"]["trigger"] == "P3"


def test_e3_spending_back_below_40_does_not_trigger() -> None:
    s = new(4)
    s.do("add_points", points=41)
    s.do("add_points", points=-2)  # Hub B-6: 1 point for 4 GEMs, twice
    s.do("end_turn")
    assert s.state.facts["game_end"]["trigger"] is None
    assert active(s) == "P2"


def test_e4_aliens_running_out_need_the_bag_ruling_first() -> None:
    s = new(4)  # 90 on the board, 10 in the bag
    s.do("aliens_taken", count=86)
    with pytest.raises(ActionError, match="bag") as refused:
        s.do("end_turn")
    assert "Do Aliens left in the bag count as in the supply?" in str(refused.value)
    assert "spec" not in str(refused.value)
    assert s.head == 1 and active(s) == "P1"  # nothing recorded
    s.do("set_ruling", ruling="bag Aliens count as supply", answer="no")
    s.do("end_turn")
    assert s.state.facts["game_end"]["trigger"] == "P1"
    assert s.state.facts["game_end"]["still_to_play"] == ["P2", "P3", "P4"]


def test_counting_the_bag_means_four_on_the_board_is_not_the_end() -> None:
    s = new(4)
    s.do("set_ruling", ruling="bag Aliens count as supply", answer="yes")
    s.do("aliens_taken", count=86)
    s.do("end_turn")
    assert s.state.facts["game_end"]["trigger"] is None


def test_e5_two_players_ninth_sector() -> None:
    s = new(2)
    for level in (1, 1, 1, 2, 2, 2, 3, 3):
        s.do("build_sector", level=level)
    notes = " ".join(n.text for n in s.do("build_sector", level=3))
    assert "has all 9 Sectors" in notes
    s.do("end_turn")
    assert s.state.facts["game_end"]["still_to_play"] == ["P2"]
    s.do("end_turn")
    assert s.state.facts["status"] == "over: score it"


def test_nine_sectors_with_a_free_one_asks_the_ruling() -> None:
    s = new(2)
    s.do("build_sector", level=1, free=True)
    for level in (1, 1, 2, 2, 2, 3, 3, 3):
        s.do("build_sector", level=level)
    with pytest.raises(ActionError, match="Do free Sectors count as built"):
        s.do("end_turn")
    s.do("set_ruling", ruling="free Sectors count as built", answer="no")
    s.do("end_turn")
    assert s.state.facts["game_end"]["trigger"] is None


def test_e7_five_aliens_is_not_the_end() -> None:
    s = new(4)
    s.do("aliens_taken", count=85)
    s.do("end_turn")
    assert s.state.facts["game_end"]["trigger"] is None


def test_undo_takes_back_the_trigger() -> None:
    s = new(3)
    s.do("add_points", points=40)
    s.do("end_turn")
    assert s.state.facts["status"] == "final round"
    s.undo()
    assert s.state.facts["game_end"]["trigger"] is None and active(s) == "P1"
    s.redo()
    assert active(s) == "P2"


def test_setup_keeps_the_screen_for_its_checklist() -> None:
    s = new(3)
    assert panels(s.state) == []
    s.do("setup_all")
    assert [p.title for p in panels(s.state)] == ["Turn"]


def test_turn_panel_shows_the_check_inputs() -> None:
    s = new(3)
    s.do("setup_all")
    s.do("add_points", points=12)
    s.do("build_sector", level=1)
    text = panel_lines(s, "Turn")
    assert "P1's turn (seat 1 of 3)" in text
    assert "points 12 (end at 40), Sectors 1 of 9, Aliens in the supply 70" in text


# --- Sectors ------------------------------------------------------------------------------------


def test_sector_302_scores_when_built_and_is_kept_for_the_calculator() -> None:
    s = new(3)
    notes = " ".join(n.text for n in s.do("build_sector", level=3, number="302"))
    assert "Sector 302 scores 5 when built" in notes
    assert points(s, "P1") == 5
    assert s.state.facts["level3"]["P1"] == ["302"]


@pytest.mark.parametrize(("args", "field"), [
    ({"level": 3, "number": "309"}, "number"),
    ({"level": 2, "number": "308"}, "number"),
    ({"level": 2, "free": True}, "free"),
])
def test_bad_sector_is_refused_naming_the_field(args: dict[str, object], field: str) -> None:
    s = new(3)
    with pytest.raises(ActionError) as refused:
        s.do("build_sector", **args)
    assert refused.value.field == field
    assert s.head == 0


def test_a_fourth_sector_of_one_level_is_refused() -> None:
    s = new(2)
    for _ in range(3):
        s.do("build_sector", level=2)
    with pytest.raises(ActionError, match="one per wing"):
        s.do("build_sector", level=2)


def test_a_level3_sector_exists_once() -> None:
    s = new(2)
    s.do("build_sector", level=3, number="308")
    with pytest.raises(ActionError, match="already on P1's station"):
        s.do("build_sector", player="P2", level=3, number="308")


# --- Diplomacy (spec §4.3, §9.4) -----------------------------------------------------------------


def test_d1_sole_leader_and_trailing_player() -> None:
    s = new(4)
    s.do("move_token", player="P1", track="Construct", steps=2)
    s.do("move_token", player="P2", track="Construct")
    assert s.state.facts["diplomacy"]["P1"]["construct"] == 2
    notes = [n.text for n in s.do("ship_used", ship="Construction")]
    assert "P1: L2, sole leader: one of 1 GEM, 2 GEMs, 1 point" in notes
    assert "P2: L1, below the leader: one of 1 GEM" in notes
    assert "On L0, no bonus: P3, P4" in notes


def test_d2_tied_leaders_look_below_their_level() -> None:
    s = new(4)
    for name, steps in (("P1", 2), ("P3", 2), ("P2", 1)):
        s.do("move_token", player=name, track="Transport", steps=steps)
    notes = [n.text for n in s.do("ship_used", ship="Transport")]
    assert "P1: L2, tied for the lead: one of 1 GEM, 2 GEMs" in notes
    assert "P3: L2, tied for the lead: one of 1 GEM, 2 GEMs" in notes


def test_d6_sole_leader_at_l4_takes_two_different() -> None:
    s = new(2)
    s.do("move_token", player="P1", track="Dismantle", steps=4)
    notes = " ".join(n.text for n in s.do("ship_used", ship="Dismantle"))
    assert "two different of 1 GEM, 2 GEMs, 1 point, 1 resource" in notes


def test_d11_farm_triggers_no_track() -> None:
    s = new(2)
    s.do("move_token", track="Expedition", steps=3)
    notes = [n.text for n in s.do("ship_used", ship="Farm")]
    assert notes == ["A Farm ship triggers no Diplomacy track: no bonuses"]


def test_bonuses_are_listed_from_the_active_player_in_turn_order() -> None:
    s = new(3)
    s.do("end_turn")  # P2 is active
    for name in ("P1", "P2", "P3"):
        s.do("move_token", player=name, track="Expedition")
    notes = [n.text for n in s.do("ship_used", ship="Terran Expedition")][1:4]
    assert [n.split(":")[0] for n in notes] == ["P2", "P3", "P1"]


def test_a_token_cannot_pass_l5() -> None:
    s = new(2)
    s.do("move_token", track="Dismantle", steps=5)
    with pytest.raises(ActionError, match="L0 to L5"):
        s.do("move_token", track="Dismantle")


# --- Income (spec §5.1, §9.6) ------------------------------------------------------------------


@pytest.mark.parametrize(("args", "start"), [
    ({"gems": 7}, "P1 may take Income"),
    ({"gems": 8}, "P1 may not take Income"),
    ({"gems": 30, "own_ships_used": 1}, "P1 may take Income"),
    ({"gems": 12, "no_ship_to_use": True}, "P1 must take Income"),
])
def test_income_check(args: dict[str, object], start: str) -> None:
    s = new(3)
    notes = s.do("income_check", **args)
    assert notes[0].text.startswith(start)


# --- what the calculator gets, and the saved-games status ------------------------------------


def test_score_sheet_prefill_carries_names_points_and_sectors() -> None:
    s = new(3, names=("Anna", "Beth", "Connor"))
    s.do("add_points", player="Beth", points=24)
    s.do("build_sector", player="Beth", level=3, number="308")
    s.do("build_sector", player="Beth", level=1, free=True)
    sheet = score_sheet(s.state)
    beth = sheet.players[1]
    assert [p.name for p in sheet.players] == ["Anna", "Beth", "Connor"]
    assert (beth.points, beth.sectors.level1, beth.sectors.level3) == (24, 1, 1)
    assert [(x.id, x.occupied) for x in beth.level3] == [("308", False)]
    assert beth.free_sectors == 1 and beth.hub == ""


def test_status_reaches_the_saved_games_list(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, names=("Ann", "Bo"))
    play.do("add_points", points=40)
    play.do("end_turn")
    play.do("end_turn")
    play.close()
    assert table.sessions()[0].status == "over: score it"
    again = table.load(play.id)
    assert again.state.facts["status"] == "over: score it"
    again.close()
    table.close()
