"""Pure in-game helpers: score track laps, game end and final round, setup, diplomacy, income."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.games.space_station_phoenix.diplomacy import (
    diplomacy_awards,
    sector_226_points,
    track_for_ship,
)
from trackers.games.space_station_phoenix.game_end import GameEnd, end_of_turn, end_triggers
from trackers.games.space_station_phoenix.income import income_check
from trackers.games.space_station_phoenix.score_track import lap_note, track_position
from trackers.games.space_station_phoenix.setup_counts import setup_for

# --- score track (spec §3.6, §10.13) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "space", "token", "tile"),
    [
        (0, 0, None, None),
        (49, 49, None, None),
        (50, 0, 50, "50/100"),
        (142, 42, 100, "50/100"),
        (159, 9, 150, "150/200"),
        (241, 41, 200, "150/200"),
    ],
)
def test_lap_token_and_space_with_a_50_space_track(
    total: int, space: int, token: int | None, tile: str | None
) -> None:
    position = track_position(total, 50)
    assert (position.space, position.lap_token, position.token_tile) == (space, token, tile)


def test_rulebook_example_markers_read_100_42_100_41_150_9() -> None:
    # spec §8.2: under the lap-size inference the markers read 100+42, 100+41, 150+9.
    readings = [(p.lap_token, p.space) for p in (track_position(t, 50) for t in (142, 141, 159))]
    assert readings == [(100, 42), (100, 41), (150, 9)]


def test_past_the_last_token_is_said_plainly() -> None:
    position = track_position(260, 50)
    assert (position.space, position.laps, position.lap_token) == (10, 5, None)
    assert "no printed lap token" in position.note


def test_negative_score_is_reported_not_drawn() -> None:
    position = track_position(-3, 50)
    assert position.space is None
    assert "the rulebook does not say" in position.note


@pytest.mark.parametrize("lap_size", [0, -50, True, 50.0])
def test_lap_size_must_be_set(lap_size: object) -> None:
    with pytest.raises(ValueError, match="lap_size"):
        track_position(10, lap_size)  # type: ignore[arg-type]


def test_lap_note_when_crossing_a_lap() -> None:
    assert lap_note(45, 52, 50) == "laps the board: show the 50 lap token (50/100 tile)"
    assert lap_note(40, 45, 50) is None
    assert lap_note(52, 48, 50) == "back below one lap: put the lap token away"


@given(st.integers(0, 249), st.integers(1, 80))
def test_track_reading_gives_back_the_total(total: int, lap_size: int) -> None:
    position = track_position(total, lap_size)
    assert position.space is not None
    assert position.laps * lap_size + position.space == total
    assert 0 <= position.space < lap_size


# --- game end (spec §6, §9.5) ------------------------------------------------------------------

SEATS = ("P1", "P2", "P3", "P4")
QUIET = {"score": 10, "sectors_built": 3, "aliens_in_supply": 20}


def test_e1_trigger_at_40_then_everyone_else_plays_once() -> None:
    state = GameEnd(SEATS)
    state = end_of_turn(state, "P1", **QUIET)
    state = end_of_turn(state, "P2", score=40, sectors_built=3, aliens_in_supply=20)
    assert state.trigger == "P2"
    assert state.still_to_play == ("P3", "P4", "P1")
    for seat in ("P3", "P4", "P1"):
        assert not state.over
        state = end_of_turn(state, seat, **QUIET)
    assert state.over
    assert "final scoring" in state.summary()
    with pytest.raises(ValueError, match="over"):
        end_of_turn(state, "P2", **QUIET)


def test_e2_reaching_40_on_someone_elses_turn_does_not_trigger() -> None:
    state = GameEnd(SEATS)
    # P3 is at 41 after a Diplomacy bonus, but only P2's own numbers are checked now.
    state = end_of_turn(state, "P2", score=30, sectors_built=5, aliens_in_supply=20)
    assert not state.triggered
    state = end_of_turn(state, "P3", score=41, sectors_built=4, aliens_in_supply=20)
    assert state.trigger == "P3"


def test_e3_spending_back_below_40_does_not_trigger() -> None:
    assert end_triggers(score=39, sectors_built=4, aliens_in_supply=20) == ()


def test_e4_alien_supply_is_credited_to_the_active_player() -> None:
    state = end_of_turn(GameEnd(SEATS), "P1", score=12, sectors_built=2,
                        aliens_in_supply=4)
    assert state.trigger == "P1"
    assert state.still_to_play == ("P2", "P3", "P4")
    assert "4 Aliens" in state.reasons[0]


def test_e5_nine_sectors_in_a_two_player_game() -> None:
    state = end_of_turn(GameEnd(("P1", "P2")), "P1", score=20, sectors_built=9,
                        aliens_in_supply=30)
    assert state.still_to_play == ("P2",)
    assert end_of_turn(state, "P2", **QUIET).over


def test_e6_last_seat_triggers() -> None:
    state = end_of_turn(GameEnd(SEATS), "P4", score=44, sectors_built=3,
                        aliens_in_supply=20)
    assert state.still_to_play == ("P1", "P2", "P3")


def test_e7_five_aliens_is_not_enough() -> None:
    assert end_triggers(score=0, sectors_built=0, aliens_in_supply=5) == ()


def test_final_round_refuses_a_turn_out_of_order() -> None:
    state = end_of_turn(GameEnd(SEATS), "P1", score=40, sectors_built=1,
                        aliens_in_supply=20)
    with pytest.raises(ValueError, match="out of turn"):
        end_of_turn(state, "P3", **QUIET)


def test_trigger_player_takes_no_final_turn() -> None:
    state = end_of_turn(GameEnd(SEATS), "P2", score=40, sectors_built=1,
                        aliens_in_supply=20)
    assert "P2" not in state.still_to_play
    # A turn by the trigger player (an extra turn, spec §10.18) changes nothing.
    assert end_of_turn(state, "P2", **QUIET) == state


# --- setup (spec §2.1, §2.2) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "humans", "aliens", "left", "display", "friendly", "draft", "gems"),
    [
        (2, 16, 50, 50, 18, 27, 5, (0, 1)),
        (3, 20, 70, 30, 27, 36, 7, (0, 1, 2)),
        (4, 24, 90, 10, 36, 45, 9, (0, 1, 2, 3)),
    ],
)
def test_setup_by_player_count(
    players: int, humans: int, aliens: int, left: int, display: int, friendly: int, draft: int,
    gems: tuple[int, ...],
) -> None:
    setup = setup_for(players)
    assert setup.humans_on_terra == humans
    assert (setup.aliens_drawn, setup.aliens_left_in_bag) == (aliens, left)
    assert (setup.sectors_per_stack, setup.sectors_on_display) == (players, display)
    assert setup.friendly_sectors_on_display == friendly
    assert (setup.level3_draft_ships, setup.level2_draft_ships) == (draft, draft)
    assert setup.hubs_dealt == 2 * players
    assert setup.compensation_gems == gems


def test_three_player_draft_order() -> None:
    setup = setup_for(3)
    assert setup.level3_draft_order == (1, 2, 3, 3, 2, 1)
    assert setup.level2_draft_order == (3, 2, 1, 1, 2, 3)


@pytest.mark.parametrize("players", [1, 5, True])
def test_setup_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(ValueError, match="2, 3 or 4"):
        setup_for(players)


# --- diplomacy (spec §4, §9.4) -----------------------------------------------------------------


def _awards(**levels: int) -> dict[str, tuple[int, tuple[int, ...]]]:
    return {a.player: (a.picks, a.options) for a in diplomacy_awards(levels)}


def test_d1_sole_leader() -> None:
    assert _awards(Red=2, Green=1, Blue=0, Yellow=0) == {
        "Red": (1, (0, 1, 2)), "Green": (1, (0,)), "Blue": (0, ()), "Yellow": (0, ()),
    }


def test_d2_tied_leaders_look_below() -> None:
    awards = diplomacy_awards({"Red": 2, "Blue": 2, "Green": 1, "Yellow": 0})
    red = awards[0]
    assert red.standing == "tied for the lead"
    assert red.option_labels == ("1 GEM", "2 GEMs")
    assert (awards[2].picks, awards[2].option_labels) == (1, ("1 GEM",))
    assert awards[3].picks == 0


@pytest.mark.parametrize(
    ("levels", "expected"),
    [
        ({"P1": 1, "P2": 0}, {"P1": (1, (0, 1)), "P2": (0, ())}),  # D3
        ({"P1": 1, "P2": 1}, {"P1": (1, (0,)), "P2": (1, (0,))}),  # D4
        ({"P1": 3, "P2": 2}, {"P1": (1, (0, 1, 2, 3)), "P2": (1, (0, 1))}),  # D5
        ({"P1": 4, "P2": 3}, {"P1": (2, (0, 1, 2, 3)), "P2": (1, (0, 1, 2))}),  # D6
        ({"P1": 4, "P2": 4}, {"P1": (1, (0, 1, 2, 3)), "P2": (1, (0, 1, 2, 3))}),  # D7
        ({"P1": 5, "P2": 5}, {"P1": (2, (0, 1, 2, 3)), "P2": (2, (0, 1, 2, 3))}),  # D8
        (
            {"P1": 5, "P2": 4, "P3": 3},
            {"P1": (2, (0, 1, 2, 3)), "P2": (1, (0, 1, 2, 3)), "P3": (1, (0, 1, 2))},
        ),  # D9
        ({"P1": 0, "P2": 0}, {"P1": (0, ()), "P2": (0, ())}),  # D10
    ],
)
def test_d3_to_d10(
    levels: dict[str, int], expected: dict[str, tuple[int, tuple[int, ...]]]
) -> None:
    assert _awards(**levels) == expected


def test_d6_explains_the_pair() -> None:
    sole = diplomacy_awards({"P1": 4, "P2": 3})[0]
    assert sole.why == "L4, sole leader: two different of 1 GEM, 2 GEMs, 1 point, 1 resource"


@pytest.mark.parametrize("ship", ["Diplomacy", "Farm", "Ice Collector"])
def test_d11_ships_that_trigger_no_track(ship: str) -> None:
    assert track_for_ship(ship) is None


@pytest.mark.parametrize(
    ("ship", "track"),
    [("Dismantle", "dismantle"), ("Construction", "construct"), ("Transport", "transport"),
     ("Terran Expedition", "expedition"), ("expedition", "expedition")],
)
def test_ships_that_trigger_a_track(ship: str, track: str) -> None:
    assert track_for_ship(ship) == track


def test_unknown_ship_or_level_is_refused() -> None:
    with pytest.raises(ValueError, match="ship type"):
        track_for_ship("Mining")
    with pytest.raises(ValueError, match="0 to 5"):
        diplomacy_awards({"P1": 6})


# --- income (spec §5.1, §9.6) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "gems", "used", "legal", "eligible", "compulsory"),
    [
        ("I1", 7, 0, True, True, False),
        ("I2", 8, 0, True, False, False),
        ("I3", 30, 1, True, True, False),
        ("I4", 12, 0, True, False, False),  # holds no ships: none of theirs can be used
        ("I5", 12, 0, False, True, True),
        ("I6", 5, 0, True, True, False),  # took Income last turn; still 7 or fewer
    ],
)
def test_income_eligibility(
    case: str, gems: int, used: int, legal: bool, eligible: bool, compulsory: bool
) -> None:
    check = income_check(gems=gems, own_ships_used=used, has_legal_ship_action=legal)
    assert (check.eligible, check.compulsory) == (eligible, compulsory), case


def test_income_summary_says_why() -> None:
    assert income_check(gems=30, own_ships_used=2, has_legal_ship_action=True).summary() == (
        "may take Income: 2 of their own ships used"
    )
    assert income_check(gems=12, own_ships_used=0, has_legal_ship_action=False).summary() == (
        "must take Income: no legal ship action"
    )


# --- Sector 226 (spec §9.8 F8, §10.17) ---------------------------------------------------------


def test_f8_sector_226() -> None:
    assert sector_226_points((5, 4, 3, 1)) == 2
    assert sector_226_points((3, 0, 0, 0)) == 0
    assert sector_226_points((2, 2, 1, 0)) is None  # -1 is not confirmed: the table rules
