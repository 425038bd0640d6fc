"""The table's warm parent of seats (``python -m tui.seat_zygote FD DATA_DIR GAME_ID``).

Started by the seat server (``tableside.seat_process.WarmParent``) without a seat: it imports
what a seat runs and the game's own modules, then waits on its socket. For each page it is
sent the seat's number, the page's size and two pipe ends; it forks, and the child runs that
seat on those pipes. It quits when the server's end of the socket closes, whatever ended
the server; its seats notice it is gone and quit too.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import sys
from pathlib import Path


def _warm(data_dir: Path, session_id: str) -> None:
    """Import now what every seat needs, so a forked seat only opens its game."""
    import textual.drivers.web_driver  # noqa: F401

    import tui.screens.seat  # noqa: F401
    import tui.screens.seat_form  # noqa: F401
    from tableside.api import Tableside, TablesideError
    from tui.seat_app import SeatApp  # noqa: F401

    try:  # the game's own modules too (read only: no mark, no lock kept)
        table = Tableside(data_dir, read_only=True)
        table.load(session_id, read_only=True).close()
        table.close()
    except TablesideError:
        pass  # the seat says why when it opens


def _seat(channel: socket.socket, fds: list[int], request: dict[str, int], data_dir: Path,
          session_id: str) -> None:
    """In the forked child: become the seat on the given pipes; never returns."""
    code = 1
    try:
        channel.close()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        os.dup2(fds[0], 0)
        os.dup2(fds[1], 1)
        for fd in fds:
            os.close(fd)
        os.environ["COLUMNS"], os.environ["ROWS"] = str(request["width"]), str(request["height"])
        from tui.seat_app import run_seat

        code = run_seat(data_dir, session_id, int(request["seat"]))
    except BaseException:  # said in the seats' log; the page opens again
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        os._exit(code)


def main(argv: list[str]) -> int:
    channel = socket.socket(fileno=int(argv[0]))
    data_dir, session_id = Path(argv[1]), argv[2]
    _warm(data_dir, session_id)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the seats that end are reaped at once
    gc.collect()
    gc.freeze()  # what is imported stays shared with every seat (no copy on a collection)
    while True:
        try:
            message, fds, _flags, _address = socket.recv_fds(channel, 4096, 2)
        except OSError:
            break
        if not message:
            break  # the server is gone
        pid = os.fork()
        if pid == 0:
            _seat(channel, fds, json.loads(message), data_dir, session_id)
        for fd in fds:
            os.close(fd)
        channel.sendall(f"{pid}\n".encode())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
