"""Who has a session open: a mark file per window (``<id>.open-<pid>-<n>``), so a game is
not deleted under a window that shows it. A mark whose process is gone (a killed window) is
removed when seen."""

from __future__ import annotations

import contextlib
import os
import re
import sys
from pathlib import Path

from saves.atomic import atomic_write


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` is running (assumed so where that cannot be asked)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would not just ask on Windows
        import ctypes

        kernel = ctypes.windll.kernel32
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        try:
            kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        finally:
            kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


class OpenMarks:
    """This process's marks in ``sessions_dir`` (none made when read-only)."""

    def __init__(self, sessions_dir: Path, read_only: bool) -> None:
        self.sessions_dir = sessions_dir
        self.read_only = read_only
        self._marks: dict[str, Path] = {}
        self._made = 0

    def mark(self, session_id: str, by: str) -> Path | None:
        """Say that this process has the session open (best effort); returns the mark."""
        if self.read_only:
            return None
        self._made += 1
        mark = self.sessions_dir / f"{session_id}.open-{os.getpid()}-{self._made}"
        try:
            atomic_write(mark, by.encode(), durable=False)
        except OSError:
            return None
        self._marks[str(mark)] = mark
        return mark

    def unmark(self, mark: Path | None) -> None:
        if mark is not None:
            self._marks.pop(str(mark), None)
            with contextlib.suppress(OSError):
                mark.unlink()

    def elsewhere(self, session_id: str) -> list[str]:
        """The other live processes that have the session open ("app 4121")."""
        found = []
        for mark in self.sessions_dir.glob(f"{session_id}.open-*"):
            match = re.fullmatch(re.escape(session_id) + r"\.open-(\d+)-\d+", mark.name)
            if not match:
                continue
            pid = int(match.group(1))
            if pid == os.getpid():
                continue
            if not pid_alive(pid):
                if not self.read_only:
                    with contextlib.suppress(OSError):
                        mark.unlink()  # left by a window that was killed
                continue
            try:
                by = mark.read_text(encoding="utf-8").strip()
            except OSError:
                by = ""
            found.append(by or f"process {pid}")
        return found

    def close(self) -> None:
        for mark in list(self._marks.values()):
            self.unmark(mark)
