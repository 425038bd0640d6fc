"""The issue's table, in a real browser: a 3-player Lifeform game served from the laptop.

Ann is the Lifeform player, Bo and Cy the crew. Ann makes EVERY Reality Calibration of the
game on her phone-sized page (headless chromium): at setup, after a sensor ghost is met,
after the real lifeform is met (the attack's step 6), after a Lifeform attack, and when the
Cocoon reaches its final space (a third image joins). The laptop's table view never shows
which image she picked (nor does Bo's page or anything its websocket carried), yet shows
each code; each reveal the table needs (an image met, an attack) is asked of Ann's seat,
typed there with her PIN, and the laptop shows it checked against the code the crew saw.
A wrong link opens nothing.

Every wait is on a condition (a page's text, the laptop's game), 60 s at most on a busy
machine; nothing here sleeps for a fixed time or asserts a speed (benchmarks/seats.py does).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.pilot_keys import choose
from tests.serve.browser import Traffic, chromium_path, launch_args, until
from tests.tui.screen_text import panel_text, screen_text
from trackers.engine import ActionError
from trackers.games.lifeform import turns
from trackers.pieces import Secret

# a real browser: the slow group (`pytest -m slow`, .ci/run)
pytestmark = pytest.mark.slow

PIN = "246810"
PHONE = {"width": 412, "height": 915}
ASKS = "asks your PIN"  # the seat's line when the table needs its player's PIN
PICKED = "Picked:"  # the seat's own form says what was picked; never seen elsewhere


def _game(data: Path) -> str:
    """Set up to the last step, Reality Calibration (setup step 17), left to Ann's seat."""
    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"], board=BOARD)
    play.do("record_characters", crew_member="Bo", first="Solomon", second="Palmer")
    play.do("record_characters", crew_member="Cy", first="Cameron", second="Bennings")
    play.do("tick_setup", step="all remaining")
    game = play.id
    play.close()
    table.close()
    return game


def _laptop(app: Any) -> str:
    return screen_text(cast("App[object]", app))


async def _open(browser: Any, link: str) -> tuple[Any, Traffic, Any]:
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    traffic = Traffic()
    traffic.attach(page)
    response = await page.goto(link)
    return page, traffic, response


async def _after(page: Any, sees: Traffic, key: str, marker: str, what: str) -> None:
    """Press ``key`` on the page, then wait until ``marker`` was drawn once more than before
    (what the key opened is on the page: the next keys go to it)."""
    before = sees.text.count(marker)
    await page.keyboard.press(key)
    await until(lambda: sees.text.count(marker) > before, what,
                show=lambda: sees.text[-1500:])


def _code(play: OpenSession) -> str | None:
    return play.state.piece("real_lifeform", Secret).code


async def _calibrate(ann: Any, sees: Traffic, play: OpenSession, image: str) -> str:
    """Ann's Reality Calibration on her page: c opens it on its images, listed open with the
    first lit; arrows to ``image``, Enter picks it; her PIN, set at her first secret and asked
    at every one after."""
    before = _code(play)
    images = list(play.state.facts["images"]["on_board"])
    frames = len(sees.raw)
    nothing = "Nothing of yours"
    for _ in range(10):  # her page may not have read the step that made it due yet
        opened, said = sees.text.count("image: the real"), sees.text.count(nothing)
        await ann.keyboard.press("c")
        await until(lambda: sees.text.count("image: the real") > opened  # noqa: B023
                    or sees.text.count(nothing) > said, "the calibration's images on Ann's "  # noqa: B023
                    "page", show=lambda: sees.text[-1500:])
        if sees.text.count("image: the real") > opened:
            break
        await ann.keyboard.press("Escape")
        await asyncio.sleep(1)
    for _ in range(images.index(image)):
        await ann.keyboard.press("ArrowDown")
    first = not play.has_key("Lifeform player")
    await _after(ann, sees, "Enter", PICKED, f"{image} picked on Ann's page")
    assert sees.page_size and sees.widest_column(frames) <= sees.page_size[0]  # fits her phone
    if first:
        await until(lambda: "Set a PIN" in sees.text, "the PIN field, set once")
    else:  # her PIN guards every later choice too: nobody else replaces her calibration
        await until(lambda: "asked to choose or change" in sees.text[-3000:],
                    "the PIN field, asked again")
    await ann.keyboard.type(PIN)
    await ann.keyboard.press("Enter")  # the PIN's Enter
    await until(lambda: _code(play) not in (None, before), "the calibration on the laptop")
    code = _code(play)
    assert code is not None
    return code


async def _answer(ann: Any, sees: Traffic, asks: int) -> None:
    """The table asks Ann's PIN (her page said so ``asks`` times before): v opens the ask on
    her page, its PIN field focused."""
    await until(lambda: sees.text.count(ASKS) > asks, "the table's ask on Ann's page",
                show=lambda: sees.text[-1500:])
    await _after(ann, sees, "v", "Your PIN", "the ask's PIN field on Ann's page")
    await ann.keyboard.type(PIN)
    await ann.keyboard.press("Enter")


async def _laptop_form(pilot: Any, app: Any, key: str, fields: dict[str, str]) -> None:
    """A table-view action by keys: its key, each list by keys, ctrl+s (OK)."""
    from tui.screens.action_form import ActionFormScreen

    await pilot.press(key)
    await until(lambda: isinstance(app.screen, ActionFormScreen), f"the form of {key!r}")
    for name, value in fields.items():
        await choose(pilot, f"#arg-{name}", value)
    await pilot.press("ctrl+s")
    await until(lambda: "Waiting for Ann's seat" in _laptop(app), "the laptop waiting",
                show=lambda: _laptop(app))


async def test_the_lifeform_player_calibrates_every_time_on_her_phone(tmp_path: Path) -> None:
    executable = chromium_path()
    from playwright.async_api import async_playwright

    from tui.serving import start
    from tui.table_view import TableViewApp

    data = tmp_path / "data"
    game = _game(data)
    serving = start(game, ["Ann", "Bo", "Cy"], data)
    app = TableViewApp(data, game, serving)
    shown: list[str] = []  # every screen the laptop drew after a hidden choice
    try:
        async with app.run_test(size=(100, 40)) as pilot, async_playwright() as pw:
            await until(lambda: "Seats served at" in _laptop(app), "the seats screen")
            await pilot.press("escape")  # the game's table view
            play = app.screen.play
            browser = await pw.chromium.launch(executable_path=executable, args=launch_args())
            ann, ann_sees, _ = await _open(browser, serving.links["Ann"])
            _bo, bo_sees, _ = await _open(browser, serving.links["Bo"])
            await until(lambda: "You are also: Lifeform player" in ann_sees.text, "Ann's seat")
            await until(lambda: "Bo's seat" in bo_sees.text, "Bo's seat")
            await ann.focus(".xterm-helper-textarea")

            async def crew_sees(code: str) -> None:
                """The code on the laptop and on Bo's page; which image, nowhere there."""
                await until(lambda: code in _laptop(app), f"code {code} on the laptop",
                            show=lambda: _laptop(app))
                await until(lambda: code in bo_sees.text, f"code {code} on Bo's page")
                shown.append(_laptop(app))
                assert "is the real lifeform" not in shown[-1] and PICKED not in shown[-1]

            async def checked(image: str, code: str) -> None:
                """The reveal, done on Ann's seat, read on the laptop against the code."""
                line = f"{image} is the real lifeform"
                await until(lambda: any(line in n.text and f"matches code {code}" in n.text
                                        for n in play.notes), "the reveal on the laptop")
                await until(lambda: bool(app.screen.query("#now")),
                            "the laptop done waiting: its game screen back")
                now = " ".join(panel_text(cast("App[object]", app), "#now").split())
                assert line in now and f"matches code {code}" in now, "the verdict in view"
                last = panel_text(cast("App[object]", app), "#log").splitlines()[-1]
                assert "(from Ann's seat)" in last, last  # Ann's seat did it: the log says

            # 1. Setup step 17: Image 1, and her PIN, set there once.
            first = await _calibrate(ann, ann_sees, play, "Image 1")
            await crew_sees(first)
            assert "is the real lifeform" not in bo_sees.text  # nothing told Bo's page which
            assert play.state.facts["stage"] != "setup" and play.pin_is_set("Lifeform player")

            # 2. Solomon meets Image 2, a sensor ghost: the laptop asks Ann's seat to show
            # the identifier; it says Image 1, checked against the first code.
            asks = ann_sees.text.count(ASKS)
            await _laptop_form(pilot, app, "i", {"image": "Image 2", "character": "Solomon"})
            await _answer(ann, ann_sees, asks)
            await checked("Image 1", first)
            assert play.state.facts["calibration_due"]
            second = await _calibrate(ann, ann_sees, play, "Image 2")
            await crew_sees(second)

            # 3. Palmer meets Image 2, the real one now: the attack, then step 6.
            asks = ann_sees.text.count(ASKS)
            await _laptop_form(pilot, app, "i", {"image": "Image 2", "character": "Palmer"})
            await _answer(ann, ann_sees, asks)
            await checked("Image 2", second)
            play.do("character_killed", character="Palmer", kill="silent")  # step 5 first
            third = await _calibrate(ann, ann_sees, play, "Image 1")
            await crew_sees(third)

            # 4. The lifeform attacks Cameron's chamber (after a move whose card is already
            # counted): the identifier shown, then step 6.
            asks = ann_sees.text.count(ASKS)
            await _laptop_form(pilot, app, "a", {"character": "Cameron",
                                                 "card": "already counted"})
            await _answer(ann, ann_sees, asks)
            await checked("Image 1", third)
            play.do("character_killed", character="Cameron", kill="silent")  # step 5 first
            fourth = await _calibrate(ann, ann_sees, play, "Image 2")
            await crew_sees(fourth)

            # 5. The Cocoon reaches its final space: Image 3 joins, and she picks it.
            # (rounds played at the laptop: its Cocoon action in each Lifeform phase)
            while not play.state.facts["calibration_due"]:
                if play.state.facts["phase"] == "lifeform":
                    try:
                        play.do("cocoon_advance")
                        continue
                    except ActionError:
                        pass  # its activity already taken this phase
                play.do("end_turn" if turns.current(play.state) is not None else "next_phase")
            app.screen.session_changed()
            assert "Image 3" in play.state.facts["images"]["on_board"]
            fifth = await _calibrate(ann, ann_sees, play, "Image 3")
            await crew_sees(fifth)
            codes = [first, second, third, fourth, fifth]
            assert len(set(codes)) == 5
            assert play.state.piece("real_lifeform", Secret).codes[-5:] == codes

            # Nothing Ann picked ever reached the crew: Bo's page, its websocket, the laptop.
            assert PICKED not in bo_sees.text and "Set a PIN" not in bo_sees.text
            assert PICKED in ann_sees.text
            seats = {e.by for e in play.session.events
                     if e.action == "reality_calibration"}
            assert seats == {"seat Ann"}  # every calibration came from her seat

            # A wrong link: nothing opens, no websocket.
            wrong = serving.links["Cy"][:-4] + ("AAAA" if not serving.links["Cy"].endswith(
                "AAAA") else "BBBB")
            stranger, stranger_sees, response = await _open(browser, wrong)
            assert response.status == 404 and stranger_sees.sockets == 0
            assert "opens nothing" in await stranger.inner_text("body")
            # Undo at the laptop takes back Ann's last calibration and names her seat.
            await pilot.press("u")
            await until(lambda: "(Ann's seat" in panel_text(cast("App[object]", app), "#now"),
                        "the undo naming Ann's seat",
                        show=lambda: panel_text(cast("App[object]", app), "#now"))
            assert _code(play) == fourth
            await browser.close()
            await pilot.press("escape")  # the table view closes: the seats stop
            await until(lambda: not serving.server.live_seats(), "the seats closed")
    finally:
        serving.stop()
