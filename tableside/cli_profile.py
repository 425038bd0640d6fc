"""`tableside profile`: show, export and import a game's board profile."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tableside.api import Tableside, TablesideError, game_definition
from tableside.cli import fail, print_json
from tableside.files import FileRefused, bounded_int, read_capped
from trackers.engine import ActionError
from trackers.games.registry import game_ids

MAX_BYTES = 1024 * 1024  # a board profile is a few KB; this only stops absurd input


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    profile = subparsers.add_parser(
        "profile", help="the printed board values you entered once (show, export, import)")
    sub = profile.add_subparsers(dest="profile_command", metavar="SUBCOMMAND", required=True)
    games = ", ".join(game_ids())
    p = sub.add_parser("show", help="every board value of a game, set or unset")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_show)
    p = sub.add_parser("export", help="write the profile to a file to share with a group")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("file")
    p.set_defaults(func=_export)
    p = sub.add_parser("import", help="take a shared profile (all or nothing)")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("file")
    p.set_defaults(func=_import)


def _looking(args: argparse.Namespace) -> Tableside:
    """The data folder read as it is: nothing created, nothing set aside; what is found
    damaged goes to stderr (the next command that writes records it)."""
    table = Tableside(args.data_dir, read_only=True, by="cli")
    for warning in table.warnings:
        print(f"tableside: warning: {warning}", file=sys.stderr)
    return table


def _show(args: argparse.Namespace) -> int:
    try:
        table = _looking(args)
    except TablesideError as err:
        return fail(str(err), 2)
    try:
        definition = game_definition(args.game)
        values = table.board_profile(args.game)
    except (ActionError, TablesideError) as err:
        return fail(str(err), 2)
    finally:
        table.close()
    rows = [{"key": v.key, "label": v.label, "look_at": v.look_at,
             "value": values.get(v.key)} for v in definition.board_values]
    if args.json:
        print_json(rows)
        return 0
    if not rows:
        print(f"{definition.title} has no board values to enter.")
    for row in rows:
        shown = "unset" if row["value"] is None else row["value"]
        print(f"{row['key']:<34} {shown!s:<14} {row['label']} (look at: {row['look_at']})")
    return 0


def _export(args: argparse.Namespace) -> int:
    try:
        table = _looking(args)
    except TablesideError as err:
        return fail(str(err), 2)
    try:
        data = table.export_board_profile(args.game)
    except (ActionError, TablesideError) as err:
        return fail(str(err), 2)
    finally:
        table.close()
    try:
        Path(args.file).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as err:
        return fail(f"file {args.file}: cannot be written ({err.strerror})")
    print(f"Wrote {len(data['values'])} board value(s) to {args.file}")
    return 0


def _import(args: argparse.Namespace) -> int:
    try:
        raw = read_capped(Path(args.file), MAX_BYTES)
    except FileRefused as err:
        return fail(f"file {err}; nothing was changed", 2)
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_int=bounded_int)
    except FileRefused as err:
        return fail(f"file {args.file}: {err}; nothing was changed")
    except (ValueError, UnicodeDecodeError) as err:
        return fail(f"file {args.file}: not valid JSON ({err})")
    table = Tableside(args.data_dir)
    try:
        count = table.import_board_profile(args.game, data)
    except (ActionError, TablesideError) as err:
        return fail(f"{args.file}: {err}; nothing was changed")
    finally:
        table.close()
    print(f"Took {count} board value(s) from {args.file}")
    return 0
