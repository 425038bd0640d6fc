"""The log: every action with its time; the head is marked and undone ones say so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from trackers.engine.session import HistoryEntry
from tui.widgets.plain import plain
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession

SIDE_PANEL = 200  # lines the side log keeps; the history screen lists every action


def history_line(entry: HistoryEntry, head: int, elsewhere: str = "") -> str:
    """One line of the log; ``elsewhere`` names the other window that made it."""
    time = entry.at[11:16] if len(entry.at) >= 16 else entry.at
    mark = ">" if entry.seq == head else " "
    tail = "  (undone: r redoes)" if entry.undone else ""
    made = f"  (from {elsewhere})" if elsewhere else ""
    return f"{mark}{entry.seq:>4} {time} {entry.text}{tail}{made}"


class LogPanel(SessionView, OptionList):
    """The history, newest last; selecting an entry asks to jump there."""

    # (number, time) of the actions another window recorded while this one watched -> who
    elsewhere: Mapping[tuple[int, str], str] = {}

    _listed: list[tuple[str, str]] | None = None  # (id, text) of what is listed now

    # Textual lays the whole screen out again when a list's scrollable length changes. The
    # side log's box has a fixed height, so its length (an undone line wrapping onto a
    # second) moves no other widget: it repaints itself and its scrollbar, and only a log
    # sized by its contents asks for a layout (whether a scrollbar shows is Textual's own
    # reactive, a layout still). A full layout was most of the cost of undo and redo.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self) -> None:
        width, height = self.styles.width, self.styles.height
        if height is None or height.is_auto or (width is not None and width.is_auto):
            self.refresh(layout=True)

    def show_session(self, play: OpenSession) -> None:
        """The latest actions in the table's words: "Choose a secret: secret Ann's kept
        Objective, value hidden", not the command line's "(secret=p1_objective, ...)"."""
        from dataclasses import replace

        from tableside import seat_words

        self.show([replace(e, text=seat_words.log_words(play, e.text))
                   for e in play.history(SIDE_PANEL)], play.head)

    def show(self, history: list[HistoryEntry], head: int, latest: int | None = SIDE_PANEL
             ) -> None:
        """List the history; ``latest`` keeps the side panel light in long games (the
        history screen passes None and lists every action)."""
        shown = history if latest is None else history[-latest:]
        # compared as strings; a line becomes Text (shown as typed) only when it is drawn
        lines = [("seq:0", f"{'>' if head == 0 else ' '}   0       game set up"),
                 *((f"seq:{entry.seq}",
                    history_line(entry, head, self.elsewhere.get((entry.seq, entry.at), "")))
                   for entry in shown)]
        old = self._listed
        shift = _shift(old, lines) if old is not None else None
        if old is not None and shift is not None:
            # the same entries, moved on by ``shift`` (an action drops the oldest line of a
            # full panel) and perhaps more at the end: only what changed is redrawn
            for _ in range(shift):
                self.remove_option_at_index(1)  # line 0 is "game set up"
            kept = [old[0], *old[1 + shift:]]
            for index, ((_, before), (_, after)) in enumerate(zip(kept, lines, strict=False)):
                if before != after:
                    self.replace_option_prompt_at_index(index, plain(after))
            self.add_options([Option(plain(text), id=key) for key, text in lines[len(kept):]])
        else:
            self.clear_options()
            self.add_options([Option(plain(text), id=key) for key, text in lines])
        self._listed = lines
        if self.option_count:
            self.highlighted = min(self.option_count - 1, max(0, self._index_of(head)))
            self.scroll_to_highlight()

    def _index_of(self, seq: int) -> int:
        for index in range(self.option_count):
            if self.get_option_at_index(index).id == f"seq:{seq}":
                return index
        return self.option_count - 1


def _shift(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> int | None:
    """How many of the oldest entries (after "game set up") ``new`` dropped from ``old``,
    when it keeps the rest in order and only adds after them; None when it is another list
    (an action after an undo drops the undone ones: listed again whole)."""
    before, after = [i for i, _ in old[1:]], [i for i, _ in new[1:]]
    if not before:
        return 0
    try:
        shift = before.index(after[0]) if after else len(before)
    except ValueError:
        return None
    kept = before[shift:]
    return shift if after[:len(kept)] == kept else None
