"""The post-launch shuttlecraft phase of the solo game (spec lifeform §11.3, T34): cleared rooms,
one card left, Confront, Hunt with a right and a wrong guess, and the hiding draw's fairness."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.engine import ActionError
from trackers.games.lifeform import remora, shuttle
from trackers.pieces import commitment_code

TOKENS = ["red claw", "blue claw", "purple stinger", "green eye"]  # test data, not a default
ALL = list(remora.CHAMBERS)


def test_cleared_rooms_lose_their_chamber_cards() -> None:
    phase, lines = shuttle.begin(ALL, cleared=["Cockpit", "Supply Locker"])
    assert phase["removed"] == ["Cockpit", "Supply Locker"]
    assert phase["held"] == ["Storage Bay", "Hypersleep Chamber", "Engineering Compartment"]
    assert phase["fight"] is None  # a choice is due: Confront or Hunt
    assert any("Confront" in line and "Hunt" in line for line in lines)


def test_one_card_left_goes_straight_to_the_fight() -> None:
    phase, lines = shuttle.begin(ALL, cleared=ALL[1:])
    assert phase["held"] == ["Cockpit"]
    assert phase["fight"] == {"extra_box": False, "combat_tokens": []}
    assert shuttle.ZONE_NOTE in lines
    with pytest.raises(ActionError):
        shuttle.confront(phase)


def test_no_card_left_is_said_to_be_outside_our_texts() -> None:
    phase, lines = shuttle.begin(["Cockpit"], cleared=["Cockpit"])
    assert phase["held"] == [] and phase["fight"] is not None
    assert any("do not say" in line for line in lines)


def test_confront_adds_one_extra_combat_zone_box() -> None:
    phase, _ = shuttle.begin(ALL, cleared=["Cockpit"])
    lines = shuttle.confront(phase)
    assert phase["fight"] == {"extra_box": True, "combat_tokens": []}
    assert any("2 combat icons" in line for line in lines)
    assert shuttle.ZONE_NOTE in lines
    with pytest.raises(ActionError, match="already chosen"):
        shuttle.hunt(phase, shuttle.hiding_secret(), Random(1))


def _hunt(held: list[str], seed: int) -> tuple[shuttle.Shuttle, object, list[str]]:
    phase, _ = shuttle.begin(held, cleared=[])
    secret = shuttle.hiding_secret()
    lines = shuttle.hunt(phase, secret, Random(seed))
    return phase, secret, lines


def test_t34_four_cards_and_a_wrong_guess_extra_box_and_three_random_combat_tokens() -> None:
    held = ALL[:4]
    phase, secret, _ = _hunt(held, seed=7)
    hidden = secret.value  # type: ignore[attr-defined]
    wrong = next(c for c in held if c != hidden)
    lines = shuttle.guess(phase, secret, wrong, TOKENS, Random(3))  # type: ignore[arg-type]
    assert phase["beside"] == 3 and phase["found"] is False
    fight = phase["fight"]
    assert fight["extra_box"] is True
    assert len(fight["combat_tokens"]) == 3
    assert len(set(fight["combat_tokens"])) == 3  # one token of each type exists
    assert set(fight["combat_tokens"]) <= set(TOKENS)
    assert any(hidden in line and "matches the code" in line for line in lines)
    with pytest.raises(ActionError, match="one guess"):
        shuttle.guess(phase, secret, hidden, TOKENS, Random(3))  # type: ignore[arg-type]


def test_a_right_guess_fights_as_normal() -> None:
    phase, secret, _ = _hunt(ALL[:4], seed=11)
    hidden = secret.value  # type: ignore[attr-defined]
    lines = shuttle.guess(phase, secret, hidden, TOKENS, Random(3))  # type: ignore[arg-type]
    assert phase["found"] is True
    assert phase["fight"] == {"extra_box": False, "combat_tokens": []}
    assert any(line.startswith("right") for line in lines)


def test_the_hunt_shows_only_a_code_and_the_count_beside_the_remora() -> None:
    phase, secret, lines = _hunt(ALL[:3], seed=5)
    hidden = secret.value  # type: ignore[attr-defined]
    assert secret.code in lines[0]  # type: ignore[attr-defined]
    assert all(hidden not in line for line in lines)
    assert "hidden" in secret.public_value()  # type: ignore[attr-defined]
    # Which cards went beside the Remora would give the hiding place away: only their count
    # is kept; the cards in hand stay listed as the candidates they were.
    assert phase["beside"] == 2 and phase["held"] == ALL[:3]


def test_a_wrong_guess_with_two_cards_adds_one_combat_token() -> None:
    phase, secret, _ = _hunt(ALL[:2], seed=2)
    wrong = next(c for c in ALL[:2] if c != secret.value)  # type: ignore[attr-defined]
    shuttle.guess(phase, secret, wrong, TOKENS, Random(9))  # type: ignore[arg-type]
    assert len(phase["fight"]["combat_tokens"]) == 1


def test_the_guess_comes_after_the_hunt() -> None:
    phase, _ = shuttle.begin(ALL, cleared=[])
    with pytest.raises(ActionError, match="Hunt first"):
        shuttle.guess(phase, shuttle.hiding_secret(), "Cockpit", TOKENS, Random(1))


DRAWS = 600  # hunts per hand; a fixed seed set, so the counts never change between runs


@given(st.lists(st.sampled_from(ALL), min_size=2, max_size=5, unique=True))
def test_the_hiding_chamber_is_drawn_fairly_from_the_cards_in_hand(held: list[str]) -> None:
    """Over many hunts each card in hand hides the lifeform about equally often, no other
    chamber ever does, and every code verifies at the reveal. Seeds are fixed (no flakes); the
    tolerance (half the expected count either way) is over 7 standard deviations wide."""
    counts: Counter[str] = Counter()
    for seed in range(DRAWS):
        phase, secret, lines = _hunt(held, seed)
        value, nonce, ok = secret.reveal()  # type: ignore[attr-defined]
        assert ok and commitment_code(value, nonce) in lines[0]
        counts[value] += 1
    assert set(counts) <= set(held)
    expected = DRAWS / len(held)
    for chamber in held:
        assert expected * 0.5 <= counts[chamber] <= expected * 1.5, counts


def test_the_remoras_main_game_boxes_are_ignored_in_solo() -> None:
    _, lines = shuttle.begin(ALL, cleared=[])
    assert "main-game instruction boxes are ignored" in lines[0]


def test_pointing_at_a_chamber_not_in_hand_is_a_wrong_guess_and_said_to_be_open() -> None:
    phase, _ = shuttle.begin(ALL, cleared=["Cockpit"])
    secret = shuttle.hiding_secret()
    shuttle.hunt(phase, secret, Random(4))
    lines = shuttle.guess(phase, secret, "Cockpit", TOKENS, Random(4))
    assert phase["found"] is False and len(phase["fight"]["combat_tokens"]) == 3
    assert any("do not say whether" in line for line in lines)
