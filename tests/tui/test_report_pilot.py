"""The game report and the play history, opened by keys and read off the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pilot_keys import burst
from tests.textual_probe import notifications_shown
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.play_history import PlayHistoryScreen
from tui.screens.report import ReportScreen
from tui.widgets.report_charts import ReportChart


def phoenix_to_the_end(data: Path) -> str:
    table = Tableside(data)
    play = table.create("space-station-phoenix", 2, names=("Anna", "Beth"), seed="rep",
                        board={"lap_size": 50})
    play.do("setup_all")
    play.do("add_points", points=12)  # Anna, turn 1
    play.do("end_turn")
    play.do("add_points", points=41)  # Beth reaches 41 on her turn 2: the end is triggered
    play.do("end_turn")
    play.do("end_turn")  # Anna's final turn: the game is over
    play.do("record_final_scores", scores="Anna=98, Beth=131")
    play.close()
    table.close()
    return play.id


@pytest.mark.usefixtures("demo_registered")
async def test_the_report_and_the_play_history_of_a_finished_phoenix_game_at_80x24(
        tmp_path: Path) -> None:
    """The report of a finished Space Station Phoenix game, by keys at 80x24: the score
    markers race in one chart, first, ending on the final scores in whole-number steps; its
    lines say the end, the winners, the scores and who triggered the end; m writes it as
    Markdown (the message keeps the path whole), x as an SVG. Then the play history (g): the
    games counted by ending and result, filtered by a player's name typed with its markup;
    its filters one row of full-width fields."""
    import re

    from textual.widgets import Input, Select

    from tests.tui.screen_text import screen_text

    table = Tableside(tmp_path)
    play = table.create("demo", 2, names=("Anna", "[b]Cy[/b]"), seed="d")
    play.do("escape", who="[b]Cy[/b]")
    play.close()
    table.close()
    phoenix_to_the_end(tmp_path)  # the newest game: first on Home
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+r")  # resume the game, its report
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        charts = list(app.screen.query(ReportChart))
        # the score markers race in one chart, first
        assert charts[0].title_text == "Scores"
        assert [s.label for s in charts[0].series] == ["Anna", "Beth"]
        shown = screen_text(app)
        # the markers end on the final scores (Anna 98, Beth 131), in whole-number steps
        assert "98┤" in shown and "131┤" in shown
        assert not re.search(r"\d\.\d+┤", shown), shown  # no "4.33" for a score
        lines = panel_text(app, "#report-lines")
        assert "The end: Final round done" in lines
        assert "Final scoring" in lines and "Winners: Beth" in lines
        assert "Beth ###" in lines and "131" in lines
        assert "Turn 2: Beth triggered the end: 41 points (40 or more)" in lines
        assert "Secrets revealed" not in lines  # a game without hidden information
        await pilot.press("m")
        await pilot.pause()
        written = sorted((tmp_path / "exports").glob("report-space-station-phoenix-*.md"))
        assert len(written) == 1 and "| Beth | 131 |" in written[0].read_text()
        # the message keeps the path whole: broken only after a folder or a hyphen
        message = [n.message for n in notifications_shown(app)][-1]
        head, *parts = message.splitlines()
        assert head == "Report written:" and "".join(parts) == str(written[0])
        assert all(part.endswith(("/", "-")) for part in parts[:-1])
        await pilot.press("x")
        await pilot.pause()
        assert sorted((tmp_path / "exports").glob("report-*.svg"))

        await pilot.press("escape", "escape", "g")  # Home, then the play history
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, PlayHistoryScreen)
        game, player = app.screen.query_one(Select), app.screen.query_one(Input)
        assert game.region.width >= 20 and player.region.width >= 20
        assert game.region.y == player.region.y and game.region.height <= 3
        assert "2 games" in screen_text(app)
        counts = panel_text(app, "#history-counts")
        assert "2 games" in counts and "Space Station Phoenix: Final scoring" in counts
        assert "Space Station Phoenix: Beth, 131" in counts
        assert "Demo: Escape" in counts
        await pilot.press("tab")  # from the game filter to the player box
        await burst(pilot, *"[b]Cy[/b]")  # the name as typed (markup), at once
        counts = panel_text(app, "#history-counts")
        assert "1 game," in counts and "Demo: Escape" in counts and "Phoenix" not in counts


@pytest.mark.usefixtures("demo_registered")
async def test_the_play_history_at_80x24_counts_an_unfinished_game_apart(
        tmp_path: Path) -> None:
    from textual.widgets import DataTable

    table = Tableside(tmp_path)
    done = table.create("demo", 2, names=("Anna", "Bo"), seed="d", title="Won by Anna")
    done.close()
    going = table.create("demo", 2, names=("Anna", "Cy"), seed="d", title="Still going")
    going.do("fire")
    going.close()
    done = table.load(done.id)  # ended after the other began: still listed second
    done.do("escape", who="Anna")
    done.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await app.workers.wait_for_complete()
        await pilot.pause()
        counts = panel_text(app, "#history-counts")
        assert "Games played to the end\n    1  Demo, standard" in counts
        assert "Games not over yet (neither won nor lost)\n    1  Demo, standard" in counts
        players = app.screen.query_one("#history-players", DataTable)
        assert [str(c.label) for c in players.columns.values()][:4] == [
            "Player", "Played", "Won", "Not over"]
        rows = {str(players.get_row_at(i)[0]): [str(v) for v in players.get_row_at(i)[1:4]]
                for i in range(players.row_count)}
        # Cy only has the game still going: neither played-and-lost nor won
        assert rows == {"Anna": ["1", "1", "1"], "Bo": ["1", "0", "0"],
                        "Cy": ["0", "0", "1"]}
        games = app.screen.query_one("#history-games", DataTable)
        assert str(list(games.columns.values())[0].label) == "Started"
        listed = [(str(games.get_row_at(i)[1]), str(games.get_row_at(i)[4]))
                  for i in range(games.row_count)]
        assert listed == [("Still going", "not over"), ("Won by Anna", "Escape")]


def lifeform_to_ending_b(data: Path) -> str:
    """A 3-player Lifeform game played through the API to a wrong Stowaway guess: Ending B."""
    from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES

    table = Tableside(data)
    play = table.create("lifeform", 3, names=NAMES[3], seed="t", board=dict(BOARD))
    pool = ["Solomon", "Palmer", "Cameron", "Bennings", "Scott", "Chandra"]
    for i, member in enumerate(play.state.facts["crew"]):
        play.do("record_characters", crew_member=member, first=pool[2 * i],
                second=pool[2 * i + 1])
    play.do("reality_calibration", image="Image 1", decline_pin=True)
    play.do("tick_setup", step="all remaining")
    for column, n in (("improvised_weaponry", 4), ("coolant", 3), ("energy_cells", 4),
                      ("spacesuits", 4)):
        for _ in range(n):
            play.do("place_mission", column=column, crew_member="Jacob")
    play.do("complete_objective", slot="1")
    play.do("complete_objective", slot="2")
    play.do("advance_self_destruct", spaces=8)  # 20: the Stowaway card is chosen
    play.do("choose_stowaway", card="third")
    for name in ("Solomon", "Palmer", "Cameron", "Bennings"):
        play.do("board_remora", character=name)
    play.do("advance_self_destruct", spaces=14)  # minute 6
    play.do("launch")  # the card says 9-15: a wrong guess, the crew wins
    play.close()
    table.close()
    return play.id


def test_charts_draw_values_as_steps_with_the_values_on_the_axis() -> None:
    """A value holds until the action that changed it and changes there (no diagonal
    ramps); a moment's actions are spread across it, so a round of many actions reads as
    many steps, not one jump from its start to its end."""
    from trackers.engine.report import Point, Report
    from tui.widgets.report_charts import placer, steps

    report = Report("demo", "Demo", "round", 5, (), (), None,
                    moment_of_action=(1, 1, 1, 2, 2))
    x = placer(report)
    assert [x(seq, 0) for seq in range(1, 6)] == [1.25, 1.5, 1.75, 2 + 1 / 3, 2 + 2 / 3]
    assert x(0, 1) == 1.0  # the setup: the start of the first round
    points = [Point(0, 1, 0), Point(2, 1, 1), Point(3, 1, 2), Point(5, 2, 6)]
    assert steps(points, x, 3.0) == ([1.0, 1.5, 1.5, 1.75, 1.75, 2 + 2 / 3, 2 + 2 / 3, 3.0],
                                     [0, 0, 1, 1, 2, 2, 6, 6])
    assert steps([], x, 3.0) == ([], [])

async def test_the_report_of_a_lifeform_game_at_its_end_draws_what_moved(
        tmp_path: Path) -> None:
    """The report of a Lifeform game played to Ending B, at 80x24: the Self-Destruct chart,
    its milestone, the ending, the winning side and the Stowaway card revealed. A value that
    never moved is one line, not a flat chart; the key moments are lettered on the axis and
    in the list alike; a round's actions are spread across it."""
    from tests.tui.screen_text import screen_text
    from tui.widgets.report_charts import placer

    lifeform_to_ending_b(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReportScreen)
        assert "Self-Destruct" in [c.title_text for c in app.screen.query(ReportChart)]
        said = panel_text(app, "#report-lines")
        assert "Self-Destruct 20:" in said  # the milestone, on the round it fired
        assert "Ending B" in said and "Winning side: crew" in said
        assert "Stowaway card: third (code" in said  # revealed at the launch, with its code
        charts = list(screen.query(ReportChart))
        assert all(s.changed for chart in charts for s in chart.series)
        assert "Never moved: Hostility 2" in panel_text(app, "#report-unmoved")
        assert "Hostility" not in [c.title_text for c in charts]
        lines = panel_text(app, "#report-lines").splitlines()
        assert lines[1].startswith("  A Round 1: ")  # its letter, as on the axis
        drawn = [str(chart.render()).splitlines() for chart in charts]
        assert all(rows[0].strip().endswith(", by round") for rows in drawn)
        # every chart's plot starts in one column: a moment's lines stand one under another
        frames = {next(row.index("┌") for row in rows if "┌" in row) for rows in drawn}
        assert len(frames) == 1 and len(charts) > 1
        letter_rows = [rows[-1] for rows in drawn]  # the key moments' letters, under the axis
        assert all(row.strip(" \u2800").startswith("A") for row in letter_rows)
        assert "A Round 1" in screen_text(app) or lines[1].startswith("  A Round 1: ")
        x = placer(screen.report)
        spots = {x(seq, 1) for seq in range(1, screen.report.actions + 1)}
        assert len(spots) == screen.report.actions  # 29 actions, 29 places, not one jump
