"""The moment an owner sets their PIN, made explicit: behind the curtain, named, in turn.

A new game offers each owner of secrets (a player, or a role such as the Lifeform player,
named as the player who holds it) to set their PIN before play, one after the other: Enter
sets it, "No PIN" declines it (said plainly: hidden from the screen, not from the files),
Escape leaves it for their first secret. A PIN is changed the same way, with the old one
first (ctrl+p "Change ...'s PIN"). The PIN is kept as a record of its own
(``OpenSession.set_pin``): undo never takes it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Static

from tableside.vault import DECLINED, MIN_PIN
from trackers.engine import ActionError
from tui.screens.owner_pin import hand_to
from tui.widgets.tick_box import TickBox
from tui.widgets.typed_input import TypedInput

if TYPE_CHECKING:
    from tableside.api import OpenSession


def owners_to_ask(play: OpenSession, held_by: str | None = None) -> list[str]:
    """The owners of this game's secrets who have no PIN yet (nor declined one), in the
    order their secrets are set up; ``held_by``: only those that player holds (a seat)."""
    from trackers.pieces import Secret

    owners = [p.owner for p in play.state.pieces.values()
              if isinstance(p, Secret) and not p.sealed]
    return [o for o in dict.fromkeys(owners)
            if play.holders(o) and not play.has_key(o)
            and (held_by is None or held_by in play.holders(o))]


class SetPinScreen(ModalScreen[bool]):
    """One owner sets their PIN now (True), declines it (True), or leaves it (False); with
    ``change``, types the old PIN, then the new one."""

    BINDINGS = [Binding("escape", "later", "Later", id="set_pin.later")]

    def __init__(self, play: OpenSession, owner: str, *, change: bool = False) -> None:
        super().__init__()
        self.play, self.owner, self.change = play, owner, change
        self.named = play.owner_name(owner)

    def compose(self) -> ComposeResult:
        if self.change:
            yield from self._compose_change()
            return
        who = hand_to(self.named)
        with VerticalScroll(id="set-pin-body", classes="dialog wide private"):
            yield Static(f"PRIVATE: {self.named} only", classes="curtain-title", markup=False)
            yield Static(f"Hand the laptop to {who}. Everyone else, look away.\n{who[:1].upper()}"
                         f"{who[1:]} sets their PIN for this game now, before play: it opens "
                         f"their secrets and is asked to choose or change one. Asked later for "
                         "a PIN you never set? Someone else set it: tell the table.",
                         markup=False)
            yield Label(f"PIN (at least {MIN_PIN} characters; a short one is guessed from the "
                        "files in minutes)")
            yield TypedInput(password=True, id="new-pin")
            yield TickBox("No PIN", id="decline-pin")
            yield Static(f"No PIN: their secrets are {DECLINED}.", classes="hint",
                         markup=False)
            yield Static("", id="set-pin-error", classes="error", markup=False)
            yield Static("Enter: set    Escape: later, at their first secret", classes="hint")

    def _compose_change(self) -> ComposeResult:
        who = hand_to(self.named)
        with VerticalScroll(id="set-pin-body", classes="dialog wide private"):
            yield Static(f"PRIVATE: {self.named} only", classes="curtain-title", markup=False)
            yield Static(f"Hand the laptop to {who}. Everyone else, look away.\nThe old PIN, "
                         "then the new one: every secret sealed before opens with the new PIN "
                         "only. A wrong old PIN is logged like any other.", markup=False)
            yield Label("Old PIN")
            yield TypedInput(password=True, id="old-pin")
            yield Label(f"New PIN (at least {MIN_PIN} characters)")
            yield TypedInput(password=True, id="new-pin")
            yield Static("", id="set-pin-error", classes="error", markup=False)
            yield Static("Enter: change    Escape: leave it as it is", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#old-pin" if self.change else "#new-pin", Input).focus()

    @on(Input.Submitted, "#old-pin")
    def _old_given(self) -> None:
        self.query_one("#new-pin", Input).focus()

    @on(Input.Submitted, "#new-pin")
    def _given(self, event: Input.Submitted) -> None:
        if not event.value:
            self.query_one("#set-pin-error", Static).update(
                f"pin: type a PIN of at least {MIN_PIN} characters, or tick No PIN, or "
                "Escape to leave it for later")
            return
        self._set(event.value, decline=False)

    @on(Checkbox.Changed, "#decline-pin")
    def _declined(self, event: Checkbox.Changed) -> None:
        if event.value and not self.query_one("#new-pin", Input).value:
            self._set(None, decline=True)

    def _set(self, pin: str | None, *, decline: bool) -> None:
        old = self.query_one("#old-pin", Input).value if self.change else None
        try:
            self.play.set_pin(self.owner, pin, decline_pin=decline, old_pin=old or None)
        except ActionError as err:
            self.query_one("#set-pin-error", Static).update(str(err))
            return
        self.dismiss(True)

    def action_later(self) -> None:
        self.dismiss(False)


NOT_NOW = ("Not now: the first secret each player chooses asks them, behind the curtain, to "
           "set their PIN or decline one.")


class PinsOfferScreen(ModalScreen[bool]):
    """After New game of a title with secrets: set the PINs now, each player in turn (True),
    or not now (False, said plainly: each is asked at their first secret)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", id="pins_offer.yes"),
                Binding("n", "answer(False)", "Not now", id="pins_offer.not_now"),
                Binding("escape", "answer(False)", "Not now", show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="pins-offer", classes="dialog"):
            yield Label("Set the PINs now? Each player in turn, behind the curtain.",
                        id="question")
            yield Static("Yes: each owner of secrets is named on the curtain and sets their "
                         "PIN, or declines one, before play.", markup=False)
            yield Static(NOT_NOW, markup=False)
            yield Static("y: yes    n: not now", classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def offer_after_new_game(app: App[object], play: OpenSession) -> None:
    """New game of a title with secrets: asks whether to set the PINs now (never forced)."""
    if not owners_to_ask(play):
        return

    def answered(yes: bool | None) -> None:
        if yes:
            offer_pins(app, play)
        else:
            app.notify(NOT_NOW, timeout=8, markup=False)

    app.push_screen(PinsOfferScreen(), answered)


def offer_pins(app: App[object], play: OpenSession, held_by: str | None = None) -> None:
    """Each owner without a PIN, in turn, is offered to set theirs now."""
    owners = owners_to_ask(play, held_by)

    def ask(index: int) -> None:
        if index < len(owners):
            app.push_screen(SetPinScreen(play, owners[index]), lambda _: ask(index + 1))

    ask(0)


def pins_set(play: OpenSession) -> list[str]:
    """The owners of this game's secrets who guard them with a PIN (each may change it)."""
    from trackers.pieces import Secret

    owners = [p.owner for p in play.state.pieces.values() if isinstance(p, Secret)]
    return [o for o in dict.fromkeys(owners) if play.pin_is_set(o)]
