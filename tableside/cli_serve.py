"""`tableside serve ID`: the game on the laptop, each player's seat in their own browser.

``serve`` prints each seat's link (and, with ``--lan``, what that exposes), then opens the
table view: the game's screen, with the seats screen (links as QR codes, revoke, remake) on
top. ``seat`` is what a seat's link runs, one process per open page; a person never types it.
"""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "serve", help="serve a game: the table view here, each player's seat in a browser",
        description="Open the game's table view and serve each player's seat (the table's "
                    "tracks and log, plus that player's own secrets) to a browser, through a "
                    "link of their own. Served to this computer only unless --lan is given.")
    p.add_argument("id", help="the game's id (tableside saves list)")
    p.add_argument("--lan", action="store_true",
                   help="serve on your local network, for phones: anyone on that network "
                        "with a link opens that seat, and plain HTTP crosses it readable")
    p.add_argument("--port", type=int, default=0, help="the port (default: any free one)")
    p.add_argument("--address", help="with --lan: the address the links name (default: this "
                                     "computer's address as its resolver knows it)")
    p.set_defaults(func=_serve)
    # A seat's own process, started by `serve`: no help, so `tableside --help` leaves it out
    # (argparse lists a command given help=SUPPRESS with that marker as its help).
    s = subparsers.add_parser("seat")
    s.add_argument("id")
    s.add_argument("--seat", type=int, required=True)
    s.set_defaults(func=_seat)


def _serve(args: argparse.Namespace) -> int:
    from tableside.api import Tableside, TablesideError
    from tableside.cli import fail
    from tableside.seat_links import qr_text
    from tui.serving import LAN_WARNING, UNKNOWN_ADDRESS, start
    from tui.table_view import TableViewApp

    if not 0 <= args.port <= 65535:
        return fail(f"--port: {args.port} is not a port; give 1 to 65535 (or leave it out)")
    try:
        table = Tableside(args.data_dir, read_only=True)
        play = table.load(args.id, read_only=True)
        players, title = list(play.setup.names), play.info.title
        table.close()
    except TablesideError as err:
        return fail(str(err))
    try:
        serving = start(args.id, players, args.data_dir, lan=args.lan, port=args.port,
                        address=args.address)
    except OSError as err:
        return fail(str(err))
    where = f"{serving.address}:{serving.server.port}"
    if args.lan:
        print("WARNING: " + LAN_WARNING.format(address=where))
        if serving.address == UNKNOWN_ADDRESS:
            print("This computer's address on the network could not be told from its name: "
                  "the links below say 0.0.0.0; replace it with this computer's address, or "
                  "start again with --address ADDRESS.")
    else:
        print(f"Serving the seats of {title} at {where}, to this computer only "
              "(--lan serves phones on your network).")
    for seat in serving.seats:
        print(f"\n{seat}'s seat: {serving.links[seat]}")
        print(qr_text(serving.links[seat]))
    sys.stdout.flush()
    app = TableViewApp(args.data_dir, args.id, serving)
    try:
        app.run()
    finally:
        serving.stop()
    print("The seats are no longer served; their links open nothing.")
    return app.return_code or 0


def _seat(args: argparse.Namespace) -> int:
    from tui.seat_app import run_seat

    return run_seat(args.data_dir, args.id, args.seat)
