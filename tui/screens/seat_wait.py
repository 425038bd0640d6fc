"""A reveal asked of the owner's seat: the laptop asks and waits, nobody types a PIN on it.

When the table view reveals a secret whose owner has a seat with an open link, the laptop
writes an ask (``tableside.seat_asks``), says "waiting for Ann's seat", and folds in the
journal twice a second until the reveal arrives from that seat; then it shows the value
beside the code the table saw. Escape stops waiting and takes the ask back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Select, Static

from tableside import seat_asks
from tableside.api import OpenSession, TablesideError
from trackers.pieces import Secret
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.plain import plain

if TYPE_CHECKING:
    from tui.screens.session import SessionScreen
    from tui.serving import Serving


def seat_owned(play: OpenSession, serving: Serving) -> dict[str, str]:
    """Chosen, unrevealed secrets whose owner has a seat with an open link: name -> player."""
    out: dict[str, str] = {}
    for name, piece in play.state.pieces.items():
        if isinstance(piece, Secret) and piece.is_set and not piece.revealed:
            seated = sorted(p for p in play.holders(piece.owner)
                            if serving.server.links.is_open(p))
            if seated:
                out[name] = seated[0]
    return out


def seat_of_role(play: OpenSession, serving: Serving, role: str) -> str | None:
    """The player holding ``role`` (a name, "Lifeform player") whose seat's link is open:
    their private actions are made there, not on the laptop."""
    seated = sorted(p for p in play.holders(role)
                    if serving.server.links.is_open(p))
    return seated[0] if seated else None


async def ask_a_seat(screen: SessionScreen) -> bool:
    """Open the ask-and-wait screen if any secret's owner has a seat; False if none has."""
    if screen.seat_server is None:
        return False
    owned = seat_owned(screen.play, screen.seat_server)
    if not owned:
        return False
    await screen.app.push_screen(RevealAtSeat(screen.play, owned),
                                 lambda _done: screen.session_changed())
    return True


class RevealAtSeat(ModalScreen[bool]):
    """Pick the secret, ask its owner's seat, wait for the reveal."""

    CSS_PATH = "seat.tcss"
    BINDINGS = [Binding("escape", "close", "Stop waiting", id="reveal_at_seat.close")]

    def __init__(self, play: OpenSession, owned: dict[str, str]) -> None:
        super().__init__()
        self.play = play
        self.owned = owned
        self.waiting: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reveal-at-seat", classes="dialog wide"):
            yield Static("Reveal a secret: its owner reveals it on their seat, with their PIN",
                         classes="section-title")
            options = [(plain(f"{self.play.state.piece(n, Secret).label} ({p}'s seat)"), n)
                       for n, p in self.owned.items()]
            yield DialogSelect(options, id="which", value=options[0][1] if len(options) == 1
                               else Select.NULL)
            yield Button("Ask the seat", id="ask", variant="primary")
            yield Static("", id="waiting", markup=False)
            yield Static("Escape: stop waiting", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#which").focus()
        self.set_interval(0.5, self._look)

    @on(Button.Pressed, "#ask")
    def _ask(self) -> None:
        which = self.query_one("#which", Select)
        if which.is_blank():
            self.query_one("#waiting", Static).update("Which: pick a secret first")
            return
        name = str(which.value)
        try:
            seat_asks.ask(self.play, name)
        except OSError as err:
            self.query_one("#waiting", Static).update(f"The ask could not be written: {err}")
            return
        self.waiting = name
        self.query_one("#waiting", Static).update(
            f"Waiting for {self.owned[name]}'s seat: they reveal it there with their PIN.")

    def _look(self) -> None:
        if self.waiting is None:
            return
        if not _fold_in(self.app, self.play):
            return  # said by the game screen's own refresh; keep waiting
        secret = self.play.state.piece(self.waiting, Secret)
        if secret.revealed:
            seat_asks.drop(self.play, self.waiting)
            self.query_one("#waiting", Static).update(plain(
                f"{self.owned[self.waiting]}'s seat revealed {secret.label}: "
                f"{secret.public_value()} (the code the table saw: {secret.code}; the log says "
                "whether it matches)."))
            self.waiting = None
            ask = self.query_one("#ask", Button)
            ask.label, ask.disabled = "Revealed", True

    def action_close(self) -> None:
        if self.waiting is not None:
            seat_asks.drop(self.play, self.waiting)
        self.dismiss(True)


def _fold_in(app: Any, play: OpenSession) -> bool:
    """Read what the seat recorded through the game screen's own look, so its log marks it
    as another window's ("seat Ann") as it does any other; False if the journal could not
    be read (the game screen says why)."""
    screen = served_screen(app, play)
    if screen is not None:
        screen.look_elsewhere()
        return True
    try:
        play.refresh()
    except TablesideError:
        return False
    return True


def served_screen(app: Any, play: OpenSession) -> Any:
    """The game screen serving ``play``'s seats, if any (it may be under a form)."""
    for screen in reversed(app.screen_stack):
        if getattr(screen, "seat_server", None) is not None and \
                getattr(screen, "play", None) is play:
            return screen
    return None


async def ask_seat_to_do(app: Any, play: OpenSession, action: str, args: dict[str, Any],
                         owner: str, purpose: str, then: Callable[[bool], Any]) -> bool:
    """An action needing ``owner``'s PIN is asked of their seat, if they have one with an
    open link: the laptop waits, nobody types a PIN on it. False when no seat can do it."""
    screen = served_screen(app, play)
    if screen is None:
        return False
    secret_args = {p.name for p in play.action(action).params if p.secret}
    if secret_args & set(args):
        return False  # the table typed something private: never written to an ask
    seated = sorted(p for p in play.holders(owner)
                    if screen.seat_server.server.links.is_open(p))
    if not seated:
        return False
    try:
        ask_id = seat_asks.ask_action(play, action, args, owner, purpose)
    except OSError:
        return False  # the laptop asks the PIN itself, as without seats
    await app.push_screen(WaitForSeat(play, ask_id, seated[0], purpose), then)
    return True


class WaitForSeat(ModalScreen[bool]):
    """"Waiting for Ann's seat": until the seat did the action (its ask is gone)."""

    CSS_PATH = "seat.tcss"
    BINDINGS = [Binding("escape", "close", "Stop waiting", id="wait_for_seat.close")]

    def __init__(self, play: OpenSession, ask_id: str, player: str, purpose: str) -> None:
        super().__init__()
        self.play, self.ask_id, self.player, self.purpose = play, ask_id, player, purpose

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="reveal-at-seat", classes="dialog wide"):
            yield Static(plain(f"Waiting for {self.player}'s seat"), classes="section-title")
            yield Static(plain(f"{self.purpose} needs {self.player}'s PIN: they do it on their "
                               "own device. Nobody types it here."), id="waiting")
            yield Static("Escape: stop waiting (the ask is taken back)", classes="hint")

    def on_mount(self) -> None:
        self.set_interval(0.5, self._look)

    def _look(self) -> None:
        if any(a.get("id") == self.ask_id for a in seat_asks.asked_actions(self.play)):
            return
        if not _fold_in(self.app, self.play):
            return
        self.notify(f"{self.player}'s seat did it: {self.purpose}", markup=False)
        self.dismiss(True)

    def action_close(self) -> None:
        seat_asks.drop_action(self.play, self.ask_id)
        self.dismiss(False)


async def seat_or_curtain(screen: SessionScreen, name: str, args: dict[str, Any], owner: str,
                          purpose: str) -> None:
    """The game screen's action needing ``owner``'s PIN: their seat's, else the curtain's."""
    from tui.screens.owner_pin import ask_owner_pin

    if not await ask_seat_to_do(screen.app, screen.play, name, args, owner, purpose,
                                lambda _done: screen.session_changed()):
        ask_owner_pin(screen.app, screen.play, owner, purpose,
                      lambda given: screen.apply(name, args, given) if given else None)
