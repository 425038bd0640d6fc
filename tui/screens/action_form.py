"""The form for an action's arguments, with a privacy curtain around secret ones.

Steps: the open arguments; then, if the action has secret arguments, a curtain that
names who may look (and asks their PIN if they set one); the secret arguments; and a
cleared screen before the laptop goes back. Nothing is recorded until the form closes.
"""

from __future__ import annotations

import hashlib
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tableside.api import OpenSession
from trackers.engine import Action, ActionError, Param
from trackers.pieces import Secret


def pin_key(play: OpenSession, owner: str) -> str:
    return f"pin:{play.id}:{owner}"


def pin_hash(play: OpenSession, pin: str) -> str:
    return hashlib.sha256(f"{play.id}:{pin}".encode()).hexdigest()


def owner_for(play: OpenSession, action: Action, args: dict[str, Any]) -> str:
    """Who may look while the secret arguments are entered."""
    if action.private_to:
        return action.private_to
    piece = play.state.pieces.get(str(args.get("secret", "")))
    return piece.owner if isinstance(piece, Secret) else "the player making this choice"


class CurtainStep(Vertical):
    """Full-screen hand-over: names who may look; optional PIN."""

    def __init__(self, owner: str, pin_set: bool, purpose: str) -> None:
        super().__init__(classes="curtain")
        self.owner = owner
        self.pin_set = pin_set
        self.purpose = purpose

    def compose(self) -> ComposeResult:
        yield Static(f"PRIVATE: {self.owner} only", classes="curtain-title")
        yield Static(f"Hand the laptop to the {self.owner}. Everyone else, look away.\n"
                     f"Next: {self.purpose}.")
        if self.pin_set:
            yield Label("PIN")
            yield Input(password=True, id="pin")
        else:
            yield Label("PIN (optional: set one to protect later looks)")
            yield Input(password=True, id="pin")
        yield Static("Enter: continue    Escape: cancel", classes="hint")


class ActionFormScreen(ModalScreen[dict[str, Any] | None]):
    """Collect and check an action's arguments; dismiss with them, or None if cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel")]

    def __init__(self, play: OpenSession, action: Action) -> None:
        super().__init__()
        self.play = play
        self.action_spec = action
        self.open_params = [p for p in action.params if not p.secret]
        self.secret_params = [p for p in action.params if p.secret]
        self.args: dict[str, Any] = {}
        self.step = "open" if self.open_params or not self.secret_params else "curtain"

    def compose(self) -> ComposeResult:
        # A form with secrets fills the whole screen: nothing of the table shows around it.
        private = " private" if self.secret_params or self.action_spec.private_to else ""
        yield VerticalScroll(id="form-body", classes="dialog wide" + private)

    async def on_mount(self) -> None:
        await self._show_step()

    async def _show_step(self) -> None:
        body = self.query_one("#form-body", VerticalScroll)
        await body.remove_children()
        widgets: list[Widget] = []
        if self.step == "open":
            widgets.append(Static(self.action_spec.title, classes="section-title"))
            widgets.append(Static(self.action_spec.description, classes="hint"))
            widgets += self._fields(self.open_params)
            widgets.append(Static("", id="form-error", classes="error"))
            widgets.append(Button("OK", id="ok", variant="primary"))
        elif self.step == "curtain":
            owner = owner_for(self.play, self.action_spec, self.args)
            pin_set = self._stored_pin(owner) is not None
            widgets.append(CurtainStep(owner, pin_set, self.action_spec.title.lower()))
            widgets.append(Static("", id="form-error", classes="error"))
        elif self.step == "secret":
            widgets.append(Static(f"{self.action_spec.title} (private)", classes="section-title"))
            widgets += self._fields(self.secret_params)
            widgets.append(Static("", id="form-error", classes="error"))
            widgets.append(Button("Keep it secret", id="ok", variant="primary"))
        else:  # cleared
            widgets.append(Static("Done. The screen is cleared.\nHand the laptop back to the "
                                  "table, then press Enter.", classes="curtain"))
            widgets.append(Button("Back to the table", id="ok"))
        await body.mount_all(widgets)
        focusable = [w for w in body.query("Input, Select, Checkbox, Button")]
        if focusable:
            focusable[0].focus()

    def _fields(self, params: list[Param]) -> list[Widget]:
        out: list[Widget] = []
        for param in params:
            allowed = param.describe_allowed(self.play.state)
            out.append(Label(f"{param.name}: {param.help} ({allowed})"))
            choices = self._choices(param)
            if choices:
                out.append(Select([(param.label_of(self.play.state, c), c) for c in choices],
                                  id=f"arg-{param.name}",
                                  allow_blank=True, prompt="choose"))
            elif param.kind == "bool":
                out.append(Checkbox(param.help, bool(param.default), id=f"arg-{param.name}"))
            else:
                value = "" if param.default is None else str(param.default)
                out.append(Input(value, id=f"arg-{param.name}", password=param.secret,
                                 type="integer" if param.kind == "int" else "text"))
        return out

    def _choices(self, param: Param) -> list[str]:
        if param.kind == "choice":
            return param.allowed(self.play.state)
        # A secret with fixed choices (e.g. which image is real) is picked from a list.
        secret = self.play.state.pieces.get(str(self.args.get("secret", "")))
        if param.secret and isinstance(secret, Secret):
            return list(secret.choices)
        return []

    def _read(self, params: list[Param]) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        for param in params:
            widget = self.query_one(f"#arg-{param.name}")
            if isinstance(widget, Select):
                raw[param.name] = None if widget.is_blank() else widget.value
            elif isinstance(widget, Checkbox):
                raw[param.name] = widget.value
            elif isinstance(widget, Input):
                raw[param.name] = widget.value if widget.value.strip() else None
        return raw

    def _stored_pin(self, owner: str) -> str | None:
        table = getattr(self.app, "table", None)
        return table.setting(pin_key(self.play, owner)) if table else None

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    async def _next(self) -> None:
        error = self.query_one("#form-error", Static) if self.step != "cleared" else None
        try:
            if self.step == "open":
                self.args.update(self._read(self.open_params))
                if not self.secret_params:
                    self.dismiss(self.action_spec.validate(self.play.state, self.args))
                    return
                self._check_partial()
                self.step = "curtain"
            elif self.step == "curtain":
                self._check_pin()
                self.step = "secret"
            elif self.step == "secret":
                self.args.update(self._read(self.secret_params))
                self.args = self.action_spec.validate(self.play.state, self.args)
                self.step = "cleared"
            else:
                self.dismiss(self.args)
                return
        except ActionError as err:
            if error is not None:
                error.update(str(err))
            return
        await self._show_step()

    def _check_partial(self) -> None:
        """Check the open arguments before the curtain (secret ones are not in yet)."""
        for param in self.open_params:
            if self.args.get(param.name) is None and not param.optional:
                raise ActionError(f"{param.name}: required; give "
                                  f"{param.describe_allowed(self.play.state)}", param.name)
            if self.args.get(param.name) is not None:
                self.args[param.name] = param.coerce(self.args[param.name], self.play.state)

    def _check_pin(self) -> None:
        owner = owner_for(self.play, self.action_spec, self.args)
        typed = self.query_one("#pin", Input).value
        stored = self._stored_pin(owner)
        table = getattr(self.app, "table", None)
        if stored is not None and pin_hash(self.play, typed) != stored:
            raise ActionError(f"PIN: that is not the {owner}'s PIN", "pin")
        if stored is None and typed and table is not None:
            table.set_setting(pin_key(self.play, owner), pin_hash(self.play, typed))

    def action_cancel(self) -> None:
        self.dismiss(None)
