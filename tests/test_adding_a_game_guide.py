"""The contributor guide's code is true: docs/ADDING_A_GAME.md's Python blocks, run in order,
make a game that the app then plays, saves, reports and refuses with a reason."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from trackers.games import registry

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "ADDING_A_GAME.md"


def guide_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


@pytest.fixture
def guide_game(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every block of the guide run in one namespace (its last block is its own test)."""
    space: dict[str, Any] = {"__name__": "guide"}
    for block in guide_blocks():
        exec(compile(block, str(GUIDE), "exec"), space)  # noqa: S102 - our own document
    game = space["GAME"]
    monkeypatch.setitem(registry._INFOS, game.id, game.info)
    monkeypatch.setitem(registry._LOADED, game.id, game)
    return space


def test_the_guide_names_every_file_of_the_demo_template() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    demo = Path(__file__).resolve().parent / "demo"
    for module in ("__init__", "setup", "actions", "board", "view", "game"):
        assert (demo / f"{module}.py").is_file()
        assert f"`{module}.py`" in text
    assert (demo / "card.md").is_file() and "`card.md`" in text
    assert len(guide_blocks()) >= 7


def test_the_guides_game_plays_saves_and_reports(guide_game: dict[str, Any],
                                                  tmp_path: Path) -> None:
    game = guide_game["GAME"]
    table = Tableside(tmp_path)
    play = table.create(game.id, 2)
    assert game.banner_lines(play.state) == ["Round 1 | rescue in 12"]
    for _ in range(3):
        play.do("feed", logs=2)
    assert play.blocked("feed") == "the pile is empty: gather wood first (Gather, g)"
    for _ in range(12):
        play.do("wait")
    assert play.game.is_over(play.state)
    report = play.report()
    assert any(m.text == "Rescued" for m in report.moments)
    logs = next(s for s in report.series if s.label == "Logs burnt")
    assert logs.by_moment()[0] == (1, 6)  # six logs burnt in round 1


def test_the_guides_board_value_is_asked_not_invented(guide_game: dict[str, Any],
                                                      tmp_path: Path) -> None:
    play = Tableside(tmp_path).create(guide_game["GAME"].id, 2)
    assert "signal_space" not in play.state.board  # unset until the table enters it
