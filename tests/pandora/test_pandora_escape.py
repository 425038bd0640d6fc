"""Escape vehicles, Decoupling, the Final Showdown and the outcomes (spec pandora-celeste
§9.4-§9.7, §10; T25, T26, T34-T39)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import act_three, enter_setup, panel, power, started, texts, walk_to
from trackers.engine import ActionError, Session
from trackers.games.pandora_celeste import cycle, escape, nasty_round
from trackers.games.pandora_celeste.cards import BLUE, RED
from trackers.games.pandora_celeste.view import banner, panels

ALL = ("Cap", "Flygirl", "Cargo", "Greaseball", "Skins", "The Kid")
BRIDGE = {"bridge_stations": 3, "big_nasty_boxes": [3], "objective_timer": 9,
          "abandon_movers": "Little Nasties move"}


def abandoned(crew: tuple[str, ...] = ALL, **kw: object) -> Session:
    """Both Protocols shut down: Abandon Ship, vehicles may be Powered Up."""
    s = started(crew, board=BRIDGE, seed="escape", **kw)  # type: ignore[arg-type]
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    assert s.state.facts["abandon_ship"]
    return s


def power_bridge(s: Session) -> None:
    power(s, "Bridge", stations=3)


def test_t34_skins_does_not_count_the_kid_tips_it_over() -> None:
    s = abandoned()
    for name in ("Cap", "Flygirl", "Cargo", "Greaseball", "Skins"):
        s.do("board_vehicle", who=name, vehicle="Bridge")
    assert escape.on_board_count(s.state, "Bridge") == 4
    s.do("board_vehicle", who="The Kid", vehicle="Bridge")
    assert escape.on_board_count(s.state, "Bridge") == 5
    power_bridge(s)
    walk_to(s, "decouple_fulfilled")
    assert "Decouple" not in texts(s.do("next_step"))  # nobody aboard has Fulfilled
    walk_to(s, "nasties")  # every survivor aboard: the end of the Nasty Action Round
    assert "over its 4 pods, it cannot Decouple" in texts(s.do("nasty_round"))


def test_a_showdown_begun_at_the_crew_round_end_stops_the_cycle() -> None:
    """Played: the Shuttle Decoupled with the MonsterBug aboard ('time stands still') and the
    Now panel went on to the Noise & Doors Round."""
    s = abandoned(("Cargo",), mode="true-solo")
    for who in ("Cargo", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Shuttle")
    power(s, "Shuttle")
    s.do("fulfil_agenda", crew="Cargo")
    walk_to(s, "decouple_fulfilled")
    notes = texts(s.do("next_step"))
    assert "the Final Showdown" in notes and "Noise & Doors" not in notes
    assert s.state.facts["showdown"] is not None


def test_boarding_says_the_pods_taken_and_why_skins_takes_none() -> None:
    """Played: Skins boarding the Escape Pod read '(0 of 1 pods)'."""
    s = abandoned()
    assert ("Skins is aboard the Escape Pod (0 of 1 pod taken by crew; Skins takes none, "
            "being an Android)") in texts(s.do("board_vehicle", who="Skins",
                                                vehicle="Escape Pod"))
    assert "Cap is aboard the Shuttle (1 of 2 pods taken by crew)" in texts(
        s.do("board_vehicle", who="Cap", vehicle="Shuttle"))
    # played: a Nasty in the Airlock read as if it had taken a pod
    s.do("reveal_nasty", name="Bug", room="CC Aft")
    assert "(1 of 2 pods taken by crew)" in texts(
        s.do("board_vehicle", who="3. Bug", vehicle="Shuttle", spot="in its Airlock or on the "
             "Bridge's Vent Nodes"))


def test_t35_shuttle_within_capacity_and_a_pod_needs_a_fulfilled_agenda() -> None:
    s = abandoned()
    for name in ("Cap", "Flygirl", "Skins"):
        s.do("board_vehicle", who=name, vehicle="Shuttle")
    assert escape.on_board_count(s.state, "Shuttle") == 2
    s.do("board_vehicle", who="The Kid", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    walk_to(s, "decouple_fulfilled")
    assert "Escape Pod Decouples" not in texts(s.do("next_step"))


def test_power_up_is_checked_and_waits_for_abandon_ship() -> None:
    s = started(("Cap",), seed="p", board=BRIDGE)
    with pytest.raises(ActionError, match="vehicle: the Bridge may be Powered Up only after"):
        s.do("power_up", vehicle="Bridge")
    t = abandoned(("Cap",))
    t.do("power_up", vehicle="Bridge", station=1, icons=2)
    with pytest.raises(ActionError, match="icons: Station 1 of the Bridge has 0 icons left"):
        t.do("power_up", vehicle="Bridge", station=1)
    with pytest.raises(ActionError, match="station: the Shuttle has 1 Station$"):
        t.do("power_up", vehicle="Shuttle", station=2)


def test_three_stations_in_one_turn_are_refused_at_a_table() -> None:
    """Played: three Bridge Stations powered one after another with nobody named: the one
    Station a player turn («Powering Up») could not be checked."""
    s = abandoned(("Cap", "Flygirl", "Skins"))
    with pytest.raises(ActionError, match="who: give who sits in the Station's chair and plays "
                                          "the cards, one of Cap, Flygirl, Skins"):
        s.do("power_up", vehicle="Bridge", station=1, icons=2)
    s.do("power_up", vehicle="Bridge", station=1, icons=2, who="Cap")
    with pytest.raises(ActionError, match="who: Cap powered Bridge 1 this turn already"):
        s.do("power_up", vehicle="Bridge", station=2, icons=2, who="Cap")
    s.do("power_up", vehicle="Bridge", station=2, icons=2, who="Flygirl")
    assert s.state.facts["vehicles"]["Bridge"]["chairs"] == ["Cap", "Flygirl"]


def test_t36_fulfilled_aboard_decouples_at_the_crew_round_end() -> None:
    s = abandoned(("Cap", "Flygirl"))
    s.do("board_vehicle", who="Cap", vehicle="Bridge")
    power_bridge(s)
    walk_to(s, "decouple_fulfilled")
    assert "Decouples" not in texts(s.do("next_step"))  # nobody Fulfilled, Flygirl on the Ship
    walk_to(s, "decouple_fulfilled")
    s.do("fulfil_agenda", crew="Cap")
    notes = texts(s.do("next_step"))
    assert "The Bridge Decouples (a crewmember aboard has Fulfilled their Agenda)" in notes
    record = s.game.end_record(s.state)
    assert record is not None and record.ending == "the Bridge Decoupled"
    assert record.outcomes == {"Player 1": "winner", "Player 2": "loser"}


def test_t37_the_flush_once_per_showdown() -> None:
    s = abandoned(("Cap", "Flygirl", "The Kid"))
    monster = "1. MonsterBug"
    for who in ("Cap", "Flygirl", "The Kid", monster):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    power_bridge(s)
    s.do("stunned", crew="The Kid")
    notes = texts(s.do("decouple_bridge"))
    assert "Final Showdown" in notes and s.game.end_record(s.state) is None
    notes = texts(s.do("flush_airlock", flusher="Flygirl"))
    assert "The Kid is flushed into space" in notes
    assert "Cap: HIT: holds on" in texts(s.do("flush_flip", who="Cap", in_chair=True,
                                              box=RED))
    with pytest.raises(ActionError, match="the Airlock was flushed already"):
        s.do("flush_airlock", flusher="Flygirl")
    notes = texts(s.do("flush_flip", who=monster, box=BLUE))
    assert "flushed into space" in notes and "Final Showdown is won" in notes
    record = s.game.end_record(s.state)
    assert record is not None
    assert record.outcomes == {"Player 1": "survivor", "Player 2": "survivor",
                               "Player 3": "loser"}


@pytest.mark.parametrize(("discards", "hits", "markers", "passes"),
                         [(4, 3, 2, True), (3, 3, 2, False)])
def test_t25_t26_desperation_attacks_land_as_one_hit(discards: int, hits: int, markers: int,
                                                    passes: bool) -> None:
    s = abandoned(("Cap",))
    s.do("board_vehicle", who="Cap", vehicle="Bridge")
    s.do("board_vehicle", who="1. MonsterBug", vehicle="Bridge")
    s.do("decouple_bridge")
    assert banner(s.state)[1] == ("Showdown: the crew act, then 1. MonsterBug attacks the "
                                  "vehicle's First Target ('Nasty attacks')")
    # played: the Time Jumper, left on the Ship, was offered and taken as a target
    with pytest.raises(ActionError, match="nasty: 2. Time Jumper is not aboard the Bridge; "
                       "aboard: 1. MonsterBug"):
        s.do("desperation_attack", crew="Cap", nasty="2. Time Jumper", discards=1, hits=1)
    s.do("set_board_value", key="time_jumper_hits", value="6")
    s.do("set_board_value", key="time_jumper_dmg", value="3")
    for action, args in (("crew_attack", {"weapon": "fists", "box": RED}),
                         ("nasty_attacks", {"box": RED})):
        with pytest.raises(ActionError, match="nasty: 2. Time Jumper is not aboard"):
            s.do(action, crew="Cap", nasty="2. Time Jumper", **args)
    notes = texts(s.do("desperation_attack", crew="Cap", nasty="1. MonsterBug",
                       discards=discards, hits=hits))
    assert f"{hits} HITs as one Hit, 1 less for MonsterBug" in notes
    assert ("Cap Passes" in notes) is passes
    assert s.state.facts["nasties"][0]["wounds"] == markers
    said = "crew: Cap flipped a MISS and Passed" if passes else "hits: at most 3 flips"
    with pytest.raises(ActionError, match=said):
        s.do("desperation_attack", crew="Cap", nasty="1. MonsterBug", discards=3, hits=4)


def test_t38_outcomes_after_the_agendas_are_revealed() -> None:
    s = abandoned(("Cap", "Skins", "Flygirl"), players=3, company=("Skins",))
    s.do("fulfil_agenda", crew="Cap")
    s.do("fulfil_agenda", crew="Flygirl")
    s.do("wound", crew="Flygirl", dmg=8)
    for who in ("Cap", "Skins"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    power_bridge(s)
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    s.do("reveal_secret", secret="skins_company")  # allowed after the end
    record = s.game.end_record(s.state)
    assert record is not None
    # player i runs the i-th crewmember in the rulebook's order: Cap, Flygirl, Skins
    assert record.outcomes == {"Player 1": "winner", "Player 2": "loser", "Player 3": "fired"}
    assert record.winners == ("Player 1",)
    assert "Skins: FIRED (provisional)" in panel(s, "The end")  # Cap's and Flygirl's wait


def test_t38_true_solo_survivor_without_the_agenda_does_not_win() -> None:
    s = abandoned(("Cargo",))
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("board_vehicle", who="Cargo", vehicle="Bridge")
    power_bridge(s)
    walk_to(s, "nasties")
    s.do("nasty_round")
    while s.state.facts["nasty_round"] and not s.state.facts["nasty_round"]["done"]:
        s.do("nasty_card", instruction="Pause & do nothing")
    assert s.game.end_record(s.state) is None  # not before the round's end
    s.do("next_step")
    record = s.game.end_record(s.state)
    assert record is not None and record.outcomes == {"Player 1": "survivor"}
    assert record.winners == ()


def test_a_decoupling_that_ends_the_game_shows_no_next_step() -> None:
    """Played: the Escape Pod Decoupled, GAME OVER, and the Now panel still said 'Noise &
    Doors Round: Red Security Doors ... close'."""
    s = abandoned(("Skins",), mode="true-solo")
    s.do("board_vehicle", who="Skins", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Skins")
    walk_to(s, "decouple_fulfilled")
    notes = texts(s.do("next_step"))
    assert "The Escape Pod Decouples" in notes and "Noise & Doors" not in notes
    record = s.game.end_record(s.state)
    assert record is not None and record.winners == ("Player 1",)


def test_t39_player_nasty_biggest_badass_score() -> None:
    s = started(("Cap", "Flygirl", "Cargo", "Skins"), seed="pn")
    s.do("wound", crew="Cap", dmg=8)
    for event in ("killed a crewmember", "killed a crewmember", "killed a crewmember",
                  "lost a Little Nasty", "lost a Big Nasty"):
        s.do("player_nasty", crew="Cap", event=event)
    # the crew in the rulebook's order: Cargo, Cap, Flygirl, Skins: Cap is Player 2's
    assert s.state.facts["player_nasties"]["Player 2"] == {"kills": 3, "little": 1, "big": 1}
    with pytest.raises(ActionError, match="crew: Flygirl is alive on the Ship"):
        s.do("player_nasty", crew="Flygirl", event="killed a crewmember")
    s.do("end_game", how="the table stops here")
    record = s.game.end_record(s.state)
    assert record is not None and record.scores == {"Player 2": 0}


def test_abandon_ship_to_a_decoupling_with_the_outcome_shown(tmp_path: Path) -> None:
    """Through the API, as a table would: a True Solo game to Abandon Ship and away."""
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]},
                        board={"bridge_stations": 2, "tracker_top": 9, "objective_timer": 9})
    while play.state.facts["phase"] == "setup":
        enter_setup(play)
        if play.state.facts["step"] == 2 and len(play.state.facts["protocols"]) < 2:
            play.do("add_protocol", name="Vacuum", start=4)
            play.do("add_protocol", name="Aircon", start=6)
        play.do("next_step")
    play.do("override_protocol", protocol="Aircon", big_nasty="MonsterBug", gold=3)
    notes = texts(play.do("override_protocol", protocol="Vacuum", big_nasty="Time Jumper",
                          gold=8))
    assert "Abandon Ship" in notes and "Act III Reveal" in notes
    act_three(play)
    play.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    play.do("power_up", vehicle="Bridge", station=1, icons=2)  # blank who: the only one
    with pytest.raises(ActionError, match="who: Flygirl powered Bridge 1 this turn already"):
        play.do("power_up", vehicle="Bridge", station=2, icons=2)
    play.do("end_turn", crew="Flygirl")  # her next turn: another Station
    play.do("power_up", vehicle="Bridge", station=2, icons=2)
    play.do("fulfil_agenda", crew="Flygirl")
    while cycle.current(play.state) != "decouple_fulfilled":
        play.do("next_step")
    notes = texts(play.do("next_step"))
    assert "The Bridge Decouples" in notes
    assert play.game.status_of(play.state) == "ended: the Bridge Decoupled"
    assert "Flygirl: WINNER (provisional)" in view_lines(play.state, "The end")
    assert table.sessions()[0].status == "ended: the Bridge Decoupled"  # what Home lists
    play.close()
    table.close()


def view_lines(state: object, title: str) -> tuple[str, ...]:
    return next(p.lines for p in panels(state) if p.title == title)  # type: ignore[arg-type]


def test_a_player_nasty_sits_out_the_round_and_its_death_costs_points() -> None:
    s = started(("Cap", "Flygirl"), seed="pn2")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("reveal_nasty", name="another Nasty", room="Bridge", other_name="Leech",
         kind="Little", hits=2, dmg=1)  # another colour: not taken with the Bug
    with pytest.raises(ActionError, match="crew: Cap is alive on the Ship"):
        s.do("take_nasty", crew="Cap", nasty="1. Bug")
    s.do("wound", crew="Cap", dmg=8)
    s.do("take_nasty", crew="Cap", nasty="1. Bug")
    walk_to(s, "nasties")
    assert "In order: 2. Leech" in texts(s.do("nasty_round"))
    s.do("nasty_card", instruction="Pause & do nothing")
    walk_to(s, "crew_round")  # Flygirl's turn of the next Cycle
    s.do("crew_attack", crew="Flygirl", nasty="1. Bug", weapon="melee weapon", dmg=2,
         box=RED)
    notes = texts(s.do("settle_attack"))
    assert "is killed" in notes and "Player-Nasty Player 1: 1 point off" in notes
    assert s.state.facts["player_nasties"]["Player 1"]["little"] == 1


def test_the_end_of_cycle_after_abandon_ship_reads_no_box() -> None:
    """Played: with every Protocol shut down the End of Cycle said 'Check Aircon when box None
    says so'."""
    s = abandoned(("Cap",))
    walk_to(s, "nasties")
    s.do("nasty_round")
    while s.state.facts["nasty_round"] and not s.state.facts["nasty_round"]["done"]:
        s.do("nasty_card", instruction="Pause & do nothing")
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "None" not in notes
    assert "B. No Countdown Marker drives the tracker: no box to read for Check Aircon" in notes
    assert "moves down 1 (no marker is left on the tracker)" in notes


def test_the_escape_pod_after_abandon_ship_asks_the_table_to_end_or_play_on() -> None:
    """Played (Scenario 4): the Pod ejected after Abandon Ship and the game was over at once;
    the table chooses whenever the Pod ejects («The Escape Pod»)."""
    s = abandoned(("Cap", "Greaseball"), shipstern=True)
    s.do("set_target", crew="Greaseball", which="Stern Target")
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    notes = texts(s.do("next_step"))
    assert "The Escape Pod is away: the table chooses to end now" in notes
    assert "The Stern Target token passes to Cap, the only one left" in notes
    assert s.game.end_record(s.state) is None  # Cap is still on the Ship
    assert banner(s.state)[1].startswith("The Escape Pod has ejected: the table says")
    for action in ("next_step", "count_noise"):
        assert "the Escape Pod has ejected: the table says whether the game ends" in str(
            s.blocked(action))
    s.do("pod_choice", choice="end now")
    record = s.game.end_record(s.state)
    assert record is not None and record.ending == "the Escape Pod ejected"
    assert record.winners == (s.state.facts["crew"]["Greaseball"]["player"],)
    assert s.blocked("pod_choice") is not None


def test_a_pod_that_ejected_after_abandon_ship_in_a_game_saved_before_ends_it() -> None:
    from trackers.engine.records import Event

    s = abandoned(("Cap", "Greaseball"))
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    old = Event(s.head + 1, "next_step", {})  # made before the choice was offered here
    replayed = Session(s.game, s.setup, s.seed, events=[*s.events, old])
    assert replayed.game.end_record(replayed.state) is not None


def test_no_nasty_on_the_ship_attacks_the_escape_pod_s_passenger() -> None:
    s = abandoned(("Cap", "Greaseball"))
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    s.do("pod_choice", choice="play on", instead="Greaseball sits out")  # no Big Nasty left
    walk_to(s, "crew_round")  # the next Cycle
    s.do("set_target", crew="Cap", which="First Target")
    assert nasty_round.attack_order(s.state) == "If it attacks: Cap ('Nasty attacks')"
    with pytest.raises(ActionError, match="crew: Greaseball got away in an escape vehicle"):
        s.do("nasty_attacks", nasty="1. MonsterBug", crew="Greaseball", box=RED)
    notes = texts(s.do("wound", crew="Cap", dmg=8))  # the last one on the Ship dies
    assert "Cap is dead" in notes and "token passes" not in notes
    assert s.state.facts["first_target"] is None


def test_a_player_nasty_s_kill_counts_as_it_happens() -> None:
    """Played: Bo's MonsterBug killed Cap and the Biggest Badass score stayed 0."""
    s = started(("Cap", "Flygirl"), seed="pn3")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("wound", crew="Cap", dmg=8)
    s.do("take_nasty", crew="Cap", nasty="1. Bug")
    walk_to(s, "crew_round")
    s.do("wound", crew="Flygirl", dmg=6)
    s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl", box=RED)
    notes = texts(s.do("settle_attack"))
    assert "Player-Nasty Player 1: killed Flygirl; Biggest Badass score 1" in notes
    record = s.game.end_record(s.state)
    assert record is not None and record.scores == {"Player 1": 1}


def test_a_death_recorded_under_the_earlier_rules_passes_the_token_as_it_did() -> None:
    """Records hold the rules version they were played under: a wound marked by the earlier
    rules (True, version 1) replays with the token passing to any living crewmember, one who
    got away included, as it did then; one recorded now keeps it from the escapee."""
    from dataclasses import replace

    from trackers.games.pandora_celeste.action_fields import PLAYED, RULES

    s = pod_away()
    s.do("pod_choice", choice="play on", instead="Greaseball sits out")
    walk_to(s, "crew_round")
    s.do("set_target", crew="Cap", which="First Target")
    s.do("wound", crew="Cap", dmg=8)
    now = s.events[-1]
    assert now.args[PLAYED] == RULES >= 2  # a version, not a yes/no
    assert s.state.facts["first_target"] is None
    earlier = replace(now, args={**now.args, PLAYED: True})
    replayed = Session(s.game, s.setup, s.seed, events=[*s.events[:-1], earlier])
    assert replayed.state.facts["first_target"] == "Greaseball"


def pod_away() -> Session:
    """Abandon Ship (both Big Nasties spawned: the stack is empty), then Greaseball ejects in
    the Escape Pod while Cap stays on the Ship: the table's choice is due."""
    s = abandoned(("Cap", "Greaseball"))
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    return s


def test_play_on_with_the_big_nasty_stack_empty_says_what_the_table_decided() -> None:
    """Played: the Widget spawned both Big Nasties, yet play on told the escapee to take the
    top card. The rulebook has them take its top card and says nothing of an empty stack."""
    from trackers.engine.records import Event

    s = pod_away()
    assert s.state.pieces["big_nasties"].value == 0  # type: ignore[attr-defined]
    with pytest.raises(ActionError, match="instead: the Big Nasty stack is empty, so there is "
                       "no top card"):
        s.do("pod_choice", choice="play on")
    with pytest.raises(ActionError, match="instead: only when the table plays on"):
        s.do("pod_choice", choice="end now", instead="Bo runs the MonsterBug")
    notes = texts(s.do("pod_choice", choice="play on", instead="Bo runs the MonsterBug"))
    assert "take the top" not in notes and "takes the top" not in notes
    assert ("the Big Nasty stack is empty, so Greaseball has no Big Nasty card to take; the "
            "rulebook does not say what happens then («The Escape Pod»): the table decided: "
            "Bo runs the MonsterBug") in notes
    assert s.history()[-1].text == "After the Escape Pod: play on (Bo runs the MonsterBug)"
    # a choice recorded before the question was asked replays, saying the table decides
    old = Event(s.head, "pod_choice", {"choice": "play on"})
    replayed = Session(s.game, s.setup, s.seed, events=[*s.events[:-1], old])
    assert replayed.state.facts["pod_choice"] == "play on"


def test_play_on_with_a_big_nasty_left_takes_the_top_card() -> None:
    s = started(("Cap", "Greaseball"), board=BRIDGE, seed="escape", difficulty="Custom",
                custom_big_nasties="3")
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    assert s.state.pieces["big_nasties"].value == 1  # type: ignore[attr-defined]
    with pytest.raises(ActionError, match="a Big Nasty card is on the stack"):
        s.do("pod_choice", choice="play on", instead="Bo sits out")
    notes = texts(s.do("pod_choice", choice="play on"))
    assert "Greaseball takes the top Big Nasty card" in notes


def test_a_flushed_stern_target_passes_only_within_the_back_and_cargo_control() -> None:
    """The Airlock flush takes the Stern Target: like any death, the token passes only to
    the next noisiest at the back or in Cargo Control at the last count («The Stern
    Target»), never to one whose noise was at the front."""
    s = abandoned(("Cap", "Flygirl", "The Kid", "Cargo", "Greaseball"))  # two stay aboard
    for who in ("Cap", "Flygirl", "The Kid", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    power_bridge(s)
    s.do("stunned", crew="The Kid")
    s.do("decouple_bridge")
    facts = s.state.facts  # the last count: The Kid at the back, Cargo at the front
    facts.update(stern_target="The Kid", noise_order=["Cargo", "The Kid"],
                 target_orders={"first_target": ["Cargo"], "stern_target": ["The Kid"]})
    notes = texts(s.do("flush_airlock", flusher="Flygirl"))
    assert "The Kid is flushed into space" in notes
    assert "Stern Target token passes to Cargo" not in notes
    assert s.state.facts["stern_target"] is None


def test_an_escapee_s_stern_target_passes_only_within_the_back_and_cargo_control() -> None:
    """The Escape Pod takes the Stern Target away: the token passes only to the next noisiest
    at the back or in Cargo Control at the last count, never to one heard only at the front."""
    s = abandoned(("Cap", "Greaseball", "Flygirl"))
    s.do("board_vehicle", who="Greaseball", vehicle="Escape Pod")
    power(s, "Escape Pod", widget=True)
    s.do("fulfil_agenda", crew="Greaseball")
    walk_to(s, "decouple_fulfilled")
    s.state.facts.update(  # the last count: Greaseball at the back, Cap at the front
        stern_target="Greaseball", noise_order=["Cap", "Greaseball"],
        target_orders={"first_target": ["Cap"], "stern_target": ["Greaseball"]})
    notes = texts(s.do("next_step"))
    assert "Escape Pod" in notes and "Stern Target token passes to Cap" not in notes
    assert s.state.facts["stern_target"] is None
