"""Speed where a player feels it, side by side in one run.

    python benchmarks/keys.py

(a) A key press to the settled screen in a game with 1,000 actions (undo, then redo),
    against a bare Textual app whose key updates one widget, both driven by the same pilot
    (press, then wait until no message is pending). The game's own work (the rules replaying
    and the journal write, without the screen) is timed separately. Target: the app within
    one frame (16 ms) of the bare app.
    The same on every game's screen: a game of 1,000 actions of each
    title (values set by hand, the one action every game has), undo and redo.
    How to read it: the Pilot waits for the screen to settle by sampling the process's CPU
    time every 20 ms until a 20 ms window passes almost idle (Textual's ``wait_for_idle``),
    so the wall-clock figure moves in steps of about 20 ms. Work that spills past the first
    window (a layout of the whole screen, which Textual does on its next update tick and
    which then repaints every panel) costs one or two whole steps; work that fits in the
    first costs nothing more. The CPU figure shows the work itself.
(b) Home with 500 saved games against Home with none, each to its first settled screen.
    Target: within 1.2 x.
``run()`` returns the figures as a dict; benchmarks/run.py prints them with its own.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from textual.app import App, ComposeResult  # noqa: E402
from textual.widgets import Footer, Header, Static  # noqa: E402

from saves.atomic import forget_parsed  # noqa: E402
from tableside.api import Tableside  # noqa: E402
from tui.app import TablesideApp  # noqa: E402

ACTIONS = 1_000
PRESSES = 30
SAVED_GAMES = 500
HOME_RUNS = 5
SIZE = (80, 24)
FRAME_MS = 16.0
TARGET_HOME_RATIO = 1.2


class Bare(App[None]):
    """A bare Textual app: one key changes one widget."""

    BINDINGS = [("u", "bump", "Bump"), ("r", "bump", "Bump")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("0", id="count")
        yield Footer()

    def action_bump(self) -> None:
        widget = self.query_one("#count", Static)
        widget.update(str(int(str(widget.render())) + 1))


def _long_game(data: Path) -> str:
    """A Space Station Phoenix game of ``ACTIONS`` score changes."""
    table = Tableside(data)
    play = table.create("space-station-phoenix", 3, seed="keys",
                        names=("Ann", "Bo", "Cy"), board={"lap_size": 50})
    play.do("setup_all")
    for i in range(ACTIONS - 1):
        play.do("add_points", player=("Ann", "Bo", "Cy")[i % 3], points=1 + i % 3)
    play.close()
    table.close()
    return play.id


def _long_game_of(data: Path, game_id: str) -> None:
    """A game of ``game_id`` with ``ACTIONS`` values set by hand (every game has them)."""
    from trackers.engine.common_actions import settable_targets
    from trackers.games.registry import get_game

    game = get_game(game_id)
    mode = game.modes[0]
    players = mode.player_counts[-1]
    picks = {o.name: list(o.choices[:players]) for o in game.options_for(mode.id)
             if o.kind == "multi" and not o.default}  # a list the table must fill (a crew)
    table = Tableside(data)
    play = table.create(game_id, players, options=picks, mode=mode.id, seed="keys")
    done, value = 0, 0
    targets = settable_targets(play.state)
    while done < ACTIONS:
        target = targets[done % len(targets)]
        value = 1 - value
        try:
            play.do("set_value", target=target, value=value)
        except Exception:  # a value that cannot be 0 or 1 (a track's start): the next one
            targets.remove(target)
            continue
        done += 1
    play.close()
    table.close()


def every_game() -> dict[str, dict[str, float]]:
    """A key press (undo, redo) on each game's own screen against the bare app, in ms.

    For each title the bare app and the game's screen run one after the other (interleaved,
    so a busy machine weighs on both alike); ``extra_ms`` is the difference of the medians of
    wall-clock time, ``cpu_extra_ms`` of the CPU time this process spent (what the app itself
    costs, whatever else the machine runs).
    """
    from trackers.games.registry import PACKAGES, get_game

    out: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        keys = ["u", "r"] * (PRESSES // 2)
        for package in PACKAGES:
            game_id = get_game(package.replace("_", "-")).id
            data = Path(tmp) / game_id
            _long_game_of(data, game_id)
            bare, bare_cpu = asyncio.run(_timed(Bare(), keys, []))
            app, app_cpu = asyncio.run(_timed(TablesideApp(data_dir=data), keys, ["enter"]))
            out[game_id] = {
                "app_ms": statistics.median(app), "bare_ms": statistics.median(bare),
                "extra_ms": statistics.median(app) - statistics.median(bare),
                "cpu_app_ms": statistics.median(app_cpu),
                "cpu_extra_ms": statistics.median(app_cpu) - statistics.median(bare_cpu)}
    return out


async def _presses(app: App[Any], keys: list[str], before: list[str]) -> list[float]:
    """Milliseconds from each key to the settled screen (the same pilot for both apps)."""
    return (await _timed(app, keys, before))[0]


async def _timed(app: App[Any], keys: list[str], before: list[str]
                 ) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds from each key to the settled screen."""
    timings: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in before:
            await pilot.press(key)
            await pilot.pause()
        for key in keys:
            started, cpu_started = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()  # until every pending message is handled and the screen drawn
            timings.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - cpu_started) * 1000)
    return timings, cpu


def _game_work(data: Path, session_id: str) -> float:
    """Median ms of undo+redo in the API alone (rules and journal, no screen)."""
    table = Tableside(data)
    play = table.load(session_id)
    timings = []
    for _ in range(PRESSES // 2):
        for step in (play.undo, play.redo):
            started = time.perf_counter()
            step()
            timings.append((time.perf_counter() - started) * 1000)
    play.close()
    table.close()
    return statistics.median(timings)


async def _home(data: Path) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds to Home's first settled screen."""
    forget_parsed()  # every run reads the catalog as a freshly started app does
    started, cpu = time.perf_counter(), time.process_time()
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000


def _saved_games(data: Path, count: int) -> None:
    table = Tableside(data)
    for i in range(count):
        table.create("space-station-phoenix", 2, seed=f"g{i}").close()
    table.close()


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "game"
        session_id = _long_game(data)
        keys = ["u", "r"] * (PRESSES // 2)
        app_ms = asyncio.run(_presses(TablesideApp(data_dir=data), keys, ["enter"]))
        bare_ms = asyncio.run(_presses(Bare(), keys, []))
        work_ms = _game_work(data, session_id)
        empty, full = Path(tmp) / "empty", Path(tmp) / "full"
        Tableside(empty).close()
        _saved_games(full, SAVED_GAMES)
        none_runs, full_runs = [], []
        for _ in range(HOME_RUNS):  # interleaved: a busy machine weighs on both alike
            none_runs.append(asyncio.run(_home(empty)))
            full_runs.append(asyncio.run(_home(full)))
        home_none, home_full = (statistics.median(r[0] for r in runs)
                                for runs in (none_runs, full_runs))
        cpu_none, cpu_full = (statistics.median(r[1] for r in runs)
                              for runs in (none_runs, full_runs))
    return {
        "key_app_median_ms": statistics.median(app_ms),
        "key_bare_median_ms": statistics.median(bare_ms),
        "key_extra_ms": statistics.median(app_ms) - statistics.median(bare_ms),
        "key_game_work_ms": work_ms,
        "home_none_ms": home_none,
        "home_500_ms": home_full,
        "home_ratio": home_full / home_none,
        "home_cpu_ratio": cpu_full / cpu_none,
        "every_game": every_game(),
    }


def main() -> int:
    figures = run()
    print("Key press to a settled screen (a game of 1,000 actions; undo and redo)")
    print(f"  Tableside           {figures['key_app_median_ms']:7.1f} ms (median)")
    print(f"  bare Textual app    {figures['key_bare_median_ms']:7.1f} ms")
    extra = figures["key_extra_ms"]
    verdict = "within" if extra <= FRAME_MS else "over"
    print(f"  difference          {extra:7.1f} ms ({verdict} one frame, {FRAME_MS:.0f} ms)")
    print(f"  the game's own work {figures['key_game_work_ms']:7.1f} ms (rules + journal)")
    print("Key press on every game's screen (1,000 actions; undo and redo), over the bare app")
    for game_id, one in figures["every_game"].items():
        verdict = "within" if one["extra_ms"] <= FRAME_MS else "over"
        print(f"  {game_id:24} {one['extra_ms']:+7.1f} ms ({verdict} one frame); CPU "
              f"{one['cpu_extra_ms']:+.1f} ms")
    print(f"Home with {SAVED_GAMES} saved games")
    print(f"  none {figures['home_none_ms']:.0f} ms, {SAVED_GAMES}: {figures['home_500_ms']:.0f} ms"
          f": ratio {figures['home_ratio']:.2f} (target {TARGET_HOME_RATIO}); CPU time ratio "
          f"{figures['home_cpu_ratio']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
