"""The Turn Cycle Tracker and Emergency Protocols (spec pandora-celeste §4, §9.3; T01-T08)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pandora.helpers import enter_setup, panel, through_setup, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.games.pandora_celeste import call_out, cycle, protocols
from trackers.games.pandora_celeste.game import GAME
from trackers.pieces import Countdown, Counter, PieceError


def new(eps: Sequence[tuple[str, int | None]], players: int = 2, **options: Any) -> Session:
    opts = {"crew": ["Flygirl", "Cap"], **options}
    board = {"objective_timer": 9} | opts.pop("board", {})
    s = Session(GAME, SessionSetup(players, opts, board=board), seed="timers")
    through_setup(s, eps)
    return s


def timer(s: Session) -> Countdown:
    return s.state.piece("turn_cycle", Countdown)


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


LEARNING_2 = [("Vacuum", 4), ("Aircon", 6)]


def test_t01_t02_aircon_drives_and_both_tick_at_the_end_of_the_cycle() -> None:
    s = new(LEARNING_2)
    assert timer(s).driver() == "Aircon"
    assert "Driving: Aircon at 6" in panel(s, "Turn Cycle Tracker")
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "every Countdown Marker moves down 1 (Aircon 5, Vacuum 3)" in notes
    assert timer(s).markers == {"Vacuum": 3, "Aircon": 5} and timer(s).driver() == "Aircon"
    assert s.state.facts["cycle"] == 2 and cycle.current(s.state) == "start"


def test_t03_t04_vacuum_has_two_delays_one_per_airlock() -> None:
    s = new(LEARNING_2)
    walk_to(s, "tick")
    s.do("end_cycle")
    s.do("delay_protocol", protocol="Vacuum", source="Bridge Airlock")
    with pytest.raises(ActionError, match="source: Vacuum can still be delayed at: Cargo "
                                          "Control Airlock"):
        s.do("delay_protocol", protocol="Vacuum", source="bridge airlock")
    s.do("delay_protocol", protocol="Vacuum", source="cargo control airlock")
    assert timer(s).markers == {"Vacuum": 5, "Aircon": 5}
    assert timer(s).driving_value() == 5
    with pytest.raises(ActionError, match="nowhere \\(both used\\)"):
        s.do("delay_protocol", protocol="Vacuum", source="Bridge Airlock")


def test_a_protocol_delay_limit_comes_from_the_board_profile() -> None:
    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Skins"]}), seed="d")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6)
    s.do("add_protocol", name="Lockdown")
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("delay_protocol", protocol="Aircon")
    assert asked.value.keys == ["delays_aircon"]
    s.do("set_board_value", key="delays_aircon", value="1")
    s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match="Aircon has used its only delay$"):
        s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match="protocol: 'Lockdown' is not allowed"):
        s.do("delay_protocol", protocol="Lockdown")


@pytest.mark.parametrize(("limit", "said"), [("0", "Aircon has no delay on its card$"),
                                              ("2", "Aircon has used all 2 of its delays$")])
def test_a_used_up_delay_is_said_in_plain_words(limit: str, said: str) -> None:
    """Played: 'Lockdown has used all 1 of its delay' read wrong; 0 and 2 read right too."""
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"]}, board={"delays_aircon": int(limit)}),
                seed="d")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6)
    s.do("add_protocol", name="Vacuum", start=4)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    for _ in range(int(limit)):
        s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match=said):
        s.do("delay_protocol", protocol="Aircon")


def test_a_delay_limit_given_with_a_protocol_agrees_with_its_card() -> None:
    """The listing offers delay_limit for every Protocol: Aircon's given at setup is its
    printed value, kept on the board profile; one against the profile or the rulebook is
    refused."""
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"]}), seed="d")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    with pytest.raises(ActionError, match="delay_limit: the rulebook gives Vacuum 2 delays"):
        s.do("add_protocol", name="Vacuum", start=4, delay_limit=3)
    s.do("add_protocol", name="Vacuum", start=4, delay_limit=2)
    assert "kept on your board profile" in texts(
        s.do("add_protocol", name="Aircon", start=6, delay_limit=1))
    assert s.state.board["delays_aircon"] == 1
    s.undo()
    s.do("set_board_value", key="delays_aircon", value="2")
    with pytest.raises(ActionError, match="delay_limit: your board profile says Aircon's card "
                       "allows 2; leave it blank"):
        s.do("add_protocol", name="Aircon", start=6, delay_limit=1)
    s.do("add_protocol", name="Aircon", start=6, delay_limit=2)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    s.do("delay_protocol", protocol="Aircon")
    s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match="Aircon has used all 2 of its delays"):
        s.do("delay_protocol", protocol="Aircon")


def test_a_protocol_the_profile_does_not_know_takes_its_limit_when_added() -> None:
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"], "difficulty": "Easy"}), seed="d")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Meltdown", start=7, delay_limit=2)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    s.do("delay_protocol", protocol="Meltdown")
    s.do("delay_protocol", protocol="Meltdown")
    with pytest.raises(ActionError, match="Meltdown has used all 2 of its delays"):
        s.do("delay_protocol", protocol="Meltdown")


def test_t05_a_wrong_call_out_ticks_at_once_and_the_cycle_end_loses() -> None:
    s = new([("Vacuum", 2), ("Aircon", 4)])
    walk_to(s, "crew_round")  # Flygirl's Agenda, chosen in setup: no Company Agenda
    notes = texts(s.do("call_out", caller="Cap", accused="Flygirl"))
    assert "Cap Passes at once" in notes
    assert timer(s).markers == {"Vacuum": 1, "Aircon": 3}
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "Vacuum reached 0" in notes and "game is lost" in notes
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "Vacuum went off"
    assert set(record.outcomes.values()) == {"loser"}
    with pytest.raises(ActionError, match="the game is over"):
        s.do("next_step")
    s.undo()
    assert GAME.end_record(s.state) is None and timer(s).markers["Vacuum"] == 1


def test_a_protocol_marker_set_to_zero_by_hand_ends_the_game() -> None:
    s = new(LEARNING_2)
    s.do("set_value", target="turn_cycle.Aircon", value=0)
    record = GAME.end_record(s.state)
    assert record is not None and record.ending == "Aircon went off"
    assert GAME.status_of(s.state) == "ended: Aircon went off"


def test_a_correct_call_out_sows_discord_and_ticks_nothing() -> None:
    s = Session(GAME, SessionSetup(2, {"crew": ["Flygirl", "Cap"]},
                                   board={"objective_timer": 9}), seed="timers")
    through_setup(s, LEARNING_2, company=("Flygirl",))
    walk_to(s, "crew_round")
    s.do("call_out", caller="Cap", accused="Flygirl")
    assert s.state.facts["discord"] and timer(s).markers == {"Vacuum": 4, "Aircon": 6}
    walk_to(s, "doors")
    with pytest.raises(ActionError, match="Calling Out is done on a player's turn, in the "
                       "Crew Round; the game is at the Noise & Doors Round$"):
        s.do("call_out", caller="Cap", accused="Flygirl")


def test_t06_override_removes_the_marker_spawns_a_big_nasty_and_hands_over() -> None:
    s = new([("Vacuum", 3), ("Aircon", 5)])
    notes = texts(s.do("override_protocol", protocol="Aircon", big_nasty="MonsterBug", gold=7))
    assert "Aircon is shut down" in notes and "gold number" in notes
    assert [n["name"] for n in s.state.facts["nasties"]] == ["MonsterBug"]
    assert s.state.facts["nasties"][0]["room"] == "gold-number room 7"
    assert "Vacuum now drives the timeline" in notes
    assert timer(s).markers == {"Vacuum": 3}
    assert s.state.piece("big_nasties", Counter).value == 1
    with pytest.raises(ActionError, match="where: without the ShipStern only the front"):
        s.do("override_protocol", protocol="Vacuum", where="back of the Ship")


def test_t08_standard_the_second_override_also_abandons_ship() -> None:
    s = new(LEARNING_2)
    first = texts(s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug",
                       room="Galley"))
    assert "Turn over the top Big Nasty" in first and "Abandon Ship" not in first
    second = texts(s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper",
                        gold=3))
    assert "Turn over the top Big Nasty" in second and "Abandon Ship" in second
    assert "Act III Reveal" in second
    assert s.state.facts["abandon_ship"] and s.state.facts["discord"]
    assert timer(s).driver() is None


def test_t08_long_standard_the_third_override_spawns_nothing() -> None:
    s = new([("Vacuum", 4), ("Aircon", 6), ("Jettison", 7)], difficulty="Long Standard",
            shipstern=True)
    s.do("override_protocol", protocol="Vacuum", where="back of the Ship",
         big_nasty="MonsterBug", gold=4)
    notes = texts(s.do("override_protocol", protocol="Jettison",
                       where="Cargo Control or Docking Bay Starboard", big_nasty="Time Jumper",
                       room="Cargo Control"))
    assert "where the Protocol was shut down" in notes
    third = texts(s.do("override_protocol", protocol="Aircon"))
    assert "No Big Nasty is left" in third and "Abandon Ship" in third


def test_the_no_limit_marker_at_zero_is_flagged_not_lost() -> None:
    s = new([("Lockdown", None), ("Jettison", None)])
    for _ in range(9):
        walk_to(s, "tick")
        notes = texts(s.do("end_cycle"))
    assert "does not say what that means" in notes and GAME.end_record(s.state) is None


def test_check_aircon_reads_the_box_the_table_chose() -> None:
    s = new(LEARNING_2, board={"check_aircon_boxes": [6]})
    walk_to(s, "tick")
    assert "B. box 5: no Check Aircon" in texts(s.do("end_cycle"))  # after the tick: default
    before = new(LEARNING_2, board={"check_aircon_boxes": [6]}, aircon_box="before the tick")
    walk_to(before, "tick")
    assert "B. box 6 says Check Aircon" in texts(before.do("end_cycle"))
    t = new(LEARNING_2)
    walk_to(t, "tick")
    assert "not on your board profile yet" in texts(t.do("end_cycle"))


def test_the_steps_with_their_own_action_cannot_be_skipped() -> None:
    s = new(LEARNING_2)
    # Played: the message said "Use 'Next step' to get there", which stops at the count.
    with pytest.raises(ActionError, match="Ending the Cycle comes at the End of Cycle; the "
                       "game is at the Start of Cycle. Get there with 'Next step', 'Noise "
                       "count', 'Next step', 'Nasty round' and 'Next step'$"):
        s.do("end_cycle")
    walk_to(s, "count")
    with pytest.raises(ActionError, match="at the Noise count. Get there with 'Noise count', "
                       "'Next step', 'Nasty round' and 'Next step'$"):
        s.do("end_cycle")
    with pytest.raises(ActionError, match="this step is done with 'Noise count'"):
        s.do("next_step")
    s.do("count_noise")
    walk_to(s, "tick")
    with pytest.raises(ActionError, match="this step is done with 'End the Cycle'"):
        s.do("next_step")


def test_big_nasty_box_shows_once_entered() -> None:
    s = new(LEARNING_2, board={"big_nasty_boxes": [6, 3]})
    assert "box 6: Big Nasties move: yes" in panel(s, "Turn Cycle Tracker")
    walk_to(s, "tick")
    s.do("end_cycle")
    assert "box 5: Big Nasties move: no" in panel(s, "Turn Cycle Tracker")


OPS = st.lists(st.tuples(st.sampled_from(["tick", "delay", "override", "call_out"]),
                         st.integers(0, 2)), max_size=20)


@given(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True), OPS)
def test_the_driver_is_always_the_highest_live_marker(starts: list[int],
                                                      ops: list[tuple[str, int]]) -> None:
    names = ["Vacuum", "Aircon", "Lockdown"][:len(starts)]
    s = new(list(zip(names, starts, strict=True)), difficulty="Custom")
    walk_to(s, "crew_round")
    for op, pick in ops:
        if protocols.gone_off(s.state):
            break
        live = protocols.timed_names(s.state)
        try:
            if op == "tick":
                protocols.tick(s.state, "test")
            elif op == "delay" and live:
                protocols.delay(s.state, live[pick % len(live)], "Bridge Airlock")
            elif op == "override" and live:
                protocols.override_action(s.state, {"protocol": live[pick % len(live)],
                                                    "where": protocols.WHERE[0],
                                                    "big_nasty": "MonsterBug", "gold": 1},
                                          Random(0))
            elif op == "call_out":
                call_out.call_out(s.state, "Cap", "Flygirl", pick == 0)
        except (ActionError, PieceError):
            pass
        markers = timer(s).markers
        alive = {k: v for k, v in markers.items() if k not in timer(s).gone_off}
        assert set(markers) == set(protocols.timed_names(s.state)) | set(timer(s).gone_off)
        if alive:
            assert timer(s).driving_value() == max(alive.values())
        else:
            assert timer(s).driver() is None


def test_discord_from_a_card_and_vacuum_delay_by_a_short_name() -> None:
    s = new(LEARNING_2)
    s.do("sow_discord", why="a card says so")
    assert "Discord: sown" in panel(s, "Turn Cycle Tracker")[-1]
    s.do("delay_protocol", protocol="Vacuum", source="cargo")
    assert s.state.facts["protocols"][0]["delays"] == ["Cargo Control Airlock"]


def test_variants_and_custom_setup_are_spelt_out() -> None:
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"], "difficulty": "Custom",
                                       "variants": ["Revelation"]}), seed="v")
    assert "the Emergency Protocols you chose and 1 Big Nasty" in cycle.checklist(s.state)[0][0]
    assert any(line.startswith("Revelation:") for line in panel(s, "Start locations"))
