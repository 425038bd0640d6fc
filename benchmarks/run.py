"""Tableside benchmarks, measured side by side in one run.

    python benchmarks/run.py

(a) launch to first screen: the app and a bare Textual app, each in a fresh interpreter
    (median of several runs), and their ratio. Target: app <= 1.2 x bare.
(b) one durable action (journal append + fsync) at 10 and at 10,000 events, and the
    ratio. Target: <= 1.5.
(c) opening a 10,000-event session: with the snapshot the app keeps, and by full replay.
(d) peak memory: the app process at its first screen, opening the 10,000-event session,
    and this benchmark process.
(e) a key press to the settled screen in a 1,000-action game against a bare Textual app,
    and Home with 500 saved games against none (benchmarks/keys.py).
(f) the play history on 500 saved games (benchmarks/history.py).
(g) rules search: import and query latency (benchmarks/search.py).
(h) rules search on one 20 MB single-section rulebook: 100 searches (benchmarks/huge_search.py).
``run()`` returns every figure as a dict.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from saves.journal import JournalFile, read_journal  # noqa: E402
from saves.seal import read_seal, write_seal  # noqa: E402
from saves.snapshots import SNAPSHOT_RECORD, state_digest  # noqa: E402
from tableside.api import OpenSession, Tableside  # noqa: E402
from trackers.engine import Session  # noqa: E402
from trackers.games import registry  # noqa: E402

LAUNCH_RUNS = 7
ACTION_RUNS = 300
OPEN_RUNS = 5
BIG = 10_000
SMALL = 10
TARGET_LAUNCH_RATIO = 1.2
TARGET_SEARCH_MEDIAN_MS = 1.5
TARGET_SEARCH_P95_MS = 4.0
TARGET_ACTION_RATIO = 1.5

# Each child prints: <wall clock when the first screen was ready> <peak RSS in KB>.
_READY_APP = r"""
import inspect, os, resource, sys, time
from pathlib import Path
from tui.app import TablesideApp

css = TablesideApp.CSS_PATH
css = [css] if isinstance(css, (str, Path)) else list(css or [])

class FirstScreen(TablesideApp):
    # CSS paths are relative to the file defining the class: point back at the app's own.
    CSS_PATH = [os.path.join(os.path.dirname(inspect.getfile(TablesideApp)), c) for c in css]
    ready_at = 0.0
    screen_name = ""

    def on_ready(self) -> None:  # Textual's Ready: the DOM is ready, the first frame drawn
        self.ready_at = time.time()
        self.screen_name = type(self.screen).__name__
        self.exit()

app = FirstScreen(data_dir=Path(sys.argv[1]))
app.run(headless=True, size=(80, 24))
print(app.ready_at, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, app.screen_name)
"""

_READY_BARE = r"""
import resource, sys, time
from textual.app import App, ComposeResult
from textual.widgets import Static

class Bare(App[None]):
    ready_at = 0.0

    def compose(self) -> ComposeResult:
        yield Static("Hello")

    def on_ready(self) -> None:
        self.ready_at = time.time()
        self.exit()

app = Bare()
app.run(headless=True, size=(80, 24))
print(app.ready_at, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "Screen")
"""


def _register_demo() -> str:
    """Use the demo game from tests/ (its plan below keeps every step possible, so 10,000 fit)."""
    from tests.demo import INFO
    from tests.demo.game import GAME

    registry.infos()
    registry._INFOS["demo"] = INFO
    registry._LOADED["demo"] = GAME
    return "demo"


_PLAN: list[tuple[str, dict[str, Any]]] = [
    ("advance", {"spaces": 1}), ("fire", {}), ("draw", {}), ("advance", {"spaces": 2}),
    ("set_value", {"target": "countdown.position", "value": 25}),
]


def _plan(i: int, session: Session) -> tuple[str, dict[str, Any]]:
    """The i-th step of the plan, or a fire when that step is refused now (an empty deck)."""
    name, args = _PLAN[i % len(_PLAN)]
    return ("fire", {}) if session.blocked(name) else (name, args)


def build_session(table: Tableside, game: str, events: int, title: str) -> str:
    """A saved session with ``events`` actions, written in one go (setup only: no fsync each).

    The actions are applied in memory by the real engine, then the journal is written once
    with the same records the app would have appended, plus the snapshot it would keep.
    """
    play = table.create(game, 2, seed=f"bench-{events}", title=title)
    session_id = play.id
    play.close()
    path = table.store.journal_path(session_id)
    header = read_journal(path).header
    work = Session(play.session.game, play.session.setup, play.session.seed,
                   clock=lambda: "2026-01-01T00:00:00")
    for i in range(events):
        name, args = _plan(i, work)
        work.do(name, **args)
    seq, digest, state = work.snapshot()
    # The journal vouches for the snapshot as the app's own would (OpenSession._save_snapshot):
    # a snapshot file without its journal record is ignored on opening, and the "with its
    # snapshot" figure would then be one more full replay.
    vouch = {"t": SNAPSHOT_RECORD, "seq": seq, "events": digest, "state": state_digest(state)}
    records = [e.to_record() for e in work.events] + [vouch]
    _, last_hash, lines = JournalFile.rewrite(path, header, records)
    seal_path = table.store.seal_path(session_id)
    seal = read_seal(seal_path)
    assert seal is not None
    seal.lines, seal.head = lines, last_hash  # sealed as the app's appends would have left it
    write_seal(seal_path, seal)
    table.store.write_snapshot(session_id, seq, digest, state, header=header)
    return session_id


def _child_env(pycache: Path) -> dict[str, str]:
    """Bytecode cached as after an install, for the app and Textual alike.

    With PYTHONDONTWRITEBYTECODE set (as on some CI machines) the app's own modules would
    be compiled from source at every launch while Textual's came precompiled from its wheel.
    A private cache folder keeps it fair and writes nothing into the source tree.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def _launch(code: str, data_dir: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """Seconds from starting a fresh interpreter to the first screen, and its peak RSS (MB)."""
    started = time.time()
    result = subprocess.run([sys.executable, "-c", code, str(data_dir)], capture_output=True,
                            text=True, timeout=120, cwd=ROOT, env=env)
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError(f"launch failed:\n{result.stderr[-2000:]}")
    ready_at, rss_kb, screen = result.stdout.split()[-3:]
    return float(ready_at) - started, float(rss_kb) / 1024, screen


def _children_cpu() -> float:
    """CPU seconds used so far by this process's finished children (user and system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_launch(data_dir: Path, runs: int = LAUNCH_RUNS) -> dict[str, Any]:
    app: list[float] = []
    bare: list[float] = []
    rss: list[float] = []
    screen = ""
    env = _child_env(data_dir.parent / "pycache")
    _launch(_READY_BARE, data_dir, env)  # untimed: fills the bytecode and disk caches
    _launch(_READY_APP, data_dir, env)
    app_cpu: list[float] = []  # each child's CPU time (a busy machine adds little to it)
    bare_cpu: list[float] = []
    for _ in range(runs):  # interleaved, so drift on the machine hits both alike
        cpu = _children_cpu()
        seconds, _, _ = _launch(_READY_BARE, data_dir, env)
        bare.append(seconds)
        bare_cpu.append(_children_cpu() - cpu)
        cpu = _children_cpu()
        seconds, mb, screen = _launch(_READY_APP, data_dir, env)
        app.append(seconds)
        app_cpu.append(_children_cpu() - cpu)
        rss.append(mb)
    figures: dict[str, Any] = {
        "launch_app_s": statistics.median(app), "launch_bare_s": statistics.median(bare),
        "launch_ratio": statistics.median(app) / statistics.median(bare),
        "launch_app_cpu_s": statistics.median(app_cpu),
        "launch_bare_cpu_s": statistics.median(bare_cpu),
        "launch_cpu_ratio": statistics.median(app_cpu) / statistics.median(bare_cpu),
        "app_first_screen": screen, "app_peak_rss_mb": max(rss)}
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        # For the record: as this machine runs it, the app's modules compiled at each launch.
        as_is = dict(os.environ)
        app_as_is = statistics.median(_launch(_READY_APP, data_dir, as_is)[0] for _ in range(3))
        bare_as_is = statistics.median(
            _launch(_READY_BARE, data_dir, as_is)[0] for _ in range(3))
        figures["launch_ratio_no_bytecode_cache"] = app_as_is / bare_as_is
    return figures


def measure_actions(small: OpenSession, big: OpenSession,
                    runs: int = ACTION_RUNS) -> dict[str, float]:
    """Median wall time of one durable ``do`` on each session, interleaved."""
    timings: dict[str, list[float]] = {"small": [], "big": []}
    for i in range(runs):
        for key, play in (("small", small), ("big", big)):
            name, args = _plan(i, play.session)
            started = time.perf_counter()
            play.do(name, **args)
            timings[key].append(time.perf_counter() - started)
    at_small = statistics.median(timings["small"]) * 1000
    at_big = statistics.median(timings["big"]) * 1000
    return {"action_at_10_ms": at_small, "action_at_10000_ms": at_big,
            "action_ratio": at_big / at_small}


def measure_open(root: Path, session_id: str, runs: int = OPEN_RUNS) -> dict[str, float]:
    def open_once(snapshot: bool = True) -> float:
        table = Tableside(root)
        started = time.perf_counter()
        play = table.load(session_id)
        seconds = time.perf_counter() - started
        assert play.head == BIG, play.head
        assert play.warnings == [], play.warnings
        # the replay started from the snapshot file (taken one event before the head)
        used = BIG - 1 in play.session._snapshots
        assert used == snapshot, "the snapshot was " + ("ignored" if snapshot else "used")
        play.session.attach(_NoJournal())  # leave the files exactly as they are
        play._journal.close() if play._journal else None
        table.store.unmark_open(play._mark)
        table.close()
        return seconds

    with_snapshot = statistics.median(open_once() for _ in range(runs))
    snap = Tableside(root).store.snapshot_path(session_id)
    kept = snap.read_bytes()
    snap.unlink()
    try:
        full = statistics.median(open_once(snapshot=False) for _ in range(max(1, runs // 2)))
    finally:
        snap.write_bytes(kept)
    tracemalloc.start()
    open_once()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"open_10000_ms": with_snapshot * 1000, "open_10000_full_replay_ms": full * 1000,
            "open_10000_peak_mb": peak / 2**20}


class _NoJournal:
    def append(self, record: dict[str, Any]) -> None:
        raise AssertionError("the open benchmark does not act")


def _figures(name: str) -> dict[str, Any]:
    """``run()`` of a sibling benchmark script (keys, history, search)."""
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"tableside_bench_{name}", path)
    if spec is None or spec.loader is None:
        return {"error": f"{path} cannot be loaded"}
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        figures: dict[str, Any] = module.run()
    except Exception as err:  # one benchmark failing must not hide the others' figures
        return {"error": f"{type(err).__name__}: {err}"}
    return figures


def run() -> dict[str, Any]:
    """Every figure, measured in one run on a fresh temporary data folder."""
    game = _register_demo()
    with tempfile.TemporaryDirectory(prefix="tableside-bench-") as tmp:
        root = Path(tmp) / "data"
        table = Tableside(root)
        started = time.perf_counter()
        big_id = build_session(table, game, BIG, "Ten thousand")
        small_id = build_session(table, game, SMALL, "Ten")
        build_s = time.perf_counter() - started
        table.close()

        results: dict[str, Any] = {"build_10000_s": build_s}
        results |= measure_launch(root)
        results |= measure_open(root, big_id)

        table = Tableside(root)
        small, big = table.load(small_id), table.load(big_id)
        results |= measure_actions(small, big)
        small.close()
        big.close()
        table.close()
    results["bench_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for name in ("keys", "history", "search", "huge_search"):
        results[name] = _figures(name)
    return results


def _mark(ok: bool) -> str:
    return "ok" if ok else "OVER TARGET"


def report(r: dict[str, Any]) -> str:
    lines = [
        "Tableside benchmarks (one run; medians)",
        f"  (a) launch to first screen  app {r['launch_app_s'] * 1000:7.0f} ms"
        f"   bare Textual {r['launch_bare_s'] * 1000:5.0f} ms"
        f"   ratio {r['launch_ratio']:.2f} (target <= {TARGET_LAUNCH_RATIO}: "
        f"{_mark(r['launch_ratio'] <= TARGET_LAUNCH_RATIO)}; first screen: "
        f"{r['app_first_screen']})",
        f"      CPU time: app {r['launch_app_cpu_s'] * 1000:.0f} ms, bare "
        f"{r['launch_bare_cpu_s'] * 1000:.0f} ms: ratio {r['launch_cpu_ratio']:.2f}",
        *([f"      without a bytecode cache (PYTHONDONTWRITEBYTECODE set here): ratio "
           f"{r['launch_ratio_no_bytecode_cache']:.2f}"]
          if "launch_ratio_no_bytecode_cache" in r else []),
        f"  (b) one durable action      at 10 events {r['action_at_10_ms']:.3f} ms"
        f"   at 10,000 {r['action_at_10000_ms']:.3f} ms"
        f"   ratio {r['action_ratio']:.2f} (target <= {TARGET_ACTION_RATIO}: "
        f"{_mark(r['action_ratio'] <= TARGET_ACTION_RATIO)})",
        f"  (c) open a 10,000-event session  {r['open_10000_ms']:.0f} ms with its snapshot"
        f"   {r['open_10000_full_replay_ms']:.0f} ms by full replay",
        f"  (d) peak memory             app at first screen {r['app_peak_rss_mb']:.0f} MB RSS"
        f"   opening 10,000 events {r['open_10000_peak_mb']:.1f} MB (tracemalloc)"
        f"   this process {r['bench_peak_rss_mb']:.0f} MB RSS",
        f"  (setup: 10,000-event session built in {r['build_10000_s']:.1f} s)",
    ]
    keys, history, search = r.get("keys", {}), r.get("history", {}), r.get("search", {})
    if "key_app_median_ms" in keys:
        extra = keys["key_extra_ms"]
        lines += [
            f"  (e) key press to a settled screen (1,000-action game)  app "
            f"{keys['key_app_median_ms']:.1f} ms   bare Textual {keys['key_bare_median_ms']:.1f}"
            f" ms   difference {extra:.1f} ms (target <= 16: {_mark(extra <= 16)}); the "
            f"game's own work {keys['key_game_work_ms']:.1f} ms",
            *(f"      {game_id:22} app {one['app_ms']:6.1f} ms, bare {one['bare_ms']:5.1f} ms:"
              f" {one['extra_ms']:+6.1f} ms (target <= 16: {_mark(one['extra_ms'] <= 16)});"
              f" CPU {one['cpu_extra_ms']:+.1f} ms" for game_id, one in
              keys.get("every_game", {}).items()),
            f"      Home with 500 saved games {keys['home_500_ms']:.0f} ms, with none "
            f"{keys['home_none_ms']:.0f} ms: ratio {keys['home_ratio']:.2f} (target <= 1.2: "
            f"{_mark(keys['home_ratio'] <= 1.2)}); CPU time ratio "
            f"{keys.get('home_cpu_ratio', 0):.2f}",
        ]
    elif keys:
        lines.append(f"  (e) key press: {keys}")
    if "later_look_s" in history:
        first, later = history["first_look_s"], history["later_look_s"]
        lines.append(f"  (f) play history, 500 games: first look {first:.2f} s, later looks "
                     f"{later:.2f} s (target < 1 s: {_mark(max(first, later) < 1)}); CPU "
                     f"{history.get('first_look_cpu_s', 0):.2f} s and "
                     f"{history.get('later_look_cpu_s', 0):.2f} s")
    elif history:
        lines.append(f"  (f) play history: {history}")
    if "query_median_ms" in search:
        median, p95 = search["query_median_ms"], search["query_p95_ms"]
        lines.append(
            f"  (g) rules search, {search['library_text_mb']:.1f} MB library: median "
            f"{median:.2f} ms (target < {TARGET_SEARCH_MEDIAN_MS}: "
            f"{_mark(median < TARGET_SEARCH_MEDIAN_MS)}), p95 {p95:.2f} ms (target < "
            f"{TARGET_SEARCH_P95_MS}: {_mark(p95 < TARGET_SEARCH_P95_MS)}); CPU median "
            f"{search['query_cpu_median_ms']:.2f} ms, p95 {search['query_cpu_p95_ms']:.2f} ms; "
            f"importing the five texts {search['import_five_texts_s']:.2f} s")
    elif search:
        lines.append(f"  (g) rules search: {search}")
    huge = r.get("huge_search", {})
    if "p95_ms" in huge:
        lines.append(
            f"  (h) rules search, one 20 MB single-section rulebook ({huge['sections']:.0f} "
            f"sections once cut): 100 searches, median {huge['median_ms']:.2f} ms, p95 "
            f"{huge['p95_ms']:.2f} ms (target < 50: {_mark(huge['p95_ms'] < 50)}; CPU p95 "
            f"{huge['cpu_p95_ms']:.2f} ms, load {huge['load_average']:.1f}); import "
            f"{huge['import_s']:.1f} s; index {huge['index_mb_with_book']:.1f} MB, "
            f"{huge['index_mb_after_removal']:.1f} MB after removing it")
    elif huge:
        lines.append(f"  (h) rules search, 20 MB rulebook: {huge}")
    return "\n".join(lines)


def main() -> int:
    results = run()
    print(report(results))
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        raise SystemExit(main())
