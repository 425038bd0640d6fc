"""The catalog: one small TinyDB file listing sessions, plus settings.

It holds no moves (those live in the journals), so it can always be rebuilt from the
journal headers when it is damaged and its backup is too.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB

from saves.atomic import AtomicJSONStorage, atomic_write

CATALOG_FORMAT = 1
SESSION_FIELDS = ("id", "game", "title", "players", "created", "updated", "status")


@dataclass(frozen=True)
class SessionInfo:
    """A row of the Resume list. No field of it ever holds a secret."""

    id: str
    game: str
    title: str
    players: int
    created: str
    updated: str
    status: str


def _format_of(path: Path) -> int | None:
    """The catalog's format number, None if it has none; raises ValueError if unreadable.

    Valid JSON of the wrong shape counts as unreadable too: TinyDB would fail on it later,
    mid-game, with a traceback instead of a message.
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    for name, table in data.items():
        if not isinstance(table, dict) or not all(isinstance(r, dict) for r in table.values()):
            raise ValueError(f"table {name!r} is not a set of records")
    meta = data.get("meta", {})
    rows = list(meta.values())
    return rows[0].get("format") if rows else None


class Catalog:
    """Sessions and settings. ``warnings`` says what was repaired when it was opened."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.warnings: list[str] = []
        self.rebuild_needed = False
        self.read_only = False
        self.db = self._open()
        if not self.db.table("meta").all() and not self.read_only:
            self.db.table("meta").insert({"format": CATALOG_FORMAT})

    def _open(self) -> TinyDB:
        backup = self.path.with_name(self.path.name + ".bak")
        for candidate in (self.path, backup):
            if not candidate.exists():
                continue
            try:
                fmt = _format_of(candidate)
            except (OSError, ValueError, UnicodeDecodeError):
                self._set_aside(candidate)
                continue
            if isinstance(fmt, int) and fmt > CATALOG_FORMAT:
                self.warnings.append(
                    f"{candidate} was written by a newer Tableside (catalog format {fmt}); it is "
                    "left untouched and changes to the list of games are kept only until you quit.")
                self.read_only = True
                self.rebuild_needed = True
                return TinyDB(storage=AtomicJSONStorage, path=self.path, read_only=True,
                              initial={})
            if candidate is backup:
                self.warnings.append(f"Loaded the last good backup {backup}.")
                atomic_write(self.path, backup.read_bytes())
                # The backup is one write behind: a session created last may be missing.
                self.rebuild_needed = True
            return TinyDB(storage=AtomicJSONStorage, path=self.path)
        if self.warnings:
            self.rebuild_needed = True
        return TinyDB(storage=AtomicJSONStorage, path=self.path)

    def _set_aside(self, path: Path) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        damaged = path.with_name(f"{path.name}.damaged-{stamp}")
        path.replace(damaged)
        self.warnings.append(f"{path} was damaged and could not be read; it was kept as "
                             f"{damaged.name}.")

    # --- sessions ----------------------------------------------------------------
    def add_session(self, info: SessionInfo) -> None:
        self.db.table("sessions").insert(info.__dict__)

    def sessions(self) -> list[SessionInfo]:
        rows = self.db.table("sessions").all()
        return [SessionInfo(**{k: row[k] for k in SESSION_FIELDS}) for row in rows
                if all(k in row for k in SESSION_FIELDS)]

    def session(self, session_id: str) -> SessionInfo | None:
        row = self.db.table("sessions").get(Query().id == session_id)
        if not isinstance(row, dict):
            return None
        return SessionInfo(**{k: row[k] for k in SESSION_FIELDS})

    def update_session(self, session_id: str, **changes: Any) -> None:
        self.db.table("sessions").update(changes, Query().id == session_id)

    def remove_session(self, session_id: str) -> None:
        self.db.table("sessions").remove(Query().id == session_id)

    # --- settings ------------------------------------------------------------------
    def get_setting(self, key: str, default: Any = None) -> Any:
        row = self.db.table("settings").get(Query().key == key)
        return row["value"] if isinstance(row, dict) else default

    def set_setting(self, key: str, value: Any) -> None:
        self.db.table("settings").upsert({"key": key, "value": value}, Query().key == key)

    def close(self) -> None:
        self.db.close()
