"""Sub-commands for saved sessions: list, show, new, actions, do, undo, redo, rename, dismiss,
delete."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.cells import cell_len

from saves.catalog import SessionInfo
from tableside.api import OpenSession, Tableside, TablesideError, game_definition
from tableside.cli import fail, print_json
from tableside.cli_history import cell
from tableside.cli_secrets import do_from_cli, set_pin_from_cli, takes_pin
from tableside.private import given_by_caller
from tableside.refusal_names import named
from tableside.text import one_line
from trackers.engine import ActionError
from trackers.games.registry import game_ids, infos


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    saves = subparsers.add_parser("saves", help="list, show, rename or delete saved sessions")
    sub = saves.add_subparsers(dest="saves_command", metavar="SUBCOMMAND", required=True)
    p = sub.add_parser("list", help="the saved sessions, latest first")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_list)
    p = sub.add_parser("show", help="one session's state and history (secrets stay hidden)")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_show)
    p = sub.add_parser("rename", help="give a session a new title")
    p.add_argument("id")
    p.add_argument("title")
    p.set_defaults(func=_rename)
    p = sub.add_parser("dismiss", help="say no more of the damage or changes found in a "
                       "session's files (they stay on record)")
    p.add_argument("id")
    p.set_defaults(func=_dismiss)
    p = sub.add_parser("delete", help="delete a session for good")
    p.add_argument("id")
    p.add_argument("--yes", action="store_true", help="do not ask")
    p.set_defaults(func=_delete)

    p = subparsers.add_parser("new", help="start a session and print its id")
    p.add_argument("game", help="one of: " + ", ".join(game_ids()))
    p.add_argument("--players", required=True, type=_whole_number, metavar="N")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (repeatable); lists take commas: modules=A,B")
    p.add_argument("--names", metavar="NAMES",
                   help='the players\' names, in seat order, with commas: "Ann,Bo,Cy"')
    p.add_argument("--mode", metavar="MODE",
                   help="how to play, for games with several modes (e.g. solo); default: the "
                        "first mode for this player count")
    p.add_argument("--title")
    p.add_argument("--seed", help="a repeatable game: every draw follows from this seed, so "
                                  "whoever has the files can tell the next card; default: "
                                  "none, each draw is made when it comes")
    p.set_defaults(func=_new)
    p = subparsers.add_parser("actions", help="the actions a session offers, with arguments")
    p.add_argument("id")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_actions)
    p = subparsers.add_parser("do", help="do one action: tableside do ID ACTION name=value ...")
    p.add_argument("id")
    p.add_argument("action")
    p.add_argument("args", nargs="*", metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_do)
    p = subparsers.add_parser(
        "pin", help="an owner sets their PIN before their first secret, declines one, or "
                    "changes it (typed unseen)",
        description="The owner sets their PIN now, before play (a record of its own that undo "
                    "never takes back), or --decline one, or --change it with the old one. "
                    "The PINs are read unseen (a hidden prompt, or lines of standard input).")
    p.add_argument("id")
    p.add_argument("owner", help="whose PIN: a player's name, or a role the game names")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--decline", action="store_true",
                       help="no PIN: hidden from the screen, not from someone who opens the files")
    group.add_argument("--change", action="store_true", help="asks the old PIN, then the new")
    p.set_defaults(func=_pin)
    for name in ("undo", "redo"):
        p = subparsers.add_parser(name, help=f"{name} the last action(s)")
        p.add_argument("id")
        p.add_argument("--steps", type=_whole_number, default=1)
        if name == "undo":
            p.add_argument("--all", action="store_true",
                           help="take back every action, back to the setup")
        p.set_defaults(func=_undo if name == "undo" else _redo)


def _whole_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return int(text)


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise TablesideError(f"{what} {item!r}: write it as NAME=VALUE")
        out[name] = value
    return out


def _warn(warnings: list[str]) -> None:
    """What was repaired on opening goes to stderr, so JSON on stdout stays clean."""
    for warning in warnings:
        sys.stderr.write(f"tableside: warning: {warning}\n")


def _table(args: argparse.Namespace, read_only: bool = False) -> Tableside:
    """The data folder: read-only for the commands that only look (they write no file)."""
    return Tableside(args.data_dir, read_only=read_only, by="cli")


def _with_session(args: argparse.Namespace, work: Any, read_only: bool = False) -> int:
    """Run ``work`` on the session ``args.id``. A warning raised after the action was saved
    (a snapshot or the catalog could not be written) goes to stderr and the exit stays 0:
    the action is on disk, so a script must not do it again."""
    try:
        table = _table(args, read_only)
    except TablesideError as err:
        return fail(str(err))
    _warn(table.warnings)
    try:
        play = table.load(args.id, read_only=read_only)
    except TablesideError as err:
        table.close()
        return fail(str(err))
    _warn(play.warnings)
    shown = len(play.warnings)
    try:
        return int(work(play))
    except ActionError as err:  # the action a refusal names, as this command line does it
        # the engine's own actions too ('Enter a board value')
        return fail(named(str(err), play.actions(),
                          lambda a: f"tableside do {args.id} {a.name}"))
    except TablesideError as err:
        return fail(str(err))
    finally:
        play.close()
        table.close()
        _warn(play.warnings[shown:])


def _print_notes(play: OpenSession, notes: list[Any], as_json: bool) -> None:
    if as_json:
        print_json({"head": play.head, "notes": [n.text for n in notes]})
    else:
        for note in notes:
            print(f"- {note.text}")


def _list(args: argparse.Namespace) -> int:
    try:
        table = _table(args, read_only=True)
        _warn(table.warnings)
        rows = table.sessions()
    except TablesideError as err:
        return fail(str(err))
    if args.json:
        print_json([r.__dict__ for r in rows])
    elif not rows:
        print("No saved sessions yet.")
    for line in [] if args.json else _rows(rows):
        print(line)
    table.close()
    return 0


TITLE_WIDTH = 30  # a longer title is cut with "…" so the columns after it stay in line


def mode_title(row: SessionInfo) -> str:
    """The play mode as the New game form names it ("fully co-operative", "True Solo"); a
    save made before modes were kept plays the first mode for its player count."""
    known = next((i for i in infos() if i.id == row.game), None)
    if known is None:  # a game this version does not have
        return row.mode or "?"
    if not row.mode:
        fits = [m for m in known.modes if row.players in m.player_counts]
        return fits[0].title if fits else "?"
    try:
        return known.mode(row.mode).title
    except ValueError:  # a newer version's mode: named as saved
        return row.mode


def _rows(rows: list[SessionInfo]) -> list[str]:
    """One line a session, in columns as wide as their widest cell (wide letters and emoji
    count two): id, game, title, mode, players, last played, status."""
    table = [(r.id, r.game, one_line(r.title), mode_title(r), f"{r.players}p", r.updated)
             for r in rows]
    widths = [max((cell_len(row[k]) for row in table), default=0) for k in range(6)]
    widths[2] = min(widths[2], TITLE_WIDTH)
    return ["  ".join(cell(text, width) for text, width in zip(row, widths, strict=True))
            + f"  {one_line(r.status)}" for row, r in zip(table, rows, strict=True)]


def _show(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        data = play.export()
        if args.json:
            # what was found wrong with this game's files travels with its data
            print_json(data | {"warnings": list(play.warnings)})
            return 0
        players = play.setup.players
        print(f"{one_line(play.info.title)} ({play.game.title}, "
              f"{players} player{'s' if players != 1 else ''})")
        for piece in play.state.pieces.values():
            print(f"  {piece.summary()}")
        print("Now:")
        for note in play.notes:
            print(f"  - {note.text}")
        log = play.table_log()
        if log:
            print("Looks, wrong PINs and reveals:")
            for line in log:
                print(f"  - {line.at[:19]} {line.text}{' (undone)' if line.undone else ''}")
        return 0
    return _with_session(args, work, read_only=True)


def _rename(args: argparse.Namespace) -> int:
    try:
        table = _table(args)
    except TablesideError as err:
        return fail(str(err))
    try:
        table.rename(args.id, args.title)
    except TablesideError as err:
        return fail(str(err))
    finally:
        table.close()
    return 0


def _dismiss(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        gone = play.dismiss_damage()
        for text in gone:
            print(f"dismissed: {one_line(text)}")
        if not gone:
            print("nothing to dismiss: no damage or change is on record for this game")
        return 0
    return _with_session(args, work)


def _delete(args: argparse.Namespace) -> int:
    try:
        table = _table(args)
    except TablesideError as err:
        return fail(str(err))
    try:
        info = table.store.catalog.session(args.id)
        if info is None:
            return fail(f"no saved session with id {args.id!r}")
        if not args.yes:
            try:
                # input() may write its prompt straight to the terminal: plain text only
                answer = input(f"Delete \"{one_line(info.title)}\" for good? [y/N] "
                               ).strip().lower()
            except EOFError:  # no one to ask (a script): keep it
                return fail("no answer to 'delete for good?'; add --yes to delete without "
                            "asking. Nothing was deleted")
            if answer not in ("y", "yes"):
                print("Kept.")
                return 0
        table.delete(args.id)
    except TablesideError as err:
        return fail(str(err))
    finally:
        table.close()
    return 0


def _new(args: argparse.Namespace) -> int:
    try:
        table = _table(args)
    except TablesideError as err:
        return fail(str(err))
    _warn(table.warnings)
    try:
        kinds = {o.name: o.kind for o in game_definition(args.game).options}
        options: dict[str, Any] = {}
        for name, value in _pairs(args.option, "--option").items():
            options[name] = _option_value(value, kinds.get(name))
        names = [n.strip() for n in args.names.split(",")] if args.names else []
        play = table.create(args.game, args.players, options=options, title=args.title,
                            seed=args.seed, names=names, mode=args.mode or "")
    except (ActionError, TablesideError) as err:
        return fail(str(err), 2)
    finally:
        table.close()
    print(play.id)
    play.close()
    _warn(play.warnings)
    return 0


def _option_value(text: str, kind: str | None) -> Any:
    """Text from ``--option NAME=VALUE`` as the option's kind needs it (the game checks it)."""
    if kind == "multi":  # "A,B", a single "A", or "" for none
        return [p.strip() for p in text.split(",") if p.strip()]
    if kind == "choice":
        return text
    if text.lower() in ("true", "yes", "on"):
        return True
    if text.lower() in ("false", "no", "off"):
        return False
    if kind is None and "," in text:
        return [p for p in text.split(",") if p]
    return text


def _actions(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        rows: list[dict[str, Any]] = []
        for a in play.actions():
            reason = play.session.blocked(a.name)
            rows.append({"name": a.name, "title": a.title, "description": a.description,
                         "available": reason is None, "why_not": reason,
                         "args": [{"name": p.name, "allowed": p.describe_allowed(play.state),
                                   "optional": p.optional}
                                  for p in a.shown_params(play.state)
                                  if given_by_caller(a.name, p.name)] + takes_pin(a)})
        if args.json:
            print_json(rows)
            return 0
        # What is possible now comes first, marked "*"; the rest say why not.
        for row in sorted(rows, key=lambda r: not r["available"]):
            params = " ".join(f"{p['name']}=<{p['allowed']}>" for p in row["args"])
            mark = "*" if row["available"] else " "
            print(f"{mark} {row['name']:<24} {row['title']}  {params}")
            if not row["available"]:
                print(f"    not now: {row['why_not']}")
        return 0
    return _with_session(args, work, read_only=True)


def _pin(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        set_pin_from_cli(play, args.owner, decline=args.decline, change=args.change)
        return 0
    return _with_session(args, work)


def _do(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        notes = do_from_cli(play, args.action, _pairs(args.args, "argument"))
        _print_notes(play, notes, args.json)
        return 0
    return _with_session(args, work)


def _undo(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        if not play.head:
            return fail("nothing to undo: the game is at its setup")
        if args.all:
            _print_notes(play, play.undo(play.head), False)
            return 0
        if args.steps > play.head:
            return fail(f"--steps: only {play.head} action{'s' if play.head != 1 else ''} to "
                        f"undo; give 1 to {play.head}, or --all to go back to the setup. "
                        "Nothing was undone")
        _print_notes(play, play.undo(args.steps), False)
        return 0
    return _with_session(args, work)


def _redo(args: argparse.Namespace) -> int:
    def work(play: OpenSession) -> int:
        _print_notes(play, play.redo(args.steps), False)
        return 0
    return _with_session(args, work)

