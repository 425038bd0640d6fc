"""Helpers for the browser tests: Debian's chromium driven by Playwright, and a seat's page
read as a player's device receives it (every websocket frame, escape codes stripped).

Skips with the reason when Playwright or a chromium binary is missing (``.ci/run`` installs
both; Playwright's own browser download is never used: it drives the system chromium by its
path, ``$TABLESIDE_CHROMIUM`` or the first ``chromium`` on the PATH).
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
from collections.abc import Callable
from typing import Any

import pytest

ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-_]")
RESIZE = re.compile(r'"resize",\s*\{"width":\s*(?P<width>\d+),\s*"height":\s*(?P<height>\d+)')
CURSOR = re.compile(r"\x1b\[\d+;(\d+)H")
WAIT = 60.0  # seconds a condition may take on a busy 2-core machine; never asserted as speed


def chromium_path() -> str:
    """The system chromium, or skip the test saying what is missing."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        pytest.skip("Playwright for Python is not installed (pip install -e '.[test]')")
    path = os.environ.get("TABLESIDE_CHROMIUM") or shutil.which("chromium") \
        or shutil.which("chromium-browser")
    if not path:
        pytest.skip("no chromium on this machine (Debian: apt-get install chromium; .ci/run "
                    "does it), or set TABLESIDE_CHROMIUM to its path")
    return path


def launch_args() -> list[str]:
    # As root (CI) chromium refuses its sandbox; the pages are our own, on localhost.
    return ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]


class Traffic:
    """Everything a page's websockets carried to the page, as text."""

    def __init__(self) -> None:
        self.raw: list[str] = []
        self.sockets = 0
        self.page_size: tuple[int, int] | None = None  # the page's terminal, as it said

    def attach(self, page: Any) -> None:
        def opened(ws: Any) -> None:
            self.sockets += 1
            ws.on("framereceived", self._frame)
            ws.on("framesent", self._sent)

        page.on("websocket", opened)

    def _sent(self, payload: Any) -> None:
        found = RESIZE.search(str(payload))
        if found:
            self.page_size = (int(found["width"]), int(found["height"]))

    def widest_column(self, since: int = 0) -> int:
        """The rightmost column the app moved the cursor to, in what came after frame
        ``since``: never more than the page's own width, when the app knows its size."""
        columns = [int(m[1]) for m in CURSOR.finditer("".join(self.raw[since:]))]
        return max(columns, default=0)

    def _frame(self, payload: Any) -> None:
        if isinstance(payload, bytes | bytearray):
            self.raw.append(bytes(payload).decode("utf-8", "replace"))
        else:
            self.raw.append(str(payload))

    @property
    def text(self) -> str:
        return ESCAPES.sub("", "".join(self.raw))


async def until(condition: Callable[[], bool], what: str, timeout: float = WAIT,
                show: Callable[[], str] | None = None) -> None:
    """Wait for ``condition`` (checked every 0.1 s); fail naming ``what`` after ``timeout``
    (and what ``show`` says, e.g. the last of a page's text)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            seen = f"; saw: {show()!r}" if show else ""
            raise AssertionError(f"waited {timeout:.0f} s for: {what}{seen}")
        await asyncio.sleep(0.1)


_TOKEN = re.compile(r"\x1b\[([0-9;?<>=]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                    r"|\x1b[@-_]|[^\x1b]", re.S)


class Grid:
    """The page's terminal as its player sees it now: what the app drew, cell by cell
    (cursor moves and characters; colours ignored), fed from a page's ``Traffic``."""

    def __init__(self, traffic: Traffic) -> None:
        self.traffic = traffic
        self.cells: dict[tuple[int, int], str] = {}
        self.row = self.col = 0
        self._fed = 0

    def _feed(self) -> None:
        frames, self._fed = self.traffic.raw[self._fed:], len(self.traffic.raw)
        for found in _TOKEN.finditer("".join(frames)):
            token = found.group(0)
            if token.startswith("\x1b["):
                if found.group(2) == "H":
                    parts = (found.group(1) or "").split(";")
                    self.row = int(parts[0] or 1) - 1
                    self.col = int(parts[1] or 1) - 1 if len(parts) > 1 else 0
            elif token.startswith("\x1b"):
                continue
            elif token == "\n":
                self.row, self.col = self.row + 1, 0
            elif token == "\r":
                self.col = 0
            else:
                self.cells[(self.row, self.col)] = token
                self.col += 1

    def lines(self) -> list[str]:
        self._feed()
        if not self.cells:
            return []
        rows = max(r for r, _ in self.cells) + 1
        cols = max(c for _, c in self.cells) + 1
        return ["".join(self.cells.get((r, c), " ") for c in range(cols)) for r in range(rows)]

    @property
    def text(self) -> str:
        return "\n".join(self.lines())

    def find(self, words: str) -> tuple[int, int] | None:
        """The cell (row, column) where ``words`` begin on screen now, the topmost first."""
        for row, line in enumerate(self.lines()):
            column = line.find(words)
            if column >= 0:
                return row, column
        return None


async def tap(page: Any, traffic: Traffic, row: int, column: int) -> None:
    """A tap (a click) on the terminal's cell at ``row``, ``column``."""
    box = await page.locator(".xterm-screen").bounding_box()
    assert box is not None and traffic.page_size is not None
    columns, rows = traffic.page_size
    await page.mouse.click(box["x"] + (column + 0.5) * box["width"] / columns,
                           box["y"] + (row + 0.5) * box["height"] / rows)


async def tap_on(page: Any, traffic: Traffic, words: str, what: str) -> None:
    """Wait for ``words`` on the page's screen, then tap their middle."""
    grid = Grid(traffic)
    await until(lambda: grid.find(words) is not None, what, show=lambda: grid.text[-1500:])
    found = grid.find(words)
    assert found is not None
    await tap(page, traffic, found[0], found[1] + len(words) // 2)
