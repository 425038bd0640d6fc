"""`tableside rules ...`: import, list, remove and search rulebooks from the command line.

The main parser (tableside/cli.py) calls `register(subparsers)` and supplies `args.data_dir`
(a Path to the data folder). Each handler returns the exit code: 0 done, 1 an error (a message,
never a traceback), 2 a bad argument (argparse's own convention; nothing was changed).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from references import GAMES, GameNeeded, Library, LibraryError
from references.model import BookInfo, SearchResult
from references.reader import MAX_BYTES as MAX_RULEBOOK_BYTES
from tableside.files import FileRefused, check_regular
from tableside.text import one_line

Handler = Callable[[argparse.Namespace], int]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `rules` command and its sub-commands to the main parser."""
    rules = subparsers.add_parser(
        "rules",
        help="search the built-in reference cards and your rulebooks",
        description="Import rulebooks you own and search them with the built-in reference cards.",
    )
    commands = rules.add_subparsers(dest="rules_command", metavar="COMMAND", required=True)
    games = ", ".join(GAMES)

    add = commands.add_parser("add", help="import a rulebook (.txt, .md or .pdf)")
    add.add_argument("file", type=Path, metavar="FILE", help="the rulebook file to import")
    add.add_argument("--game", choices=list(GAMES), metavar="ID",
                     help=f"the game it belongs to ({games}); guessed from the text if left out")
    add.set_defaults(func=_guarded(_add))

    listing = commands.add_parser("list", help="list the imported rulebooks")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(func=_guarded(_list))

    remove = commands.add_parser("remove", help="remove an imported rulebook")
    remove.add_argument("id", type=_book_id, metavar="ID", help="its id, as `rules list` shows")
    remove.set_defaults(func=_guarded(_remove))

    search = commands.add_parser("search", help="search the cards and rulebooks")
    search.add_argument("query", metavar="WORDS", nargs="+",
                        help="any words (a word may start with a dash: -hull)")
    search.add_argument("--game", choices=list(GAMES), metavar="ID",
                        help=f"only this game ({games})")
    search.add_argument("--limit", type=_positive, default=10, metavar="N",
                        help="at most N results (default 10)")
    search.add_argument("--json", action="store_true",
                        help="print a JSON list of {game, source, section, path, snippet, score}")
    search.set_defaults(func=_guarded(_search))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text!r}")
    return value


def _book_id(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a rulebook id (a whole number, see `rules list`), not {text!r}"
        ) from None


def _guarded(handler: Handler) -> Handler:
    """Turn every failure into a one-line message and exit code 1 (2 for a missing --game)."""

    def run(args: argparse.Namespace) -> int:
        name = f"tableside rules {args.rules_command}"
        try:
            return handler(args)
        except GameNeeded as error:
            print(f"{name}: argument --game: {error}", file=sys.stderr)
            return 2
        except LibraryError as error:
            print(f"{name}: {error}", file=sys.stderr)
            return 1
        except (OSError, sqlite3.Error) as error:
            print(f"{name}: {error}", file=sys.stderr)
            return 1
        except Exception as error:  # a bug: its traceback goes to the problem log
            from tableside.problem_log import report

            print(report(args.data_dir, error).said(f"{name}: unexpected error"),
                  file=sys.stderr)
            return 1

    return run


def _add(args: argparse.Namespace) -> int:
    try:  # a device, a pipe or a folder is refused before anything opens it
        check_regular(args.file, MAX_RULEBOOK_BYTES)
    except FileRefused as error:
        print(f"tableside rules add: {error}", file=sys.stderr)
        return 1
    with Library.open(args.data_dir) as library:
        info = library.add_rulebook(args.file, args.game)
    print(f"Imported #{info.id}: {info.title} ({GAMES[info.game]}), {info.sections} sections")
    for note in info.notes:
        print(f"  note: {note}")
    return 0


def _list(args: argparse.Namespace) -> int:
    with Library.open(args.data_dir, read_only=True) as library:
        books = library.books()
    if args.json:
        print(json.dumps([_book_json(b) for b in books], ensure_ascii=False, indent=2))
        return 0
    if not books:
        print("No rulebooks imported. The built-in reference cards are always searchable.")
        print("Import one with: tableside rules add FILE [--game ID]")
        return 0
    print(f"{'ID':>4}  {'GAME':<22} {'SECTIONS':>8}  TITLE (FILE)")
    for book in books:
        print(f"{book.id:>4}  {book.game:<22} {book.sections:>8}  {one_line(book.title)} "
              f"({one_line(book.source)})")
    return 0


def _book_json(book: BookInfo) -> dict[str, object]:
    return {
        "id": book.id,
        "game": book.game,
        "title": book.title,
        "source": book.source,
        "sections": book.sections,
        "added": book.added,
        "pages_without_text": list(book.pages_without_text),
        "notes": list(book.notes),
    }


def _remove(args: argparse.Namespace) -> int:
    with Library.open(args.data_dir) as library:
        info = library.book(args.id)
        library.remove(args.id)
    print(f"Removed #{info.id}: {info.title}")
    return 0


def _search(args: argparse.Namespace) -> int:
    with Library.open(args.data_dir, read_only=True) as library:  # searching writes nothing
        result = library.search(" ".join(args.query), game=args.game, limit=args.limit)
    if args.json:
        print(json.dumps([hit.as_json() for hit in result.hits], ensure_ascii=False, indent=2))
        if result.showing:
            print(f"showing results for: {result.showing} (a word typed is not in the books)",
                  file=sys.stderr)
        elif result.did_you_mean:
            print(f"did you mean: {result.did_you_mean}", file=sys.stderr)
        return 0
    _print_hits(result)
    return 0


def _print_hits(result: SearchResult) -> None:
    if result.showing:
        print(f"Showing results for {result.showing!r} (a word typed is not in the books).")
    elif result.did_you_mean:
        print(f"Did you mean: {result.did_you_mean}")
    if not result.hits:
        print(f"No section matches {result.query.strip()!r}.")
        return
    for n, hit in enumerate(result.hits, 1):  # text from a rulebook file: one row per line
        print(f"{n:>2}. {one_line(hit.section)}  [{hit.game}, score {hit.score:.2f}]")
        print(f"    {one_line(' > '.join(hit.path))}")
        print(f"    {one_line(hit.snippet)}")
