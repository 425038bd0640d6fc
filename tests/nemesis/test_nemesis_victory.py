"""The end of the game as the rulebook runs it (End of the Game; Leaving the Facility,
Contingency; Contamination, Wounds, and Death), in each mode: where each survivor is, the
Active Contingency, the Contamination draw, then the revealed Objective; and the board the
fast-forward leaves behind."""

from __future__ import annotations

from random import Random

import pytest

from tests.nemesis.helpers import round_on, status, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.report import build_report
from trackers.games.nemesis_lockdown import victory
from trackers.games.nemesis_lockdown.game import GAME
from trackers.pieces import Bag

DEFAULTS = dict(GAME.board_defaults)
ISOLATED, BUNKER, EVACUATED = "locked in the Isolation Room", "in the Bunker", "evacuated"


def new(names: tuple[str, ...] = ("Ann", "Bo"), mode: str = "", seed: str = "end",
        **board: object) -> Session:
    return Session(GAME, SessionSetup(len(names), names=names, mode=mode,
                                      board={**DEFAULTS, **board}), seed=seed)


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def seat(s: Session, name: str) -> int:
    return s.setup.names.index(name) + 1


def keep_objective(s: Session, name: str, text: str = "Send a Signal") -> None:
    s.do("choose_secret", secret=f"p{seat(s, name)}_objective", value=text)


def reveal(s: Session, name: str) -> None:
    s.do("reveal_secret", secret=f"p{seat(s, name)}_objective")


def ended(where: dict[str, str], code: str, mode: str = "", seed: str = "end",
          keep: bool = True) -> Session:
    """Every Character set where ``where`` says (by hand), each kept Objective recorded
    (unless not ``keep``), the track fast-forwarded to S (the purge spares the Isolation
    Room), the Active Contingency ``code`` revealed."""
    s = new(tuple(where), mode=mode, seed=seed)
    for name, now in where.items():
        if keep and s.setup.mode != "coop":
            keep_objective(s, name)
        s.do("correct_status", player=name, status=now)
    s.do("fast_forward")
    assert s.state.facts["ended"] == "E1"
    s.do("reveal_active_contingency", code=code)
    return s


# --- step 2: Contamination ---------------------------------------------------------------
def test_infected_cards_entered_at_the_check_kill_on_some_seeds_and_never_without() -> None:
    """The issue's case: 5 INFECTED entered, none logged before. All 15 cards are shuffled
    and 4 drawn; a Contamination card kills. Over many seeds some die, most do not escape
    (1 - C(10,4)/C(15,4) = 85%); with no INFECTED card and no Larva nobody draws or dies."""
    deaths = 0
    for n in range(30):
        s = ended({"Ann": ISOLATED}, "Green", seed=f"c{n}")
        said = texts(s.do("victory_check", player="Ann", infected=5,
                          objective="cannot be revealed"))
        assert "the log counted 0 Contamination cards; the 5 INFECTED make it 5" in said
        assert "all 15 cards (10 Action, 5 Contamination cards) shuffled, the app drew 4" in said
        deaths += status(s, "Ann") == "dead"
        if status(s, "Ann") == "dead":
            assert GAME.end_record(s.state).outcomes["Ann"] == "died (the Contamination check)"
    assert 15 < deaths < 30
    for n in range(30):
        s = ended({"Ann": ISOLATED}, "Green", seed=f"c{n}")
        said = texts(s.do("victory_check", player="Ann", infected=0, cards=4,
                          objective="cannot be revealed"))
        assert "no INFECTED card and no Larva, no draw" in said and status(s, "Ann") != "dead"


def test_a_larva_logged_before_triggers_the_draw_and_cards_held_need_a_scan() -> None:
    s = new(("Ann", "Bo"))
    keep_objective(s, "Ann")
    keep_objective(s, "Bo")
    s.do("contamination_card", player="Ann", count=3)
    s.do("scan", player="Ann", infected=1)  # a Larva on Ann's board
    s.do("contamination_card", player="Bo", count=2)
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status=ISOLATED)
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    said = texts(s.do("victory_check", player="Ann", objective="cannot be revealed"))
    assert "Step 2, Ann: a Larva; all 13 cards (10 Action, 3 Contamination cards) shuffled" in said
    with pytest.raises(ActionError, match="infected: Bo holds 2 Contamination cards, 2 not "
                       r"scanned yet: Scan them and give how many read INFECTED \(0 if none\)"):
        s.do("victory_check", player="Bo")
    with pytest.raises(ActionError, match="infected: 3 INFECTED is more than the 2"):
        s.do("victory_check", player="Bo", infected=3, cards=2)
    said = texts(s.do("victory_check", player="Bo", infected=1, cards=2,
                      drawn="no Contamination card", objective="cannot be revealed"))
    assert "your table drew 4: no Contamination card" in said and status(s, "Bo") == ISOLATED


# --- step 3: the Objective -----------------------------------------------------------------
def test_a_kept_objective_never_recorded_is_refused_never_decided_as_no_win() -> None:
    s = ended({"Ann": ISOLATED}, "Green", keep=False)
    assert s.setup.mode == "solo"
    with pytest.raises(ActionError, match="Ann's kept Objective was never recorded.*"
                                          "'Choose a secret', key c"):
        s.do("victory_check", player="Ann", objective="met")
    assert GAME.end_record(s.state).winners == () and "Ann" in victory.pending(s.state)


def test_the_purge_fails_a_kill_the_queen_objective() -> None:
    s = new(("Ann", "Bo"))
    keep_objective(s, "Ann", "Kill the Queen")
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status="dead")
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    reveal(s, "Ann")
    with pytest.raises(ActionError, match="the Facility was purged and the Intruders live"):
        s.do("victory_check", player="Ann", objective="met")
    s.do("victory_check", player="Ann", objective="not met")
    assert GAME.end_record(s.state).winners == ()


# --- step 1: the Contingency ---------------------------------------------------------------
WHERE = {"Ann": ISOLATED, "Bo": BUNKER, "Cy": EVACUATED}


def survivors_after(code: str, **answers: str) -> dict[str, str]:
    s = ended(dict(WHERE), code)
    for name in WHERE:
        s.do("victory_check", player=name, contingency_answer=answers.get(name), infected=0,
             objective="cannot be revealed")
    return {name: status(s, name) for name in WHERE}


def test_green_spares_everyone() -> None:
    assert survivors_after("Green") == WHERE


def test_gray_destroys_the_outbound_css_containers_only() -> None:
    assert survivors_after("Gray") == {"Ann": ISOLATED, "Bo": BUNKER, "Cy": "dead"}


def test_red_wipes_out_the_facility_and_whoever_is_still_inside() -> None:
    assert survivors_after("Red") == {"Ann": "dead", "Bo": BUNKER, "Cy": EVACUATED}


@pytest.mark.parametrize(("code", "asked", "kills"), [
    ("Yellow", "does Ann hold too much sensitive information?", "yes"),
    ("Blue", "did Ann file proper reports?", "no")])
def test_yellow_and_blue_ask_the_table_with_no_default(code: str, asked: str,
                                                       kills: str) -> None:
    s = ended(dict(WHERE), code)
    with pytest.raises(ActionError, match=f"contingency_answer: the Active Contingency is "
                       f"{code}.*{asked.replace('?', '[?]')} Give yes or no"):
        s.do("victory_check", player="Ann", infected=0)
    spare = "no" if kills == "yes" else "yes"
    assert survivors_after(code, Ann=kills, Bo=spare, Cy=kills) == {
        "Ann": "dead", "Bo": BUNKER, "Cy": "dead"}


def test_co_op_green_cannot_kill_and_the_team_wins() -> None:
    s = new(("Ann", "Bo"), mode="coop")
    for name, where in (("Ann", ISOLATED), ("Bo", BUNKER)):
        s.do("public_objective", player=name, text="Analyse an Egg",
               objective_kind="another kind")
        s.do("objective_met", player=name)
        s.do("correct_status", player=name, status=where)
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    said = texts(s.do("victory_check", player="Ann", contingency_answer="yes", infected=0))
    assert "Green saves everyone: Ann is spared" in said and status(s, "Ann") == ISOLATED
    s.do("victory_check", player="Bo", infected=0)
    record = GAME.end_record(s.state)
    assert record.winners == ("Ann", "Bo") and "the team wins" in record.summary
    moments = [m.text for m in build_report(GAME, s.setup, s.seed, s.events, s.head).moments]
    assert moments[-3:] == ["Ann survives the Victory Check", "Bo survives the Victory Check",
                            "Victory Check verdict: the team wins"]


def test_co_op_objectives_not_marked_are_named_with_how_to_mark_them() -> None:
    """Co-op, both survive in the Bunker, no Objective marked yet: the verdict names whose
    Objectives are not marked met and the action that marks them (it was 'not every public
    Objective met, or nobody lives'); marked met afterwards, the team wins."""
    s = new(("Ann", "Bo"), mode="coop")
    for name in ("Ann", "Bo"):
        s.do("public_objective", player=name, text="Analyse an Egg",
               objective_kind="another kind")
        s.do("correct_status", player=name, status=BUNKER)
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    for name in ("Ann", "Bo"):
        s.do("victory_check", player=name, infected=0)
    record = GAME.end_record(s.state)
    assert record.winners == ()
    assert "Public Objectives not marked met: Ann, Bo" in record.summary
    assert "'Objective met'" in record.summary and "everyone loses" in record.summary
    s.do("objective_met", player="Ann")
    assert "not marked met: Bo " in GAME.end_record(s.state).summary
    said = texts(s.do("objective_met", player="Bo"))
    assert "Result now:" in said and "the team wins" in said, said
    assert GAME.end_record(s.state).winners == ("Ann", "Bo")


def test_co_op_purge_withdraws_a_kill_the_queen_objective_already_met() -> None:
    s = new(("Ann", "Bo"), mode="coop")
    s.do("public_objective", player="Ann", text="Kill the Queen",
         objective_kind="Kill the Queen")
    s.do("public_objective", player="Bo", text="Analyse an Egg",
               objective_kind="another kind")
    s.do("objective_met", player="Ann")
    s.do("objective_met", player="Bo")
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status=ISOLATED)
    said = texts(s.do("fast_forward"))
    assert "Ann's public Objective (Kill the Queen) was marked met; the purge makes it fail" \
        in said
    assert not s.state.facts["objectives"]["Ann"]["done"]
    with pytest.raises(ActionError, match="the Facility was purged"):
        s.do("objective_met", player="Ann")
    s.do("reveal_active_contingency", code="Green")
    for name in ("Ann", "Bo"):
        s.do("victory_check", player=name, infected=0)
    record = GAME.end_record(s.state)
    assert record.winners == () and "everyone loses" in record.summary


# --- the rulebook's endings, played ------------------------------------------------------
def test_a_css_evacuee_is_lost_to_gray_and_an_infected_survivor_can_die() -> None:
    """A 2-player game played to the end: Bo leaves by CSS on 10, Ann locks herself in on 8
    with 2 Contamination cards, one INFECTED; Gray is the Active Contingency."""
    s = new(("Ann", "Bo"), css_slots=[10])
    keep_objective(s, "Ann")
    keep_objective(s, "Bo")
    round_on(s, 10)
    s.do("leave", player="Bo", how="in a CSS Pod")
    walk_to(s, "css")
    said = texts(s.do("launch_css", face="all Pods"))
    assert "Bo is evacuated" in said and status(s, "Bo") == EVACUATED
    s.do("contamination_card", player="Ann", count=2)
    round_on(s, 8)
    s.do("leave", player="Ann", how=ISOLATED)
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Gray")
    said = texts(s.do("victory_check", player="Bo"))
    assert "Gray destroys every outbound CSS container: Bo, evacuated by a CSS Pod, dies" in said
    reveal(s, "Ann")
    said = texts(s.do("victory_check", player="Ann", infected=1,
                      drawn="a Contamination card came up", objective="met",
                      objective_kind="another kind"))
    assert "Ann dies in the Victory Check (the Contamination check)" in said
    record = GAME.end_record(s.state)
    assert record.winners == () and record.outcomes == {
        "Ann": "died (the Contamination check)", "Bo": "died (the Gray Contingency)"}
    report = build_report(GAME, s.setup, s.seed, s.events, s.head)
    moments = [m.text for m in report.moments]
    for said in ("CSS launch on 10: all Pods", "CSS launch: Bo evacuated",
                 "Ann: locked in the Isolation Room", "Game over: Facility purged",
                 "Active Contingency: Gray", "Bo dies: the Gray Contingency",
                 "Ann dies: the Contamination check", "Victory Check verdict: nobody wins"):
        assert said in moments, said
    time = next(series for series in report.series if series.key == "time.position")
    assert [v for _, v in time.by_moment()][:3] == [15, 14, 13]  # the Time-track chart


# --- the board follows every jump --------------------------------------------------------
def test_fast_forward_past_a_yellow_token_turns_it_red_and_opens_the_gate() -> None:
    s = new(("Ann", "Bo"))
    round_on(s, 10)
    s.do("start_autodestruction")  # yellow on 7
    round_on(s, 9)
    s.do("leave", player="Bo", how="dead")
    s.state.facts["main_gate_open"] = False  # as if nobody had died: only the token opens it
    s.do("correct_main_gate", open=False)
    s.do("correct_status", player="Ann", status=ISOLATED)
    said = texts(s.do("fast_forward"))
    assert "Autodestruction turns red and moves to slot 4" in said
    assert s.state.facts["autodestruct"] == {"slot": 4, "side": "red"}
    assert s.state.facts["main_gate_open"] and s.state.facts["css"] == [4, 2, 1]
    shown = str(GAME.panels(s.state))
    assert "RED on 4" in shown and "yellow on 7" not in shown
    assert "CSS tokens face down on: 4, 2, 1" in shown


def test_fast_forward_to_the_yellow_token_follows_it_to_red_and_destroys_the_facility() -> None:
    s = new(("Ann", "Bo"))
    round_on(s, 10)
    s.do("start_autodestruction")
    round_on(s, 9)
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status=BUNKER)
    said = texts(s.do("fast_forward", jump_to="Autodestruction token"))
    assert "Fast-forward: Time token 9 -> 4" in said and "Game over (Facility destroyed)" in said
    assert status(s, "Ann") == "dead" and status(s, "Bo") == BUNKER
    assert s.state.facts["css"] == [4, 2, 1]  # 8 and 6 passed; the token stands on 4


def test_fast_forward_past_css_slots_sets_their_tokens_aside() -> None:
    s = new(("Ann",))
    assert s.state.facts["css"] == [10, 8, 6, 4, 2, 1]
    s.do("correct_status", player="Ann", status=BUNKER)
    s.do("fast_forward")
    assert s.state.facts["css"] == []
    assert [r["slot"] for r in s.state.facts["css_revealed"]] == [10, 8, 6, 4, 2, 1]
    assert "CSS tokens face down on: none" in str(GAME.panels(s.state))


def test_a_character_back_from_a_pod_is_in_the_css_room_not_where_they_started() -> None:
    s = new(("Ann", "Bo"), css_slots=[10])
    s.do("character_kind", player="Ann", kind="Nemesis Survivor")  # starts in Isolation
    round_on(s, 10)
    s.do("leave", player="Ann", how="in a CSS Pod")
    walk_to(s, "css")
    said = texts(s.do("launch_css", face="no Pod"))
    assert "back into the CSS Room with 1 Serious Wound" in said
    assert s.state.facts["crew"][0]["room"] == "Cargo Sending System Room"
    said = texts(walk_to(s, "turns"))
    assert "Round" in said and "Ann is in the Isolation Room" not in said
    assert "Ann (First Player): active in the Cargo Sending System Room" in str(
        GAME.panels(s.state))


# --- pieces that exist -------------------------------------------------------------------
def test_a_second_larva_kills_and_places_its_creeper_on_the_board() -> None:
    s = new(("Ann", "Bo"))
    s.do("move_character", player="Ann", room="Laboratory")
    s.do("contamination_card", player="Ann", count=2)
    s.do("scan", player="Ann", infected=1)
    said = texts(s.do("scan", player="Ann", infected=2))
    assert "the second one kills" in said and "Creeper #1 placed in the Laboratory" in said
    assert status(s, "Ann") == "dead"
    assert [(i["kind"], i["room"], i["token"]) for i in s.state.facts["intruders"]] == [
        ("Creeper", "Laboratory", False)]
    assert "Creeper #1 in the Laboratory" in str(GAME.panels(s.state))


def test_the_bag_holds_no_more_tokens_than_the_box() -> None:
    s = new(("Ann", "Bo"))
    bag = s.state.piece("intruder_bag", Bag)
    with pytest.raises(ActionError, match="your board profile lists 2 Breeder tokens in the "
                       "box; give 0 to 2"):
        s.do("set_value", target="intruder_bag.Breeder", value=99)
    assert bag.contents["Breeder"] == 0
    s.do("set_value", target="intruder_bag.Creeper", value=3)
    walk_to(s, "bag")
    for grown in (1, 2, 2):
        said = texts(s.do("develop_bag", drawn="Creeper"))
        assert s.state.piece("intruder_bag", Bag).contents["Breeder"] == grown
        walk_to(s, "bag")
    assert "No spare Breeder token is left: your board profile lists 2" in said


def test_a_victory_check_saved_with_the_old_yes_no_answers_replays() -> None:
    """Older records said "kills them?" and "Objective met?" as yes/no: replayed (the args
    go to the rule as recorded), they give the same answers."""
    s = ended({"Ann": BUNKER, "Bo": BUNKER}, "Blue")
    state = s.state.copy()
    args = {"player": "Ann", "contingency_kills": True, "objective": True, "infected": 0}
    notes = "\n".join(map(str, victory.check(state, Random(1), args)))
    assert "Blue: Did Ann file proper reports? no: Ann dies" in notes
