"""Serving the open game to every player's own device, from the table view.

``Serving`` ties a ``SeatServer`` (``tableside.serve``, loaded only now) to one game screen:
it makes each seat's link, keeps the links made in this run in memory (the laptop shows them
as text and QR codes; nothing writes them anywhere), and tells the table when a wrong link was
tried. Leaving the game closes its seats (asked first while pages are open; each page says the
table closed the game); within one run of the app the game keeps its port and links, so
serving it again brings the same seats back. Deleting the game, or quitting, ends them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tableside.serve import SeatServer
    from tui.screens.session import SessionScreen

LAN_WARNING = (
    "Serving on your local network at {address}. Anyone on this network who has a seat's link "
    "can open that seat. The connection is plain HTTP: everything a seat shows and sends, the "
    "PINs typed on it included, crosses the network readable by anyone who can watch it. "
    "Use it only on a network you trust; without --lan the seats are served to this "
    "computer only.")


@dataclass
class Serving:
    """The seats of one game, served while its table view is open."""

    server: SeatServer
    address: str  # the host the links name (127.0.0.1, or the LAN address)
    links: dict[str, str] = field(default_factory=dict)  # seat -> link made in this run
    refusals_seen: int = 0

    @property
    def seats(self) -> list[str]:
        return self.server.links.seats

    def make_link(self, seat: str) -> str:
        self.links[seat] = self.server.make_link(seat, self.address)
        return self.links[seat]

    def revoke(self, seat: str) -> None:
        self.server.revoke(seat)
        self.links.pop(seat, None)

    def new_refusals(self) -> int:
        """How many wrong links were tried since the table was last told."""
        count = self.server.refused - self.refusals_seen
        self.refusals_seen = self.server.refused
        return count

    def stop(self) -> None:
        self.server.stop()

    def close_game(self) -> None:
        """The table left the game: the seats close and wait for it (same port, same links)."""
        self.server.close_game()

    def reopen(self) -> None:
        self.server.reopen()

    def seated(self) -> list[str]:
        """The players whose seat has a page open now, in the game's order."""
        live = self.server.live_seats()
        return [seat for seat in self.seats if live.get(seat)]


def kept(app: Any) -> dict[str, Serving]:
    """The games this run of the app has served, by id: their ports and links are kept until
    the app ends (or the game is deleted)."""
    found = getattr(app, "_served_games", None)
    if found is None:
        found = {}
        app._served_games = found
    return found


def end_seats(app: Any, session_id: str) -> None:
    """The game is deleted (or gone): its seats end, its links open nothing."""
    serving = kept(app).pop(session_id, None)
    if serving is not None:
        serving.stop()


def leave_question(serving: Serving) -> str | None:
    """What leaving the game asks while seats have pages open; None when none has."""
    seated = serving.seated()
    if not seated:
        return None
    who = seated[0] if len(seated) == 1 else ", ".join(seated[:-1]) + " and " + seated[-1]
    lose = "loses their seat" if len(seated) == 1 else "lose their seats"
    return (f"Leave the game? {who} {lose}: their pages say the table closed the game. "
            "Open the game and its seats (ctrl+o) again in this run and the same links bring "
            "them back. (y/n)")


def quit_question(app: Any) -> str | None:
    """What quitting asks while any game this run served has seat pages open; None when
    none has (quitting ends every seat: the pages say the table closed the game)."""
    seated = [seat for serving in kept(app).values() for seat in serving.seated()]
    if not seated:
        return None
    who = seated[0] if len(seated) == 1 else ", ".join(seated[:-1]) + " and " + seated[-1]
    lose = "loses their seat" if len(seated) == 1 else "lose their seats"
    return (f"Quit Tableside? {who} {lose}: their pages say the table closed the game, and "
            "the next run of the app makes new links. (y/n)")


def start(session_id: str, players: list[str], data_dir: Path, *, lan: bool = False,
          port: int = 0, address: str | None = None) -> Serving:
    """Serve a game's seats (localhost unless ``lan``) with a link for every player."""
    from tableside.serve import SeatServer, log_to

    log_to(Path(data_dir) / "serve" / "serve.log")
    server = SeatServer(session_id, Path(data_dir), players,
                        host="0.0.0.0" if lan else "127.0.0.1", port=port)
    server.start()
    serving = Serving(server, address or (lan_address() if lan else "127.0.0.1"))
    for seat in serving.seats:
        serving.make_link(seat)
    import atexit

    atexit.register(server.stop)  # the app ends (however it quits): so do its seats
    return serving


def lan_address() -> str:
    """This computer's address on its network, as its name resolves; "0.0.0.0" (with the
    warning saying to give ``--address``) when the name resolves to this computer only."""
    import socket

    for name in (socket.gethostname(), socket.getfqdn()):
        try:
            infos = socket.getaddrinfo(name, None, socket.AF_INET)
        except OSError:
            continue
        for info in infos:
            host = str(info[4][0])
            if not host.startswith("127."):
                return host
    return UNKNOWN_ADDRESS


UNKNOWN_ADDRESS = "0.0.0.0"


def open_seats(screen: SessionScreen) -> None:
    """The game screen's key: serve this game if not yet, then show the seats."""
    from tableside.api import TablesideError
    from tui.screens.seats import SeatsScreen

    serving = screen.seat_server
    if serving is None:
        play = screen.play
        serving = kept(screen.app).get(play.id)
        if serving is not None:  # served before in this run: the same port and links
            serving.reopen()
        else:
            try:
                serving = start(play.id, list(play.setup.names),
                                Path(getattr(screen.app, "data_dir", ".")))
            except (OSError, TablesideError) as err:
                screen.notify(f"Cannot serve the seats: {err}", severity="error",
                              markup=False)
                return
        attach(screen, serving)
    screen.app.push_screen(SeatsScreen(serving, screen.play))


def attach(screen: SessionScreen, serving: Serving) -> None:
    """``screen`` is the table view of ``serving``: it tells wrong links, and its closing
    closes the seats (kept for this run of the app)."""
    screen.seat_server = serving
    kept(screen.app)[screen.play.id] = serving
    screen.set_interval(1.0, lambda: tell_refusals(screen))


def tell_refusals(screen: SessionScreen) -> None:
    serving = screen.seat_server
    if serving is not None and (count := serving.new_refusals()):
        screen.notify(f"A wrong or revoked seat link was tried ({count}): it opened "
                      "nothing.", severity="warning", timeout=8)
