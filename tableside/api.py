"""The headless scripting API.

    from tableside.api import Tableside
    table = Tableside("/tmp/my-data")                       # open the store (data dir)
    play = table.create("lifeform", players=3)               # create a session
    [a.name for a in play.actions()]                         # list its actions
    play.do("advance_self_destruct", spaces=3)               # do one; returns the notes
    play.undo(); play.redo()                                 # undo / redo (also across restarts)
    play.state, play.notes                                   # read the state and the notes
    table.sessions(); table.load(play.id)                    # list and load saved sessions
    play.refresh()                                           # what other windows did since

Every action is written durably to the session's journal before ``do`` returns, under the
session's lock and after folding in what other windows (the app, the CLI, a script) wrote
meanwhile, so two windows on one game lose nothing.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from saves.catalog import SessionInfo
from saves.journal import (
    CHAIN_FIELD,
    JournalContents,
    JournalError,
    JournalFile,
    decode_line,
    line_hash,
)
from saves.paths import data_dir as resolve_data_dir
from saves.store import LoadedJournal, Store
from tableside.arguments import checked

if TYPE_CHECKING:  # the engine is imported on first use: Home opens without it (start-up time)
    from trackers.engine import Action, Game, Note, Session, SessionSetup, State
    from trackers.engine.report import Report
    from trackers.engine.session import HistoryEntry

PROFILE_FORMAT = "tableside.board-profile"
PROFILE_VERSION = 1
SNAPSHOT_TO_DISK_EVERY = 500  # events between snapshot files (opening replays fewer)
CATALOG_TOUCH_SECONDS = 30.0  # the journal is the truth; the catalog's "updated" may lag


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


class OpenSession:
    """A session being played, bound to its journal."""

    def __init__(self, table: Tableside, info: SessionInfo, session: Session,
                 journal: JournalFile | None, warnings: Sequence[str] = (), *,
                 records: Sequence[dict[str, Any]] = (), header: dict[str, Any] | None = None,
                 contents: JournalContents | None = None) -> None:
        self._table = table
        self.info = info
        self.session = session
        self._journal = journal  # None: opened read-only
        self.warnings = list(warnings)
        self._touched = time.monotonic()
        self._acted = False  # whether this window changed the game (then "Last played" moves)
        self._kept: dict[str, Any] | None = None  # what keep_in_profile last saved (or found)
        self._status = info.status
        self._records = list(records)  # every record after the header, as folded
        self._header = header
        # how far this process has read the journal: bytes, last line's hash, lines
        self._seen = (0, "", 0)
        if contents is not None:
            self._seen = (contents.good_bytes, contents.last_hash, contents.lines)
        self._mark = table.store.mark_open(info.id, table.by) if journal is not None else None
        self._closed = False
        self._closing = False
        self._shown: tuple[State, State] | None = None  # (real state, its hidden copy)

    # --- reading -----------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.info.id

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def state(self) -> State:
        """The state as the table may see it: unrevealed secrets hidden (``secret_value``
        reads one). Made once per change, so reading it on every screen refresh is cheap."""
        real = self.session.state
        if self._shown is None or self._shown[0] is not real:
            self._shown = (real, real.hidden_copy())
        return self._shown[1]

    @property
    def notes(self) -> list[Note]:
        return self.session.notes

    @property
    def head(self) -> int:
        return self.session.head

    def actions(self) -> list[Action]:
        return self.session.actions()

    # Read-only views the app uses instead of reaching into ``session``.
    @property
    def setup(self) -> SessionSetup:
        return self.session.setup

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    @checked
    def action(self, name: str) -> Action:
        """The action called ``name`` (the game's or the engine's); ActionError if none."""
        return self.session.action(name)

    @checked
    def available(self, name: str) -> bool:
        """Whether ``name`` may be taken now; False for an unknown action."""
        from trackers.engine import ActionError

        try:
            return self.session.available(name)
        except ActionError:
            return False

    @checked
    def blocked(self, name: str) -> str | None:
        """Why ``name`` is not possible now (and what would allow it), or None if it is."""
        return self.session.blocked(name)

    @checked
    def history(self, latest: int | None = None) -> list[HistoryEntry]:
        """The log (secret arguments hidden); ``latest`` keeps only the last few."""
        return self.session.history(latest)

    def report(self) -> Report:
        """The game report: values by round (or turn), key moments, revealed secrets."""
        import dataclasses

        from trackers.engine.report import TableLogLine, build_report

        report = build_report(self.game, self.session.setup, self.session.seed,
                              self.session.events, self.session.head)
        log = tuple(TableLogLine(line.kind, line.text, line.at, line.undone)
                    for line in self.table_log())
        return dataclasses.replace(report, table_log=log)

    def export(self) -> dict[str, Any]:
        """The session as plain data with every unrevealed secret left out."""
        return {
            "session": self.info.__dict__ | {"title": self.info.title},
            "game": self.game.id,
            "setup": self.session.setup.to_dict(),
            "head": self.head,
            "history": [{"seq": h.seq, "action": h.text, "at": h.at, "undone": h.undone}
                        for h in self.history()],
            "table_log": [line.to_dict() for line in self.table_log()],
            "state": self.state.public_dict(),
            "notes": [n.text for n in self.notes],
        }

    # --- acting ----------------------------------------------------------------------
    @checked
    def do(self, action: str, /, *, pin: str | None = None, decline_pin: bool = False,
           **args: Any) -> list[Note]:
        """Apply an action; raises ActionError (nothing recorded) for a bad one.

        Secret arguments are sealed to their owner's key (tableside.private); at an owner's
        first secret ``pin`` sets their PIN (or ``decline_pin``). An action that reveals or
        tests a sealed secret needs its owner's ``pin`` (ActionError with field "pin")."""
        from tableside import private  # secrets' code loads on first use (start-up time)

        notes = private.act(self, action, args, pin, decline_pin)
        self._keep_in_profile()
        return notes

    def _act(self, args: dict[str, Any], action: str, keys: dict[str, Any]) -> list[Note]:
        """One action recorded (``keys``, an owner's new key, in the same record)."""
        from trackers.engine import ActionError

        with self._writing() as changed:
            try:
                notes = self.session.act(action, args, keys=keys)
            except ActionError as err:
                raise _after_others(err, changed) from None
        self._after_change()
        return notes

    def _keep_in_profile(self) -> None:
        """What the game learned in play (a Nasty entered once) goes to the board profile, so
        the next game starts with it; a failure to save it is a warning, never a lost action."""
        keep = self.game.keep_in_profile
        if keep is None or self._journal is None:
            return
        wanted = keep(self.session.state)
        if self._kept is None:
            self._kept = {k: self.session.setup.board.get(k) for k in wanted}
        changed = {k: v for k, v in wanted.items() if self._kept.get(k) != v}
        if not changed:
            return  # most actions teach the game nothing: no settings read or write
        profile = self._table.board_profile(self.game.id)
        for key, value in changed.items():
            self._kept[key] = value
            if profile.get(key) != value:
                try:
                    self._table.set_board_value(self.game.id, key, value)
                except (TablesideError, ValueError) as err:
                    self.warnings.append(f"{err} (the game itself is safe in its journal)")

    @checked
    def do_with_board(self, action: str, values: dict[str, Any], /, **args: Any) -> list[Note]:
        """Enter the board values an action asked for (``BoardValueNeeded``), then do it.

        Each value is checked with the table's profile, saved to the profile for later games,
        and entered in this game as its own logged action (undo takes it back); then the
        action goes on. A bad value raises ActionError and nothing is recorded.
        """
        profile = self._table.board_profile(self.game.id) | dict(values)
        checked = self.game.parse_board(profile)  # every value first: all or nothing
        notes: list[Note] = []
        for key in values:
            shown = self.game.board_value(key).show(checked[key])  # as the table types it
            notes += self.do("set_board_value", key=key, value=shown)
            try:
                self._table.set_board_value(self.game.id, key, checked[key])
            except TablesideError as err:  # the value is in this game's journal already
                self.warnings.append(f"the board value was entered in this game, but {err} "
                                     "(enter it in the board profile later)")
        return notes + self.do(action, **args)

    @checked
    def import_board(self, values: dict[str, Any]) -> list[Note]:
        """Bring board values (a profile just imported) into this running game: one logged
        'Enter a board value' per value that differs, so undo takes each back. All or
        nothing: the values are checked together first, and entered in an order the game's
        cross-checks accept (a value that only fits beside another waits for it)."""
        from trackers.engine import ActionError

        checked = self.game.parse_board(dict(self.state.board) | dict(values))
        todo = [k for k in values if self.state.board.get(k) != checked[k]]
        start, notes = self.head, []
        while todo:
            waiting: list[str] = []
            for key in todo:
                try:
                    notes += self.do("set_board_value", key=key,
                                     value=self.game.board_value(key).show(checked[key]))
                except ActionError:
                    waiting.append(key)
            if len(waiting) == len(todo):
                self.jump(start)  # nothing more fits: take back what was entered
                raise ActionError(f"board values: {', '.join(waiting)} cannot be entered in "
                                  "this game", waiting[0])
            todo = waiting
        return notes

    # --- secrets (tableside.private, tableside.vault, tableside.audit) --------------------
    @checked
    def choose_secret(self, name: str, value: str, *, pin: str | None = None,
                      decline_pin: bool = False) -> list[Note]:
        """The owner chooses a secret's value (sealed to their key: no PIN needed, except
        to set one at their first secret, or ``decline_pin``)."""
        from tableside import private

        return self.do(private.CHOOSE, secret=name, value=value, pin=pin,
                       decline_pin=decline_pin)

    @checked
    def secret_value(self, name: str, *, pin: str | None = None) -> str:
        """Read a hidden value: the owner's PIN; the look is logged under the owner."""
        from tableside import private

        return private.look(self, name, pin)

    @checked
    def pin_is_set(self, owner: str) -> bool:
        """Whether the owner guards their secrets in this game with a PIN."""
        from tableside import private

        return private.pin_is_set(self, owner)

    @checked
    def has_key(self, owner: str) -> bool:
        """Whether the owner chose a secret before (their PIN, or its refusal, is set)."""
        from tableside import private

        return private.has_key(self, owner)

    @checked
    def pin_needed(self, action: str, /, **args: Any) -> tuple[str, str] | None:
        """(owner, secret) when doing ``action`` needs that owner's PIN; asks nothing, logs
        nothing (a screen asks the PIN first)."""
        from tableside import private

        return private.pin_needed(self, action, args)

    def table_log(self) -> list[Any]:
        """Every look, wrong PIN and reveal ever made (``tableside.audit.AuditLine``)."""
        from tableside import audit

        return audit.lines(self)

    @checked
    def undo(self, steps: int = 1) -> list[Note]:
        """Take back the game's latest ``steps`` actions, whichever window made them (a note
        says which when another did); refuses more steps than there are actions."""
        from trackers.engine import ActionError, Note

        with self._writing() as changed:
            head = self.session.head
            if head and steps > head:
                raise _after_others(ActionError(
                    f"steps: only {head} action{'s' if head != 1 else ''} to undo; give 1 to "
                    f"{head} (or undo all of them on purpose)", "steps"), changed)
            taken = self.session.events[max(0, head - steps):head]
            try:
                notes = self.session.undo(steps)
            except ActionError as err:
                raise _after_others(err, changed) from None
        others = [e for e in taken if e.by and e.by != self.session.by]
        if others:
            names = "; ".join(f"{self.session.describe(e)} ({e.by})" for e in others)
            notes = [*notes, Note(f"That was done in another window: {names}")]
            self.session.notes = notes
        self._after_change()
        return notes

    @checked
    def redo(self, steps: int = 1) -> list[Note]:
        from trackers.engine import ActionError

        with self._writing() as changed:
            try:
                notes = self.session.redo(steps)
            except ActionError as err:
                raise _after_others(err, changed) from None
        self._after_change()
        return notes

    @checked
    def jump(self, head: int) -> list[Note]:
        """Move to any point of the history; refused when another window changed the
        history meanwhile (the point chosen may mean something else now)."""
        from trackers.engine import ActionError

        with self._writing() as changed:
            if changed:
                raise _after_others(ActionError(
                    "head: look at the history again and choose the point once more",
                    "head"), changed)
            notes = self.session.jump(head)
        self._after_change()
        return notes

    # --- other windows ---------------------------------------------------------------
    def refresh(self) -> list[OutsideChange]:
        """What other windows (the CLI, a script, a second app) recorded in this game since
        this one last looked, oldest first; an empty list when nothing changed. Cheap when
        nothing did (one ``stat``), so the app can call it every second. Afterwards the
        state, notes and history include those changes."""
        if self._closed:
            return []
        try:
            return self._catch_up(locked=False)
        except (OSError, JournalError) as err:
            raise plain_error(err, f"reading what other windows did in {self.info.title}") \
                from err

    @property
    def _read_to(self) -> tuple[int, str, int]:
        """How far this process has read the journal: bytes, the last line's hash, lines
        (for a writing window, where its own last record ended)."""
        if self._journal is not None:
            return self._journal.size, self._journal.last_hash, self._journal.lines
        return self._seen

    @_read_to.setter
    def _read_to(self, where: tuple[int, str, int]) -> None:
        self._seen = where
        if self._journal is not None:
            self._journal.moved_to(*where)

    @contextlib.contextmanager
    def _writing(self) -> Iterator[list[OutsideChange]]:
        """Hold the session's lock, with what other windows wrote folded in first; yields
        those changes (an action is checked again against the state they left)."""
        if self._journal is None or (self._closed and not self._closing):
            raise TablesideError(f"{self.info.title}: opened read-only (or closed); nothing "
                                 "was recorded")
        try:
            with self._table.store.locked(self.id):
                yield self._catch_up(locked=True)
                self._records += self._journal.appended  # this window's own record
                self._journal.appended.clear()
        except (OSError, JournalError) as err:
            raise plain_error(err, "the action could not be saved, so it was not done") \
                from err

    def _catch_up(self, locked: bool) -> list[OutsideChange]:
        """Fold in the records other windows appended since this process last read."""
        store = self._table.store
        size, last, lines = self._read_to
        path = store.journal_path(self.id)
        stat = os.stat(path)
        if stat.st_size == size and (self._journal is None
                                     or stat.st_ino == self._journal.inode):
            return []
        tail = None
        if self._journal is None or stat.st_ino == self._journal.inode:
            tail = store.read_tail(self.id, size)
        new: list[dict[str, Any]] | None = [] if tail is not None else None
        end = tail.rfind(b"\n") + 1 if tail is not None else 0
        for line in (tail[:end].split(b"\n")[:-1] if tail is not None else []):
            record = decode_line(line)
            if record is None or record.pop(CHAIN_FIELD, None) != last or new is None:
                new = None  # damaged or rewritten: read the whole journal again
                break
            new.append(record)
            last, lines = line_hash(line), lines + 1
        if new is None:
            return self._reload(locked)
        if locked and tail is not None and end < len(tail):
            store.cut(self.id, size + end)  # a torn record of a window that was killed
        self._read_to = (size + end, last, lines)
        return self._take(new) if new else []

    def _take(self, new: list[dict[str, Any]], replace: bool = False) -> list[OutsideChange]:
        """Make ``new`` records (another window's) part of this session's history."""
        from trackers.engine import Event
        from trackers.engine.records import fold

        head = self.session.head
        records = new if replace else [*self._records, *new]
        events, final = fold(records)
        self.session.absorb(events, final)
        self._records = records
        if replace:
            return []
        changes: list[OutsideChange] = []
        for record in new:
            by, at = str(record.get("by", "")), str(record.get("at", ""))
            if record.get("t") == "do":
                event = Event.from_record(record)
                head = event.seq
                changes.append(OutsideChange(event.seq, self.session.describe(event), at,
                                             event.seq > final, by))
            elif record.get("t") == "head":
                to = int(record.get("head", 0))
                text = f"Undo back to action {to}" if to < head else f"Redo up to action {to}"
                head = to
                changes.append(OutsideChange(to, text, at, False, by))
        return changes

    def _reload(self, locked: bool) -> list[OutsideChange]:
        """Read the whole journal again (another window repaired or rewrote it)."""
        store = self._table.store
        loaded = store.read(self.id)
        contents = loaded.contents
        records = _salvage(contents.records)
        if locked and loaded.needs_repair:
            contents = store.repair(self.id, loaded, records)
        before = len(self.session.events), self.session.head
        self.warnings += [w for w in loaded.warnings if w not in self.warnings]
        self._take(records, replace=True)
        if self._journal is not None:
            self._journal.close()
            self._journal = store.open_journal(self.id, contents, self._table.by)
            self.session.attach(self._journal)
        self._read_to = (contents.good_bytes, contents.last_hash, contents.lines)
        if (len(self.session.events), self.session.head) == before:
            return []
        return [OutsideChange(self.session.head, "The history was read again from the file",
                              "", False, "")]

    # --- after a change -----------------------------------------------------------------
    def _after_change(self) -> None:
        """Snapshot and catalog: the action is already durable, so a failure here is a
        warning (in ``warnings``), never a failed action."""
        self._acted = True
        try:
            if self.session.head and self.session.head % SNAPSHOT_TO_DISK_EVERY == 0:
                self._save_snapshot()
            status = self.game.status_of(self.session.state)
            if status != self._status or \
                    time.monotonic() - self._touched > CATALOG_TOUCH_SECONDS:
                self._touch(status)
        except (OSError, JournalError) as err:
            self._warn(err, "the action was saved, but")

    def _warn(self, err: BaseException, prefix: str) -> None:
        message = str(plain_error(err, f"{prefix} a helper file could not be written"))
        self.warnings.append(message + " (the game itself is safe in its journal)")

    def _save_snapshot(self) -> None:
        """Write the snapshot file, after a journal record of its state's digest (the
        journal is the truth: a snapshot it does not vouch for is ignored on opening). A
        snapshot the journal already vouches for is not written again."""
        from saves.snapshots import SNAPSHOT_RECORD, state_digest

        seq, digest, state = self.session.snapshot()
        if _holds_hidden(state):
            return  # the journal must hold a chosen secret; the snapshot need not
        kept = self._table.store.snapshot_path(self.id)
        last = next((r for r in reversed(self._records) if r.get("t") == SNAPSHOT_RECORD),
                    None)
        if last is not None and last.get("seq") == seq and last.get("events") == digest \
                and kept.exists():
            return
        assert self._journal is not None
        try:
            with self._writing():
                self._journal.append({"t": SNAPSHOT_RECORD, "seq": seq, "events": digest,
                                      "state": state_digest(state)})
        except TablesideError as err:  # a snapshot only saves time: the action is safe
            self.warnings.append(f"no snapshot was kept: {err} (the game itself is safe in "
                                 "its journal)")
            return
        self._table.store.write_snapshot(self.id, seq, digest, state, header=self._header)

    def _touch(self, status: str) -> None:
        self._status = status
        self._touched = time.monotonic()
        chain = self._read_to[2], self._read_to[1]
        self._table.store.touch(self.id, now(), status, chain=chain)

    def close(self) -> None:
        """Keep a snapshot for a fast reopen and bring the catalog up to date (a failure to
        is a warning: every action is already in the journal)."""
        if self._closed:
            return
        self._closed = True
        if self._journal is not None:
            try:
                if self.session.head:
                    self._closing = True  # the snapshot's record is the last write
                    self._save_snapshot()
                status = self.game.status_of(self.session.state)
                if self._acted or status != self._status:
                    self._touch(status)  # only a game played here moves "Last played"
            except (OSError, JournalError) as err:
                self._warn(err, "closing:")
            self._journal.close()
        self._table.store.unmark_open(self._mark)


class Tableside:
    """The store of saved sessions in one data folder."""

    @checked
    def __init__(self, data_dir: str | Path | None = None, *, read_only: bool = False,
                 by: str | None = None) -> None:
        """Open the data folder. ``read_only`` reads it and writes nothing (``saves list``);
        ``by`` names this window in the records it writes ("cli", or "cli 4188")."""
        root = resolve_data_dir(data_dir)
        self.root = root
        self.read_only = read_only
        self.by = window_name(by)
        sessions = root / "sessions"
        try:
            if not read_only and sessions.exists() and not sessions.is_dir():
                raise TablesideError(
                    f"data folder {root}: {sessions} is a file, where Tableside keeps a folder "
                    "of saved games; move it away or choose another folder with --data-dir")
            self.store = Store(root, read_only=read_only)
        except (OSError, JournalError) as err:
            raise plain_error(err, f"the data folder {root} cannot be created or opened") from err

    @property
    def warnings(self) -> list[str]:
        """What was found wrong and repaired when the store was opened."""
        return self.store.warnings

    # --- sessions ----------------------------------------------------------------------
    @checked
    def create(self, game: str, players: int, *, options: dict[str, Any] | None = None,
               names: Sequence[str] = (), title: str | None = None, seed: str | None = None,
               board: dict[str, Any] | None = None, mode: str = "") -> OpenSession:
        """Start a new session; the player count and options are checked first. ``mode`` is
        one of the game's play mode ids (empty: the first mode for this player count)."""
        from trackers.engine import Session, SessionSetup

        definition = game_definition(game)
        profile = dict(self.board_profile(game))
        profile.update(board or {})
        setup = definition.check_setup(
            SessionSetup(players, dict(options or {}), tuple(names), profile, mode))
        # the game is named beside the title everywhere: the default title is the day and time
        title = _check_title(title or f"{datetime.now():%a %d %b, %H:%M}")
        seed = seed or os.urandom(8).hex()
        stamp = now()
        info = SessionInfo(id=f"{datetime.now():%Y%m%d-%H%M%S}-{os.urandom(3).hex()}",
                           game=game, title=title, players=players, created=stamp,
                           updated=stamp, status="in progress", mode=setup.mode)
        if self.read_only:
            raise TablesideError("this data folder was opened read-only; no game was created")
        session = Session(definition, setup, seed, clock=now, by=self.by)
        from tableside import vault  # the seed is kept sealed (vault loads on first use)

        try:
            kept_seed: Any = vault.seal_seed(self.root, seed)
        except OSError as err:
            raise plain_error(err, "the app's key could not be made, so no game was created") \
                from err
        header = {"game": game, "title": title, "setup": setup.to_dict(), "seed": kept_seed,
                  "created": stamp}
        try:
            journal = self.store.create(info, header, self.by)
        except (OSError, JournalError) as err:
            raise plain_error(err, "the new game could not be saved, so it was not created") \
                from err
        session.attach(journal)
        stored = self.store.catalog.row(info.id) or {}
        return OpenSession(self, info, session, journal, header=stored.get("header"))

    @checked
    def load(self, session_id: str, *, read_only: bool = False) -> OpenSession:
        """Reopen a saved session at the point it was left (undo history included).

        Opening only reads: a torn or damaged journal is repaired under the session's lock
        (never while another window is appending). ``read_only`` repairs nothing, writes
        nothing, and refuses every action (``saves show``)."""
        info = self.store.catalog.session(session_id)
        if info is None:
            raise TablesideError(f"no saved session with id {session_id!r}")
        read_only = read_only or self.read_only
        try:
            if read_only:
                return self._open(info, self.store.read(session_id), None)
            with self.store.locked(session_id):
                loaded = self.store.read(session_id)
                return self._open(info, loaded, self.store)
        except (OSError, JournalError) as err:
            raise plain_error(err, f"the game {info.title!r} cannot be opened") from err

    def _open(self, info: SessionInfo, loaded: LoadedJournal, store: Store | None
              ) -> OpenSession:
        """The session of a journal read back; with ``store`` (under the session's lock)
        the repairs are written and the journal opened for appending."""
        from trackers.engine import ActionError, Session, SessionSetup
        from trackers.engine.records import RecordError, fold

        contents = loaded.contents
        header = contents.header
        records = _salvage(contents.records)
        path = self.store.journal_path(info.id)
        snapshot = self._vouched(info, loaded, records)
        try:
            definition = game_definition(header["game"])
            setup = SessionSetup.from_dict(header["setup"])
            events, head = fold(records)
            from tableside import vault

            seed = vault.open_seed(self.root, header["seed"])
            session = Session(definition, setup, seed, events=events, head=head,
                              clock=now, snapshot=snapshot, by=self.by)
        except TablesideError:
            raise
        except (KeyError, TypeError, ValueError, ActionError, RecordError) as err:
            raise TablesideError(f"{path}: cannot be replayed ({err})") from err
        journal = None
        if store is not None:
            if loaded.needs_repair:
                contents = store.repair(info.id, loaded, records)
            seal = loaded.seal
            if seal is not None and (seal.lines != contents.lines or loaded.new_breaks
                                     or seal.head != contents.last_hash):
                seal.lines, seal.head = contents.lines, contents.last_hash
                store.remember_seal(info.id, seal)
                store.reseal(info.id)
            store.remember_seal(info.id, seal)
            journal = store.open_journal(info.id, contents, self.by)
            session.attach(journal)
        return OpenSession(self, info, session, journal, loaded.warnings, records=records,
                           header=header, contents=contents)

    def _vouched(self, info: SessionInfo, loaded: LoadedJournal,
                 records: list[dict[str, Any]]) -> tuple[int, str, dict[str, Any]] | None:
        """The snapshot file if the journal vouches for its state; else None (the game is
        rebuilt from the journal) and a warning naming the file."""
        from saves.snapshots import snapshot_problem

        if loaded.snapshot is None:
            return None
        seq, events, state = loaded.snapshot
        problem = snapshot_problem(records, seq, events, state)
        if problem:
            name = self.store.snapshot_path(info.id).name
            loaded.warnings.append(f"{name}: {problem}; it was ignored and the game rebuilt "
                                   "from its journal.")
        return None if problem is not None else loaded.snapshot

    @_plain("the list of saved games cannot be read")
    def sessions(self) -> list[SessionInfo]:
        """Saved sessions, the most recently played first, read from the disk now (games
        created, renamed or deleted in another window show)."""
        return sorted(self.store.catalog.sessions(), key=lambda s: s.updated, reverse=True)

    @_plain("the game could not be renamed")
    @checked
    def rename(self, session_id: str, title: str) -> None:
        self._need(session_id)
        self.store.rename(session_id, _check_title(title))

    @_plain("the game could not be deleted")
    @checked
    def delete(self, session_id: str) -> None:
        """Delete a saved game for good; refused while another window has it open."""
        self._need(session_id)
        self.store.delete(session_id)

    def _need(self, session_id: str) -> None:
        if self.store.catalog.session(session_id) is None:
            raise TablesideError(f"no saved session with id {session_id!r}")

    # --- settings ----------------------------------------------------------------------
    @checked
    def board_profile(self, game: str) -> dict[str, Any]:
        """The printed board values this table entered once for ``game``."""
        found = self.setting(f"board:{game}", {})
        return dict(found) if isinstance(found, dict) else {}

    @checked
    def set_board_profile(self, game: str, values: dict[str, Any]) -> None:
        """Replace the table's board profile for ``game``; every value is checked first."""
        definition = game_definition(game)
        checked = definition.parse_board(values)
        self.set_setting(f"board:{game}", checked)

    @checked
    def set_board_value(self, game: str, key: str, raw: Any) -> Any:
        """Enter one printed value (checked with the rest of the profile); returns it parsed."""
        profile = self.board_profile(game)
        profile[key] = raw
        definition = game_definition(game)
        checked = definition.parse_board(profile)
        self.set_setting(f"board:{game}", checked)
        return checked[key]

    @checked
    def accept_board_defaults(self, game: str) -> int:
        """Take the game's published board defaults into the profile (values the table
        already entered are kept); returns how many values were added."""
        definition = game_definition(game)
        profile = self.board_profile(game)
        added = {k: v for k, v in definition.board_defaults.items() if k not in profile}
        self.set_board_profile(game, profile | added)
        return len(added)

    @checked
    def clear_board_value(self, game: str, key: str) -> None:
        profile = self.board_profile(game)
        profile.pop(key, None)
        self.set_setting(f"board:{game}", profile)

    @checked
    def export_board_profile(self, game: str) -> dict[str, Any]:
        """The profile as a file's content, to share with another table."""
        definition = game_definition(game)
        shown = {key: value if definition.board_value(key).kind == "int"  # as the board
                 else definition.board_value(key).show(value)  # reads: "3-8", "yes"
                 for key, value in self.board_profile(game).items()}
        return {"format": PROFILE_FORMAT, "version": PROFILE_VERSION, "game": game,
                "values": shown}

    @checked
    def import_board_profile(self, game: str, data: Any) -> int:
        """Take a shared profile (all or nothing); returns how many values it held."""
        from trackers.engine import ActionError

        if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
            raise TablesideError(f"format: this is not a Tableside board profile "
                                 f"(expected \"format\": \"{PROFILE_FORMAT}\")")
        version = data.get("version")
        if not isinstance(version, int) or version > PROFILE_VERSION:
            raise TablesideError(f"version: {version!r}; this Tableside reads board profiles "
                                 f"up to version {PROFILE_VERSION}")
        if data.get("game") != game:
            raise TablesideError(f"game: the file is for {data.get('game')!r}, not {game!r}")
        values = data.get("values")
        if not isinstance(values, dict):
            raise TablesideError("values: give an object of board value keys and values")
        try:
            self.set_board_profile(game, values)
        except ActionError as err:
            raise TablesideError(str(err)) from err
        return len(values)

    @_plain("the settings cannot be read")
    @checked
    def setting(self, key: str, default: Any = None) -> Any:
        """A setting (settings.json: kept apart from the list of games)."""
        return self.store.settings.get(key, default)

    @_plain("the setting could not be saved")
    @checked
    def set_setting(self, key: str, value: Any) -> None:
        self.store.settings.set(key, value)

    # --- drafts: typed work kept as it is typed (a score sheet), until finished or discarded ---
    @checked
    def draft(self, name: str) -> Any:
        """The draft saved under ``name`` (e.g. "<session id>:score"), or None."""
        return self.setting(f"draft:{name}")

    @checked
    def save_draft(self, name: str, data: Any) -> None:
        self.set_setting(f"draft:{name}", data)

    @checked
    def drop_draft(self, name: str) -> None:
        self.set_setting(f"draft:{name}", None)

    def close(self) -> None:
        self.store.close()


def _after_others(err: Exception, changed: Sequence[OutsideChange]) -> Exception:
    """``err`` with what other windows did meanwhile in front, when they did something."""
    if changed:
        done = "; ".join(f"{c.text} ({c.by})" if c.by else c.text for c in changed)
        err.args = (f"meanwhile another window changed the game ({done}), so nothing was "
                    f"recorded: {err.args[0] if err.args else err}", *err.args[1:])
    return err


def _check_title(title: str) -> str:
    title = title.strip()
    if not title or len(title) > 80 or not title.isprintable():
        raise TablesideError(f"title: give 1 to 80 printable characters on one line "
                             f"({len(title)} given)" if len(title) > 80 else
                             "title: give 1 to 80 printable characters on one line")
    return title
