"""The play history on 500 saved games: the first look (every journal replayed and
the cache written) and every later look (the cache checked against each journal).

    python benchmarks/history.py

Target: open on 500 saved games in under a second, the first look included.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tableside.history import history, summaries  # noqa: E402

GAMES = 500
TARGET_S = 1.0


def _saved(data: Path) -> None:
    table = Tableside(data)
    for i in range(GAMES):
        play = table.create("space-station-phoenix", 2, names=("Ann", "Bo"), seed=f"h{i}",
                            board={"lap_size": 50})
        play.do("setup_all")
        play.do("add_points", points=1 + i % 7)
        play.close()
    table.close()


def run() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        _saved(data)
        figures = {}
        for name in ("first_look_s", "later_look_s"):
            started, cpu = time.perf_counter(), time.process_time()
            table = Tableside(data)
            found, _ = summaries(table)
            history(found)
            table.close()
            figures[name] = time.perf_counter() - started
            figures[name.replace("_s", "_cpu_s")] = time.process_time() - cpu
        figures["games"] = float(len(found))
    return figures


def main() -> int:
    figures = run()
    print(f"Play history on {int(figures['games'])} saved games")
    first = figures["first_look_s"]
    verdict_first = "within" if first < TARGET_S else "over"
    print(f"  first look (replays every journal, writes the cache)  {first:.2f} s"
          f" ({verdict_first} the {TARGET_S:.0f} s target); CPU "
          f"{figures['first_look_cpu_s']:.2f} s")
    verdict = "within" if figures["later_look_s"] < TARGET_S else "over"
    print(f"  later look (the cache, checked against the journals)  {figures['later_look_s']:.2f} s"
          f" ({verdict} the {TARGET_S:.0f} s target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
