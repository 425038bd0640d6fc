"""Speed of the served seats, in headless chromium on this machine.

    python benchmarks/seats.py

(a) A seat's page usable: from opening its link to the seat's screen drawn in the page
    (its websocket has carried "Ann's seat"). Target: within 2 s.
(b) An action on one device seen on the others: another window records an action (a new
    choice, whose code is new), then the time until the table view (the laptop's app) and
    Bo's seat page show its code. Target: within 1 s (both poll the journal each second).
(c) The table view's keys (undo, redo) to the settled screen with ten seats open against
    none. Target: ten seats cost at most one frame (16 ms).
(d) Seats usable at once: one page alone, then six pages opened together (a 5-player game,
    Ann's link opened twice), each at 390x844, until each shows its seat. Target: six within
    5 s on this 2-core machine.
    Also the same six without a browser (each a websocket client that reads what its seat
    draws): how much of it is the seats' own, and how much the browser's pages.
(e) Memory per seat: the PSS of each seat's process (``/proc/<pid>/smaps_rollup``: what it
    shares with the table's warm parent counts shared), with the six pages open; the warm
    parent's own PSS said apart. Target: under 60 MB a seat.
Needs Playwright and Debian's chromium (as the browser tests); says so and stops otherwise.

    python benchmarks/seats.py --at-once     (d) and (e) only
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tests.serve.browser import Traffic, launch_args  # noqa: E402
from tests.tui.screen_text import screen_text  # noqa: E402
from trackers.pieces import Secret  # noqa: E402
from tui.serving import start  # noqa: E402
from tui.table_view import TableViewApp  # noqa: E402

OPENS = 5
ACTIONS = 5
PRESSES = 20
SEATS = 10
NAMES = ["Ann", "Bo", "Cy", "Di"]
PHONE = {"width": 412, "height": 915}
SMALL_PHONE = {"width": 390, "height": 844}
FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
SIX_PAGES = [*FIVE, "Ann"]
FRAME_MS = 16.0
SETTLE_S = 10.0


async def _wait(condition: Any, timeout: float = 30.0) -> float:
    """Seconds until ``condition()`` holds, checked every 10 ms."""
    started = time.perf_counter()
    while not condition():
        if time.perf_counter() - started > timeout:
            raise TimeoutError("condition not met")
        await asyncio.sleep(0.01)
    return time.perf_counter() - started


async def _page(browser: Any, link: str) -> tuple[Any, Traffic]:
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    traffic = Traffic()
    traffic.attach(page)
    await page.goto(link)
    return page, traffic


async def _keys(pilot: Any, count: int) -> list[float]:
    timings = []
    for i in range(count):
        started = time.perf_counter()
        await pilot.press("u" if i % 2 == 0 else "r")
        await pilot.pause()
        timings.append((time.perf_counter() - started) * 1000)
    return timings


async def _run(chromium: str, data: Path) -> dict[str, float]:
    from playwright.async_api import async_playwright

    table = Tableside(data)
    play = table.create("nemesis-lockdown", 4, names=NAMES)
    play.choose_secret("p4_objective", "first", decline_pin=True)  # Di keeps no PIN
    game = play.id
    serving = start(game, NAMES, data)
    app = TableViewApp(data, game, serving)
    figures: dict[str, float] = {}
    async with app.run_test(size=(100, 40)) as pilot, async_playwright() as pw:
        await pilot.pause()
        await pilot.press("escape")  # from the seats screen to the table view
        await pilot.pause()
        browser = await pw.chromium.launch(executable_path=chromium, args=launch_args())
        opens = []
        for _ in range(OPENS):
            started = time.perf_counter()
            page, traffic = await _page(browser, serving.links["Ann"])
            await _wait(lambda t=traffic: "Ann's seat" in t.text)
            opens.append(time.perf_counter() - started)
            await page.context.close()
        figures["seat_usable_median_s"] = statistics.median(opens)
        figures["seat_usable_max_s"] = max(opens)

        _bo, bo_sees = await _page(browser, serving.links["Bo"])
        await _wait(lambda: "Bo's seat" in bo_sees.text)
        on_table, on_seat = [], []
        for i in range(ACTIONS):
            play.choose_secret("p4_objective", f"value {i}")  # Di's device, say
            code = play.state.piece("p4_objective", Secret).code or "?"
            table_s, seat_s = await asyncio.gather(  # both watched at once, from now
                _wait(lambda c=code: c in screen_text(app)),
                _wait(lambda c=code: c in bo_sees.text))
            on_table.append(table_s)
            on_seat.append(seat_s)
        figures["action_on_table_median_s"] = statistics.median(on_table)
        figures["action_on_table_max_s"] = max(on_table)
        figures["action_on_seat_median_s"] = statistics.median(on_seat)
        figures["action_on_seat_max_s"] = max(on_seat)

        figures["keys_no_seats_median_ms"] = statistics.median(await _keys(pilot, PRESSES))
        for i in range(SEATS):  # ten pages at once, the four players' links shared round
            _page_i, sees = await _page(browser, serving.links[NAMES[i % len(NAMES)]])
            await _wait(lambda s=sees: "seat" in s.text, timeout=60)
        # Each page taken starts the next spare process; the keys are measured in play, once
        # those have started (10 s is ample here), not while a dozen seats are starting.
        await asyncio.sleep(SETTLE_S)
        figures["keys_ten_seats_median_ms"] = statistics.median(await _keys(pilot, PRESSES))
        figures["keys_extra_ms"] = (figures["keys_ten_seats_median_ms"]
                                    - figures["keys_no_seats_median_ms"])
        await browser.close()
    play.close()
    table.close()
    return figures


def pss_mb(pid: int) -> float:
    """A process's proportional set size in MB (Linux), 0 when it is gone."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    for line in rollup.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _usable(browser: Any, link: str, name: str) -> tuple[Any, float]:
    started = time.perf_counter()
    context = await browser.new_context(viewport=SMALL_PHONE)
    page = await context.new_page()
    traffic = Traffic()
    traffic.attach(page)
    await page.goto(link)
    await _wait(lambda: f"{name}'s seat" in traffic.text and "Reveal" in traffic.text, 60)
    return page, time.perf_counter() - started


async def _drawn_without_browser(link: str, name: str) -> float:
    """Seconds from a websocket opened on ``link`` to its seat drawn (no browser)."""
    import aiohttp

    started = time.perf_counter()
    seen = ""
    url = link.replace("http://", "ws://") + "/ws?width=43&height=49"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as socket:
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data.decode("utf-8", "replace")
            if f"{name}'s seat" in seen and "Reveal" in seen:
                break
    return time.perf_counter() - started


async def _at_once(chromium: str, data: Path) -> dict[str, float]:
    from playwright.async_api import async_playwright

    table = Tableside(data)
    play = table.create("nemesis-lockdown", 5, names=FIVE)
    game = play.id
    play.close()
    table.close()
    serving = start(game, FIVE, data)
    figures: dict[str, float] = {}
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=launch_args())
            await asyncio.sleep(3)  # the warm parent's imports done, as at a table
            started = time.perf_counter()
            await asyncio.gather(*(_drawn_without_browser(serving.links[name], name)
                                   for name in SIX_PAGES))
            figures["six_seats_without_browser_s"] = time.perf_counter() - started
            await asyncio.sleep(2)
            page, alone = await _usable(browser, serving.links["Ann"], "Ann")
            figures["one_seat_usable_s"] = alone
            await page.context.close()
            await asyncio.sleep(1)
            started = time.perf_counter()
            opened = await asyncio.gather(*(_usable(browser, serving.links[name], name)
                                            for name in SIX_PAGES))
            figures["six_seats_usable_s"] = time.perf_counter() - started
            figures["six_seats_slowest_page_s"] = max(t for _, t in opened)
            await asyncio.sleep(2)  # settled: each seat drawn and polling
            pids = [pid for found in serving.server.seat_pids().values() for pid in found]
            sizes = [pss_mb(pid) for pid in pids]
            figures["seat_processes"] = len(pids)
            figures["pss_per_seat_mb"] = statistics.mean(sizes) if sizes else 0.0
            figures["pss_largest_seat_mb"] = max(sizes, default=0.0)
            parent = serving.server._parent
            parent_pid = parent._process.pid if parent and parent._process else 0
            figures["warm_parent_pss_mb"] = pss_mb(parent_pid) if parent_pid else 0.0
            await browser.close()
    finally:
        serving.stop()
    return figures


def run(at_once_only: bool = False) -> dict[str, float] | None:
    chromium = os.environ.get("TABLESIDE_CHROMIUM") or shutil.which("chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        chromium = None
    if not chromium:
        print("seats: needs Playwright and chromium (apt-get install chromium); skipped")
        return None
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as other:
        figures = asyncio.run(_at_once(chromium, Path(other)))
        if not at_once_only:
            figures.update(asyncio.run(_run(chromium, Path(tmp))))
        return figures


def main() -> None:
    figures = run("--at-once" in sys.argv[1:])
    if figures is None:
        return
    for name, value in figures.items():
        print(f"{name:28} {value:8.3f}")
    print(f"targets: seat usable <= 2 s; action seen <= 1 s; keys_extra_ms <= {FRAME_MS}; "
          "six seats usable < 5 s; pss_per_seat_mb < 60")


if __name__ == "__main__":
    main()
