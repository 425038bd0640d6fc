"""Secrets through the API: a commitment drawn once, a PIN set by the owner, every look logged.

- Choosing: the nonce comes from the ``secrets`` module (not the seed-driven random stream,
  which anyone holding the journal header could re-run), and the code is computed here, once,
  from the value the table committed to. Value, nonce and code are the recorded arguments of
  the choice, so the reveal compares the value with the code the table saw, not with one
  recomputed later.
- Looking: only with the owner's PIN when they set one; each look is an action in the
  history ("Ann looked at Ann's kept Objective"), never what was seen.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from tableside import pins

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.engine import Note
    from trackers.pieces import Secret

CHOOSE = "choose_secret"
PEEK = "peek_secret"


def with_commitment(play: OpenSession, args: dict[str, Any]) -> dict[str, Any]:
    """``args`` of a choice, with a fresh nonce and the code computed from the checked value."""
    from trackers.pieces import commitment_code

    if args.get("nonce") and args.get("code"):
        return args  # a caller that made its own commitment (check_commitment checked it)
    checked = play.session.action(CHOOSE).validate(play.session.state, args)
    nonce = checked.get("nonce") or secrets.token_hex(16)
    return {**args, "value": checked["value"], "nonce": nonce,
            "code": commitment_code(checked["value"], nonce)}


def check_commitment(args: dict[str, Any]) -> None:
    """A caller's own code must fit its value and nonce when the choice is made."""
    from trackers.engine import ActionError
    from trackers.pieces import commitment_code
    from trackers.pieces.secret import same_code

    value, nonce, code = args.get("value"), args.get("nonce"), args.get("code")
    typed = isinstance(value, str) and isinstance(nonce, str) and isinstance(code, str)
    if typed and not same_code(commitment_code(str(value).strip(), str(nonce).strip()),
                               str(code).strip()):
        raise ActionError("code: does not fit the value and nonce; leave code and nonce "
                              "out and the app makes them", "code")


def secret_piece(play: OpenSession, name: str) -> Secret:
    from trackers.engine import ActionError
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret):
        names = [n for n, p in play.session.state.pieces.items() if isinstance(p, Secret)]
        raise ActionError(f"secret: {name!r} is not a secret of this game (allowed: "
                          f"{', '.join(names) or 'none'})", "secret")
    return piece


def choose(play: OpenSession, name: str, value: str, pin: str | None) -> list[Note]:
    """The owner chooses: their PIN is checked if they set one, or set now if given."""
    from trackers.engine import ActionError

    owner = secret_piece(play, name).owner
    table = play._table
    had_pin = pins.is_set(table, play.id, owner)
    try:
        if had_pin:
            pins.check(table, play.id, owner, pin)
        elif pin:
            pins.check_pin_text(pin)
    except pins.PinError as err:
        raise ActionError(str(err), "pin") from err
    notes = play.do(CHOOSE, secret=name, value=value)
    if pin and not had_pin:
        pins.set_pin(table, play.id, owner, pin)
    return notes


def look(play: OpenSession, name: str, pin: str | None, who: str | None) -> str:
    """The hidden value, for its owner: PIN checked, the look logged; ActionError if refused."""
    from trackers.engine import ActionError

    secret = secret_piece(play, name)
    if not secret.is_set or secret.value is None:
        raise ActionError(f"{secret.label}: nothing has been chosen yet", "secret")
    if secret.revealed:
        return secret.value
    if secret.sealed:
        raise ActionError(f"{secret.label}: nobody may look before it is revealed", "secret")
    try:
        pins.check(play._table, play.id, secret.owner, pin)
    except pins.PinError as err:
        raise ActionError(str(err), "pin") from err
    value = secret.value
    notes = play.session.notes  # a look changes nothing at the table: keep what it must do
    play.do(PEEK, secret=name, who=who or secret.owner, label=secret.label)
    play.session.notes = notes
    return value
