"""Our rulebook-shaped test texts are our own words: no run of 12 words from a real rulebook
(the same rule as for the reference cards; checked where ../shared/seeds is present)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.references.refs_helpers import FIXTURE_FILES, FIXTURES

WORDS = re.compile(r"[a-z0-9']+")


def _runs(text: str, n: int = 12) -> set[str]:
    w = WORDS.findall(text.lower())
    return {" ".join(w[i : i + n]) for i in range(len(w) - n + 1)}


def test_the_five_texts_are_there() -> None:
    assert sorted(FIXTURE_FILES) == ["lifeform", "lifeform-expansion", "nemesis-lockdown",
                                     "pandora-celeste", "space-station-phoenix"]
    for name in FIXTURE_FILES.values():
        assert (FIXTURES / name).is_file(), name


def test_the_check_finds_a_copied_run() -> None:
    book = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert _runs("so " + book[:-9]) & _runs(book)
    assert not _runs("one two three four five six seven eight nine ten eleven") & _runs(book)


def test_our_texts_copy_no_rulebook_sentence(seeds: Path) -> None:
    theirs: set[str] = set()
    for seed in seeds.glob("*.txt"):
        theirs |= _runs(seed.read_text(encoding="utf-8", errors="ignore"))
    for name in FIXTURE_FILES.values():
        # Line by line: a paragraph is one line, and the title and contents list, which are
        # the books' own headings one after another, are not sentences.
        ours = set().union(*map(_runs, (FIXTURES / name).read_text(encoding="utf-8").split("\n")))
        copied = ours & theirs
        assert not copied, (name, sorted(copied)[:3])
