"""Another window holds the game: the app says so at once and stays live, Escape gives up
the wait (nothing recorded), and keys typed while it waits land after, in order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pilot_keys import save_game
from tests.tui.test_windows_pilot import until
from tui.app import TablesideApp
from tui.screens.history import HistoryScreen
from tui.screens.home import HomeScreen
from tui.screens.lock_wait import LockWaitScreen
from tui.screens.session import SessionScreen

pytestmark = pytest.mark.usefixtures("demo_registered")

HOLDER = ("import sys; from filelock import FileLock; lock = FileLock(sys.argv[1]); "
          "lock.acquire(); print('held', flush=True); sys.stdin.readline(); lock.release()")


def hold(lock: Path) -> subprocess.Popen[str]:
    """Another process holding the game's lock until a line is written to it."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def let_go(holder: subprocess.Popen[str]) -> None:
    assert holder.stdin is not None
    holder.stdin.write("\n")
    holder.stdin.flush()
    holder.wait(timeout=10)


async def test_a_wait_for_another_window_shows_cancels_and_keeps_the_keys(
        tmp_path: Path) -> None:
    session_id = save_game(tmp_path, "demo", 2, [("fire", {}), ("advance", {"spaces": 1})])
    lock = tmp_path / "sessions" / f"{session_id}.lock"
    journal = tmp_path / "sessions" / f"{session_id}.jsonl"
    holder = hold(lock)
    try:
        app = TablesideApp(data_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")  # resume while another window writes to it
            await pilot.pause()
            assert isinstance(app.screen, LockWaitScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            let_go(holder)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, SessionScreen))
            assert isinstance(app.screen, SessionScreen)

            holder = hold(lock)
            size = journal.stat().st_size
            await pilot.press("u")  # undo: waits, the screen live
            await pilot.pause()
            assert isinstance(app.screen, LockWaitScreen)
            await pilot.press("escape")  # cancelled: nothing recorded
            await pilot.pause(0.3)
            assert journal.stat().st_size == size
            await pilot.press("u", "h")  # undo again, then the history, typed while it waits
            await pilot.pause()
            assert isinstance(app.screen, LockWaitScreen)
            let_go(holder)
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
            assert isinstance(app.screen, HistoryScreen)
    finally:
        if holder.poll() is None:
            let_go(holder)
    assert Tableside(tmp_path).load(session_id).head == 1  # the undo, once
