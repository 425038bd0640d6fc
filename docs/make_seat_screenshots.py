"""Screenshots of serving: `python docs/make_seat_screenshots.py` (needs Playwright and chromium).

A 3-player Lifeform game (Ann the Lifeform player, Bo and Cy the crew) in a throw-away data
folder, served: the laptop's seats screen (its link replaced by a placeholder: a real link is
never saved), Ann's seat on a phone-sized page in headless chromium after she made her
Reality Calibration there, and the laptop's table view showing its code, never its image.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tests.serve.browser import Traffic, launch_args, until  # noqa: E402
from tests.tui.screen_text import screen_text  # noqa: E402
from trackers.pieces import Secret  # noqa: E402
from tui.serving import start  # noqa: E402
from tui.table_view import TableViewApp  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PLACEHOLDER = "http://192.168.1.20:8470/seat/(each-player's-own-link)"


async def shoot(chromium: str) -> None:
    from playwright.async_api import async_playwright

    data = Path(tempfile.mkdtemp())
    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"])
    game = play.id
    play.close()
    table.close()
    serving = start(game, ["Ann", "Bo", "Cy"], data)
    links = dict(serving.links)
    app = TableViewApp(data, game, serving)
    async with app.run_test(size=(100, 40)) as pilot:
        await until(lambda: "Seats served at" in screen_text(app), "the seats screen")
        real, serving.links["Ann"] = serving.links["Ann"], PLACEHOLDER
        app.screen._show()  # type: ignore[attr-defined]
        await pilot.pause()
        app.save_screenshot(str(OUT / "seats-100x40.svg"))
        serving.links["Ann"] = real
        await pilot.press("escape")
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=launch_args())
            context = await browser.new_context(viewport={"width": 412, "height": 915})
            page = await context.new_page()
            sees = Traffic()
            sees.attach(page)
            await page.goto(links["Ann"])
            await until(lambda: "Ann's seat" in sees.text, "Ann's seat")
            await page.focus(".xterm-helper-textarea")
            await page.keyboard.press("c")  # her Reality Calibration, its images listed open
            await until(lambda: "image: the real" in sees.text, "the images")
            await page.keyboard.press("ArrowDown")  # Image 2
            await page.keyboard.press("Enter")
            await until(lambda: "Picked:" in sees.text, "Image 2 picked")
            await until(lambda: "Set a PIN" in sees.text, "the PIN field")
            await page.keyboard.type("246810")  # her PIN, set once
            await page.keyboard.press("Enter")
            laptop = app.screen.play  # type: ignore[attr-defined]
            await until(lambda: laptop.state.piece("real_lifeform", Secret).is_set,
                        "the calibration on the laptop")
            code = laptop.state.piece("real_lifeform", Secret).code
            await until(lambda: bool(code) and str(code) in sees.text, "the code on her seat")
            await page.wait_for_timeout(500)  # the last frame drawn, for the picture
            await page.screenshot(path=str(OUT / "seat-phone.png"))
            await browser.close()
        await until(lambda: bool(code) and str(code) in screen_text(app), "the code shown")
        shown = screen_text(app)
        assert "is the real lifeform" not in shown and "Picked:" not in shown
        app.save_screenshot(str(OUT / "table-view-served-100x40.svg"))


if __name__ == "__main__":
    path = shutil.which("chromium")
    if not path:
        raise SystemExit("needs chromium (apt-get install chromium) and Playwright")
    asyncio.run(shoot(path))
