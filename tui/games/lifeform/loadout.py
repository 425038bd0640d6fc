"""The Lifeform Shuttle Loadout as five small bars, one row per column (spec lifeform §5).

Each bar is the column laid on its side, bottom space first: ``#`` a Mission token, ``.`` an
empty space, ``+`` an empty bonus space, ``|`` the minimum bar (every space left of it must be
covered to launch). Halon Gas shows its compartments as groups. The marks carry the meaning, so
the bars read the same without colour; the right-hand words say ok, need N or min unset.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static

from tui.widgets.in_place import update_in_place

LEGEND = "Loadout: # token . empty + bonus | min"
# Shorter legends for a narrow column (80x24 gives the left column 30 cells), longest first.
LEGENDS = (LEGEND, "Loadout #token .empty +bonus |min", "#token .empty +bonus |min", "Loadout")
NAME_WIDTH = 10
BAR_WIDTH = 11


@dataclass(frozen=True)
class LoadoutRow:
    """What one column shows. ``minimum``: spaces that must be covered (None: no bar);
    ``groups``: Halon Gas compartment sizes; ``status``: the short verdict on the right."""

    name: str
    count: int
    length: int | None
    minimum: int | None = None
    bonus: tuple[int, ...] = ()
    groups: tuple[int, ...] = ()
    status: str = ""


def bar(row: LoadoutRow) -> str:
    """The row's bar, e.g. ``####|.+..`` (4 covered, bar after 4, a bonus on space 6)."""
    if row.length is None:  # the length is unset on the board profile: no guess past "?"
        known = max(row.count, row.minimum or 0)
        cells = "".join("#" if space <= row.count else "." for space in range(1, known + 1))
        return (cells if row.minimum is None else _with_bar(cells, row.minimum)) + "?"
    cells = "".join("#" if space <= row.count else "+" if space in row.bonus else "."
                    for space in range(1, row.length + 1))
    if row.groups:
        out, start = [], 0
        for size in row.groups:
            out.append(cells[start:start + size])
            start += size
        return " ".join(out) + cells[start:]
    return cells if row.minimum is None else _with_bar(cells, row.minimum)


def _with_bar(cells: str, minimum: int) -> str:
    return cells if minimum <= 0 else cells[:minimum] + "|" + cells[minimum:]


def row_text(row: LoadoutRow) -> str:
    filled = f"{row.count}/{'?' if row.length is None else row.length}"
    return f"{row.name:<{NAME_WIDTH}} {bar(row):<{BAR_WIDTH}} {filled:>4} {row.status}"


class LoadoutBars(Static):
    """One bar per Loadout column; the legend is the top border's title."""

    DEFAULT_CSS = """
    LoadoutBars {
        height: auto;
        padding: 0 1;
        border-top: solid $primary;
        border-title-align: left;
        border-title-color: $text;
        border-title-style: bold;
    }
    """

    def on_mount(self) -> None:
        self.border_title = LEGEND

    def on_resize(self) -> None:
        """The whole legend where it fits, never cut mid-word (the border keeps 2 cells)."""
        room = self.size.width - 2
        self.border_title = next((t for t in LEGENDS if len(t) <= room), LEGENDS[-1])

    def show(self, rows: list[LoadoutRow]) -> None:
        update_in_place(self, Text("\n".join(row_text(row) for row in rows), no_wrap=True,
                         overflow="ellipsis"))
