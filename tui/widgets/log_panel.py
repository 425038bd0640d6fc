"""The log: every action with its time; the head is marked and undone ones say so."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from trackers.engine.session import HistoryEntry
from tui.widgets.plain import plain
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession

ELSEWHERE = "  (from another window)"


def history_line(entry: HistoryEntry, head: int, elsewhere: bool = False) -> str:
    time = entry.at[11:16] if len(entry.at) >= 16 else entry.at
    mark = ">" if entry.seq == head else " "
    tail = "  (undone: r redoes)" if entry.undone else ""
    return f"{mark}{entry.seq:>4} {time} {entry.text}{tail}{ELSEWHERE if elsewhere else ''}"


class LogPanel(SessionView, OptionList):
    """The history, newest last; selecting an entry asks to jump there."""

    elsewhere: Collection[int] = ()  # seqs another window recorded while this one watched

    def show_session(self, play: OpenSession) -> None:
        self.show(play.history(), play.head)

    def show(self, history: list[HistoryEntry], head: int, latest: int | None = 200) -> None:
        """List the history; ``latest`` keeps the side panel light in long games (the
        history screen passes None and lists every action)."""
        self.clear_options()
        self.add_option(Option(f"{'>' if head == 0 else ' '}   0       game set up", id="seq:0"))
        shown = history if latest is None else history[-latest:]
        self.add_options([Option(plain(history_line(entry, head, entry.seq in self.elsewhere)),
                                 id=f"seq:{entry.seq}")
                          for entry in shown])
        if self.option_count:
            self.highlighted = min(self.option_count - 1, max(0, self._index_of(head)))
            self.scroll_to_highlight()

    def _index_of(self, seq: int) -> int:
        for index in range(self.option_count):
            if self.get_option_at_index(index).id == f"seq:{seq}":
                return index
        return self.option_count - 1
