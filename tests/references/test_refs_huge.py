"""A huge rulebook cannot jam search: an imported text is cut into sections
of bounded size, a search can be given up mid-way, removing a book gives its space back,
and the library's folder and file are private from the very first command.

The speed itself (100 searches on a 20 MB text, p95 under 50 ms) is measured by
benchmarks/huge_search.py, never asserted here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from references import Library, SearchCancelled
from references.sectioning import MAX_SECTION_CHARS, RawSection, bounded
from references.store import FILE_NAME
from tableside.cli import main

PROSE = ("when the android reaches the remora the crew may launch and a hull breach opens "
         "beside the corridor while the self destruct track moves on. ")


def _one_section_text(size: int) -> str:
    """Lower-case prose in paragraphs with no heading line: one section as written."""
    paragraph = PROSE * 6
    return "\n\n".join([paragraph] * (size // len(paragraph) + 1))[:size]


def test_a_long_body_is_cut_at_paragraphs_into_parts_no_longer_than_the_bound() -> None:
    body = "\n\n".join(f"paragraph {n} " + "word " * 300 for n in range(40))
    assert bounded([RawSection("Short", 1, body[:4000])], limit=4000)[0].body == body[:4000]
    parts = bounded([RawSection("Combat", 2, body, ("combat",))], limit=4000)
    assert len(parts) > 1
    assert all(len(p.body) <= 2000 for p in parts)  # cut into parts of half the bound
    assert all(p.body.startswith("paragraph ") for p in parts)  # cut between paragraphs
    assert parts[0].title == "Combat" and parts[0].topics == ("combat",)
    assert parts[1].title == f"Combat (part 2 of {len(parts)})" and parts[1].level == 2
    # nothing lost, nothing doubled
    assert " ".join(" ".join(p.body.split()) for p in parts) == " ".join(body.split())


def test_a_body_without_breaks_is_still_cut() -> None:
    body = "x" * 10_000
    parts = bounded([RawSection("Blob", 1, body)], limit=3000)
    assert [len(p.body) for p in parts] == [1500] * 6 + [1000]


def test_a_huge_single_section_text_is_imported_as_bounded_sections_found_and_removed(
        tmp_path: Path) -> None:
    """One import of a 3 MB text with no heading (each import of it is most of this file's
    time): it is cut into bounded sections and found; removing it gives the space back."""
    source = tmp_path / "huge.txt"
    source.write_text(_one_section_text(3 * 1024 * 1024), encoding="utf-8")
    data = tmp_path / "data"
    with Library.open(data) as library:
        book = library.add_rulebook(source, "lifeform")
        assert book.sections >= 2 * 3 * 1024 * 1024 // MAX_SECTION_CHARS
        toc = library.toc(book.id)
        assert all(len(library.section(entry.section_id).body) <= MAX_SECTION_CHARS // 2
                   for entry in toc[:5] + toc[-5:])
        result = library.search("hull breach", game="lifeform", kind="rulebook")
        assert result.hits and result.hits[0].book_id == book.id
        # removing the big rulebook shrinks the index
        full = (data / FILE_NAME).stat().st_size
        library.remove(book.id)
        after = (data / FILE_NAME).stat().st_size
    assert full > 3 * 1024 * 1024
    assert after < 1024 * 1024  # the built-in cards alone: about 0.3 MB


def test_a_search_given_up_stops_and_says_so(library: Library) -> None:
    with library:
        with pytest.raises(SearchCancelled):
            library.search("self destruct", cancelled=lambda: True)
        asked: list[int] = []

        def after_a_while() -> bool:  # the person typed again once SQLite was under way
            asked.append(1)
            return len(asked) > 1

        with pytest.raises(SearchCancelled):
            library.search("self destruct", cancelled=after_a_while)
        assert library.search("self destruct", cancelled=lambda: False).hits


def test_rules_add_as_the_first_command_makes_a_private_folder_and_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "rules.txt"
    source.write_text(_one_section_text(20_000), encoding="utf-8")
    data = tmp_path / "fresh" / "data"
    old = os.umask(0o022)
    try:
        code = main(["--data-dir", str(data), "rules", "add", str(source), "--game",
                     "lifeform"])
    finally:
        os.umask(old)
    assert code == 0, capsys.readouterr().err
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for path in data.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
