"""Pick one item from a short list (Enter chooses, Escape cancels)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.plain import plain


class PickScreen(ModalScreen[str | None]):
    """Dismisses with the chosen value, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", tooltip="Cancel")]

    def __init__(self, prompt: str, choices: list[tuple[str, str]],
                 highlighted: str | None = None) -> None:
        super().__init__()
        self.prompt = prompt
        self.choices = choices
        self.highlighted = highlighted  # the value in line when it opens (else the first)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.prompt), classes="section-title")
            yield OptionList(*[Option(plain(label), id=value) for label, value in self.choices],
                             id="pick")

    def on_mount(self) -> None:
        pick = self.query_one("#pick", OptionList)
        values = [value for _, value in self.choices]
        if self.highlighted in values:
            pick.highlighted = values.index(self.highlighted)
        pick.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
