"""`tableside score phoenix FILE`: the Space Station Phoenix end-game score from a JSON/TOML file.

Exit codes: 0 scored; 1 the file's content is not a usable score sheet (every problem is listed
on stderr, naming the player and the field); 2 bad arguments or a file that cannot be read.
Nothing is ever written to disk. The file must be a regular file of at most 1 MB (a device, a
pipe or a folder is refused before anything is read).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tableside.files import FileRefused, bounded_int, read_capped, read_stream_capped
from trackers.games.space_station_phoenix.score_export import (
    CATEGORY_LABELS,
    to_csv,
    to_json,
    to_markdown,
    unset_lines,
    winner_line,
)
from trackers.games.space_station_phoenix.score_input import ScoreInputError, parse_score_sheet
from trackers.games.space_station_phoenix.scoring import CATEGORIES, ScoreResult, score

EXIT_OK = 0
EXIT_BAD_CONTENT = 1
EXIT_BAD_ARGUMENTS = 2
PROG = "tableside score phoenix"
MAX_BYTES = 1024 * 1024  # a score sheet is a few KB; this only stops absurd input


def add_score_command(games: argparse._SubParsersAction[argparse.ArgumentParser],
                      name: str) -> None:
    """Add `score phoenix FILE [--json | --markdown | --csv] [--explain]`."""
    phoenix = games.add_parser(
        name,
        help="Space Station Phoenix end-game scoring",
        description=(
            "Score a finished game of Space Station Phoenix. FILE is JSON (or TOML when it ends "
            "in .toml; '-' reads JSON from standard input); see docs/examples/phoenix-score.json."
        ),
    )
    phoenix.add_argument("file", metavar="FILE", help="the score sheet (.json or .toml, or -)")
    output = phoenix.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the result as JSON")
    output.add_argument("--markdown", action="store_true", help="print a Markdown table")
    output.add_argument("--csv", action="store_true", help="print CSV (players as columns)")
    phoenix.add_argument(
        "--explain", action="store_true",
        help="also give how each cell was scored (an \"explain\" list with --json, rows "
             "after the table with --csv)"
    )
    phoenix.set_defaults(func=score_phoenix)


#: tool id (see the game's GameInfo) -> the function adding its command under the tool's verb
TOOLS = {"score": add_score_command}


def _fail(message: str, code: int) -> int:
    print(f"{PROG}: {message}", file=sys.stderr)
    return code


def _read(file: str) -> tuple[str, bytes]:
    if file == "-":
        return "standard input", read_stream_capped(sys.stdin.buffer, MAX_BYTES)
    return file, read_capped(Path(file), MAX_BYTES)


def _decode(raw: bytes, toml: bool) -> Any:
    text = raw.decode("utf-8-sig")
    if toml:
        return tomllib.loads(text)
    return json.loads(text, parse_int=bounded_int)


def score_phoenix(args: argparse.Namespace) -> int:
    """Handler: read FILE, check it, score it, print it."""
    try:
        name, raw = _read(args.file)
    except FileRefused as error:
        return _fail(f"cannot read {error}", EXIT_BAD_ARGUMENTS)
    except FileNotFoundError:
        return _fail(f"cannot read {args.file}: no such file", EXIT_BAD_ARGUMENTS)
    except IsADirectoryError:
        return _fail(f"cannot read {args.file}: it is a folder, not a file", EXIT_BAD_ARGUMENTS)
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror or error}", EXIT_BAD_ARGUMENTS)
    is_toml = args.file.lower().endswith(".toml")
    try:
        data = _decode(raw, is_toml)
    except UnicodeDecodeError:
        return _fail(f"{name}: not UTF-8 text", EXIT_BAD_CONTENT)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        return _fail(f"{name}: not valid JSON at {where}: {error.msg}", EXIT_BAD_CONTENT)
    except tomllib.TOMLDecodeError as error:
        return _fail(f"{name}: not valid TOML: {error}", EXIT_BAD_CONTENT)
    except FileRefused as error:
        return _fail(f"{name}: {error}", EXIT_BAD_CONTENT)
    except ValueError:  # TOML reads integers with int(): past Python's 4,300-digit limit
        return _fail(f"{name}: a number with thousands of digits; no value here needs that "
                     "many", EXIT_BAD_CONTENT)
    try:
        sheet = parse_score_sheet(data)
    except ScoreInputError as error:
        return _fail(f"{name}: {error}", EXIT_BAD_CONTENT)
    result = score(sheet)
    if args.json:
        data = to_json(result)
        if args.explain:
            data["explain"] = _explanations(result)
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif args.markdown:
        sys.stdout.write(to_markdown(result, explain=args.explain))
    elif args.csv:
        sys.stdout.write(to_csv(result) + (_csv_explanations(result) if args.explain else ""))
    else:
        _print_table(result, explain=args.explain)
    return EXIT_OK


def _explanations(result: ScoreResult) -> list[dict[str, Any]]:
    """--explain with --json: for each player, each category's points and why."""
    return [{"name": p.name,
             "cells": [{"category": c.category, "label": CATEGORY_LABELS[c.category],
                        "points": c.points, "why": c.why} for c in (*p.cells, p.total)]}
            for p in result.players]


def _csv_explanations(result: ScoreResult) -> str:
    """--explain with --csv: after the score rows, one "Why: <category>" row per category."""
    def field(text: str) -> str:
        return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\r\n') else text

    lines = []
    for cells in zip(*((*p.cells, p.total) for p in result.players), strict=True):
        label = CATEGORY_LABELS[cells[0].category]
        lines.append(",".join(field(t) for t in (f"Why: {label}", *(c.why for c in cells))))
    return "".join(line + "\r\n" for line in lines)


def _print_table(result: ScoreResult, *, explain: bool) -> None:
    console = Console(highlight=False)
    table = Table(title="Space Station Phoenix: final score")
    table.add_column("Category")
    for player in result.players:
        mark = " (winner)" if player.name in result.winners else ""
        table.add_column(Text(player.name + mark), justify="right")
    for category in CATEGORIES:
        table.add_row(
            CATEGORY_LABELS[category], *(str(p.cell(category).points) for p in result.players)
        )
    table.add_section()
    table.add_row(
        "[bold]Total[/bold]", *(f"[bold]{p.total.points}[/bold]" for p in result.players)
    )
    console.print(table)
    console.print(winner_line(result), markup=False)
    for line in unset_lines(result, lambda key: f'set "{key}" to true or false under '
                                               '"settings" in the file'):
        console.print(line, markup=False)
    if explain:
        for player in result.players:
            console.print()
            console.print(f"{player.name}:", markup=False)
            for cell in (*player.cells, player.total):
                console.print(f"  {CATEGORY_LABELS[cell.category]}: {cell.why}", markup=False)
