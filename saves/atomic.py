"""Crash-safe file writes, and a TinyDB storage built on them.

TinyDB's own JSONStorage rewrites its file in place, so a crash mid-write leaves JSON
that will not load (tinydb issues #467, #301, #383). Ours writes a temporary file in the
same folder, flushes and fsyncs it, swaps it in with ``os.replace`` and fsyncs the folder:
after a crash the file is either the old version or the new one, never half of each.
"""

from __future__ import annotations

import contextlib
import errno
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


PRIVATE_FILE = 0o600  # files of the data folder: the journal holds chosen secrets
PRIVATE_FOLDER = 0o700
TMP_SUFFIX = ".tmp"


def temp_name(path: Path) -> Path:
    """The temporary file ``atomic_write`` uses for ``path`` (names the writing process)."""
    return path.with_name(f".{path.name}.{os.getpid()}{TMP_SUFFIX}")


def atomic_write(path: Path, data: bytes, *, exclusive: bool = False, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file whole.

    The file is created private to the user. ``exclusive`` refuses to replace a file that
    exists (FileExistsError). ``durable=False`` skips the fsyncs, for files that are only a
    cross-check of a durable one (a kill still leaves the old or the new file whole).
    """
    tmp = temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0),
                 PRIVATE_FILE)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        if exclusive:
            try:
                os.link(tmp, path)  # fails if ``path`` exists; atomic like replace
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                if path.exists():
                    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST),
                                          str(path)) from None
                os.replace(tmp, path)
            else:
                os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_folder(path.parent)


def make_private(path: Path, mode: int = PRIVATE_FILE) -> None:
    """Best effort: narrow an existing file's or folder's mode (no-op where there are none)."""
    with contextlib.suppress(OSError, NotImplementedError):
        if path.exists() and (path.stat().st_mode & 0o777) & ~mode:
            path.chmod(mode)


# The last parse of each JSON file read, by path, with the file's identity when it was read.
# Opening Home reads the catalog several times (format check, repairs, the list); with
# hundreds of games each parse is felt. A write elsewhere replaces the file (``os.replace``:
# a new inode), so an unchanged identity is an unchanged file.
_PARSED: dict[Path, tuple[tuple[int, int, int], Any]] = {}


def read_json(path: Path, *, copy: bool = True) -> Any:
    """The parsed contents of ``path``, parsed again only when the file changed.

    Callers get their own copy of the top two levels (tables and their rows), the levels
    TinyDB changes in place before writing; deeper values are shared and never changed.
    ``copy=False`` hands out the kept parse itself, for a caller that only reads it.
    Raises OSError, ValueError or UnicodeDecodeError like reading and ``json.loads``.
    """
    stat = path.stat()
    identity = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
    cached = _PARSED.get(path)
    if cached is None or cached[0] != identity:
        data = json.loads(path.read_bytes().decode("utf-8"))
        _PARSED[path] = (identity, data)
    else:
        data = cached[1]
    return _copy_two_levels(data) if copy else data


def _copy_two_levels(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    return {key: ({k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
                  if isinstance(value, dict) else value) for key, value in data.items()}


def forget_parsed(path: Path | None = None) -> None:
    """Parse ``path`` (None: every file) afresh at its next read (benchmarks time a first
    read as a new process would)."""
    if path is None:
        _PARSED.clear()
    else:
        _PARSED.pop(path, None)


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
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return None
        if not isinstance(data, dict):
            raise ValueError("the catalog is not a JSON object")
        return data

    def write(self, data: dict[str, Any]) -> None:
        if self.read_only:
            self._memory = data
            return
        payload = json.dumps(data, indent=1, sort_keys=True).encode()
        forget_parsed(self.path)
        if self.path.exists():
            # The file on disk loaded fine (or we wrote it), so it is the last good copy.
            atomic_write(self.backup, self.path.read_bytes())
        atomic_write(self.path, payload)

    def close(self) -> None:
        pass
