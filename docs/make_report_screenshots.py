"""Screenshots of the game report and the play history: `python docs/make_report_screenshots.py`.

Plays a whole 4-player Space Station Phoenix game (31 turns, Sectors 311 and 324 built, to its
recorded scores) and a 3-player Lifeform game over five rounds to its launch and Showdown in a
throw-away data folder, then exports the report of each at 80x24 and 120x40, and the play
history, to docs/screenshots.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES  # noqa: E402
from tests.lifeform.test_lifeform_session_undo import STEPS, fill_and_launch  # noqa: E402
from tui.app import TablesideApp  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
GAINS = (3, 5, 2, 4, 6, 3, 5, 4, 2, 7, 6, 5, 8, 4, 6, 7, 5, 9, 6, 8, 7, 6, 9, 8)
BUILDS = {2: {"level": 1}, 5: {"level": 1}, 9: {"level": 2},
          14: {"level": 3, "number": "311"}, 17: {"level": 3, "number": "324"}}


def lifeform_long_game(data: Path) -> str:
    """A 3-player Lifeform game with modules A, B and D over five rounds, to the launch and
    the Showdown (the long game the undo tests play), every secret's PIN declined."""
    table = Tableside(data)
    play = table.create("lifeform", 3, names=NAMES[3], board=dict(BOARD), seed="undo",
                        options={"modules": ["A", "B", "D"]})
    for name, args in STEPS + fill_and_launch():
        secret = any(p.secret for p in play.action(name).params) or name in (
            "record_objective", "reality_calibration", "choose_stowaway")
        play.do(name, **args, **({"decline_pin": True} if secret else {}))
    play.close()
    table.close()
    return play.id


def phoenix_whole_game(data: Path) -> str:
    """Four players, turn after turn, until the end is triggered and the final round is
    played; then the final scores recorded."""
    table = Tableside(data)
    play = table.create("space-station-phoenix", 4, names=("Anna", "Beth", "Connor", "Dana"),
                        seed="whole", board={"lap_size": 50})
    play.do("setup_all")
    turn = 0
    while not play.game.is_over(play.state):
        if turn in BUILDS:
            play.do("build_sector", **BUILDS[turn])
        play.do("add_points", points=GAINS[turn % len(GAINS)])
        play.do("end_turn")
        turn += 1
    play.do("record_final_scores", scores="Anna=112, Beth=127, Connor=119, Dana=104")
    play.close()
    table.close()
    return play.id


async def shoot() -> None:
    data = Path(tempfile.mkdtemp())
    phoenix_whole_game(data)
    lifeform_long_game(data)  # the newest: first on Home
    for size, suffix in (((80, 24), ""), ((120, 40), "-120x40")):
        for down, game in (((), "lifeform"), (("down",), "phoenix")):
            app = TablesideApp(data_dir=data)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await pilot.press(*down, "enter", "ctrl+r")
                await pilot.pause()
                app.save_screenshot(str(OUT / f"report-{game}{suffix}.svg"))
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.save_screenshot(str(OUT / "play-history-120x40.svg"))


if __name__ == "__main__":
    asyncio.run(shoot())
    print(f"screenshots written to {OUT}")
