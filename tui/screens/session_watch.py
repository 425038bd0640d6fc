"""What other windows record, folded into a game's screen (``SessionScreen`` mixes it in).

A plain daemon thread looks at the journal's size every second (one ``stat``) and posts
``OutsideWrite`` when another window (the CLI, a script, a second app, a seat) wrote to it;
the screen folds the records in on the UI thread. Nothing on the UI thread waits or polls.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual.message import Message

from tableside.api import TablesideError
from tableside.basics import OutsideChange, window_words

if TYPE_CHECKING:
    from textual.screen import Screen

    from tableside.api import OpenSession

    _Screen = Screen[None]  # what the mixin is mixed into, for the type checker only
else:
    _Screen = object

WATCH_SECONDS = 1.0  # how often the watching thread looks at the journal's size


class OutsideWrite(Message):
    """The journal holds records another window wrote (posted by the watching thread)."""


class WatchingOtherWindows(_Screen):
    """Mixin for the session screen: the watch and the fold-in."""

    if TYPE_CHECKING:  # the session screen's own
        play: OpenSession
        elsewhere: dict[tuple[int, str], str]
        elsewhere_by: list[str]
        _play_closed: bool
        _stop_watching: threading.Event

        def session_changed(self, elsewhere: tuple[int, ...] = ()) -> None: ...

    def _watch(self) -> None:
        """Start the watching thread: a plain daemon thread, not a Textual worker, so that
        waiting for the screen's workers to finish never waits on a watch that never ends."""
        threading.Thread(target=self._watching, name=f"watch-{id(self)}", daemon=True).start()

    def _watching(self) -> None:
        """In a thread: look at the journal's size every second (one ``stat``); when another
        window wrote to it, tell the screen, which folds it in on the UI thread."""
        while not self._stop_watching.wait(WATCH_SECONDS):
            if self.play.outside_changed():
                self.post_message(OutsideWrite())

    def on_outside_write(self) -> None:
        self.look_elsewhere()

    def look_elsewhere(self) -> None:
        """Fold in what another window (the CLI, a script, a second app) recorded."""
        if self._play_closed:
            return
        head = self.play.head
        try:
            changes = self.play.refresh()
        except TablesideError as err:
            self.notify(f"Could not read what other windows did: {err}", severity="warning",
                        markup=False)
            return
        if changes or self.play.head != head:
            self.mark_elsewhere(changes)
            self.session_changed(tuple(c.seq for c in changes))

    def mark_elsewhere(self, changes: list[OutsideChange]) -> None:
        """Count ``changes`` for the Now panel and mark their actions in the log."""
        self.elsewhere_by += [c.by for c in changes]
        # an action is marked by its number and time: the number alone is taken again
        # by the next action after an undo (this window's own); an undo marks nothing
        self.elsewhere.update({(c.seq, c.at): window_words(c.by) for c in changes
                               if not c.moved})


def elsewhere_line(bys: list[str]) -> str:
    """One short line for what other windows did since this one last acted: "3 actions
    from the CLI, 1 from Ann's seat, marked in the log" (empty when nothing)."""
    counts: dict[str, int] = {}
    for by in bys:
        who = window_words(by)
        counts[who] = counts.get(who, 0) + 1
    parts = [f"{count} from {who}" for who, count in counts.items()]
    if parts:  # the first says what is counted: "3 actions from the CLI, 1 from a script"
        first = next(iter(counts.values()))
        parts[0] = f"{first} action{'' if first == 1 else 's'} {parts[0].split(' ', 1)[1]}"
    return f"{', '.join(parts)}, marked in the log" if parts else ""
