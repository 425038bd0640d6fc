"""Countdown (several markers, the highest drives) and Counter (limit, past-limit note, floor)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.pieces import Countdown, Counter, PieceError, piece_from_dict


def protocols() -> Countdown:
    return Countdown("Emergency Protocols", {"Meltdown": 5, "Quarantine": 3, "Lockdown": 8},
                     top=10)


# --- Countdown ---------------------------------------------------------------------------
def test_the_highest_marker_drives_the_timeline() -> None:
    cd = protocols()
    assert cd.driver() == "Lockdown"
    assert cd.driving_value() == 8
    assert "driving: Lockdown" in cd.summary()


def test_a_tie_picks_the_same_marker_every_time() -> None:
    cd = Countdown("C", {"b": 4, "a": 4})
    assert cd.driver() == "a"


def test_tick_moves_every_marker_down_together() -> None:
    cd = protocols()
    assert cd.tick() == []
    assert cd.markers == {"Meltdown": 4, "Quarantine": 2, "Lockdown": 7}


def test_tick_reports_markers_reaching_zero_once() -> None:
    cd = protocols()
    assert cd.tick(3) == ["Quarantine"]
    assert cd.markers["Quarantine"] == 0
    assert cd.tick() == []  # already gone off: not reported again
    assert "Quarantine 0 (gone off)" in cd.summary()


def test_a_big_tick_stops_at_zero_and_reports_in_name_order() -> None:
    cd = protocols()
    assert cd.tick(6) == ["Meltdown", "Quarantine"]
    assert cd.markers["Meltdown"] == 0
    assert cd.driver() == "Lockdown"


def test_driver_skips_markers_that_went_off() -> None:
    cd = Countdown("C", {"a": 1, "b": 1})
    cd.tick()
    assert cd.driver() is None
    assert cd.driving_value() is None
    assert "driving: none" in cd.summary()


def test_negative_tick_is_refused() -> None:
    cd = protocols()
    with pytest.raises(PieceError, match="0 or more"):
        cd.tick(-1)
    assert cd.markers["Meltdown"] == 5


def test_delay_pushes_one_marker_back_and_can_change_the_driver() -> None:
    cd = protocols()
    cd.delay("Meltdown", 4)
    assert cd.markers["Meltdown"] == 9
    assert cd.driver() == "Meltdown"


def test_delay_past_the_top_is_refused_and_changes_nothing() -> None:
    cd = protocols()
    with pytest.raises(PieceError, match="outside 0 to 10"):
        cd.delay("Lockdown", 3)
    assert cd.markers["Lockdown"] == 8


def test_delay_of_a_marker_that_went_off_is_refused() -> None:
    cd = protocols()
    cd.tick(3)
    with pytest.raises(PieceError, match="already gone off"):
        cd.delay("Quarantine")


def test_unknown_marker_is_named_with_the_allowed_ones() -> None:
    with pytest.raises(PieceError, match="Lockdown, Meltdown, Quarantine"):
        protocols().delay("Nope")


def test_add_and_remove_markers() -> None:
    cd = protocols()
    cd.add_marker("Purge", 10)
    assert cd.driver() == "Purge"
    with pytest.raises(PieceError, match="already"):
        cd.add_marker("Purge", 2)
    with pytest.raises(PieceError, match="outside"):
        cd.add_marker("Big", 11)
    cd.remove_marker("Purge")
    assert "Purge" not in cd.markers
    assert cd.driver() == "Lockdown"


def test_removing_a_marker_that_went_off_forgets_it() -> None:
    cd = protocols()
    cd.tick(3)
    cd.remove_marker("Quarantine")
    assert cd.gone_off == []
    cd.add_marker("Quarantine", 1)
    assert cd.tick(1) == ["Quarantine"]


def test_unset_top_allows_any_delay() -> None:
    cd = Countdown("C", {"a": 1})
    cd.delay("a", 50)
    assert cd.markers["a"] == 51


def test_set_by_hand_to_zero_goes_off_and_back_up_comes_back() -> None:
    cd = protocols()
    assert cd.set_field("Meltdown", 0) == ["Emergency Protocols: Meltdown is at 0"]
    assert "Meltdown" in cd.gone_off
    cd.set_field("Meltdown", 2)
    assert "Meltdown" not in cd.gone_off
    assert cd.tick(2) == ["Meltdown"]
    with pytest.raises(PieceError, match="outside 0 to 10"):
        cd.set_field("Lockdown", 11)


def test_no_markers_summary() -> None:
    assert Countdown("C").summary() == "C: no markers"


def test_countdown_round_trip() -> None:
    cd = protocols()
    cd.tick(3)
    assert piece_from_dict(cd.to_dict()) == cd


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(1, 12), min_size=1),
       st.lists(st.integers(0, 4), max_size=10))
def test_every_marker_goes_off_exactly_once(markers: dict[str, int], ticks: list[int]) -> None:
    cd = Countdown("C", dict(markers), top=12)
    reported: list[str] = []
    for amount in ticks:
        reported += cd.tick(amount)
    assert len(reported) == len(set(reported))
    assert sorted(reported) == sorted(k for k, v in cd.markers.items() if v == 0)
    live = {k: v for k, v in cd.markers.items() if v > 0}
    assert cd.driving_value() == (max(live.values()) if live else None)


# --- Counter -------------------------------------------------------------------------------
def fires() -> Counter:
    return Counter("Fires", 0, limit=12, past_limit="the station explodes")


def test_counter_adds_and_takes_away() -> None:
    c = fires()
    assert c.add(3) == []
    assert c.add(-1) == []
    assert c.value == 2
    assert c.summary() == "Fires: 2/12"


def test_reaching_the_limit_exactly_says_nothing() -> None:
    c = fires()
    assert c.add(12) == []
    assert c.value == 12


def test_past_the_limit_stays_at_the_limit_and_says_what_happens() -> None:
    c = fires()
    c.add(12)
    notes = c.add(1)
    assert c.value == 12
    assert notes == ["Fires would pass its limit of 12 by 1: the station explodes"]
    assert "by 3" in c.add(3)[0]  # every further attempt says it again


def test_past_the_limit_without_a_note_still_says_the_limit_is_reached() -> None:
    c = Counter("Tokens", 4, limit=5)
    assert c.add(2) == ["Tokens would pass its limit of 5 by 1: the limit is reached"]


def test_below_the_floor_is_refused_and_changes_nothing() -> None:
    c = Counter("Wounds", 1, limit=None, floor=0)
    with pytest.raises(PieceError, match="below 0"):
        c.add(-2)
    assert c.value == 1


def test_a_raised_floor_holds() -> None:
    c = Counter("Hull", 5, floor=2)
    c.add(-3)
    assert c.value == 2
    with pytest.raises(PieceError, match="below 2"):
        c.add(-1)


def test_unset_limit_means_no_cap_and_no_slash_in_the_summary() -> None:
    c = Counter("Noise", 0)
    c.add(1000)
    assert c.summary() == "Noise: 1000"


def test_counter_set_by_hand_respects_floor_and_limit() -> None:
    c = fires()
    with pytest.raises(PieceError, match="0 to 12"):
        c.set_field("value", 13)
    with pytest.raises(PieceError, match="0 to 12"):
        c.set_field("value", -1)
    c.set_field("value", 7)
    assert c.get_field("value") == 7


def test_counter_round_trip() -> None:
    c = fires()
    c.add(5)
    assert piece_from_dict(c.to_dict()) == c


@given(st.integers(0, 20), st.lists(st.integers(-6, 6), max_size=20))
def test_counter_stays_between_floor_and_limit(limit: int, changes: list[int]) -> None:
    c = Counter("C", 0, limit=limit)
    for change in changes:
        before = c.value
        try:
            notes = c.add(change)
        except PieceError:
            assert c.value == before
            assert before + change < 0
            continue
        assert 0 <= c.value <= limit
        assert bool(notes) == (before + change > limit)


def test_an_unknown_piece_kind_is_refused_by_name() -> None:
    with pytest.raises(PieceError, match="'warp_drive'"):
        piece_from_dict({"kind": "warp_drive", "label": "x"})
