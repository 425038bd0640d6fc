"""The Turn Cycle Tracker and Emergency Protocols (spec pandora-celeste §4, §9.3; T01-T08)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste import cycle, protocols
from trackers.games.pandora_celeste.game import GAME, panels
from trackers.pieces import Countdown, Counter, PieceError


def new(eps: Sequence[tuple[str, int | None]], players: int = 2, **options: Any) -> Session:
    opts = {"crew": ["Flygirl", "Cap"], **options}
    board = opts.pop("board", {})
    s = Session(GAME, SessionSetup(players, opts, board=board), seed="timers")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    for name, start in eps:
        s.do("add_protocol", name=name, start=start)
    while s.state.facts["phase"] == "setup":
        s.do("next_step")
    return s


def walk_to(s: Session, key: str) -> None:
    for _ in range(40):
        now = cycle.current(s.state)
        if now == key:
            return
        if now == "count":
            s.do("count_noise")
        elif now == "tick":
            s.do("end_cycle")
        else:
            s.do("next_step")
    raise AssertionError(key)


def timer(s: Session) -> Countdown:
    return s.state.piece("turn_cycle", Countdown)


def texts(notes: list) -> str:
    return "\n".join(n.text for n in notes)


LEARNING_2 = [("Vacuum", 4), ("Aircon", 6)]


def test_t01_t02_aircon_drives_and_both_tick_at_the_end_of_the_cycle() -> None:
    s = new(LEARNING_2)
    assert timer(s).driver() == "Aircon"
    assert "Driving: Aircon at 6" in panels(s.state)[0].lines
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


def test_other_protocols_delay_up_to_the_limit_entered_from_the_card() -> None:
    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Skins"]}), seed="d")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6, delay_limit=1)
    s.do("add_protocol", name="Lockdown")
    while s.state.facts["phase"] == "setup":
        s.do("next_step")
    s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match="Aircon has used all 1 delays"):
        s.do("delay_protocol", protocol="Aircon")
    with pytest.raises(ActionError, match="protocol: 'Lockdown' is not allowed"):
        s.do("delay_protocol", protocol="Lockdown")


def test_t05_a_wrong_call_out_ticks_at_once_and_the_cycle_end_loses() -> None:
    s = new([("Vacuum", 2), ("Aircon", 4)])
    walk_to(s, "crew_round")
    notes = texts(s.do("call_out", caller="Cap", accused="Flygirl", correct=False))
    assert "Cap Passes at once" in notes
    assert timer(s).markers == {"Vacuum": 1, "Aircon": 3}
    walk_to(s, "tick")
    notes = texts(s.do("end_cycle"))
    assert "Vacuum reached 0" in notes and "game is lost" in notes
    assert s.state.facts["status"] == "lost: the Vacuum Protocol went off"
    with pytest.raises(ActionError, match="not possible now"):
        s.do("next_step")
    s.undo()
    assert s.state.facts["lost"] is None and timer(s).markers["Vacuum"] == 1


def test_a_correct_call_out_sows_discord_and_ticks_nothing() -> None:
    s = new(LEARNING_2)
    walk_to(s, "crew_round")
    s.do("call_out", caller="Cap", accused="Flygirl", correct=True)
    assert s.state.facts["discord"] and timer(s).markers == {"Vacuum": 4, "Aircon": 6}
    walk_to(s, "doors")
    with pytest.raises(ActionError, match="A Call Out happens in the Crew Round"):
        s.do("call_out", caller="Cap", accused="Flygirl", correct=False)


def test_t06_override_removes_the_marker_spawns_a_big_nasty_and_hands_over() -> None:
    s = new([("Vacuum", 3), ("Aircon", 5)])
    notes = texts(s.do("override_protocol", protocol="Aircon"))
    assert "Aircon is shut down" in notes and "gold number" in notes
    assert "Vacuum now drives the timeline" in notes
    assert timer(s).markers == {"Vacuum": 3}
    assert s.state.piece("big_nasties", Counter).value == 1
    with pytest.raises(ActionError, match="where: without the ShipStern only the front"):
        s.do("override_protocol", protocol="Vacuum", where="back of the Ship")


def test_t08_standard_the_second_override_also_abandons_ship() -> None:
    s = new(LEARNING_2)
    first = texts(s.do("override_protocol", protocol="Vacuum"))
    assert "Turn over the top Big Nasty" in first and "Abandon Ship" not in first
    second = texts(s.do("override_protocol", protocol="Aircon"))
    assert "Turn over the top Big Nasty" in second and "Abandon Ship" in second
    assert "Act III Reveal" in second
    assert s.state.facts["abandon_ship"] and s.state.facts["discord"]
    assert timer(s).driver() is None


def test_t08_long_standard_the_third_override_spawns_nothing() -> None:
    s = new([("Vacuum", 4), ("Aircon", 6), ("Jettison", 7)], difficulty="Long Standard",
            shipstern=True)
    s.do("override_protocol", protocol="Vacuum", where="back of the Ship")
    notes = texts(s.do("override_protocol", protocol="Jettison",
                       where="Cargo Control or Docking Bay Starboard"))
    assert "where the Protocol was shut down" in notes
    third = texts(s.do("override_protocol", protocol="Aircon"))
    assert "No Big Nasty is left" in third and "Abandon Ship" in third


def test_the_no_limit_marker_at_zero_is_flagged_not_lost() -> None:
    s = new([("Lockdown", None), ("Jettison", None)])
    for _ in range(9):
        walk_to(s, "tick")
        notes = texts(s.do("end_cycle"))
    assert "spec G-11" in notes and s.state.facts["lost"] is None


def test_check_aircon_reads_the_box_and_flags_a_disagreement() -> None:
    s = new(LEARNING_2, board={"check_aircon_boxes": [6]})
    walk_to(s, "tick")
    assert "spec G-28" in texts(s.do("end_cycle"))  # box 6 says it, box 5 does not
    walk_to(s, "tick")
    assert "B. no Check Aircon" in texts(s.do("end_cycle"))
    t = new(LEARNING_2)
    walk_to(t, "tick")
    assert "unset (board value check_aircon_boxes)" in texts(t.do("end_cycle"))


def test_the_steps_with_their_own_action_cannot_be_skipped() -> None:
    s = new(LEARNING_2)
    with pytest.raises(ActionError, match="belongs to the step 'End of Cycle"):
        s.do("end_cycle")
    walk_to(s, "count")
    with pytest.raises(ActionError, match="this step is done with 'Noise count'"):
        s.do("next_step")
    s.do("count_noise")
    walk_to(s, "tick")
    with pytest.raises(ActionError, match="this step is done with 'End the Cycle'"):
        s.do("next_step")


def test_big_nasty_box_shows_once_entered() -> None:
    s = new(LEARNING_2, board={"big_nasty_boxes": [6, 3]})
    assert "box 6: Big Nasties move: yes" in panels(s.state)[0].lines
    walk_to(s, "tick")
    s.do("end_cycle")
    assert "box 5: Big Nasties move: no" in panels(s.state)[0].lines


OPS = st.lists(st.tuples(st.sampled_from(["tick", "delay", "override", "call_out"]),
                         st.integers(0, 2)), max_size=20)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=3, unique=True), OPS)
def test_the_driver_is_always_the_highest_live_marker(starts: list[int],
                                                      ops: list[tuple[str, int]]) -> None:
    names = ["Vacuum", "Aircon", "Lockdown"][:len(starts)]
    s = new(list(zip(names, starts, strict=True)), difficulty="Custom")
    walk_to(s, "crew_round")
    for op, pick in ops:
        if s.state.facts["lost"] is not None:
            break
        live = protocols.timed_names(s.state)
        try:
            if op == "tick":
                protocols.tick(s.state, "test")
            elif op == "delay" and live:
                protocols.delay(s.state, live[pick % len(live)], "Bridge Airlock")
            elif op == "override" and live:
                protocols.override(s.state, live[pick % len(live)], protocols.WHERE[0])
            elif op == "call_out":
                protocols.call_out(s.state, "Cap", "Flygirl", pick == 0)
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
    assert "Discord: sown" in panels(s.state)[0].lines[-1]
    s.do("delay_protocol", protocol="Vacuum", source="cargo")
    assert s.state.facts["protocols"][0]["delays"] == ["Cargo Control Airlock"]


def test_variants_and_custom_setup_are_spelt_out() -> None:
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"], "difficulty": "Custom",
                                       "variants": ["Revelation"]}), seed="v")
    assert "'Set a value by hand'" in cycle.checklist(s.state)[0][0]
    assert any(line.startswith("Revelation:") for line in panels(s.state)[3].lines)
