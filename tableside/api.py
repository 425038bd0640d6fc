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

This module composes three rooms and opens the games: ``tableside.open_session``
(``OpenSession`` acts), ``tableside.following`` (following other windows' records) and
``tableside.profiles`` (board profiles, settings, keys, drafts); ``tableside.basics`` holds
what they share. ``Tableside`` creates, loads, lists, renames and deletes sessions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence  # read at run time: @checked evaluates the annotations
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves.catalog import SessionInfo
from saves.journal import JournalError
from saves.paths import data_dir as resolve_data_dir
from saves.store import LoadedJournal, Store
from tableside.arguments import checked
from tableside.basics import (
    LOST_ACTION,
    OutsideChange,
    TablesideError,
    _plain,
    _salvage,
    game_definition,
    now,
    plain_error,
    window_name,
)
from tableside.profiles import PROFILE_FORMAT, PROFILE_VERSION, ProfilesAndSettings

if TYPE_CHECKING:
    from tableside.open_session import OpenSession

__all__ = ["LOST_ACTION", "PROFILE_FORMAT", "PROFILE_VERSION", "OpenSession", "OutsideChange",
           "Tableside", "TablesideError", "game_definition", "now", "plain_error",
           "window_name"]


def __getattr__(name: str) -> Any:
    """``OpenSession`` (with the follower and problem log it brings) loads when a game is
    first opened or asked for: Home lists the saved games without it (start-up time)."""
    if name == "OpenSession":
        from tableside.open_session import OpenSession

        return OpenSession
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Tableside(ProfilesAndSettings):
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
            SessionSetup(players, dict(options or {}), tuple(names), profile, mode), new=True)
        # the game is named beside the title everywhere: the default title is the day and time
        title = _check_title(title or f"{datetime.now():%a %d %b, %H:%M}")
        from tableside import draws

        # no seed: each draw is made when it comes (tableside.draws); one given on purpose
        # makes a repeatable game
        chance = not seed
        kept_seed: Any = None
        if chance:
            seed, kept_seed = draws.new_game()
        stamp = now()
        info = SessionInfo(id=f"{datetime.now():%Y%m%d-%H%M%S}-{os.urandom(3).hex()}",
                           game=game, title=title, players=players, created=stamp,
                           updated=stamp, status="in progress", mode=setup.mode)
        if self.read_only:
            raise TablesideError("this data folder was opened read-only; no game was created")
        assert seed is not None
        session = Session(definition, setup, seed, clock=now, by=self.by, chance=chance)
        from tableside import vault  # a seed is kept sealed (vault loads on first use)

        try:
            if not chance:
                kept_seed = vault.seal_seed(self.root, seed)
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
        from tableside.open_session import OpenSession

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
                play = self._open(info, loaded, self.store)
        except (OSError, JournalError) as err:
            raise plain_error(err, f"the game {info.title!r} cannot be opened") from err
        play.take_board_from_profile()  # a value typed in another game serves this one
        return play

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
            from tableside import draws

            seed, chance = draws.read_seed(self.root, header["seed"])
            session = Session(definition, setup, seed, events=events, head=head,
                              clock=now, snapshot=snapshot, by=self.by, chance=chance)
        except TablesideError:
            raise
        except (KeyError, TypeError, ValueError, ActionError, RecordError) as err:
            raise TablesideError(f"{path}: cannot be replayed ({err})") from err
        loaded.warnings += _app_draws_lost(self.root, session)
        journal = None
        if store is not None:
            from tableside import vault

            vault.keep_copies(self.root)  # a key file lost or cut short comes back
            if loaded.needs_repair:
                contents = store.repair(info.id, loaded)
            seal = loaded.seal
            if seal is not None and (seal.lines != contents.lines or loaded.new_breaks
                                     or seal.head != contents.last_hash):
                seal.lines, seal.head = contents.lines, contents.last_hash
                store.remember_seal(info.id, seal)
                store.reseal(info.id)
            store.remember_seal(info.id, seal)
            journal = store.open_journal(info.id, contents, self.by)
            session.attach(journal)
        from tableside import reveals  # each reveal rechecked against its code at every open
        from tableside.open_session import OpenSession

        return OpenSession(self, info, session, journal,
                           [*loaded.warnings, *reveals.warnings(session.state)],
                           records=records, header=header, contents=contents)

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

    @_plain("the warnings could not be dismissed")
    @checked
    def dismiss_damage(self, session_id: str) -> list[str]:
        """The table has seen what was found changed or damaged in a game's files: it is said
        no more at its opens, report and history (the seal still keeps it). Returns it."""
        self._need(session_id)
        if self.read_only:
            raise TablesideError("this data folder was opened read-only; nothing was dismissed")
        return self.store.dismiss(session_id)

    def _need(self, session_id: str) -> None:
        if self.store.catalog.session(session_id) is None:
            raise TablesideError(f"no saved session with id {session_id!r}")

    def close(self) -> None:
        self.store.close()


def _app_draws_lost(root: Path, session: Any) -> list[str]:
    """The app's own hidden draws not revealed yet that no key of this folder opens: named
    as lost (the rest of the game opens and plays)."""
    from tableside import vault
    from trackers.pieces import Secret

    lost = []
    for piece in session.state.pieces.values():
        locked = piece.locked if isinstance(piece, Secret) else None
        if not locked or locked.get("to") != vault.APP_OWNER or piece.revealed:
            continue
        try:
            vault.open_app_sealed(root, str(locked.get("sealed", "")))
        except ValueError as err:
            lost.append(f"{piece.label}: the app's hidden draw is lost ({err}); it cannot be "
                        "revealed or checked")
    return lost


def _check_title(title: str) -> str:
    title = title.strip()
    if not title or len(title) > 80 or not title.isprintable():
        raise TablesideError(f"title: give 1 to 80 printable characters on one line "
                             f"({len(title)} given)" if len(title) > 80 else
                             "title: give 1 to 80 printable characters on one line")
    return title
