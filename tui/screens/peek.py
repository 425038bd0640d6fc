"""Look at a secret behind the privacy curtain: only its owner, PIN if they set one."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from tableside.api import OpenSession
from trackers.pieces import Secret
from tui.screens.action_form import CurtainStep, pin_hash, pin_key


class PeekScreen(ModalScreen[None]):
    """Curtain, then the hidden value and its code, then a cleared screen."""

    BINDINGS = [Binding("escape", "close", "Close", id="peek.close")]

    def __init__(self, play: OpenSession, secret_name: str) -> None:
        super().__init__()
        self.play = play
        self.secret = play.state.piece(secret_name, Secret)
        self.step = "curtain"

    def compose(self) -> ComposeResult:
        yield VerticalScroll(id="peek-body", classes="dialog wide private")

    async def on_mount(self) -> None:
        await self._show()

    async def _show(self) -> None:
        body = self.query_one("#peek-body", VerticalScroll)
        await body.remove_children()
        if self.step == "curtain":
            table = getattr(self.app, "table", None)
            pin_set = bool(table and table.setting(pin_key(self.play, self.secret.owner)))
            await body.mount_all([CurtainStep(self.secret.owner, pin_set,
                                              f"look at {self.secret.label}"),
                                  Static("", id="peek-error", classes="error")])
            self.query_one("#pin", Input).focus()
        elif self.step == "shown":
            value = self.secret.value or "nothing chosen yet"
            await body.mount_all([
                Static(f"{self.secret.label}: {value}", classes="section-title", id="peek-value"),
                Static(f"Its code on the table: {self.secret.code or '-'}"),
                Button("Hide it", id="hide", variant="primary")])
            self.query_one("#hide", Button).focus()
        else:
            await body.mount_all([
                Static("Hidden again. Hand the laptop back, then press Enter.", classes="curtain"),
                Button("Back to the table", id="done")])
            self.query_one("#done", Button).focus()

    @on(Input.Submitted, "#pin")
    async def _pin(self, event: Input.Submitted) -> None:
        table = getattr(self.app, "table", None)
        stored = table.setting(pin_key(self.play, self.secret.owner)) if table else None
        if stored and pin_hash(self.play, event.value) != stored:
            self.query_one("#peek-error", Static).update(
                f"PIN: that is not the {self.secret.owner}'s PIN")
            return
        if not stored and event.value and table is not None:
            table.set_setting(pin_key(self.play, self.secret.owner),
                              pin_hash(self.play, event.value))
        self.step = "shown"
        await self._show()

    @on(Button.Pressed, "#hide")
    async def _hide(self) -> None:
        self.step = "cleared"
        await self._show()

    @on(Button.Pressed, "#done")
    def action_close(self) -> None:
        self.dismiss(None)
