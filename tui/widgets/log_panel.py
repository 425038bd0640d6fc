"""The log: every action with its time; the head is marked and undone ones say so."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from trackers.engine.session import HistoryEntry
from tui.widgets.plain import plain
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession

ELSEWHERE = "  (from another window)"
SIDE_PANEL = 200  # lines the side log keeps; the history screen lists every action


def history_line(entry: HistoryEntry, head: int, elsewhere: bool = False) -> str:
    time = entry.at[11:16] if len(entry.at) >= 16 else entry.at
    mark = ">" if entry.seq == head else " "
    tail = "  (undone: r redoes)" if entry.undone else ""
    return f"{mark}{entry.seq:>4} {time} {entry.text}{tail}{ELSEWHERE if elsewhere else ''}"


class LogPanel(SessionView, OptionList):
    """The history, newest last; selecting an entry asks to jump there."""

    elsewhere: Collection[int] = ()  # seqs another window recorded while this one watched

    _listed: list[tuple[str, Text]] | None = None  # (id, text) of what is listed now

    def show_session(self, play: OpenSession) -> None:
        self.show(play.history(SIDE_PANEL), play.head)

    def show(self, history: list[HistoryEntry], head: int, latest: int | None = SIDE_PANEL
             ) -> None:
        """List the history; ``latest`` keeps the side panel light in long games (the
        history screen passes None and lists every action)."""
        shown = history if latest is None else history[-latest:]
        lines = [("seq:0", plain(f"{'>' if head == 0 else ' '}   0       game set up")),
                 *((f"seq:{entry.seq}",
                    plain(history_line(entry, head, entry.seq in self.elsewhere)))
                   for entry in shown)]
        old = self._listed
        if old is not None and [i for i, _ in old] == [i for i, _ in lines]:
            # the same entries (an undo or redo): only the lines whose text changed are redrawn
            for index, ((_, before), (_, after)) in enumerate(zip(old, lines, strict=True)):
                if before != after:
                    self.replace_option_prompt_at_index(index, after)
        else:
            self.clear_options()
            self.add_options([Option(text, id=key) for key, text in lines])
        self._listed = lines
        if self.option_count:
            self.highlighted = min(self.option_count - 1, max(0, self._index_of(head)))
            self.scroll_to_highlight()

    def _index_of(self, seq: int) -> int:
        for index in range(self.option_count):
            if self.get_option_at_index(index).id == f"seq:{seq}":
                return index
        return self.option_count - 1
