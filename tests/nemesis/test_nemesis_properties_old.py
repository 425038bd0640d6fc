"""Properties that hold for any play (hypothesis): bag sizes, the Alert slot, wounds, undo."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from trackers.engine import Session, SessionSetup, State
from trackers.games.nemesis_lockdown import crew, intruders, rounds
from trackers.games.nemesis_lockdown.game import GAME
from trackers.games.nemesis_lockdown.setup_rules import setup
from trackers.games.nemesis_lockdown.time_track import start_alert
from trackers.pieces import Bag, Counter, Track

BAG_STEP = [k for k, _ in rounds.ROUND_STEPS].index("bag")
TURNS = [k for k, _ in rounds.ROUND_STEPS].index("turns")
TIME = [k for k, _ in rounds.ROUND_STEPS].index("time")


def state_at(step: int, players: int = 3, **board: object) -> State:
    state = setup(SessionSetup(players, names=tuple(f"P{i}" for i in range(players)),
                               board=dict(board)), Random(0))
    state.facts.update(phase="round", step=step, round=1)
    return state


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.lists(st.integers(0, 10_000), min_size=1, max_size=25))
def test_development_changes_the_bag_size_only_on_a_blank(players: int, seeds: list[int]) -> None:
    """Spec §6.2: net size +1 for a Blank, 0 for everything else."""
    state = state_at(BAG_STEP, players)
    bag = state.piece("intruder_bag", Bag)
    for seed in seeds:
        state.facts["step"] = BAG_STEP
        before = bag.size
        first = intruders.develop(state, Random(seed), None, False)[0]
        kind = str(first).removeprefix("Bag development: ").removesuffix(" drawn")
        assert kind in intruders.KINDS
        assert bag.size == before + (1 if kind == "Blank" else 0)
        assert bag.contents["Blank"] == 1 and bag.contents["Queen"] == 1
        assert all(n >= 0 for n in bag.contents.values())


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 15))
def test_the_alert_token_goes_on_half_the_time_number(start: int) -> None:
    """Spec §5.7 table (with the track 15..1 then S)."""
    state = state_at(TURNS, time_last_number=1)
    state.piece("time", Track).position = start
    start_alert(state)
    assert state.facts["alert"] == start // 2


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(crew.WOUND_KINDS), max_size=14))
def test_wound_counts_stay_in_range_and_death_follows_the_third_serious(kinds: list[str]) -> None:
    """Spec §8.1: Light 0-2, Serious 0-3; any Wound at 3 Serious kills."""
    state = state_at(TURNS, players=1)
    light, serious = state.piece("p1_light", Counter), state.piece("p1_serious", Counter)
    for kind in kinds:
        if crew.status(state, "P0") == crew.DEAD:
            break
        was_at_limit = serious.value == crew.SERIOUS_LIMIT
        crew.wound(state, "P0", kind)
        assert 0 <= light.value <= 2 and 0 <= serious.value <= 3
        assert (crew.status(state, "P0") == crew.DEAD) == was_at_limit


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 6))
def test_each_round_moves_the_time_token_one_slot_and_undo_restores_all(rounds_played: int
                                                                        ) -> None:
    s = Session(GAME, SessionSetup(2, board={"time_last_number": 1}), seed="prop")
    start = s.state.to_dict()
    while s.state.facts["phase"] == "setup":
        s.do("next_step")
    for k in range(rounds_played):
        while rounds.current(s.state) != "time":
            s.do("next_step")
        s.do("advance_time")
        assert s.state.piece("time", Track).position == 15 - (k + 1)
        while rounds.current(s.state) != "bag":
            s.do("next_step")
        s.do("develop_bag")
        s.do("next_step")
    assert s.state.facts["round"] == rounds_played + 1
    s.undo(len(s.events))
    assert s.state.to_dict() == start
    assert TIME > TURNS
