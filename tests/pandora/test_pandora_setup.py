"""Pandora Celeste setup: difficulty, crew, True Solo, Protocols, bans (spec §1, §8; T07, T40)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pandora.helpers import enter_setup, panel
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.keys import RESERVED_KEYS
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.game import GAME
from trackers.games.registry import get_game
from trackers.pieces import Countdown, Counter, Secret

RESERVED = RESERVED_KEYS.keys()  # the keys every game screen keeps
TOPICS = {"turn_cycle", "emergency_protocols", "noise", "first_target", "nasties", "fire",
          "hull_breach", "wounds", "agendas", "setup", "cycle", "nasty_round", "attacks",
          "scuttlebugs", "vents", "escape", "showdown", "outcomes", "shipstern"}
CREW = ["Flygirl", "Cap", "The Kid"]


def new(players: int = 3, **options: Any) -> Session:
    opts = {"crew": CREW, **options}
    board = opts.pop("board", {})
    return Session(GAME, SessionSetup(players, opts, board=board), seed="setup")


def to_protocols(s: Session) -> None:
    while cycle.current(s.state) != "protocols":
        s.do("next_step")


@pytest.mark.parametrize(("level", "eps", "bns"), [("Easy", 1, 1), ("Standard", 2, 2),
                                                   ("Long Standard", 3, 2), ("Veteran", 3, 3)])
def test_t40_difficulty_sets_protocols_and_big_nasties(level: str, eps: int, bns: int) -> None:
    s = new(difficulty=level)
    assert s.state.facts["expected_protocols"] == eps
    assert s.state.piece("big_nasties", Counter).value == bns
    big = "1 Big Nasty" if bns == 1 else f"{bns} Big Nasties"
    protocols = "1 Emergency Protocol" if eps == 1 else f"{eps} Emergency Protocols"
    assert f"draw {protocols} and {big}" in cycle.checklist(s.state)[0][0]


def test_custom_difficulty_takes_any_number_but_at_least_one() -> None:
    s = new(difficulty="Custom", custom_big_nasties="4")
    assert s.state.piece("big_nasties", Counter).value == 4
    assert "and 4 Big Nasties" in cycle.checklist(s.state)[0][0]
    to_protocols(s)
    with pytest.raises(ActionError, match="at least 1 needed, 0 entered"):
        s.do("next_step")
    for name in ("Vacuum", "Aircon", "Lockdown", "Jettison"):
        s.do("add_protocol", name=name, start=5)
    s.do("next_step")
    assert len(s.state.facts["protocols"]) == 4


def test_crew_must_be_chosen_one_per_player_at_least() -> None:
    with pytest.raises(ActionError, match="Crew: choose the crewmembers in play"):
        Session(GAME, SessionSetup(2, {}), seed="x")
    with pytest.raises(ActionError, match="Crew: 3 players need at least 3 crewmembers; 2"):
        new(3, crew=["Cap", "Skins"])
    with pytest.raises(ActionError, match="option crew: give a list drawn from Cargo, Cap"):
        new(1, crew=["Ripley"])
    with pytest.raises(ActionError, match="players: Pandora Celeste is played by 1, 2, 3"):
        new(9)


def test_true_solo_is_its_own_mode_with_one_crewmember() -> None:
    solo = new(1, crew=["Greaseball"])
    assert solo.setup.mode == "true-solo"  # the first mode for one player
    assert any("True Solo" in line for line in panel(solo, "Crew"))
    assert any("Greaseball's own Engineering cards" in line for line in panel(solo, "Crew"))
    with pytest.raises(ActionError, match="Crew: True Solo is one player with exactly one"):
        new(1, crew=["Greaseball", "Keni"])
    multi = Session(GAME, SessionSetup(1, {"crew": ["Greaseball", "Keni"]}, mode="crew"),
                    seed="m")
    assert not any("True Solo" in line for line in panel(multi, "Crew"))
    with pytest.raises(ActionError, match="option 'no_noise_target' is not offered in Crew"):
        Session(GAME, SessionSetup(1, {"crew": ["Cap"], "no_noise_target": "token stays"},
                                   mode="crew"), seed="m")
    to_protocols(solo)
    solo.do("add_protocol", name="Aircon", start=6)
    solo.do("add_protocol", name="Vacuum", start=4)
    while solo.state.facts["phase"] == "setup":
        enter_setup(solo)
        solo.do("next_step")
    assert any("draw up to 6" in text for text, _ in cycle.checklist(solo.state))


def test_protocols_are_entered_once_each_and_only_as_many_as_drawn() -> None:
    s = new(difficulty="Easy", board={"tracker_top": 9})
    to_protocols(s)
    with pytest.raises(ActionError, match="enter the Emergency Protocols first: 1 needed"):
        s.do("next_step")
    with pytest.raises(ActionError, match="Turn Cycle Tracker Aircon: 12 is outside 0 to 9"):
        s.do("add_protocol", name="Aircon", start=12)
    s.do("add_protocol", name="Aircon", start=6)
    with pytest.raises(ActionError, match="name: Easy draws 1 Emergency Protocol"):
        s.do("add_protocol", name="Vacuum", start=4)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    with pytest.raises(ActionError, match="Add an Emergency Protocol is not possible now"):
        s.do("add_protocol", name="Vacuum", start=4)
    t = new()
    to_protocols(t)
    t.do("add_protocol", name="Aircon", start=6)
    with pytest.raises(ActionError, match="name: aircon is entered already"):
        t.do("add_protocol", name="aircon", start=5)


def test_t07_no_time_limit_sets_the_tracker_to_9() -> None:
    s = new()
    to_protocols(s)
    s.do("add_protocol", name="Lockdown")
    s.do("add_protocol", name="Jettison")
    notes = "\n".join(n.text for n in s.do("next_step"))
    assert "set to 9" in notes
    assert s.state.piece("turn_cycle", Countdown).markers == {"No time limit": 9}


def test_some_timed_some_not_is_flagged_as_open() -> None:
    s = new()
    to_protocols(s)
    s.do("add_protocol", name="Lockdown")
    s.do("add_protocol", name="Vacuum", start=4)
    assert "the rulebook covers only the case where none has one" in "\n".join(
        n.text for n in s.do("next_step"))
    assert s.state.piece("turn_cycle", Countdown).markers == {"Vacuum": 4}


def test_t41_vacuum_bans() -> None:
    s = new(crew=["Cap", "The Kid", "Keni"])
    to_protocols(s)
    s.do("add_protocol", name="Vacuum", start=4)
    lines = panel(s, "Start locations")
    assert "Cap: Cryo-Chamber (Wake-Up)" in lines
    assert "Ban: nobody may start in the Refectory" in lines
    assert "The Kid: Secure Vent Node above CC Fore" in lines
    assert any("Keni and Marina under a ban: the rulebook does not say" in line
               for line in lines)
    s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)")
    s.do("start_location", crew="The Kid", room="Secure Vent Node above CC Fore")
    with pytest.raises(ActionError, match="room: Keni may start in Cryo-Chamber \\(Wake-Up\\) "
                       "or Sick Bay"):
        s.do("start_location", crew="Keni", room="Refectory (Breakfast)")
    with pytest.raises(ActionError, match="room: Keni may start in Cryo-Chamber \\(Wake-Up\\) "
                       "or Sick Bay"):
        s.do("start_location", crew="Keni", room="Secure Vent Node above CC Fore")


def test_lockdown_offers_only_the_cryo_chamber() -> None:
    s = new(crew=["Cap", "Cargo", "The Kid"])
    to_protocols(s)
    s.do("add_protocol", name="Lockdown")
    room = GAME.action("start_location").params[1]
    assert room.allowed(s.state) == ["Cryo-Chamber (Wake-Up)"]  # Cargo comes first
    with pytest.raises(ActionError, match="room: Cargo may start in Cryo-Chamber \\(Wake-Up\\)$"):
        s.do("start_location", crew="Cargo", room="Secure Vent Node above CC Fore")
    s.do("start_location", crew="Cargo", room="Cryo-Chamber (Wake-Up)")
    assert s.state.facts["crew"]["Cargo"]["room"] == "Cryo-Chamber (Wake-Up)"
    s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)")
    assert room.allowed(s.state) == ["Secure Vent Node above CC Fore"]


def test_no_ban_without_a_banning_protocol() -> None:
    s = new(crew=["Cap", "Cargo", "The Kid"])
    to_protocols(s)
    s.do("add_protocol", name="Aircon", start=6)
    lines = panel(s, "Start locations")
    assert not any("ban" in line.lower() for line in lines)
    assert ("Cargo: Cryo-Chamber (Wake-Up) or Refectory (Breakfast) or Cargo Control "
            "(Workstation)") in lines


def test_registry_keys_and_topics() -> None:
    assert get_game("pandora-celeste") is GAME and GAME.title == "Pandora Celeste"
    keys = [a.key for a in GAME.actions if a.key]
    assert len(set(keys)) == len(keys)
    assert not RESERVED & {k for k in keys if k}
    for action in GAME.actions:
        assert action.title and action.description and "\n" not in action.description
        assert action.topic is None or action.topic in TOPICS
    assert set(GAME.topics.values()) <= TOPICS
    s = new()
    for name in s.state.pieces:
        assert name in GAME.topics


def test_agenda_secrets_belong_to_each_crewmember() -> None:
    s = new()
    agenda = s.state.piece("flygirl_agenda", Secret)
    assert agenda.owner == "Player 2"  # the curtain names who runs Flygirl (Cap comes first)
    shared = Session(GAME, SessionSetup(1, {"crew": CREW}, mode="crew"), seed="setup")
    assert shared.state.piece("flygirl_agenda", Secret).owner == "Flygirl's player"
    with pytest.raises(ActionError, match="choose one of Company Agenda, no Company Agenda"):
        s.do("choose_secret", secret="cap_company", value="maybe")
    s.do("choose_secret", secret="cap_company", value="Company Agenda")
    assert s.state.public_dict()["pieces"]["cap_company"]["value"] is None


def test_the_tracker_top_bounds_the_markers() -> None:
    s = new()
    to_protocols(s)
    s.do("add_protocol", name="Aircon", start=6)
    with pytest.raises(ActionError, match="Turn Cycle Tracker top: markers are above 5: Aircon 6"):
        s.do("set_board_value", key="tracker_top", value="5")
    s.do("set_board_value", key="tracker_top", value="9")
    assert s.state.piece("turn_cycle", Countdown).top == 9


def test_one_player_wording_and_skins_only_when_in_play() -> None:
    """Played: a True Solo game with Cap read 'Each crewmember ... (Skins keeps a Company one
    if dealt one)', and Abandon Ship told 'everyone' to declare."""
    solo = Session(GAME, SessionSetup(1, {"crew": ["Cap"]}, mode="true-solo",
                                      board={"objective_timer": 9}), seed="w")
    agendas = dict(cycle.setup_steps(solo.state))["agendas"]
    assert agendas.startswith("Your crewmember: 2 Hidden Agendas") and "Skins" not in agendas
    # before any noise nobody holds the First Target token: it did say "you hold" it
    assert dict(cycle.cycle_steps(solo.state))["start"] == ("Start of Cycle: you are the First "
                                                            "Player (the only one)")
    assert dict(cycle.setup_steps(solo.state))["start"].endswith("5 cards and 1 random Memory")
    crew = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Skins"]},
                                      board={"objective_timer": 9}), seed="w")
    assert dict(cycle.setup_steps(crew.state))["start"].endswith("starting hands: 5 cards each")
    agendas = dict(cycle.setup_steps(crew.state))["agendas"]
    assert agendas.startswith("Each crewmember") and "Skins keeps a Company one" in agendas
    for s, said in ((solo, "you declare whether you hold"),
                    (crew, "everyone declares whether they hold")):
        while cycle.current(s.state) != "protocols":
            s.do("next_step")
        s.do("add_protocol", name="Vacuum", start=4)
        s.do("add_protocol", name="Aircon", start=6)
        while s.state.facts["phase"] == "setup":
            enter_setup(s)
            s.do("next_step")
        s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
        notes = s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
        assert any(said in n.text for n in notes)
