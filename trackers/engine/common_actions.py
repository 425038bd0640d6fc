"""Actions every game has: set a value by hand, enter a board value, choose, look at and
reveal secrets."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from trackers.engine.actions import ABSENT, Action, ActionError, Note, Param
from trackers.engine.claims import gone_without, went_on_without
from trackers.engine.game import Game
from trackers.engine.state import State
from trackers.pieces import Piece, Secret
from trackers.pieces.secret import is_sealed


def settable_targets(state: State) -> list[str]:
    """Every value a player may override, as "piece.field"."""
    return [f"{name}.{f.name}" for name, p in state.pieces.items() for f in p.fields()]


def target_labels(state: State) -> dict[str, str]:
    """What the set-by-hand picker shows ("Self-Destruct"), not the piece id."""
    out = {}
    for name, piece in state.pieces.items():
        fields = piece.fields()
        for spec in fields:
            out[f"{name}.{spec.name}"] = (piece.label if len(fields) == 1
                                          else f"{piece.label}: {spec.label}")
    return out


def secret_labels(state: State) -> dict[str, str]:
    """What a picker shows for each secret: its label ("Ann's kept Objective"), not its id."""
    return {name: p.label for name, p in state.pieces.items() if isinstance(p, Secret)}


def secret_names(state: State) -> list[str]:
    """Secrets the generic choose/reveal actions may touch (not those the game manages)."""
    return [name for name, p in state.pieces.items() if isinstance(p, Secret) and not p.managed]


def choosable_names(state: State) -> list[str]:
    """Secrets the generic choose may set now: not managed by the game, and not chosen yet
    unless the rules let the owner replace it now (``Secret.replaceable``)."""
    return [name for name, p in state.pieces.items()
            if isinstance(p, Secret) and not p.managed and p.may_choose]


def _set_value(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    name, _, field = args["target"].partition(".")
    piece: Piece = state.pieces[name]
    old = piece.get_field(field)
    notes: list[Note | str] = [f"{piece.label} {field} set by hand: {old} -> {args['value']}"]
    return notes + list(piece.set_field(field, args["value"]))


@dataclass(frozen=True)
class SetValueAction(Action):
    """'Set a value by hand', refused where the game moves that value only through its own
    action (``Game.hand_set``): checked when the table acts, never when a game replays."""

    hand_set: Callable[[State, str], str | None] | None = None

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        reason = self.hand_set(state, checked["target"]) if self.hand_set else None
        if reason:
            raise ActionError(f"target: {reason}", "target")
        return checked


@dataclass(frozen=True)
class RevealAction(Action):
    """'Reveal a secret', with its way on when the owner cannot give their PIN
    (``owner_absent``): refused, when the table acts, for a secret not chosen, shown, or gone
    on without already."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        if checked.get(ABSENT):
            secret = state.piece(checked["secret"], Secret)
            if not secret.is_set:
                raise ActionError(f"secret: {secret.label}: nothing has been chosen yet",
                                  "secret")
            if secret.revealed:
                raise ActionError(f"owner_absent: {secret.label} is revealed already",
                                  ABSENT)
            if gone_without(state, checked["secret"]):
                raise ActionError(f"owner_absent: the table went on without {secret.label} "
                                  "already", ABSENT)
        return checked


def all_secret_names(state: State) -> list[str]:
    """Every secret an owner may look at, the games' own included (not a sealed one)."""
    return [name for name, p in state.pieces.items() if isinstance(p, Secret) and not p.sealed]


def _choose_secret(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    secret = state.piece(args["secret"], Secret)
    if is_sealed(args["value"]):  # the API sealed value and nonce to the owner's key
        code = secret.choose(args["value"], "")
    elif args.get("nonce"):
        # The API drew the nonce and computed the code once, when the table saw it; both are
        # recorded with the choice, and the code is kept as recorded (never recomputed).
        code = secret.choose(args["value"], args["nonce"], args.get("code"))
    else:
        # Older records (and bare engine use): a nonce from the event's own random stream.
        code = secret.choose(args["value"], f"{rng.getrandbits(64):016x}")
    return [f"{secret.label} chosen for {who(secret.owner)}: commitment code {code}"]


def _reveal_secret(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    secret = state.piece(args["secret"], Secret)
    if args.get(ABSENT):
        return list(went_on_without(state, args["secret"]))
    return [reveal_note(secret, *secret.reveal())]


def reveal_note(secret: Secret, value: str, nonce: str, ok: bool) -> str:
    """The line the table reads at a reveal: value, nonce, the code seen at the commitment."""
    if ok:
        verdict = "it matches: this is what was chosen then"
    else:
        verdict = ("it DOES NOT match: value and nonce give another code, so the value was "
                   "changed after it was chosen (or the record was edited)")
    codes = list(dict.fromkeys(secret.codes))
    if len(codes) > 1:  # chosen again where the rules let its owner: every code it was shown
        shown = (f"Codes shown, oldest first: {', '.join(codes)}; checked against the one in "
                 f"force, {secret.code}")
    else:
        shown = f"Code shown when it was chosen: {secret.code}"
    return f"{secret.label} revealed: {value} (nonce {nonce}). {shown}; {verdict}"


def who(owner: str) -> str:
    """An owner as the subject of a sentence: "Ann", "Ann's player", "the Lifeform player".

    A role ("Lifeform player", "crew member 2") takes "the"; a person's name does not."""
    if owner.lower().startswith("the ") or "'s " in owner:
        return owner
    if re.fullmatch(r"Player \d+", owner):  # a seat's default name is a name
        return owner
    role = (owner[:1].islower() or " player" in owner or "(" in owner
            or any(ch.isdigit() for ch in owner))
    return f"the {owner}" if role else owner


def typed_where(by: str) -> str:
    """Where a record was typed, from the window that wrote it ("seat Ann": at Ann's seat;
    "app 4121": at the laptop; "cli 88": at the laptop's command line; else a script)."""
    if by.startswith("seat "):
        name, _, pid = by.removeprefix("seat ").rpartition(" ")
        return f"at {name if pid.isdigit() and name else by.removeprefix('seat ')}'s seat"
    if by.startswith("cli"):
        return "at the laptop's command line"
    if by.startswith("app"):
        return "at the laptop"
    return "from a script"


def chosen_where(owner: str, by: str) -> str:
    """What the log says of a secret typed in: where, and for whom; never that the owner
    did what a keyboard did ("chosen for Bo at the laptop", "chosen at Bo's seat")."""
    if by.startswith("seat "):
        return f"chosen {typed_where(by)}"
    return f"chosen for {who(owner)} {typed_where(by)}"


def _peek_secret(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    secret = state.piece(args["secret"], Secret)
    if not secret.is_set:
        raise ActionError(f"{secret.label}: nothing has been chosen yet", "secret")
    if secret.sealed and not secret.revealed:
        raise ActionError(f"{secret.label}: nobody may look before it is revealed", "secret")
    return [_peek_line(args["who"] or secret.owner, secret.label)]


def _peek_line(owner: str, label: str) -> str:
    subject = who(owner)
    return f"{subject[:1].upper()}{subject[1:]} looked at {label}"


def _peek_log(args: dict[str, Any]) -> str:
    return _peek_line(str(args.get("who") or "Someone"), str(args.get("label") or
                                                          args.get("secret") or "a secret"))


def _label_of(game: Game, key: object) -> str:
    try:
        return game.board_value(str(key)).label
    except ActionError:
        return str(key)


def common_actions(game: Game, mode: str | None = None) -> tuple[Action, ...]:
    """The engine's own actions, bound to one game (for its board values) and, given a play
    mode, to that mode's board values (a standard game never lists the solo board's)."""

    def set_board_value(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
        spec = game.board_value(args["key"])
        value = spec.parse(args["value"])
        state.board[spec.key] = value
        notes: list[Note | str] = [f"Board value set: {spec.label} = {spec.show(value)}"]
        if game.board_changed is not None:
            notes += game.board_changed(state, spec.key, value)
        return notes

    actions = [
        SetValueAction(
            "set_value", "Set a value by hand",
            "Override any tracked value when the table and the app disagree.",
            _set_value,
            (Param("target", "choice", "which value", choices=settable_targets,
                   labels=target_labels),
             Param("value", "int", "the new value")),
            after_end=True, hand_set=game.hand_set,
        ),
        Action(
            "choose_secret", "Choose a secret",
            "The owner picks a hidden value behind the privacy curtain; everyone sees its code.",
            _choose_secret,
            (Param("secret", "choice", "which secret", choices=choosable_names,
                   labels=secret_labels),
             Param("value", "str", "the hidden choice", secret=True, max_length=200),
             # Filled by the API (tableside.api): a random nonce and the code computed from
             # them when the table saw it. Optional so older records still replay.
             Param("nonce", "str", "the random nonce of the commitment", optional=True,
                   secret=True, max_length=64),
             Param("code", "str", "the commitment code shown to the table", optional=True,
                   max_length=20)),
        ),
        RevealAction(
            "reveal_secret", "Reveal a secret",
            "Show a hidden value to everyone and check it against its code.",
            _reveal_secret,
            (Param("secret", "choice", "which secret", choices=secret_names,
                   labels=secret_labels),
             Param(ABSENT, "bool", "yes: its owner is absent or cannot give their PIN; the "
                   "table goes on without the reveal, marked unchecked (it stays sealed)",
                   optional=True, default=False)),
            after_end=True, opens_secret=True,
        ),
        Action(
            "peek_secret", "Look at a secret",
            "The owner looks at a hidden value behind the privacy curtain; the log says who "
            "looked (never what they saw).",
            _peek_secret,
            (Param("secret", "choice", "which secret", choices=all_secret_names,
                   labels=secret_labels),
             Param("who", "str", "who looked", optional=True, max_length=40),
             Param("label", "str", "the secret's name as the table knows it", optional=True,
                   max_length=80)),
            after_end=True, opens_secret=True,
            log_text=_peek_log,
        ),
    ]
    values = game.board_values if mode is None else game.board_values_for(mode)
    if values:
        keys = tuple(v.key for v in values)
        actions.append(Action(
            "set_board_value", "Enter a board value",
            "Enter a printed value from your own board that the rulebook text does not give.",
            set_board_value,
            (Param("key", "choice", "which board value", choices=keys,
                   labels={v.key: v.label for v in values}),
             Param("value", "str", "the value as printed")),
            after_end=True,
            log_text=lambda args: f"Board value: {_label_of(game, args['key'])} = "
                                  f"{args['value']}",
        ))
    return tuple(actions)
