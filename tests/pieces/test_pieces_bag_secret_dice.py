"""Bag (draw, return, remove, add, odds), Secret (commitment codes) and Dice (roll n keep k)."""

from __future__ import annotations

from collections import Counter as Multiset
from fractions import Fraction
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.pieces import Bag, Dice, PieceError, Secret, commitment_code, piece_from_dict
from trackers.pieces.secret import same_code


# --- Bag -------------------------------------------------------------------------------------
def intruders() -> Bag:
    return Bag("Intruder bag", {"larva": 4, "adult": 3, "blank": 1})


def test_draw_takes_a_token_out_and_keeps_it_as_drawn() -> None:
    bag = intruders()
    kind = bag.draw(Random(1))
    assert bag.size == 7
    assert bag.out == {kind: 1}


def test_return_puts_a_drawn_token_back() -> None:
    bag = intruders()
    kind = bag.draw(Random(1))
    bag.return_token(kind)
    assert bag.contents == intruders().contents
    assert bag.out[kind] == 0


def test_returning_a_token_that_was_not_drawn_is_refused() -> None:
    bag = intruders()
    with pytest.raises(PieceError, match="no drawn 'queen' token"):
        bag.return_token("queen")


def test_remove_and_add() -> None:
    bag = intruders()
    bag.remove("blank")
    bag.add("queen")
    bag.add("larva", 2)
    assert bag.contents == {"larva": 6, "adult": 3, "blank": 0, "queen": 1}
    with pytest.raises(PieceError, match="no 'blank' token"):
        bag.remove("blank")
    with pytest.raises(PieceError, match="1 or more"):
        bag.add("larva", 0)


def test_empty_bag_refuses_a_draw_and_has_no_odds() -> None:
    bag = Bag("B", {"x": 0})
    with pytest.raises(PieceError, match="empty"):
        bag.draw(Random(0))
    assert bag.odds() == {}
    assert bag.summary() == "B: empty"


def test_odds_of_the_next_draw() -> None:
    assert intruders().odds() == {"adult": Fraction(3, 8), "blank": Fraction(1, 8),
                                  "larva": Fraction(1, 2)}


def test_a_kind_with_none_left_has_no_odds_and_is_never_drawn() -> None:
    bag = Bag("B", {"x": 0, "y": 2})
    assert "x" not in bag.odds()
    rng = Random(5)
    assert {bag.draw(rng), bag.draw(rng)} == {"y"}


@given(st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.integers(0, 30),
                       min_size=1))
def test_odds_sum_to_one(contents: dict[str, int]) -> None:
    odds = Bag("B", contents).odds()
    if sum(contents.values()):
        assert sum(odds.values()) == 1
        assert all(odds[k] == Fraction(n, sum(contents.values()))
                   for k, n in contents.items() if n)
    else:
        assert odds == {}


def test_draw_frequencies_follow_the_odds() -> None:
    rng = Random("frequencies")
    counts: Multiset[str] = Multiset()
    runs = 20_000
    for _ in range(runs):
        bag = intruders()
        counts[bag.draw(rng)] += 1
    for kind, chance in intruders().odds().items():
        assert abs(counts[kind] / runs - float(chance)) < 0.015, (kind, counts)


@given(st.lists(st.sampled_from(["draw", "return", "remove", "add"]), max_size=30),
       st.integers(0, 2**32))
def test_bag_tokens_are_only_created_by_add_and_destroyed_by_remove(ops: list[str],
                                                                    seed: int) -> None:
    rng = Random(seed)
    bag = intruders()
    total = bag.size
    for op in ops:
        try:
            if op == "draw":
                bag.draw(rng)
            elif op == "return":
                drawn = sorted(k for k, n in bag.out.items() if n)
                bag.return_token(drawn[0] if drawn else "larva")
            elif op == "remove":
                bag.remove("larva")
                total -= 1
            else:
                bag.add("adult")
                total += 1
        except PieceError:
            pass
        assert bag.size + sum(bag.out.values()) == total
        assert min([*bag.contents.values(), *bag.out.values()]) >= 0


def test_bag_round_trip() -> None:
    bag = intruders()
    bag.draw(Random(2))
    assert piece_from_dict(bag.to_dict()) == bag


# --- Secret ---------------------------------------------------------------------------------
def calibration() -> Secret:
    return Secret("Reality Calibration", "Lifeform player", choices=["Alpha", "Beta", "Gamma"])


def test_code_is_shown_at_once_and_matches_value_and_nonce() -> None:
    secret = calibration()
    code = secret.choose("Beta", "n0nce")
    assert code == secret.code == commitment_code("Beta", "n0nce")
    assert "Beta" not in code
    assert code in secret.summary()


def test_reveal_checks_value_and_nonce_against_the_code() -> None:
    secret = calibration()
    secret.choose("Gamma", "abc")
    assert secret.reveal() == ("Gamma", "abc", True)
    assert secret.summary() == "Reality Calibration: Gamma"


def test_a_tampered_value_fails_the_check() -> None:
    secret = calibration()
    secret.choose("Gamma", "abc")
    secret.value = "Alpha"  # changed after the code was shown
    assert secret.reveal()[2] is False


def test_a_tampered_nonce_fails_the_check() -> None:
    secret = calibration()
    secret.choose("Gamma", "abc")
    secret.nonce = "abd"
    assert secret.reveal()[2] is False


def test_code_depends_on_both_value_and_nonce() -> None:
    assert commitment_code("a", "n") != commitment_code("b", "n")
    assert commitment_code("a", "n") != commitment_code("a", "m")
    assert commitment_code("a", "n") == commitment_code("a", "n")


def test_each_re_choice_gets_a_new_code_and_hides_the_value_again() -> None:
    secret = calibration()
    first = secret.choose("Alpha", "n1")
    secret.reveal()
    second = secret.choose("Alpha", "n2")
    assert first != second
    assert secret.codes == [first, second]
    assert not secret.revealed
    assert "Alpha" not in secret.summary()


def test_a_choice_outside_the_allowed_ones_is_refused() -> None:
    secret = calibration()
    with pytest.raises(PieceError, match="Alpha, Beta, Gamma"):
        secret.choose("Delta", "n")
    assert secret.value is None
    with pytest.raises(PieceError, match="empty"):
        Secret("Free", "Captain").choose("", "n")


def test_nothing_to_reveal_before_a_choice() -> None:
    secret = calibration()
    assert secret.summary() == "Reality Calibration: not chosen yet"
    with pytest.raises(PieceError, match="nothing has been chosen"):
        secret.reveal()


def test_redacted_hides_value_and_nonce_until_revealed() -> None:
    secret = calibration()
    secret.choose("Beta", "nonce-xyz")
    data = secret.redacted()
    assert data["value"] is None and data["nonce"] is None
    assert data["owner"] == "Lifeform player"
    assert data["code"] == secret.code
    secret.reveal()
    assert secret.redacted()["value"] == "Beta"


def test_a_recorded_code_is_kept_as_recorded_not_recomputed() -> None:
    """The code the table saw comes with the choice; a changed value no longer fits it."""
    seen = commitment_code("Beta", "n0nce")
    secret = calibration()
    assert secret.choose("Gamma", "n0nce", seen) == seen  # kept, even though it does not fit
    assert secret.code == seen
    value, nonce, ok = secret.reveal()
    assert (value, nonce, ok) == ("Gamma", "n0nce", False)
    honest = calibration()
    honest.choose("Beta", "n0nce", seen)
    assert honest.reveal()[2] is True


def test_codes_compare_however_they_were_typed() -> None:
    assert same_code("7F3A-19C2", "7f3a19c2") and same_code("7F3A-19C2", " 7f3a-19c2")
    assert not same_code("7F3A-19C2", "7F3A-19C3")


def test_the_hidden_copy_keeps_the_code_but_not_the_value() -> None:
    secret = calibration()
    assert secret.hidden_copy() is secret  # nothing chosen: nothing to hide
    secret.choose("Beta", "nonce-xyz")
    shown = secret.hidden_copy()
    assert shown.is_set and shown.code == secret.code and not shown.revealed
    assert "Beta" not in (str(shown.value), str(shown.nonce), shown.summary())
    assert "nonce-xyz" not in str(shown.to_dict())
    assert secret.value == "Beta"  # the original is untouched
    secret.reveal()
    assert secret.hidden_copy().value == "Beta"  # revealed: public


def test_secret_round_trip() -> None:
    secret = calibration()
    secret.choose("Beta", "n")
    assert piece_from_dict(secret.to_dict()) == secret


# every code point UTF-8 can carry (all but the surrogates): the characters of
# st.characters(codec="utf-8"), drawn from integers, without the Unicode table hypothesis
# builds for st.characters (over a second of CPU on a fresh clone, for this one test)
ANY_CHARACTER = st.one_of(st.integers(0, 0xD7FF), st.integers(0xE000, 0x10FFFF)).map(chr)


@given(st.text(ANY_CHARACTER, min_size=1, max_size=20),
       st.text("0123456789abcdef", min_size=16, max_size=16))
def test_summary_never_contains_the_value_before_reveal(value: str, nonce: str) -> None:
    secret = Secret("S", "owner")
    marked = "\u2603" + value  # a snowman: cannot appear in the label, code or wording
    code = secret.choose(marked, nonce)
    assert marked not in secret.summary()
    assert marked not in secret.public_value()
    assert marked not in str(secret.redacted())
    assert len(code) == 14 and code[4] == code[9] == "-"
    assert secret.reveal() == (marked, nonce, True)


# --- Dice -------------------------------------------------------------------------------------
EXPEDITION = Dice("Expedition die", ("blank", "hit", "hit", "crit"), rank=(0, 1, 1, 2))


def test_roll_gives_named_faces() -> None:
    faces = EXPEDITION.roll(50, Random(1))
    assert len(faces) == 50
    assert set(faces) == {"blank", "hit", "crit"}


def test_roll_n_keep_k_keeps_the_best_by_rank() -> None:
    rng = Random(7)
    for _ in range(200):
        kept = EXPEDITION.roll(4, rng, keep=2)
        assert len(kept) == 2
    # keep 1 of many dice almost always finds the best face
    assert EXPEDITION.roll(30, Random(3), keep=1) == ["crit"]


def test_kept_dice_are_the_best_of_the_same_roll() -> None:
    all_dice = EXPEDITION.roll(5, Random(11))
    kept = EXPEDITION.roll(5, Random(11), keep=3)
    assert kept == all_dice[:3]
    order = {"blank": 0, "hit": 1, "crit": 2}
    assert [order[f] for f in all_dice] == sorted((order[f] for f in all_dice), reverse=True)


def test_without_a_rank_later_faces_count_as_better() -> None:
    d6 = Dice("d6", ("1", "2", "3", "4", "5", "6"))
    assert d6.roll(40, Random(2), keep=1) == ["6"]


def test_unset_faces_are_refused_with_a_pointer_to_the_board_profile() -> None:
    with pytest.raises(PieceError, match="unset"):
        Dice("Terran d10", None).roll(1, Random(0))


def test_bad_counts_are_refused() -> None:
    with pytest.raises(PieceError, match="1 or more"):
        EXPEDITION.roll(0, Random(0))
    with pytest.raises(PieceError, match="1 to 2"):
        EXPEDITION.roll(2, Random(0), keep=3)


def test_a_rank_that_does_not_fit_the_faces_is_refused() -> None:
    with pytest.raises(PieceError, match="rank"):
        Dice("Bad", ("a", "b"), rank=(1,))
    with pytest.raises(PieceError, match="faces"):
        Dice("Empty", ())


def test_the_same_stream_rolls_the_same() -> None:
    assert EXPEDITION.roll(6, Random("x")) == EXPEDITION.roll(6, Random("x"))


def test_the_hidden_copy_keeps_every_field_but_the_value_and_nonce() -> None:
    """``hidden_copy`` is a copy with value and nonce hidden: nothing else is dropped (the
    sealed flag included: a hidden copy of the solo Hunt's chamber may not be peeked at)."""
    import dataclasses

    from trackers.pieces.secret import HIDDEN

    secret = Secret("Lifeform's hiding chamber", "nobody", ["A", "B"], managed=True,
                    sealed=True)
    secret.choose({"code": "AAAA-BBBB-CCCC", "sealed": "Y2lwaGVy", "to": "app"}, "")
    copy = secret.hidden_copy()
    for spec in dataclasses.fields(Secret):
        if spec.name in ("value", "nonce"):
            assert getattr(copy, spec.name) == HIDDEN
        elif spec.name != "answers":
            assert getattr(copy, spec.name) == getattr(secret, spec.name), spec.name
    assert copy.sealed and copy.managed and copy.code == "AAAA-BBBB-CCCC"
    assert copy.codes is not secret.codes  # a copy: changing it leaves the real one alone
