"""Start-up: Home lists the games without loading any game's rules or the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.textual_probe import DATA_TABLE_MODULE

ROOT = Path(__file__).resolve().parents[1]

# One interpreter for both start-up probes (a start-up costs as much CPU as the checks): the
# app's module imported first, the later screens' modules looked for at once; then what Home
# calls to list the games, and the engine and rules modules looked for.
PROBE = f"""
import sys
import tui.app
later = ["tui.screens.keys",  # the F1 screen and the palette's list of keys
         "{DATA_TABLE_MODULE}",  # the tables of later screens (not Home's list)
         "tableside.open_session",  # a game opened (Home only lists them)
         "tui.screens.form_keys"]  # the forms' keys and lists
print(" ".join(m for m in later if m in sys.modules))
from tui.screens.home import tool_bindings
from trackers.games.registry import infos
infos(); tool_bindings()
engine = [m for m in sys.modules
          if m.startswith("trackers.engine.") and m != "trackers.engine.info"]
rules = [m for m in sys.modules if m.startswith("trackers.games.") and m.count(".") > 2]
loaded = sorted(engine + rules)
print(" ".join(loaded))
"""


@pytest.fixture(scope="module")
def probed() -> list[str]:
    """The probe's two lines: the later screens' modules loaded with the app's module, then
    the engine and rules modules loaded once Home has listed the games."""
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            cwd=ROOT, timeout=60, check=True)
    lines = result.stdout.split("\n")
    assert len(lines) == 3 and lines[2] == "", result.stdout
    return lines[:2]


def test_home_lists_the_games_without_loading_their_rules(probed: list[str]) -> None:
    """What Home needs (titles, ways to play, tool keys) comes from each game's small
    ``__init__``: loading the rules there would cost every launch (benchmarks/run.py)."""
    assert probed[1].split() == []


def test_the_keys_screen_and_tables_load_when_first_asked_for(probed: list[str]) -> None:
    """F1's screen and the palette's key list are not Home's: the app's module leaves them
    for the first F1 or ctrl+p, as it leaves an open game's room and the forms' keys for the
    first game opened or form shown (tests/tui/test_shell_pilot.py checks both still work). Home
    lists the games without Textual's DataTable (tui/screens/home_list.py): the play
    history's and the board profiles' tables load with their screens."""
    assert probed[0].split() == []


async def test_the_other_screens_styles_are_read_when_the_first_of_them_opens(
        tmp_path: Path) -> None:
    """Home's first frame parses only the shared rules and Home's (tui/tableside.tcss); the
    dialogs', forms' and game screens' rules (tui/later_screens.tcss) are read when the first
    other screen opens, and that screen is drawn with them."""
    from tui.app import LATER_CSS, TablesideApp

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(LATER_CSS), "")
        await pilot.press("n")  # New game: a dialog
        await pilot.pause()
        assert app.stylesheet.has_source(str(LATER_CSS), "")
        dialog = app.screen.query_one(".dialog")
        # later_screens.tcss: dialogs centred, framed in a rounded border
        assert (app.screen.styles.align_horizontal, app.screen.styles.align_vertical) == (
            "center", "middle")
        assert dialog.styles.border.top[0] == "round"
        reads: list[object] = []
        read = app.stylesheet.read
        app.stylesheet.read = lambda path: reads.append(path) or read(path)  # type: ignore
        await pilot.press("escape")  # back Home, then a dialog again: read once, not again
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert reads == []


async def test_a_seat_whose_first_screen_is_not_home_has_the_other_screens_styles(
        tmp_path: Path) -> None:
    """A seat's app opens on its seat screen, never on Home: the rules it shares with the game
    screens are read at once (the game's lists unframed: ``#tracks`` has no border)."""
    from tableside.api import Tableside
    from tui.app import LATER_CSS
    from tui.seat_app import SeatApp

    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"])
    game_id = play.id
    play.close()
    table.close()
    app = SeatApp(tmp_path, game_id, 1)
    async with app.run_test(size=(50, 40)) as pilot:
        await pilot.pause()
        assert app.stylesheet.has_source(str(LATER_CSS), "")
        assert app.screen.query_one("#tracks").styles.border.top[0] in ("", "none")
