"""Reading a file a person named on the command line: a regular file, of a sane size.

``/dev/zero`` never ends, a FIFO waits for a writer forever, a folder is not a file: each is
refused by what ``stat`` says before anything is read, and even a regular file is read at
most ``cap + 1`` bytes (it may grow between ``stat`` and ``read``).
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO


class FileRefused(ValueError):
    """A file that is not read; the message names it and says why."""


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / 1024 / 1024:.1f} MB".replace(".0 MB", " MB")
    if n >= 1024:
        return f"{n // 1024} KB"
    return f"{n} bytes"


def check_regular(path: str | os.PathLike[str], cap: int) -> int:
    """The size of ``path`` if it is a regular file of at most ``cap`` bytes; else refused."""
    name = os.fspath(path)
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise FileRefused(f"{name}: no such file (it does not exist)") from None
    except OSError as err:
        raise FileRefused(f"{name}: cannot be read ({err.strerror or err})") from None
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise FileRefused(f"{name}: is a folder, not a file")
    if stat.S_ISFIFO(mode):
        raise FileRefused(f"{name}: is a pipe (FIFO), not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise FileRefused(f"{name}: is a device, not a file")
    if not stat.S_ISREG(mode):
        raise FileRefused(f"{name}: is not a regular file")
    if info.st_size > cap:
        raise FileRefused(f"{name}: is {_size(info.st_size)}; the limit is {_size(cap)}")
    return info.st_size


def read_capped(path: str | os.PathLike[str], cap: int) -> bytes:
    """The bytes of a regular file of at most ``cap`` bytes; FileRefused otherwise."""
    check_regular(path, cap)
    name = os.fspath(path)
    try:
        # O_NONBLOCK: should the path be swapped for a FIFO after the check, open does not
        # hang waiting for a writer.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise FileRefused(f"{name}: cannot be read ({err.strerror or err})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise FileRefused(f"{name}: is not a regular file")
        try:
            data = handle.read(cap + 1)
        except OSError as err:
            raise FileRefused(f"{name}: cannot be read ({err.strerror or err})") from None
    if len(data) > cap:
        raise FileRefused(f"{name}: is more than {_size(cap)}, the limit")
    return data


def read_stream_capped(stream: BinaryIO, cap: int, name: str = "standard input") -> bytes:
    """At most ``cap`` bytes from a binary stream (standard input); FileRefused past that."""
    data = stream.read(cap + 1)
    if len(data) > cap:
        raise FileRefused(f"{name}: is more than {_size(cap)}, the limit")
    return data


NUMBER_DIGITS = 30  # digits in a number read from a file: past any board or score sheet


def bounded_int(text: str) -> int:
    """``int`` for a number read from a file (``json.loads(parse_int=...)``): a number of
    thousands of digits is refused with a clear message instead of Python's own limit."""
    digits = sum(ch.isdigit() for ch in text)
    if digits > NUMBER_DIGITS:
        raise FileRefused(f"a number with {digits} digits; no value here needs more than "
                          f"{NUMBER_DIGITS}")
    return int(text)
