"""Seats on phones (390x844, headless chromium) as a table uses them.

Six pages open at once, each on its seat, taking keys as they open (no first tap); on Ann's
page every form opens by a tap and closes by a tap (its Close, or outside it: a phone has no
Escape key); the laptop leaving the game asks first and names who loses their seat, each page
then says in our words that the table closed the game, and serving it again opens the same
links' seats by themselves. A server killed with SIGKILL leaves no seat process (nor open
mark) behind, and its pages say so in our words, never the browser's error page.
Every wait is on a condition, generous for a busy machine; no speed is asserted here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tests.serve.browser import Grid, Traffic, chromium_path, launch_args, tap, tap_on, until
from tests.tui.screen_text import screen_text

# a real browser and a process per seat: run by .ci/run's slow group (pytest -m slow)
pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
PIN = "246810"


def _game(data: Path, names: list[str]) -> str:
    table = Tableside(data)
    play = table.create("nemesis-lockdown", len(names), names=names)
    play.choose_secret("p1_objective", "Reactor", pin=PIN)  # Ann's: something to look at
    game = play.id
    play.close()
    table.close()
    return game


async def _open(browser: Any, link: str) -> tuple[Any, Traffic]:
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    traffic = Traffic()
    traffic.attach(page)
    await page.goto(link)
    return page, traffic


def _seat_processes(data: Path) -> list[int]:
    """Processes whose command line names the game's data folder (Linux's /proc)."""
    found = []
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if int(entry.name) != os.getpid() and \
                    str(data).encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
    return found


async def test_six_phones_taps_and_the_table_leaving(tmp_path: Path) -> None:
    executable = chromium_path()
    from playwright.async_api import async_playwright

    from tui.serving import start
    from tui.table_view import TableViewApp

    data = tmp_path / "data"
    game = _game(data, NAMES)
    serving = start(game, NAMES, data)
    links = dict(serving.links)
    app = TableViewApp(data, game, serving)
    async with app.run_test(size=(100, 40)) as pilot, async_playwright() as pw:
        await until(lambda: "Seats served at" in screen_text(app), "the seats screen")
        await pilot.press("escape")  # the table view
        browser = await pw.chromium.launch(executable_path=executable, args=launch_args())
        pages = await asyncio.gather(*(_open(browser, links[n]) for n in [*NAMES, "Ann"]))
        for name, (_page, sees) in zip([*NAMES, "Ann"], pages, strict=True):
            await until(lambda s=sees, n=name: f"{n}'s seat" in s.text, f"{name}'s seat")
        ann, ann_sees = pages[0]
        screen = Grid(ann_sees)

        # The page takes keys as it opens, no first tap: p opens the look.
        await ann.keyboard.press("p")
        await until(lambda: "Look at (Ann" in screen.text, "the look, by a key at once",
                    show=lambda: screen.text)
        await tap_on(ann, ann_sees, " Close ", "the look's Close")
        await until(lambda: "Look at (Ann" not in screen.text, "the look closed")

        # Every form of the seat by taps alone: opened by its button, closed by its Close,
        # then opened again and closed by a tap outside it.
        for button, title in (("Choose", "Choose (Ann"), ("Look", "Look at (Ann"),
                              ("Reveal", "Reveal to the table (Ann")):
            await tap_on(ann, ann_sees, button, f"the {button} button")
            await until(lambda t=title: t in screen.text, f"{title}: opened by a tap")
            await tap_on(ann, ann_sees, " Close ", "the form's Close")
            await until(lambda t=title: t not in screen.text, f"{title}: closed by a tap",
                        show=lambda: screen.text)
            await tap_on(ann, ann_sees, button, f"the {button} button again")
            await until(lambda t=title: t in screen.text, f"{title}: opened again")
            await tap(ann, ann_sees, 1, 1)  # the dimmed page above the form
            await until(lambda t=title: t not in screen.text, f"{title}: closed outside",
                        show=lambda: screen.text)

        # The laptop leaves the game: asked first, naming who loses their seat.
        await pilot.press("escape")
        await until(lambda: "lose their seats" in screen_text(app), "the question",
                    show=lambda: screen_text(app))
        asked = screen_text(app)
        assert all(name in asked for name in NAMES)
        await pilot.press("y")
        for name, (page, _sees) in zip([*NAMES, "Ann"], pages, strict=True):
            await until(lambda p=page: "The table closed this game" in _body(p),
                        f"{name}'s page says the table closed the game")

        # Opened and served again in this run: the same links, the seats back by themselves.
        opened = ann_sees.sockets
        app.screen.open_session(game)
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until(lambda: "Seats served at" in screen_text(app), "the seats again")
        assert serving.links == links
        await until(lambda: ann_sees.sockets > opened, "Ann's page open again by itself")
        await until(lambda: "Reveal" in screen.text, "Ann's seat back",
                    show=lambda: screen.text)
        await browser.close()
    serving.stop()


_BODY: dict[int, str] = {}


def _body(page: Any) -> str:
    """The page's text as last read (read in the background: ``until`` polls a plain
    function)."""
    async def read() -> None:
        with contextlib.suppress(Exception):
            _BODY[id(page)] = await page.inner_text("body")

    asyncio.ensure_future(read())
    return _BODY.get(id(page), "")


async def test_a_killed_server_leaves_no_seat_behind(tmp_path: Path) -> None:
    executable = chromium_path()
    from playwright.async_api import async_playwright

    data = tmp_path / "data"
    game = _game(data, ["Ann", "Bo"])
    script = ("import sys, time\nfrom pathlib import Path\nfrom tui.serving import start\n"
              f"served = start({game!r}, ['Ann', 'Bo'], Path({str(data)!r}))\n"
              "print(served.links['Ann'], served.links['Bo'], flush=True)\ntime.sleep(600)\n")
    server = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        links = server.stdout.readline().split()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=executable, args=launch_args())
            pages = [await _open(browser, link) for link in links]
            for name, (_page, sees) in zip(["Ann", "Bo"], pages, strict=True):
                await until(lambda s=sees, n=name: f"{n}'s seat" in s.text, f"{name}'s seat")
            assert len(_seat_processes(data)) >= 3  # the server, its warm parent, the seats
            server.send_signal(signal.SIGKILL)
            server.wait()
            await until(lambda: not _seat_processes(data), "every seat process ended",
                        show=lambda: str(_seat_processes(data)))
            assert not list((data / "sessions").glob("*.open-*"))  # no open mark left
            for page, _sees in pages:
                await until(lambda p=page: "not serving this game now" in _body(p),
                            "the page says the table is not serving it")
            await browser.close()
    finally:
        with contextlib.suppress(OSError):
            server.kill()
