"""A snippet's pieces are tidied in one go (references/search.py snippet_parts): the result is
the same as tidying each piece between two hit markers alone, Markdown at a piece's edge
included."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from references.search import HIT_CLOSE, HIT_OPEN, snippet_parts

_MARKUP = re.compile(r"\*\*|__|`|^#+\s*|\[[ xX]\]\s*|(?<!\w)- (?=\S)|\|\s*-{3,}\s*", re.MULTILINE)
_CELLS = re.compile(r"\s*\|[\s|]*")
_SPACE = re.compile(r"\s+")


def _piece_by_piece(marked: str) -> tuple[tuple[str, bool], ...]:
    """Each piece tidied alone: the rule snippet_parts must keep."""
    parts = []
    for n, piece in enumerate(re.split(f"[{HIT_OPEN}{HIT_CLOSE}]", marked)):
        text = _SPACE.sub(" ", _CELLS.sub(" · ", _MARKUP.sub("", piece)))
        if text:
            parts.append((text, n % 2 == 1))
    return tuple(parts)


_BITS = st.sampled_from(["**", "__", "`", "# ", "## ", "\n", "[x] ", "[ ] ", "- ", "-", " | ",
                         "|---|", " ", "  ", "\t", "hull", "breach", "3", "é", "x-wing", ":",
                         ".", "\u00a0", " \u2003 ", "\x1c", "…"])


@given(st.lists(st.tuples(st.lists(_BITS, max_size=6), st.lists(_BITS, min_size=1,
                                                                 max_size=3)), max_size=5),
       st.lists(_BITS, max_size=6))
def test_tidied_at_once_as_if_piece_by_piece(
        pairs: list[tuple[list[str], list[str]]], tail: list[str]) -> None:
    marked = "".join("".join(before) + HIT_OPEN + "".join(hit) + HIT_CLOSE
                     for before, hit in pairs) + "".join(tail)
    assert snippet_parts(marked) == _piece_by_piece(marked)


def test_a_hit_keeps_its_words_and_the_table_marks_go() -> None:
    parts = snippet_parts(f"| **Hull** | {HIT_OPEN}breach{HIT_CLOSE} - spreads |\n# Next")
    assert parts == ((" · Hull · ", False), ("breach", True), (" spreads · Next", False))
