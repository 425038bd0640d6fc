"""Serving the open game to every player's own device, from the table view.

``Serving`` ties a ``SeatServer`` (``tableside.serve``, loaded only now) to one game screen:
it makes each seat's link, keeps the links made in this run in memory (the laptop shows them
as text and QR codes; nothing writes them anywhere), tells the table when a wrong link was
tried, and stops the server when that screen closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

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
        try:
            serving = start(play.id, list(play.setup.names),
                            Path(getattr(screen.app, "data_dir", ".")))
        except (OSError, TablesideError) as err:
            screen.notify(f"Cannot serve the seats: {err}", severity="error", markup=False)
            return
        attach(screen, serving)
    screen.app.push_screen(SeatsScreen(serving, screen.play))


def attach(screen: SessionScreen, serving: Serving) -> None:
    """``screen`` is the table view of ``serving``: it tells wrong links, and its closing
    stops the seats."""
    screen.seat_server = serving
    screen.set_interval(1.0, lambda: tell_refusals(screen))


def tell_refusals(screen: SessionScreen) -> None:
    serving = screen.seat_server
    if serving is not None and (count := serving.new_refusals()):
        screen.notify(f"A wrong or revoked seat link was tried ({count}): it opened "
                      "nothing.", severity="warning", timeout=8)
