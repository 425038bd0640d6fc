"""The Now panel names other windows by who they are, keeps the newest note in view, and
never marks this window's own action as another's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tests.pilot_keys import save_game
from tests.repeats import kept_by_default
from tests.tui.screen_text import panel_text, screen_text
from tests.tui.test_windows_pilot import until
from tui.app import TablesideApp
from tui.screens.session import SessionScreen
from tui.screens.session_watch import elsewhere_line

pytestmark = pytest.mark.usefixtures("demo_registered")


def test_a_window_is_named_by_who_it_is() -> None:
    assert elsewhere_line([f"cli {4100 + i}" for i in range(3)] + ["seat Ann", "script 77"]) \
        == "3 actions from the CLI, 1 from Ann's seat, 1 from a script, marked in the log"
    assert elsewhere_line(["cli 9"]) == "1 action from the CLI, marked in the log"
    assert elsewhere_line([]) == ""


def cli_does(data: Path, session_id: str, process: int, name: str, **args: Any) -> None:
    """One `tableside do` call: its own process, so its own id."""
    table = Tableside(data, by=f"cli {process}")
    play = table.load(session_id)
    if name == "undo":
        play.undo()
    else:
        play.do(name, **args)
    play.close()
    table.close()


@pytest.mark.parametrize("size", kept_by_default([(80, 24), (120, 40)], (80, 24),
                                                  ids=["80x24", "120x40"]))
async def test_thirty_cli_actions_say_one_short_line_and_the_newest_note_shows(
        tmp_path: Path, size: tuple[int, int]) -> None:
    session_id = save_game(tmp_path, "demo", 2)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        for i in range(30):
            cli_does(tmp_path, session_id, 15900 + i, "next_round")
        await until(pilot, lambda: screen.play.head == 30)
        now = panel_text(app, "#now")
        assert now.splitlines()[0] == "30 actions from the CLI, marked in the log"
        assert "159" not in now  # no process ids
        newest = screen.play.notes[0].text
        assert newest in now
        shown = " ".join(screen_text(app).split())
        assert " ".join(newest.split())[:30] in shown  # in view, not scrolled away


async def test_an_action_here_after_a_cli_undo_is_not_marked_as_another_windows(
        tmp_path: Path) -> None:
    session_id = save_game(tmp_path, "demo", 2, [("next_round", {})])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        cli_does(tmp_path, session_id, 501, "fire")  # action 2, from the CLI
        await until(pilot, lambda: screen.play.head == 2)
        cli_does(tmp_path, session_id, 502, "undo")
        await until(pilot, lambda: screen.play.head == 1)
        await pilot.press("f")  # action 2 again: this window's own
        await pilot.pause()
        assert screen.play.head == 2
        log = panel_text(app, "#log").splitlines()
        own = next(line for line in log if line.lstrip(">").split()[:1] == ["2"])
        assert "(from " not in own
        first = next(line for line in log if line.lstrip(">").split()[:1] == ["1"])
        assert "(from " not in first  # the CLI's undo back to it marks nothing
        assert "from the CLI" not in panel_text(app, "#now")  # its own news now
