"""A footer of at most two rows: the keys a table uses most; F1 and ctrl+p show the rest."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.widget import Widget

COLUMNS = 6
ROWS = 2
# Keys every screen keeps in view, at the end of the footer: the rest fill the cells before.
PINNED = ("undo", "leave", "app.show_keys", "show_keys", "app.quit")
# Before the key that settles what is due, in place of its cell's leading space.
DUE_MARK = "▸"
# Comforts that move no play: when room is short they give way first. F1 lists every key.
GIVE_WAY = ("voice_toggle", "voice_repeat")


def _rank(action: str, due: set[str], moving: frozenset[str]) -> tuple[bool, int]:
    """Which keys keep their place when not all fit: what is due, then what moves play (the
    game's actions marked ``moves_play``), then the other keys, then the comforts."""
    return (action not in due, 0 if action in moving else 2 if action in GIVE_WAY else 1)


class FooterCell(NamedTuple):
    key: str  # the key pressed (what a click simulates)
    shown: str  # how the key is written ("^p", "f1")
    description: str
    enabled: bool
    due: bool = False  # the key settles what the rules say is due now: shown first, marked


class KeysFooter(Widget):
    """The screen's most used keys in a grid of ``COLUMNS`` per row, ``ROWS`` rows at most.

    A screen lists its most used keys first (``show=True``); when more are possible now than
    fit, the comforts (``GIVE_WAY``) give way first, then the last of the others, never what
    is due or what moves play (a screen's ``moving_bindings``); the keys in ``PINNED`` and the
    palette's always show.
    Every key stays in the palette and on the F1 screen. One widget draws every key (Textual's
    Footer makes a widget per key and re-makes them on each action: styling them was most of
    the cost of a key press and of opening a screen). A click on a key presses it.
    """

    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: auto;
        max-height: 2;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeysFooter > .keys-footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeysFooter > .keys-footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeysFooter > .keys-footer--disabled {
        text-style: dim;
    }
    KeysFooter > .keys-footer--due {
        text-style: bold reverse;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "keys-footer--key", "keys-footer--description", "keys-footer--disabled",
        "keys-footer--due"}
    ALLOW_SELECT = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cells: tuple[FooterCell, ...] = ()

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.call_after_refresh(self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, _screen: object = None) -> None:
        """Redraw only when the keys to show changed (the set changes far less often than
        the bindings are refreshed, which is after every action)."""
        cells = self._cells()
        if cells != self.cells:
            rows_before = self._rows(self.cells)
            self.cells = cells
            self.refresh(layout=self._rows(cells) != rows_before)

    def _cells(self) -> tuple[FooterCell, ...]:
        app = self.app
        shown: dict[str, tuple[Binding, bool]] = {}  # by action: one key per action
        palette: tuple[Binding, bool] | None = None
        # A screen may name the bindings that settle what is due now (``due_bindings``):
        # those come first and are marked, so the key that settles it is never crowded out;
        # one kept out of the footer (show=False) shows while it is due.
        due_of = getattr(self.screen, "due_bindings", None)
        due = set(due_of()) if callable(due_of) else set()
        moving: frozenset[str] = getattr(self.screen, "moving_bindings", frozenset())
        for key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items():
            if key == app.COMMAND_PALETTE_BINDING and app.ENABLE_COMMAND_PALETTE:
                palette = (binding, enabled)
            elif binding.show or binding.action in due:
                shown.setdefault(binding.action, (binding, enabled))
        pinned = [pair for pair in shown.values() if pair[0].action in PINNED]
        others = [pair for pair in shown.values() if pair[0].action not in PINNED]
        ends = pinned + ([palette] if palette else [])
        room = max(COLUMNS * ROWS - len(ends), 0)
        ranked = sorted(others, key=lambda pair: _rank(pair[0].action, due, moving))
        kept = {pair[0].action for pair in ranked[:room]}
        # What is kept shows in the screen's order, what is due first.
        chosen = sorted((pair for pair in others if pair[0].action in kept),
                        key=lambda pair: pair[0].action not in due) + ends
        return tuple(FooterCell(b.key, app.get_key_display(b), b.description, enabled,
                                b.action in due) for b, enabled in chosen)

    @staticmethod
    def _rows(cells: tuple[FooterCell, ...]) -> int:
        return min(ROWS, -(-len(cells) // COLUMNS))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._rows(self.cells)

    def _cell_width(self) -> int:
        return max(self.size.width // COLUMNS, 1)

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key")
        text_style = self.get_component_rich_style("keys-footer--description")
        dim = self.get_component_rich_style("keys-footer--disabled")
        marked = self.get_component_rich_style("keys-footer--due")
        width = self._cell_width()
        lines = []
        for row in range(self._rows(self.cells)):
            line = Text(no_wrap=True, overflow="crop")
            for cell in self.cells[row * COLUMNS:(row + 1) * COLUMNS]:
                part = Text(no_wrap=True, overflow="crop")
                faded = (Style() if cell.enabled else dim) + (marked if cell.due else Style())
                # The mark is a character too, not only a style: a monochrome terminal (or a
                # screen reader) still tells which key settles what is due.
                part.append(f"{DUE_MARK if cell.due else ' '}{cell.shown} ", key_style + faded)
                # one space fewer where the whole name would not fit ("f6 Say again" at 80)
                spaced = len(cell.shown) + len(cell.description) + 3 <= width
                part.append(f"{' ' if spaced else ''}{cell.description}", text_style + faded)
                part.truncate(width, pad=True)
                line.append_text(part)
            lines.append(line)
        return Text("\n").join(lines)

    def cell_at(self, x: int, y: int) -> FooterCell | None:
        index = y * COLUMNS + x // self._cell_width()
        if 0 <= x < self._cell_width() * COLUMNS and 0 <= index < len(self.cells):
            return self.cells[index]
        return None

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is None:
            return
        if cell.enabled:
            self.app.simulate_key(cell.key)
        else:
            self.app.bell()
