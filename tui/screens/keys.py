"""Every key of a screen, from its bindings: the palette's commands and the F1 list.

One list, not two: each binding carries a short footer label (``description``) and a plain
name (``tooltip``); the palette offers the plain name of every binding of the screen, and
says which are not possible now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol, runtime_checkable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tableside.textual_adapter import action_state, bindings_of, chosen_keys
from tui.screens.tap_close import TapToClose, close_button

# Keys the palette does not list: itself, quitting (ctrl+q), F1, and moving between fields
# (Tab, Enter in a form, copying text): keys, not things to do.
SKIPPED = {"command_palette", "app.command_palette", "quit", "app.quit", "app.show_keys",
           "show_keys", "app.focus_next", "app.focus_previous", "screen.copy_text",
           "next_field", "previous_field", "enter_in_field"}


@dataclass(frozen=True)
class KeyEntry:
    """One key of a screen: its plain name, what the key shows, and whether it works now."""

    name: str
    key: str
    action: str
    possible: bool

    @property
    def title(self) -> str:
        later = "" if self.possible else " (not possible now)"
        return f"{self.name} [{self.key}]{later}"


@runtime_checkable
class KeylessActions(Protocol):
    """A screen with actions no key is bound to (a game's rarer steps): the palette adds
    them, each as ``(plain name, action string, possible now)``."""

    def keyless_actions(self) -> list[tuple[str, str, bool]]: ...


def player_binding(app: App[object], binding: Binding) -> Binding:
    """``binding`` with the key the player chose for it (``App.set_keymap``), if they did."""
    chosen = chosen_keys(app).get(binding.id or "") if binding.id else None
    if not chosen:
        return binding
    return replace(binding, key=chosen.split(",")[0].strip())


def player_key(app: App[object], binding_id: str, default: str) -> str:
    """How the key of ``binding_id`` is written, as the player set it ("z", "^z")."""
    chosen = chosen_keys(app).get(binding_id)
    key = chosen.split(",")[0].strip() if chosen else default
    return app.get_key_display(Binding(key, ""))


def screen_bindings(screen: Screen[object]) -> list[Binding]:
    """Every binding of the screen (shown in the footer or not), first key of each action,
    with the key the player chose for it."""
    seen: set[str] = set()
    out: list[Binding] = []
    for binding in bindings_of(screen):  # the merged bindings, dynamic ones included
        if binding.action in seen or binding.action in SKIPPED:
            continue
        seen.add(binding.action)
        out.append(player_binding(screen.app, binding))
    return out


def key_entries(screen: Screen[object]) -> list[KeyEntry]:
    """The screen's keys with plain names; ``possible`` asks the screen's check_action."""
    app = screen.app
    entries = []
    for binding in screen_bindings(screen):
        if binding.action in SKIPPED:
            continue
        state = action_state(app, binding.action, screen)
        entries.append(KeyEntry(binding.tooltip or binding.description,
                                app.get_key_display(binding), binding.action, bool(state)))
    if isinstance(screen, KeylessActions):
        entries += [KeyEntry(name, "ctrl+p", action, possible)
                    for name, action, possible in screen.keyless_actions()]
    return entries


def run_key(screen: Screen[object], action: str) -> Callable[[], object]:
    """A palette command that does what the key does, on the screen it was typed on."""
    return partial(screen.app.call_later, screen.run_action, action)


class KeysProvider(Provider):
    """The command palette's list: every key of the screen under its plain name."""

    async def discover(self) -> Hits:
        for entry in key_entries(self.screen):
            yield DiscoveryHit(Text(entry.title), run_key(self.screen, entry.action),
                               entry.title)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in key_entries(self.screen):
            score = matcher.match(entry.title)
            if score > 0:
                yield Hit(score, matcher.highlight(entry.title),
                          run_key(self.screen, entry.action), entry.title)


class KeyLine:
    """One line of F1's list: the key right-aligned, its name beside it wrapped on word
    boundaries with every further line under the name (never under the key, never cut)."""

    KEY_WIDTH = 7

    def __init__(self, key: str, name: str) -> None:
        self.key, self.name = key, name

    def __str__(self) -> str:
        return f"{self.key:>{self.KEY_WIDTH}}  {self.name}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = Table.grid(padding=(0, 2), expand=True)
        grid.add_column(width=self.KEY_WIDTH, justify="right", no_wrap=True)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_row(Text(self.key), Text(self.name))
        yield grid


class KeysScreen(TapToClose, ModalScreen[None]):
    """F1: every key of the screen underneath, with its plain name; Escape closes."""

    BINDINGS = [Binding("escape,f1", "close", "Close", tooltip="Close the list of keys")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__()
        self.entries = key_entries(under)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall", id="keys-dialog"):
            yield Static("Keys of this screen (ctrl+p finds them by name)",
                         classes="section-title")
            yield OptionList(*[Option(KeyLine(e.key, e.name + ("" if e.possible
                                                               else "  (not possible now)")))
                               for e in self.entries], id="keys-list")
            yield close_button()
            yield Static("Escape, Close or a tap outside closes it.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#keys-list", OptionList).focus()

    def action_close(self) -> None:
        self.dismiss(None)
