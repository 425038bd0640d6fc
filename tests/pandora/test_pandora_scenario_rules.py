"""Each scenario's own rules played by the engine, not only printed (rulebook «Scenario 1»,
«Fighting the Fire», «If a Nasty is in your Escape Vehicle», «Becoming a Nasty»,
«Surviving's Just a Way of Keeping Score»), in the rulebook's order."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pandora.helpers import enter_setup, panel, started, texts, walk_to
from tests.pandora.test_pandora_escape import abandoned
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.cards import BLUE, RED
from trackers.games.pandora_celeste.game import GAME


def scenario_1() -> Session:
    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Flygirl"], "scenario": "Scenario 1"},
                                   board={"objective_timer": 9}), seed="sc1")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Vacuum", start=6)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    return s


def test_scenario_1_the_yellow_scuttlebugs_swarm_on_one_card() -> None:
    s = scenario_1()
    for room in ("Iso-Ward", "Galley", "Bridge"):
        s.do("reveal_nasty", name="ScuttleBug", room=room)
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Cap", colour="Red")
    walk_to(s, "nasties")
    notes = texts(s.do("nasty_round"))
    assert "3 Yellow ScuttleBugs move as one swarm on one card" in notes
    assert s.state.facts["nasty_round"]["queue"] == [1]
    notes = texts(s.do("nasty_card", instruction="Follow Instincts"))
    assert "the ScuttleBug swarm (1. ScuttleBug, 2. ScuttleBug, 3. ScuttleBug)" in notes
    assert "Every activated Nasty has acted" in notes


def test_scenario_1_a_scuttlebug_kill_bursts_no_monsterbug() -> None:
    s = scenario_1()
    walk_to(s, "crew_round")
    s.do("scuttlebug", crew="Cap")
    s.do("wound", crew="Cap", dmg=7)
    notes = texts(s.do("wound", crew="Cap", dmg=1, source="ScuttleBug"))
    assert "Cap is dead" in notes and "Scenario 1 has no Big Nasties" in notes
    assert all(n["name"] != "MonsterBug" for n in s.state.facts["nasties"])


def test_the_full_game_still_bursts_a_monsterbug() -> None:
    s = started(("Cap", "Flygirl"), seed="burst")
    walk_to(s, "crew_round")
    s.do("scuttlebug", crew="Cap")
    s.do("wound", crew="Cap", dmg=7)
    s.do("wound", crew="Cap", dmg=1, source="ScuttleBug")
    assert [n["name"] for n in s.state.facts["nasties"]] == ["MonsterBug"]


def test_scenario_2_the_vacuum_pauses_while_the_fire_is_out() -> None:
    s = started(("Cap", "Flygirl"), eps=(("Vacuum", 5), ("Aircon", 7)), seed="sc2",
                scenario="Scenario 2")
    s.do("fire", rooms=2)
    walk_to(s, "tick")
    s.do("end_cycle")  # fire burning: every marker ticks
    assert s.state.pieces["turn_cycle"].markers == {"Vacuum": 4, "Aircon": 6}  # type: ignore
    s.do("fire", rooms=-2)
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "the Vacuum count pauses" in notes
    assert s.state.pieces["turn_cycle"].markers == {"Vacuum": 4, "Aircon": 5}  # type: ignore
    s.do("fire", rooms=1)  # lit again: the count restarts
    walk_to(s, "tick")
    s.do("end_cycle")
    assert s.state.pieces["turn_cycle"].markers == {"Vacuum": 3, "Aircon": 4}  # type: ignore


def showdown() -> Session:
    s = abandoned(("Cap", "Flygirl"))
    for who in ("Cap", "Flygirl", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    s.do("decouple_bridge")
    assert s.state.facts["showdown"] is not None
    return s


def test_showdown_a_miss_ends_the_crewmember_s_turn() -> None:
    s = showdown()
    assert "Cap Passes" in texts(s.do("desperation_attack", crew="Cap",
                                      nasty="1. MonsterBug", discards=3, hits=1))
    for action, args in (("desperation_attack", {"discards": 1, "hits": 1}),
                         ("crew_attack", {"weapon": "fists", "box": RED})):
        with pytest.raises(ActionError, match="crew: Cap flipped a MISS and Passed"):
            s.do(action, crew="Cap", nasty="1. MonsterBug", **args)
    s.do("desperation_attack", crew="Flygirl", nasty="1. MonsterBug", discards=1, hits=1)
    s.do("nasty_attacks", crew="Cap", moved=0, box=BLUE)  # the Nasties' turn
    s.do("desperation_attack", crew="Cap", nasty="1. MonsterBug", discards=1, hits=1)


def test_a_nasty_whose_card_paused_it_cannot_attack() -> None:
    s = started(("Cap", "Flygirl"), seed="pause")
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Cap", colour="Red")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("reveal_nasty", name="Bug", room="Bridge")
    walk_to(s, "nasties")
    s.do("nasty_round")
    s.do("nasty_card", instruction="Pause & do nothing")
    with pytest.raises(ActionError, match="1. Bug's card this round said it pauses"):
        s.do("nasty_attacks", crew="Cap", box=RED)  # blank: the one that just acted
    s.do("nasty_card", instruction="Follow Instincts")
    with pytest.raises(ActionError, match="1. Bug's card this round said it pauses"):
        s.do("nasty_attacks", nasty="1. Bug", crew="Cap", box=RED)
    s.do("nasty_attacks", nasty="2. Bug", crew="Cap", box=RED)


def test_a_player_nasty_takes_one_colour_or_one_big_nasty() -> None:
    s = started(("Cap", "Flygirl"), seed="pn", board={"spybot_hits": 2})
    for name, room in (("Bug", "Galley"), ("Bug", "Bridge"), ("SpyBot", "Sick Bay"),
                       ("MonsterBug", "Cargo Control")):
        s.do("reveal_nasty", name=name, room=room)
    walk_to(s, "crew_round")
    s.do("wound", crew="Cap", dmg=8)
    notes = texts(s.do("take_nasty", crew="Cap", nasty="1. Bug"))
    assert "1. Bug, 2. Bug as a Player-Nasty" in notes  # the whole colour
    for other in ("3. SpyBot", "4. MonsterBug"):
        with pytest.raises(ActionError, match="one colour of Little Nasty or one Big Nasty"):
            s.do("take_nasty", crew="Cap", nasty=other)


def test_the_winners_wait_on_the_agendas_and_a_failed_one_is_named() -> None:
    s = started(("Cap", "Flygirl"), seed="end")
    walk_to(s, "crew_round")
    s.do("fulfil_agenda", crew="Cap")
    s.do("agenda_failed", crew="Cap", why="the Smoking Gun was lost")
    s.do("wound", crew="Flygirl", dmg=8)
    s.do("end_game", how="the table stops here")
    lines = panel(s, "The end")
    assert lines[1].startswith("PROVISIONAL: Cap, Flygirl still to reveal their Agenda")
    assert "Cap: LOSER (provisional)" in lines
    assert "  Cap's Agenda failed: the Smoking Gun was lost" in lines
    record = GAME.end_record(s.state)
    assert record is not None and record.summary.startswith("provisional")
    from trackers.games.pandora_celeste.view import banner

    assert banner(s.state)[1] == "Winners (provisional, Agendas still hidden): nobody"


def test_a_record_made_before_replays_as_it_was() -> None:
    """A Scenario 1 death by a ScuttleBug recorded before the rule was held burst a
    MonsterBug then, and still does on replay (later records may name it)."""
    from trackers.engine.records import Event

    s = scenario_1()
    walk_to(s, "crew_round")
    s.do("scuttlebug", crew="Cap")
    s.do("wound", crew="Cap", dmg=7)
    old = Event(s.head + 1, "wound", {"crew": "Cap", "dmg": 1, "source": "ScuttleBug",
                                      "eva_suit": False, "from_deck": None,
                                      "from_discards": None, "cards_left": None,
                                      "shortfall": None})
    replayed = Session(GAME, s.setup, s.seed, events=[*s.events, old])
    assert [n["name"] for n in replayed.state.facts["nasties"]] == ["MonsterBug"]


def test_the_report_and_its_print_say_the_winners_are_provisional_and_whose_agenda_failed(
        ) -> None:
    from tableside.history import report_markdown
    from trackers.engine.report import build_report
    from tui.screens.report import report_lines

    s = started(("Cap", "Flygirl"), seed="end")
    walk_to(s, "crew_round")
    s.do("fulfil_agenda", crew="Cap")
    s.do("agenda_failed", crew="Cap", why="the Smoking Gun was lost")
    s.do("end_game", how="the table stops here")
    report = build_report(GAME, s.setup, s.seed, s.events, s.head)
    printed = report_markdown(report, "Friday")
    shown = report_lines(report).plain
    for text in (printed, shown):
        assert "Winners (provisional: Cap, Flygirl still to reveal their Agenda): none so far" \
            in text
        assert "Cap's Agenda failed (the Smoking Gun was lost)" in text


def test_the_play_history_says_the_winners_are_provisional(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tableside.api import Tableside
    from tableside.cli import main
    from tests.pandora.helpers import through_setup

    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, options={"crew": ["Cap"]}, mode="true-solo")
    through_setup(play)
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    play.do("end_game", how="the table stops here")
    play.close()
    table.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    assert "(provisional: Cap still to reveal their Agenda)" in capsys.readouterr().out
