"""Questions as a newcomer types them: a word of a book (in any of its forms) is never
"corrected", and a question naming a game by its title asks about that game's end."""

from __future__ import annotations

from pathlib import Path

import pytest

from references import Library


def test_a_word_printed_in_another_form_is_not_rewritten(library: Library,
                                                           tmp_path: Path) -> None:
    book = tmp_path / "phoenix.txt"
    book.write_text("Space Station Phoenix\n\nRecruiting\n\nHuman allies join your station "
                    "for one GEM each, paid to the supply.\n", encoding="utf-8")
    library.add_rulebook(book, "space-station-phoenix")
    result = library.search("how much does it cost to gain a human ally",
                            game="space-station-phoenix")
    assert result.did_you_mean is None and result.showing is None
    assert result.hits and result.hits[0].section == "Recruiting"


def test_ally_is_kept_with_the_real_rulebook(seeded: Library,
                                            request: pytest.FixtureRequest) -> None:
    if "real-rulebooks" not in request.node.callspec.id:
        pytest.skip("our own texts print no 'ally': correcting it there is right")
    result = seeded.search("how much does it cost to gain a human ally")
    assert result.did_you_mean is None and result.showing is None


@pytest.mark.parametrize(("question", "end"), [
    ("how does Pandora Celeste end", "the end of the game"),
    ("how does Space Station Phoenix end", "end"),
    ("when does Nemesis Lockdown end", "end of the game"),
    ("how does lifeform end", "ending"),
])
def test_how_a_game_ends_finds_that_games_end(seeded: Library, question: str,
                                              end: str) -> None:
    hits = seeded.search(question, limit=3).hits
    assert hits, question
    games = {hit.game for hit in hits}
    assert len(games) == 1 and question.lower().split()[2] in next(iter(games))
    assert any(end in hit.section.lower() for hit in hits), [h.section for h in hits]
