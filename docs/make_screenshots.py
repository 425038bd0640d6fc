"""Regenerate the SVG screenshots in docs/screenshots (80x24): `python docs/make_screenshots.py`.

Plays a few moves in a throw-away data folder, then exports what the screen shows.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tui.app import TablesideApp  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def lifeform_mid_game(data: Path) -> str:
    """A Lifeform game a dozen moves in, on the made-up board the tests use."""
    sys.path.insert(0, str(ROOT / "tests" / "lifeform"))
    from test_lifeform_session_endings import PILOT
    from test_lifeform_session_fixtures import BOARD

    table = Tableside(data)
    play = table.create("lifeform", 3, names=["Sarah", "Andrew", "Jacob"], board=BOARD,
                        title="Lifeform, Friday night", seed="docs")
    for name, args in PILOT[:12]:
        play.do(name, **args)
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
        try:
            play = table.create(game, players, title=title, seed="docs", options=options)
        except Exception as err:  # a game module still missing: skip it, say so
            print(f"skipped {game}: {err}")
            continue
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
        await pilot.press("n")
        await pilot.pause()
        app.save_screenshot(str(OUT / "new-game.svg"))
        await pilot.press("escape")
        await pilot.pause()
        for index, session_id in enumerate(ids):
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
            del index


if __name__ == "__main__":
    asyncio.run(shoot())
    print(f"screenshots written to {OUT}")
