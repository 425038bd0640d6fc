"""Seat processes a test's server started are ended with the test, whatever it did.

A served game starts a process per seat; a test that fails (or a server that is stopped while
a seat is still starting) must not leave them behind for the rest of the run.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest


def _seat_processes(data_dir: Path) -> list[int]:
    """Process ids whose command line names ``data_dir`` (Linux's /proc; elsewhere none)."""
    found = []
    marker = str(data_dir).encode()
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):
            if int(entry.name) != os.getpid() and marker in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
    return found


@pytest.fixture(autouse=True)
def _no_seat_left_behind(tmp_path: Path) -> Iterator[None]:
    yield
    for pid in _seat_processes(tmp_path):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
