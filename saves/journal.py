"""A session's append-only journal: one record per line, each with its own checksum.

A line is ``<crc32 hex> <json>``. Appending writes one line, flushes and fsyncs, so an
action costs the same at event 10 and at event 10,000. A torn last line (a crash or a
kill mid-write) is detected by its missing newline or bad checksum and dropped; a bad
line anywhere else means the file was damaged, and the reader says which line.
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import atomic_write, fsync_folder

JOURNAL_FORMAT = 1


class JournalError(Exception):
    """The journal cannot be used as it is; the message names the file and what happened."""


class JournalTooNew(JournalError):
    """The journal was written by a newer Tableside."""


def encode_line(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    raw = body.encode()
    return b"%08x " % zlib.crc32(raw) + raw + b"\n"


def decode_line(line: bytes) -> dict[str, Any] | None:
    """The record on a line, or None when its checksum or JSON is bad."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    try:
        crc = int(line[:8], 16)
    except ValueError:
        return None
    raw = line[9:]
    if zlib.crc32(raw) != crc:
        return None
    try:
        record = json.loads(raw)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


@dataclass
class JournalContents:
    """What a journal held: its header, the good records, and what was wrong, if anything."""

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    good_bytes: int = 0  # length of the good part of the file
    torn_tail: bool = False  # a half-written last record was dropped
    damage: str | None = None  # a bad record before the end: what and where


def read_journal(path: Path) -> JournalContents:
    """Read every good record; raises JournalError when even the header is unusable."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise JournalError(f"{path}: cannot be read ({err.strerror})") from err
    lines = data.split(b"\n")
    # split leaves a final empty chunk after a complete last line; anything else is torn
    tail = lines.pop()
    header = decode_line(lines[0]) if lines else None
    if header is None or header.get("t") != "header":
        raise JournalError(f"{path}: not a Tableside journal (its first line is damaged)")
    if not isinstance(header.get("format"), int) or header["format"] > JOURNAL_FORMAT:
        raise JournalTooNew(
            f"{path}: written by a newer Tableside (journal format {header.get('format')}; "
            f"this version reads up to {JOURNAL_FORMAT}). Update Tableside to open it.")
    contents = JournalContents(header, good_bytes=len(lines[0]) + 1)
    for number, line in enumerate(lines[1:], start=2):
        record = decode_line(line)
        if record is None:
            if number == len(lines) and not tail:
                contents.torn_tail = True  # a last line with a bad checksum: torn
            else:
                contents.damage = f"{path}: line {number} is damaged"
            return contents
        contents.records.append(record)
        contents.good_bytes += len(line) + 1
    if tail:
        contents.torn_tail = True
    return contents


class JournalFile:
    """Appends records durably; cuts off a torn tail before the first append."""

    def __init__(self, path: Path, good_bytes: int | None = None) -> None:
        self.path = path
        self._handle = open(path, "r+b")  # noqa: SIM115 - kept open for the session's life
        if good_bytes is not None:
            self._handle.truncate(good_bytes)
        self._handle.seek(0, os.SEEK_END)

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> JournalFile:
        record = {"t": "header", "format": JOURNAL_FORMAT, **header}
        atomic_write(path, encode_line(record))
        return cls(path)

    @classmethod
    def rewrite(cls, path: Path, header: dict[str, Any], records: list[dict[str, Any]]) -> None:
        """Write a whole journal at once (used to keep the good part of a damaged one)."""
        atomic_write(path, b"".join(encode_line(r) for r in [header, *records]))
        fsync_folder(path.parent)

    def append(self, record: dict[str, Any]) -> None:
        self._handle.write(encode_line(record))
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()
