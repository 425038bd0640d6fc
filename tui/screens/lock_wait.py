"""Waiting for another window that is writing to the same game, without freezing the screen.

The session's lock is tried at once; when another window holds it, a small notice says so
and a worker thread waits for it. Escape cancels the wait (nothing is recorded); keys typed
while it waits are kept and land, in order, once the step has run.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

if TYPE_CHECKING:
    from filelock import FileLock

POLL_SECONDS = 0.1  # how often the worker tries the lock again


class LockWaitScreen(ModalScreen[None]):
    """Another window holds the game: says so until it is free, or the wait is cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="lock_wait.cancel",
                tooltip="Stop waiting; nothing is recorded")]

    def __init__(self, doing: str, others: list[str]) -> None:
        super().__init__()
        self.doing = doing
        self.others = others
        self.cancelled = threading.Event()
        self.typed: list[events.Key] = []

    def compose(self) -> ComposeResult:
        who = f" ({', '.join(self.others)})" if self.others else ""
        with Vertical(classes="dialog"):
            yield Static(f"Another window{who} is saving to this game. Waiting to "
                         f"{self.doing} as soon as it is done...", markup=False)
            yield Static("Escape cancels (nothing is recorded). Keys typed now are kept "
                         "for after.", markup=False)

    def on_key(self, event: events.Key) -> None:
        if event.key != "escape":
            event.stop()
            event.prevent_default()
            self.typed.append(event)

    def action_cancel(self) -> None:
        self.cancelled.set()
        self.dismiss(None)


def when_free(screen: Screen[Any], lock: FileLock, others: Callable[[], list[str]],
              doing: str, step: Callable[[], None]) -> None:
    """Run ``step`` holding the game's lock: at once when it is free, else after a wait
    shown on screen (a worker thread waits; the screen stays live). ``others`` names the
    windows that have the game open."""
    from filelock import Timeout

    try:
        lock.acquire(timeout=0)
    except Timeout:
        wait = LockWaitScreen(doing, others())
        screen.app.push_screen(wait)
        screen.run_worker(lambda: _wait(screen, lock, wait, step), thread=True,
                          exit_on_error=False, group="lock-wait")
        return
    try:
        step()
    finally:
        lock.release()


def _wait(screen: Screen[Any], lock: FileLock, wait: LockWaitScreen,
          step: Callable[[], None]) -> None:
    """The worker: try the lock until it is free or the wait is cancelled."""
    from filelock import Timeout

    while not wait.cancelled.is_set():
        try:
            lock.acquire(timeout=POLL_SECONDS)
        except Timeout:
            continue
        if wait.cancelled.is_set():
            lock.release()
            return
        screen.app.call_from_thread(_run, screen, lock, wait, step)
        return


def _run(screen: Screen[Any], lock: FileLock, wait: LockWaitScreen,
         step: Callable[[], None]) -> None:
    """Back on the screen's thread, the lock held: close the notice, take the step, then
    let the keys typed meanwhile land in the order they were typed."""
    try:
        if wait.cancelled.is_set():
            return
        wait.cancelled.set()  # done waiting: Escape from now on is an ordinary key
        if wait.is_attached:
            wait.dismiss(None)
        step()
    finally:
        lock.release()
    for key in wait.typed:
        screen.app.post_message(events.Key(key.key, key.character))
