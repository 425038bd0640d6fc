"""Regenerate the SVG screenshots in docs/screenshots: `python docs/make_screenshots.py`.

Plays a few moves in a throw-away data folder, then exports what the screen shows at 80x24
(and Home and a game at 120x40).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tests.pilot_keys import choose  # noqa: E402
from trackers.engine import ActionError  # noqa: E402
from tui.app import TablesideApp  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def lifeform_mid_game(data: Path) -> str:
    """A Lifeform game a dozen moves in, on the made-up board the tests use."""
    from tests.lifeform.test_lifeform_session_endings import PILOT
    from tests.lifeform.test_lifeform_session_fixtures import BOARD

    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Sarah", "Andrew", "Jacob"], board=BOARD,
                        title="Lifeform, Friday night", seed="docs")
    for name, args in PILOT[:12]:
        try:
            play.do(name, **args)
        except ActionError as err:  # an owner's first secret asks a PIN: these players decline
            if err.field != "pin":
                raise
            play.do(name, **args, decline_pin=True)
    play.close()
    table.close()
    return play.id


def seed_games(data: Path) -> list[str]:
    """A few saved games, so Home has something to resume."""
    table = Tableside(data)
    ids = []
    for game, players, title, options in [
        ("nemesis-lockdown", 2, "Lockdown with Sam", {}),
        ("pandora-celeste", 1, "Pandora solo", {"crew": ["Flygirl"]}),
        ("space-station-phoenix", 3, "Phoenix: Anna, Beth, Connor", {}),
    ]:
        play = table.create(game, players, title=title, seed="docs", options=options)
        ids.append(play.id)
        play.close()
    table.close()
    return ids


async def shoot() -> None:
    data = Path(tempfile.mkdtemp())
    ids = [lifeform_mid_game(data), *seed_games(data)]
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.save_screenshot(str(OUT / "home.svg"))
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*"hull breach")
        await pilot.pause(0.5)
        await app.workers.wait_for_complete()
        await pilot.pause(0.5)
        app.save_screenshot(str(OUT / "search.svg"))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("enter")  # Lifeform
        await pilot.pause()
        app.save_screenshot(str(OUT / "board-profile.svg"))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")  # New game: Lifeform for 3, scrolled to its module checkboxes
        await pilot.pause()
        await choose(pilot, "#game", "Lifeform")
        await choose(pilot, "#players", "3 players")
        boxes = app.screen.query("#options Checkbox")
        if boxes:
            boxes.first().focus()
            await pilot.pause()
        app.save_screenshot(str(OUT / "new-game.svg"))
        await pilot.press("escape")  # asks whether to keep the form as a draft: d drops it
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        for session_id in ids:
            home = app.screen
            home.open_session(session_id)  # type: ignore[attr-defined]
            await pilot.pause()
            name = app.screen.play.game.id  # type: ignore[attr-defined]
            app.save_screenshot(str(OUT / f"session-{name}.svg"))
            if name == "lifeform":
                await pilot.press("z")  # Reality Calibration: the privacy curtain
                await pilot.pause()
                app.save_screenshot(str(OUT / "lifeform-curtain.svg"))
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.save_screenshot(str(OUT / "home-120x40.svg"))
        app.screen.open_session(ids[0])  # type: ignore[attr-defined]
        await pilot.pause()
        app.save_screenshot(str(OUT / "session-lifeform-120x40.svg"))


if __name__ == "__main__":
    asyncio.run(shoot())
    print(f"screenshots written to {OUT}")
