"""The copies the catalog keeps of each journal's header and chain head, in a file of
their own (``catalog.copies.json``, with a ``.bak`` one write behind).

They are what a damaged journal is checked against and restored from (with the seal and
the snapshot); Home lists games without them, so the list it reads stays small. Every
change is made under the catalog's lock by the catalog itself; a read-only catalog keeps
its changes in memory.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from saves.atomic import AtomicJSONStorage, read_json

COPY_FIELDS = ("header", "chain")  # a row's fields kept here, not in the list Home reads
COPIES_FORMAT = 1


class KeptCopies:
    """The copies by game id: ``{"header": {...}, "chain": {"lines": n, "head": h}}``."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.backup = path.with_name(path.name + ".bak")
        self.read_only = read_only
        self._memory: dict[str, Any] | None = None

    def _read(self, path: Path) -> dict[str, Any] | None:
        """The copies in ``path``; None if it is missing or damaged."""
        try:
            data = read_json(path, copy=False)  # only read here
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        copies = data.get("copies") if isinstance(data, dict) else None
        return copies if isinstance(copies, dict) else None

    def all(self) -> dict[str, Any]:
        """Every game's copies (the file's, else its backup's; none if both are lost)."""
        if self._memory is not None:
            return self._memory
        found = self._read(self.path)
        if found is None:
            found = self._read(self.backup)
        return found if found is not None else {}

    def of(self, session_id: str) -> dict[str, Any]:
        kept = self.all().get(session_id)
        return kept if isinstance(kept, dict) else {}

    def change(self, changes: Mapping[str, dict[str, Any] | None], *,
               keep: bool = False) -> None:
        """Set each game's copies (None: forget the game); ``keep`` leaves a copy already
        held as it is. Call under the catalog's lock."""
        copies = dict(self.all())
        for session_id, fields in changes.items():
            if fields is None:
                copies.pop(session_id, None)
                continue
            old = copies.get(session_id)
            old = old if isinstance(old, dict) else {}
            copies[session_id] = (fields | old) if keep else (old | fields)
        if self.read_only:
            self._memory = copies
            return
        if self.path.exists() and self._read(self.path) is None:
            # damaged: kept aside, so that the backup stays the last good copy
            stamp = time.strftime("%Y%m%d-%H%M%S")
            with contextlib.suppress(OSError):
                self.path.replace(self.path.with_name(f"{self.path.name}.damaged-{stamp}"))
        AtomicJSONStorage(self.path).write({"format": COPIES_FORMAT, "copies": copies})


def split(row: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A row as (the fields listed, the copies kept apart)."""
    listed = {k: v for k, v in row.items() if k not in COPY_FIELDS}
    kept = {k: row[k] for k in COPY_FIELDS if row.get(k) is not None}
    return listed, kept
