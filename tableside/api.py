"""The headless scripting API.

    from tableside.api import Tableside
    table = Tableside("/tmp/my-data")                       # open the store (data dir)
    play = table.create("lifeform", players=3)               # create a session
    [a.name for a in play.actions()]                         # list its actions
    play.do("advance_self_destruct", spaces=3)               # do one; returns the notes
    play.undo(); play.redo()                                 # undo / redo (also across restarts)
    play.state, play.notes                                   # read the state and the notes
    table.sessions(); table.load(play.id)                    # list and load saved sessions

Every action is written durably to the session's journal before ``do`` returns.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves.catalog import SessionInfo
from saves.journal import JournalError, JournalFile
from saves.paths import data_dir as resolve_data_dir
from saves.store import Store
from tableside import pins, private

if TYPE_CHECKING:  # the engine is imported on first use: Home opens without it (start-up time)
    from trackers.engine import Action, Game, Note, Session, SessionSetup, State
    from trackers.engine.session import HistoryEntry

PROFILE_FORMAT = "tableside.board-profile"
PROFILE_VERSION = 1
SNAPSHOT_TO_DISK_EVERY = 500  # events between snapshot files (opening replays fewer)
CATALOG_TOUCH_SECONDS = 30.0  # the journal is the truth; the catalog's "updated" may lag


class TablesideError(Exception):
    """A request that cannot be met; the message says why in the player's words."""


def now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def game_definition(game_id: str) -> Game:
    """The game for ``game_id``; ActionError naming the allowed ids for an unknown one."""
    from trackers.games.registry import get_game

    return get_game(game_id)


class OpenSession:
    """A session being played, bound to its journal."""

    def __init__(self, table: Tableside, info: SessionInfo, session: Session,
                 journal: JournalFile, warnings: Sequence[str] = ()) -> None:
        self._table = table
        self.info = info
        self.session = session
        self._journal = journal
        self.warnings = list(warnings)
        self._touched = time.monotonic()
        self._status = info.status
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

    def action(self, name: str) -> Action:
        """The action called ``name`` (the game's or the engine's); ActionError if none."""
        return self.session.action(name)

    def available(self, name: str) -> bool:
        """Whether ``name`` may be taken now; False for an unknown action."""
        from trackers.engine import ActionError

        try:
            return self.session.available(name)
        except ActionError:
            return False

    def history(self) -> list[HistoryEntry]:
        return self.session.history()

    def export(self) -> dict[str, Any]:
        """The session as plain data with every unrevealed secret left out."""
        return {
            "session": self.info.__dict__ | {"title": self.info.title},
            "game": self.game.id,
            "setup": self.session.setup.to_dict(),
            "head": self.head,
            "history": [{"seq": h.seq, "action": h.text, "at": h.at, "undone": h.undone}
                        for h in self.history()],
            "state": self.state.public_dict(),
            "notes": [n.text for n in self.notes],
        }

    # --- acting ----------------------------------------------------------------------
    def do(self, action: str, /, **args: Any) -> list[Note]:
        """Apply an action; raises ActionError (nothing recorded) for a bad one."""
        if action == private.CHOOSE:  # the commitment: a real nonce, the code made once
            private.check_commitment(args)
            args = private.with_commitment(self, args)
        notes = self.session.do(action, **args)
        self._after_change()
        return notes

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
            self._table.set_board_value(self.game.id, key, checked[key])
        return notes + self.do(action, **args)

    # --- secrets (tableside.private, tableside.pins) ------------------------------------
    def choose_secret(self, name: str, value: str, *, pin: str | None = None) -> list[Note]:
        """The owner chooses a secret's value. If they set a PIN earlier it must be given;
        if not, a ``pin`` given now becomes theirs (nobody else can set it later)."""
        return private.choose(self, name, value, pin)

    def secret_value(self, name: str, *, pin: str | None = None, who: str | None = None) -> str:
        """Read a hidden value: the owner's PIN if they set one; the look is logged."""
        return private.look(self, name, pin, who)

    def pin_is_set(self, owner: str) -> bool:
        return pins.is_set(self._table, self.id, owner)

    def undo(self, steps: int = 1) -> list[Note]:
        notes = self.session.undo(steps)
        self._after_change()
        return notes

    def redo(self, steps: int = 1) -> list[Note]:
        notes = self.session.redo(steps)
        self._after_change()
        return notes

    def jump(self, head: int) -> list[Note]:
        notes = self.session.jump(head)
        self._after_change()
        return notes

    def _after_change(self) -> None:
        if self.session.head and self.session.head % SNAPSHOT_TO_DISK_EVERY == 0:
            self._table.store.write_snapshot(self.id, *self.session.snapshot())
        status = str(self.state.facts.get("status", "in progress"))
        if status != self._status or time.monotonic() - self._touched > CATALOG_TOUCH_SECONDS:
            self._touch(status)

    def _touch(self, status: str) -> None:
        self._status = status
        self._touched = time.monotonic()
        self._table.store.touch(self.id, now(), status)

    def close(self) -> None:
        """Keep a snapshot for a fast reopen and bring the catalog up to date."""
        if self.session.head:
            self._table.store.write_snapshot(self.id, *self.session.snapshot())
        self._touch(str(self.state.facts.get("status", "in progress")))
        self._journal.close()


class Tableside:
    """The store of saved sessions in one data folder."""

    def __init__(self, data_dir: str | Path | None = None) -> None:
        root = resolve_data_dir(data_dir)
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise TablesideError(f"data dir {root}: cannot be created ({err.strerror})") from err
        self.root = root
        self.store = Store(root)

    @property
    def warnings(self) -> list[str]:
        """What was found wrong and repaired when the store was opened."""
        return self.store.warnings

    # --- sessions ----------------------------------------------------------------------
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
        title = _check_title(title or f"{definition.title}, {datetime.now():%d %b %H:%M}")
        seed = seed or secrets.token_hex(8)
        stamp = now()
        info = SessionInfo(id=f"{datetime.now():%Y%m%d-%H%M%S}-{secrets.token_hex(3)}",
                           game=game, title=title, players=players, created=stamp,
                           updated=stamp, status="in progress")
        session = Session(definition, setup, seed, clock=now)
        header = {"game": game, "title": title, "setup": setup.to_dict(), "seed": seed,
                  "created": stamp}
        journal = self.store.create(info, header)
        session.attach(journal)
        return OpenSession(self, info, session, journal)

    def load(self, session_id: str) -> OpenSession:
        """Reopen a saved session at the point it was left (undo history included)."""
        from trackers.engine import ActionError, Session, SessionSetup
        from trackers.engine.records import fold

        info = self.store.catalog.session(session_id)
        if info is None:
            raise TablesideError(f"no saved session with id {session_id!r}")
        try:
            loaded, journal = self.store.load(session_id)
        except JournalError as err:
            raise TablesideError(str(err)) from err
        header = loaded.contents.header
        try:
            definition = game_definition(header["game"])
            setup = SessionSetup.from_dict(header["setup"])
            events, head = fold(loaded.contents.records)
            session = Session(definition, setup, header["seed"], events=events, head=head,
                              journal=journal, clock=now, snapshot=loaded.snapshot)
        except TablesideError:
            journal.close()
            raise
        except (KeyError, TypeError, ValueError, ActionError) as err:
            journal.close()
            raise TablesideError(f"{self.store.journal_path(session_id)}: cannot be replayed "
                                 f"({err})") from err
        return OpenSession(self, info, session, journal, loaded.warnings)

    def sessions(self) -> list[SessionInfo]:
        """Saved sessions, the most recently played first."""
        return sorted(self.store.catalog.sessions(), key=lambda s: s.updated, reverse=True)

    def rename(self, session_id: str, title: str) -> None:
        self._need(session_id)
        self.store.catalog.update_session(session_id, title=_check_title(title))

    def delete(self, session_id: str) -> None:
        self._need(session_id)
        self.store.delete(session_id)

    def _need(self, session_id: str) -> None:
        if self.store.catalog.session(session_id) is None:
            raise TablesideError(f"no saved session with id {session_id!r}")

    # --- settings ----------------------------------------------------------------------
    def board_profile(self, game: str) -> dict[str, Any]:
        """The printed board values this table entered once for ``game``."""
        return dict(self.store.catalog.get_setting(f"board:{game}", {}))

    def set_board_profile(self, game: str, values: dict[str, Any]) -> None:
        """Replace the table's board profile for ``game``; every value is checked first."""
        definition = game_definition(game)
        checked = definition.parse_board(values)
        self.store.catalog.set_setting(f"board:{game}", checked)

    def set_board_value(self, game: str, key: str, raw: Any) -> Any:
        """Enter one printed value (checked with the rest of the profile); returns it parsed."""
        profile = self.board_profile(game)
        profile[key] = raw
        definition = game_definition(game)
        checked = definition.parse_board(profile)
        self.store.catalog.set_setting(f"board:{game}", checked)
        return checked[key]

    def accept_board_defaults(self, game: str) -> int:
        """Take the game's published board defaults into the profile (values the table
        already entered are kept); returns how many values were added."""
        definition = game_definition(game)
        profile = self.board_profile(game)
        added = {k: v for k, v in definition.board_defaults.items() if k not in profile}
        self.set_board_profile(game, profile | added)
        return len(added)

    def clear_board_value(self, game: str, key: str) -> None:
        profile = self.board_profile(game)
        profile.pop(key, None)
        self.store.catalog.set_setting(f"board:{game}", profile)

    def export_board_profile(self, game: str) -> dict[str, Any]:
        """The profile as a file's content, to share with another table."""
        game_definition(game)
        return {"format": PROFILE_FORMAT, "version": PROFILE_VERSION, "game": game,
                "values": self.board_profile(game)}

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

    def setting(self, key: str, default: Any = None) -> Any:
        return self.store.catalog.get_setting(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.store.catalog.set_setting(key, value)

    def close(self) -> None:
        self.store.close()


def _check_title(title: str) -> str:
    title = title.strip()
    if not title or len(title) > 80 or not title.isprintable():
        raise TablesideError(f"title: give 1 to 80 printable characters on one line "
                             f"({len(title)} given)" if len(title) > 80 else
                             "title: give 1 to 80 printable characters on one line")
    return title
