"""Pilot tests of the rules search, the rulebook library and the reference pane, by keys.

The library lives in the test's own folder (app.data_dir = tmp_path), never the player's.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from references.library import Library
from references.model import Section
from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.repeats import kept_by_default
from tests.textual_probe import drawn_rows, select_options
from tui.app import TablesideApp
from tui.screens.home import HomeScreen
from tui.screens.rulebooks import AddRulebookScreen, RulebooksScreen
from tui.screens.search import ALL, DEBOUNCE, SearchScreen
from tui.screens.session import SessionScreen
from tui.widgets.reference_pane import ReferencePane
from tui.widgets.search_preview import SectionPreview
from tui.widgets.search_results import ResultsList

pytestmark = pytest.mark.usefixtures("demo_registered")

# A made-up rulebook: our own words, with headings the importer finds.
RULEBOOK = """Gravity Rules

Fuel Leaks

When the ship leaks fuel, mop it up with the sponge token before the round ends.

Gravity Wells

A gravity well pulls every meeple one room closer to the core.
"""


async def settle(pilot: Pilot[None]) -> None:
    """Let the debounce timer fire and every search and preview worker finish."""
    await pilot.pause(DEBOUNCE * 2)
    for _ in range(3):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


async def paste(pilot: Pilot[None], text: str) -> None:
    """Paste into the focused box, as a terminal does (typing a long path key by key is slow)."""
    focused = pilot.app.focused
    assert isinstance(focused, Input)
    focused.post_message(events.Paste(text))
    await pilot.pause()


async def type_text(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` into the search box by keys, then let the search run."""
    await burst(pilot, *text)
    await settle(pilot)


def seen(app: App[Any]) -> str:
    """Every character on the screen, row by row, as drawn (screen_text's SVG export of the
    same screen costs several times the CPU, and these pilots read it twenty times)."""
    return "\n".join(drawn_rows(app))


def shown_section(app: App[Any]) -> Section:
    """The section the preview shows (there must be one)."""
    section = preview(app).section
    assert section is not None, "the preview shows no section"
    return section


def search_screen(app: TablesideApp) -> SearchScreen:
    screen = app.screen
    assert isinstance(screen, SearchScreen)
    return screen


def result_titles(app: TablesideApp) -> list[str]:
    screen = search_screen(app)
    ids = screen.query_one("#search-results", ResultsList).section_ids
    return [screen.library.section(i).title for i in ids]


def preview(app: App[Any]) -> SectionPreview:
    return app.screen.query_one("#search-preview", SectionPreview)


def topic_game(monkeypatch: pytest.MonkeyPatch) -> tuple[str, int, str, str]:
    """(game id, players, piece, topic): a real game whose first tracker has a rule topic."""
    from trackers.games import registry

    game = registry.get_game("nemesis-lockdown")
    assert game.topics.get("time") == "time_track"
    return "nemesis-lockdown", game.player_counts[0], "time", "time_track"


async def highlight_piece(pilot: Pilot[None], piece: str) -> None:
    tracks = pilot.app.screen.query_one("#tracks")
    index = next(i for i in range(tracks.option_count)  # type: ignore[attr-defined]
                 if tracks.get_option_at_index(i).id == f"piece:{piece}")  # type: ignore[attr-defined]
    tracks.focus()
    await pilot.press("home", *["down"] * index)
    await pilot.pause()


# --- search from Home -------------------------------------------------------------------


async def test_search_from_home_ranks_hull_breach_and_previews_the_section(
        tmp_path: Path) -> None:
    """From Home at 80x24: the palette offers the search's commands; typed words rank Hull
    Breach first, its hit marked, previewed beside the results; the palette opened and closed
    loses no highlighted result; Enter reads one, ctrl+t lists its book's contents."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = search_screen(app)
        assert screen.query_one("#search-game", Select).value == ALL
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Search only Lifeform", "Search every game", "Rulebooks: import or remove",
                "Book contents"} <= titles
        await type_text(pilot, "hull breach")
        results, reader = app.screen.query_one("#search-results"), preview(app)
        assert results.region and reader.region  # at 80 columns side by side, as you type
        assert app.screen.focused is app.screen.query_one("#search-query")
        assert result_titles(app)[0] == "Hull Breach"
        text = seen(app)
        assert "«breach»" in text  # the snippet marks the hit, not by colour alone
        assert "Pandora Celeste" in text
        assert shown_section(app).title == "Hull Breach"
        await pilot.press("enter", "down")  # to the results: the second one
        await settle(pilot)
        second = shown_section(app).id
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot)
        assert shown_section(app).id == second  # the palette lost nothing
        await pilot.press("up", "enter")  # read the highlighted one: the first
        await settle(pilot)
        assert app.screen.focused is preview(app)
        shown = preview(app).shown_text
        assert "Hull Breach" in shown and "«breach»" in shown
        assert "Hull Breach" in seen(app)
        await pilot.press("ctrl+t")  # the book's contents, its current section highlighted
        await pilot.pause()
        assert "Contents: Pandora Celeste" in seen(app)
        await pilot.press("home", "enter")
        await settle(pilot)
        assert shown_section(app).title != "Hull Breach"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_narrow_terminal_shows_one_pane_at_a_time(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(64, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await type_text(pilot, "hull breach")
        results, reader = app.screen.query_one("#search-results"), preview(app)
        assert results.region and not reader.region  # the list only
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert reader.region and not results.region  # the section only, the whole width
        assert "«breach»" in seen(app)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert results.region and not reader.region
        assert app.screen.focused is results


HOSTILE = ['"', '"hull', "hull-breach", "a:b", "***", "(()", "AND", "NEAR", "hull OR",
           "NOT NOT", "'; DROP TABLE sections; --", "{}[]^\\", "🚀 breach 🚀", "   ",
           "x" * 3000]


async def test_hostile_text_never_crashes_the_box_and_a_typo_is_corrected(
        tmp_path: Path) -> None:
    """Whatever is typed in the box: hostile text never crashes it (set, and typed by keys);
    a typo is corrected (did you mean), alone or among good words."""
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        box = app.screen.query_one("#search-query", Input)
        for text in HOSTILE[::3]:  # a sample on screen: tests/references runs every one
            box.value = text
            await settle(pilot)
            screen = search_screen(app)
            status = str(screen.query_one("#search-status").render())
            assert "failed" not in status, (text, status)
            assert screen.result is not None and screen.result.query == text
        await pilot.press("ctrl+u")  # and typed by keys
        await type_text(pilot, '"hull-breach*:(')
        assert isinstance(app.screen, SearchScreen)
        await pilot.press("ctrl+u")
        await type_text(pilot, "autodestrution")  # nothing matches: the corrected results
        status = str(search_screen(app).query_one("#search-status").render())
        assert status.startswith("Showing autodestruction")
        assert result_titles(app)[0] == "Autodestruction"
        await pilot.press("ctrl+u")
        await type_text(pilot, "alert autodestrution")  # a typo among good words: the same
        status = str(search_screen(app).query_one("#search-status").render())
        assert status.startswith("Showing alert autodestruction")
        assert "Did you mean" not in seen(app)


# --- from a game screen -----------------------------------------------------------------


async def test_search_from_a_game_and_back_leaves_the_game_untouched(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 3)
    play.do("advance", spaces=2)
    play.do("fire")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # resume the game
        await pilot.pause()
        session = app.screen
        assert isinstance(session, SessionScreen)
        game = session.play
        before = (game.head, game.export()["state"])
        await pilot.press("s")
        await pilot.pause()
        # the filter starts on the game being played (the demo brings its own card)
        assert search_screen(app).query_one("#search-game", Select).value == "demo"
        await type_text(pilot, "airlock door")  # the demo's synonym for its hatch
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.screen.focused is preview(app)  # reading the section, its hit marked
        text = seen(app)
        assert "The hatch" in text and "«hatch»" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is session
        assert (game.head, game.export()["state"]) == before
        await pilot.press("u")  # and the game goes on where it was
        await pilot.pause()
        assert game.head == before[0] - 1


async def test_the_highlighted_trackers_rule_beside_it_and_in_the_search_with_its_rulebook(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule for the highlighted tracker, two ways. At 120x30, t toggles the reference pane
    beside the trackers on its card's section. At 80x24, ? opens the search on that section
    (the game's own filter), the card's section listed before the rulebook's; the search
    from a game looks in that game first."""
    game, players, piece, topic = topic_game(monkeypatch)
    with Library.open(tmp_path) as library:
        card_title = library.topic(game, topic)[0].title
        book = tmp_path / "house-rules.txt"
        book.write_text(f"House Rules\n\n{card_title}\n\nOur table moves it one step at a "
                        f"time, {card_title.lower()} included.\n\nSnacks\n\nNo crumbs.\n")
        library.add_rulebook(book, game)
    table = Tableside(tmp_path)
    table.create(game, players).close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        session = app.screen
        assert isinstance(session, SessionScreen)
        await highlight_piece(pilot, piece)
        holder = app.screen.query_one("#reference")
        assert not holder.display
        await pilot.press("t")
        await settle(pilot)
        assert holder.display
        pane = holder.query_one(ReferencePane)
        assert pane.section is not None and pane.section.title == card_title
        assert f"Rule: {card_title}" in seen(app)
        await pilot.press("t")
        await pilot.pause()
        assert not holder.display
        assert f"Rule: {card_title}" not in seen(app)
        await pilot.resize_terminal(80, 24)  # the tracker still highlighted
        highlighted = session.query_one("#tracks", OptionList).highlighted_option
        assert highlighted is not None and highlighted.id == f"piece:{piece}"
        await pilot.press("question_mark")
        await settle(pilot)
        screen = search_screen(app)
        assert screen.query_one("#search-game", Select).value == game  # the game's own
        assert shown_section(app).title == card_title
        assert shown_section(app).kind == "card"
        assert card_title in seen(app)
        await pilot.press("ctrl+r")  # the list: the card's section, then the rulebook's
        await pilot.pause()
        text = seen(app)
        assert "Reference card" in text and "Your rulebook" in text
        await pilot.press("down", "enter")
        await settle(pilot)
        assert shown_section(app).source == "House Rules"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is session
        await pilot.press("s")  # the search from a game looks in that game first
        await pilot.pause()
        assert search_screen(app).query_one("#search-game", Select).value == game


async def test_reference_pane_without_a_topic_lists_the_card(tmp_path: Path) -> None:
    with Library.open(tmp_path) as library:
        pane_first = library.toc(next(b.id for b in library.cards()
                                      if b.game == "pandora-celeste"))[1].title
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        pane = ReferencePane(Library.open(tmp_path), "pandora-celeste")
        await app.screen.mount(pane)
        pane.show_topic(None)
        await settle(pilot)
        assert pane_first in seen(app)
        pane.query_one("#ref-contents").focus()
        await pilot.press("home", "down", "enter")
        await settle(pilot)
        assert pane.section is not None and pane.section.title == pane_first


async def test_help_keys_on_a_game_without_a_card_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.demo import game as demo_game
    from trackers.games import registry

    # the demo's rules, from a package that ships no card.md
    bare = dataclasses.replace(demo_game.GAME.info, id="bare", title="Bare", home="tests")
    monkeypatch.setitem(registry._INFOS, "bare", bare)
    monkeypatch.setitem(registry._LOADED, "bare", dataclasses.replace(demo_game.GAME, info=bare))
    table = Tableside(tmp_path)
    table.create("bare", 2).close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("t")
        await settle(pilot)
        pane = app.screen.query_one(ReferencePane)
        assert "Bare has no reference card" in str(pane.query_one("#ref-title").render())
        assert isinstance(app.screen, SessionScreen)


# --- the rulebook library ---------------------------------------------------------------


async def open_rulebooks(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("ctrl+b")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RulebooksScreen)


async def choose_game(pilot: Pilot[None], label: str) -> None:
    select = pilot.app.screen.query_one("#add-game", Select)
    labels = [str(prompt) for prompt, _ in select_options(select)]
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*["down"] * labels.index(label))  # the list opens on the first one
    await pilot.press("enter")
    await pilot.pause()


async def test_import_a_rulebook_from_the_tui_find_it_then_remove_it(tmp_path: Path) -> None:
    """A rulebook imported from the search's library is found by the search at once; removing
    it asks first (no keeps it), and once removed the search no longer finds it."""
    book = tmp_path / "gravity.txt"
    book.write_text(RULEBOOK)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await type_text(pilot, "sponge")
        assert "Fuel Leaks" not in result_titles(app)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert "No rulebook imported yet" in seen(app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AddRulebookScreen)
        await paste(pilot, str(book))
        await choose_game(pilot, "Game: Lifeform")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, RulebooksScreen)
        text = seen(app)
        assert "Gravity Rules" in text and "Lifeform" in text
        assert [b.title for b in app.screen.library.books()] == ["Gravity Rules"]
        await pilot.press("escape")  # back to the search: asked again, the new book answers
        await settle(pilot)
        assert result_titles(app)[0] == "Fuel Leaks"
        assert "«sponge»" in seen(app)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert isinstance(app.screen, RulebooksScreen)
        assert "Gravity Rules" in seen(app)
        await pilot.press("d")
        await pilot.pause()
        assert "Remove \"Gravity Rules\"" in seen(app)
        await pilot.press("n")
        await pilot.pause()
        assert len(app.screen.library.books()) == 1  # type: ignore[attr-defined]
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen.library.books() == []  # type: ignore[attr-defined]
        assert "No rulebook imported yet" in seen(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+u")
        await type_text(pilot, "sponge")
        assert "Fuel Leaks" not in result_titles(app)


async def test_a_refused_import_says_why_and_changes_nothing(tmp_path: Path) -> None:
    """An empty file and a missing one are not imported, and say why; a book whose game
    cannot be told from its text asks for its game. The form stays open to try another
    file, and no book is added."""
    (tmp_path / "empty.txt").write_text("")
    book = tmp_path / "gravity.txt"
    book.write_text(RULEBOOK)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_rulebooks(pilot)
        await pilot.press("a")
        await pilot.pause()
        await paste(pilot, str(tmp_path / "empty.txt"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, AddRulebookScreen)  # stays open to try another file
        text = seen(app)
        assert "Not imported" in text and "empty" in text
        await pilot.press("ctrl+u")
        await paste(pilot, str(tmp_path / "missing.txt"))
        await pilot.press("enter")
        await settle(pilot)
        assert "does not exist" in seen(app)
        await pilot.press("ctrl+u")
        await paste(pilot, str(book))
        await pilot.press("enter")  # the game left to "tell from its text"
        await settle(pilot)
        assert "Choose its game" in seen(app)
        assert app.screen.library.books() == []  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RulebooksScreen)
        assert app.screen.library.books() == []
        assert "No rulebook imported yet" in seen(app)


@pytest.mark.parametrize("size", kept_by_default([(64, 24), (80, 24)], (80, 24),
                                                  ids=["narrow", "80x24"]))
async def test_preview_scrolls_to_the_first_hit(tmp_path: Path, size: tuple[int, int]) -> None:
    filler = "\n\n".join(f"Paragraph {n} says nothing of note." for n in range(60))
    book = tmp_path / "long.txt"
    book.write_text(f"Long Rules\n\nThe Long Chapter\n\n{filler}\n\nThe zeppelin lands here."
                    "\n\nShort Chapter\n\nNothing.\n")
    with Library.open(tmp_path) as library:
        library.add_rulebook(book, "lifeform")
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await type_text(pilot, "zeppelin")
        await pilot.press("enter", "enter")
        await settle(pilot)
        pane = preview(app)
        assert pane.section is not None and pane.section.title == "The Long Chapter"
        assert pane.scroll_y > 0
        assert "«zeppelin»" in seen(app)
