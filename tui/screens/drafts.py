"""What every form shares: what was typed comes back, the top is where it opens, and an
error shows beside its field.

A form keeps what was typed as a *draft* in the settings (``Tableside.save_draft``): left by
Escape (after asking: keep it or drop it) or by closing the app, it opens with the draft the
next time. Fields typed into are followed as they change (a dict, nothing written), because
by the time a screen hears it is unmounted its fields are gone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, Static

from tableside.api import TablesideError
from tui.widgets.plain import plain

FIELDS = "Input, Select, Checkbox"


class DraftStore(Protocol):
    """Where drafts live: ``Tableside`` (New game) or ``OpenSession`` (a game's forms)."""

    def draft(self, name: str) -> Any: ...

    def save_draft(self, name: str, data: Any) -> None: ...

    def drop_draft(self, name: str) -> None: ...


def field_value(widget: Widget) -> Any:
    """A field's value as plain data (a blank choice is None)."""
    if isinstance(widget, Select):
        return None if widget.is_blank() else widget.value
    if isinstance(widget, (Input, Checkbox)):
        return widget.value
    return None


def read_fields(root: Widget | Screen[Any]) -> dict[str, Any]:
    """Every field under ``root`` with an id, by id."""
    return {w.id: field_value(w) for w in root.query(FIELDS) if w.id}


class DraftQuestion(ModalScreen[str | None]):
    """Escape on a form typed into: keep the draft (k), drop it (d), or back (Escape)."""

    BINDINGS = [
        Binding("k", "answer('keep')", "Keep draft", id="draft.keep",
                tooltip="Close the form; what you typed comes back next time"),
        Binding("d", "answer('drop')", "Drop", id="draft.drop",
                tooltip="Close the form and forget what you typed"),
        Binding("escape", "answer(None)", "Back to the form", id="draft.back",
                tooltip="Back to the form"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Close the form: keep what you typed as a draft, to find it again "
                        "the next time it opens, or drop it?", id="question")
            yield Static("k: keep the draft    d: drop it    Escape: back to the form",
                         classes="hint")

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


def ask_keep_or_drop(screen: Screen[Any], keep: Callable[[], None],
                     drop: Callable[[], None]) -> None:
    """Ask whether to keep what was typed; ``keep`` or ``drop`` then closes the form."""
    def answered(answer: str | None) -> None:
        if answer == "keep":
            keep()
        elif answer == "drop":
            drop()

    screen.app.push_screen(DraftQuestion(), answered)


def save_quietly(screen: Screen[Any], store: DraftStore, name: str, data: Any) -> None:
    """Keep a draft; a disk problem is said, never a traceback (the form is closing)."""
    try:
        if data is None:
            store.drop_draft(name)
        else:
            store.save_draft(name, data)
    except TablesideError as err:
        screen.app.notify(f"What you typed could not be kept as a draft: {err}",
                          severity="warning", markup=False)


def show_field_error(screen: Screen[Any], line: Static | None, field: Widget | None,
                     text: str) -> None:
    """An error beside its field, in view, and the focus on the field (else on the line)."""
    if line is not None:
        line.update(plain(text))
        line.remove_class("hidden")
    if field is not None and field.display:
        screen.set_focus(field, scroll_visible=False)
    # the field, then its error line just below it, scrolled into view
    for widget in (field, line):
        if widget is not None and widget.display:
            screen.call_after_refresh(widget.scroll_visible, animate=False)


def open_at_top(screen: Screen[Any], body: Widget, first: Widget | None) -> None:
    """A form opens at its top (its title in view) with the focus on its first field."""
    if first is not None:
        screen.set_focus(first, scroll_visible=False)
    body.scroll_home(animate=False, immediate=True)
    screen.call_after_refresh(body.scroll_home, animate=False)
