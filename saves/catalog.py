"""The catalog: one small TinyDB file listing sessions, an index of the journals.

It holds no moves (those live in the journals) and no settings (saves.settings), so it can
always be rebuilt from the journal headers and seals when it is lost or damaged. Every
change is a read-modify-write under ``catalog.json.lock``, so two processes creating games
at once lose none; every read goes to the file, so a list shown follows changes made in
other windows. It holds one row per game id: adding a game already listed replaces or keeps
its row, and rows doubled by an older Tableside are shown merged and written back merged
by the next window that writes.

The rows hold only what the list shows; the copies of each journal's header and chain head
that a damaged journal is checked against live beside it (``saves.copies``), so Home reads
a small file. A catalog of format 1 (the copies inside its rows) is brought up to date by
the first window that writes, and read as it is by one that only reads.
"""

from __future__ import annotations

import contextlib
import copy
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import Query, TinyDB

from saves.atomic import PRIVATE_FILE, AtomicJSONStorage, atomic_write, read_json
from saves.copies import KeptCopies, split

if TYPE_CHECKING:
    from filelock import FileLock

CATALOG_FORMAT = 2  # 2: the header and chain copies kept apart (saves.copies)


def merged(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    """Two rows of one game as one: the fields of the row updated last win, and a copy
    (header, chain) only one of them holds is kept."""
    older, newer = sorted((first, second), key=lambda r: str(r.get("updated") or ""))
    return dict(older) | {k: v for k, v in newer.items() if v is not None}


SESSION_FIELDS = ("id", "game", "title", "players", "created", "updated", "status", "mode")
LOCK_SECONDS = 30.0


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
    mode: str = ""  # the play mode's id ("coop"); empty: the game's first for the count


def info_from_row(row: Any) -> SessionInfo | None:
    """A row as a SessionInfo, each field coerced (a hand-edited ``"updated": null`` is
    read as empty, not a crash); None for a row without an id."""
    if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not row["id"]:
        return None
    # each field read inline (Home reads every row at start-up)
    game, title, created, updated, status, mode, players = (
        row.get("game"), row.get("title"), row.get("created"), row.get("updated"),
        row.get("status"), row.get("mode"), row.get("players"))
    created = created if isinstance(created, str) else ""
    # made without the frozen class's __init__ (one setattr call a field: half the cost of
    # reading Home's 500 rows); the fields are exactly the class's, as its __init__ sets them
    info = SessionInfo.__new__(SessionInfo)
    vars(info).update(
        id=row["id"], game=game if isinstance(game, str) else "?",
        title=title if isinstance(title, str) else row["id"],
        players=players if isinstance(players, int) and not isinstance(players, bool) else 0,
        created=created, updated=updated if isinstance(updated, str) and updated else created,
        status=status if isinstance(status, str) else "in progress",
        mode=mode if isinstance(mode, str) else "")
    return info


def _format_of(path: Path) -> int | None:
    """The catalog's format number, None if it has none; raises ValueError if unreadable.

    Valid JSON of the wrong shape counts as unreadable too: TinyDB would fail on it later,
    mid-game, with a traceback instead of a message.
    """
    data = read_json(path, copy=False)  # only read here
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    for name, table in data.items():
        if not isinstance(table, dict) or not all(isinstance(r, dict) for r in table.values()):
            raise ValueError(f"table {name!r} is not a set of records")
    meta = data.get("meta", {})
    rows = list(meta.values())
    return rows[0].get("format") if rows else None


class Catalog:
    """The list of sessions. ``warnings`` says what was repaired when it was opened.

    ``read_only`` (a read-only command, or a catalog from a newer Tableside) keeps every
    change in memory and never writes a file.
    """

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.backup = path.with_name(path.name + ".bak")
        self.warnings: list[str] = []
        self.rebuild_needed = False
        self.missing = False  # neither the catalog nor its backup was there
        self.read_only = read_only
        self._memory: TinyDB | None = None
        self._lock: FileLock | None = None  # made on the first write (start-up time)
        self._index: tuple[list[Any], dict[str, Any], int] | None = None
        self._format: int | None = None  # of the file opened
        self._open()
        self.copies = KeptCopies(path.with_name("catalog.copies.json"), self.read_only)
        if not self.read_only and self._format != CATALOG_FORMAT:
            with self.locked():
                self._bring_up_to_date()

    def _bring_up_to_date(self) -> None:
        """Give a new catalog its format, and move an older one's copies out of its rows
        (copies first: a kill between the two writes leaves them in both, never in
        neither). Under the lock."""
        storage = AtomicJSONStorage(self.path)
        data = storage.read() or {}
        meta = [r for r in data.get("meta", {}).values() if isinstance(r, dict)]
        if meta and meta[0].get("format") == CATALOG_FORMAT:
            return  # another window was first
        rows = data.get("sessions", {})
        listed: dict[str, Any] = {}
        kept: dict[str, dict[str, Any]] = {}
        # the row updated last wins where a game has two (as ``merged`` does)
        for key, row in sorted(rows.items(), key=lambda kv: str(
                kv[1].get("updated") or "") if isinstance(kv[1], dict) else ""):
            if not isinstance(row, dict):
                listed[key] = row
                continue
            listed[key], copies = split(row)
            if copies and isinstance(row.get("id"), str) and row["id"]:
                kept.setdefault(row["id"], {}).update(copies)
        if kept:
            self.copies.change(kept)
        ordered = {key: listed[key] for key in rows}  # the rows' own order
        storage.write(data | {"sessions": ordered, "meta": {"1": {"format": CATALOG_FORMAT}}})
        self._format = CATALOG_FORMAT

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the catalog lock (re-entrant) for a read-modify-write."""
        if self.read_only:
            yield
            return
        if self._lock is None:
            from filelock import FileLock  # imported late: reading needs no lock

            self._lock = FileLock(str(self.path) + ".lock", timeout=LOCK_SECONDS,
                                  mode=PRIVATE_FILE)
        with self._lock:
            yield

    def _db(self) -> TinyDB:
        # A fresh TinyDB for each change: its tables cache the next row id, which another
        # process may have taken meanwhile.
        if self._memory is not None:
            return self._memory
        return TinyDB(storage=AtomicJSONStorage, path=self.path)

    def _open(self) -> None:
        if not self.path.exists() and not self.backup.exists():
            self.missing = True
        for candidate in (self.path, self.backup):
            if not candidate.exists():
                continue
            try:
                fmt = self._format = _format_of(candidate)
            except (OSError, ValueError, UnicodeDecodeError):
                self._set_aside(candidate)
                continue
            if isinstance(fmt, int) and fmt > CATALOG_FORMAT:
                self.warnings.append(
                    f"{candidate} was written by a newer Tableside (catalog format {fmt}); it is "
                    "left untouched and changes to the list of games are kept only until you quit.")
                self._in_memory({})
                self.read_only = True
                self.rebuild_needed = True
                return
            if candidate is self.backup:
                self.warnings.append(f"Loaded the last good backup {self.backup}.")
                # The backup is one write behind: a session created last may be missing.
                self.rebuild_needed = True
                if self.read_only:
                    self._in_memory(json.loads(self.backup.read_text(encoding="utf-8")))
                else:
                    with self.locked():
                        atomic_write(self.path, self.backup.read_bytes())
            elif self.read_only:
                self._memory = None  # read the file each time, write nothing
            return
        if self.warnings:
            self.rebuild_needed = True
        if self.read_only:
            self._in_memory({})

    def _in_memory(self, data: dict[str, Any]) -> None:
        self._memory = TinyDB(storage=AtomicJSONStorage, path=self.path, read_only=True,
                              initial=data)

    def _set_aside(self, path: Path) -> None:
        if self.read_only:
            self.warnings.append(f"{path} is damaged and could not be read (left as it is: "
                                 "this command only reads).")
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        damaged = path.with_name(f"{path.name}.damaged-{stamp}")
        with self.locked(), contextlib.suppress(FileNotFoundError):  # another window was first
            path.replace(damaged)
        self.warnings.append(f"{path} was damaged and could not be read; it was kept as "
                             f"{damaged.name}.")

    # --- sessions ----------------------------------------------------------------
    def _rows(self) -> list[Any]:
        try:
            if self._memory is not None:
                return list(self._memory.table("sessions").all())
            # Read as TinyDB stores it, without its per-row wrapping (Home lists every row);
            # the rows are only read here (``row`` hands out a copy).
            try:
                tables = read_json(self.path, copy=False)
            except FileNotFoundError:
                return []
            return list(tables.get("sessions", {}).values())
        except (OSError, ValueError, UnicodeDecodeError, AttributeError, TypeError):
            return []  # damaged since it was opened: the next start repairs it

    def _by_id(self) -> dict[str, Any]:
        """The rows by session id, one per game (duplicates merged), made again only when
        the rows read are new (opening each of 500 games would otherwise scan the list 500
        times)."""
        return self._indexed()[1]

    def _indexed(self) -> tuple[list[Any], dict[str, Any], int]:
        """(the rows read, the rows by id, how many rows repeat an id)."""
        rows = self._rows()
        if self._index is None or len(rows) != len(self._index[0]) or any(
                a is not b for a, b in zip(rows, self._index[0], strict=True)):
            valid = [row for row in rows if isinstance(row, dict)
                     and isinstance(row.get("id"), str) and row["id"]]
            index = {row["id"]: row for row in valid}
            if len(index) != len(valid):  # doubled rows (rare): merge each game's rows
                index = {}
                for row in valid:
                    kept = index.get(row["id"])
                    index[row["id"]] = row if kept is None else merged(kept, row)
            self._index = (rows, index, len(valid) - len(index))
        return self._index

    def duplicates(self) -> int:
        """How many rows repeat a game already listed (a catalog an older Tableside wrote
        while two windows created games at once)."""
        return self._indexed()[2]

    def merge_duplicates(self) -> int:
        """Write the list back with one row per game (under the lock); returns how many
        rows were merged away. A read-only catalog only merges what it shows."""
        if self.read_only or not self.duplicates():
            return 0
        with self.locked():
            storage = self._db().storage
            data = storage.read() or {}
            rows = data.get("sessions", {})
            kept: dict[str, Any] = {}  # TinyDB's row key -> row, one per game id
            first: dict[str, str] = {}  # game id -> the row key it keeps
            for key, row in rows.items():
                game = row.get("id") if isinstance(row, dict) else None
                if not isinstance(game, str) or not game:
                    kept[key] = row
                elif game in first:
                    kept[first[game]] = merged(kept[first[game]], row)
                else:
                    first[game] = key
                    kept[key] = row
            extra = len(rows) - len(kept)
            if extra:
                storage.write(data | {"sessions": kept})  # one atomic write: all or none
            return extra

    def add_session(self, info: SessionInfo, *, replace: bool = True, **extra: Any) -> bool:
        """List a session, one row per game id: a row already there is replaced (``replace``)
        or kept as it is; ``extra`` keeps copies the journal can be checked against (kept
        apart: ``saves.copies``; one already held for a row not replaced stays). Returns
        whether the row was written. A read-only catalog keeps it in memory only."""
        row, kept = split(info.__dict__ | extra)
        if self.read_only and self._memory is None:
            try:
                self._in_memory(read_json(self.path))  # from now on, changes stay here
            except (OSError, ValueError, UnicodeDecodeError):
                self._in_memory({})
        with self.locked():
            table = self._db().table("sessions")
            listed = table.contains(Query().id == info.id)
            if listed and not replace:
                return False
            if kept:
                self.copies.change({info.id: kept}, keep=not replace)
            if listed:
                table.update(row, Query().id == info.id)  # one write, the row stays listed
            else:
                table.insert(row)
            return True

    def sessions(self) -> list[SessionInfo]:
        """One row per game (duplicates merged), as listed."""
        found = (info_from_row(row) for row in self._by_id().values())
        return [info for info in found if info is not None]

    def session_ids(self) -> set[str]:
        """The ids listed (cheaper than ``sessions`` when only the ids matter)."""
        return set(self._by_id())

    def row(self, session_id: str) -> dict[str, Any] | None:
        """The whole row of a session with its header and chain copies, or None."""
        row = self._by_id().get(session_id)
        if row is None:
            return None
        # a row of format 1 (a read-only window) still holds its own copies
        whole = dict(row)
        for name, kept in self.copies.of(session_id).items():
            if whole.get(name) is None:
                whole[name] = kept
        return copy.deepcopy(whole)  # the caller's own copy

    def session(self, session_id: str) -> SessionInfo | None:
        # the row itself (no copy): the info takes only its strings and numbers
        return info_from_row(self._by_id().get(session_id))

    def update_session(self, session_id: str, **changes: Any) -> None:
        listed, kept = split(changes)
        with self.locked():
            if kept:
                self.copies.change({session_id: kept})
            if listed:
                self._db().table("sessions").update(listed, Query().id == session_id)

    def remove_session(self, session_id: str) -> None:
        with self.locked():
            self._db().table("sessions").remove(Query().id == session_id)
            if session_id in self.copies.all():
                self.copies.change({session_id: None})

    # --- settings of catalogs written before saves.settings ---------------------------
    def old_settings(self) -> dict[str, Any]:
        """Settings an older Tableside kept in the catalog (moved to their own file)."""
        try:
            if self._memory is not None:
                rows = list(self._memory.table("settings").all())
            else:  # only read (a folder without settings.json asks at every start)
                rows = list(read_json(self.path, copy=False).get("settings", {}).values())
        except (OSError, ValueError, UnicodeDecodeError, AttributeError, TypeError):
            return {}
        return {str(r["key"]): r.get("value") for r in rows
                if isinstance(r, dict) and "key" in r}

    def close(self) -> None:
        pass
