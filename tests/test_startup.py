"""Start-up: Home lists the games without loading any game's rules or the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys
from tui.screens.home import tool_bindings
from trackers.games.registry import infos
infos(); tool_bindings()
engine = [m for m in sys.modules
          if m.startswith("trackers.engine.") and m != "trackers.engine.info"]
rules = [m for m in sys.modules if m.startswith("trackers.games.") and m.count(".") > 2]
loaded = sorted(engine + rules)
print(" ".join(loaded))
"""


def test_home_lists_the_games_without_loading_their_rules() -> None:
    """What Home needs (titles, ways to play, tool keys) comes from each game's small
    ``__init__``: loading the rules there would cost every launch (benchmarks/run.py)."""
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            cwd=ROOT, timeout=60, check=True)
    assert result.stdout.split() == []


LATER_SCREENS = """
import sys
import tui.app
later = ["tui.screens.keys"]  # the F1 screen and the palette's list of keys
print(" ".join(m for m in later if m in sys.modules))
"""


def test_the_keys_screen_loads_when_first_asked_for() -> None:
    """F1's screen and the palette's key list are not Home's: the app's module leaves them
    for the first F1 or ctrl+p (tests/tui/test_shell_pilot.py checks both still work)."""
    result = subprocess.run([sys.executable, "-c", LATER_SCREENS], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, check=True)
    assert result.stdout.split() == []
