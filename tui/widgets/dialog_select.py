"""A choice list that opens inside the dialog around it, and answers to typing.

Textual's Select opens its list over the whole screen (``overlay: screen``), kept only
inside the screen's edges: at 80x24 a list of nine player counts, or one low in a form,
ran over the dialog's border and the table behind it. This Select measures the room
inside its dialog (the nearest ancestor with the ``dialog`` class, else the screen) when it
opens: the list goes below the field when it fits there, else on the side with more room,
and is as tall as that room allows (it scrolls, as any long list does).

Typing on the closed list chooses: the first letters (or digits, in a numbered list) of a
choice pick it, and Enter then confirms it as Enter confirms a typed field (the form's own
``FieldKeys``), so most answers take two or three keys instead of Enter, arrows and Enter.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Select

LIST_ROWS = 12  # Textual's own cap on an open list, borders included


def dialog_of(widget: Widget) -> Widget | None:
    """The nearest ancestor with the ``dialog`` class, if any."""
    return next((a for a in widget.ancestors
                 if isinstance(a, Widget) and a.has_class("dialog")), None)


def room_of(widget: Widget) -> Region:
    """The region inside the border of the dialog holding ``widget`` (the screen's region
    when it is in none)."""
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Widget) and ancestor.has_class("dialog"):
            return ancestor.region.shrink(ancestor.styles.border.spacing)
    return widget.screen.region


def placement(field: Region, room: Region, rows: int) -> tuple[int, int]:
    """(offset, height) of a list wanting ``rows`` rows, for a field at ``field``: below
    the field when it fits, else on the side with more room inside ``room``. The offset
    moves the list from its place under the field (negative: up, above the field)."""
    below = room.bottom - field.bottom
    above = field.y - room.y
    if rows <= below or below >= above:
        return 0, max(1, min(rows, below))
    height = min(rows, above)
    return -(height + field.height), height


def chosen_by_typing(labels: list[str], typed: str) -> int | None:
    """The choice ``typed`` picks: the one it names whole, else the first that starts with
    it (a unique start picks that one), else the first with a word that starts with it;
    None when no choice starts so. Case is ignored."""
    wanted = typed.casefold()
    if not wanted.strip():
        return None
    folded = [label.casefold().strip() for label in labels]
    for rule in (lambda t: t == wanted, lambda t: t.startswith(wanted),
                 lambda t: any(w.startswith(wanted) for w in t.split())):
        found = [i for i, label in enumerate(folded) if label and rule(label)]
        if found:
            return found[0]
    return None


class DialogSelect(Select[Any]):
    """A Select whose open list stays inside its dialog, chosen from by typing."""

    typed = ""  # what was typed on the closed list since it took the focus
    grown: Widget | None = None  # the dialog made taller to show this open list

    def _labels(self) -> list[str]:
        return [prompt.plain if isinstance(prompt, Text) else str(prompt)
                for prompt, _value in self.choices]

    async def on_key(self, event: events.Key) -> None:
        """A letter or digit on the closed list chooses by typing (space opens the list,
        as it always did, unless a choice is being typed)."""
        character = event.character
        if (self.expanded or not event.is_printable or character is None
                or (character == " " and not self.typed)):
            return
        event.stop()
        event.prevent_default()  # handled here, in line with the keys around it
        self.type_ahead(character)

    def type_ahead(self, character: str) -> None:
        """Add ``character`` to what is typed and choose the choice it names; a key that
        names none starts over from itself (a bell when that names none either)."""
        labels = self._labels()
        typed = self.typed + character
        found = chosen_by_typing(labels, typed)
        if found is None and self.typed:
            typed, found = character, chosen_by_typing(labels, character)
        if found is None:
            self.typed = ""
            self.app.bell()
            return
        self.typed = typed
        value = self.choices[found][1]
        if value != self.value:
            self.value = value

    def on_blur(self, event: events.Blur) -> None:
        self.typed = ""  # coming back to the list later starts a new answer

    def __init__(self, options: Iterable[tuple[RenderableType, Any]], **kwargs: Any) -> None:
        self.choices = list(options)
        super().__init__(self.choices, **kwargs)

    def set_options(self, options: Iterable[tuple[RenderableType, Any]]) -> None:
        self.choices = list(options)
        super().set_options(self.choices)

    def label_of(self, value: Any) -> str:
        """The label shown for ``value``; "" when none is."""
        return next((str(label) for label, choice in self.choices if choice == value), "")

    def watch_expanded(self, expanded: bool) -> None:
        """Place the list as it opens (after Select's own watcher has shown it), and again
        once the screen is laid out (the form may have just scrolled or grown)."""
        if expanded:
            self._place()
            self.call_after_refresh(self._place)
        elif self.grown is not None:  # closed: the dialog goes back to its own height
            self.grown.styles.min_height = None
            self.grown = None

    def _place(self) -> None:
        if not self.expanded or not self.is_mounted:
            return
        # Select's parts, by the type names its stylesheet uses: the list and the field.
        overlay = self.query_one("SelectOverlay", OptionList)
        field = self.query_one("SelectCurrent").region
        # One row an option (a label wider than the list wraps: the list then scrolls).
        wanted = min(LIST_ROWS, overlay.option_count + overlay.styles.gutter.height)
        offset, height = placement(field, room_of(self), wanted)
        dialog = dialog_of(self)
        if height < wanted and dialog is not None and self.grown is None:
            # A short dialog (a form of one list) left room for a row or two of the list:
            # it grows (up to the screen) so the list shows its options, then is placed again.
            self.grown = dialog
            dialog.styles.min_height = dialog.outer_size.height + wanted - height
            self.call_after_refresh(self._place)
        overlay.styles.max_height = height
        overlay.styles.offset = (0, offset)
