"""Endings A, B, C at launch, the Stowaway reveal with the +/- token, and C9 (spec §9, §12.6)."""

from __future__ import annotations

import pytest

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.endings import (
    Ending,
    EndingReading,
    LaunchMoment,
    Outcome,
    StowawayCard,
    check_stowaway,
    decide_ending,
)

# Made-up board values for tests only (the 6 in range matches the rulebook's Showdown example).
PROFILE = Board.from_values({
    "stowaway.second_card_minutes": [3, 6], "stowaway.third_card_minutes": [7, 12],
    "cocoon_3p4p.max_hand": [6, 7, 7, 8, 8], "cocoon_3p4p.evolution": [1, 1, 2, 2, 3],
})


def only(moment: LaunchMoment, profile: Board = PROFILE) -> EndingReading:
    decision = decide_ending(moment, profile)
    assert decision.decided is not None, decision
    return decision.decided


def test_t25_launch_before_nine_everyone_aboard_is_ending_a() -> None:
    reading = only(LaunchMoment(3, self_destruct=12, characters_aboard=4,
                                characters_on_valley_forge=0))
    assert reading.ending is Ending.A
    assert reading.outcome is Outcome.CREW_WINS
    assert reading.stowaway is None
    assert "no Stowaway check" in reading.steps[0]


def test_t26_launch_at_seven_with_one_left_behind_is_ending_c() -> None:
    reading = only(LaunchMoment(3, self_destruct=7, characters_aboard=2,
                                characters_on_valley_forge=1, cocoon_space=5))
    assert reading.ending is Ending.C
    assert reading.outcome is Outcome.SHOWDOWN
    text = " | ".join(reading.steps)
    assert "removes its Stowaway card" in text
    assert "discard up to 3 Lifeform cards" in text  # Evolution on the final space
    assert "draws back up to its max hand size: 8" in text


def test_ending_c_without_profile_says_what_to_set() -> None:
    reading = only(LaunchMoment(2, self_destruct=7, characters_aboard=1,
                                characters_on_valley_forge=1, cocoon_space=2), Board())
    assert "unknown: enter 'Cocoon 2P Evolution" in " ".join(reading.steps)


def test_showdown_example_launch_at_six_in_range_is_ending_b_correct() -> None:
    reading = only(LaunchMoment(3, self_destruct=6, characters_aboard=4,
                                characters_on_valley_forge=0,
                                stowaway_card=StowawayCard.SECOND))
    assert reading.ending is Ending.B
    assert reading.outcome is Outcome.SHOWDOWN
    assert reading.stowaway is not None and reading.stowaway.correct
    assert not reading.stowaway.card_kept
    assert "the Stowaway card is removed from the game" in reading.steps


def test_ending_b_wrong_guess_the_crew_wins() -> None:
    reading = only(LaunchMoment(3, self_destruct=6, characters_aboard=4,
                                characters_on_valley_forge=0,
                                stowaway_card=StowawayCard.THIRD))
    assert reading.ending is Ending.B
    assert reading.outcome is Outcome.CREW_WINS
    assert reading.stowaway is not None and reading.stowaway.correct is False


def test_t27_token_shifts_three_into_one_two_and_the_card_is_kept() -> None:
    reading = only(LaunchMoment(3, self_destruct=3, characters_aboard=2,
                                characters_on_valley_forge=0,
                                stowaway_card=StowawayCard.ONE_TWO_MINUTE, stowaway_token=True))
    check = reading.stowaway
    assert check is not None
    assert (check.correct, check.checked_minute, check.used_token, check.card_kept) == \
        (True, 2, True, True)
    assert "the +/- Stowaway token is removed from the game" in reading.steps
    assert "the lifeform keeps the 1-2 Minute card for the Showdown" in reading.steps


def test_token_is_removed_even_when_not_needed_or_not_enough() -> None:
    unneeded = only(LaunchMoment(3, self_destruct=2, characters_aboard=2,
                                 characters_on_valley_forge=0,
                                 stowaway_card=StowawayCard.ONE_TWO_MINUTE, stowaway_token=True))
    assert unneeded.stowaway is not None and not unneeded.stowaway.used_token
    assert "the +/- Stowaway token is removed from the game" in unneeded.steps
    too_far = check_stowaway(StowawayCard.ONE_TWO_MINUTE, 4, True, PROFILE)
    assert too_far.correct is False and "even with the +/- token" in too_far.why


def test_without_the_token_one_minute_off_is_wrong() -> None:
    assert check_stowaway(StowawayCard.ONE_TWO_MINUTE, 3, False, PROFILE).correct is False
    assert check_stowaway(StowawayCard.THIRD, 6, True, PROFILE).checked_minute == 7


def test_unset_stowaway_range_is_unknown_not_a_guess() -> None:
    reading = only(LaunchMoment(3, self_destruct=6, characters_aboard=2,
                                characters_on_valley_forge=0,
                                stowaway_card=StowawayCard.SECOND), Board())
    assert reading.outcome is Outcome.UNKNOWN
    assert "unknown: enter 'Second Stowaway card: range (minutes)'" in reading.steps[1]


def test_last_man_aboard_kill_after_nine_is_ending_c_ignoring_the_card() -> None:
    reading = only(LaunchMoment(3, self_destruct=5, characters_aboard=2,
                                characters_on_valley_forge=0, last_man_aboard_kill=True,
                                stowaway_card=StowawayCard.THIRD))
    assert reading.ending is Ending.C
    assert reading.outcome is Outcome.SHOWDOWN
    assert "Stowaway card is ignored" in reading.why


def test_c9_last_man_aboard_kill_before_nine_gives_both_readings() -> None:
    decision = decide_ending(LaunchMoment(3, self_destruct=14, characters_aboard=3,
                                          characters_on_valley_forge=0,
                                          last_man_aboard_kill=True), PROFILE)
    assert decision.contradiction == "a Last Man Aboard kill before 9"
    assert decision.decided is None
    first, second = decision.readings
    assert (first.ending, first.outcome) == (Ending.C, Outcome.SHOWDOWN)
    assert "proposed" in first.label and first.label.startswith("reading 1")
    assert (second.ending, second.outcome) == (Ending.A, Outcome.CREW_WINS)
    assert second.label.startswith("reading 2")


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"characters_aboard": 0}, "characters_aboard"),
    ({"characters_on_valley_forge": 1, "self_destruct": 10}, "characters_on_valley_forge"),
    ({"characters_on_valley_forge": 1, "self_destruct": 5, "last_man_aboard_kill": True},
     "characters_on_valley_forge"),
    ({"player_count": 1}, "player_count"),
])
def test_impossible_launches_are_refused_naming_the_field(kwargs: dict[str, object],
                                                          field: str) -> None:
    base: dict[str, object] = {"player_count": 3, "self_destruct": 5, "characters_aboard": 2,
                               "characters_on_valley_forge": 0}
    with pytest.raises(ValueError, match=field):
        LaunchMoment(**{**base, **kwargs})  # type: ignore[arg-type]


def test_ending_b_needs_the_revealed_card() -> None:
    with pytest.raises(ValueError, match="stowaway_card"):
        decide_ending(LaunchMoment(3, self_destruct=5, characters_aboard=2,
                                   characters_on_valley_forge=0), PROFILE)
