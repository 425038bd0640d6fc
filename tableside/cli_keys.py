"""`tableside keys`: the keys the player chose instead of the app's (the app reads them at
start and shows them in the footer, on F1, in the palette and in its messages)."""

from __future__ import annotations

import argparse

from tableside.api import Tableside, TablesideError
from tableside.cli import fail, print_json


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    keys = subparsers.add_parser("keys", help="your own keys for the app (list, set, reset)")
    sub = keys.add_subparsers(dest="keys_command", metavar="SUBCOMMAND", required=True)
    p = sub.add_parser("list", help="the keys you changed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_list)
    p = sub.add_parser("set", help="give a binding your key: tableside keys set session.undo z")
    p.add_argument("binding", help="the binding id, as F1 shows it (session.undo, "
                                   "<game>.<action>)")
    p.add_argument("key", help="the key: a letter, ctrl+z, f5 ...")
    p.set_defaults(func=_set)
    p = sub.add_parser("reset", help="give a binding its own key back")
    p.add_argument("binding")
    p.set_defaults(func=_reset)


def _list(args: argparse.Namespace) -> int:
    keymap = Tableside(args.data_dir, read_only=True).keymap()
    if args.json:
        print_json(keymap)
    elif not keymap:
        print("No keys changed: the app uses its own.")
    for binding, key in sorted(keymap.items()):
        if not args.json:
            print(f"{binding:32} {key}")
    return 0


def _set(args: argparse.Namespace) -> int:
    try:
        Tableside(args.data_dir).set_key(args.binding, args.key)
    except TablesideError as err:
        return fail(str(err))
    print(f"{args.binding}: {args.key} (the app uses it from its next start)")
    return 0


def _reset(args: argparse.Namespace) -> int:
    try:
        Tableside(args.data_dir).set_key(args.binding, None)
    except TablesideError as err:
        return fail(str(err))
    print(f"{args.binding}: its own key again (from the app's next start)")
    return 0
