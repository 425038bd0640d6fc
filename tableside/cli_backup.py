"""`tableside backup FILE` and `tableside restore FILE`: carry a data folder to another
laptop (tableside.backup)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from saves.paths import data_dir
from tableside.backup import plan_restore, read_backup, restore, write_backup
from tableside.basics import TablesideError, plain_error
from tableside.cli import fail
from tableside.text import one_line


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "backup", help="write the data folder (games, profiles, rulebooks, keys) to one file")
    p.add_argument("file", help="the backup file to write (a zip)")
    p.add_argument("--game", metavar="ID", help="only this game (and the app's keys)")
    p.add_argument("--yes", action="store_true", help="replace FILE if it exists")
    p.set_defaults(func=_backup)
    p = subparsers.add_parser(
        "restore", help="bring a backup into this data folder (overwrites nothing unasked)")
    p.add_argument("file", help="a file written by tableside backup")
    p.add_argument("--yes", action="store_true",
                   help="replace differing settings and rulebooks without asking")
    p.set_defaults(func=_restore)


def _backup(args: argparse.Namespace) -> int:
    target = Path(args.file)
    if target.exists() and not args.yes and not _asked(f"{target} exists. Replace it?"):
        return fail(f"file {target}: exists; nothing was written (--yes replaces it)")
    try:
        titles = write_backup(data_dir(args.data_dir), target, args.game)
    except TablesideError as err:
        return fail(str(err))
    except OSError as err:
        return fail(str(plain_error(err, f"file {target}: the backup could not be written")))
    print(f"Wrote {len(titles)} game(s) to {target}: "
          + (", ".join(one_line(t) for t in titles) or "no games"))
    print("Secrets stay sealed in it: their owners' PINs are still needed. Keep the file "
          "private: it holds the app's keys.")
    return 0


def _restore(args: argparse.Namespace) -> int:
    root = data_dir(args.data_dir)
    try:
        backup = read_backup(Path(args.file))
        plan = plan_restore(root, backup)
        replace = args.yes
        if plan.to_ask and not plan.present and not replace:
            for line in plan.to_ask:
                print(f"  {one_line(line)}")
            replace = _asked("Replace these?")
        restore(root, backup, replace=replace)
    except TablesideError as err:
        return fail(str(err))
    print(f"Restored {len(plan.games)} game(s) into {root}: "
          + (", ".join(one_line(g) for g in plan.games) or "no games"))
    for line in plan.keys:
        print(f"  key {one_line(line)}")
    return 0


def _asked(question: str) -> bool:
    """A yes at a terminal; never at a script (it says --yes instead)."""
    if not sys.stdin.isatty():
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")
