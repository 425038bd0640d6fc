"""Actions every game has: set a value by hand, enter a board value, choose and reveal secrets."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine.actions import Action, Note, Param
from trackers.engine.game import Game
from trackers.engine.state import State
from trackers.pieces import Piece, Secret


def settable_targets(state: State) -> list[str]:
    """Every value a player may override, as "piece.field"."""
    return [f"{name}.{f.name}" for name, p in state.pieces.items() for f in p.fields()]


def secret_names(state: State) -> list[str]:
    """Secrets the generic choose/reveal actions may touch (not those the game manages)."""
    return [name for name, p in state.pieces.items() if isinstance(p, Secret) and not p.managed]


def _set_value(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    name, _, field = args["target"].partition(".")
    piece: Piece = state.pieces[name]
    old = piece.get_field(field)
    notes: list[Note | str] = [f"{piece.label} {field} set by hand: {old} -> {args['value']}"]
    return notes + list(piece.set_field(field, args["value"]))


def _choose_secret(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    secret = state.piece(args["secret"], Secret)
    # The nonce comes from the event's own random stream: a replay rebuilds the same code.
    code = secret.choose(args["value"], f"{rng.getrandbits(64):016x}")
    return [f"{secret.label} chosen by the {secret.owner}: commitment code {code}"]


def _reveal_secret(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    secret = state.piece(args["secret"], Secret)
    value, nonce, ok = secret.reveal()
    verdict = "matches" if ok else "DOES NOT match"
    return [f"{secret.label} revealed: {value} (nonce {nonce}); it {verdict} code {secret.code}"]


def common_actions(game: Game) -> tuple[Action, ...]:
    """The engine's own actions, bound to one game (for its board values)."""

    def set_board_value(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
        spec = game.board_value(args["key"])
        value = spec.parse(args["value"])
        state.board[spec.key] = value
        notes: list[Note | str] = [f"Board value set: {spec.label} = {value}"]
        if game.board_changed is not None:
            notes += game.board_changed(state, spec.key, value)
        return notes

    actions = [
        Action(
            "set_value", "Set a value by hand",
            "Override any tracked value when the table and the app disagree.",
            _set_value,
            (Param("target", "choice", "which value", choices=settable_targets),
             Param("value", "int", "the new value")),
            after_end=True,
        ),
        Action(
            "choose_secret", "Choose a secret",
            "The owner picks a hidden value behind the privacy curtain; everyone sees its code.",
            _choose_secret,
            (Param("secret", "choice", "which secret", choices=secret_names),
             Param("value", "str", "the hidden choice", secret=True)),
        ),
        Action(
            "reveal_secret", "Reveal a secret",
            "Show a hidden value to everyone and check it against its code.",
            _reveal_secret,
            (Param("secret", "choice", "which secret", choices=secret_names),),
            after_end=True,
        ),
    ]
    if game.board_values:
        keys = tuple(v.key for v in game.board_values)
        actions.append(Action(
            "set_board_value", "Enter a board value",
            "Enter a printed value from your own board that the rulebook text does not give.",
            set_board_value,
            (Param("key", "choice", "which board value", choices=keys),
             Param("value", "str", "the value as printed")),
            after_end=True,
        ))
    return tuple(actions)
