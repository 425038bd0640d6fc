"""`tableside history` (every saved game: counts, records, high scores) and `tableside report
ID` (one game's report: values by round, key moments, the end, revealed secrets)."""

from __future__ import annotations

import argparse
import sys

from rich.cells import cell_len, set_cell_size

from tableside.api import Tableside, TablesideError
from tableside.cli import fail, print_json
from tableside.history import History, history, report_markdown, summaries
from tableside.text import one_line
from trackers.games.registry import game_ids

NAME_WIDTH = 20  # a player's name in the records
GAME_WIDTH = 28  # a game's own title in the list of games


def cell(text: object, width: int) -> str:
    """``text`` on one line in exactly ``width`` terminal cells: wide letters and emoji
    count two, a longer text is cut with "…" so the columns after it stay in line."""
    line = one_line(text)
    if cell_len(line) <= width:
        return set_cell_size(line, width)
    return set_cell_size(line, width - 1) + "…"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("history", help="the play history across every saved game")
    p.add_argument("--game", choices=game_ids(), metavar="GAME",
                   help="only this game: " + ", ".join(game_ids()))
    p.add_argument("--player", metavar="NAME", help="only games this player played")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_history)
    p = subparsers.add_parser("report", help="one game's report (Markdown or JSON)")
    p.add_argument("id")
    p.add_argument("--json", action="store_true", help="the series and moments as JSON")
    p.set_defaults(func=_report)


def _history(args: argparse.Namespace) -> int:
    try:
        # read-only: the history writes no file (not even its cache; the app keeps that)
        table = Tableside(args.data_dir, read_only=True, by="cli")
        found, problems = summaries(table)
        table.close()
    except TablesideError as err:
        return fail(str(err))
    seen = history(found, game=args.game, player=args.player, problems=problems)
    for problem in problems:
        print(f"tableside: warning: {one_line(problem)}", file=sys.stderr)
    if args.json:
        print_json(seen.to_dict())
        return 0
    _print(seen)
    return 0


def _print(seen: History) -> None:
    if not seen.games:
        print("No games match.")
        return
    hours, minutes = divmod(seen.minutes, 60)
    print(f"{len(seen.games)} game{'s' if len(seen.games) != 1 else ''}, "
          f"{hours} h {minutes:02d} min of play")
    for heading, counts in (("Games played to the end", seen.by_title),
                            ("Games not over yet (neither won nor lost)", seen.unfinished),
                            ("Endings reached", seen.endings), ("Wins by side", seen.sides)):
        if counts:
            print(f"\n{heading}")
            for name, count in sorted(counts.items()):
                print(f"  {count:>4}  {one_line(name)}")
    print("\nPlayers")
    print(f"  {cell('Name', NAME_WIDTH)} {'Played':>6} {'Won':>4} {'Not over':>8}")
    for record in seen.players:
        best = ", ".join(f"best {one_line(t)} {s}" for t, s in sorted(record.best.items()))
        print(f"  {cell(record.name, NAME_WIDTH)} {record.played:>6} {record.won:>4} "
              f"{record.unfinished:>8}" + (f"  {best}" if best else ""))
    if seen.high_scores:
        print("\nHigh scores")
        for title, (name, score) in sorted(seen.high_scores.items()):
            print(f"  {one_line(title)}: {one_line(name)}, {score}")
    print("\nGames, latest started first")
    print(f"  {cell('Started', 16)}  {cell('Game', GAME_WIDTH)} {cell('Length', 10)} Ending")
    for game in seen.games:
        state = one_line(game.ending) if game.ending else "not over"
        length = f"{game.length} {game.unit}{'s' if game.length != 1 else ''}"
        print(f"  {cell(game.created[:16].replace('T', ' '), 16)}  "
              f"{cell(game.name, GAME_WIDTH)} {cell(length, 10)} {state}"
              + (f", won by {', '.join(map(one_line, game.winners))}" if game.winners else "")
              + (f" (provisional: {one_line(game.provisional)})" if game.provisional else ""))
        if game.warnings:  # damage or changes found in its files, until dismissed
            print(f"    ! its files hold {len(game.warnings)} warning(s): tableside report "
                  f"{game.id}")


def _report(args: argparse.Namespace) -> int:
    try:
        table = Tableside(args.data_dir, read_only=True, by="cli")
        play = table.load(args.id, read_only=True)
    except TablesideError as err:
        return fail(str(err))
    try:
        report = play.report()
        if args.json:
            print_json({
                "game": report.game, "unit": report.unit, "actions": report.actions,
                "series": [{"key": s.key, "label": s.label, "by_moment": s.by_moment(),
                            "names": {str(k): v for k, v in s.names.items()}}
                           for s in report.series],
                "moments": [m.__dict__ for m in report.moments],
                "end": report.end.to_dict() if report.end else None,
                "secrets": [s.__dict__ for s in report.secrets],
                "codes": [c.__dict__ for c in report.codes],
                "table_log": [line.__dict__ for line in report.table_log],
                "warnings": list(play.warnings),  # tamper and damage found in its files
            })
        else:
            sys.stdout.write(report_markdown(report, one_line(play.info.title),
                                             warnings=play.warnings) + "\n")
    finally:
        play.close()
        table.close()
    return 0
