"""A seat's process started before its page asks for it, so the page is usable at once.

Starting a seat (Python, Textual, the game) takes a second or more on a busy laptop; a phone
that opens its link should not wait for it. ``WarmSeat`` is textual-serve's ``AppService``
whose output is held until a page takes it: the server keeps one ready per open seat, hands
it to the next connection (what it drew so far first, then the page's own size) and starts
the next one. Nothing of the token reaches the process: it is told its seat's number only.
"""

from __future__ import annotations

import re
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from tableside.textual_adapter import run_task

_PAINT = re.compile(rb"\x1b\[\d+;\d+H")  # a cursor move: the app is painting its screen


class WarmSeat(AppService):
    """A seat's process whose output waits in memory until ``attach``."""

    def __init__(self, command: str, download_manager: DownloadManager) -> None:
        self._held: list[tuple[str, Any]] = []
        self._closed_early = False
        self._drawn = False  # the app has sent its first frame: its driver is up
        self._page_size: tuple[int, int] | None = None  # the attached page's, latest
        super().__init__(command, write_bytes=self._hold_bytes, write_str=self._hold_str,
                         close=self._hold_close, download_manager=download_manager)

    async def _hold_bytes(self, data: bytes) -> None:
        self._held.append(("bytes", data))

    async def _hold_str(self, data: str) -> None:
        self._held.append(("str", data))

    async def _hold_close(self) -> None:
        self._closed_early = True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self._page_size = (width, height)
        await super().set_terminal_size(width, height)

    async def on_data(self, payload: bytes) -> None:
        """The app's first painted screen (cursor moves, not the start-up escapes before
        it) says it has taken its start-up size (80x24, from its environment). A page that
        came while it was still starting had its own size sent before that, and Textual may
        apply its start-up size after it: the page's size is sent again now, so a phone is
        never drawn for a terminal it is not."""
        await super().on_data(payload)
        if not self._drawn and _PAINT.search(payload):
            self._drawn = True
            if self._page_size is not None:
                await super().set_terminal_size(*self._page_size)

    @property
    def alive(self) -> bool:
        task = run_task(self)
        return task is not None and not task.done() and not self._closed_early

    async def attach(self, websocket: Any, width: int, height: int) -> None:
        """From now on the process talks to ``websocket``: what it drew, then its size."""
        self.remote_write_bytes = websocket.send_bytes
        self.remote_write_str = websocket.send_str

        async def close() -> None:
            await websocket.close()

        self.remote_close = close
        held, self._held = self._held, []
        for kind, data in held:
            await (websocket.send_bytes(data) if kind == "bytes" else websocket.send_str(data))
        await self.set_terminal_size(width, height)
