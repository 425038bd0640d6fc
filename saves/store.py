"""The data folder: the catalog, and per session a journal and a snapshot file.

Layout::

    <data dir>/catalog.json            sessions and settings (TinyDB, atomic writes)
    <data dir>/catalog.json.bak        the previous good catalog
    <data dir>/sessions/<id>.jsonl     the journal: every record of the session
    <data dir>/sessions/<id>.snap.json the state at some event, so opening is fast

All writes of a running app go through one Store (ARCHITECTURE: "write from one place").
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import atomic_write
from saves.catalog import Catalog, SessionInfo
from saves.journal import JournalContents, JournalError, JournalFile, read_journal

SNAPSHOT_FORMAT = 1


@dataclass
class LoadedJournal:
    """A journal read back, with what was repaired on the way."""

    contents: JournalContents
    snapshot: tuple[int, str, dict[str, Any]] | None
    warnings: list[str] = field(default_factory=list)


class Store:
    """Opens the data folder, repairing what it can and saying so in ``warnings``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sessions_dir = root / "sessions"
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        self.catalog = Catalog(root / "catalog.json")
        self.warnings: list[str] = list(self.catalog.warnings)
        if self.catalog.rebuild_needed:
            self._rebuild_catalog()

    # --- paths ------------------------------------------------------------------
    def journal_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.jsonl"

    def snapshot_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{session_id}.snap.json"

    # --- sessions -------------------------------------------------------------------
    def create(self, info: SessionInfo, header: dict[str, Any]) -> JournalFile:
        """Write the journal's header first, then list the session in the catalog."""
        journal = JournalFile.create(self.journal_path(info.id), {"session": info.id, **header})
        self.catalog.add_session(info)
        return journal

    def load(self, session_id: str) -> tuple[LoadedJournal, JournalFile]:
        """Read a session's journal (dropping a torn tail, keeping the good part of a
        damaged one) and open it for appending."""
        path = self.journal_path(session_id)
        if not path.exists():
            raise JournalError(f"{path}: the session's journal is missing")
        contents = read_journal(path)
        warnings: list[str] = []
        if contents.torn_tail:
            warnings.append(f"{path.name}: the last record was only half written (the app "
                            "stopped mid-save); it was dropped.")
        if contents.damage:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            kept = path.with_name(f"{path.name}.damaged-{stamp}")
            kept.write_bytes(path.read_bytes())
            JournalFile.rewrite(path, contents.header, contents.records)
            warnings.append(f"{contents.damage}; the {len(contents.records)} records before it "
                            f"were kept, and the damaged file was saved as {kept.name}.")
            contents.good_bytes = path.stat().st_size
        snapshot = self._read_snapshot(session_id)
        return LoadedJournal(contents, snapshot, warnings), JournalFile(path, contents.good_bytes)

    def write_snapshot(self, session_id: str, seq: int, digest: str,
                       state: dict[str, Any]) -> None:
        payload = {"format": SNAPSHOT_FORMAT, "seq": seq, "digest": digest, "state": state}
        atomic_write(self.snapshot_path(session_id), json.dumps(payload).encode())

    def _read_snapshot(self, session_id: str) -> tuple[int, str, dict[str, Any]] | None:
        # A snapshot only saves time: any problem with it means "replay from the start".
        try:
            data = json.loads(self.snapshot_path(session_id).read_text(encoding="utf-8"))
            if data.get("format") != SNAPSHOT_FORMAT:
                return None
            return int(data["seq"]), str(data["digest"]), dict(data["state"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def delete(self, session_id: str) -> None:
        self.catalog.remove_session(session_id)
        for path in (self.journal_path(session_id), self.snapshot_path(session_id)):
            path.unlink(missing_ok=True)

    def touch(self, session_id: str, updated: str, status: str | None = None) -> None:
        changes: dict[str, Any] = {"updated": updated}
        if status is not None:
            changes["status"] = status
        self.catalog.update_session(session_id, **changes)

    def _rebuild_catalog(self) -> None:
        """List every session whose journal header is readable (after catalog damage)."""
        known = {s.id for s in self.catalog.sessions()}
        found = 0
        for path in sorted(self.sessions_dir.glob("*.jsonl")):
            session_id = path.stem  # load() opens the journal by this name
            if session_id in known:
                continue
            try:
                header = read_journal(path).header
                setup = header.get("setup", {})
                info = SessionInfo(
                    id=session_id, game=str(header.get("game", "?")),
                    title=str(header.get("title", session_id)),
                    players=int(setup.get("players", 0)), created=str(header.get("created", "")),
                    updated=str(header.get("created", "")), status="in progress")
            except (JournalError, AttributeError, TypeError, ValueError):
                continue  # unreadable here; it says why when someone opens it
            self.catalog.add_session(info)
            found += 1
        if found:
            self.warnings.append(f"Found {found} saved game(s) missing from the list in their "
                                 "journals and listed them again.")

    def close(self) -> None:
        self.catalog.close()
