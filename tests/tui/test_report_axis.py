"""The report's key moments are lettered under the charts' axis: each letter under its line,
letters too close to stand apart joined into one label, none dropped."""

from __future__ import annotations

from string import ascii_uppercase

from tui.widgets.report_charts import BLANK, letter_row


def labels(row: str) -> list[str]:
    return row.replace(BLANK, " ").split()


def covered(found: list[str]) -> set[str]:
    """The letters the row's labels stand for ("N-U" is N to U)."""
    out: set[str] = set()
    for label in found:
        if "-" in label:
            first, last = label.split("-")
            out |= set(ascii_uppercase[ascii_uppercase.index(first):
                                       ascii_uppercase.index(last) + 1])
        else:
            out |= set(label)
    return out


def test_letters_far_apart_stand_under_their_lines() -> None:
    row = letter_row([(1.0, "A"), (3.0, "B"), (5.0, "C")], (1.0, 5.0), 41)
    assert len(row) == 41
    assert [row.index(letter) for letter in "ABC"] == [0, 20, 40]


def test_crowded_letters_are_joined_and_none_is_dropped() -> None:
    marks = [(1.0, "A"), (1.02, "B"), (2.0, "C")] + \
        [(4.5 + i * 0.01, letter) for i, letter in enumerate("NOPQRSTU")]
    row = letter_row(marks, (1.0, 5.0), 40)
    found = labels(row)
    assert found == ["AB", "C", "N-U"]
    assert covered(found) == set("ABCNOPQRSTU")
    assert len(row) == 40


def test_a_joined_label_that_meets_its_neighbour_is_joined_again() -> None:
    marks = [(float(i) / 10, letter) for i, letter in enumerate("ABCDEF")]
    found = labels(letter_row(marks, (0.0, 1.0), 12))
    assert covered(found) == set("ABCDEF")
    row = " ".join(found)
    assert "  " not in row and all(len(label) <= 3 for label in found)
