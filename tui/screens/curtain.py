"""The privacy curtain of a form with secrets: who may look, and at the owner's first secret
of the game their PIN, set once (or declined, said plainly).

The PIN is the owner's for the whole game: set here at their first secret (or before play,
``tui.screens.set_pin``), then asked to choose, replace or open any secret of theirs
(``tui.screens.owner_pin``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Static

from tableside.vault import DECLINED, MIN_PIN, check_new_pin
from trackers.engine import ActionError
from tui.widgets.plain import plain
from tui.widgets.tick_box import TickBox
from tui.widgets.typed_input import TypedInput

if TYPE_CHECKING:
    from tableside.api import OpenSession


def solo_owner(owner: str, names: tuple[str, ...]) -> bool:
    """One player at the table, who owns the secret (a True Solo game): nobody to hand the
    laptop to, so the curtain speaks to "you"."""
    return names == (owner,)


def hand_over(owner: str, names: tuple[str, ...]) -> str:
    """"Hand the laptop to Ann" for a player; "to the Captain" for a role; "For your eyes
    only" when the owner is the one player."""
    if solo_owner(owner, names):
        return "For your eyes only"
    if owner in names or owner.startswith("the "):
        return f"Hand the laptop to {owner}"
    return f"Hand the laptop to the {owner}"


class CurtainStep(Vertical):
    """Full-screen hand-over: names who may look; optional PIN."""

    def __init__(self) -> None:
        super().__init__(classes="curtain", id="step-curtain")

    def compose(self) -> ComposeResult:
        yield Static("", classes="curtain-title", id="curtain-title", markup=False)
        yield Static("", id="curtain-text", markup=False)
        yield Label("PIN", id="pin-label")
        yield TypedInput(password=True, id="pin")
        yield TickBox("No PIN", id="no-pin")
        yield Static(f"No PIN: the secret is {DECLINED}.", id="no-pin-hint", classes="hint")
        yield Static("Enter: continue    Escape: cancel", classes="hint")

    def show(self, play: OpenSession, owner: str, pin: str, purpose: str) -> None:
        """The curtain for ``owner`` of ``play``, named as the player the owner stands for.
        ``pin``: "new" (the owner's first secret: set a PIN or decline one), "" (their
        key is made: choosing needs no PIN)."""
        owner, names = play.owner_name(owner), play.setup.names
        title = "you" if solo_owner(owner, names) else owner
        self.query_one("#curtain-title", Static).update(plain(f"PRIVATE: {title} only"))
        self.query_one("#curtain-text", Static).update(plain(
            f"{hand_over(owner, names)}. Everyone else, look away.\nNext: {purpose}."))
        self.query_one("#pin-label", Label).update(
            f"{'You set your' if title == 'you' else owner + ' sets their'} PIN for this game "
            f"now, once (at least {MIN_PIN} characters: it keeps the secrets unreadable in the "
            "files, and is asked to choose or change one; a short one is guessed in minutes)")
        for widget in self.query("#pin-label, #pin, #no-pin, #no-pin-hint"):
            widget.display = bool(pin)

    def check_new_pin(self) -> None:
        """At the owner's first secret: a PIN of 6 or more characters, or No PIN ticked;
        ActionError (field "pin") saying both ways otherwise."""
        pin_field = self.query_one("#pin", Input)
        if not pin_field.display:
            return
        if not pin_field.value and not self.query_one("#no-pin", Checkbox).value:
            raise ActionError(f"pin: set a PIN of at least {MIN_PIN} characters, or tick "
                              f"No PIN ({DECLINED})", "pin")
        if pin_field.value:
            try:
                check_new_pin(pin_field.value)
            except ValueError as err:
                raise ActionError(str(err), "pin") from err

    def new_pin(self) -> tuple[str | None, bool]:
        """(the PIN typed, whether No PIN is ticked) for the owner's first secret."""
        pin = self.query_one("#pin", Input).value or None
        return pin, pin is None and self.query_one("#no-pin", Checkbox).value
