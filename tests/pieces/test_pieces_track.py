"""Track: bounds, direction, milestones on reach OR pass, re-arming, hand corrections."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.pieces import Milestone, PieceError, Track, piece_from_dict


def self_destruct() -> Track:
    """A count-down track like Lifeform's Self-Destruct: advancing goes 25 -> 0."""
    return Track(
        "Self-Destruct", 25, advance=-1, lowest=0, highest=30,
        milestones=[Milestone(20, "20", "Twenty: open the hatch"),
                    Milestone(19, "19", "Nineteen: vent"),
                    Milestone(10, "10", "Ten: lock the doors"),
                    Milestone(0, "0", "Boom")],
    )


def hostility() -> Track:
    """A count-up track with a repeating milestone on its last space."""
    return Track("Hostility", 0, advance=1, lowest=0, highest=6,
                 milestones=[Milestone(3, "3", "Three: an attack"),
                             Milestone(6, "top", "Top: a Cocoon hatches", repeat=True)])


# --- direction and bounds -------------------------------------------------------------
def test_advancing_a_count_down_track_lowers_the_number() -> None:
    track = self_destruct()
    move = track.move(2)
    assert (move.old, move.new, track.position) == (25, 23, 23)


def test_advancing_a_count_up_track_raises_the_number() -> None:
    track = hostility()
    track.move(2)
    assert track.position == 2


def test_negative_steps_go_back_against_the_direction() -> None:
    track = self_destruct()
    track.move(-3)
    assert track.position == 28


def test_advance_must_be_plus_or_minus_one() -> None:
    with pytest.raises(PieceError, match="advance"):
        Track("Bad", 0, advance=2)


def test_repeated_milestone_keys_are_refused() -> None:
    with pytest.raises(PieceError, match="repeat"):
        Track("Bad", 0, milestones=[Milestone(1, "a", "x"), Milestone(2, "a", "y")])


def test_clamped_at_the_far_end_and_says_how_many_steps_were_lost() -> None:
    track = self_destruct()
    move = track.move(40)
    assert track.position == 0
    assert move.blocked == 15
    assert any("at its end (0)" in n and "15 more step" in n for n in move.notes())


def test_clamped_at_the_near_end() -> None:
    track = self_destruct()
    move = track.move(-10)
    assert track.position == 30
    assert move.blocked == 5


def test_a_move_that_fits_reports_no_blocked_steps() -> None:
    track = hostility()
    move = track.move(6)
    assert move.blocked == 0
    assert not any("at its end" in n for n in move.notes())


def test_unset_ends_let_the_marker_move_and_the_summary_says_so() -> None:
    track = Track("Cocoon", 2, advance=1, lowest=0, highest=None)
    track.move(50)
    assert track.position == 52
    assert "unset" in track.summary()
    track.move(-60)
    assert track.position == 0  # the known end still holds


def test_summary_with_both_ends_set_does_not_claim_an_unset_end() -> None:
    assert "unset" not in self_destruct().summary()


def test_summary_names_the_next_milestone() -> None:
    track = self_destruct()
    assert "next: 20" in track.summary()
    track.move(5)
    assert "next: 19" in track.summary()


# --- milestones --------------------------------------------------------------------------
def test_milestone_fires_on_reaching_it() -> None:
    track = self_destruct()
    move = track.move(5)
    assert [m.key for m in move.fired] == ["20"]
    assert move.notes()[0] == "Twenty: open the hatch"


def test_milestones_fire_when_passed_by_a_jump_in_the_order_met() -> None:
    track = self_destruct()
    move = track.move(7)  # 25 -> 18 passes 20 and 19
    assert [m.key for m in move.fired] == ["20", "19"]
    assert move.notes()[:2] == ["Twenty: open the hatch", "Nineteen: vent"]


def test_milestones_listed_out_of_order_still_fire_in_the_order_met() -> None:
    track = Track("T", 0, lowest=0, highest=10,
                  milestones=[Milestone(8, "8", "eight"), Milestone(2, "2", "two"),
                              Milestone(5, "5", "five")])
    assert [m.key for m in track.move(10).fired] == ["2", "5", "8"]


def test_a_milestone_fires_once_only() -> None:
    track = self_destruct()
    track.move(5)
    track.move(-2)  # back before 20 (a real move, not a correction)
    again = track.move(2)
    assert again.fired == ()
    assert track.fired.count("20") == 1


def test_a_milestone_on_the_last_space_fires_when_the_move_is_clamped() -> None:
    track = self_destruct()
    move = track.move(99)
    assert [m.key for m in move.fired] == ["20", "19", "10", "0"]


def test_going_back_does_not_fire_anything() -> None:
    track = self_destruct()
    track.move(-5)
    assert track.fired == []


def test_repeat_milestone_re_fires_after_going_back_before_it() -> None:
    track = hostility()
    assert [m.key for m in track.move(6).fired] == ["3", "top"]
    assert track.move(1).fired == ()  # clamped on the top space: does not fire again
    track.move(-1)
    assert [m.key for m in track.move(1).fired] == ["top"]  # the once-milestone 3 does not


def test_repeat_milestone_stays_fired_while_the_marker_stays_on_it() -> None:
    track = hostility()
    track.move(6)
    track.move(0)
    assert track.is_fired("top")


def test_hand_correction_back_un_fires_and_says_so() -> None:
    track = self_destruct()
    track.move(7)  # fires 20 and 19
    move = track.set_position(21)
    assert {m.key for m in move.unfired} == {"20", "19"}
    assert track.fired == []
    assert any("20 is no longer reached" in n for n in move.notes())
    # after the correction the milestone fires again when really reached
    assert [m.key for m in track.move(1).fired] == ["20"]


def test_hand_correction_back_only_un_fires_what_it_passes() -> None:
    track = self_destruct()
    track.move(7)  # at 18, 20 and 19 fired
    move = track.set_position(19)
    assert move.unfired == ()
    assert track.fired == ["20", "19"]


def test_hand_correction_forward_fires_the_milestones_passed() -> None:
    track = self_destruct()
    move = track.set_position(19)
    assert [m.key for m in move.fired] == ["20", "19"]


def test_set_field_checks_the_printed_range() -> None:
    track = self_destruct()
    with pytest.raises(PieceError, match="0 to 30"):
        track.set_field("position", 31)
    assert track.position == 25
    assert track.set_field("position", 20) == ["Twenty: open the hatch"]


def test_set_field_refuses_an_unknown_value_name() -> None:
    with pytest.raises(PieceError, match="position"):
        self_destruct().set_field("speed", 1)


def test_space_names_show_in_the_summary() -> None:
    track = Track("Android", 0, lowest=0, highest=2, space_names={0: "Fine", 1: "Damaged"})
    assert track.summary().startswith("Android: Fine")
    track.move(2)
    assert track.summary().startswith("Android: 2")


def test_round_trip_keeps_everything() -> None:
    track = hostility()
    track.space_names = {0: "calm"}
    track.move(6)
    again = piece_from_dict(track.to_dict())
    assert again == track


# --- property: a jump does exactly what single steps would do -------------------------------
def _stepwise(track: Track, steps: int, correcting: bool) -> tuple[int, list[str], list[str]]:
    """Reference model: walk one space at a time. Returns (position, fired, unfired)."""
    pos = track.position
    fired: list[str] = list(track.fired)
    new_fired: list[str] = []
    unfired: list[str] = []
    direction = (1 if steps > 0 else -1) * track.advance
    for _ in range(abs(steps)):
        nxt = pos + direction
        if (track.lowest is not None and nxt < track.lowest) or (
            track.highest is not None and nxt > track.highest
        ):
            break
        forward = (nxt - pos) * track.advance > 0
        if forward:
            pos = nxt
            for m in track.milestones:
                if m.at == pos and m.key not in fired:
                    fired.append(m.key)
                    new_fired.append(m.key)
        else:
            for m in track.milestones:
                if m.at == pos and m.key in fired and (m.repeat or correcting):
                    fired.remove(m.key)
                    if correcting:
                        unfired.append(m.key)
            pos = nxt
    return pos, new_fired, unfired


track_specs = st.builds(
    lambda advance, low, span, marks, start, reps: (advance, low, low + span, marks, start, reps),
    st.sampled_from([1, -1]),
    st.integers(-5, 5),
    st.integers(1, 15),
    st.lists(st.integers(0, 15), max_size=6, unique=True),
    st.integers(0, 15),
    st.lists(st.booleans(), min_size=6, max_size=6),
)


Spec = tuple[int, int, int, list[int], int, list[bool]]


def _build(spec: Spec) -> Track:
    advance, low, high, marks, start, reps = spec
    milestones = [Milestone(low + (m % (high - low + 1)), f"m{i}", f"note {i}", repeat=reps[i])
                  for i, m in enumerate(marks)]
    return Track("T", low + start % (high - low + 1), advance=advance, lowest=low, highest=high,
                 milestones=milestones)


@given(track_specs, st.lists(st.tuples(st.integers(-20, 20), st.booleans()), max_size=12))
def test_jumps_match_single_steps(spec: Spec, moves: list[tuple[int, bool]]) -> None:
    track = _build(spec)
    for steps, correcting in moves:
        pos, fired, unfired = _stepwise(track, steps, correcting)
        if correcting:
            move = track.set_position(track.position + steps * track.advance)
        else:
            move = track.move(steps)
        assert track.position == pos
        assert [m.key for m in move.fired] == fired  # in order, once each
        assert sorted(m.key for m in move.unfired) == sorted(unfired)
        assert track.lowest is not None and track.highest is not None
        assert track.lowest <= track.position <= track.highest
        assert len(track.fired) == len(set(track.fired))
        # once-milestones that fired stay fired on a real move back
        if not correcting:
            assert all(k in track.fired for k in (m.key for m in move.fired))


@given(track_specs, st.lists(st.integers(-20, 20), max_size=12))
def test_a_once_milestone_is_fired_exactly_when_the_marker_has_reached_it(
    spec: Spec, moves: list[int]
) -> None:
    track = _build(spec)
    lowest_so_far = track.progress(track.position)
    reached: set[str] = set()
    for steps in moves:
        track.move(steps)
        now = track.progress(track.position)
        # the path is continuous, so it crossed every space between its lowest point and now
        reached |= {m.key for m in track.milestones
                    if lowest_so_far < track.progress(m.at) <= now}
        lowest_so_far = min(lowest_so_far, now)
    for m in track.milestones:
        if not m.repeat:
            assert (m.key in track.fired) == (m.key in reached)
