"""Search answers the question asked: questions worded the way players say them ("how do I
...", "what happens when ...", "can I ...") land the answering section; a typo with no results
shows the corrected results at once; a word printed in a book is never "corrected"; a lone
letter is no match. The questions were written from the rulebooks, not from any issue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from references import Library
from references.query import plan

# (game, a question as a player at the table asks it, the rulebook section that answers it)
PLAYER_QUESTIONS = [
    ("nemesis-lockdown", "what do I do when I meet an intruder", "Encounter and Combat"),
    ("nemesis-lockdown", "how do I attack an intruder", "Encounter and Combat"),
    ("nemesis-lockdown", "how does the self destruct work", "Autodestruction"),
    ("nemesis-lockdown", "what happens when the power goes out", "Power and Darkness"),
    ("nemesis-lockdown", "how do I get out of the facility", "Leaving the Facility"),
    ("pandora-celeste", "how do I put out a fire", "Fighting the Fire"),
    ("pandora-celeste", "what happens when my crewmember dies",
     "What Happens When a Crewmember Dies"),
    ("pandora-celeste", "how do I get rid of a scuttlebug", "How to Survive a ScuttleBug"),
    ("pandora-celeste", "can I trade tools with another player",
     "Exchanging Tools with Fellow Crewmembers"),
    ("pandora-celeste", "how do the nasties decide where to move", "How a Nasty Moves"),
    ("pandora-celeste", "can I go through the vents", "Moving Through the Vents"),
    ("space-station-phoenix", "when does the game end", "Check for Game End"),
    ("space-station-phoenix", "how do I get metal", "How Can a Player Get Metal?"),
    ("space-station-phoenix", "how are points scored at the end", "Game End Scoring"),
    ("lifeform", "what happens when a character gets killed", "If a Character is Killed"),
    ("lifeform", "how does the crew launch the remora", "Launch the Remora Sequence"),
    ("lifeform", "can a character hide from the lifeform", "Hide (Reaction)"),
    ("lifeform", "what does the android do when it gets to the remora",
     "Android Enters the Remora"),
]

# Our own short texts (not the publishers' words) for the behaviours that need no rulebook.
OUR_BOOK = """# Starship Drill Manual

## Moving Around

Each crew member may move one room per action. Doors slow everyone down.

## Fighting the Flames

A flamethrower clears one room of creatures. Fire spreads at the end of the round.

## Scoring at the End

Every surviving crew member scores points for the cargo they carry.
"""


@pytest.fixture(scope="module")
def drill(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    folder = tmp_path_factory.mktemp("drill")
    book = folder / "drill.md"
    book.write_text(OUR_BOOK, encoding="utf-8")
    library = Library.open(folder / "data")
    library.add_rulebook(book, game="nemesis-lockdown")
    yield library
    library.close()


@pytest.mark.parametrize(("game", "question", "answer"), PLAYER_QUESTIONS)
def test_a_question_as_players_ask_it_lands_its_section_in_the_top_3(
    seeded: Library, game: str, question: str, answer: str
) -> None:
    """On our rulebook-shaped texts and on the real rulebooks (conftest: seeded)."""
    result = seeded.search(question, game=game, limit=3, kind="rulebook")
    assert answer in [hit.section for hit in result.hits]


@pytest.mark.parametrize("question", ["how many actions can I take on my turn",
                                      "how do I get out of the facility",
                                      "how are points scored at the end"])
def test_a_word_printed_in_the_books_is_not_corrected(seeded: Library, question: str) -> None:
    assert seeded.search(question, game="nemesis-lockdown").did_you_mean is None


def test_a_typo_with_no_results_shows_the_corrected_results_and_says_so(
    drill: Library,
) -> None:
    result = drill.search("flamethrowr", kind="rulebook")
    assert result.did_you_mean == "flamethrower"
    assert result.showing == "flamethrower"
    assert [hit.section for hit in result.hits][:1] == ["Fighting the Flames"]


def test_a_typo_that_still_finds_something_only_suggests(drill: Library) -> None:
    result = drill.search("fire flamethrowr", kind="rulebook")
    assert result.showing is None and result.hits
    assert result.did_you_mean == "fire flamethrower"


@pytest.mark.parametrize("query", ["i", "a", "I"])
def test_a_lone_letter_is_no_match(drill: Library, query: str) -> None:
    assert drill.search(query).hits == ()
    assert plan(query, None).all_words is None


def test_a_letter_that_names_something_still_counts() -> None:
    steps = plan("Ending A", "lifeform")
    assert steps.all_words is not None and '"A"' in steps.all_words


def test_the_pronoun_i_is_not_a_search_word() -> None:
    steps = plan("can I move", None)
    assert '"I"' not in (steps.all_words or "")


def test_a_leading_dash_is_a_word_not_an_operator(drill: Library) -> None:
    result = drill.search("-flames", kind="rulebook")
    assert [hit.section for hit in result.hits][:1] == ["Fighting the Flames"]


def test_players_words_find_the_rulebooks_words(drill: Library) -> None:
    # "go" is how players say it; the book says "move"
    result = drill.search("how do I go to another room", kind="rulebook")
    assert [hit.section for hit in result.hits][:1] == ["Moving Around"]
