"""The seats of a served game, on the laptop: each player's link as text and QR code.

The highlighted seat's link shows beside the list, as a QR code a phone scans. ``m`` makes a
new link for it (the old one opens nothing from then on and its open page closes), ``r``
revokes it. The list says which roles each seat holds and how many of its pages are open.
The code stands whole beside the words (80x24 included; smaller, the dialog scrolls), and the
footer shows this screen's keys, not the game's underneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tableside.seat_actions import Seat
from tableside.seat_links import qr_text
from tui.widgets.keys_footer import KeysFooter

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from tui.serving import Serving


class SeatsScreen(ModalScreen[None]):
    """Links, QR codes, revoke and remake."""

    CSS_PATH = "seat.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "remake", "New link", id="seats.remake",
                tooltip="Make a new link for this seat (the old one stops working)"),
        Binding("r", "revoke", "Revoke", id="seats.revoke",
                tooltip="Revoke this seat's link (it opens nothing; its page closes)"),
        Binding("escape", "close", "Back", id="seats.close", tooltip="Back to the game"),
    ]

    def __init__(self, serving: Serving, play: OpenSession) -> None:
        super().__init__()
        self.serving = serving
        self.play = play

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="seats-dialog"):
            with Horizontal(id="seats-body"):
                with Vertical(id="seats-side"):
                    yield Static(Text(self._where()), id="seats-where")
                    yield Static("", id="seats-refused", classes="warning", markup=False)
                    yield OptionList(id="seats-list")
                    yield Static("m new link  r revoke  Escape back to the game",
                                 classes="hint")
                yield Static("", id="seats-qr", markup=False)
            yield Static("", id="seats-link", markup=False)  # whole, to copy: under the code
        yield KeysFooter()

    def _where(self) -> str:
        server = self.serving.server
        if server.host in ("127.0.0.1", "localhost"):
            return (f"Seats served at {self.serving.address}:{server.port}, to this computer "
                    "only (tableside serve --lan for phones on your network).")
        return (f"Seats served on your network at {self.serving.address}:{server.port}: anyone "
                "there with a link opens that seat; plain HTTP, PINs typed on a seat "
                "included, crosses the network readable.")

    def on_mount(self) -> None:
        self._list()
        self.query_one("#seats-list", OptionList).focus()
        self.set_interval(1.0, self._list)  # pages opened and closed meanwhile

    def _list(self) -> None:
        listing = self.query_one("#seats-list", OptionList)
        highlighted = listing.highlighted
        live = self.serving.server.live_seats()
        listing.clear_options()
        for seat in self.serving.seats:
            roles = [r for r in Seat.of(self.play, seat).roles if r != seat]
            state = ("link open" if self.serving.server.links.is_open(seat) else "revoked")
            pages = live.get(seat, 0)
            line = f"{seat}{' (' + ', '.join(roles) + ')' if roles else ''}: {state}"
            if pages:
                line += f", {pages} page{'s' if pages != 1 else ''} open"
            listing.add_option(Option(Text(line), id=f"seat:{seat}"))
        listing.highlighted = highlighted if highlighted is not None else 0
        refused = self.serving.server.refused
        told = self.query_one("#seats-refused", Static)
        told.display = bool(refused)
        told.update(f"Wrong, revoked or missing links tried: {refused} (each opened nothing)")
        self._show()

    def current(self) -> str | None:
        listing = self.query_one("#seats-list", OptionList)
        if listing.highlighted is None:
            return None
        return self.serving.seats[listing.highlighted]

    @on(OptionList.OptionHighlighted, "#seats-list")
    def _show(self) -> None:
        seat = self.current()
        link = self.serving.links.get(seat or "")
        qr = self.query_one("#seats-qr", Static)
        text = self.query_one("#seats-link", Static)
        if seat is None:
            return
        if link is None:
            qr.update("")
            text.update(f"{seat}'s seat has no link: m makes one."
                        if not self.serving.server.links.is_open(seat) else
                        f"{seat}'s link was made before this screen: m makes a new one.")
            return
        qr.update(qr_text(link))
        text.update(f"{seat}'s seat: {link}")

    def action_remake(self) -> None:
        seat = self.current()
        if seat is not None:
            self.serving.make_link(seat)
            self.notify(f"A new link for {seat}'s seat: the old one opens nothing now.",
                        markup=False)
            self._list()

    def action_revoke(self) -> None:
        seat = self.current()
        if seat is not None:
            self.serving.revoke(seat)
            self.notify(f"{seat}'s link is revoked: it opens nothing now.", markup=False)
            self._list()

    def action_close(self) -> None:
        self.dismiss(None)
