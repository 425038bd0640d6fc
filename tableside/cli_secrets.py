"""Secrets from the shell: `tableside verify CODE VALUE NONCE`, and typing a secret unseen.

``verify`` uses the app's formula (README, Secrets): the first 12 hex digits of
SHA-256(nonce + "\\0" + value), upper case, as XXXX-XXXX-XXXX (a game saved before showed the
first 8, XXXX-XXXX: both check). Exit 0 when it matches, 1 when not.

``tableside do ID choose_secret secret=NAME value=-`` reads the value from a hidden prompt (or
one line of standard input in a script), so it never sits in the shell's history; ``pin=-``
reads the owner's PIN the same way (set at their first secret, asked when one is opened).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import TYPE_CHECKING, Any

from trackers.pieces import commitment_code
from trackers.pieces.secret import same_code

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.engine import Action, Note

ASK = "-"  # an argument given as "-" is read unseen: a hidden prompt, or standard input


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "verify", help="check a revealed secret against the code shown when it was chosen",
        description="Check a revealed secret by hand: the code is the first 12 hex digits of "
                    "SHA-256 over nonce, a zero byte, then value (UTF-8), as XXXX-XXXX-XXXX "
                    "(games saved before: the first 8, XXXX-XXXX).")
    p.add_argument("code", help="the code shown when the secret was chosen "
                                "(e.g. 7F3A-19C2-04BE)")
    p.add_argument("value", help="the revealed value")
    p.add_argument("nonce", help="the nonce shown at the reveal")
    p.set_defaults(func=_verify)


def _verify(args: argparse.Namespace) -> int:
    computed = commitment_code(args.value, args.nonce)
    if same_code(computed, args.code):
        print(f"{computed}: matches. {args.value!r} with nonce {args.nonce} is what was "
              "chosen when that code was shown.")
        return 0
    print(f"{args.code} does NOT match: {args.value!r} with nonce {args.nonce} gives "
          f"{computed}. The value (or nonce) is not the one committed to.")
    return 1


def read_unseen(what: str) -> str:
    """One value typed at a hidden prompt, or the next line of standard input in a script."""
    from trackers.engine import ActionError

    if sys.stdin.isatty():
        try:
            return getpass.getpass(f"{what} (not shown as you type): ")
        except EOFError:
            raise ActionError(f"{what}: nothing was typed", what) from None
    line = sys.stdin.readline()
    if not line:
        raise ActionError(f"{what}: standard input ended before a line was read", what)
    return line.rstrip("\r\n")


NO_PIN = "none"  # pin=none: the owner declines a PIN at their first secret (too short to be one)


def do_from_cli(play: OpenSession, action: str, args: dict[str, Any]) -> list[Note]:
    """``tableside do``: secret arguments given as "-" are read unseen; ``pin=...`` (or
    ``pin=-``, asked unseen) is the owner's PIN: set at their first secret (``pin=none``
    declines one), asked when the action opens one of their sealed secrets (at a terminal
    the prompt comes by itself). ``peek_secret`` prints the value for its owner only."""
    from trackers.engine import ActionError, Note
    from trackers.engine.actions import BoardValueNeeded

    try:
        params = {p.name: p for p in play.action(action).params}
    except ActionError:
        params = {}
    if "decline_pin" in args:  # the app's own flag: from the shell, pin=none says it
        raise ActionError(f"decline_pin: not an argument of the command; to go without a PIN "
                          f"give pin={NO_PIN}", "decline_pin")
    pin = args.pop("pin", None)
    decline = pin == NO_PIN
    if decline:
        pin = None
    for name, value in list(args.items()):
        if value == ASK and name in params and params[name].secret:
            args[name] = read_unseen(name)
    if pin == ASK:
        pin = read_unseen("pin")
    if pin is None and not decline and sys.stdin.isatty():
        needed = play.pin_needed(action, **args)
        if needed is not None:
            pin = read_unseen(f"the PIN of {needed[0]} for {needed[1]}")
    if action == "peek_secret":
        unknown = set(args) - {"secret"}
        if unknown:
            raise ActionError(f"peek_secret: unknown argument {sorted(unknown)[0]!r} "
                              "(allowed: secret, pin)", sorted(unknown)[0])
        name = str(args.get("secret", ""))
        value = play.secret_value(name, pin=pin)
        label = play.state.pieces[name].label if name in play.state.pieces else name
        return [Note(f"{label}: {value} (looked at with its owner's PIN; the log says so)")]
    try:
        return play.do(action, pin=pin, decline_pin=decline, **args)
    except BoardValueNeeded as err:  # the app asks in its form; the shell says the command
        steps = "; ".join(f"tableside do {play.id} set_board_value key={key} value=... "
                          f"(where to look: {play.game.board_value(key).look_at})"
                          for key in err.keys)
        raise ActionError(f"{err}. Enter it from your board first: {steps}", err.field) from err
    except ActionError as err:
        if err.field == "pin" and not pin and not decline:
            first = "first secret" in str(err)
            raise ActionError(f"{err} (on the command line: pin=- asks it unseen"
                              + (f"; pin={NO_PIN} declines one)" if first else ")"),
                              "pin") from err
        raise


def takes_pin(action: Action) -> list[dict[str, Any]]:
    """``pin`` as ``tableside actions`` lists it, on the actions that take it
    (``Action.takes_pin``: they choose a secret, may open one, or decide a claim about one)."""
    if not action.takes_pin:
        return []
    chooses = any(p.secret for p in action.params)
    allowed = "the owner's PIN, if they set one; - asks it unseen" + (
        f"; at their first secret a new one, or {NO_PIN} to decline" if chooses else "")
    return [{"name": "pin", "allowed": allowed, "optional": True}]


def set_pin_from_cli(play: OpenSession, owner: str, *, decline: bool, change: bool) -> None:
    """``tableside pin``: the owner's PIN read unseen, set (or declined, or changed)."""
    old = read_unseen("old_pin") if change else None
    pin = None if decline else read_unseen("pin")
    play.set_pin(owner, pin, decline_pin=decline, old_pin=old)
    done = "declined" if decline else "changed" if change else "set"
    print(f"{owner}'s PIN {done}; the table log says so (never the PIN)")
