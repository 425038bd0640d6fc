"""Cutting texts into sections, and turning any typed text into a safe FTS5 query."""

from __future__ import annotations

import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from references.query import plan
from references.sectioning import (
    FRONT_MATTER,
    clean_text,
    looks_like_heading,
    split_markdown,
    split_plain,
    with_paths,
)


def test_contents_list_with_page_numbers_and_nesting() -> None:
    text = "\n".join([
        "My Game Rules", "", "Contents", "",
        "Setup ........ 3", "  Board 4", "Play\t7", "",
        "Setup", "", "Lay out the board.", "",
        "Board", "", "It has rooms.", "",
        "Play", "", "Take turns.",
    ])
    parsed = split_plain(text, "fallback")
    assert parsed.title == "My Game Rules"
    assert [(s.title, s.level) for s in parsed.sections] == [
        ("Setup", 1), ("Board", 2), ("Play", 1),
    ]
    assert parsed.sections[1].body == "It has rooms."
    assert parsed.notes == []


def test_repeated_titles_are_found_in_order() -> None:
    """Lifeform has "Crew Setup" under Setup and again under Showdown Stage."""
    text = "\n".join([
        "Book", "", "Table of Contents", "",
        "• Setup", "  • Crew Setup", "• Showdown", "  • Crew Setup", "",
        "Setup", "", "one", "", "Crew Setup", "", "two", "",
        "Showdown", "", "three", "", "Crew Setup", "", "four",
    ])
    sections = with_paths("Book", split_plain(text, "x").sections)
    assert [(s.body, path) for s, path in sections] == [
        ("one", ("Book", "Setup")),
        ("two", ("Book", "Setup", "Crew Setup")),
        ("three", ("Book", "Showdown")),
        ("four", ("Book", "Showdown", "Crew Setup")),
    ]


def test_entries_missing_from_the_body_are_noted() -> None:
    text = "Book\n\nContents\n\nAlpha\nGhost Chapter\n\nAlpha\n\nBody text here.\n"
    parsed = split_plain(text, "x")
    assert [s.title for s in parsed.sections] == ["Alpha"]
    assert "Ghost Chapter" in parsed.notes[0]


def test_flat_contents_gets_the_headings_inside_chapters() -> None:
    text = "\n".join([
        "Book", "", "Contents", "", "Scenario One", "Scenario Two", "",
        "Scenario One", "", "Intro words for the first scenario.", "",
        "Moving Around the Ship", "", "Each arrow moves you one room.", "",
        "Keep those flames away from me, Man!", "", "Flavour, not a heading.", "",
        "Scenario Two", "", "More words.",
    ])
    sections = with_paths("Book", split_plain(text, "x").sections)
    assert [path for _, path in sections] == [
        ("Book", "Scenario One"),
        ("Book", "Scenario One", "Moving Around the Ship"),
        ("Book", "Scenario Two"),
    ]
    assert "Flavour, not a heading." in sections[1][0].body


def test_text_without_contents_uses_heading_lines() -> None:
    text = "\n".join([
        "Quick Rules", "", "SETUP", "", "Deal the cards.", "", "Card Draw", "",
        "Draw two cards.", "", "ENDING", "", "Count the points.",
    ])
    parsed = split_plain(text, "x")
    assert parsed.title == "Quick Rules"
    assert [(s.title, s.level) for s in parsed.sections] == [
        ("SETUP", 1), ("Card Draw", 2), ("ENDING", 1),
    ]


def test_text_without_any_heading_is_one_section() -> None:
    parsed = split_plain("just one long paragraph of rules text, nothing else here.", "notes")
    assert [s.title for s in parsed.sections] == ["notes"]
    assert parsed.notes


def test_heading_line_rules() -> None:
    for line in ("Hull Breach", "Panic Move!", "Line of Sight (LoS)", "1. The Crew Round",
                 "II. Event Phase", "SET UP THE BOARD", "Pushing your Luck: When They Hit"):
        assert looks_like_heading(line), line
    for line in ("Ohh .. the Vents! My playground!", "It's been nice knowing you…",
                 '"Flush it out the Airlock!"', "The crew has won the game!",
                 "• a bullet", "A sentence that ends with a full stop.",
                 "Action\tDescription\tRequirement", "x" * 80, "12", "lower case start"):
        assert not looks_like_heading(line), line


def test_bullets_and_tab_tables_become_markdown() -> None:
    text = "Book\n\nRules\n\n• one\n  • two\nName\tCount\nFood\t4\n"
    body = split_plain(text, "x").sections[0].body
    assert "- one" in body and "  - two" in body
    assert "| Name | Count |" in body and "| Food | 4 |" in body


def test_markdown_topics_are_read_and_stripped() -> None:
    text = "# Card\n\nintro\n\n## Self-Destruct track {#self_destruct sd}\n\nbody\n\n### Deep\n\nx"
    parsed = split_markdown(text, "fallback")
    assert parsed.title == "Card"
    assert [(s.title, s.level, s.topics) for s in parsed.sections] == [
        (FRONT_MATTER, 1, ()),
        ("Self-Destruct track", 1, ("self_destruct", "sd")),
        ("Deep", 2, ()),
    ]


def test_markdown_ignores_hashes_in_code_fences() -> None:
    parsed = split_markdown("## Real\n\n```\n# not a heading\n```\n", "Book")
    assert [s.title for s in parsed.sections] == ["Real"]
    assert "# not a heading" in parsed.sections[0].body


def test_clean_text_drops_control_characters() -> None:
    assert clean_text("a\x00b\x02c\r\nd\x03") == "abc\nd"


PIECES = list('abAB "\'*()-:^{}+~.,;!?_&|\\\t\n\x00é🙂') + [" AND ", " OR ", " NOT ",
                                                               " NEAR ", " NEAR/3 "]
QUERY_TEXT = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@given(QUERY_TEXT)  # examples: the hypothesis profile (tests/conftest.py)
def test_any_typed_text_makes_a_valid_fts5_query(text: str) -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE f USING fts5(title, body, path, tokenize='porter')")
    conn.execute("INSERT INTO f VALUES ('a b', 'ab AND or near', 'x')")
    steps = plan(text, None)
    for expr in (steps.all_words, steps.any_word):
        if expr is not None:
            conn.execute("SELECT rowid FROM f WHERE f MATCH ?", (expr,)).fetchall()
