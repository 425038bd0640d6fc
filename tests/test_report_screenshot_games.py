"""The README's report pictures come from whole games played to their endings: the script
that makes them (docs/make_report_screenshots.py) plays each game by the rules to its end."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tableside.api import Tableside

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "make_report_screenshots.py"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_report_screenshots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_reports_are_of_games_played_to_their_end(tmp_path: Path) -> None:
    made = script()
    for play_it, ending in ((made.lifeform_whole_game, "the crew won the Showdown"),
                            (made.phoenix_whole_game, "Beth won")):
        game_id = play_it(tmp_path)
        table = Tableside(tmp_path, read_only=True)
        play = table.load(game_id)
        assert play.game.is_over(play.state)
        assert play.game.status_of(play.state) == ending or ending in str(
            play.state.facts.get("status"))
        play.close()
        table.close()
