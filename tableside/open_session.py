"""A game being played: ``OpenSession`` acts (do, undo, redo, jump, secrets, board values),
bound to its journal; following other windows is ``tableside.following``'s job."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from saves.catalog import SessionInfo
from saves.journal import JournalContents, JournalError, JournalFile
from tableside.arguments import checked
from tableside.basics import (
    OutsideChange,
    TablesideError,
    _after_others,
    _holds_hidden,
    now,
    plain_error,
    window_words,
)
from tableside.following import JournalFollower
from tableside.problem_log import masked

if TYPE_CHECKING:
    from pathlib import Path

    from tableside.api import Tableside
    from trackers.engine import Action, Game, Note, Session, SessionSetup, State
    from trackers.engine.report import Report
    from trackers.engine.session import HistoryEntry

SNAPSHOT_TO_DISK_EVERY = 500  # events between snapshot files (opening replays fewer)
CATALOG_TOUCH_SECONDS = 30.0  # the journal is the truth; the catalog's "updated" may lag


class OpenSession(JournalFollower):
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
        self._folded: list[OutsideChange] = []  # others' records an own write folded in
        self._mark = table.store.mark_open(info.id, table.by) if journal is not None else None
        self._closed = False
        self._closing = False
        self._shown: tuple[State, State] | None = None  # (real state, its hidden copy)
        self._holding = 0  # how deep this window is inside ``locked``

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

    @cached_property  # the play mode is the game's for good; the footer asks at every key
    def board_keys(self) -> frozenset[str]:
        """The board values this game's play mode reads (a standard game never reads the
        solo board's): the ones it can enter."""
        return frozenset(v.key for v in self.game.board_values_for(self.setup.mode))

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
                              self.session.events, self.session.head,
                              chance=self.session.chance)
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
    @masked  # a bug's record hides the action's secrets (tableside.problem_log)
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
        if action == "set_board_value":
            self._keep_board_value(str(args.get("key", "")))
        return notes

    # --- the door the secrets' code uses (tableside.private, tableside.audit) -----------
    @property
    def records(self) -> Sequence[dict[str, Any]]:
        """Every record after the header, as folded (read them, never change them)."""
        return self._records

    @property
    def data_folder(self) -> Path:
        return self._table.root

    @property
    def window(self) -> str:
        """Who this window's records name ("app 4121", "seat Ann")."""
        return self._table.by

    @property
    def settings(self) -> Tableside:
        """Where games saved before kept their PINs (``tableside.pins``)."""
        return self._table

    @property
    def writable(self) -> bool:
        return self._journal is not None

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """The session's lock held, with what other windows wrote folded in first; a record
        appended inside (``append``) is this window's once the block ends."""
        with self._writing():
            self._holding += 1
            try:
                yield
            finally:
                self._holding -= 1

    def append(self, record: dict[str, Any]) -> None:
        """Append one record outside the numbered actions (an audit line, a PIN), durably;
        inside ``locked`` it joins that block, else it takes the lock itself."""
        if self._journal is None:
            raise TablesideError(f"{self.info.title}: opened read-only; nothing was recorded")
        if self._holding:
            self._journal.append(record)
            return
        with self._writing():
            self._journal.append(record)

    def record_action(self, action: str, args: dict[str, Any],
                      keys: dict[str, Any] | None = None) -> list[Note]:
        """One action recorded as given, no secret sealed or opened (``keys``: an owner's new
        key, in the same record). ``do`` is the way in; this is its last step."""
        from tableside import draws
        from trackers.engine import ActionError

        with self._writing() as changed:
            try:
                notes = self.session.act(action, args, keys=keys or {},
                                         draw=draws.source(self, action))
            except ActionError as err:
                raise _after_others(err, changed) from None
        self._after_change()
        return notes

    def _keep_board_value(self, key: str) -> None:
        """A printed value entered in this game, from any window (a form, the CLI, a script),
        goes to the board profile too, so the next game starts with it."""
        from trackers.engine import ActionError

        value = self.session.state.board.get(key)
        if value is None or self._journal is None:
            return
        if self._table.board_profile(self.game.id).get(key) == value:
            return  # already there (a profile brought in): no settings write
        try:
            self._table.set_board_value(self.game.id, key, value)
        except (TablesideError, ValueError, ActionError) as err:
            self.warnings.append(f"the board value was entered in this game, but the board "
                                 f"profile could not keep it: {err}")

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
        for key in values:  # each kept in the profile too, as any board value entered
            shown = self.game.board_value(key).show(checked[key])  # as the table types it
            notes += self.do("set_board_value", key=key, value=shown)
        return notes + self.do(action, **args)

    def take_board_from_profile(self) -> list[Note]:
        """A value the table typed once, in any game, serves this one too: each value this
        game's play mode reads, still unset here and in the board profile, is entered as a
        logged 'Enter a board value' (replay reads the journal, never the live profile).
        Only a game still being played, in a window that may write; a value the game
        refuses stays unset and is said in ``warnings``."""
        from trackers.engine import ActionError

        if self._journal is None or self._closed or self.game.is_over(self.state):
            return []
        try:
            profile = self._table.board_profile(self.game.id)
        except TablesideError:
            return []  # settings that cannot be read: the game asks, as before
        missing = {k: v for k, v in profile.items()
                   if k in self.board_keys and k not in self.state.board}
        if not missing:
            return []
        try:
            return self.import_board(missing)
        except (ActionError, TablesideError) as err:
            self.warnings.append(f"the board profile's values were not entered: {err}")
            return []

    @checked
    def import_board(self, values: dict[str, Any]) -> list[Note]:
        """Bring board values (a profile just imported) into this running game: one logged
        'Enter a board value' per value that differs, so undo takes each back. All or
        nothing: the values are checked together first, and entered in an order the game's
        cross-checks accept (a value that only fits beside another waits for it)."""
        from trackers.engine import ActionError

        checked = self.game.parse_board(dict(self.state.board) | dict(values))
        # another play mode's values (a solo board's, in a standard game) stay in the profile
        todo = [k for k in values
                if k in self.board_keys and self.state.board.get(k) != checked[k]]
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
    def owner_name(self, owner: str) -> str:
        """Who ``owner`` is at this table, as the curtain names them: the one player who
        holds the role ("Ann" for the Lifeform player), else ``owner``."""
        return self.game.owner_name(self.session.state, owner, self.setup.names)

    @checked
    def holders(self, owner: str) -> list[str]:
        """The players who hold ``owner``'s secrets (the game's one rule: the curtain, the
        seats and the report ask it)."""
        return self.game.holders(self.session.state, owner, self.setup.names)

    @checked
    def set_pin(self, owner: str, pin: str | None = None, *, decline_pin: bool = False,
                old_pin: str | None = None) -> None:
        """The owner sets their PIN before their first secret (or ``decline_pin``), or
        changes it with ``old_pin``: a record of its own, outside the numbered actions, so
        undo never takes it back. ActionError naming the field when refused."""
        from tableside import owner_keys

        owner_keys.set_pin(self, owner, pin, decline=decline_pin, old_pin=old_pin)

    def pin_is_set(self, owner: str) -> bool:
        """Whether the owner guards their secrets in this game with a PIN."""
        from tableside import private

        return private.pin_is_set(self, owner)

    # --- drafts of this game's forms (settings, so a restart keeps them) ---------------
    def draft(self, form: str) -> Any:
        """What was typed in ``form`` (e.g. "form:advance") and left unfinished, or None."""
        return self._table.draft(f"{self.id}:{form}")

    def save_draft(self, form: str, data: Any) -> None:
        self._table.save_draft(f"{self.id}:{form}", data)

    def drop_draft(self, form: str) -> None:
        if self.draft(form) is not None:  # most forms have none: no settings write
            self._table.drop_draft(f"{self.id}:{form}")

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
        from tableside import audit, reveals

        return reveals.flagged(audit.lines(self), self.session.state)

    def dismiss_damage(self) -> list[str]:
        """Dismiss the damage and changes found in this game's files (``Tableside``'s)."""
        gone = self._table.dismiss_damage(self.id)
        self.warnings = [w for w in self.warnings if not any(text in w for text in gone)]
        return gone

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
            names = "; ".join(f"{self.session.describe(e)} ({window_words(e.by)})"
                              for e in others)
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

        seq, digest = self.session.snapshot_point()  # cheap: the state is built only if needed
        kept = self._table.store.snapshot_path(self.id)
        last = next((r for r in reversed(self._records) if r.get("t") == SNAPSHOT_RECORD),
                    None)
        if last is not None and last.get("seq") == seq and last.get("events") == digest \
                and kept.exists():
            return
        seq, digest, state = self.session.snapshot()
        if _holds_hidden(state):
            return  # the journal must hold a chosen secret; the snapshot need not
        assert self._journal is not None
        try:
            with self._writing():
                self._journal.append({"t": SNAPSHOT_RECORD, "seq": seq, "events": digest,
                                      "state": state_digest(state)})
        except TablesideError as err:  # a snapshot only saves time: the action is safe
            cause = err.__cause__ if isinstance(err.__cause__, OSError | JournalError) else err
            self.warnings.append(f"{plain_error(cause, 'no snapshot was kept')} (the game "
                                 "itself is safe in its journal)")
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
