"""The play history across saved games, and each game's report as Markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.history import CACHE, history, report_markdown, summaries

pytestmark = pytest.mark.usefixtures("demo_registered")


def demo_game(table: Tableside, names: tuple[str, str], winner: str | None,
              rounds: int = 2) -> str:
    play = table.create("demo", 2, names=names, seed="h")
    for _ in range(rounds - 1):
        play.do("fire")
        play.do("next_round")
    if winner:
        play.do("escape", who=winner)
    play.close()
    return play.id


def test_counts_across_games_match_the_games_played(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    demo_game(table, ("Ann", "Bo"), "Ann", rounds=3)
    demo_game(table, ("Ann", "Cy"), "Cy", rounds=1)
    demo_game(table, ("Bo", "Cy"), None)  # not over yet
    found, problems = summaries(table)
    assert problems == [] and len(found) == 3
    seen = history(found)
    # the game not over is counted apart: neither a win nor a loss for Bo and Cy
    assert seen.by_title == {"Demo, standard": 2}
    assert seen.unfinished == {"Demo, standard": 1}
    assert seen.endings == {"Demo: Escape": 2}
    records = {r.name: (r.played, r.won, r.unfinished) for r in seen.players}
    assert records == {"Ann": (2, 1, 0), "Bo": (1, 0, 1), "Cy": (1, 1, 1)}
    assert sorted(s.length for s in found) == [1, 2, 3]
    ann = history(found, player="ann")
    assert len(ann.games) == 2 and {r.name for r in ann.players} == {"Ann", "Bo", "Cy"}
    assert history(found, game="lifeform").games == ()


def test_the_cache_is_rebuilt_when_a_journal_changes(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    game_id = demo_game(table, ("Ann", "Bo"), None)
    assert summaries(table)[0][0].ending is None
    assert game_id in json.loads((tmp_path / CACHE).read_text())["games"]
    play = table.load(game_id)
    play.do("escape", who="Bo")  # the journal grows: the cached summary is stale
    play.close()
    (summary,), _ = summaries(table)
    assert summary.ending == "Escape" and summary.winners == ("Bo",)
    (tmp_path / CACHE).write_text("garbage")  # a damaged cache is only rebuilt
    assert summaries(table)[0][0].winners == ("Bo",)


def test_the_report_markdown_has_the_tables_and_no_unrevealed_secret(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, names=("Ann", "[b]Bo|x"), seed="r")
    play.do("advance", spaces=5)  # 25 -> 20: the milestone
    play.choose_secret("plan", "left", decline_pin=True)
    play.do("next_round")
    markdown = report_markdown(play.report(), play.info.title)
    assert "| Countdown | 20 | 20 |" in markdown
    assert "| 1 | Countdown 20: Twenty reached: open the hatch |" in markdown
    assert "left" not in markdown and "Secrets revealed" not in markdown
    play.do("reveal_secret", secret="plan")
    shown = report_markdown(play.report(), play.info.title)
    code = play.state.pieces["plan"].code  # type: ignore[attr-defined]
    assert f"| Plan | left | {code} |" in shown


def test_the_games_are_listed_latest_started_first(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    first = demo_game(table, ("Ann", "Bo"), None)
    second = demo_game(table, ("Ann", "Bo"), "Ann")
    found, _ = summaries(table)
    # the first game played again after the second was made: still listed by its start
    play = table.load(first)
    play.do("fire")
    play.close()
    found, _ = summaries(table)
    assert [g.id for g in history(found).games] == [second, first]


def test_the_cli_history_keeps_its_columns_in_line_with_emoji_and_long_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rich.cells import cell_len

    from tableside.cli import main

    table = Tableside(tmp_path)
    for names, title in ((("Ann", "Bo"), "Friday"),
                         (("🐙🐙 Octo", "漢字の名前"), "🎲 Dice night 🎲"),
                         (("A" * 40, "Bo"), "A very long name for one evening of play indeed")):
        play = table.create("demo", 2, names=names, seed="e", title=title)
        play.do("escape", who=names[0])
        play.close()
    table.close()
    assert main(["--data-dir", str(tmp_path), "history"]) == 0
    out = capsys.readouterr().out.splitlines()
    players = out[out.index("Players") + 2:out.index("Players") + 7]
    # the Played column ends at the same cell on every row, whatever the name's letters
    ends = {cell_len(line.split("  best")[0].rstrip()) for line in players}
    assert len(ends) == 1, players
    assert any("…" in line and "AAAA" in line for line in players)  # the long name cut
    games = out[out.index("Games, latest started first") + 2:]
    starts = {cell_len(line[:line.index("1 round")]) for line in games}
    assert len(starts) == 1, games  # the Length column starts at one cell on every row
    assert any("A very long name" in line and "…" in line for line in games)
