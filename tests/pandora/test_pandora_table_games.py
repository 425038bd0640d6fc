"""The whole game as a 3-player table, scripted through the API a table's script
uses (Tableside, with each player's PIN sealing their Hidden Agenda): Scenario 1 to the
Bridge, then a Full Game with Hidden Agendas to a Final Showdown, whose Airlock flush and
outcomes follow the rulebook («Flush it out the Airlock!», «Surviving's Just a Way of Keeping
Score»: spec pandora-celeste §9.7, §10.2), whatever order the flips are entered in."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.pandora.helpers import act_three, enter_setup, texts
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.cards import BLUE, RED
from trackers.games.pandora_celeste.view import panels

# TEST DATA for an imaginary printing of the board (never product defaults).
BOARD = {"bridge_stations": 3, "big_nasty_boxes": [3], "objective_timer": 9,
         "abandon_movers": "Little Nasties move", "tracker_top": 9, "check_aircon_boxes": [3]}
NAMES = ("Ann", "Bo", "Cy")
PINS = {"Ann": "ann-pin-1", "Bo": "bo-pin-22", "Cy": "cy-pin-333"}
OWN = {"count": "count_noise", "tick": "end_cycle", "nasties": "nasty_round"}


def walk(play: OpenSession, key: str) -> None:
    for _ in range(40):
        if cycle.current(play.state) == key:
            return
        play.do(OWN.get(cycle.current(play.state), "next_step"))
    raise AssertionError(key)


def table_game(tmp_path: Path, crew: list[str], **options: str) -> tuple[Tableside,
                                                                        OpenSession]:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", BOARD)
    return table, table.create("pandora-celeste", 3, names=NAMES, seed="table",
                               options={"crew": crew, **options})


def the_end(play: OpenSession) -> tuple[str, ...]:
    return next(p.lines for p in panels(play.state) if p.title == "The end")


def test_scenario_1_at_a_table_of_three_to_the_bridge(tmp_path: Path) -> None:
    table, play = table_game(tmp_path, ["Cargo", "Cap", "Flygirl"], scenario="Scenario 1")
    assert not any(k.endswith("_agenda") for k in play.state.pieces)  # from Scenario 3 on
    play.do("reveal_nasty", name="ScuttleBug", room="Iso-Ward")  # the booklet lays one out
    while play.state.facts["phase"] == "setup":
        if cycle.current(play.state) == "protocols" and not play.state.facts["protocols"]:
            play.do("add_protocol", name="Vacuum", start=4)
        enter_setup(play)
        play.do("next_step")
    walk(play, "crew_round")
    play.do("record_noise", crew="Cap", colour="Red")
    walk(play, "count")
    assert "First Target: Cap" in texts(play.do("count_noise"))
    walk(play, "nasties")
    play.do("nasty_round")
    play.do("nasty_card", instruction="Move to attack the nearest creature")
    assert "A ScuttleBug burrows into Cap" in texts(play.do("nasty_attacks",
                                                           nasty="1. ScuttleBug", box=RED))
    notes = texts(play.do("next_step"))  # the round ends with the board empty
    assert "Scenario 1 spawns a Yellow ScuttleBug in the Iso-Ward instead of a Vents draw" \
        in notes
    notes = texts(play.do("end_cycle"))
    # no Vents in Scenario 1: Check Aircon draws nothing (played: it said to draw one)
    assert "B. Check Aircon: the Vents play no part in Scenario 1" in notes
    assert "Blue Vent Node" not in notes
    walk(play, "crew_round")
    assert "ScuttleBug inside Cap: 1 dmg" in texts(play.do("end_turn", crew="Cap"))
    notes = texts(play.do("override_protocol", protocol="Vacuum"))
    assert "Abandon Ship" in notes and "No Big Nasty comes in Scenario 1" in notes
    assert "Act III Reveal" not in notes  # no Hidden Agendas to declare (played: it asked)
    for station, who in enumerate(("Cargo", "Cap", "Flygirl"), start=1):
        play.do("board_vehicle", who=who, vehicle="Bridge")
        play.do("power_up", vehicle="Bridge", station=station, icons=2, who=who)
    walk(play, "nasties")
    play.do("nasty_round")
    play.do("nasty_card", instruction="Pause & do nothing")
    assert play.game.end_record(play.state) is None  # not before the round's end
    notes = texts(play.do("next_step"))
    assert "The Bridge Decouples (every surviving crewmember is aboard)" in notes
    assert "Hidden Agendas" not in notes
    record = play.game.end_record(play.state)
    assert record is not None and record.outcomes == {n: "survivor" for n in NAMES}
    assert the_end(play) == ("Game over: the Bridge Decoupled", "Cargo: SURVIVOR",
                             "Cap: SURVIVOR", "Flygirl: SURVIVOR")
    play.close()
    table.close()


# Seats follow the crew sheet's order: Ann runs Cap, Bo Skins, Cy Greaseball.
AGENDAS = {"cap": ("The Smoking Gun", "no Company Agenda"),
           "skins": ("A Company one", "Company Agenda"),
           "greaseball": ("The Guardian Angel", "no Company Agenda")}
FLIPS = {"Skins": RED, "1. MonsterBug": BLUE, "Cap": RED}


def _to_the_flush(tmp_path: Path, skins_fulfils: bool) -> tuple[Tableside, OpenSession]:
    table, play = table_game(tmp_path, ["Cap", "Skins", "Greaseball"])
    while play.state.facts["phase"] == "setup":
        if cycle.current(play.state) == "agendas":  # behind the curtain, each with a PIN
            for slug, (agenda, kind) in AGENDAS.items():
                owner = play.state.pieces[f"{slug}_agenda"].owner  # type: ignore[attr-defined]
                play.choose_secret(f"{slug}_agenda", agenda, pin=PINS[owner])
                play.choose_secret(f"{slug}_company", kind, pin=PINS[owner])
        if cycle.current(play.state) == "protocols" and not play.state.facts["protocols"]:
            play.do("add_protocol", name="Vacuum", start=4)
            play.do("add_protocol", name="Aircon", start=7)
        enter_setup(play)
        play.do("next_step")
    walk(play, "crew_round")
    play.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2,
            room="Bridge")
    notes = texts(play.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper",
                          gold=6))
    assert "Act III Reveal: everyone declares whether they hold a Company Agenda" in notes
    act_three(play, PINS)  # each Agenda type revealed with its PIN, before play goes on
    play.do("fulfil_agenda", crew="Cap", fails_if="a Company Agenda fulfilled in the same craft")
    if skins_fulfils:
        play.do("fulfil_agenda", crew="Skins")
    for station, who in enumerate(("Cap", "Skins", "Greaseball"), start=1):
        play.do("board_vehicle", who=who, vehicle="Bridge")
        play.do("power_up", vehicle="Bridge", station=station, icons=2, who=who)
    play.do("board_vehicle", who="1. MonsterBug", vehicle="Bridge")
    walk(play, "decouple_fulfilled")
    notes = texts(play.do("next_step"))  # an Agenda Fulfilled aboard: the Crew Round's end
    assert "The Bridge Decouples (a crewmember aboard has Fulfilled their Agenda)" in notes
    assert "A Nasty is aboard (1. MonsterBug): the Final Showdown" in notes
    notes = texts(play.do("flush_airlock", flusher="Greaseball"))
    assert ("Left to flip: 1. MonsterBug (bottom box), Cap (top box), Skins (top box)"
            in notes)
    return table, play


@pytest.mark.parametrize("order", [["1. MonsterBug", "Cap", "Skins"],
                                   ["Skins", "Cap", "1. MonsterBug"]])
def test_a_full_game_with_hidden_agendas_to_a_final_showdown(tmp_path: Path,
                                                             order: list[str]) -> None:
    table, play = _to_the_flush(tmp_path, skins_fulfils=False)
    for i, who in enumerate(order):
        notes = texts(play.do("flush_flip", who=who, box=FLIPS[who]))
        if i < len(order) - 1:  # nobody goes before every flip is in
            assert "flushed into space" not in notes and play.game.end_record(play.state) is None
    assert "1. MonsterBug is flushed into space" in notes
    assert "Skins grabs hold and stays aboard" in notes and "Cap grabs hold" in notes
    assert "No Nasty is left aboard: the Final Showdown is won" in notes
    for slug in AGENDAS:  # the Agendas revealed after the Showdown (the types at Act III)
        owner = play.state.pieces[f"{slug}_agenda"].owner  # type: ignore[attr-defined]
        play.do("reveal_secret", secret=f"{slug}_agenda", pin=PINS[owner])
    record = play.game.end_record(play.state)
    assert record is not None
    # Cap Fulfilled the Smoking Gun and nobody aboard Fulfilled a Company Agenda: WINNER;
    # Skins holds a Company Agenda, survived, not Fulfilled: FIRED; Greaseball: SURVIVOR
    assert record.outcomes == {"Ann": "winner", "Bo": "fired", "Cy": "survivor"}
    assert the_end(play)[1:] == ("Cap: WINNER", "Skins: FIRED", "Greaseball: SURVIVOR")
    moments = [m.text for m in play.report().moments]
    for moment in ("Abandon Ship", "The Bridge Decoupled", "The Final Showdown",
                   "The Airlock flush"):
        assert moment in moments, (moment, moments)
    play.close()
    table.close()


def test_a_smoking_gun_fails_beside_a_company_agenda_fulfilled_in_the_showdown_craft(
        tmp_path: Path) -> None:
    table, play = _to_the_flush(tmp_path, skins_fulfils=True)
    for who, box in FLIPS.items():
        play.do("flush_flip", who=who, box=box)
    record = play.game.end_record(play.state)
    assert record is not None
    assert record.outcomes == {"Ann": "survivor", "Bo": "winner", "Cy": "survivor"}
    play.close()
    table.close()
