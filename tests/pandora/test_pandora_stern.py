"""Scenario 4 and the ShipStern's pieces (rulebook «Scenario 4: Backing into Dark Corners...»,
«The Cargo Bays», «Cargo Bay Nasties», «Turning the Lights On/Off», «The Escape Pod»,
«Catastrophic Hull Breach»), in the rulebook's order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import act_three, panel, started, texts, through_setup, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import DRAWN, OPENED, BoardValueNeeded
from trackers.engine.records import Event
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.action_fields import PLAYED
from trackers.games.pandora_celeste.game import GAME
from trackers.games.pandora_celeste.view import banner

# TEST DATA: an imaginary Cargo Deck (the rulebook lists no Cargo Cards)
CARGO = ("Seed Crop = Agri; Rations = Agri; Pulse Rifles = Military; Widgets = Tech: Widgets; "
         "Bug = Cargo Bay Nasty; XWT Control = XWT Control; Scanners = Tech")


def test_scenario_4_is_offered_with_the_shipstern() -> None:
    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Greaseball"], "scenario": "Scenario 4",
                                       "custom_big_nasties": "2"}), seed="sc4")
    assert s.state.facts["shipstern"]
    steps = dict(cycle.setup_steps(s.state))
    assert "the Learn to Play booklet, p.27" in cycle.setup_steps(s.state)[0][1]
    assert "stern" in steps and "agendas" in steps
    assert s.state.pieces["big_nasties"].value == 2  # type: ignore[attr-defined]


def stern_game(**kw: object) -> Session:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board={"objective_timer": 9}, **kw)  # type: ignore
    walk_to(s, "crew_round")
    return s


def test_a_mirror_bay_shows_its_card_and_a_cargo_bay_nasty_is_placed_there() -> None:
    s = stern_game()
    with pytest.raises(ActionError, match="card: required"):  # a mirror table gives it
        s.do("unlock_bay", bay="3")
    assert not GAME.action("unlock_bay").params[1].optional
    notes = texts(s.do("unlock_bay", bay="3", card="Bug", kind="Cargo Bay Nasty"))
    assert "Cargo Bay 3: Bug (Cargo Bay Nasty)" in notes
    assert [(n["name"], n["room"]) for n in s.state.facts["nasties"]] == [("Bug",
                                                                           "Cargo Bay 3")]
    with pytest.raises(ActionError, match="bay: '3' is not allowed"):
        s.do("unlock_bay", bay="3", card="Bug", kind="Cargo Bay Nasty")  # its door stays open
    assert "Cargo Manifest: 1: locked, 2: locked, 3: Bug" in panel(s, "ShipStern")[0]


def test_the_widget_consignment_abandons_ship_and_spawns_the_big_nasties_left() -> None:
    s = stern_game()
    with pytest.raises(ActionError, match="no Cargo Bay has shown a consignment of Widgets"):
        s.do("take_widget", crew="Cap")
    s.do("unlock_bay", bay="5", card="Widgets", kind="Tech: Widgets")
    notes = texts(s.do("take_widget", crew="Cap"))
    assert "Every Big Nasty left spawns now (1): turn each over and enter it" in notes
    assert "Abandon Ship (a Widget was taken from the consignment)" in notes
    assert s.state.facts["abandon_ship"]
    assert banner(s.state)[1].startswith("The first Widget was taken: every Big Nasty left")
    for action in ("next_step", "count_noise", "end_turn"):  # held until it is entered
        assert "every Big Nasty left spawns at once (1 still to enter)" in str(
            s.blocked(action))
        assert "('Big Nasty spawns')" in str(s.blocked(action))
    with pytest.raises(ActionError, match="gold: flip a Nasty Action card"):
        s.do("widget_spawn", big_nasty="MonsterBug")
    notes = texts(s.do("widget_spawn", big_nasty="MonsterBug", gold=4))
    assert "MonsterBug spawns in the ShipStern room with the gold number" in notes
    assert [(n["name"], n["room"]) for n in s.state.facts["nasties"]] == [
        ("MonsterBug", "ShipStern gold-number room 4")]
    assert s.state.pieces["big_nasties"].value == 0  # type: ignore[attr-defined]
    # then the Act III Reveal: each crewmember's sealed Agenda type, before play goes on
    assert "the Act III Reveal after Abandon Ship: Cap, Greaseball each declare" in str(
        s.blocked("next_step"))
    assert banner(s.state)[1].startswith("The Act III Reveal after Abandon Ship")
    s.do("reveal_secret", secret="cap_company")
    assert "Greaseball declares whether they hold a Company Agenda" in str(
        s.blocked("end_turn"))
    act_three(s)
    assert s.blocked("next_step") is None and s.blocked("widget_spawn") is not None
    assert "Abandon Ship" not in texts(s.do("take_widget", crew="Greaseball"))
    assert s.blocked("widget_spawn") is not None  # the second Widget calls none


def test_a_widget_taken_in_a_game_saved_before_replays_as_it_was() -> None:
    s = stern_game()
    s.do("unlock_bay", bay="5", card="Widgets", kind="Tech: Widgets")
    old = Event(s.head + 1, "take_widget", {"crew": "Cap"})  # made before the rule was held
    replayed = Session(GAME, s.setup, s.seed, events=[*s.events, old])
    assert replayed.state.pieces["big_nasties"].value == 0  # type: ignore[attr-defined]
    act_three(replayed)
    assert replayed.blocked("next_step") is None


def test_the_junction_box_switches_the_lights_once_found() -> None:
    s = stern_game()
    with pytest.raises(ActionError, match="the Junction Box has not been found yet"):
        s.do("junction_box", event="lights on")
    s.do("junction_box", event="found", room="Engine Room 1")
    s.do("junction_box", event="lights on")
    assert "Junction Box: Engine Room 1, lights on" in panel(s, "ShipStern")
    assert "nobody at the back is in the dark" in cycle.cycle_steps(s.state)[0][1]


def test_a_collapse_is_asked_of_the_table_before_play_goes_on() -> None:
    s = stern_game()
    s.do("hull_breach", markers=9)
    said = str(s.blocked("next_step"))
    assert "record which section broke off and what the table agreed first" in said
    notes = texts(s.do("hull_collapse", section="the Cargo Bays",
                       way="remove the section with the fewest crew", markers=5,
                       nasties="none", crew="none"))
    assert "the Cargo Bays broke off into space" in notes
    assert s.blocked("next_step") is None
    assert s.state.pieces["hull_breaches"].value == 4  # type: ignore[attr-defined]
    assert "the Cargo Bays broke off into space" in str(s.blocked("unlock_bay"))


def test_the_app_draws_a_bays_card_only_when_the_bay_is_unlocked(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", {"cargo_deck": CARGO})
    play = table.create("pandora-celeste", 1, options={"crew": ["Greaseball"],
                                                       "nasty_cards": "virtual",
                                                       "scenario": "Scenario 4"},
                        seed="draws")
    through_setup(play)
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    assert "stern" not in play.state.facts or not play.state.facts["stern"]["bays"]
    with pytest.raises(ActionError, match="card: not asked now"):
        play.do("unlock_bay", bay="2", card="Rations")
    notes = texts(play.do("unlock_bay", bay="2"))
    assert "the app drew its Cargo Card" in notes
    unlocked = play.session.events[-1].args
    assert set(unlocked[DRAWN]) >= {"code", "sealed"}
    kept = {k: v for k, v in unlocked[DRAWN].items() if k != "draw"}  # draw: the deck, public
    assert not any(name in json.dumps(kept) for name in ("Rations", "Seed Crop", "Widgets"))
    notes = texts(play.do("flip_bay", bay="2"))
    assert "Cargo Bay 2: " in notes
    card = play.state.facts["stern"]["bays"]["2"]
    assert card in [c.strip() for c in CARGO.split(";")]
    assert OPENED in play.session.events[-1].args  # opened with the app's key, recorded
    play.close()
    table.close()


def test_the_ship_s_manifest_swaps_after_the_reveal_but_never_a_nasty_or_xwt() -> None:
    s = stern_game()
    s.do("ready_manifest", crew="Cap")  # ready before a Bay opens
    s.do("unlock_bay", bay="1", card="Bug", kind="Cargo Bay Nasty")
    s.do("unlock_bay", bay="2", card="XWT Control", kind="XWT Control")
    for bay in ("1", "2", "4"):  # a Nasty, XWT Control, a Bay not opened
        with pytest.raises(ActionError, match="Cargo Bay 2, opened last, shows XWT Control"):
            s.do("manifest_swap", bay=bay, card="Widgets", kind="Tech: Widgets")
    s.do("unlock_bay", bay="4", card="Seed Crop", kind="Agri")
    notes = texts(s.do("manifest_swap", bay="4", card="Widgets", kind="Tech: Widgets"))
    assert "Seed Crop goes under the Manifest" in notes and "Cargo Bay 4: Widgets" in notes
    assert s.state.facts["stern"]["widgets_bay"] == "4"


def test_widgets_swapped_under_the_manifest_are_no_longer_in_the_bay() -> None:
    """Played: the Widgets went under the Manifest and 'Take a Widget' was still offered."""
    s = stern_game()
    s.do("ready_manifest", crew="Cap")  # ready before a Bay opens
    s.do("unlock_bay", bay="4", card="Widgets", kind="Tech: Widgets")
    s.do("manifest_swap", bay="4", card="Seed Crop", kind="Agri")
    assert s.state.facts["stern"]["widgets_bay"] is None
    with pytest.raises(ActionError, match="no Cargo Bay has shown a consignment of Widgets"):
        s.do("take_widget", crew="Cap")


def test_the_ship_s_manifest_swaps_only_in_the_bay_just_opened() -> None:
    s = stern_game()
    s.do("ready_manifest", crew="Cap")  # ready before a Bay opens
    s.do("unlock_bay", bay="4", card="Seed Crop", kind="Agri")
    s.do("unlock_bay", bay="5", card="Rations", kind="Agri")
    with pytest.raises(ActionError, match="bay: '4' is not allowed; give one of: 5"):
        s.do("manifest_swap", bay="4", card="Widgets", kind="Tech: Widgets")
    s.do("manifest_swap", bay="5", card="Widgets", kind="Tech: Widgets")


def test_who_starts_the_cycle_in_the_dark_is_asked_before_the_cycle_goes_on() -> None:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board={"objective_timer": 9})
    assert cycle.current(s.state) == "start"
    for action in ("next_step", "count_noise"):
        assert "say who starts it in the dark of the ShipStern" in str(s.blocked(action))
        assert "('In the dark')" in str(s.blocked(action))
    assert s.action("darkness").key == "I"  # due every Cycle: a key of its own
    # both woke in the Cryo-Chamber, at the front: the dark does not reach them there
    with pytest.raises(ActionError, match="crew: Greaseball is recorded at the front of the "
                                          "Ship, where the dark does not reach"):
        s.do("darkness", crew="Greaseball")
    s.do("crew_area", crew="Greaseball", area="back")  # the table says he stands further back
    notes = texts(s.do("darkness", crew="Greaseball"))
    assert "Greaseball starts the Cycle in the dark without a light of their own: discard 1" \
        in notes
    assert "Greaseball" not in s.action("darkness").params[0].allowed(s.state)
    assert s.blocked("next_step") is not None
    assert "In the dark at the start of Cycle 1: Greaseball" in texts(
        s.do("darkness", crew="nobody (else) is in the dark"))
    assert s.blocked("next_step") is None
    s.do("next_step")
    assert "asked at the start of the Cycle" in str(s.blocked("darkness"))


def test_the_junction_box_s_lights_leave_nobody_in_the_dark() -> None:
    s = stern_game()
    s.do("junction_box", event="found", room="Engine Room 1")
    s.do("junction_box", event="lights on")
    walk_to(s, "tick")
    s.do("end_cycle")
    assert cycle.current(s.state) == "start" and s.blocked("next_step") is None
    assert "lights are on" in str(s.blocked("darkness"))


def test_without_the_shipstern_nobody_is_asked_about_the_dark() -> None:
    s = started(("Cap", "Greaseball"))
    assert s.blocked("next_step") is None
    assert "only with the ShipStern" in str(s.blocked("darkness"))


def test_the_nasties_in_a_section_that_breaks_off_go_with_it() -> None:
    s = stern_game()
    for name, room in (("Bug", "Cargo Bay 2"), ("MonsterBug", "Engine Room 1"), ("Bug", "Galley")):
        s.do("reveal_nasty", name=name, room=room)
    s.do("hull_breach", markers=9)
    with pytest.raises(ActionError, match="nasties: required"):
        s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5)
    with pytest.raises(ActionError, match=r"nasties: '7' is not in the Active Nasty Area"):
        s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5, nasties="1, 7")
    notes = texts(s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5,
                       nasties="1, 2. MonsterBug", crew="none"))
    assert "1. Bug went into space with the Cargo Bays: its card leaves the Active" in notes
    assert [n["name"] for n in s.state.facts["nasties"]] == ["Bug"]


def test_the_crew_in_a_section_that_breaks_off_go_with_it() -> None:
    """Played: the collapse asked which Nasties were in the section, never which crew
    («Catastrophic Hull Breach»: it takes all its occupants with it)."""
    s = stern_game()
    s.do("hull_breach", markers=9)
    with pytest.raises(ActionError, match="crew: say who was in the Cargo Bays when it broke "
                       "off"):
        s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5, nasties="none")
    with pytest.raises(ActionError, match="crew: 'Skins' is not a living crewmember"):
        s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5, nasties="none",
             crew="Skins")
    with pytest.raises(ActionError, match="crew: without agreement the section is not "
                       "destroyed"):
        s.do("hull_collapse", section="the Cargo Bays", markers=5, nasties="none",
             way="no agreement: every breached room destroyed", crew="Greaseball")
    notes = texts(s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5,
                       nasties="none", crew="Greaseball"))
    assert "Greaseball is dead" in notes
    assert s.state.facts["crew"]["Greaseball"]["status"] == "dead"


COLLAPSE = "play on with the sections apart"


VIRTUAL = {"deck_gold": [5, 2, 7, 4, 1, 3, 6, 8, 9, 0], "deck_top": [1, 2, 3, 4, 5] * 2,
           "deck_bottom": [5, 4, 3, 2, 1] * 2, "deck_top_red": [1, 2, 3],
           "deck_bottom_red": [4, 5], "deck_reshuffle": [10], "cargo_deck": CARGO,
           "objective_timer": 9}


def test_when_the_app_draws_the_setup_keeps_the_cargo_deck_aside_and_reads_as_sentences(
        ) -> None:
    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Greaseball"], "scenario": "Scenario 4",
                                       "custom_big_nasties": "1", "nasty_cards": "virtual"},
                                   board=VIRTUAL), seed="sc4v")
    steps = dict(cycle.setup_steps(s.state))
    assert "the app draws each Cargo Bay's card when it is unlocked" in steps["stern"]
    assert "6 Cargo Cards on the Manifest" not in steps["stern"]
    assert "its Widget. All Learning Scenarios:" in steps["stack"]


def test_no_swap_is_offered_when_nobody_holds_the_spares_or_after_a_swap() -> None:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board=VIRTUAL, nasty_cards="virtual")
    walk_to(s, "crew_round")
    s.do("unlock_bay", bay="1")
    assert "may swap this card" not in texts(s.do("flip_bay", bay="1"))
    mirror = stern_game()
    mirror.do("ready_manifest", crew="Cap")
    mirror.do("unlock_bay", bay="5", card="Rations", kind="Agri")
    notes = texts(mirror.do("manifest_swap", bay="5", card="Widgets", kind="Tech: Widgets"))
    assert "Cargo Bay 5: Widgets" in notes and "may swap this card" not in notes


def test_a_lost_game_is_not_provisional_and_a_swap_is_its_own_key_moment() -> None:
    from trackers.games.pandora_celeste.view import banner

    s = stern_game()
    s.do("ready_manifest", crew="Cap")  # ready before a Bay opens
    s.do("unlock_bay", bay="5", card="Rations", kind="Agri")
    notes = s.do("manifest_swap", bay="5", card="Widgets", kind="Tech: Widgets")
    assert "Cargo Bay 5: Widgets put in from the Ship's Manifest" in [
        n.key_moment for n in notes if not isinstance(n, str)]
    s.do("set_value", target="turn_cycle.Vacuum", value=0)
    assert banner(s.state) == ["GAME OVER: Vacuum went off", "Winners: nobody"]


def test_the_first_widget_asks_the_objective_timer_as_abandon_ship_starts_it() -> None:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="0")
    walk_to(s, "crew_round")
    s.do("unlock_bay", bay="5", card="Widgets", kind="Tech: Widgets")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("take_widget", crew="Cap")
    assert asked.value.keys == ["objective_timer"]
    s.do("set_board_value", key="objective_timer", value="3")
    assert "the Objective Timer starts at 3" in texts(s.do("take_widget", crew="Cap"))
    s.do("take_widget", crew="Greaseball")  # asks nothing more


def test_noise_only_at_the_back_pauses_nobody() -> None:
    """Played: Greaseball made noise at the back, nobody at the front, and the count said
    'Nobody made noise ... Nasties that Follow Instincts ... pause'."""
    s = stern_game()
    s.do("crew_area", crew="Greaseball", area="back")
    s.do("record_noise", crew="Greaseball", colour="Yellow")
    notes = texts(s.do("count_noise"))
    assert "Nobody at the front or in Cargo Control made noise" in notes
    assert "pause" not in notes and "Stern Target: Greaseball" in notes


def test_a_manifest_readied_after_the_bay_opened_cannot_swap_its_card() -> None:
    """Played: the Manifest was readied after Bay 3 opened, and its card was still swapped."""
    s = stern_game()
    s.do("unlock_bay", bay="3", card="Seed Crop", kind="Agri")
    s.do("ready_manifest", crew="Cap")
    with pytest.raises(ActionError, match="Cargo Bay 3 was opened with the Ship's Manifest in "
                                          "nobody's Ready Tool Slot"):
        s.do("manifest_swap", bay="3", card="Widgets", kind="Tech: Widgets")
    s.do("unlock_bay", bay="4", card="Rations", kind="Agri")  # opened with it ready
    assert "Cargo Bay 4: Widgets" in texts(
        s.do("manifest_swap", bay="4", card="Widgets", kind="Tech: Widgets"))


def test_a_swap_made_before_the_manifest_rule_replays_as_it_was() -> None:
    s = stern_game()
    s.do("unlock_bay", bay="3", card="Seed Crop", kind="Agri")
    old = Event(s.head + 1, "manifest_swap",
                {"bay": "3", "card": "Widgets", "kind": "Tech: Widgets"})
    replayed = Session(GAME, s.setup, s.seed, events=[*s.events, old])
    assert replayed.state.facts["stern"]["bays"]["3"] == "Widgets = Tech: Widgets"


def test_with_nothing_to_swap_the_swap_says_why_instead_of_an_empty_list() -> None:
    """Played: a swap on a Cargo Bay Nasty read "give one of: " with nothing after it."""
    s = stern_game()
    assert "no Cargo Bay is open yet" in str(s.blocked("manifest_swap"))
    s.do("ready_manifest", crew="Cap")
    s.do("unlock_bay", bay="1", card="Bug", kind="Cargo Bay Nasty")
    assert ("Cargo Bay 1, opened last, shows Cargo Bay Nasty: the Ship's Manifest never "
            "replaces a Cargo Bay Nasty or XWT Control") in str(s.blocked("manifest_swap"))
    s.do("unlock_bay", bay="4", card="Seed Crop", kind="Agri")
    s.do("manifest_swap", bay="4", card="Widgets", kind="Tech: Widgets")
    assert "Cargo Bay 4, opened last, was swapped already" in str(s.blocked("manifest_swap"))


def test_a_crewmember_starting_in_engineering_makes_noise_at_the_back() -> None:
    """Greaseball started in Engineering and his noise made him First Target, not Stern."""
    from tests.pandora.helpers import enter_setup

    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Greaseball"], "shipstern": True},
                                   board={"objective_timer": 9}), seed="stern")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6)
    s.do("add_protocol", name="Jettison", start=8)
    while s.state.facts["phase"] == "setup":
        if cycle.current(s.state) == "start" and not s.state.facts["crew"]["Cap"]["room"]:
            s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)")
            s.do("wake_up", crew="Cap")
            s.do("start_location", crew="Greaseball", room="Engineering (Workstation)")
        enter_setup(s)
        s.do("next_step")
    assert s.state.facts["crew"]["Greaseball"]["area"] == "back"
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Greaseball", colour="Red", count=2)
    walk_to(s, "count")
    s.do("count_noise")
    assert s.state.facts["stern_target"] == "Greaseball"
    assert s.state.facts["first_target"] != "Greaseball"
    # a start entered before the area was placed replays as it was (the table set it then)
    old = [Event(e.seq, e.action, {k: v for k, v in e.args.items() if k != PLAYED})
           if e.action == "start_location" else e for e in s.events]
    replayed = Session(GAME, s.setup, s.seed, events=old)
    assert replayed.state.facts["crew"]["Greaseball"]["area"] == "front"


def test_the_stern_target_passes_only_within_the_back_and_cargo_control() -> None:
    """Played: Greaseball (Engineering, Red 2) was Stern Target and Cap (front, Green 1) First
    Target; Engineering broke off with Greaseball and the Stern Target passed to Cap, whose
    only noise was at the front («The Stern Target»: the back and Cargo Control only). A
    record made under the earlier rules replays passing it as it did."""
    from dataclasses import replace

    s = started(("Cargo", "Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board={"objective_timer": 9})
    walk_to(s, "crew_round")
    s.do("crew_area", crew="Greaseball", area="back")
    s.do("record_noise", crew="Greaseball", colour="Red", count=2)
    s.do("record_noise", crew="Cap", colour="Green")
    walk_to(s, "count")
    s.do("count_noise")
    assert s.state.facts["stern_target"] == "Greaseball"
    assert s.state.facts["first_target"] == "Cap"
    s.do("hull_breach", markers=9)
    notes = texts(s.do("hull_collapse", section="Engineering", way=COLLAPSE, markers=5,
                       nasties="none", crew="Greaseball"))
    assert "Stern Target token passes to Cap" not in notes
    assert s.state.facts["stern_target"] is None
    assert s.state.facts["first_target"] == "Cap"
    earlier = replace(s.events[-1], args={**s.events[-1].args, PLAYED: 2})
    replayed = Session(s.game, s.setup, s.seed, events=[*s.events[:-1], earlier])
    assert replayed.state.facts["stern_target"] == "Cap"


def test_a_collapse_left_without_its_nasties_names_none_as_an_answer() -> None:
    """Played: 'nasties' left blank said only "required; give some text", not that 'none' is
    the answer when no Nasty was in the section."""
    s = stern_game()
    s.do("hull_breach", markers=9)
    with pytest.raises(ActionError, match=r"nasties: required; give some text \(.*or none\)"):
        s.do("hull_collapse", section="the Cargo Bays", way=COLLAPSE, markers=5,
             crew="none")
