"""Two seats and the table view at once, in a real browser (headless chromium, Playwright).

What a player relies on: a secret chosen on Ann's phone never reaches Bo's page (neither its
text nor anything its websocket carried) nor the laptop's screen, while its code does; what
Ann does shows on the laptop; a wrong link opens nothing and the table hears of it; a
revoked link closes its page and opens nothing again; no token is written to the log; a
seat whose process dies under its page opens again by itself and carries on, drawn for the
page's own size.
Every wait is on a condition, generous for a busy machine; no speed is asserted here
(benchmarks/seats.py measures it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tests.serve.browser import Traffic, chromium_path, launch_args, until
from tests.tui.screen_text import screen_text
from trackers.pieces import Secret

# a real browser: the slow group (`pytest -m slow`, .ci/run)
pytestmark = pytest.mark.slow

VALUE = "ZEBRAORBIT"  # Ann's objective: a word nothing else on any screen contains
PIN = "246810"
PHONE = {"width": 412, "height": 915}


async def _open(browser: Any, link: str) -> tuple[Any, Traffic, Any]:
    """A page of its own (as a phone of its own), reading everything its websocket carries."""
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    traffic = Traffic()
    traffic.attach(page)
    response = await page.goto(link)
    return page, traffic, response


async def _keys(page: Any, *keys: str) -> None:
    """Keys typed on the page's terminal (focused once, when the seat opened: focusing it
    again tells the app it was left and came back, which moves its focus by itself)."""
    for key in keys:
        await page.keyboard.press(key)


async def test_two_seats_and_the_table_view(tmp_path: Path) -> None:
    executable = chromium_path()
    from playwright.async_api import async_playwright

    from tui.serving import start
    from tui.table_view import TableViewApp

    data = tmp_path / "data"
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"])
    game = play.id
    play.close()
    table.close()

    serving = start(game, ["Ann", "Bo", "Cy"], data)
    tokens = [link.rsplit("/", 1)[1] for link in serving.links.values()]
    app = TableViewApp(data, game, serving)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(lambda: "Seats served at" in screen_text(app), "the seats screen")
        await pilot.press("escape")  # back to the game's table view
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=executable, args=launch_args())
            ann, ann_sees, _ = await _open(browser, serving.links["Ann"])
            bo, bo_sees, _ = await _open(browser, serving.links["Bo"])
            await until(lambda: "Ann's seat" in ann_sees.text, "Ann's seat on her page")
            await until(lambda: "Bo's seat" in bo_sees.text, "Bo's seat on his page")
            assert "Bo's kept Objective" not in ann_sees.text  # each seat holds its own only
            await ann.focus(".xterm-helper-textarea")

            # Ann chooses her objective on her phone: c, the list, the first, value, PIN.
            await _keys(ann, "c")  # her secrets listed, the first highlighted
            await until(lambda: "Choose (Ann only)" in ann_sees.text, "Ann's choice form")
            await _keys(ann, "Enter")  # the first of hers: her kept Objective
            await until(lambda: "on to the PIN" in ann_sees.text, "the value field")
            await ann.keyboard.type(VALUE)
            await _keys(ann, "Enter")  # on to the PIN
            await until(lambda: "Set a PIN" in ann_sees.text, "the PIN field")
            await ann.keyboard.type(PIN)
            await _keys(ann, "Enter")

            # The laptop shows Ann's action (another window's) with its code, never the value.
            log = "Ann's kept Objective chosen for Ann"
            await until(lambda: log in screen_text(app), "Ann's choice on the table view",
                        show=lambda: ann_sees.text[-2000:])
            code = app.screen.play.state.piece("p1_objective", Secret).code
            assert code and code in screen_text(app)
            await until(lambda: code in bo_sees.text, "the code on Bo's page")
            assert VALUE not in screen_text(app)
            assert VALUE not in bo_sees.text and VALUE not in await bo.inner_text("body")

            # Ann looks at it on her own page: the value reaches her page, and only hers.
            await _keys(ann, "p")
            await until(lambda: "Your PIN" in ann_sees.text, "Ann's look form",
                        show=lambda: ann_sees.text[-3000:])
            await ann.keyboard.type(PIN)
            await _keys(ann, "Enter")
            await until(lambda: VALUE in ann_sees.text, "the value on Ann's own page",
                        show=lambda: ann_sees.text[-1500:])
            await _keys(ann, "Enter")  # hide it
            laptop = app.screen.play
            await until(lambda: [line.kind for line in laptop.table_log()] == ["look"],
                        "the look in the table's log")
            assert VALUE not in bo_sees.text and VALUE not in screen_text(app)

            # A wrong link: a bare 404, no websocket, the table told, the log without tokens.
            refused = serving.server.refused
            wrong = serving.links["Cy"][:-4] + ("AAAA" if not serving.links["Cy"].endswith(
                "AAAA") else "BBBB")
            stranger, stranger_sees, response = await _open(browser, wrong)
            assert response.status == 404
            assert "opens nothing" in await stranger.inner_text("body")
            await stranger.wait_for_timeout(500)
            assert stranger_sees.sockets == 0 and serving.server.refused == refused + 1

            # The seats screen tells the table; revoking Bo's seat there closes his page and
            # his link opens nothing from then on.
            await pilot.press("ctrl+o")
            await until(lambda: "Wrong, revoked or missing links tried: 1" in screen_text(app),
                        "the table told of the wrong link", show=lambda: screen_text(app))
            await pilot.press("down", "r")  # Bo is the second seat
            await until(lambda: "Bo: revoked" in screen_text(app), "Bo's link revoked")
            await until(lambda: "Bo" not in serving.server.live_seats(), "Bo's page closed")
            again = await bo.goto(bo.url)
            assert again is not None and again.status == 404
            await browser.close()
        log_text = (data / "serve" / "serve.log").read_text(encoding="utf-8")
        assert "a wrong, revoked or missing seat link was tried" in log_text
        assert not any(token in log_text for token in tokens)
        await pilot.press("escape", "escape")  # the seats screen, then the table view closes
        await until(lambda: not serving.server.live_seats(), "the seats closed")




async def test_a_seat_that_loses_its_connection_opens_again_and_carries_on(
        tmp_path: Path) -> None:
    """Ann's seat process dies under her page (as when a phone sleeps and the server drops
    it): the page opens again by itself, on a new process, with the game as it was, and she
    goes on from there (a look with her PIN)."""
    import contextlib
    import os
    import signal

    executable = chromium_path()
    from playwright.async_api import async_playwright

    from tui.serving import start

    data = tmp_path / "data"
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    game = play.id
    play.close()
    serving = start(game, ["Ann", "Bo"], data)
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=executable, args=launch_args())
            ann, ann_sees, _ = await _open(browser, serving.links["Ann"])
            await until(lambda: "Ann's seat" in ann_sees.text, "Ann's seat on her page")
            await ann.focus(".xterm-helper-textarea")
            laptop = table.load(game)  # the table records her choice meanwhile (its window)
            laptop.choose_secret("p1_objective", VALUE, pin=PIN)
            code = laptop.state.piece("p1_objective", Secret).code
            assert code
            await until(lambda: code in ann_sees.text, "the code on her page")
            # Opened as the server started (her seat's process still starting), the page is
            # drawn for its own size, not the process's start-up 80x24.
            frames = len(ann_sees.raw)
            await _keys(ann, "p")  # a form drawn now (then closed): all of it within the page
            await until(lambda: "Your PIN" in ann_sees.text, "her look form")
            assert ann_sees.page_size is not None
            assert ann_sees.widest_column(frames) <= ann_sees.page_size[0]
            await _keys(ann, "Escape")
            drawn = ann_sees.text.count("Ann's seat")

            for pid in serving.server.seat_pids()["Ann"]:  # Ann's seat's process dies
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            await until(lambda: ann_sees.text.count("Ann's seat") > drawn,
                        "her page open again", show=lambda: ann_sees.text[-800:])
            await until(lambda: "Ann" in serving.server.live_seats(), "her seat live again")
            await until(lambda: ann_sees.text.count(code) >= 2, "the game as it was")
            await ann.focus(".xterm-helper-textarea")  # the page was loaded anew
            asked = ann_sees.text.count("Your PIN")
            await _keys(ann, "p")
            await until(lambda: ann_sees.text.count("Your PIN") > asked,
                        "her look, on the new page", show=lambda: ann_sees.text[-800:])
            await ann.keyboard.type(PIN)
            await _keys(ann, "Enter")
            await until(lambda: VALUE in ann_sees.text, "her objective on her own page")
            laptop.close()
            await browser.close()
    finally:
        serving.stop()
        table.close()
