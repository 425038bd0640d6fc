"""Hand corrections that keep the rules, solo and co-op, the Victory Check and the end record
(spec §13, §11.2; worked examples T12, V1, V2, EN1, MO1, MO2)."""

from __future__ import annotations

import pytest

from tests.nemesis.helpers import round_on, status, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.common_actions import settable_targets
from trackers.games.nemesis_lockdown.game import GAME
from trackers.games.nemesis_lockdown.setup import solo_item_counter
from trackers.pieces import Track

DEFAULTS = dict(GAME.board_defaults)


def new(names: tuple[str, ...] = ("Ann", "Bob"), mode: str = "", **board: object) -> Session:
    return Session(GAME, SessionSetup(len(names), names=names, mode=mode,
                                      board={**DEFAULTS, **board}), seed="fix")


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def time(s: Session) -> int:
    return s.state.piece("time", Track).position


def test_a_hand_jump_over_the_autodestruction_slot_applies_it_when_asked() -> None:
    s = new(css_slots=[10], red_thresholds=[], blue_thresholds=[11])
    round_on(s, 14)
    s.do("start_autodestruction")
    assert s.state.facts["autodestruct"] == {"slot": 11, "side": "yellow"}
    notes = texts(s.do("correct_time", slot="9"))  # the default: apply what it passes
    assert "Time token: 11 -> 10" in notes and "turns red and moves to slot 8" in notes
    assert "The Main Gate opens" in notes and "Power token 2 turns to its red side" in notes
    assert "The CSS token on 10 is passed without a launch" in notes
    assert s.state.facts["autodestruct"] == {"slot": 8, "side": "red"}
    assert s.state.facts["main_gate_open"] and s.state.facts["css"] == [] and time(s) == 9
    assert s.history()[-1].text == "Time token moved by hand to 9 (the slots passed applied)"
    s.undo()
    assert s.state.facts["autodestruct"] == {"slot": 11, "side": "yellow"} and time(s) == 14
    notes = texts(s.do("correct_time", slot="9", apply="just move the token"))
    assert "no slot's effects applied" in notes and time(s) == 9
    assert s.state.facts["autodestruct"]["side"] == "yellow"
    assert not s.state.facts["main_gate_open"] and s.state.facts["css"] == [10]


def test_a_hand_jump_past_a_red_token_destroys_the_facility_there() -> None:
    s = new()
    round_on(s, 15)
    s.do("correct_autodestruction", side="red", slot=12)
    notes = texts(s.do("correct_time", slot="6"))
    assert "Game over (Facility destroyed)" in notes and time(s) == 12
    assert GAME.end_record(s.state).ending == "Facility destroyed"


def test_time_set_to_s_by_hand_ends_the_game() -> None:
    for how in ("apply what it passes", "just move the token"):
        s = new()
        round_on(s, 10)
        notes = texts(s.do("correct_time", slot="S", apply=how))
        assert "Game over (Facility purged)" in notes
        record = GAME.end_record(s.state)
        assert record is not None and record.ending == "Facility purged"
        assert status(s, "Ann") == "dead" and status(s, "Bob") == "dead"
        with pytest.raises(ActionError, match="the game is over"):
            s.do("place_fire")
        s.undo()
        assert GAME.end_record(s.state) is None


def test_corrections_re_derive_what_the_rules_derive() -> None:
    s = new()
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    s.do("correct_power", location="S-01", powered=True)
    assert s.state.facts["power"]["blue"] == [1, 2, 3]
    notes = texts(s.do("correct_status", player="Bob", status="dead"))
    assert "the Main Gate opens" in notes and s.state.facts["first_death"]
    s.do("correct_main_gate", open=False)
    assert not s.state.facts["main_gate_open"]
    notes = texts(s.do("correct_autodestruction", side="red", slot=9))
    assert "Main Gate opens" in notes and s.state.facts["main_gate_open"]
    s.do("correct_alert", slot=6)
    assert s.state.facts["alert"] == 6
    s.do("correct_css", slots="8, 6")
    assert s.state.facts["css"] == [8, 6]
    with pytest.raises(ActionError, match="slots: 'x' is not a numbered slot"):
        s.do("correct_css", slots="8, x")
    s.do("correct_time", slot="15", side="active")
    assert s.state.facts["time_side"] == "active"
    notes = texts(s.do("correct_status", player="Ann", status="in the Bunker"))
    assert "No active Character is left" in notes
    # "Set a value by hand" (x) leaves the Time token to 'Move the Time token by hand'.
    assert "time.position" in settable_targets(s.state)
    with pytest.raises(ActionError, match="'Move the Time token by hand'"):
        s.do("set_value", target="time.position", value=12)
    assert time(s) == 15 and s.state.facts["ended"] is None


def test_t12_a_pod_launches_before_the_red_token_destroys_the_facility() -> None:
    s = new(("Ann", "Bob", "Cy"), css_slots=[5])  # Cy inside: the round goes on
    round_on(s, 11)
    s.do("start_autodestruction")  # yellow 8, red 5
    round_on(s, 5)
    s.do("leave", player="Ann", how="in a CSS Pod")
    s.do("leave", player="Bob", how="dead")
    walk_to(s, "css")
    s.do("launch_css", face="all Pods")
    notes = texts(s.do("advance_time"))
    assert "Game over (Facility destroyed)" in notes and status(s, "Ann") == "evacuated"
    assert "Victory Check for Ann" in notes


def objective(s: Session, name: str, text: str = "Send a Signal") -> None:
    """The kept Objective chosen (First Encounter) and, at the end, revealed."""
    seat = s.setup.names.index(name) + 1
    s.do("choose_secret", secret=f"p{seat}_objective", value=text)


def reveal(s: Session, name: str) -> None:
    s.do("reveal_secret", secret=f"p{s.setup.names.index(name) + 1}_objective")


def test_v1_v2_the_victory_check_names_the_winners() -> None:
    s = new(("Ann", "Bob", "Cy"))
    objective(s, "Ann")
    objective(s, "Bob")
    round_on(s, 8)
    s.do("contamination_card", player="Ann", count=2)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    s.do("leave", player="Bob", how="locked in the Isolation Room")
    s.do("leave", player="Cy", how="dead")
    s.do("fast_forward")
    record = GAME.end_record(s.state)
    assert record.ending == "Facility purged" and record.winners == ()
    assert "Victory Check to do for Ann, Bob" in record.summary
    with pytest.raises(ActionError, match="reveal the Active Contingency first"):
        s.do("victory_check", player="Ann")
    s.do("reveal_active_contingency", code="Green")
    reveal(s, "Ann")
    notes = texts(s.do("victory_check", player="Ann", infected=1,
                       drawn="a Contamination card came up", objective="met",
                       objective_kind="another kind"))
    assert "Ann dies in the Victory Check (the Contamination check)" in notes
    reveal(s, "Bob")
    notes = texts(s.do("victory_check", player="Bob", objective="met",
                       objective_kind="another kind"))
    assert "no INFECTED card and no Larva, no draw" in notes and "Winner: Bob" in notes
    record = GAME.end_record(s.state)
    assert record.winners == ("Bob",)
    assert record.outcomes == {"Ann": "died (the Contamination check)", "Bob": "won",
                               "Cy": "dead"}
    assert GAME.status_of(s.state) == "ended: Facility purged, won by Bob"


def test_the_app_draws_four_from_the_cards_it_counted() -> None:
    s = new()
    objective(s, "Ann")
    round_on(s, 8)
    s.do("contamination_card", player="Ann", count=9)
    s.do("scan", player="Ann", infected=1)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    s.do("leave", player="Bob", how="dead")
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    notes = texts(s.do("victory_check", player="Ann"))
    assert "all 19 cards (10 Action, 9 Contamination cards) shuffled, the app drew 4" in notes


def test_a_character_left_in_a_pod_is_the_tables_call() -> None:
    s = new(css_slots=[10])
    objective(s, "Ann")
    round_on(s, 10)
    s.do("leave", player="Bob", how="dead")
    s.do("leave", player="Ann", how="in a CSS Pod")
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    with pytest.raises(ActionError, match="pod: Ann is still in a CSS Pod; the rulebook does "
                       "not say whether a Character left in a Pod survives"):
        s.do("victory_check", player="Ann", objective="met")
    reveal(s, "Ann")
    s.do("victory_check", player="Ann", pod="counts as evacuated", objective="met",
         objective_kind="another kind")
    assert GAME.end_record(s.state).winners == ("Ann",)


def test_a_full_co_op_game_ends_with_its_public_objectives_checked() -> None:
    s = new(("Ann", "Bo"), mode="coop")
    walk_to(s, "turns")
    s.do("public_objective", player="Ann", text="Analyse an Egg",
               objective_kind="another kind")
    s.do("public_objective", player="Bo", text="Start the Alert Procedure",
           objective_kind="another kind")
    s.do("wound", player="Bo", kind="serious")
    for _ in range(3):
        s.do("wound", player="Bo", kind="serious")
    assert status(s, "Bo") == "dead"
    s.do("revive", player="Bo")
    walk_to(s, "end")
    notes = texts(s.do("next_step"))
    assert "Revive: Bo is back" in notes and status(s, "Bo") == "active"
    assert next(c["room"] for c in s.state.facts["crew"] if c["name"] == "Bo") == "Emergency Room"
    s.do("objective_met", player="Ann")
    round_on(s, 8)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    s.do("leave", player="Bo", how="locked in the Isolation Room")
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    s.do("victory_check", player="Ann")
    s.do("victory_check", player="Bo")
    record = GAME.end_record(s.state)
    assert record.winners == () and "everyone loses" in record.summary
    notes = texts(s.do("objective_met", player="Bo"))  # after the end: checked then
    assert "Result now:" in notes and "the team wins" in notes  # the earlier verdict is stale
    record = GAME.end_record(s.state)
    assert record.winners == ("Ann", "Bo") and record.sides == ("the team",)
    assert "the team wins" in record.summary


def test_mo2_co_op_with_one_survivor_and_two_of_three_objectives_loses() -> None:
    s = new(("Ann", "Bo", "Cy"), mode="coop")
    round_on(s, 8)
    for name in ("Ann", "Bo"):
        s.do("objective_met", player=name)
    s.do("leave", player="Ann", how="locked in the Isolation Room")
    s.do("leave", player="Bo", how="dead")
    s.do("leave", player="Cy", how="dead")
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    s.do("victory_check", player="Ann")
    record = GAME.end_record(s.state)
    assert record.winners == () and "everyone loses" in record.summary


def test_co_op_actions_belong_to_the_co_op_game() -> None:
    s = new()
    assert not s.available("public_objective") and not s.available("revive")


def test_solo_draws_two_more_tokens_and_halves_the_items() -> None:
    s = new(("Ann",))
    assert s.setup.mode == "solo"
    labels = [p.label for n, p in s.state.pieces.items() if "contingency" in n]
    assert labels == ["Ann's Contingency token 1", "Ann's Contingency token 2",
                      "Ann's Contingency token 3"]
    assert (solo_item_counter(3), solo_item_counter(1), solo_item_counter(4)) == (2, 1, 2)
    s.do("leave", player="Ann", how="dead")
    s.do("fast_forward")
    assert "nobody wins" in GAME.end_record(s.state).summary


def test_notes_and_refusals_never_cite_the_facts_sheet() -> None:
    """Whatever the table does, what it reads names rulebook sections, never 'spec' or a gap
    id such as G12."""
    import re

    said: list[str] = []
    s = new(css_slots=[14, 10], red_thresholds=[13], blue_thresholds=[])
    plays = [("next_step", {})] * 13 + [
        ("encounter", {"room": "Nest", "drawn": "Blank"}),
        ("encounter", {"room": "Nest", "drawn": "Larva"}),
        ("larva_attack", {"player": "Ann", "intruder": "1"}),
        ("start_autodestruction", {}), ("start_autodestruction", {}),
        ("stop_autodestruction", {}), ("start_autodestruction", {}),
        ("start_alert", {}), ("start_alert", {}),
        ("schedule_css", {"from_slot": 14, "to_slot": 13}),
        ("schedule_css", {"from_slot": 10, "to_slot": 9}),
        ("noise_roll", {"rolled": "Danger"}), ("place_fire", {}),
        ("power_section", {"location": "S-01"}),
        ("leave", {"player": "Bob", "how": "in a CSS Pod"}),
        ("next_step", {}), ("next_step", {}), ("next_step", {}),
        ("launch_css", {"face": "one Pod"}),
        ("advance_time", {}), ("develop_bag", {"drawn": "Queen", "nest_occupied": True}),
        ("leave", {"player": "Ann", "how": "dead"}), ("fast_forward", {}),
        ("fast_forward", {"jump_to": "S"}), ("victory_check", {"player": "Bob"}),
    ]
    for name, args in plays:
        try:
            said += [n.text for n in s.do(name, **args)]
        except ActionError as err:
            said.append(str(err))
    said += [h.text for h in s.history()]
    assert len(said) > 40
    for text in said:  # E1..E4 are the facts sheet's names for the endings, not the book's
        assert not re.search(r"\bspec\b|\bG\d+\b|\bE\d\b", text), text


def test_each_ending_reads_by_its_name_not_a_code() -> None:
    """Home, the report and the notes name the ending ("Facility destroyed"), never the
    facts sheet's E1..E4."""
    purged, burnt, alert = new(), new(), new()
    said = texts(purged.do("correct_time", slot="S", apply="just move the token"))
    for _ in range(13):
        said += texts(burnt.do("place_fire"))
    walk_to(alert, "turns")
    alert.do("start_alert")
    alert.do("leave", player="Ann", how="locked in the Isolation Room")
    alert.do("leave", player="Bob", how="dead")
    said += texts(alert.do("fast_forward"))
    endings = []
    for s in (purged, burnt, alert):
        record = GAME.end_record(s.state)
        assert record is not None
        endings.append(record.ending)
        said += "\n".join([record.summary, GAME.status_of(s.state)])
    assert endings == ["Facility purged", "Facility destroyed", "Alert Procedure"]
    assert "Game over (Facility destroyed)" in said
    assert GAME.status_of(burnt.state) == "ended: Facility destroyed"
    assert "E1" not in said and "E2" not in said and "E4" not in said


def test_revive_fails_with_an_intruder_in_the_emergency_room() -> None:
    s = new(("Ann", "Bo"), mode="coop")
    s.do("leave", player="Bo", how="dead")
    s.do("encounter", room="Emergency Room", drawn="Adult")
    assert "Revive fails" in texts(s.do("revive", player="Bo"))
    s.do("intruder_to_corridor", intruder="1")
    assert "comes back at the start of the next round" in texts(s.do("revive", player="Bo"))
    blocked = "an Intruder or a Malfunction is there"
    assert "Revive fails" in texts(s.do("revive", player="Bo", room=blocked))


def test_the_stepper_says_which_sections_keep_noise_and_who_is_attacked() -> None:
    """M5 (powered Sections lose their Noise, Darkness keeps it) and step 7."""
    s = new(css_slots=[], red_thresholds=[], blue_thresholds=[])
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    walk_to(s, "turns")
    s.do("move_character", player="Ann", room="Nest")
    s.do("encounter", room="Nest", drawn="Adult")
    walk_to(s, "time")
    notes = texts(s.do("advance_time"))  # step 5 done: step 6 is due
    assert "Time token: 15 -> 14" in notes
    assert "Powered: S-02, Elevator (Noise is removed there)" in notes
    assert "in Darkness: S-01, S-03 (Noise stays)" in notes
    notes = texts(s.do("next_step"))
    assert "Attacks: Adult #1 in the Nest attacks (Ann)" in notes


def test_a_corrected_token_goes_on_a_slot_still_ahead() -> None:
    s = new()
    s.do("correct_time", slot="10", apply="just move the token")
    for name, args in (("correct_autodestruction", {"side": "yellow", "slot": 12}),
                       ("correct_alert", {"slot": 11}), ("correct_css", {"slots": "9, 12"})):
        before = s.state.to_dict()
        with pytest.raises(ActionError, match="has already left slot 1[12]"):
            s.do(name, **args)
        assert s.state.to_dict() == before


def test_the_history_reads_in_the_tables_words_not_form_fields() -> None:
    """Every Nemesis action with fields logs a line of its own; a game's history never shows
    'player=Ann' or a raw field name."""
    from trackers.games.nemesis_lockdown.actions import ACTIONS

    bare = [a.name for a in ACTIONS if a.params and a.log_text is None]
    assert bare == []
    s = new(("Ann", "Bo"), mode="coop")
    s.do("character_kind", player="Ann", kind="Facility Worker")
    s.do("place_power", s01=3, s02=1, s03=4, elevator=2)
    walk_to(s, "turns")
    s.do("encounter", room="Nest", drawn="Adult", hand_size=3, in_darkness=False)
    s.do("injure_intruder", intruder="1", injuries=2, blood=3)
    s.do("move_character", player="Bo", room="Archive")
    s.do("wound", player="Bo", kind="light")
    s.do("contamination_card", player="Bo")
    s.do("knowledge", player="Ann", source="the Archive")
    s.do("noise_marker", corridor="3")
    s.do("correct_power", location="S-01", powered=True)
    lines = [h.text for h in s.history()]
    assert "Ann plays a Facility Worker" in lines
    assert "Power tokens: S-01 token 3, S-02 token 1, S-03 token 4, Elevator token 2" in lines
    assert "Intruder #1: 2 Injuries, blood 3" in lines and "Bo: Light Wound" in lines
    assert "Bo: 1 Contamination card (Melee or a card)" in lines
    for line in lines:
        assert "=" not in line and "_" not in line, line
