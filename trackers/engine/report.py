"""The game report: what happened in a game, read back from its events.

Replaying the events one by one gives, for every value a piece keeps (tracks, countdowns,
counters, bags, score markers: what "set a value by hand" can set) and every value a game
declares in ``Game.charted`` (a count it keeps in ``facts``), its value
after each action, grouped by the game's own moments (rounds, turns, Cycles: ``Game.moment``
recorded with each event), and the key moments on the same time axis: milestones fired,
countdown markers gone off, secrets revealed, the actions a game names as key (deaths,
launches, overrides) and the end. Only revealed secrets appear, with the commitment code seen
when they were chosen. Pure: no files, no screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from trackers.engine.actions import ActionError
from trackers.engine.common_actions import common_actions
from trackers.engine.game import EndRecord, Game, SessionSetup
from trackers.engine.records import Event
from trackers.engine.session import apply_action, keep_codes, rng_of
from trackers.engine.state import State
from trackers.pieces import Countdown, PieceError, Secret, Track
from trackers.pieces.secret import reveal_matches


@dataclass(frozen=True)
class Point:
    """A value right after the event at ``seq`` (0: the setup), in the moment it happened."""

    seq: int
    moment: int
    value: int


@dataclass(frozen=True)
class Series:
    """One tracked value over the game: "Self-Destruct", "Hostility", "Intruder bag: larva"."""

    key: str  # "piece.field"
    label: str
    points: tuple[Point, ...]
    # What the board calls a value that is not a plain number (a track's final "S")
    names: Mapping[int, str] = field(default_factory=dict)

    def shown(self, value: int) -> str:
        """A value as the board names it: "S", not 0."""
        return self.names.get(value, str(value))

    def by_moment(self) -> list[tuple[int, int]]:
        """(moment, value at its end) for every moment the game reached, in order."""
        last: dict[int, int] = {}
        for point in self.points:
            last[point.moment] = point.value
        return sorted(last.items())

    @property
    def changed(self) -> bool:
        return len({p.value for p in self.points}) > 1


@dataclass(frozen=True)
class KeyMoment:
    """Something the table will remember, at the event ``seq`` in moment ``moment``."""

    seq: int
    moment: int
    at: str
    kind: str  # "milestone", "countdown", "reveal", "action", "game" (a note), "end"
    text: str


@dataclass(frozen=True)
class RevealedSecret:
    """A secret shown to the table, with the code it committed to."""

    label: str
    owner: str
    value: str
    nonce: str
    code: str
    held_by: tuple[str, ...] = ()  # the players who hold the owner (``Game.holders``)

    @property
    def matches(self) -> bool:
        """Whether value and nonce give the code the table was shown, rechecked now."""
        return reveal_matches(self.value, self.nonce, self.code)


@dataclass(frozen=True)
class TableLogLine:
    """A look, a wrong PIN or a reveal: kept outside the events, never undone (a reveal whose
    action was undone says so)."""

    kind: str
    text: str
    at: str
    undone: bool


@dataclass(frozen=True)
class CodeShown:
    """A commitment code the table saw, at the action that showed it: a photo of the screen
    checks the journal against these."""

    seq: int
    secret: str
    code: str
    at: str


@dataclass(frozen=True)
class Report:
    """Everything the report screen, its Markdown and the play history show."""

    game: str
    title: str
    unit: str  # "round", "turn", "cycle": the game's moment
    actions: int
    series: tuple[Series, ...]
    moments: tuple[KeyMoment, ...]
    end: EndRecord | None
    secrets: tuple[RevealedSecret, ...] = field(default=())
    started: str = ""
    last: str = ""

    reached: int = 0  # the moment the game stands in at the end of the report
    codes: tuple[CodeShown, ...] = ()  # every commitment code shown, in order
    table_log: tuple[TableLogLine, ...] = ()  # looks, wrong PINs, reveals (filled by the API)
    has_secrets: bool = True  # False: the game keeps no hidden information at all
    players: tuple[str, ...] = ()  # the names at the table (a series named so is a score)
    # the moment of each action in order (action 1 first): charts spread a moment's actions
    moment_of_action: tuple[int, ...] = ()

    @property
    def length(self) -> int:
        """How many moments (rounds, turns) the game reached."""
        return max([self.reached, *(m for s in self.series for m, _ in s.by_moment())])


def build_report(game: Game, setup: SessionSetup, seed: str, events: Sequence[Event],
                 head: int | None = None, *, chance: bool = False) -> Report:
    """Replay ``events`` up to ``head`` and gather the report. A replay is exact: each event
    draws from its own random stream, as when it was played."""
    head = len(events) if head is None else head
    actions = {a.name: a for a in (*game.actions, *common_actions(game))}
    key_actions = set(game.key_actions)
    state = game.start(game.check_setup(setup), rng_of(seed, chance, 0, {}))
    unit = _unit(game, state, events[:head])
    values: dict[str, list[Point]] = {}
    labels: dict[str, str] = {}
    moments: list[KeyMoment] = []
    end_row: tuple[int, str] | None = None  # the "The end" row, and the ending it names
    shown: list[RevealedSecret] = []  # every reveal in order: a secret chosen again keeps each

    def held(now: State, owner: str) -> list[str]:  # the game's one rule of who holds whom
        return game.holders(now, owner, setup.names)

    _sample(game, state, 0, 1, values, labels)
    ended = game.end_record(state)
    at_moment: list[int] = []
    for event in events[:head]:
        at_moment.append(int(event.when.get(unit, 1)) if event.when else 1)
        action = actions.get(event.action)
        if action is None:
            continue  # an action of a newer version: the replay skips it, as the session does
        before = _marks(state)
        try:
            notes = apply_action(action, state, dict(event.args),
                                 rng_of(seed, chance, event.seq, event.args))
        except (PieceError, ActionError):
            continue  # it was played without error once; a replay that differs skips it
        keep_codes(state, event.codes)
        moment = int(event.when.get(unit, 1)) if event.when else 1
        _sample(game, state, event.seq, moment, values, labels)
        moments += _changes(before, state, event, moment)
        shown += [s for s in _revealed(state, before, held) if s not in shown]
        if event.action in key_actions:
            moments.append(KeyMoment(event.seq, moment, event.at, "action",
                                     action.describe(event.args)))
        moments += [KeyMoment(event.seq, moment, event.at, "game", note.key_moment)
                    for note in notes if note.key_moment]
        now = game.end_record(state)
        if now is not None and ended is None:
            end_row = (len(moments), now.ending)
            moments.append(KeyMoment(event.seq, moment, event.at, "end", _end_text(now)))
        ended = now
    if end_row is not None and ended is not None and ended.ending == end_row[1]:
        # the same ending, as it finally stands: what it left to do then (a Victory Check)
        # may be done by now, and the row says so rather than what was still to do
        row = end_row[0]
        moments[row] = replace(moments[row], text=_end_text(ended))
    reached = game.moment_of(state).get(unit)
    if reached is not None and events[:head]:
        _sample(game, state, head, int(reached), values, labels)  # where the game stands now
    last_moment = max([int(reached or 0),
                       *(int(e.when.get(unit, 0)) for e in events[:head] if e.when)])
    names = _value_names(state)
    series = tuple(Series(key, labels[key], tuple(points), names.get(key, {}))
                   for key, points in values.items())
    done = events[:head]
    labels_now = {n: p.label for n, p in state.pieces.items() if isinstance(p, Secret)}
    codes = tuple(CodeShown(e.seq, labels_now.get(name, name), code, e.at)
                  for e in done for name, code in e.codes.items())
    return Report(game.id, game.title, unit, head,
                  tuple(s for s in series if s.changed or s.key.endswith(".position")),
                  tuple(moments), ended,
                  tuple(shown) + tuple(s for s in _revealed(state, None, held)
                                       if s not in shown),
                  done[0].at if done else "", done[-1].at if done else "", last_moment,
                  codes, has_secrets=any(isinstance(p, Secret) for p in state.pieces.values()),
                  players=tuple(setup.names), moment_of_action=tuple(at_moment))


def _end_text(record: EndRecord) -> str:
    return f"The end: {record.ending}" + (f" ({record.summary})" if record.summary else "")


def _value_names(state: State) -> dict[str, dict[int, str]]:
    """The named spaces of each track ("S"), by series key."""
    return {f"{name}.{spec.name}": dict(piece.space_names)
            for name, piece in state.pieces.items() if isinstance(piece, Track)
            and piece.space_names for spec in piece.fields()}


def _unit(game: Game, state: State, events: Sequence[Event]) -> str:
    """The name of the game's moment: the first key its ``moment`` gives ("round")."""
    for event in events:
        if event.when:
            return next(iter(event.when))
    now = game.moment_of(state)
    return next(iter(now)) if now else "round"


def _sample(game: Game, state: State, seq: int, moment: int,
            values: dict[str, list[Point]], labels: dict[str, str]) -> None:
    for label, read in game.charted.items():  # the game's own values, kept in facts
        value = read(state)
        if value is not None:
            _add(values, labels, f"charted.{label}", label, Point(seq, moment, int(value)))
    for name, piece in state.pieces.items():
        if isinstance(piece, Secret):
            continue  # its value is hidden; its reveal is a key moment instead
        for spec in piece.fields():
            key = f"{name}.{spec.name}"
            # the latest label: a track's label may change once its printed start is entered
            label = piece.label if len(piece.fields()) == 1 else f"{piece.label}: {spec.label}"
            _add(values, labels, key, label, Point(seq, moment, piece.get_field(spec.name)))


def _add(values: dict[str, list[Point]], labels: dict[str, str], key: str, label: str,
         point: Point) -> None:
    """One value after an event: a new point when it or the moment changed."""
    points = values.setdefault(key, [])
    labels[key] = label
    if not points or points[-1].value != point.value or points[-1].moment != point.moment:
        points.append(point)


def _marks(state: State) -> dict[str, tuple[str, ...] | bool]:
    """What key moments compare before and after an event (cheaper than copying the state):
    milestones fired, markers gone off, secrets revealed."""
    marks: dict[str, tuple[str, ...] | bool] = {}
    for name, piece in state.pieces.items():
        if isinstance(piece, Track):
            marks[name] = tuple(piece.fired)
        elif isinstance(piece, Countdown):
            marks[name] = tuple(piece.gone_off)
        elif isinstance(piece, Secret):
            marks[name] = piece.revealed
    return marks


def _changes(before: dict[str, tuple[str, ...] | bool], after: State, event: Event,
             moment: int) -> list[KeyMoment]:
    """Milestones fired, countdown markers gone off and secrets revealed by one event."""
    out = []
    for name, piece in after.pieces.items():
        old = before.get(name, ())
        if isinstance(piece, Track) and isinstance(old, tuple):
            notes = {m.key: m.note for m in piece.milestones}
            for key in piece.fired:
                if key not in old:
                    # a note that names its own mark ("Self-Destruct 20: ...") is said once
                    note = notes.get(key, "")
                    text = (note if note.startswith(piece.label)
                            else f"{piece.label} {key}: {note}".strip())
                    out.append(KeyMoment(event.seq, moment, event.at, "milestone", text))
        elif isinstance(piece, Countdown) and isinstance(old, tuple):
            for marker in piece.gone_off:
                if marker not in old:
                    out.append(KeyMoment(event.seq, moment, event.at, "countdown",
                                         f"{piece.label}: {marker} reached 0"))
        elif isinstance(piece, Secret) and piece.revealed and old is False:
            # beside the code the table saw when it was chosen (a secret re-chosen later, as a
            # Reality Calibration is, keeps each reveal here with its own code)
            code = f" (code {piece.code})" if piece.code else ""
            out.append(KeyMoment(event.seq, moment, event.at, "reveal",
                                 f"{piece.label} revealed: {piece.value}{code}"))
    return out


def _revealed(state: State, before: dict[str, tuple[str, ...] | bool] | None = None,
              holders: Callable[[State, str], Sequence[str]] | None = None
              ) -> tuple[RevealedSecret, ...]:
    """Revealed secrets only: a secret never revealed never appears, game over or not. With
    ``before`` (the marks before an event), only those this event revealed."""
    out = []
    for name, piece in state.pieces.items():
        if before is not None and before.get(name, False) is not False:
            continue
        if isinstance(piece, Secret) and piece.revealed and piece.value is not None:
            out.append(RevealedSecret(piece.label, piece.owner, piece.value, piece.nonce or "",
                                      piece.code or "",
                                      tuple(holders(state, piece.owner)) if holders else ()))
    return tuple(out)
