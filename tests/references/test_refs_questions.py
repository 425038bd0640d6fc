"""Search answers the question asked: questions worded the way players say them ("how do I
...", "what happens when ...", "can I ...") land the answering section; a typo with no results
shows the corrected results at once; a word printed in a book is never "corrected"; a lone
letter is no match. The questions were written from the rulebooks, not from any issue."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


def test_a_typo_among_good_words_shows_the_corrected_results(drill: Library) -> None:
    """"fire flamethrowr": the typo matches nothing, so what "fire" alone finds answers half
    the question; the corrected words are searched at once, saying so."""
    result = drill.search("fire flamethrowr", kind="rulebook")
    assert result.did_you_mean == "fire flamethrower" == result.showing
    assert [hit.section for hit in result.hits][:1] == ["Fighting the Flames"]


def test_a_correct_question_is_searched_as_typed(drill: Library) -> None:
    result = drill.search("fire spreads", kind="rulebook")
    assert result.showing is None and result.did_you_mean is None and result.hits


@pytest.mark.parametrize("query", ["[b]flamethrower[/b]", "<i>flamethrower</i>",
                                   "[bold red]flamethrower[/]"])
def test_markup_pasted_with_a_question_is_not_part_of_it(drill: Library, query: str) -> None:
    result = drill.search(query, kind="rulebook")
    assert [hit.section for hit in result.hits][:1] == ["Fighting the Flames"]
    assert result.showing is None


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


# Asked at a 3-player table, of the real rulebooks only (our rulebook-shaped texts do not hold
# these sections): (game, the question as asked, the section that answers it).
TABLE_QUESTIONS = [
    ("space-station-phoenix", "can I move my aliens around during income",
     "Turn Option B: Take Income"),
    ("space-station-phoenix", "where can gold aliens live", "Aliens and Humans"),
    ("space-station-phoenix", "who gets a diplomacy bonus when players are tied",
     "Turn Option A: Use a Ship Action"),
    ("space-station-phoenix", "what does the neutral ship marker do", "The Neutral Ships"),
    ("space-station-phoenix", "how many points is each resident worth at the end",
     "Game End Scoring"),
    ("lifeform", "how does the solo crisis deck work", "Crisis Cards"),
    ("lifeform", "how do I search for the alien in module d",
     "Multi-Player Hunting the Alien – Module D"),
    ("nemesis-lockdown", "what is a noise roll", "Movement, Exploration, and Noise"),
    ("nemesis-lockdown", "how do I pick up an item", "Objects and Items"),
    ("pandora-celeste", "what does a nasty do on its turn", "3. The Nasty Action Round"),
    ("pandora-celeste", "how do I push my luck when attacking",
     "Pushing your Luck; When you Hit"),
    ("pandora-celeste", "how do I open a locked door", "Doors"),
    ("pandora-celeste", "what happens when the hull is breached", "Hull Breach"),
    # "per" is how players ask, not a word that picks a section ("1 per crewmember" is
    # everywhere): with it counted, these landed on scoring and Fire sections
    ("nemesis-lockdown", "how many actions per turn", "I. Player Phase"),
    ("space-station-phoenix", "how many actions per turn", "Turn Options"),
    ("pandora-celeste", "how many actions per turn", "Playing out a Turn Cycle"),
]


@pytest.fixture(scope="module")
def real_books(seeds: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    from tests.references.refs_helpers import SEED_FILES

    library = Library.open(tmp_path_factory.mktemp("table"))
    for name in SEED_FILES.values():
        library.add_rulebook(seeds / name)
    yield library
    library.close()


@pytest.mark.parametrize(("game", "question", "answer"), TABLE_QUESTIONS)
def test_a_table_question_lands_its_section_in_the_top_3(
    real_books: Library, game: str, question: str, answer: str
) -> None:
    result = real_books.search(question, game=game, limit=3, kind="rulebook")
    assert answer in [hit.section for hit in result.hits]


def test_a_typo_in_a_table_question_is_answered_corrected(real_books: Library) -> None:
    result = real_books.search("diplomcy tie", game="space-station-phoenix", kind="rulebook")
    assert result.showing == "diplomacy tie"
    assert "Diplomacy" in result.hits[0].section  # not "Game End Scoring" for "tie" alone


async def test_the_search_screen_says_what_it_did(tmp_path: Path) -> None:
    """A lone letter gets a reason, not "no section matches"; markup around a word finds it.
    Both typed in one search screen, the first cleared before the second."""
    from textual.widgets import Input

    from tests.tui.screen_text import panel_text
    from tui.app import TablesideApp
    from tui.screens.search import SearchScreen

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        for typed, says in (("i", "One letter is too short to search"),
                            ("[b]income[/b]", "sections in all games")):
            await pilot.press(*typed)
            await app.workers.wait_for_complete()
            await pilot.pause(0.3)
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert says in panel_text(app, "#search-status"), typed  # type: ignore[arg-type]
            await pilot.press(*["backspace"] * len(typed))
            assert app.screen.query_one("#search-query", Input).value == ""


async def test_the_longest_game_name_fits_the_game_choice_at_80x24(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tests.tui.screen_text import screen_text
    from tui.app import TablesideApp
    from tui.screens.search_launch import open_search

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        open_search(app, "space-station-phoenix")
        await pilot.pause()
        assert app.screen.query_one(Select).value == "space-station-phoenix"
        lines = screen_text(app).splitlines()
        assert any("Space Station Phoenix" in line for line in lines)  # not cut in two
