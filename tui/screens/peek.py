"""Look at a secret behind the privacy curtain: only its owner, with their PIN if they set one.

``p`` on the game screen offers every secret the table holds that is chosen and hidden, each
with its owner (a game's own, such as the spare Cargo Cards under Pandora's Ship's Manifest,
beside the players' Agendas), the highlighted one first in line.

The PIN check, the log line ("Ann looked at ...") and the wait after wrong PINs are the API's
(``play.secret_value``); this screen only asks. Looking never sets a PIN: the owner sets one
(or declines) at their first secret.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from tableside import vault
from tableside.api import OpenSession
from trackers.engine import ActionError
from trackers.pieces import Secret
from tui.screens.curtain import solo_owner
from tui.screens.owner_pin import hand_to
from tui.widgets.typed_input import TypedInput


def lookable(play: OpenSession) -> list[str]:
    """The secrets someone at the table may look at now: chosen, hidden, held by an owner
    (not those only the app may open, such as a card dealt face down)."""
    return [name for name, p in play.state.pieces.items()
            if isinstance(p, Secret) and p.is_set and not p.revealed and not p.sealed
            and (p.locked or {}).get("to") != vault.APP_OWNER]


def look(app: App[Any], play: OpenSession, highlighted: str | None) -> str | None:
    """Open the look at one secret (a list to pick from when there are several, the
    highlighted one in line); the reason when there is nothing to look at."""
    from tui.screens.pick import PickScreen

    names = lookable(play)
    if not names:
        return "No secret is chosen and hidden: nothing to look at."
    if len(names) == 1:
        app.push_screen(PeekScreen(play, names[0]))
        return None
    choices = [(f"{play.state.piece(n, Secret).label} "
                f"({play.owner_name(play.state.piece(n, Secret).owner)})", n) for n in names]

    def picked(name: str | None) -> None:
        if name is not None:
            app.push_screen(PeekScreen(play, name))

    app.push_screen(PickScreen("Look at which secret? (its owner only)",
                               choices, highlighted=highlighted), picked)
    return None


class PeekScreen(ModalScreen[None]):
    """Curtain, then the hidden value and its code, then a cleared screen."""

    BINDINGS = [Binding("escape", "close", "Close", id="peek.close")]

    def __init__(self, play: OpenSession, secret_name: str) -> None:
        super().__init__()
        self.play = play
        self.name_of_secret = secret_name
        self.secret = play.state.piece(secret_name, Secret)  # the table's view: no value
        self.value = ""
        self.step = "curtain"

    def compose(self) -> ComposeResult:
        yield VerticalScroll(id="peek-body", classes="dialog wide private")

    async def on_mount(self) -> None:
        await self._show()

    async def _show(self) -> None:
        body = self.query_one("#peek-body", VerticalScroll)
        await body.remove_children()
        owner, label = self.play.owner_name(self.secret.owner), self.secret.label
        if self.step == "curtain":
            pin_set = self.play.pin_is_set(self.secret.owner)
            solo = solo_owner(owner, self.play.setup.names)  # "you": nobody to hand it to
            parts: list[Widget] = [
                Static(f"PRIVATE: {'you' if solo else owner} only", classes="curtain-title",
                       markup=False),
                Static(("For your eyes only" if solo else f"Hand the laptop to {hand_to(owner)}")
                       + ". Everyone else, look away."
                       f"\nNext: look at {label}. The log will say that it was looked at.",
                       markup=False)]
            if pin_set:
                parts += [Label("PIN"), TypedInput(password=True, id="pin")]
            else:
                who = hand_to(owner)
                parts += [Static(f"{who[:1].upper()}{who[1:]} declined a PIN: this secret is "
                                 f"{vault.DECLINED}.",
                                 markup=False),
                          Button("Show it", id="show", variant="primary")]
            parts += [Static("Escape: cancel", classes="hint"),
                      Static("", id="peek-error", classes="error", markup=False)]
            await body.mount_all(parts)
            self.query_one("#pin" if pin_set else "#show").focus()
        elif self.step == "shown":
            value = Static(f"{label}: {self.value}", classes="section-title", id="peek-value",
                           markup=False)
            value.styles.height = "auto"  # a long value (a hand of cards) wraps, all of it shown
            await body.mount_all([
                value,
                Static(f"Its code on the table: {self.secret.code or '-'}", markup=False),
                Button("Hide it", id="hide", variant="primary")])
            self.query_one("#hide", Button).focus()
        else:
            await body.mount_all([
                Static("Hidden again. Hand the laptop back, then press Enter.", classes="curtain"),
                Button("Back to the table", id="done")])
            self.query_one("#done", Button).focus()

    @on(Input.Submitted, "#pin")
    async def _pin(self, event: Input.Submitted) -> None:
        await self._look(event.value)

    @on(Button.Pressed, "#show")
    async def _no_pin(self) -> None:
        await self._look(None)

    async def _look(self, pin: str | None) -> None:
        try:
            self.value = self.play.secret_value(self.name_of_secret, pin=pin)
        except ActionError as err:
            self.query_one("#peek-error", Static).update(str(err))
            return
        self.step = "shown"
        await self._show()

    @on(Button.Pressed, "#hide")
    async def _hide(self) -> None:
        self.value = ""
        self.step = "cleared"
        await self._show()

    @on(Button.Pressed, "#done")
    def action_close(self) -> None:
        self.dismiss(None)
