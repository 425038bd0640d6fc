"""The problem log: every unexpected error (a bug) kept with its traceback in the data folder.

A bug reaches the player as one line naming this file, and the file keeps what a fix needs:
when, what was being done (the action as the history writes it, its secret arguments
hidden), and the traceback: each frame's file, line and code, never its local variables.
Every secret value and PIN the action was given is blanked from all of it, the error's own
message too. The file is its owner's alone (0600), like every file of the data folder, and
rotates at ``LOG_BYTES``, keeping ``BACKUPS`` older files. ``TABLESIDE_DEBUG=1`` shows the
traceback on screen as well.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

LOG_NAME = "problems.log"
LOG_BYTES = 256 * 1024
BACKUPS = 2  # problems.log.1, problems.log.2
HIDDEN = "(hidden)"
# set on an error: by ``masked`` (what was being done, what to blank), by ``report`` (where)
_CONTEXT = "_tableside_doing"
_LOGGED = "_tableside_logged"

Method = TypeVar("Method", bound=Callable[..., Any])


def log_path(data_dir: Path) -> Path:
    return Path(data_dir) / LOG_NAME


def debugging() -> bool:
    """Whether ``TABLESIDE_DEBUG`` asks for tracebacks on screen."""
    return bool(os.environ.get("TABLESIDE_DEBUG"))


@dataclass(frozen=True)
class Problem:
    """An unexpected error as it was logged: where, and its traceback (secrets blanked)."""

    error: str  # the error's own line, secrets blanked
    traceback: str
    path: Path | None  # None: the log could not be written (the reason is in ``error``)

    def said(self, opening: str) -> str:
        """What the player is told: ``opening``, the error, where its details are kept,
        and (with ``TABLESIDE_DEBUG``) the traceback."""
        where = (f"details in {self.path}" if self.path is not None
                 else "its details could not be kept in the data folder")
        text = f"{opening}: {self.error} ({where})"
        return f"{text}\n{self.traceback}" if debugging() else text


def masked(method: Method) -> Method:
    """Wrap ``OpenSession.do``: an unexpected error leaving it carries the action as the
    history shows it and the values to blank (its secret arguments, the PIN), for ``report``."""

    @functools.wraps(method)
    def run(play: Any, action: str, /, *, pin: str | None = None, **args: Any) -> Any:
        try:
            return method(play, action, pin=pin, **args)
        except Exception as err:
            if not hasattr(err, _CONTEXT):
                _remember(err, _CONTEXT, _described(play, action, args, pin))
            raise

    return run  # type: ignore[return-value]


def _described(play: Any, action: str, args: dict[str, Any], pin: str | None
               ) -> tuple[str, list[str]]:
    hidden = [pin] if pin else []
    try:
        spec = play.action(action)
        hidden += [str(args[p.name]) for p in spec.params if p.secret and args.get(p.name)]
        return f"{action}: {spec.describe(args)}", hidden
    except Exception:  # an unknown action, or a description that fails: its name alone
        return action, hidden


def _remember(err: BaseException, name: str, value: object) -> None:
    with contextlib.suppress(AttributeError):  # an error without attributes says less
        setattr(err, name, value)


def report(data_dir: Path, error: BaseException, *, doing: str = "",
           hidden: Iterable[str] = ()) -> Problem:
    """Log ``error`` (once, however many callers report it) and say where."""
    known_doing, known_hidden = getattr(error, _CONTEXT, ("", []))
    blank = _blanker([*hidden, *known_hidden])
    lines = blank("".join(traceback.format_exception(error)).rstrip())
    said = blank(f"{type(error).__name__}: {error}".rstrip(": "))
    path = log_path(data_dir)
    logged = getattr(error, _LOGGED, None)
    if logged is not None:
        return Problem(said, lines, logged)
    entry = (f"--- {datetime.now().astimezone():%Y-%m-%d %H:%M:%S %z}, process {os.getpid()}"
             f"\n{blank(doing or known_doing) or 'no action'}\n{lines}\n\n")
    try:
        _append(path, entry)
    except OSError as err:
        return Problem(f"{said}; the problem log could not be written: {err}", lines, None)
    _remember(error, _LOGGED, path)
    return Problem(said, lines, path)


def _blanker(values: Iterable[str]) -> Callable[[str], str]:
    """Replace each value where it stands as a whole word (a PIN inside a longer number is
    another number) by ``HIDDEN``; the longest first, so a value never half-shows."""
    words = sorted({v for v in values if v and v.strip()}, key=len, reverse=True)
    if not words:
        return lambda text: text
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words))
    return lambda text: pattern.sub(HIDDEN, text)


def _append(path: Path, entry: str) -> None:
    data = entry.encode("utf-8", "replace")
    try:
        if path.stat().st_size + len(data) > LOG_BYTES:
            _rotate(path)
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        with contextlib.suppress(AttributeError, OSError):  # no fchmod: not POSIX
            os.fchmod(fd, 0o600)  # a log made by hand, or copied in, is the owner's too
        os.write(fd, data)
    finally:
        os.close(fd)


def _rotate(path: Path) -> None:
    for n in range(BACKUPS, 0, -1):
        older = path.with_name(f"{path.name}.{n}")
        newer = path if n == 1 else path.with_name(f"{path.name}.{n - 1}")
        if newer.exists():
            os.replace(newer, older)
