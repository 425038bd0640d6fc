"""Session: a game's setup + seed + the list of events, replayed into a state.

Undo and redo move a head pointer over the events; a new action after an undo drops
the undone branch. A game started before draws from a seed: the random stream of event
``seq`` depends only on (seed, seq), so undoing a draw and drawing again gives the same card
(docs/DESIGN.md, The session model).
A game started now (``chance``) keeps no seed: each event's draws come from the app as
recorded arguments (trackers.pieces.chance), and the setup's own bits are public.
The session never touches a file: it hands each record to a ``Journal`` and reports an
action only after ``Journal.append`` returned, which is when the record is durable.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from trackers.engine.actions import (
    ANSWERS,
    CHANCE,
    OPENED,
    RESERVED_ARGS,
    Action,
    ActionError,
    BoardValueNeeded,
    Note,
    SecretLocked,
)
from trackers.engine.claims import ABSENT
from trackers.engine.common_actions import chosen_where, common_actions
from trackers.engine.game import Game, SessionSetup
from trackers.engine.records import Event, head_record
from trackers.engine.state import State
from trackers.pieces import PieceError, Secret, Track
from trackers.pieces.chance import STREAM, Chance, Source, dry
from trackers.pieces.secret import SecretNeeded

SNAPSHOT_EVERY = 100  # in-memory snapshots: undo replays at most this many events


class Journal(Protocol):
    """Where a session's records go. ``append`` returns once the record is durable."""

    def append(self, record: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class HistoryEntry:
    """A line of the history list; ``undone`` entries can be redone."""

    seq: int
    text: str
    at: str
    undone: bool


def rng_for(seed: str, seq: int) -> Random:
    """The random stream of event ``seq``: the same (seed, seq) always draws the same."""
    return Random(f"{seed}:{seq}")


def rng_of(seed: str, chance: bool, seq: int, args: dict[str, Any],
           source: Source | None = None) -> Random:
    """The randomness of event ``seq`` (0: the setup): from the seed, for a game started
    before; else what the event recorded (the setup: its public bits), and what ``source``
    gives for a draw not recorded yet."""
    if not chance:
        return rng_for(seed, seq)
    return Chance({STREAM: seed} if seq == 0 else args.get(CHANCE), source)


def chain_digest(events: Sequence[Event]) -> str:
    """A fingerprint of a run of events, to check a saved snapshot still fits the journal."""
    h = hashlib.sha256()
    for e in events:
        h.update(f"{e.seq}|{e.action}|".encode())
        h.update(json.dumps(e.args, sort_keys=True).encode())
    return h.hexdigest()


def normalise(notes: Sequence[Note | str]) -> list[Note]:
    return [n if isinstance(n, Note) else Note(str(n)) for n in notes]


@contextmanager
def secrets_given(state: State, args: dict[str, Any]) -> Iterator[None]:
    """What the owner's key gave one action, lent to the sealed secrets of ``state`` while
    its checks or rules run: the values and nonces of those it reveals (OPENED), the answers
    to its tests (ANSWERS); forgotten after. A sealed secret needed and not given (nor
    opened by a trial's opener) raises ``SecretLocked`` naming it. The checks and the rules
    of every game see a sealed secret this one way: they ask the piece, never the arguments."""
    opened, answers = _given(args, OPENED), _given(args, ANSWERS)
    touched: list[Secret] = []
    for name in {*opened, *answers}:
        piece = state.pieces.get(name)
        if isinstance(piece, Secret) and piece.locked is not None:
            touched.append(piece)
            value, nonce = opened.get(name, {}).get("value"), opened.get(name, {}).get("nonce")
            if isinstance(value, str) and isinstance(nonce, str) and not piece.revealed:
                piece.open(value, nonce)
            if name in answers:
                piece.answers = {k: v for k, v in answers[name].items() if isinstance(v, bool)}
    try:
        yield
    except SecretNeeded as err:
        name = next((n for n, p in state.pieces.items() if p is err.piece), "")
        raise SecretLocked(name, err.piece.owner, err.piece.label, err.kind,
                           err.query) from None
    finally:
        for piece in touched:
            piece.relock()


def _given(args: dict[str, Any], key: str) -> dict[str, dict[str, Any]]:
    """The secrets ``args[key]`` names, as far as they are well formed (``Action.validate``
    refuses the rest, naming the field)."""
    given = args.get(key)
    if not isinstance(given, dict):
        return {}
    return {str(k): v for k, v in given.items() if isinstance(v, dict)}


def validate_action(action: Action, state: State, args: dict[str, Any]) -> dict[str, Any]:
    """``action``'s checked arguments, its checks seeing the sealed secrets as its rules do
    (``secrets_given``): a claim checked there is decided by the recorded answer."""
    with secrets_given(state, args):
        return action.validate(state, args)


def apply_action(action: Action, state: State, args: dict[str, Any], rng: Random
                 ) -> list[Note]:
    """Apply one action to ``state``, its sealed secrets given as its arguments recorded
    (``secrets_given``). Used by the session and the report alike."""
    with secrets_given(state, args):
        if OPENED in args or ANSWERS in args or CHANCE in args:
            args = {k: v for k, v in args.items() if k not in (*RESERVED_ARGS, CHANCE)}
        try:
            return normalise(action.apply(state, args, rng))
        except SecretNeeded:
            raise
        except PieceError as err:
            raise ActionError(str(err)) from err


def _bound(opener: Callable[[str, str, str | None], tuple[str, str]], name: str
           ) -> Callable[[str, str | None], tuple[str, str]]:
    return lambda kind, query: opener(name, kind, query)


class Session:
    """A game being played: do, undo, redo, jump, and the state at the head."""

    def __init__(
        self,
        game: Game,
        setup: SessionSetup,
        seed: str,
        *,
        events: Sequence[Event] = (),
        head: int | None = None,
        journal: Journal | None = None,
        clock: Callable[[], str] | None = None,
        snapshot: tuple[int, str, dict[str, Any]] | None = None,
        by: str = "",
        chance: bool = False,
    ) -> None:
        self.game = game
        self.setup = game.check_setup(setup)
        self.seed = seed  # ``chance``: the setup's public bits, no seed of any draw
        self.chance = chance
        self.by = by  # which window this is, written with each record ("app 4121")
        self._events: list[Event] = list(events)
        self.head = len(self._events) if head is None else max(0, min(head, len(self._events)))
        self._journal = journal
        self._clock = clock or (lambda: "")
        # only this play mode's actions: a solo game never offers (or replays) the others
        self._actions = {a.name: a for a in (*game.actions,
                                             *common_actions(game, self.setup.mode))
                         if not a.modes or self.setup.mode in a.modes}
        self._snapshots: dict[int, State] = {
            0: game.start(self.setup, rng_of(seed, chance, 0, {}))}
        self._previous: tuple[int, State] | None = None
        self._digest_memo: tuple[list[Event], str] | None = None  # see _digest
        if snapshot is not None:
            self._adopt_snapshot(*snapshot)
        self.state, self.notes = self._rebuild(self.head)
        # The notes the head's event gave, and the event's before it: an undo by one tells
        # the table again what the action now last told it, without replaying it.
        self._told: tuple[int, list[Note]] = (self.head, self.notes)
        self._told_before: tuple[int, list[Note]] | None = None

    def attach(self, journal: Journal) -> None:
        """Send every later record to ``journal`` (once its file exists)."""
        self._journal = journal

    # --- reading ---------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """Every recorded event, including undone ones past the head."""
        return list(self._events)

    def actions(self) -> list[Action]:
        return list(self._actions.values())

    def action(self, name: str) -> Action:
        if name not in self._actions:
            raise ActionError(f"{self.game.title} has no action named {name!r}", "action")
        return self._actions[name]

    def available(self, name: str) -> bool:
        """Whether the action may be taken now (the game running, its own rule allowing)."""
        return self.blocked(name) is None

    def blocked(self, name: str) -> str | None:
        """Why the action cannot be taken now (and what would allow it), or None if it can."""
        action = self.action(name)
        if not action.after_end:
            record = self.game.end_record(self.state)
            if record is not None:
                return f"the game is over ({record.ending}); undo to take back the end"
        return action.blocked(self.state)

    def check_allowed(self, action: Action) -> None:
        """ActionError saying why ``action`` cannot be taken now, if it cannot."""
        if not action.after_end:
            record = self.game.end_record(self.state)
            if record is not None:
                raise ActionError(f"{action.title}: the game is over ({record.ending}); undo "
                                  "to take back the end", "action")
        reason = action.blocked(self.state)
        if reason is not None:
            raise ActionError(f"{action.title} is not possible now: {reason}", "action")

    def describe(self, event: Event) -> str:
        action = self._actions.get(event.action)
        if action is None:
            return event.action
        text = action.describe(event.args)
        if event.by and any(p.secret and p.name != "nonce" and event.args.get(p.name)
                            is not None for p in action.params):
            piece = self.state.pieces.get(str(event.args.get("secret", "")))
            owner = piece.owner if isinstance(piece, Secret) else action.private_to
            text += f": {chosen_where(owner or 'its owner', event.by)}"
        if event.args.get(ABSENT) is True and any(p.name == ABSENT for p in action.params):
            text += " (its owner absent: left unchecked, the secret still sealed)"
        return text

    def history(self, latest: int | None = None) -> list[HistoryEntry]:
        """The log, oldest first; ``latest`` keeps only the last few (a side panel)."""
        events = self._events if latest is None else self._events[-latest:]
        return [HistoryEntry(e.seq, self.describe(e), e.at, e.seq > self.head) for e in events]

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        return self.head < len(self._events)

    # --- acting ----------------------------------------------------------------
    def do(self, name: str, /, **args: Any) -> list[Note]:
        """Check, apply and record one action; returns what the table must do now."""
        return self.act(name, args)

    def act(self, name: str, args: dict[str, Any], *,
            keys: dict[str, Any] | None = None, draw: Source | None = None) -> list[Note]:
        """``do`` with the arguments as a dict, and ``keys`` (an owner's new key pair, from
        the API) written in the same record as the action. ``draw`` gives the random bits of
        a draw (the app's, from the OS): what the action used is recorded with it."""
        action = self.action(name)
        self.check_allowed(action)
        work = self.state.copy()  # its checks may lend it a sealed secret's answers
        checked = validate_action(action, work, args)
        missing = action.board_needs(self.state, checked)
        if missing:
            labels = ", ".join(self.game.board_value(k).label for k in missing)
            raise BoardValueNeeded(f"{action.title} needs a value from your board: {labels}",
                                   missing)
        seq = self.head + 1
        when = self.game.moment_of(self.state)
        before = _codes(work)
        rng = rng_of(self.seed, self.chance, seq, checked, draw)
        notes = apply_action(action, work, checked, rng)
        if isinstance(rng, Chance) and rng.used:
            checked = {**checked, CHANCE: rng.used}
        shown = {k: v for k, v in _codes(work).items() if v and before.get(k) != v}
        event = Event(seq, name, checked, self._clock(), when, self.by, shown, dict(keys or {}))
        if self._journal is not None:
            self._journal.append(event.to_record())  # durable before anyone is told
        del self._events[self.head:]
        self._snapshots = {k: v for k, v in self._snapshots.items() if k < seq}
        self._events.append(event)
        self.head = seq
        self._previous = (seq - 1, self.state)  # the state one event back: snapshot() uses it
        self.state = work
        if seq % SNAPSHOT_EVERY == 0:
            self._snapshots[seq] = work.copy()
        self.notes = notes
        self._told_before, self._told = self._told, (seq, notes)
        return notes

    def trial(self, name: str, args: dict[str, Any],
              opener: Callable[[str, str, str | None], tuple[str, str]] | None = None
              ) -> list[Note]:
        """``do`` on a copy, recording nothing: what it would say (or its refusal, e.g.
        ``SecretLocked`` when it needs a sealed secret). With ``opener``, a sealed secret
        the action needs is opened by it instead, (secret, kind, query) -> (value, nonce):
        one trial meets every secret the action opens, whichever way its rules branch."""
        action = self.action(name)
        self.check_allowed(action)
        work = self.state.copy()  # its checks may ask a sealed secret too (a claim about it)
        if opener is not None:
            for piece_name, piece in work.pieces.items():
                if isinstance(piece, Secret) and piece.locked is not None:
                    piece.opener = _bound(opener, piece_name)
        checked = validate_action(action, work, args)
        missing = action.board_needs(work, checked)
        if missing:
            labels = ", ".join(self.game.board_value(k).label for k in missing)
            raise BoardValueNeeded(f"{action.title} needs a value from your board: {labels}",
                                   missing)
        seq = self.head + 1  # a draw it makes is a stand-in: nothing is shown or kept
        return apply_action(action, work, checked,
                            rng_of(self.seed, self.chance, seq, checked, dry))

    def announcement(self) -> list[str]:
        """What the table hears for the action at the head (nothing at the start): the
        game's announcements from the state before it to the state after it."""
        from trackers.engine.announce import announcements

        if self.head == 0 or self.game.announce is None:
            return []
        if self._previous is not None and self._previous[0] == self.head - 1:
            before = self._previous[1]
        else:
            before, _ = self._rebuild(self.head - 1)
        return announcements(self.game, before, self.state, self._events[self.head - 1].action)

    def undo(self, steps: int = 1) -> list[Note]:
        if steps < 1:
            raise ActionError("steps: give 1 or more", "steps")
        if not self.can_undo:
            raise ActionError("nothing to undo", "undo")
        return self.jump(max(0, self.head - steps))

    def redo(self, steps: int = 1) -> list[Note]:
        if steps < 1:
            raise ActionError("steps: give 1 or more", "steps")
        if not self.can_redo:
            raise ActionError("nothing to redo", "redo")
        return self.jump(min(len(self._events), self.head + steps))

    def jump(self, head: int) -> list[Note]:
        """Move to any point of the history (0 = the setup)."""
        if not 0 <= head <= len(self._events):
            raise ActionError(f"head: give 0 to {len(self._events)}", "head")
        if head == self.head:
            return []
        before = self.state
        if self._journal is not None:
            self._journal.append(head_record(head, self._clock()))
        old = self.head
        # a redo starts from the state at hand, an undo by one from the state one back
        self.state, redo_notes = self._rebuild(head, (old, before) if old < head
                                               else self._previous)
        self._previous = (old, before) if head == old + 1 else None
        self.head = head
        if head < old:
            undone = [self.describe(e) for e in self._events[head:old]]
            notes = [Note("Undone: " + "; ".join(reversed(undone)))]
            notes += _unfired(before, self.state)
            if not redo_notes and self._told_before and self._told_before[0] == head:
                redo_notes = self._told_before[1]  # the state one back was at hand
            if head and redo_notes:  # what the table was told then: the step now due again
                notes += [Note(f"Again, as after '{self.describe(self._events[head - 1])}':"),
                          *redo_notes]
            self._told_before = None
        else:
            redone = [self.describe(e) for e in self._events[old:head]]
            notes = [Note("Redone: " + "; ".join(redone)), *redo_notes]
            self._told_before = self._told if head == old + 1 else None
        self._told = (head, redo_notes)
        self.notes = notes
        return notes

    # --- snapshots ------------------------------------------------------------------
    def snapshot(self) -> tuple[int, str, dict[str, Any]]:
        """(seq, digest, state) for the store to keep beside the journal.

        Taken one event before the head: a session reopened from it replays the head event,
        so the players see that action's notes again, exactly as after a full replay.
        """
        seq = max(0, self.head - 1)
        if seq == self.head:
            state = self.state
        elif self._previous is not None and self._previous[0] == seq:
            state = self._previous[1]
        else:
            state = self._rebuild(seq)[0]
        return seq, self._digest(seq), state.to_dict()

    def snapshot_point(self) -> tuple[int, str]:
        """The (seq, digest) ``snapshot`` would give, without building its state: enough to
        see that a snapshot already kept is this one."""
        seq = max(0, self.head - 1)
        return seq, self._digest(seq)

    def _digest(self, seq: int) -> str:
        """``chain_digest`` of the first ``seq`` events, remembered for the same events (the
        very same objects, held here): undo and redo at a snapshot's point of the game
        otherwise hash the whole history at each key."""
        events = self._events[:seq]
        kept = self._digest_memo
        if kept is not None and len(kept[0]) == seq and all(
                a is b for a, b in zip(kept[0], events, strict=True)):
            return kept[1]
        digest = chain_digest(events)
        self._digest_memo = (events, digest)
        return digest

    def _adopt_snapshot(self, seq: int, digest: str, data: dict[str, Any]) -> None:
        if 0 < seq <= len(self._events) and self._digest(seq) == digest:
            try:
                state = State.from_dict(data)
            except (PieceError, KeyError, TypeError, ValueError, AttributeError):
                return  # a snapshot only saves time: one that cannot be read means full replay
            self._snapshots[seq] = state

    # --- replay -------------------------------------------------------------------
    def _apply(self, action: Action, state: State, args: dict[str, Any], seq: int) -> list[Note]:
        return apply_action(action, state, args, rng_of(self.seed, self.chance, seq, args))

    def _rebuild(self, head: int, near: tuple[int, State] | None = None
                 ) -> tuple[State, list[Note]]:
        """The state after ``head`` events, replayed from the latest in-memory snapshot, or
        from ``near`` (a state already built at that point: the one at hand, or one back)
        when it is closer: undo and redo by one then replay at most one event, not up to
        ``SNAPSHOT_EVERY``. The head's own event is replayed (from the snapshot before it),
        so its notes are the ones returned, as when it was done."""
        start = max(k for k in self._snapshots if k < head or k == 0)
        origin = self._snapshots[start]
        if near is not None and start <= near[0] <= head:
            start, origin = near
        state = origin.copy()
        notes: list[Note] = []
        for event in self._events[start:head]:
            action = self._actions.get(event.action)
            if action is None:
                notes = [Note(f"skipped an unknown action {event.action!r} from a newer version")]
                continue
            try:
                notes = self._apply(action, state, event.args, event.seq)
            except ActionError as err:
                # Played once without error, refused now: a rule changed since it was saved.
                # Skip it and say so, rather than leave the whole game unopenable.
                notes = [Note(f"skipped {self.describe(event)}: it no longer applies ({err})")]
                continue
            keep_codes(state, event.codes)
            if event.seq % SNAPSHOT_EVERY == 0:
                self._snapshots[event.seq] = state.copy()
        return state, notes

    # --- other windows ----------------------------------------------------------------
    def absorb(self, events: Sequence[Event], head: int) -> None:
        """Take the history another window wrote to the shared journal (its events and
        head) as this session's own; the state is rebuilt from the last in-memory
        snapshot both histories still share."""
        events = list(events)
        same = 0
        for mine, theirs in zip(self._events, events, strict=False):
            if mine != theirs:
                break
            same += 1
        self._events = events
        self.head = max(0, min(head, len(events)))
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= same}
        self._previous = None
        self.state, self.notes = self._rebuild(self.head)
        self._told, self._told_before = (self.head, self.notes), None


def _unfired(before: State, after: State) -> list[Note]:
    """Milestones that were reached before an undo and are not any more."""
    notes = []
    for name, piece in before.pieces.items():
        now = after.pieces.get(name)
        if isinstance(piece, Track) and isinstance(now, Track):
            for key in piece.fired:
                if key not in now.fired:
                    notes.append(Note(f"{piece.label}: milestone {key} is no longer reached"))
    return notes


def _codes(state: State) -> dict[str, str | None]:
    """Every secret's commitment code now (to see which codes an action showed the table)."""
    return {name: p.code for name, p in state.pieces.items() if isinstance(p, Secret)}


def keep_codes(state: State, shown: dict[str, str]) -> None:
    """On replay, each secret keeps the code the table saw when it was chosen, as recorded:
    a value edited in the journal afterwards then fails its reveal instead of matching a code
    recomputed from the edited value."""
    for name, code in shown.items():
        piece = state.pieces.get(name)
        if isinstance(piece, Secret) and piece.code != code:
            piece.code = code
            if piece.codes:
                piece.codes[-1] = code
