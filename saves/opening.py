"""Repairs made when the data folder is opened: temporary files a kill left behind, journals
the list of games lost (a lost catalog, a kill during create) listed again, duplicate rows
merged. Each repair is said in the store's ``warnings``; a read-only store repairs nothing on
disk and says what the next writing command will do."""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves.atomic import TMP_SUFFIX
from saves.catalog import SessionInfo
from saves.journal import JournalError, read_journal
from saves.open_marks import pid_alive
from saves.seal import read_seal

if TYPE_CHECKING:
    from saves.store import Store

FRESH_SECONDS = 10.0  # an unlisted journal this young is a game being created elsewhere


def folder_names(folder: Path) -> list[str]:
    """The file names in ``folder`` (one listing, in no order; none if it cannot be read):
    with hundreds of games, one listing as text is felt less than globs of Paths, and
    sorting the 2,000 names of 500 games at every start is felt too."""
    try:
        return os.listdir(folder)
    except OSError:
        return []


def remove_leftovers(store: Store, in_sessions: list[str]) -> None:
    """Temporary files of writes that a kill interrupted (their process is gone)."""
    tmp_name = re.compile(r"^\..*\.(\d+)" + re.escape(TMP_SUFFIX) + "$")
    mark_name = re.compile(r"\.open-(\d+)-\d+$")
    for folder, names in ((store.root, folder_names(store.root)),
                          (store.sessions_dir, in_sessions)):
        # nearly every name is a journal, a seal or a snapshot: left out in one pass
        for name in [n for n in names if n.endswith(TMP_SUFFIX) or ".open-" in n]:
            match = tmp_name.search(name) or (
                mark_name.search(name) if folder is store.sessions_dir else None)
            if match and not pid_alive(int(match.group(1))):
                with contextlib.suppress(OSError):
                    (folder / name).unlink()  # a kill's leftover, or a killed window's mark


def find_unlisted(store: Store, in_sessions: list[str] | None = None) -> None:
    """List every journal the catalog does not (a lost catalog, a kill during create).

    A writing store adds them under the catalog's lock, checking again there (another
    window may be creating that very game); a read-only one lists them in memory only.
    """
    names = folder_names(store.sessions_dir) if in_sessions is None else in_sessions
    known = store.catalog.session_ids()
    # one set difference over the 2,000 names of 500 games, not a test of each in Python
    unlisted = {name for name in names if name.endswith(".jsonl")}.difference(
        [f"{session_id}.jsonl" for session_id in known])
    journals = sorted(name[:-len(".jsonl")] for name in unlisted)
    found = 0
    if journals:
        with store.catalog.locked():
            known = store.catalog.session_ids()  # read again: under the lock now
            for session_id in journals:
                if session_id in known:
                    continue
                info, header = _unlisted_info(store, session_id)
                if info is not None and store.catalog.add_session(info, replace=False,
                                                                 header=header) \
                        and not _being_created(store, session_id):
                    found += 1
    if found:
        how = ("was missing" if store.catalog.missing
               else "did not list them" if not store.catalog.rebuild_needed
               else "was rebuilt")
        kept = " (shown only: this command writes nothing; the next one that writes " \
            "lists them for good)" if store.read_only else ""
        store.warnings.append(f"Found {found} saved game(s) missing from the list in their "
                             f"journals and listed them again (the list {how}){kept}.")
    merged = store.catalog.duplicates() if store.read_only else \
        store.catalog.merge_duplicates()
    if merged:
        done = "shown once each (this command writes nothing; the next one that writes " \
            "repairs the list)" if store.read_only else "merged into one row each"
        store.warnings.append(f"The list of games held {merged} duplicate row(s) of games "
                             f"already listed; {done}.")


def _being_created(store: Store, session_id: str) -> bool:
    """Whether an unlisted journal is a game another window is creating right now (a
    reader takes no lock: it may look between the journal and the catalog row). It is
    shown all the same, without a warning about a list that is not wrong. A lost or
    damaged list is always said."""
    if not store.read_only or store.catalog.missing or store.catalog.rebuild_needed:
        return False
    try:
        age = time.time() - store.journal_path(session_id).stat().st_mtime
    except OSError:
        return False
    return age < FRESH_SECONDS


def _unlisted_info(store: Store, session_id: str) -> tuple[SessionInfo | None, dict[str, Any]]:
    """A catalog row for a journal the catalog does not list, read from its header (or
    the seal's or snapshot's copy of it); None when none can be read."""
    path = store.journal_path(session_id)
    seal = read_seal(store.seal_path(session_id))
    try:
        header = read_journal(path).header
    except (JournalError, OSError):
        copy = seal.header if seal is not None else None
        header = copy or store.read_snapshot(session_id)[0] or {}
        if not header:
            return None, {}  # unreadable here; it says why when someone opens it
    try:
        setup = header.get("setup", {})
        created = str(header.get("created", ""))
        info = SessionInfo(
            id=session_id, game=str(header.get("game", "?")),
            title=str((seal.title if seal else None) or header.get("title", session_id)),
            players=int(setup.get("players", 0)), created=created,
            updated=_modified(path) or created, status="in progress",
            mode=str(setup.get("mode", "")))
    except (AttributeError, TypeError, ValueError):
        return None, {}
    return info, header


def _modified(path: Path) -> str:
    try:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""
