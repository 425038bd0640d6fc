"""Screen snapshots (pytest-textual-snapshot) of the app shell and every game's screen.

A changed layout fails here until the new look is accepted on purpose:
``pytest tests/tui/test_snapshots.py --snapshot-update``. Times are fixed (the clock in the
header, the journal's stamps) so a snapshot depends only on the layout and the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from tableside import api, open_session
from tests.pilot_keys import saved
from tests.textual_probe import HeaderClock
from tui.app import TablesideApp

STAMP = "2026-01-01T20:00:00"
# The games shown, named by id: a game added later changes none of these snapshots.
GAMES = ("lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix")

Snap = Callable[..., bool]


@pytest.fixture(autouse=True)
def fixed_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that ticks one second per reading, from the same start every test (games
    saved one after another keep their order)."""
    ticks = itertools.count()

    def now() -> str:
        tick = next(ticks)
        return f"{STAMP[:-5]}{tick // 60 % 60:02d}:{tick % 60:02d}"

    monkeypatch.setattr(api, "now", now)
    monkeypatch.setattr(open_session, "now", now)  # the catalog's "last played"
    monkeypatch.setattr(HeaderClock, "render", lambda self: Text("20:00:00"))
    yield


async def resume(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def test_home(snap_compare: Snap, tmp_path: Path) -> None:
    for index, game in enumerate(GAMES):
        saved(tmp_path, game, f"Evening {index + 1}")
    assert snap_compare(TablesideApp(data_dir=tmp_path), terminal_size=(80, 24))


@pytest.mark.slow
def test_wide_home(snap_compare: Snap, tmp_path: Path) -> None:
    for index, game in enumerate(GAMES):
        saved(tmp_path, game, f"Evening {index + 1}")
    assert snap_compare(TablesideApp(data_dir=tmp_path), terminal_size=(120, 40))


def test_new_game(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(TablesideApp(data_dir=tmp_path), press=["n"], terminal_size=(80, 24))


# Each screen at 80x24 in every run; at 120x40 (the roomy layouts) in the slow group: every
# test_wide_* (the same screen as the test its name continues). Their names start apart from
# the 80x24 ones', and the 80x24 ones are not parametrized by size: syrupy counts a snapshot
# of a test that ran under another parameter, or whose name starts alike, as unused.
SIZES = pytest.mark.parametrize("size", [(80, 24)], ids=["80x24"])
WIDE = pytest.mark.parametrize("size", [(120, 40)], ids=["120x40"])


@pytest.mark.slow
def test_wide_new_game(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(TablesideApp(data_dir=tmp_path), press=["n"], terminal_size=(120, 40))


@pytest.mark.parametrize("game", GAMES)
def test_session_screen(snap_compare: Snap, tmp_path: Path, game: str) -> None:
    saved(tmp_path, game, "Friday night", moves=2)
    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=resume,
                        terminal_size=(80, 24))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_wide_session_screen(snap_compare: Snap, tmp_path: Path, game: str) -> None:
    saved(tmp_path, game, "Friday night", moves=2)
    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=resume,
                        terminal_size=(120, 40))


@SIZES
def test_board_profile(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    """Home, b, Lifeform (found in the list by its id): its printed board values, unset
    until entered."""
    async def to_the_profile(pilot: Pilot[Any]) -> None:
        from textual.widgets import OptionList

        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        picks = pilot.app.screen.query_one("#pick", OptionList)
        ids = [picks.get_option_at_index(i).id for i in range(picks.option_count)]
        await pilot.press(*["down"] * ids.index("lifeform"), "enter")
        await pilot.pause()

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=to_the_profile,
                        terminal_size=size)


@SIZES
def test_play_history(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    for index, game in enumerate(GAMES):
        saved(tmp_path, game, f"Evening {index + 1}", moves=2)

    async def to_the_history(pilot: Pilot[Any]) -> None:
        await pilot.press("g")
        # The saved games are read off-thread: wait until they have arrived on the screen (a
        # busy machine may not have started the worker when the key press returns).
        # (Home's watching thread never completes: wait on the screen, not on every worker.)
        for _ in range(400):
            await pilot.pause(0.05)
            if getattr(pilot.app.screen, "found", None):
                break
        # The tables size their columns to the rows on a later refresh: wait until settled.
        sizes = None
        for _ in range(100):
            await pilot.pause(0.05)
            now = [(t.virtual_size, t.row_count) for t in pilot.app.screen.query(DataTable)]
            if now == sizes:
                break
            sizes = now

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=to_the_history,
                        terminal_size=size)


@SIZES
def test_game_report(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    """A game's report (ctrl+r in the game), a few actions in."""
    saved(tmp_path, "space-station-phoenix", "Friday night", moves=3)

    async def to_the_report(pilot: Pilot[Any]) -> None:
        await resume(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=to_the_report,
                        terminal_size=size)


@SIZES
def test_every_key_of_a_game_screen(snap_compare: Snap, tmp_path: Path,
                                    size: tuple[int, int]) -> None:
    """F1 in a game: every key of the screen, by its plain name."""
    saved(tmp_path, "lifeform", "Friday night")

    async def to_the_keys(pilot: Pilot[Any]) -> None:
        await resume(pilot)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=to_the_keys,
                        terminal_size=size)


@pytest.mark.usefixtures("demo_registered")
def test_generic_session_screen(snap_compare: Snap, tmp_path: Path) -> None:
    saved(tmp_path, "demo", "Friday night", moves=2)
    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=resume,
                        terminal_size=(80, 24))


@pytest.mark.slow
@pytest.mark.usefixtures("demo_registered")
def test_wide_generic_session_screen(snap_compare: Snap, tmp_path: Path) -> None:
    saved(tmp_path, "demo", "Friday night", moves=2)
    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=resume,
                        terminal_size=(120, 40))


@pytest.mark.usefixtures("demo_registered")
def test_privacy_curtain(snap_compare: Snap, tmp_path: Path) -> None:
    saved(tmp_path, "demo", "Friday night")

    async def to_the_curtain(pilot: Pilot[Any]) -> None:
        await resume(pilot)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # the one secret is filled in: OK has the focus
        await pilot.pause()

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=to_the_curtain,
                        terminal_size=(80, 24))


async def search_hull_breach(pilot: Pilot[Any]) -> None:
    """The search of one game, a question typed; the results and the preview settle."""
    from tui.screens.search import DEBOUNCE

    await pilot.pause()
    from tui.screens.search_launch import open_search

    # the search of one game's card, named by id (as s opens it in that game's session): a
    # card added later never changes these results
    open_search(pilot.app, game="pandora-celeste")
    await pilot.pause()
    pilot.app.screen.query_one("#search-query", Input).cursor_blink = False  # the same every time
    await pilot.press(*"hull breach")
    for _ in range(3):
        await pilot.pause(DEBOUNCE * 2)
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@SIZES
def test_search(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    """The search screen answering from the games' reference cards (no rulebook imported)."""
    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=search_hull_breach,
                        terminal_size=size)


@SIZES
def test_score_calculator(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    """The Space Station Phoenix calculator opened from Home, a few counts typed."""
    from trackers.games.registry import infos

    key = next(tool.home_key for info in infos() for tool in info.tools if tool.home_key)

    async def open_and_type(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        await pilot.press("1", "2", "enter", "2", "enter")
        await pilot.pause()

    assert snap_compare(TablesideApp(data_dir=tmp_path), run_before=open_and_type,
                        terminal_size=size)


# --- the same screens at 120x40, in the slow group ---------------------------------------


@pytest.mark.slow
@WIDE
def test_wide_board_profile(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    test_board_profile(snap_compare, tmp_path, size)


@pytest.mark.slow
@WIDE
def test_wide_play_history(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    test_play_history(snap_compare, tmp_path, size)


@pytest.mark.slow
@WIDE
def test_wide_game_report(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    test_game_report(snap_compare, tmp_path, size)


@pytest.mark.slow
@WIDE
def test_wide_every_key_of_a_game_screen(snap_compare: Snap, tmp_path: Path,
                                         size: tuple[int, int]) -> None:
    test_every_key_of_a_game_screen(snap_compare, tmp_path, size)


@pytest.mark.slow
@WIDE
def test_wide_search(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    test_search(snap_compare, tmp_path, size)


@pytest.mark.slow
@WIDE
def test_wide_score_calculator(snap_compare: Snap, tmp_path: Path, size: tuple[int, int]) -> None:
    test_score_calculator(snap_compare, tmp_path, size)
