"""The ``tableside`` command: no arguments opens the app; sub-commands serve scripts.

Global options (``--data-dir``) may come anywhere on the line, before or after the
sub-command. Everything the commands print passes through ``tableside.text.plain``: a typed
escape sequence or control character never reaches the terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from tableside import __version__

COMMAND_MODULES = (
    "tableside.cli_saves", "tableside.cli_rules", "tableside.games", "tableside.cli_profile",
    "tableside.cli_secrets", "tableside.cli_history", "tableside.cli_serve",
    "tableside.cli_keys", "tableside.cli_backup", "tableside.cli_say",
)
GLOBAL_OPTIONS = ("--data-dir",)  # each takes one value; accepted anywhere on the line


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tableside",
        description="Upkeep beside your board game: tracks, decks, secrets, scoring, rules. "
                    "Run plain `tableside` (no command) to open the app; the commands below "
                    "serve scripts and the shell.",
        epilog="Global options such as --data-dir may also come after the command.")
    parser.add_argument("--version", action="version", version=f"tableside {__version__}")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="where saves and the rules index live "
                             "(default: $TABLESIDE_DATA_DIR, else your user data folder)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    import importlib

    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = query_words_last(global_options_first(list(sys.argv[1:] if argv is None
                                                            else argv)))
    # Fast path: no sub-command opens the app without importing the command modules.
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--data-dir")
    known, rest = early.parse_known_args(args_list)
    if not rest:
        return _open_app(known.data_dir)
    with plain_output():
        return _run(args_list)


def _run(args_list: list[str]) -> int:
    parser = build_parser()
    args = parser.parse_args(args_list)
    from saves.paths import data_dir

    args.data_dir = data_dir(args.data_dir)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. piped into `head`: the reader has what it wanted
        return 0
    except Exception as err:  # a bug: its traceback goes to the problem log, not the screen
        from tableside.problem_log import report

        return fail(report(args.data_dir, err).said("unexpected problem"))
    return result


def _open_app(data_dir_arg: str | None) -> int:
    from saves.paths import data_dir
    from tui.app import TablesideApp

    app = TablesideApp(data_dir=data_dir(data_dir_arg))
    app.run()
    return app.return_code or 0


def global_options_first(argv: list[str]) -> list[str]:
    """Move ``--data-dir DIR`` (or ``--data-dir=DIR``) to the front, wherever it was typed,
    so ``tableside saves list --data-dir X`` works like ``tableside --data-dir X saves list``.
    Nothing after a ``--`` is touched (it is an argument, not an option)."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        item = argv[i]
        if item == "--":
            rest += argv[i:]
            break
        name = item.split("=", 1)[0]
        if name in GLOBAL_OPTIONS and "=" in item:
            front.append(item)
        elif item in GLOBAL_OPTIONS and i + 1 < len(argv):
            front += [item, argv[i + 1]]
            i += 1
        else:
            rest.append(item)
        i += 1
    return front + rest


SEARCH_OPTIONS = {"--game": 1, "--limit": 1, "--json": 0, "-h": 0, "--help": 0}


def query_words_last(argv: list[str]) -> list[str]:
    """``tableside rules search -hull`` searches for "-hull": a search's words may start with
    a dash, so the known options are read first and everything else is the query."""
    at = next((i for i in range(len(argv) - 1) if argv[i:i + 2] == ["rules", "search"]), None)
    if at is None or "--" in argv:
        return argv
    head, rest = argv[:at + 2], argv[at + 2:]
    options: list[str] = []
    words: list[str] = []
    i = 0
    while i < len(rest):
        name = rest[i].split("=", 1)[0]
        takes = SEARCH_OPTIONS.get(name)
        if takes is None:
            words.append(rest[i])
        else:
            width = 1 if "=" in rest[i] else 1 + takes
            options += rest[i:i + width]
            i += width - 1
        i += 1
    return head + options + (["--", *words] if words else [])


@contextmanager
def plain_output() -> Iterator[None]:
    """Every line a command prints goes through ``tableside.text.plain``."""
    from tableside.text import PlainWriter

    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = PlainWriter(out), PlainWriter(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def fail(message: str, code: int = 1) -> int:
    sys.stderr.write(f"tableside: {message}\n")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
