"""What every room of the API shares: its error, the change another window made, the clock,
the names of windows, and plain words for disk errors."""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from saves.journal import JournalError

if TYPE_CHECKING:
    from trackers.engine import Game

LOST_ACTION = "(record lost: damaged on disk)"  # stands in for an unreadable action


class TablesideError(Exception):
    """A request that cannot be met; the message says why in the player's words."""


@dataclass(frozen=True)
class OutsideChange:
    """An entry of the history that another window (the CLI, a script, a second app) added:
    like ``HistoryEntry``, plus ``by``, the window that made it ("cli 4188")."""

    seq: int
    text: str
    at: str
    undone: bool
    by: str
    moved: bool = False  # an undo or redo (the history's head moved), not an action


def now() -> str:
    return datetime.now().isoformat(timespec="milliseconds")  # games sort to the millisecond


def window_name(kind: str | None = None) -> str:
    """Who writes the records of this process: "app 4121", "cli 4188", "script 77"."""
    if kind and " " in kind:
        return kind
    kind = kind or ("app" if "tui.app" in sys.modules else "script")
    return f"{kind} {os.getpid()}"


_REASONS = {
    errno.ENOSPC: ("the disk is full", "free some disk space and try again"),
    errno.EACCES: ("permission denied", "check the permissions of the data folder"),
    errno.EPERM: ("permission denied", "check the permissions of the data folder"),
    errno.EROFS: ("the file system is read-only", "choose another data folder with --data-dir"),
    errno.ENOTDIR: ("a file stands where a folder should be",
                    "move that file away or choose another data folder with --data-dir"),
    errno.EEXIST: ("a file stands where a folder should be",
                   "move that file away or choose another data folder with --data-dir"),
    errno.EISDIR: ("a folder stands where a file should be",
                   "move that folder away or choose another data folder with --data-dir"),
}
_DQUOT = getattr(errno, "EDQUOT", None)
if _DQUOT is not None:
    _REASONS[_DQUOT] = ("the disk quota is used up", "free some disk space and try again")


def plain_error(err: BaseException, what: str) -> TablesideError:
    """A file-system error as the player reads it: what failed, why, and what to do."""
    if isinstance(err, TablesideError):
        return err
    if isinstance(err, OSError):
        reason, todo = _REASONS.get(err.errno or 0, (err.strerror or str(err), "try again"))
        where = f" ({err.filename})" if err.filename else ""
        return TablesideError(f"{what}: {reason}{where}; {todo}")
    return TablesideError(f"{what}: {err}")


F = TypeVar("F", bound=Callable[..., Any])


def _plain(what: str) -> Callable[[F], F]:
    """Turn the OSErrors and journal errors of an API call into a TablesideError."""
    def wrap(func: F) -> F:
        @functools.wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return func(*args, **kwargs)
            except (OSError, JournalError) as err:
                raise plain_error(err, what) from err
        return run  # type: ignore[return-value]
    return wrap


def _holds_hidden(state: dict[str, Any]) -> bool:
    """Whether a state (as plain data) holds a value nobody may see yet: a chosen secret not
    revealed, or the game's hidden facts. Such a state is never written to a snapshot."""
    if state.get("facts", {}).get("hidden"):
        return True
    return any(isinstance(p, dict) and p.get("kind") == "secret" and not p.get("revealed")
               and (p.get("value") is not None or p.get("nonce") is not None)
               for p in state.get("pieces", {}).values())


def _salvage(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records with a stand-in for every action a damaged line took with it, so the
    actions after it keep their places (and their random draws)."""
    out: list[dict[str, Any]] = []
    count = 0
    for record in records:
        if record.get("t") == "do" and isinstance(record.get("seq"), int):
            for seq in range(count + 1, record["seq"]):
                out.append({"t": "do", "seq": seq, "action": LOST_ACTION, "args": {}})
            count = record["seq"]
        out.append(record)
    return out


def game_definition(game_id: str) -> Game:
    """The game for ``game_id``; ActionError naming the allowed ids for an unknown one."""
    from trackers.games.registry import get_game

    return get_game(game_id)


def window_words(by: str) -> str:
    """Who another window is, in the table's words: "the CLI", "a script", "Ann's seat"
    (never a process id)."""
    kind, _, rest = by.partition(" ")
    if kind == "seat" and rest:
        return f"{rest}'s seat"
    return {"cli": "the CLI", "script": "a script", "app": "another app window"}.get(
        kind, "another window")


def _after_others(err: Exception, changed: Sequence[OutsideChange]) -> Exception:
    """``err`` with what other windows did meanwhile in front, when they did something."""
    if changed:
        done = "; ".join(f"{c.text} ({window_words(c.by)})" if c.by else c.text
                         for c in changed)
        err.args = (f"meanwhile another window changed the game ({done}), so nothing was "
                    f"recorded: {err.args[0] if err.args else err}", *err.args[1:])
    return err
