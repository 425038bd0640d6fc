"""Moving a data folder: one zip file with its games, board profiles and settings, imported
rulebooks and the app's keys, and bringing it back into another data folder.

Secrets stay sealed in the file: their owners' PINs are still needed to open them. Not
carried: locks, the marks of open windows, temporary files, caches and ``serve/`` (the seats'
pages and logs). Restoring overwrites nothing unasked: a game already in the folder is
refused by its id; replacing settings that differ, or rulebooks the folder imported itself,
needs ``replace``; the folder's own app key is kept beside the backup's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sqlite3
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import PRIVATE_FILE, atomic_write
from saves.catalog import info_from_row
from tableside import vault
from tableside.basics import TablesideError, now, plain_error

BACKUP_FORMAT = 1
MANIFEST = "tableside-backup.json"
LIBRARY = "references.sqlite3"
SESSION_FILES = (".jsonl", ".seal.json", ".snap.json")
# the only names a backup may hold: nothing lands outside the data folder
GAME_ID = r"[A-Za-z0-9_-]+"
_NAME = re.compile(rf"^(sessions/{GAME_ID}\.(jsonl|seal\.json|snap\.json)|keys/app(-[0-9a-f]+)?"
                   r"\.key|settings\.json|references\.sqlite3|tableside-backup\.json)$")


@dataclass
class Backup:
    """What a backup file holds, read back."""

    games: list[dict[str, Any]]  # catalog rows (id, game, title, ... header, chain)
    files: dict[str, bytes]
    created: str = ""


@dataclass
class RestorePlan:
    """What restoring a backup into a folder would do, and what it needs asked first."""

    games: list[str] = field(default_factory=list)  # "Title (game id)" to bring in
    present: list[str] = field(default_factory=list)  # game ids the folder already has
    to_ask: list[str] = field(default_factory=list)  # what would be replaced
    keys: list[str] = field(default_factory=list)  # how each key of the backup is kept


def write_backup(root: Path, target: Path, game: str | None = None) -> list[str]:
    """Write the data folder ``root`` (or the one game ``game``) into ``target`` (a zip,
    0600, written whole or not at all). Returns the titles of the games written."""
    from tableside.api import Tableside

    if not (root / "sessions").is_dir():
        raise TablesideError(f"{root}: no Tableside data folder here (no sessions folder)")
    table = Tableside(root, read_only=True)
    try:
        rows = [table.store.catalog.row(s.id) or {} for s in table.sessions()]
        if game is not None:
            rows = [row for row in rows if row.get("id") == game]
            if not rows:
                raise TablesideError(f"game: no saved game with id {game!r} "
                                     "(tableside saves list shows them)")
        files: dict[str, bytes] = {}
        for row in rows:
            with table.store.locked(row["id"]):  # no window is half-way through a record
                for suffix in SESSION_FILES:
                    path = root / "sessions" / f"{row['id']}{suffix}"
                    if path.exists():
                        files[f"sessions/{path.name}"] = path.read_bytes()
        for raw in dict.fromkeys(_held_keys(root)):  # every distinct key, its own first
            name = "keys/app.key" if "keys/app.key" not in files else \
                f"keys/{_restored_name(raw)}"
            files[name] = raw
        if game is None:
            settings = root / "settings.json"
            if settings.exists():
                files["settings.json"] = settings.read_bytes()
            library = _library_copy(root)
            if library is not None:
                files[LIBRARY] = library
    finally:
        table.close()
    manifest = {"format": BACKUP_FORMAT, "created": now(), "games": rows}
    _write_zip(target, files, manifest)
    return [str(row.get("title", row["id"])) for row in rows]


def _library_copy(root: Path) -> bytes | None:
    """The rulebook library as one consistent file (SQLite's backup), None when there is
    none; the data folder is only read."""
    path = root / LIBRARY
    if not path.exists():
        return None
    from references.store import connect

    source = connect(root, read_only=True)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / LIBRARY
        target = sqlite3.connect(copy)
        try:
            source.backup(target)
        finally:
            target.close()
            source.close()
        return copy.read_bytes()


def _write_zip(target: Path, files: dict[str, bytes], manifest: dict[str, Any]) -> None:
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
    try:
        with os.fdopen(fd, "wb") as handle, \
                zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False))
            for name, data in sorted(files.items()):
                archive.writestr(name, data)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def read_backup(source: Path) -> Backup:
    """A backup file read back and checked: its format, and every name in it."""
    try:
        with zipfile.ZipFile(source) as archive:
            names = archive.namelist()
            bad = [n for n in names if not _NAME.match(n)]
            if bad or MANIFEST not in names:
                raise TablesideError(f"{source}: not a Tableside backup (it holds "
                                     f"{bad[0] if bad else 'no ' + MANIFEST})")
            manifest = json.loads(archive.read(MANIFEST))
            files = {n: archive.read(n) for n in names if n != MANIFEST}
    except (zipfile.BadZipFile, ValueError, KeyError) as err:
        raise TablesideError(f"{source}: not a Tableside backup ({err})") from err
    except OSError as err:
        raise plain_error(err, f"{source} cannot be read") from err
    if not isinstance(manifest, dict) or manifest.get("format") != BACKUP_FORMAT:
        raise TablesideError(f"{source}: a backup format this version does not read "
                             f"({manifest.get('format') if isinstance(manifest, dict) else '?'})")
    games = [row for row in manifest.get("games", []) if info_from_row(row) is not None
             and re.fullmatch(GAME_ID, row["id"])]
    return Backup(games, files, str(manifest.get("created", "")))


def plan_restore(root: Path, backup: Backup) -> RestorePlan:
    """What restoring ``backup`` into ``root`` does; writes nothing."""
    plan = RestorePlan()
    listed = _listed(root)
    for row in backup.games:
        journal = root / "sessions" / f"{row['id']}.jsonl"
        if row["id"] in listed or journal.exists():
            plan.present.append(row["id"])
        plan.games.append(f"{row.get('title', row['id'])} ({row['id']})")
    if "settings.json" in backup.files:
        differ = sorted(k for k, v in _settings(backup.files["settings.json"]).items()
                        if k in (mine := _current_settings(root)) and mine[k] != v)
        if differ:
            plan.to_ask.append(f"settings: {len(differ)} value(s) differ from this folder's "
                               f"({', '.join(differ)}); the backup's would replace them")
    if LIBRARY in backup.files:
        books = _imported_rulebooks(root)
        if books:
            plan.to_ask.append(f"rulebooks: this folder imported {books} rulebook(s) of its "
                               "own; the backup's library would replace them")
    held = set(_held_keys(root))
    for name, raw in sorted(backup.files.items()):
        if name.startswith("keys/"):
            place = _key_place(root, name, raw, held)
            plan.keys.append(f"{name}: " + (
                "this folder holds it already" if place is None else
                "becomes this folder's app key" if place.name == "app.key" else
                f"kept as keys/{place.name} beside this folder's own key"))
    return plan


def _held_keys(root: Path) -> list[bytes]:
    """Every key (32 bytes) the folder's key files hold, its own first."""
    found = []
    for path in vault.key_files(root):
        with contextlib.suppress(OSError):
            raw = path.read_bytes()
            if len(raw) == 32:
                found.append(raw)
    return found


def _key_place(root: Path, name: str, raw: bytes, held: set[bytes]) -> Path | None:
    """Where a key of the backup goes in ``root``: None when the folder holds it already;
    its ``app.key`` when the folder has none; else a name of its own beside it."""
    if raw in held:
        return None
    own = root / "keys" / "app.key"
    if name == "keys/app.key" and not held and not own.exists():
        return own
    return root / "keys" / _restored_name(raw)


def _restored_name(raw: bytes) -> str:
    return f"app-{hashlib.sha256(raw).hexdigest()[:12]}.key"


def restore(root: Path, backup: Backup, *, replace: bool = False) -> RestorePlan:
    """Bring ``backup`` into the data folder ``root``. Refused, writing nothing, when a game
    is already there, or when something would be replaced and ``replace`` is not given."""
    from tableside.api import Tableside

    plan = plan_restore(root, backup)
    if plan.present:
        raise TablesideError(f"restore: this folder already has the game(s) "
                             f"{', '.join(plan.present)}; nothing was restored (delete them "
                             "here first, or restore into another folder)")
    if plan.to_ask and not replace:
        raise TablesideError("restore: it would replace " + "; ".join(plan.to_ask)
                             + ". Nothing was restored (confirm with --yes)")
    table = Tableside(root)  # makes the folder when there is none
    try:
        held = set(_held_keys(root))
        for name, raw in sorted(backup.files.items()):
            place = _key_place(root, name, raw, held) if name.startswith("keys/") else None
            if place is not None:
                place.parent.mkdir(mode=0o700, exist_ok=True)
                atomic_write(place, raw, exclusive=True)
                held.add(raw)
        vault.keep_copies(root)
        # each game's seal and snapshot first, its journal last, then its row
        for row in backup.games:
            for suffix in (".seal.json", ".snap.json", ".jsonl"):
                name = f"sessions/{row['id']}{suffix}"
                if name in backup.files:
                    atomic_write(root / name, backup.files[name], exclusive=True)
            info = info_from_row(row)
            assert info is not None
            extra = {k: row[k] for k in ("header", "chain") if k in row}
            table.store.catalog.add_session(info, replace=False, **extra)
        if "settings.json" in backup.files:
            values = _settings(backup.files["settings.json"])
            mine = table.store.settings.all()
            table.store.settings.update(values if replace else
                                        {k: v for k, v in values.items() if k not in mine})
        if LIBRARY in backup.files:
            atomic_write(root / LIBRARY, backup.files[LIBRARY])
            for leftover in ("-wal", "-shm"):  # a log of the library replaced
                (root / (LIBRARY + leftover)).unlink(missing_ok=True)
    except OSError as err:
        raise plain_error(err, "restore: a file could not be written") from err
    finally:
        table.close()
    return plan


def _listed(root: Path) -> set[str]:
    if not (root / "sessions").is_dir():
        return set()
    from tableside.api import Tableside

    table = Tableside(root, read_only=True)
    try:
        return {s.id for s in table.sessions()}
    finally:
        table.close()


def _settings(data: bytes) -> dict[str, Any]:
    try:
        loaded = json.loads(data.decode("utf-8"))
        values = loaded.get("settings") if isinstance(loaded, dict) else None
    except (ValueError, UnicodeDecodeError):
        return {}
    return dict(values) if isinstance(values, dict) else {}


def _current_settings(root: Path) -> dict[str, Any]:
    path = root / "settings.json"
    try:
        return _settings(path.read_bytes())
    except OSError:
        return {}


def _imported_rulebooks(root: Path) -> int:
    """How many rulebooks the folder imported itself (the built-in cards aside)."""
    if not (root / LIBRARY).exists():
        return 0
    from references.store import connect

    try:
        conn = connect(root, read_only=True)
    except Exception:  # a damaged library: replacing it loses no book it can show
        return 0
    try:
        row = conn.execute("SELECT count(*) FROM books WHERE kind = 'rulebook'").fetchone()
    except sqlite3.Error:
        return 0
    finally:
        conn.close()
    return int(row[0]) if row else 0
