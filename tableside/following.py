"""Following other windows: what the CLI, a script or a second app appended to a game's
journal since this window last read it (offsets, the inode, a torn record cut), folded into
the session. ``OpenSession`` is one; it holds the journal and the session this reads into.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from saves.journal import (
    CHAIN_FIELD,
    JournalError,
    JournalFile,
    decode_line,
    line_hash,
    whole_line,
)
from tableside.basics import OutsideChange, TablesideError, _salvage, plain_error

if TYPE_CHECKING:
    from filelock import FileLock

    from saves.catalog import SessionInfo
    from tableside.api import Tableside
    from trackers.engine import Session


class JournalFollower:
    """Mixin: follows the journal of ``session`` for the records other windows write."""

    _table: Tableside
    _journal: JournalFile | None
    _seen: tuple[int, str, int]
    _records: list[dict[str, Any]]
    _closed: bool
    session: Session
    info: SessionInfo
    warnings: list[str]
    _closing: bool
    _folded: list[OutsideChange]

    @property
    def id(self) -> str:
        return self.info.id

    # --- other windows ---------------------------------------------------------------
    def lock(self) -> FileLock:
        """The game's lock (re-entrant in this process): a screen tries it before acting,
        so that a wait for another window is shown, never a frozen screen."""
        return self._table.store.lock(self.id)

    def open_elsewhere(self) -> list[str]:
        """The other windows that have this game open ("app 4121")."""
        return self._table.store.open_elsewhere(self.id)

    def refresh(self) -> list[OutsideChange]:
        """What other windows (the CLI, a script, a second app) recorded in this game since
        this one last looked, oldest first; an empty list when nothing changed. Cheap when
        nothing did (one ``stat``), so the app can call it every second. Afterwards the
        state, notes and history include those changes."""
        if self._closed:
            return []
        folded = self.folded_in()
        try:
            return folded + self._catch_up(locked=False)
        except (OSError, JournalError) as err:
            raise plain_error(err, f"reading what other windows did in {self.info.title}") \
                from err

    def catch_up(self) -> list[OutsideChange]:
        """Fold in what other windows recorded before this window writes; what it returns
        is kept for the screen as well (``folded_in``), which marks them as theirs."""
        changed = self.refresh()
        self._folded += changed
        return changed

    def folded_in(self) -> list[OutsideChange]:
        """What other windows recorded that this window's own last write folded in first
        (a screen marks them as theirs); each is handed on once, here or by ``refresh``."""
        folded, self._folded = self._folded, []
        return folded

    def outside_changed(self) -> bool:
        """Whether the journal holds records this window has not read yet (one ``stat``;
        safe from a watching thread: it only reads). ``refresh`` then folds them in."""
        if self._closed:
            return False
        if self._folded:
            return True  # an own write folded them in: the screen has not heard of them
        try:
            stat = os.stat(self._table.store.journal_path(self.id))
        except OSError:
            return False  # gone or unreadable: refresh says so when it is called
        journal = self._journal
        return stat.st_size != self._read_to[0] or (journal is not None
                                                    and stat.st_ino != journal.inode)

    @property
    def _read_to(self) -> tuple[int, str, int]:
        """How far this process has read the journal: bytes, the last line's hash, lines
        (for a writing window, where its own last record ended)."""
        if self._journal is not None:
            return self._journal.size, self._journal.last_hash, self._journal.lines
        return self._seen

    @_read_to.setter
    def _read_to(self, where: tuple[int, str, int]) -> None:
        self._seen = where
        if self._journal is not None:
            self._journal.moved_to(*where)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[list[OutsideChange]]:
        """Hold the session's lock, with what other windows wrote folded in first; yields
        those changes (an action is checked again against the state they left)."""
        if self._journal is None or (self._closed and not self._closing):
            raise TablesideError(f"{self.info.title}: opened read-only (or closed); nothing "
                                 "was recorded")
        try:
            with self._table.store.locked(self.id):
                try:
                    changed = self._catch_up(locked=True)
                    self._folded += changed  # refresh hands them on, as any other's
                    yield changed
                finally:  # this window's own records, kept also when the block refused
                    self._records += self._journal.appended
                    self._journal.appended.clear()
        except (OSError, JournalError) as err:
            raise plain_error(err, "the action could not be saved, so it was not done") \
                from err

    def _catch_up(self, locked: bool) -> list[OutsideChange]:
        """Fold in the records other windows appended since this process last read."""
        store = self._table.store
        size, last, lines = self._read_to
        path = store.journal_path(self.id)
        stat = os.stat(path)
        if stat.st_size == size and (self._journal is None
                                     or stat.st_ino == self._journal.inode):
            return []
        tail = None
        if self._journal is None or stat.st_ino == self._journal.inode:
            tail = store.read_tail(self.id, size)
        new: list[dict[str, Any]] | None = [] if tail is not None else None
        end = tail.rfind(b"\n") + 1 if tail is not None else 0
        for line in (tail[:end].split(b"\n")[:-1] if tail is not None else []):
            record = decode_line(line)
            if record is None or record.pop(CHAIN_FIELD, None) != last or new is None:
                new = None  # damaged or rewritten: read the whole journal again
                break
            new.append(record)
            last, lines = line_hash(line), lines + 1
        if new is None or (tail is not None and end < len(tail) and whole_line(tail[end:])):
            return self._reload(locked)  # damaged, rewritten, or a last line without newline
        if locked and tail is not None and end < len(tail):
            store.cut(self.id, size + end)  # a torn record of a window that was killed
        self._read_to = (size + end, last, lines)
        return self._take(new) if new else []

    def _take(self, new: list[dict[str, Any]], replace: bool = False) -> list[OutsideChange]:
        """Make ``new`` records (another window's) part of this session's history."""
        from trackers.engine import Event
        from trackers.engine.records import fold

        head = self.session.head
        records = new if replace else [*self._records, *new]
        events, final = fold(records)
        self.session.absorb(events, final)
        self._records = records
        if replace:
            return []
        changes: list[OutsideChange] = []
        for record in new:
            by, at = str(record.get("by", "")), str(record.get("at", ""))
            if record.get("t") == "do":
                event = Event.from_record(record)
                head = event.seq
                changes.append(OutsideChange(event.seq, self.session.describe(event), at,
                                             event.seq > final, by))
            elif record.get("t") == "head":
                to = int(record.get("head", 0))
                text = f"Undo back to action {to}" if to < head else f"Redo up to action {to}"
                head = to
                changes.append(OutsideChange(to, text, at, False, by, moved=True))
        return changes

    def _reload(self, locked: bool) -> list[OutsideChange]:
        """Read the whole journal again (another window repaired or rewrote it)."""
        store = self._table.store
        loaded = store.read(self.id)
        contents = loaded.contents
        records = _salvage(contents.records)
        if locked and loaded.needs_repair:
            contents = store.repair(self.id, loaded)
        before = len(self.session.events), self.session.head
        self.warnings += [w for w in loaded.warnings if w not in self.warnings]
        self._take(records, replace=True)
        if self._journal is not None:
            self._journal.close()
            self._journal = store.open_journal(self.id, contents, self._table.by)
            self.session.attach(self._journal)
        self._read_to = (contents.good_bytes, contents.last_hash, contents.lines)
        if (len(self.session.events), self.session.head) == before:
            return []
        return [OutsideChange(self.session.head, "The history was read again from the file",
                              "", False, "")]
