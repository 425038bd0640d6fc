"""A game's contract: everything one game brings, in one place.

``GameInfo`` (in ``info``, re-exported here) is what menus need before any rules load (id,
title, play modes, the words that identify its rulebook, its synonyms, the tools it adds);
each game package's ``__init__`` defines one, and the registry finds them. ``Game`` adds the
rules: options, setup, actions,
board values, what the screen shows, the status Home shows and the structured end record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any

from trackers.engine.actions import Action, ActionError, Note
from trackers.engine.announce import Announcer
from trackers.engine.board import BoardValue
from trackers.engine.info import GameInfo, PlayMode

if TYPE_CHECKING:
    from trackers.engine.state import State

NAME_LIMIT = 40  # characters in a player name: New game, the score sheet and the CLI alike


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (spaces inside it counted once), or None: the
    one rule for a name everywhere, 1 to NAME_LIMIT printable characters."""
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > NAME_LIMIT or not cleaned.isprintable():
        given = f" ({len(cleaned)} given)" if len(cleaned) > NAME_LIMIT else ""
        return f"give 1 to {NAME_LIMIT} printable characters{given}"
    return None


@dataclass(frozen=True)
class EndRecord:
    """How a game ended, for Home, the report and the play history.

    ``ending`` is the rulebook's name for it ("Ending B", "E2", "Abandon Ship");
    ``winners`` are player names; ``sides`` the sides that won ("crew", "lifeform");
    ``outcomes`` a word per player ("survivor", "winner", "fired"); ``scores`` points.
    """

    ending: str
    summary: str = ""
    winners: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    outcomes: Mapping[str, str] = field(default_factory=dict)
    scores: Mapping[str, int] = field(default_factory=dict)
    # Why the winners may still change (secrets not yet revealed); empty once they are final.
    provisional: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"ending": self.ending, "summary": self.summary, "winners": list(self.winners),
                "sides": list(self.sides), "outcomes": dict(self.outcomes),
                "scores": dict(self.scores), "provisional": self.provisional}

    def winners_line(self) -> str | None:
        """"Winners: Ann, Bo", marked provisional while they may change; None if none."""
        if not self.winners and not self.provisional:
            return None
        names = ", ".join(self.winners) or "none so far"
        if self.provisional:
            return f"Winners (provisional: {self.provisional}): {names}"
        return f"Winners: {names}"


@dataclass(frozen=True)
class Option:
    """A choice made when a game is created. ``kind``: "bool", "choice" or "multi"."""

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    help: str = ""
    modes: tuple[str, ...] = ()  # the play modes that offer it; empty: every mode
    labels: dict[str, str] = field(default_factory=dict)  # what a form shows for a choice
    # What a new game starts with, where it differs from ``default``: ``default`` stays what a
    # game saved before the option (or before this change) reads as, so it replays as played.
    new_default: Any = None
    # A bool another option's choice brings in (a scenario that puts a board part in play):
    # (option, value) pairs; a new game with one of them has this ticked, and a form shows it
    # ticked and fixed.
    brought_in_by: tuple[tuple[str, str], ...] = ()

    @property
    def for_new_game(self) -> Any:
        """The value a New-game form, the CLI and the API start a game with."""
        return self.default if self.new_default is None else self.new_default

    def brought_in(self, values: Mapping[str, Any]) -> str | None:
        """The chosen value of another option that brings this one in, or None."""
        return next((value for name, value in self.brought_in_by
                     if values.get(name) == value), None)

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ActionError(f"option {self.name}: give true or false", self.name)
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise ActionError(
                    f"option {self.name}: {value!r} is not allowed; give one of "
                    + ", ".join(self.choices), self.name)
            return value
        values = list(value) if isinstance(value, (list, tuple)) else None
        if values is None or any(v not in self.choices for v in values):
            raise ActionError(
                f"option {self.name}: give a list drawn from " + ", ".join(self.choices), self.name)
        return sorted(set(values))


@dataclass(frozen=True)
class SessionSetup:
    """What a session is created with: players, play mode, names, options and board values.

    ``mode`` empty means "the game's first mode for this many players" (journals written
    before play modes existed read that way too).
    """

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] = ()
    board: dict[str, Any] = field(default_factory=dict)
    mode: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "mode": self.mode, "options": dict(self.options),
                "names": list(self.names), "board": dict(self.board)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionSetup:
        return cls(data["players"], dict(data.get("options", {})),
                   tuple(data.get("names", ())), dict(data.get("board", {})),
                   str(data.get("mode", "")))


@dataclass(frozen=True)
class Panel:
    """A block of text lines a game adds to its screen (launch readiness, who plays next)."""

    title: str
    lines: tuple[str, ...]
    topic: str | None = None


Setup = Callable[[SessionSetup, Random], "State"]
Banner = Callable[["State"], "Sequence[str]"]
BoardChanged = Callable[["State", str, Any], "Sequence[Note | str]"]


@dataclass(frozen=True)
class Game:
    """Everything the engine needs to run one game: its ``info`` plus the rules.

    ``setup`` builds the pieces and facts a game starts with. The engine does the rest for
    every game (``start``): it seeds ``state.board`` with the board values entered before
    the game (the board profile, and any given at creation) and applies each one as
    ``board_changed`` does when it is entered later, so a setup need not copy them.

    When is a game over: exactly when ``end`` returns an ``EndRecord`` (None while it runs).
    From then on the engine refuses every action not marked ``after_end``, Home shows
    "ended: ...", and the report closes with the record. A game with secrets decides itself
    whether its end waits for a reveal: ``end`` reads its pieces like any other rule.

    ``status`` is the line Home shows. ``moment`` says when in the game the table is
    (``{"round": 3}``): it is read *before* each action runs, from the state the action
    starts from, and recorded with that action, so an action that ends round 3 is a moment
    of round 3. ``banner`` gives the lines the session screen keeps above the tracks (where
    the game is, what is under way), redrawn after every change. Action keys may not take
    one of ``trackers.engine.keys.RESERVED_KEYS``, nor two actions of one play mode the
    same key: making such a ``Game`` raises, naming both.
    """

    info: GameInfo
    setup: Setup
    actions: tuple[Action, ...] = ()
    options: tuple[Option, ...] = ()
    board_values: tuple[BoardValue, ...] = ()
    topics: dict[str, str] = field(default_factory=dict)  # piece name -> reference topic
    board_changed: BoardChanged | None = None  # re-read pieces after a board value is set
    panels: Callable[[State], list[Panel]] | None = None  # extra text panels for the screen
    checklist: Callable[[State], list[tuple[str, bool]]] | None = None  # (step, done) now
    # Checks across board values (one value may bound another); returns the problems found.
    check_board: Callable[[dict[str, Any]], list[str]] | None = None
    end: Callable[[State], EndRecord | None] | None = None
    status: Callable[[State], str] | None = None
    moment: Callable[[State], dict[str, int]] | None = None
    banner: Banner | None = None  # lines kept above the tracks on the session screen
    # Whether an action is taken in one key now, without its form: every field it would ask
    # is one the app fills itself (a card it flips). Pandora's Nasty round at one key a step.
    one_key: Callable[[State, str], bool] | None = None
    # Published values for the printed board (e.g. a public list of a track's slots), offered
    # once as a whole profile the table accepts with one key and then checks against its
    # board; ``board_defaults_note`` says where they come from. Never applied unasked.
    board_defaults: Mapping[str, Any] = field(default_factory=dict)
    board_defaults_note: str = "public defaults: check them against your board"
    # Actions the game report shows as key moments (deaths, launches, overrides).
    key_actions: tuple[str, ...] = ()
    # Board values a game learns in play that the table keeps for its later games (a card
    # the rulebook does not describe, entered once): saved to the profile after each action.
    keep_in_profile: Callable[[State], dict[str, Any]] | None = None
    # Who holds a secret's owner at this table: the players (of ``names``, the table's) who
    # choose, look at and reveal that owner's secrets, on the laptop behind the curtain or at
    # their seat. An owner that is a player's name is that player without asking; a role
    # ("Lifeform player", "Flygirl's player") is held by whom this returns (``holders``).
    # Secrets stay keyed by their owner as set up; this only says who that is.
    role_holders: Callable[[State, str, Sequence[str]], Sequence[str]] | None = None

    # Why a value may not be set by hand ("Set a value by hand"), naming the game's action
    # that moves it with its rules, or None where it may: checked when the table acts.
    hand_set: Callable[[State, str], str | None] | None = None
    # The actions that settle what the rules say is due now (a Reality Calibration after an
    # attack): a seat's "Yours to do now" lists only these; None: every private action open.
    due: Callable[[State], Sequence[str]] | None = None

    # What the table hears after an action (``trackers.engine.announce``): short phrases
    # from the state before and after it, both with every secret hidden.
    announce: Announcer | None = None

    # Values the game report charts by round besides the pieces (a count kept in ``facts``):
    # label -> how to read it from the state (None while it means nothing yet).
    charted: Mapping[str, Callable[[State], int | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from trackers.engine.keys import key_clashes

        problems = key_clashes(self.info.title, self.actions)
        if problems:
            raise ValueError("; ".join(problems))

    def holders(self, state: State, owner: str, names: Sequence[str]) -> list[str]:
        """The players who hold ``owner``'s secrets (one rule for the curtain, the seats and
        the report): the owner when it is a player's name, else the game's ``role_holders``."""
        if owner in names:
            return [owner]
        if self.role_holders is None:
            return []
        return [p for p in dict.fromkeys(self.role_holders(state, owner, names)) if p in names]

    def owner_name(self, state: State, owner: str, names: Sequence[str]) -> str:
        """The owner as the table names them: the one player who holds the role ("Ann" for
        the Lifeform player), else the owner as set up."""
        held = self.holders(state, owner, names)
        return held[0] if len(held) == 1 else owner

    # --- starting ------------------------------------------------------------------------
    def start(self, setup: SessionSetup, rng: Random) -> State:
        """The state a session starts from: the game's ``setup``, then the board values
        entered before the game, seeded and applied (in the order the game declares them)."""
        state = self.setup(setup, rng)
        state.board = dict(setup.board)
        if self.board_changed is not None:
            order = [v.key for v in self.board_values if v.key in setup.board]
            order += [k for k in setup.board if k not in order]
            for key in order:
                self.board_changed(state, key, setup.board[key])
        return state

    def banner_lines(self, state: State) -> list[str]:
        return list(self.banner(state)) if self.banner is not None else []

    # --- what the info says ----------------------------------------------------------
    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def blurb(self) -> str:
        return self.info.blurb

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.info.player_counts

    @property
    def modes(self) -> tuple[PlayMode, ...]:
        return self.info.modes

    # --- the end and the status ----------------------------------------------------
    def end_record(self, state: State) -> EndRecord | None:
        return self.end(state) if self.end is not None else None

    def is_over(self, state: State) -> bool:
        return self.end_record(state) is not None

    def status_of(self, state: State) -> str:
        """The status line Home shows: the game's own, else "ended: ..." or "in progress"."""
        if self.status is not None:
            return self.status(state)
        record = self.end_record(state)
        if record is not None:
            return f"ended: {record.ending}"
        kept = state.facts.get("status")  # a game may keep its status line as a fact
        return kept if isinstance(kept, str) and kept else "in progress"

    def moment_of(self, state: State) -> dict[str, int]:
        return dict(self.moment(state)) if self.moment is not None else {}

    # --- lookups ------------------------------------------------------------------------
    def action(self, name: str) -> Action:
        for action in self.actions:
            if action.name == name:
                return action
        raise ActionError(f"{self.title} has no action named {name!r}", "action")

    def board_value(self, key: str) -> BoardValue:
        for value in self.board_values:
            if value.key == key:
                return value
        raise ActionError(f"{self.title} has no board value named {key!r}", "key")

    def board_values_for(self, mode_id: str) -> tuple[BoardValue, ...]:
        """The printed values a play mode uses (a solo game needs fewer)."""
        return tuple(v for v in self.board_values if not v.modes or mode_id in v.modes)

    def options_for(self, mode_id: str) -> tuple[Option, ...]:
        """The options a play mode offers."""
        return tuple(o for o in self.options if not o.modes or mode_id in o.modes)

    def parse_board(self, values: dict[str, Any]) -> dict[str, Any]:
        """Check a whole set of board values: each by itself, then across them."""
        checked = {key: self.board_value(key).parse(raw) for key, raw in values.items()}
        if self.check_board is not None:
            problems = self.check_board(checked)
            if problems:
                raise ActionError("; ".join(problems), "board")
        return checked

    def check_setup(self, setup: SessionSetup, *, new: bool = False) -> SessionSetup:
        """Validate the play mode, player count, names and options; fill option defaults
        (``new``: a game being created, which takes each option's ``for_new_game``)."""
        if setup.mode:
            mode = self.info.mode(setup.mode)
            if setup.players not in mode.player_counts:
                counts = ", ".join(str(n) for n in mode.player_counts)
                raise ActionError(f"players: {self.title} {mode.title} is played by {counts}",
                                  "players")
        else:
            mode = self.info.default_mode(setup.players)
        offered = {o.name: o for o in self.options_for(mode.id)}
        for name in setup.options:
            if name not in offered:
                allowed = ", ".join(offered) or "none"
                known = any(o.name == name for o in self.options)
                why = f"is not offered in {mode.title}" if known else "is unknown"
                raise ActionError(f"option {name!r} {why} (allowed: {allowed})", name)
        options = {o.name: o.check(setup.options.get(o.name, mode.option_defaults.get(
                       o.name, o.for_new_game if new else o.default)))
                   for o in offered.values()}
        if new:  # what the chosen scenario brings in is in play, whatever was ticked
            options |= {o.name: True for o in offered.values() if o.brought_in(options)}
        names = tuple(setup.names) or tuple(f"Player {i + 1}" for i in range(setup.players))
        if len(names) != setup.players:
            raise ActionError(f"names: give {setup.players} names, one per player", "names")
        cleaned = tuple(" ".join(str(n).split()) for n in names)
        for place, name in enumerate(cleaned, 1):
            problem = name_problem(name)
            if problem:
                shown = f"{name[:20]}…" if len(name) > 20 else name  # which one, shortly
                what = f"name {place} ({shown!r})" if name else f"name {place} is empty"
                raise ActionError(f"names: {what}: each name is 1 to {NAME_LIMIT} printable "
                                  f"characters; {problem}", "names")
        folded = [n.casefold() for n in cleaned]
        for place, name in enumerate(folded, 1):
            if name in folded[:place - 1]:
                raise ActionError(f"names: {cleaned[place - 1]!r} is given twice; give each "
                                  "player a different name", "names")
        board = self.parse_board(dict(setup.board))
        return SessionSetup(setup.players, options, cleaned, board, mode.id)
