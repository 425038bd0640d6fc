"""Properties that hold for any play (hypothesis): the bag's tokens, the Alert slot, wounds,
undo."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.nemesis.helpers import finish_setup
from trackers.engine import ActionError, Session, SessionSetup, State
from trackers.games.nemesis_lockdown import bag, crew, intruders, rounds
from trackers.games.nemesis_lockdown.bag import TOKEN_FATES
from trackers.games.nemesis_lockdown.game import GAME
from trackers.games.nemesis_lockdown.setup import setup
from trackers.games.nemesis_lockdown.time_track import start_alert
from trackers.pieces import Bag, Counter, Track

BAG_STEP = [k for k, _, _ in rounds.ROUND_STEPS].index("bag")
TURNS = [k for k, _, _ in rounds.ROUND_STEPS].index("turns")
DEFAULTS = dict(GAME.board_defaults)


def state_at(step: int, players: int = 3, **options: object) -> State:
    state = setup(SessionSetup(players, options=dict(options),
                               names=tuple(f"P{i}" for i in range(players)),
                               board=dict(DEFAULTS), mode="solo" if players == 1 else ""),
                  Random(0))
    state.facts.update(phase="round", step=step, round=1)
    return state


MOVES = st.lists(st.tuples(st.sampled_from(("develop", "encounter", "injure", "kill",
                                            "corridor", "infest")),
                           st.integers(0, 10_000)), max_size=40)


@given(st.integers(1, 4), st.sampled_from(TOKEN_FATES), MOVES)
def test_bag_tokens_are_never_negative_and_always_accounted_for(
        players: int, fate: str, moves: list[tuple[str, int]]) -> None:
    """§6.2: bag + board + removed = the starting bag + tokens taken from the spares."""
    state = state_at(BAG_STEP, players, token_fate=fate)
    start = state.piece("intruder_bag", Bag).size
    for move, seed in moves:
        rng = Random(seed)
        board = intruders.on_board(state)
        try:
            if move == "develop":
                bag.develop(state, rng, None, seed % 2 == 0, [], intruders.place)
            elif move == "encounter":
                intruders.encounter(state, rng, None, "Nest", None, None)
            elif board and move == "injure":
                target = board[seed % len(board)]
                intruders.injure(state, str(target["id"]), 1, seed % 4, False)
            elif board and move == "kill":
                intruders.die(state, str(board[seed % len(board)]["id"]), "a test")
            elif board and move == "corridor":
                intruders.technical_corridor(state, str(board[seed % len(board)]["id"]))
            elif move == "infest":
                larvae = [i for i in board if i["kind"] == "Larva"]
                if larvae:
                    intruders.infest(state, str(larvae[0]["id"]))
        except ActionError as err:
            assert "bag is empty" in str(err)
        contents = state.piece("intruder_bag", Bag).contents
        assert all(n >= 0 for n in contents.values())
        assert bag.total_accounted(state) == start
        assert contents["Queen"] + sum(
            1 for i in intruders.on_board(state) if i["kind"] == "Queen" and i["token"]) \
            + state.facts["removed"].get("Queen", 0) == 1


@given(st.integers(2, 15))
def test_the_alert_token_goes_on_half_the_time_number(start: int) -> None:
    """Spec §5.7 table (with the track 15..1 then S)."""
    state = state_at(TURNS)
    state.piece("time", Track).position = start
    start_alert(state)
    assert state.facts["alert"] == start // 2


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
    s = Session(GAME, SessionSetup(2, board=DEFAULTS), seed="prop")
    start = s.state.to_dict()
    finish_setup(s)
    for k in range(rounds_played):
        while rounds.current(s.state) != "time":
            if rounds.current(s.state) == "css" and s.state.facts["css"][:1] == [15 - k]:
                s.do("launch_css", face="no Pod")
            else:
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
