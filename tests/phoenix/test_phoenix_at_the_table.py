"""What a table read while playing a 3-player Phoenix game, and had to be right.

Found by playing through the app: "1 points", log lines showing raw arguments ("Add or take
away points (points=5)"), a status that stayed "score it" after the scores were recorded and
did not fit Home's column, a Level-3 Sector counted over no Level-2 without a word, a report
end line that said "final round done" twice and a game of 4 turns reported as 5, and the score
sheet naming raw file fields ("level3", "sectors.3") to the table.
"""

from __future__ import annotations

from trackers.engine import Session, SessionSetup
from trackers.engine.report import build_report
from trackers.games.space_station_phoenix.game import GAME
from trackers.games.space_station_phoenix.score_form import ScoreForm

NAMES = ("Ann", "Bo", "Cy")


def new() -> Session:
    return Session(GAME, SessionSetup(3, names=NAMES, board={"lap_size": 50}), seed="t")


def played() -> Session:
    """Ann +5; Bo +43 and triggers; Cy and Ann take their final turns (4 turns in all)."""
    s = new()
    s.do("add_points", points=5)
    s.do("end_turn")
    s.do("add_points", points=43)
    s.do("end_turn")
    s.do("end_turn")
    s.do("add_points", player="Ann", points=-4)
    s.do("end_turn")
    return s


def test_one_point_is_singular_on_the_track_and_in_the_note() -> None:
    s = new()
    notes = [n.text for n in s.do("add_points", points=1)]
    assert "Ann: 0 -> 1 point" in notes
    assert s.state.pieces["score_1"].summary() == "Ann: 1 point (space 1)"


def test_the_log_reads_as_the_table_speaks() -> None:
    s = new()
    s.do("add_points", points=5)
    s.do("move_token", player="Bo", track="Dismantle")
    s.do("aliens_taken", count=3)
    s.do("build_sector", player="Cy", level=1)
    s.do("ship_used", ship="Transport")
    s.do("income_check", player="Cy", gems=9)
    s.do("end_turn")
    lines = [entry.text for entry in s.history()][-7:]
    assert lines == [
        "+5 points to Ann's score",  # left blank: the active player, named in the log
        "Bo's Dismantle Diplomacy token up 1 space",
        "3 Aliens taken from the supply",
        "Cy built a Level-1 Sector",
        "Transport ship used: Diplomacy bonuses",
        "Income check for Cy (9 GEMs)",
        "Ann's turn ended: end-of-game check",
    ]
    assert not any("=" in line for line in lines)
    s.do("return_sector", player="Cy", level=1)
    s.do("set_turn", player="Bo")
    s.do("set_ruling", ruling="bag Aliens count as supply", answer="yes")
    assert [entry.text for entry in s.history()][-3:] == [
        "Cy returned a Level-1 Sector", "Bo's turn, set by hand",
        "Ruling: bag Aliens count as supply: yes"]


def test_a_level3_sector_over_no_level2_is_pointed_out_but_kept() -> None:
    s = new()
    s.do("build_sector", level=1)
    notes = " ".join(n.text for n in s.do("build_sector", level=3, number="317"))
    assert "more Level-3 than Level-2 Sectors" in notes and "A-9" in notes
    assert "Station Construction Rules" in notes
    assert s.state.facts["sectors"]["Ann"] == [1, 0, 1]  # counted all the same (Hub A-9)
    quiet = " ".join(n.text for n in s.do("build_sector", player="Bo", level=1))
    assert "Level" not in quiet.replace("Level-1 Sector", "")


def test_status_says_who_won_once_the_scores_are_recorded_and_fits_home() -> None:
    s = played()
    assert s.state.facts["status"] == "over: score it"
    assert len(s.state.facts["status"]) <= 16  # Home's status column at 80 columns
    s.do("record_final_scores", scores="Ann=86, Bo=68, Cy=9")
    assert s.state.facts["status"] == "Ann won"
    s.undo()
    assert s.state.facts["status"] == "over: score it"


def test_the_report_counts_the_turns_played_and_says_the_end_once() -> None:
    s = played()
    s.do("record_final_scores", scores="Ann=86, Bo=68, Cy=9")
    report = build_report(GAME, s.setup, s.seed, s.events)
    assert report.length == 4
    end = [m.text for m in report.moments if m.kind == "end"]
    assert end == ["The end: Final round done (Bo triggered the end: 43 points (40 or more))"]
    assert any(m.text == "Final scores: Ann=86, Bo=68, Cy=9" for m in report.moments)
    assert report.end is not None and report.end.winners == ("Ann",)


def test_sheet_problems_name_rows_not_file_fields() -> None:
    form = ScoreForm.blank()
    texts = form.texts[0]
    texts.update({"sectors.1": "2", "sectors.2": "2", "sectors.3": "1", "level3.0": "308",
                  "level3.1": "313", "hub": "B-3"})
    problems = form.evaluate().problems
    said = " ".join(p.text for p in problems)
    assert "2 Level-3 Sectors listed but 1 Level-3 Sector built" in said
    assert "level3:" not in said and "sectors.3" not in said
    assert [p.row for p in problems] == ["level3.1"]  # the extra one is marked
    texts.update({"sectors.2": "0", "level3.1": ""})
    said = " ".join(p.text for p in form.evaluate().problems)
    assert "1 Level-3 Sector over 0 at Level 2" in said


def test_notes_name_no_app_keys_so_the_cli_reads_them_too() -> None:
    """Notes go to the app and to `tableside do`: they name actions, never keys."""
    import re

    s = new()
    said: list[str] = []
    said += [n.text for n in s.do("move_token", player="Bo", track="Dismantle", steps=2)]
    said += [n.text for n in s.do("ship_used", ship="Dismantle")]
    said += [n.text for n in s.do("add_points", points=41)]
    said += [n.text for n in s.do("end_turn")]
    said += [n.text for n in s.do("end_turn")]
    said += [n.text for n in s.do("end_turn")]
    text = " | ".join(said)
    assert "Whoever takes the 1 point adds it to their score" in text
    assert "final scoring, with the score calculator" in text
    assert not re.search(r"\((e|k|a|ctrl\+p)\)|\bk opens\b|: a adds|ctrl\+p", text), text


def test_refusals_read_plainly() -> None:
    import pytest

    from trackers.engine import ActionError

    s = new()
    s.do("move_token", player="Cy", track="Transport", steps=5)
    with pytest.raises(ActionError) as refused:
        s.do("move_token", player="Cy", track="Transport", steps=1)
    assert str(refused.value) == ("steps: Cy's Transport token is on L5; allowed: -5 to -1 "
                                  "(the track runs L0 to L5)")
    s.do("aliens_taken", count=66)
    with pytest.raises(ActionError) as refused:
        s.do("end_turn")
    assert ("Do Aliens left in the bag count as in the supply? (4 on the Home Planets board, "
            "30 in the bag) Decide it with 'Decide an open ruling'") in str(refused.value)
    notes = " ".join(n.text for n in s.do("income_check", gems=3))
    assert notes.endswith("then end the turn")


def test_a_score_out_of_range_is_too_high_not_too_many() -> None:
    form = ScoreForm.blank()
    form.texts[0].update({"points": "99999", "hub": "B-3", "residents.teal": "26"})
    said = [p.text for p in form.evaluate().problems]
    assert "Player 1: In-game points: 99999 is too high; allowed: a whole number from -999 to " \
        "999" in said
    assert any("Teal Aliens: 26 is too many" in line for line in said)


def test_first_game_setup_lists_the_sets_and_the_b2_exception() -> None:
    s = Session(GAME, SessionSetup(2, {"first_game": True}, names=("Ann", "Bo")), seed="t")
    steps = [step for step, _ in GAME.checklist(s.state)]
    deal = next(step for step in steps if step.startswith("First game"))
    hubs = s.state.facts["hubs"]  # dealt by the app: two different sets of the four
    assert set(hubs) == {"Ann", "Bo"} and len(set(hubs.values())) == 2
    assert set(hubs.values()) <= {"B-1", "B-2", "B-3", "B-4"}
    sets = {"B-1": "Level-3 Dismantle + Terran Expedition, Level-2 Dismantle",
            "B-2": "Level-3 Ice Collector (+5 water) + Construction, Level-2 Farm (+4 food)",
            "B-3": "Level-3 Terran Expedition + Dismantle, Level-2 Construction",
            "B-4": "Level-3 Construction + Terran Expedition, Level-2 Transport"}
    for name, hub in hubs.items():
        assert f"{name}: {hub} ({sets[hub]})" in deal
    back = next(step for step in steps if step.startswith("Apply each Hub's back"))
    assert "B-2 skips its +3/-1 ship bonus and takes the Level-2 Transport and Dismantle" in back


def test_a_level3_bonus_typed_without_o_is_pointed_out() -> None:
    form = ScoreForm.blank()
    form.texts[0].update({"sectors.1": "1", "sectors.2": "1", "sectors.3": "1",
                          "level3.0": "308", "residents.human": "6", "hub": "B-3"})
    form.texts[1].update({"hub": "B-3"})
    unset = form.evaluate().unset
    assert "Player 1: 308 is empty, so its bonus (1 per Human) counts 0; o marks it " \
        "occupied" in unset
    form.toggle_occupied(0, "level3.0")
    assert not any("308" in line for line in form.evaluate().unset)


def test_bonus_workings_count_one_thing_in_the_singular() -> None:
    from trackers.games.space_station_phoenix.station import HUB_BONUSES, LEVEL3_BONUSES
    from trackers.games.space_station_phoenix.station import BonusCounts as Counts

    fields = Counts.__dataclass_fields__
    one = Counts(**dict.fromkeys(fields, 1))  # type: ignore[arg-type]
    assert HUB_BONUSES["A-1"].formula(one) == (15, "1 ship left = 15")
    assert LEVEL3_BONUSES["308"].formula(one) == (1, "1 Human = 1")
    assert HUB_BONUSES["B-5"].formula(one)[1] == "2 × 1 full Sector = 2"
    two = Counts(**dict.fromkeys(fields, 2))  # type: ignore[arg-type]
    assert HUB_BONUSES["A-1"].formula(two)[1] == "2 ships left = 10"


def test_the_residents_working_names_humans_as_the_rulebook_does() -> None:
    import json
    from pathlib import Path

    from trackers.games.space_station_phoenix.score_input import parse_score_sheet
    from trackers.games.space_station_phoenix.scoring import score

    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "phoenix-score.json"
    result = score(parse_score_sheet(json.loads(example.read_text(encoding="utf-8"))))
    anna = result.players[0].cell("residents").why
    assert anna == "2 × 25 residents (7 teal, 8 pink, 0 brown, 9 gold, 1 Human) = 50"
    beth = result.players[1].cell("residents").why
    assert "11 Humans" in beth


def test_one_alien_is_singular_in_every_note() -> None:
    s = new()
    notes = [n.text for n in s.do("aliens_taken", count=1)]
    assert notes[0].startswith("1 Alien taken from the supply")
    from trackers.games.space_station_phoenix import facts

    s.do("aliens_taken", count=facts.aliens(s.state).value - 1)
    said = " ".join(n.text for n in s.notes)
    assert "Only 1 Alien left" in said and "1 Aliens" not in said
