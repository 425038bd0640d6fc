"""Home at 80x24 as a table sees it: titles get the room, the highlighted game is shown
whole under the list (its full status), and each game's play mode is named."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from tableside.api import Tableside
from tests.pilot_keys import save_game
from tests.tui.screen_text import screen_text
from tui.app import TablesideApp


def long_titled_games(data: Path) -> None:
    table = Tableside(data)
    # two untitled-looking games told apart only by their ends: the table must show them
    for title in ("Tue 01 Dec, 13:05 with the neighbours and their kids",
                  "Tue 01 Dec, 13:05 at the club"):
        table.create("space-station-phoenix", 2, names=("Anna", "Beth"), seed="h",
                     title=title).close()
    coop = table.create("nemesis-lockdown", 3, names=("Ann", "Bo", "Cy"), seed="h",
                        mode="coop", title="Lockdown")
    coop.close()
    table.store.touch(coop.id, coop.info.updated,
                              status="ended: Facility purged, everyone aboard escaped")
    table.close()


async def test_home_at_80x24_gives_the_titles_room_and_shows_the_highlighted_game_whole(
        tmp_path: Path) -> None:
    long_titled_games(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        # the titles get the room: the two games told apart, the club one whole, where the
        # old widths cut every title after "Tue 01 Dec, 1"
        assert "Tue 01 Dec, 13:05 at the club  " in text
        assert "Tue 01 Dec, 13:05 with the neighb" in text  # the longest cut last, at 34
        assert "in progress" in text or "setting up" in text  # a short status stays whole
        assert all(cell_len(line) <= 80 for line in text.splitlines())
        # the first listed (latest) is the co-op game: its full status under the list
        detail = str(app.screen.query_one("#home-detail").render())
        assert "Lockdown · Nemesis: Lockdown, fully co-operative, 3p" in detail
        assert "ended: Facility purged, everyone aboard escaped" in detail
        assert "ended: Facility purged, everyone aboard escaped" in " ".join(
            text.split())
        await pilot.press("down")
        await pilot.pause()
        detail = str(app.screen.query_one("#home-detail").render())
        assert detail.startswith("Tue 01 Dec, 13:05 at the club · Space Station Phoenix, 2p")
        await pilot.press("down")
        await pilot.pause()
        detail = str(app.screen.query_one("#home-detail").render())
        assert detail.startswith("Tue 01 Dec, 13:05 with the neighbours and their kids · ")


async def test_the_columns_fit_the_screen_again_when_it_is_resized(tmp_path: Path) -> None:
    """The widths are measured once per reading of the list, and still fit a new width."""
    long_titled_games(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Tue 01 Dec, 13:05 with the neighbours and their kids" not in screen_text(app)
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        wide = screen_text(app)
        assert "Tue 01 Dec, 13:05 with the neighbours and their kids" in wide
        assert all(cell_len(line) <= 120 for line in wide.splitlines())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = screen_text(app)
        assert "Tue 01 Dec, 13:05 with the neighb" in text
        assert "Tue 01 Dec, 13:05 with the neighbours and their kids" not in text
        assert all(cell_len(line) <= 80 for line in text.splitlines())


def test_a_game_listed_before_modes_were_kept_names_its_mode_only_when_the_count_tells(
        ) -> None:
    from saves.catalog import SessionInfo
    from tui.screens.home import game_label

    def row(game: str, players: int, mode: str = "") -> SessionInfo:
        return SessionInfo("x", game, "t", players, "", "", "in progress", mode)

    # 3 players of Nemesis: Lockdown may be semi- or fully co-operative: no guess
    assert game_label(row("nemesis-lockdown", 3)) == "Nemesis: Lockdown, 3p"
    assert game_label(row("nemesis-lockdown", 3, "coop")) == (
        "Nemesis: Lockdown, fully co-operative, 3p")
    assert game_label(row("nemesis-lockdown", 1)) == "Nemesis: Lockdown, solo, 1p"
    assert game_label(row("space-station-phoenix", 2)) == "Space Station Phoenix, 2p"


async def test_the_list_follows_the_highlight_and_a_click_on_the_highlighted_game_opens_it(
        tmp_path: Path) -> None:
    """Home's list (tui/screens/home_list.py) as a player uses it: the arrows scroll the
    highlighted game into view under a header that stays; a click highlights a game, a
    second click on it opens it (the first never opens one by mistake)."""
    from tui.screens.home_list import SavesList
    from tui.screens.session import SessionScreen

    table = Tableside(tmp_path)
    for i in range(30):  # more than a screenful at 80x24
        table.create("space-station-phoenix", 2, title=f"Game {i:03d}", seed=f"s{i}").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Game 010" not in screen_text(app)  # below the fold at first
        for _ in range(19):
            await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "Game 010" in text and "Game 029" not in text  # scrolled with the highlight
        assert "Title" in text and "Last played" in text  # the header stays on top
        detail = str(app.screen.query_one("#home-detail").render())
        assert detail.startswith("Game 010 · Space Station Phoenix, 2p")
        listed = app.screen.query_one(SavesList)
        top = int(listed.scroll_y)
        await pilot.click(SavesList, offset=(5, 1))  # the first row shown under the header
        await pilot.pause()
        detail = str(app.screen.query_one("#home-detail").render())
        assert detail.startswith(f"Game {29 - top:03d} · ")
        assert not isinstance(app.screen, SessionScreen)  # highlighted, not opened
        await pilot.click(SavesList, offset=(5, 1))
        await pilot.pause()
        assert isinstance(app.screen, SessionScreen)
        assert app.screen.play.info.title == f"Game {29 - top:03d}"


async def test_home_backs_the_folder_up_to_a_file_and_restores_it_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home, laptop = tmp_path / "home", tmp_path / "laptop"
    session_id = save_game(home, "space-station-phoenix", 2, title="Tuesday")
    monkeypatch.chdir(tmp_path)  # a short file name to type
    for folder, choice in ((home, []), (laptop, ["down"])):
        app = TablesideApp(data_dir=folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("m")
            await pilot.pause()
            await pilot.press(*choice, "enter")
            await pilot.pause()
            await pilot.press("ctrl+a", "ctrl+k", *"m.zip", "enter")
            await pilot.pause()
        assert (tmp_path / "m.zip").exists()
    assert [s.id for s in Tableside(laptop).sessions()] == [session_id]
