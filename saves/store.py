"""The data folder: the catalog, the settings, and per session a journal with its seal.

Layout::

    <data dir>/catalog.json             the list of sessions (an index; rebuilt if lost)
    <data dir>/catalog.copies.json      the catalog's copies of each journal's header and
                                        chain head, kept apart from the list Home reads
    <data dir>/settings.json            settings and board profiles (atomic, with a .bak)
    <data dir>/sessions/<id>.jsonl      the journal: every record of the session (the truth)
    <data dir>/sessions/<id>.seal.json  the journal's chain head, header and title
    <data dir>/sessions/<id>.snap.json  the state at some event, so opening is fast
    <data dir>/sessions/<id>.lock       held while a record is appended (any process)
    <data dir>/sessions/<id>.open-<pid>-<n>  a window that has the session open

The folders are private to the user (0700) and every file 0600, where the platform has
modes. A read-only store (``read_only=True``) reads the same files and writes none. The
repairs made on opening are in ``saves.opening``; the marks of open windows in
``saves.open_marks``.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves import opening
from saves.atomic import PRIVATE_FILE, PRIVATE_FOLDER, atomic_write, make_private
from saves.catalog import Catalog, SessionInfo
from saves.journal import (
    HeaderDamaged,
    JournalContents,
    JournalError,
    JournalFile,
    JournalMoved,
    header_line,
    read_journal,
)
from saves.open_marks import OpenMarks
from saves.seal import Seal, check_against, read_seal, write_head, write_seal
from saves.settings import Settings

if TYPE_CHECKING:
    from filelock import FileLock

SNAPSHOT_FORMAT = 1
LOCK_SECONDS = 20.0  # a window waits this long for another one to finish its append
# One re-entrant lock per session file for the threads of this process (see Store.locked).
_THREADS: dict[str, threading.RLock] = {}
_THREADS_GUARD = threading.Lock()


class SessionBusy(JournalError):
    """Another window held the session's lock too long, or has the session open."""


@dataclass
class LoadedJournal:
    """A journal read back, with what was found wrong on the way."""

    contents: JournalContents
    snapshot: tuple[int, str, dict[str, Any]] | None
    warnings: list[str] = field(default_factory=list)
    seal: Seal | None = None
    needs_repair: bool = False  # a torn tail, a lost line or a restored header to write back
    new_breaks: bool = False  # tampering or damage found that the seal does not record yet
    # (a writer records it: later edits cannot hide it; a reader only reports it)


class Store:
    """Opens the data folder, repairing what it can and saying so in ``warnings``."""

    def __init__(self, root: Path, read_only: bool = False) -> None:
        self.root = root
        self.read_only = read_only
        self.sessions_dir = root / "sessions"
        if not read_only:
            # An existing folder is narrowed only when it is ours (never a shared folder a
            # user pointed --data-dir at by mistake).
            ours = not root.exists() or self.sessions_dir.is_dir() or \
                (root / "catalog.json").exists()
            root.mkdir(parents=True, exist_ok=True, mode=PRIVATE_FOLDER)
            self.sessions_dir.mkdir(exist_ok=True, mode=PRIVATE_FOLDER)
            if ours:
                make_private(root, PRIVATE_FOLDER)
            make_private(self.sessions_dir, PRIVATE_FOLDER)
            if not self.sessions_dir.is_dir():
                raise NotADirectoryError(20, "not a folder", str(self.sessions_dir))
        self.catalog = Catalog(root / "catalog.json", read_only=read_only)
        self.settings = Settings(root / "settings.json", read_only=read_only)
        self.warnings: list[str] = list(self.catalog.warnings)
        self._seals: dict[str, Seal] = {}
        self.open_marks = OpenMarks(self.sessions_dir, read_only)
        self._migrate_settings()
        in_sessions = opening.folder_names(self.sessions_dir)
        if not read_only:
            opening.remove_leftovers(self, in_sessions)
        self.find_unlisted(in_sessions)
        self.settings.all()  # read once now: a damaged file is said at opening, not later
        self.warnings += self.settings.warnings

    # --- paths ------------------------------------------------------------------
    def journal_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.jsonl"

    def snapshot_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.snap.json"

    def seal_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.seal.json"

    def lock_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.lock"

    # --- the session lock ----------------------------------------------------------
    def lock(self, session_id: str) -> FileLock:
        """The session's lock (one per process and session; re-entrant)."""
        from filelock import FileLock  # imported late: Home opens without it

        return FileLock(str(self.lock_path(session_id)), timeout=LOCK_SECONDS,
                        mode=PRIVATE_FILE, thread_local=False, is_singleton=True)

    @contextlib.contextmanager
    def locked(self, session_id: str) -> Iterator[None]:
        """The session's lock: other processes wait on the file, this process's other
        threads on ``_THREADS`` (the file lock is one re-entrant object per process, which
        would let two threads in at once)."""
        from filelock import Timeout

        path = str(self.lock_path(session_id))
        with _THREADS_GUARD:
            gate = _THREADS.setdefault(path, threading.RLock())
        if not gate.acquire(timeout=LOCK_SECONDS):
            raise SessionBusy(f"{self.journal_path(session_id).name}: another window kept "
                              f"the game busy for {LOCK_SECONDS:.0f} seconds; try again")
        try:
            with self.lock(session_id):
                yield
        except Timeout as err:
            raise SessionBusy(f"{self.journal_path(session_id).name}: another window kept "
                              f"the game busy for {LOCK_SECONDS:.0f} seconds; try again") from err
        finally:
            gate.release()

    def _guard(self, session_id: str, journal: JournalFile) -> None:
        if not self.lock(session_id).is_locked:
            raise JournalError(f"{journal.path}: a record may only be added under the "
                               "session's lock (use the OpenSession methods)")
        size = os.stat(journal.path).st_size
        if size != journal.size:
            raise JournalMoved(f"{journal.path}: another window wrote to this game "
                               f"({size - journal.size:+d} bytes) since it was read")

    # --- sessions -------------------------------------------------------------------
    def create(self, info: SessionInfo, header: dict[str, Any], by: str = "") -> JournalFile:
        """Write the journal's header and seal, then list the session in the catalog, all
        under the catalog's lock (no other window lists the new journal as unlisted
        meanwhile). If any of it fails (a full disk), nothing is left behind: a game
        reported as not created has no journal that would later show up."""
        path = self.journal_path(info.id)
        made = False
        with self.catalog.locked():
            try:
                line = JournalFile.create(path, {"session": info.id, **header})
                made = True
                contents = read_journal(path, data=line)
                seal = Seal(1, contents.last_hash, contents.header, info.title)
                write_seal(self.seal_path(info.id), seal)
                self.catalog.add_session(info, header=contents.header,
                                         chain={"lines": 1, "head": contents.last_hash})
            except BaseException:
                for leftover in (path, self.seal_path(info.id)) if made else ():
                    with contextlib.suppress(OSError):
                        leftover.unlink()
                raise
        self._seals[info.id] = seal
        return self.open_journal(info.id, contents, by)

    def read(self, session_id: str) -> LoadedJournal:
        """Read a session's journal and check it against its seal; writes nothing."""
        path = self.journal_path(session_id)
        if not path.exists():
            raise JournalError(f"{path}: the session's journal is missing")
        row = self.catalog.row(session_id) or {}
        seal = read_seal(self.seal_path(session_id))
        snapshot_header, snapshot = self.read_snapshot(session_id)
        copies = [c for c in (row.get("header"), seal.header if seal else None,
                              snapshot_header) if isinstance(c, dict)]
        try:
            contents = read_journal(path)
        except HeaderDamaged as err:
            contents = self._with_header_copy(path, copies, err)
        warnings: list[str] = []
        if contents.torn_tail:
            warnings.append(f"{path.name}: the last record was only half written (the app "
                            "stopped mid-save); it was dropped.")
        seal = seal or Seal(0, "", None, None)
        damage = [f"line {n} is damaged (its checksum does not match): its record cannot be "
                  "read and stays in the file as it is" for n in contents.lost]
        if contents.header_restored:
            damage.append("its first line (game, setup, seed) was damaged; it was restored "
                          "from the copy kept in the catalog, seal or snapshot")
        earlier = [text for text in seal.damage if text not in damage]
        for text in [*damage, *earlier]:
            if text not in seal.dismissed:
                warnings.append(f"{path.name}: {text}.")
        if contents.lost and any(text not in seal.dismissed for text in damage):
            warnings.append(f"{path.name}: the {len(contents.records)} records that verify "
                            "were used.")
        found = list(contents.breaks)
        if seal.lines:
            # a torn last record that was sealed is reported as torn, not as removed
            sealed = seal.lines - 1 if contents.torn_tail and seal.lines == contents.lines + 1 \
                else seal.lines
            problem = None if sealed != seal.lines else check_against(
                contents, seal.lines, seal.head, "the seal beside it")
        else:
            chain = row.get("chain")
            chain = chain if isinstance(chain, dict) else {}
            problem = check_against(contents, int(chain.get("lines", 0) or 0),
                                    str(chain.get("head", "")), "the copy in the catalog")
        if problem:
            found.append(problem)
        earlier_breaks = [b for b in seal.breaks if b not in found]
        for text in [*found, *earlier_breaks]:
            if text not in seal.dismissed:
                warnings.append(f"{path.name}: {text}. A secret revealed from this journal "
                                "proves nothing.")
        new = any(b not in seal.breaks for b in found) or \
            any(d not in seal.damage for d in damage)
        seal.breaks = [*earlier_breaks, *found]
        seal.damage = [*earlier, *damage]
        seal.header = contents.header
        if not seal.title:
            seal.title = str(row.get("title") or contents.header.get("title") or "")
        return LoadedJournal(contents, snapshot, warnings, seal,
                             needs_repair=contents.torn_tail or contents.unterminated
                             or contents.header_restored, new_breaks=new)

    def dismiss(self, session_id: str) -> list[str]:
        """Mark every break and damage the seal keeps as seen by the table: they are said no
        more (and stay kept). Returns what was dismissed. Under the session's lock."""
        with self.locked(session_id):
            seal = read_seal(self.seal_path(session_id))
            if seal is None:
                return []
            fresh = [t for t in [*seal.breaks, *seal.damage] if t not in seal.dismissed]
            seal.dismissed += fresh
            write_seal(self.seal_path(session_id), seal)
            if session_id in self._seals:
                self._seals[session_id].dismissed = list(seal.dismissed)
        return fresh

    def _with_header_copy(self, path: Path, copies: list[dict[str, Any]],
                          err: HeaderDamaged) -> JournalContents:
        """Read a journal whose first line is damaged with a kept copy of its header."""
        if not copies:
            raise JournalError(f"{err} and no copy of it survives (catalog, seal, snapshot): "
                               "the game cannot be replayed without its seed, so it was not "
                               "opened. The file is left as it is.") from err
        best = None
        for copy in copies:
            contents = read_journal(path, header_copy=copy)
            if not contents.breaks or not contents.breaks[0].startswith("line 1 "):
                return contents  # line 2 carries exactly this header's fingerprint
            best = best or contents
        assert best is not None
        return best

    def repair(self, session_id: str, loaded: LoadedJournal) -> JournalContents:
        """Write back what reading found, never dropping a line that holds a record: cut a
        torn tail (a record a crash cut short, never reported saved), end a last line
        that lost its newline, and write a damaged first line back from the kept copy
        (the damaged file kept beside it). A damaged record stays in the file as it is.
        Call under the lock."""
        path = self.journal_path(session_id)
        contents = loaded.contents
        if contents.header_restored:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = path.with_name(f"{path.name}.damaged-{stamp}")
            data = path.read_bytes()
            atomic_write(kept, data)
            rest = data[contents.body_start:contents.good_bytes]
            end = b"\n" if contents.unterminated else b""
            atomic_write(path, header_line(contents.header) + rest + end)
            loaded.warnings.append(f"{path.name}: the damaged file was saved as {kept.name}.")
        else:
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
            try:
                if contents.torn_tail:
                    os.ftruncate(fd, contents.good_bytes)
                if contents.unterminated:
                    os.lseek(fd, contents.good_bytes, os.SEEK_SET)
                    os.write(fd, b"\n")
                os.fsync(fd)
            finally:
                os.close(fd)
        again = read_journal(path)
        again.breaks = []  # already reported, and kept in the seal
        if loaded.seal is not None:
            loaded.seal.lines, loaded.seal.head = again.lines, again.last_hash
            self._seals[session_id] = loaded.seal
            write_seal(self.seal_path(session_id), loaded.seal)
        return again

    def open_journal(self, session_id: str, contents: JournalContents,
                     by: str = "") -> JournalFile:
        """The journal opened for appending at the end ``contents`` was read to."""
        path = self.journal_path(session_id)
        make_private(path)
        return JournalFile(path, contents.good_bytes, contents.last_hash, contents.lines,
                           by=by, guard=lambda j: self._guard(session_id, j),
                           after=lambda j: self._sealed(session_id, j))

    def remember_seal(self, session_id: str, seal: Seal | None) -> None:
        if seal is not None:
            self._seals[session_id] = seal

    def _sealed(self, session_id: str, journal: JournalFile) -> None:
        seal = self._seals.setdefault(session_id, Seal(0, ""))
        seal.lines, seal.head = journal.lines, journal.last_hash
        # The record is durable already: a seal left a record behind (a full disk) reads as
        # "records added since", never as damage, so the action stays done.
        with contextlib.suppress(OSError):
            write_head(self.seal_path(session_id), seal)

    def reseal(self, session_id: str) -> None:
        """Write the seal as kept in memory (after a load found it missing or changed)."""
        seal = self._seals.get(session_id)
        if seal is not None and not self.read_only:
            write_seal(self.seal_path(session_id), seal)

    def read_tail(self, session_id: str, offset: int) -> bytes | None:
        """The journal's bytes from ``offset`` on; None when the file is now shorter."""
        with open(self.journal_path(session_id), "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < offset:
                return None
            handle.seek(offset)
            return handle.read()

    def cut(self, session_id: str, size: int) -> None:
        """Cut a torn record (a window killed mid-write) off the journal; under the lock."""
        fd = os.open(self.journal_path(session_id), os.O_WRONLY)
        try:
            if os.fstat(fd).st_size > size:
                os.ftruncate(fd, size)
                os.fsync(fd)
        finally:
            os.close(fd)

    # --- snapshots ------------------------------------------------------------------
    def write_snapshot(self, session_id: str, seq: int, digest: str,
                       state: dict[str, Any], header: dict[str, Any] | None = None) -> None:
        payload = {"format": SNAPSHOT_FORMAT, "seq": seq, "digest": digest, "state": state,
                   "header": header}
        atomic_write(self.snapshot_path(session_id), json.dumps(payload).encode())

    def read_snapshot(self, session_id: str) -> tuple[
            dict[str, Any] | None, tuple[int, str, dict[str, Any]] | None]:
        # A snapshot only saves time: any problem with it means "replay from the start".
        try:
            data = json.loads(self.snapshot_path(session_id).read_text(encoding="utf-8"))
            if data.get("format") != SNAPSHOT_FORMAT:
                return None, None
            header = data.get("header") if isinstance(data.get("header"), dict) else None
            return header, (int(data["seq"]), str(data["digest"]), dict(data["state"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None, None

    # --- who has a session open (saves.open_marks) ------------------------------------
    def mark_open(self, session_id: str, by: str) -> Path | None:
        """Say that this process has the session open (best effort); returns the mark."""
        return self.open_marks.mark(session_id, by)

    def unmark_open(self, mark: Path | None) -> None:
        self.open_marks.unmark(mark)

    def open_elsewhere(self, session_id: str) -> list[str]:
        """The other live processes that have the session open ("app 4121")."""
        return self.open_marks.elsewhere(session_id)

    def delete(self, session_id: str) -> None:
        """Delete a session's files, then its row; refused while another window has it open."""
        with self.locked(session_id):
            others = self.open_elsewhere(session_id)
            if others:
                raise SessionBusy(f"the game is open in another window ({', '.join(others)}); "
                                  "close it there first")
            for path in (self.journal_path(session_id), self.snapshot_path(session_id),
                         self.seal_path(session_id)):
                path.unlink(missing_ok=True)
            self.catalog.remove_session(session_id)
        self.lock_path(session_id).unlink(missing_ok=True)

    def touch(self, session_id: str, updated: str, status: str | None = None,
              chain: tuple[int, str] | None = None) -> None:
        changes: dict[str, Any] = {"updated": updated}
        if status is not None:
            changes["status"] = status
        if chain is not None:
            changes["chain"] = {"lines": chain[0], "head": chain[1]}
        self.catalog.update_session(session_id, **changes)

    def rename(self, session_id: str, title: str) -> None:
        self.catalog.update_session(session_id, title=title)
        seal = read_seal(self.seal_path(session_id))
        if seal is not None and not self.read_only:
            with self.locked(session_id):
                seal = read_seal(self.seal_path(session_id)) or seal
                seal.title = title
                write_seal(self.seal_path(session_id), seal)
                if session_id in self._seals:
                    self._seals[session_id].title = title

    # --- repairs on opening --------------------------------------------------------------
    def _migrate_settings(self) -> None:
        """Settings an older Tableside kept in the catalog move to settings.json, once."""
        if self.settings.exists:
            return
        old = self.catalog.old_settings()
        if old:
            self.settings.update(old)

    def find_unlisted(self, in_sessions: list[str] | None = None) -> None:
        """List every journal the catalog does not (saves.opening.find_unlisted)."""
        opening.find_unlisted(self, in_sessions)

    def close(self) -> None:
        self.open_marks.close()
        self.catalog.close()
