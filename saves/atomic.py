"""Crash-safe file writes, and a TinyDB storage built on them.

TinyDB's own JSONStorage rewrites its file in place, so a crash mid-write leaves JSON
that will not load (tinydb issues #467, #301, #383). Ours writes a temporary file in the
same folder, flushes and fsyncs it, swaps it in with ``os.replace`` and fsyncs the folder:
after a crash the file is either the old version or the new one, never half of each.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tinydb.storages import Storage


def fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file whole."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    fsync_folder(path.parent)


class AtomicJSONStorage(Storage):
    """A TinyDB storage that writes with ``atomic_write`` and keeps the last good copy.

    ``read_only`` keeps every change in memory: used when the file on disk belongs to a
    newer Tableside and must not be overwritten.
    """

    def __init__(self, path: str | Path, read_only: bool = False,
                 initial: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak")
        self.read_only = read_only
        self._memory: dict[str, Any] | None = initial

    def read(self) -> dict[str, Any] | None:
        if self._memory is not None:
            return self._memory
        if not self.path.exists():
            return None
        data = json.loads(self.path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("the catalog is not a JSON object")
        return data

    def write(self, data: dict[str, Any]) -> None:
        if self.read_only:
            self._memory = data
            return
        payload = json.dumps(data, indent=1, sort_keys=True).encode()
        if self.path.exists():
            # The file on disk loaded fine (or we wrote it), so it is the last good copy.
            atomic_write(self.backup, self.path.read_bytes())
        atomic_write(self.path, payload)

    def close(self) -> None:
        pass
