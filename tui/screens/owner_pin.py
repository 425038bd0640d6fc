"""Ask an owner's PIN behind the privacy curtain: the one question every secret screen asks.

``ask_owner_pin(app, play, owner, purpose, then)`` shows the curtain ("PRIVATE: Ann only",
the player a role stands for: ``OpenSession.owner_name``), takes
the PIN typed unseen and hands it to ``then`` (None when cancelled). The screen only asks:
the check, the log of a wrong PIN and the wait after several are the API's
(``tableside.private``), so a seat served in a browser can ask the same way.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.widgets.typed_input import TypedInput

if TYPE_CHECKING:
    from tableside.api import OpenSession


def hand_to(owner: str) -> str:
    """"Ann", "the Lifeform player": the owner as the curtain names them."""
    from trackers.engine.common_actions import who

    return who(owner)


class OwnerPinScreen(ModalScreen[str | None]):
    """Curtain and a hidden PIN field; Enter gives the PIN, Escape gives None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="owner_pin.cancel")]

    def __init__(self, owner: str, purpose: str, solo: bool = False) -> None:
        super().__init__()
        self.owner, self.purpose, self.solo = owner, purpose, solo

    def compose(self) -> ComposeResult:
        # the one player of a solo game is spoken to as "you": nobody to hand the laptop to
        title, whose = ("you", "your") if self.solo else (self.owner,
                                                           f"{hand_to(self.owner)}'s")
        hand = ("For your eyes only" if self.solo
                else f"Hand the laptop to {hand_to(self.owner)}")
        with VerticalScroll(id="owner-pin-body", classes="dialog wide private"):
            yield Static(f"PRIVATE: {title} only", classes="curtain-title", markup=False)
            never = "" if self.solo else " Never set one? Someone else did: tell the table."
            yield Static(f"{hand}. Everyone else, look away.\n{self.purpose} needs {whose} "
                         f"PIN; a wrong PIN shows nothing and the log says so.{never}",
                         markup=False)
            yield Label("PIN")
            yield TypedInput(password=True, id="owner-pin")
            yield Static("Enter: continue    Escape: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#owner-pin", Input).focus()

    @on(Input.Submitted, "#owner-pin")
    def _given(self, event: Input.Submitted) -> None:
        self.dismiss(event.value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


def pin_purpose(title: str, label: str) -> str:
    """What needs the PIN, in the curtain's words: the action, and the secret it opens where
    that says more (a secret not chosen yet is named by the action itself)."""
    return title if label.casefold() in title.casefold() else f"{title} ({label})"


def ask_owner_pin(app: App[object], play: OpenSession, owner: str, purpose: str,
                  then: Callable[[str | None], None] | Callable[[str | None], Awaitable[None]]
                  ) -> None:
    """Ask ``owner`` of ``play`` for their PIN behind the curtain, which names the player
    the owner stands for; ``then`` gets the PIN (None: cancelled)."""
    from tui.screens.curtain import solo_owner

    name = play.owner_name(owner)
    app.push_screen(OwnerPinScreen(name, purpose, solo_owner(name, play.setup.names)), then)
