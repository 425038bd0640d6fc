"""Small modal dialogs: a y/n confirmation and a one-line text prompt."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.screens.form_keys import FIELD_KEYS, FieldKeys
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.plain import plain
from tui.widgets.typed_input import TypedInput


class ConfirmScreen(ModalScreen[bool]):
    """Ask a yes/no question: y answers yes; n or Escape answer no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes", tooltip="Yes"),
        Binding("n", "answer(False)", "No", id="confirm.no", tooltip="No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(self.question), id="question")
            yield Static("y: yes    n: no", classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TextPromptScreen(FieldKeys, ModalScreen[str | None]):
    """Ask for one line of text; Enter accepts (before the next key is read), Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", tooltip="Cancel"), *FIELD_KEYS]

    def __init__(self, prompt: str, value: str = "", password: bool = False) -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.password = password

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(plain(self.prompt))
            yield TypedInput(self.value, password=self.password, id="prompt-input")
            yield Static("Enter: accept    Escape: cancel", classes="hint")

    async def field_entered(self, field: Input | DialogSelect) -> None:
        self.dismiss(field.value if isinstance(field, Input) else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
