"""What the tests read of Textual that it offers no public way to read, in one place.

The app's own uses live in tableside.textual_adapter; these are the tests' (a Select's
options, the rows as drawn, the notifications shown, ...). tests/test_textual_adapter.py
checks each against the installed Textual and that no other test reaches a private name of
Textual's, so an upgrade that moves one fails there, by name.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.keys import _character_to_key
from textual.notifications import Notification
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Select
from textual.widgets._header import HeaderClock
from textual.widgets._toast import ToastRack

__all__ = ["DATA_TABLE_MODULE", "HeaderClock", "drawn_rows", "key_named", "layouts_of",
           "notifications_shown", "option_line", "select_options", "share_css_parses",
           "toast_rack"]

# The module a DataTable is loaded from: the start-up test asks that it is not yet loaded.
DATA_TABLE_MODULE = "textual.widgets._data_table"


def select_options(select: Select[Any]) -> list[tuple[Any, Any]]:
    """A Select's options, (prompt, value) each, the blank one first where it has one."""
    return list(select._options)


def drawn_rows(app: App[Any]) -> list[str]:
    """The app's screen as drawn: one string of its cells per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def key_named(character: str) -> str:
    """The key a terminal reports for typing ``character`` ("/" is "slash")."""
    return _character_to_key(character)


def notifications_shown(app: App[Any]) -> list[Notification]:
    """The notifications the app shows now, oldest first."""
    return list(app._notifications)


def toast_rack(screen: Screen[Any]) -> Widget:
    """The layer the screen shows its notifications (toasts) on."""
    return screen.get_child_by_type(ToastRack)


def option_line(options: OptionList, index: int) -> int:
    """The line (in the list's whole height) that option ``index`` starts on."""
    return options._index_to_line[index]


def layouts_of(screen: Screen[Any], monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every layout of ``screen``'s widgets from now on (the arguments of each)."""
    layouts: list[object] = []
    original = screen._refresh_layout

    def counted(*args: Any, **kwargs: Any) -> None:
        layouts.append(args)
        original(*args, **kwargs)

    monkeypatch.setattr(screen, "_refresh_layout", counted)
    return layouts


class _SharedParses:
    """One stylesheet's parse cache, kept for every app of the run: keyed by the sheet's
    variables too (the theme's), so clearing it on a change of theme is not needed."""

    parsed: dict[tuple[Any, ...], Any] = {}

    def __init__(self, sheet: Stylesheet) -> None:
        self.sheet = sheet

    def _key(self, key: tuple[Any, ...]) -> tuple[Any, ...]:
        return (tuple(sorted(self.sheet._variables.items())), key)

    def __getitem__(self, key: tuple[Any, ...]) -> Any:
        return self.parsed[self._key(key)]

    def __setitem__(self, key: tuple[Any, ...], rules: Any) -> None:
        self.parsed[self._key(key)] = rules

    def clear(self) -> None:
        """Nothing to drop: another theme's rules are under another key."""


def share_css_parses() -> None:
    """Every app of the test run reads its widgets' CSS from one parse of each source.

    Textual parses every widget's CSS again for each app (its cache is the app's own); the
    ~600 apps of a run parsed the same few hundred rule sets over and over, about 6% of the
    pilots' CPU. The parsed rules are only read once made (each app keeps its own styles),
    and the snapshots show the screens drawn the same."""
    if getattr(Stylesheet, "_shares_parses", False):
        return
    made = Stylesheet.__init__

    def sharing(self: Stylesheet, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        self._parse_cache = _SharedParses(self)  # type: ignore[assignment]

    Stylesheet.__init__ = sharing  # type: ignore[method-assign]
    Stylesheet._shares_parses = True  # type: ignore[attr-defined]
