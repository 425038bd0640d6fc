"""A session's append-only journal: one record per line, checksummed and chained by hash.

A line is ``<crc32 hex> <json>``. Every record after the header carries ``prev``, the
fingerprint (``line_hash``) of the line before it, so a record changed after it was
written, even with its checksum fixed, breaks the chain at the next line; the last line is
covered by the seal file kept beside the journal (saves.seal).

Appending is one ``os.write`` of the whole line on the raw descriptor, then ``fsync``: an
action costs the same at event 10 and at event 10,000, and a failed write is cut back off
so no partial record can surface later. Every append happens under the session's lock and
only when the file still ends where this process last saw it (another window may write
the same session). A torn last line (a kill mid-write) is one without its newline that
does not hold a whole record; a bad line anywhere else, or a whole last line whose
checksum fails, is named and skipped (left in the file as it is), and every record after it
that verifies is kept. CRLF line endings, a byte order mark and a missing final newline
(what copying and syncing do to text files) are read through.
"""

from __future__ import annotations

import errno
import json
import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves.atomic import PRIVATE_FILE, atomic_write

JOURNAL_FORMAT = 2  # 2: records chained by hash ("prev"); 1 had no chain
CHAIN_FIELD = "prev"


class JournalError(Exception):
    """The journal cannot be used as it is; the message names the file and what happened."""


class JournalTooNew(JournalError):
    """The journal was written by a newer Tableside."""


class HeaderDamaged(JournalError):
    """The journal's first line (game, setup, seed) cannot be read."""


class JournalMoved(JournalError):
    """Another window wrote to the journal since this process last read it."""


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


def line_hash(line: bytes) -> str:
    """The fingerprint of one journal line (without its newline) that the next line carries."""
    import hashlib  # here, not at the top: Home opens without it (start-up time)

    return hashlib.sha256(line.rstrip(b"\n")).hexdigest()[:32]


def header_line(header: dict[str, Any]) -> bytes:
    """The first line of a journal for ``header`` (the same bytes every time)."""
    return encode_line({**header, "t": "header"})


@dataclass
class JournalContents:
    """What a journal held: its header, the good records, and what was wrong, if anything."""

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)  # without their chain field
    line_numbers: list[int] = field(default_factory=list)  # the line of each record
    hashes: list[str] = field(default_factory=list)  # line_hash of every complete line
    good_bytes: int = 0  # where the next record goes (a torn tail is past it)
    torn_tail: bool = False  # a half-written last record was dropped
    damage: str | None = None  # the first bad record before the end: what and where
    lost: list[int] = field(default_factory=list)  # line numbers of records that failed
    breaks: list[str] = field(default_factory=list)  # records changed after they were written
    header_restored: bool = False  # the first line was damaged; a kept copy was used
    unterminated: bool = False  # the last line has no newline (the next append adds one)
    body_start: int = 0  # where line 2 begins in the file

    @property
    def last_hash(self) -> str:
        return self.hashes[-1] if self.hashes else ""

    @property
    def lines(self) -> int:
        return len(self.hashes)


def _describe(record: dict[str, Any] | None, number: int) -> str:
    if record and record.get("t") == "do" and "seq" in record:
        return f"line {number} (action {record['seq']}, {record.get('action', '?')})"
    if record and record.get("t") == "head":
        return f"line {number} (an undo or redo)"
    return f"line {number}"


BOM = b"\xef\xbb\xbf"  # what some editors put before the first line


def _text(line: bytes) -> bytes:
    """A line without the carriage return that CRLF line endings (a Windows editor, git's
    autocrlf, a sync tool) leave before its newline: the record itself is the same."""
    return line[:-1] if line.endswith(b"\r") else line


def _whole_json(line: bytes) -> bool:
    """Whether a line that fails its checksum still holds a whole JSON object: a byte changed
    after it was written, not a record a crash cut short (those end mid-object)."""
    raw = _text(line)[9:]
    try:
        return isinstance(json.loads(raw), dict)
    except (ValueError, UnicodeDecodeError):
        return False


def whole_line(line: bytes) -> bool:
    """Whether a last line without its newline holds a whole record (changed or not), not
    one a crash cut short."""
    return decode_line(_text(line)) is not None or _whole_json(line)


def read_journal(path: Path, header_copy: dict[str, Any] | None = None,
                 data: bytes | None = None) -> JournalContents:
    """Read every good record; raises JournalError when even the header is unusable.

    ``header_copy`` (the header kept in the catalog, the seal or the snapshot) stands in
    for a damaged first line; it is exact when its line hashes to what line 2 carries.
    CRLF line endings, a byte order mark and a missing final newline are read through.
    """
    if data is None:
        try:
            data = path.read_bytes()
        except OSError as err:
            raise JournalError(f"{path}: cannot be read ({err.strerror})") from err
    start = len(BOM) if data.startswith(BOM) else 0
    raw = data[start:].split(b"\n")
    lines = list(raw)
    # split leaves a final empty chunk after a complete last line; anything else is a last
    # line without its newline: a whole record (an editor dropped the newline), a whole but
    # changed one, or a record a crash cut short (torn)
    tail = lines.pop()
    unterminated = False
    if tail and whole_line(tail):
        lines.append(tail)
        tail, unterminated = b"", True
    lines = [_text(line) for line in lines]
    ends = [len(line) for line in raw]  # with any carriage return
    header = decode_line(lines[0]) if lines else None
    restored = False
    first_len = ends[0] if lines else 0
    if header is None or header.get("t") != "header":
        if not header_copy:
            raise HeaderDamaged(f"{path}: not a Tableside journal (its first line is damaged)")
        header, restored = dict(header_copy), True
        lines[0:1] = [header_line(header).rstrip(b"\n")] if lines else []
    if not isinstance(header.get("format"), int) or header["format"] > JOURNAL_FORMAT:
        raise JournalTooNew(
            f"{path}: written by a newer Tableside (journal format {header.get('format')}; "
            f"this version reads up to {JOURNAL_FORMAT}). Update Tableside to open it.")
    contents = JournalContents(header, hashes=[line_hash(lines[0])] if lines else [],
                               header_restored=restored)
    chained = header["format"] >= 2
    offset = start + first_len + 1 if lines else start
    contents.body_start = offset
    previous: dict[str, Any] | None = header
    known = True  # whether the previous line's fingerprint can be trusted
    for number, line in enumerate(lines[1:], start=2):
        record = decode_line(line)
        if record is None:
            contents.lost.append(number)
            contents.damage = contents.damage or f"{path}: line {number} is damaged"
            contents.hashes.append(line_hash(line))
            offset += ends[number - 1] + 1
            previous, known = None, False
            continue
        prev = record.pop(CHAIN_FIELD, None)
        expected = contents.hashes[-1]
        if known and (prev != expected if (chained or prev is not None) else False):
            contents.breaks.append(f"{_describe(previous, number - 1)} was changed after it "
                                   "was written (the record after it no longer matches)")
        contents.records.append(record)
        contents.line_numbers.append(number)
        contents.hashes.append(line_hash(line))
        offset += ends[number - 1] + 1
        previous, known = record, True
    if unterminated:
        offset -= 1  # no newline after the last line: the next record writes one first
    contents.good_bytes = offset
    contents.unterminated = unterminated
    if tail:
        contents.torn_tail = True
    return contents


def describe_line(contents: JournalContents, number: int) -> str:
    """``line N (action K, advance)`` for a line of ``contents``, as messages name it."""
    if number in contents.line_numbers:
        return _describe(contents.records[contents.line_numbers.index(number)], number)
    return f"line {number}"


class JournalFile:
    """Appends records durably at the end this process last read.

    ``guard`` is called before every append (the store's check that the session lock is
    held and the file has not grown); ``after`` once the record is durable (the seal).
    """

    def __init__(self, path: Path, size: int, last_hash: str, lines: int, *, by: str = "",
                 guard: Callable[[JournalFile], None] | None = None,
                 after: Callable[[JournalFile], None] | None = None) -> None:
        self.path = path
        self.size = size
        self.last_hash = last_hash
        self.lines = lines
        self.by = by
        self._guard = guard
        self._after = after
        self.appended: list[dict[str, Any]] = []  # records written, for the owner to take
        self._fd: int | None = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> bytes:
        """Write a new journal holding only ``header``; returns its line."""
        line = header_line({**header, "format": JOURNAL_FORMAT})
        atomic_write(path, line, exclusive=True)
        return line

    @classmethod
    def rewrite(cls, path: Path, header: dict[str, Any],
                records: list[dict[str, Any]]) -> tuple[int, str, int]:
        """Write a whole journal at once, chained afresh; returns (size, last hash, lines)."""
        first = header_line({**header, "format": JOURNAL_FORMAT})
        out, last = [first], line_hash(first)
        for record in records:
            line = encode_line({**record, CHAIN_FIELD: last})
            out.append(line)
            last = line_hash(line)
        data = b"".join(out)
        atomic_write(path, data)
        return len(data), last, len(out)

    def append(self, record: dict[str, Any]) -> None:
        """Write one record and make it durable; on any failure no byte of it stays."""
        if self._fd is None:
            raise JournalError(f"{self.path}: the session was closed")
        if self._guard is not None:
            self._guard(self)
        if self.by and "by" not in record:
            record = {**record, "by": self.by}
        line = encode_line({**record, CHAIN_FIELD: self.last_hash})
        fd = self._fd
        try:
            os.lseek(fd, self.size, os.SEEK_SET)
            written = os.write(fd, line)
            if written != len(line):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            os.fsync(fd)
        except OSError:
            try:  # cut back what was written: a record reported failed must never reappear
                os.ftruncate(fd, self.size)
                os.fsync(fd)
            except OSError:
                pass
            raise
        self.size += len(line)
        self.last_hash = line_hash(line)
        self.lines += 1
        self.appended.append(record)
        if self._after is not None:
            self._after(self)

    @property
    def inode(self) -> int:
        """The file this descriptor writes to (another window's repair replaces the file)."""
        if self._fd is None:
            return -1
        return os.fstat(self._fd).st_ino

    def moved_to(self, size: int, last_hash: str, lines: int) -> None:
        """Take in what another window appended (the file now ends at ``size``)."""
        self.size, self.last_hash, self.lines = size, last_hash, lines

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


__all__ = ["JOURNAL_FORMAT", "PRIVATE_FILE", "HeaderDamaged", "JournalContents", "JournalError",
           "JournalFile", "JournalMoved", "JournalTooNew", "decode_line", "describe_line",
           "encode_line", "header_line", "line_hash", "read_journal", "whole_line"]
