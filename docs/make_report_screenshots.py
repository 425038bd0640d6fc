"""Screenshots of the game report and the play history: `python docs/make_report_screenshots.py`.

Plays two whole games to their endings in a throw-away data folder: a 4-player Space Station
Phoenix game (31 turns, Sectors 311 and 324 built, to its recorded scores) and a 3-player
Lifeform game with modules A and D over five rounds, through its launch, the hunt and seven
fights of the Showdown until the lifeform has no card left and the crew wins. Then it exports
the report of each at 80x24 and 120x40, and the play history, to docs/screenshots.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

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


# The Showdown after the first fight (the undo tests' game stops there): each fight checked
# first and recorded as its check says, until Sarah, the lifeform, holds no card.
SHOWDOWN: list[tuple[str, dict[str, Any]]] = [
    ("fight_check", {"target": "Jacob", "fight_icons": "red claw",
                     "cards": "red claw; green eye"}),
    ("fight_result", {"target": "Jacob", "result": "matched", "crew_cards_used": 1}),
    ("fight_result", {"target": "Andrew", "result": "cancelled: Remora token"}),
    ("fight_check", {"target": "Jacob", "fight_icons": "green eye", "hostility_tokens": 1,
                     "cards": "green eye; red claw"}),
    ("fight_result", {"target": "Jacob", "result": "matched", "hostility_tokens": 1,
                      "crew_cards_used": 2}),
    ("fight_check", {"target": "Andrew", "fight_icons": "blue claw, red claw",
                     "hostility_tokens": 1, "cards": "green eye"}),
    ("fight_result", {"target": "Andrew", "result": "eliminated", "hostility_tokens": 1}),
    ("fight_check", {"target": "Jacob", "fight_icons": "green eye", "cards": "green eye"}),
    ("fight_result", {"target": "Jacob", "result": "matched", "crew_cards_used": 1}),
    ("fight_check", {"target": "Jacob", "fight_icons": "purple stinger",
                     "cards": "purple stinger"}),  # the hunt's combat token
    ("fight_result", {"target": "Jacob", "result": "matched", "combat_tokens_used": 1}),
]


def lifeform_whole_game(data: Path) -> str:
    """A 3-player Lifeform game with modules A and D over five rounds (the long game the undo
    tests play), through the launch and the Showdown to its end, every secret's PIN declined.
    Each fight's check must say what its result records, and the game must be over."""
    table = Tableside(data)
    play = table.create("lifeform", 3, names=NAMES[3], board=dict(BOARD), seed="undo",
                        options={"modules": ["A", "D"]})
    # (the asteroids are module B's, not in this game)
    steps = [step for step in STEPS + fill_and_launch() + SHOWDOWN
             if step[0] != "asteroids_jumped"]
    for index, (name, args) in enumerate(steps):
        secret = any(p.secret for p in play.action(name).params) or name in (
            "record_objective", "reality_calibration", "choose_stowaway")
        notes = play.do(name, **args, **({"decline_pin": True} if secret else {}))
        if name == "fight_check":  # the next step records this fight as its check says
            matched = steps[index + 1][1]["result"] == "matched"
            assert matched == (": every fight icon can be matched" in notes[0].text), notes
    assert play.game.is_over(play.state), play.state.facts.get("status")
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
    lifeform_whole_game(data)  # the newest: first on Home
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
