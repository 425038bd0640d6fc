"""Screenshots of the game report and the play history: `python docs/make_report_screenshots.py`.

Plays a Lifeform game to Ending B and a Space Station Phoenix game to its recorded scores in a
throw-away data folder (the same games the report's pilot tests play), then exports the report
of each and the play history to docs/screenshots.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.tui.test_report_pilot import lifeform_to_ending_b, phoenix_to_the_end  # noqa: E402
from tui.app import TablesideApp  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


async def shoot() -> None:
    data = Path(tempfile.mkdtemp())
    phoenix_to_the_end(data)
    lifeform_to_ending_b(data)  # the newest: first on Home
    for size, suffix in (((80, 24), ""), ((120, 40), "-120x40")):
        app = TablesideApp(data_dir=data)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("enter", "ctrl+r")
            await pilot.pause()
            app.save_screenshot(str(OUT / f"report-lifeform{suffix}.svg"))
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", "ctrl+r")
        await pilot.pause()
        app.save_screenshot(str(OUT / "report-phoenix-120x40.svg"))
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.save_screenshot(str(OUT / "play-history-120x40.svg"))


if __name__ == "__main__":
    asyncio.run(shoot())
    print(f"screenshots written to {OUT}")
