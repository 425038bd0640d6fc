"""Secrets through the API: sealed when chosen, opened only with the owner's PIN.

- Choosing: every argument an action marks secret is checked, then sealed with a nonce from
  the OS (``secrets``) to its owner's public key (tableside.vault); the engine and the journal
  see only the commitment code and the ciphertext. An owner's key is set once, with a PIN of
  at least 6 characters or declined (tableside.owner_keys: before play, or with their first
  secret); once it has a PIN, choosing or replacing any secret of theirs needs it. A caller's
  own nonce or code is refused: the app makes every commitment.
- Revealing or testing: one trial of the action, on a copy and recording nothing, opens each
  sealed secret its rules reach for (the engine's ``Session.trial`` with an opener; a game's
  rules only call ``reveal`` or ``holds``), with the owner's PIN; the action is then recorded
  once with the value and nonce (a reveal) or the answer (a test) in its arguments.
- Looking: only with the owner's PIN; logged under the owner (tableside.audit), never a name
  the caller types. Wrong PINs are logged and slowed (tableside.owner_keys.check_pin).

A claim about a sealed secret (a player says "it is not hidden here", "the accused holds a
Company Agenda") is decided by the seal, not by a typed yes/no: the game's action tests the
secret (``Secret.holds(candidate)``, or ``reveal`` to show it) and words its note from the
answer. The API opens it here with the owner's PIN (or at their seat); where the owner
cannot give it, the action's ``owner_absent`` field lets the table go on, and the log and
the report mark that claim unchecked. See docs/SECRETS.md.
"""

from __future__ import annotations

import contextlib
import secrets
from typing import TYPE_CHECKING, Any

from tableside import audit, owner_keys, vault
from tableside.owner_keys import (
    check_old_pin,
    check_pin,
    error,
    has_key,
    key_record,
    open_secret,
    pin_is_set,
    secret_piece,
)

if TYPE_CHECKING:
    from tableside.open_session import OpenSession
    from trackers.engine import Action, Note

__all__ = ["check_pin", "has_key", "key_record", "pin_is_set"]

CHOOSE = "choose_secret"
APP_MADE = ("nonce", "code")  # the commitment of a choice: made by the app, never given
PEEK = "peek_secret"
REVEAL = "reveal_secret"


def owner_of(play: OpenSession, action: Action, args: dict[str, Any]) -> str:
    """Whose key seals the secret arguments of ``action``."""
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(str(args.get("secret", "")))
    if isinstance(piece, Secret):
        return piece.owner
    return action.private_to or "the player making this choice"


def seal_args(play: OpenSession, action: Action, args: dict[str, Any], pin: str | None,
              decline: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """``args`` with every secret argument sealed, and the owner's new key record (if this is
    their first secret). Bad input raises ActionError and changes nothing."""
    from trackers.engine.actions import SecretLocked
    from trackers.pieces import Secret, commitment_code
    from trackers.pieces.secret import is_sealed

    secret_params = [p.name for p in action.params
                     if p.secret and p.name not in ("nonce",) and args.get(p.name) is not None
                     and not is_sealed(args[p.name])]
    if not secret_params:
        return args, {}
    checked = action.validate(play.session.state, args)  # the value, before it is sealed
    # the rules' own checks of the value (a secret's choices, the images on the board); one
    # that also opens a sealed secret is asked for it when it is done
    with contextlib.suppress(SecretLocked):
        play.session.trial(action.name, checked)
    owner = owner_of(play, action, checked)
    piece = play.session.state.pieces.get(str(checked.get("secret", "")))
    label = piece.label if isinstance(piece, Secret) else action.title
    # an owner with a PIN gives it to choose or replace any secret of theirs
    owner_keys.guard_writing(play, owner, label, pin)
    record = key_record(play, owner)
    keys: dict[str, Any] = {}
    if record is None:  # their first secret: the PIN set (or declined) with it
        record = keys[owner] = owner_keys.new_key(pin, decline, owner)
    out = dict(args)
    for name in secret_params:
        value = str(checked[name])
        nonce = secrets.token_hex(16)  # the OS's randomness, never the game's seed
        out[name] = {"code": commitment_code(value, nonce), "to": owner,
                     "sealed": vault.seal(str(record["public"]),
                                          {"value": value, "nonce": nonce})}
    return out, keys


def refuse_callers_commitment(action: str, args: dict[str, Any]) -> None:
    """The app makes every nonce and code: a caller's own (a pair committed to twice) and the
    engine's reserved arguments are refused."""
    from trackers.engine.actions import CHANCE, DRAWN, RESERVED_ARGS

    for name in (*RESERVED_ARGS, DRAWN, CHANCE):
        if name in args:
            raise error(f"{name}: filled by the app when the owner gives their PIN; leave it "
                         "out", name)
    if action == CHOOSE:
        for name in APP_MADE:
            if args.get(name) not in (None, ""):
                raise error(f"{name}: the app makes every nonce and code (from the operating "
                             "system's randomness); leave it out", name)


def given_by_caller(action: str, name: str) -> bool:
    """Whether a caller gives the argument ``name``: not the app's nonce and code, nor who
    looked (a look is logged under the secret's owner, never a name the caller types)."""
    return not ((action == CHOOSE and name in APP_MADE)
                or (action == PEEK and name in ("who", "label")))


def hidden_draw(play: OpenSession, spec: Action) -> dict[str, str] | None:
    """The app's hidden draw for ``spec`` (the solo Hunt's chamber): one of the options, from
    the OS's randomness, sealed to the app's key. Drawn once per time the action is taken and
    hand held: after an undo, the same hand hides the same chamber (undo never re-rolls)."""
    from trackers.engine.actions import DRAWN
    from trackers.pieces import commitment_code

    assert spec.hidden_draw is not None
    options = list(spec.hidden_draw(play.session.state))
    if not options:
        return None
    number = 1 + sum(1 for e in play.session.events[:play.session.head] if e.action == spec.name)
    key = f"{number}:{'|'.join(sorted(options))}"
    for record in play.records:  # a draw made before, perhaps undone since: kept
        drawn = (record.get("args") or {}).get(DRAWN) if record.get("action") == spec.name \
            else None
        if isinstance(drawn, dict) and drawn.get("draw") == key:
            return dict(drawn)
    value, nonce = secrets.choice(options), secrets.token_hex(16)
    _, public = vault.app_key(play.data_folder)
    return {"code": commitment_code(value, nonce), "to": vault.APP_OWNER, "draw": key,
            "sealed": vault.seal(public, {"value": value, "nonce": nonce})}


ABSENT = "owner_absent"  # a rule's own way on when the owner cannot reveal (its form's field)


class Opener:
    """Opens, for one action, each sealed secret its rules reach for (``Session.trial``'s
    opener): with the owner's PIN, each owner's key once; what it opened becomes the
    action's OPENED (reveals) and ANSWERS (tests)."""

    def __init__(self, play: OpenSession, pin: str | None, spec: Action) -> None:
        self.play, self.pin, self.spec = play, pin, spec
        self.shown: dict[str, dict[str, Any]] = {}
        self.opened: dict[str, dict[str, str]] = {}
        self.answers: dict[str, dict[str, bool]] = {}

    def __call__(self, name: str, kind: str, query: str | None) -> tuple[str, str]:
        if name not in self.shown:
            self.shown[name] = self._open(name)
        value, nonce = str(self.shown[name]["value"]), str(self.shown[name]["nonce"])
        if kind == "reveal":
            self.opened[name] = {"value": value, "nonce": nonce}
        else:
            self.answers.setdefault(name, {})[str(query)] = value == query
        return value, nonce

    def _open(self, name: str) -> dict[str, Any]:
        from trackers.engine.actions import ActionError

        try:
            return open_secret(self.play, name, self.pin, self.spec.title)
        except ActionError as err:
            if not any(p.name == ABSENT for p in self.spec.params):
                raise
            # The rule's way on without the owner: no reveal, said and logged.
            raise error(f"{err}; if they are absent or cannot give it, use {ABSENT}=yes: "
                        "the table goes on without the reveal", err.field or "pin") from None

    def recorded(self) -> dict[str, Any]:
        """The arguments that carry what was opened (none when nothing was)."""
        from trackers.engine.actions import ANSWERS, OPENED

        extra: dict[str, Any] = {}
        if self.opened:
            extra[OPENED] = self.opened
        if self.answers:
            extra[ANSWERS] = self.answers
        return extra


def _any_sealed(play: OpenSession, args: dict[str, Any]) -> bool:
    """Whether the game holds, or the action brings (a choice, the app's draw), a sealed
    value the action could need opened."""
    from trackers.pieces import Secret
    from trackers.pieces.secret import is_sealed

    return any(is_sealed(v) for v in args.values()) or any(
        isinstance(p, Secret) and p.locked is not None and p.value is None
        for p in play.session.state.pieces.values())


def act(play: OpenSession, action: str, args: dict[str, Any], pin: str | None,
        decline: bool) -> list[Note]:
    """Do ``action``: secret arguments sealed, the sealed secrets it needs opened with the
    owner's PIN in one trial first, then recorded once (value and nonce, or the answer, in
    its arguments)."""
    from tableside.basics import _after_others as after_others
    from trackers.engine.actions import DRAWN, ActionError, SecretLocked

    if action == PEEK:
        look(play, str(args.get("secret", "")), pin)
        return []
    refuse_callers_commitment(action, args)
    if action == REVEAL and not args.get(ABSENT):  # absent: nothing is opened
        _check_older_pin(play, str(args.get("secret", "")), pin)
    changed = play.catch_up()  # the trial meets the game as other windows left it
    spec = play.session.action(action)
    opener = Opener(play, pin, spec)
    try:
        args, keys = seal_args(play, spec, dict(args), pin, decline)
        if spec.deals is not None:  # cards dealt face down to a player (tableside.dealt)
            from tableside import dealt

            args, keys = dealt.deal(play, spec, args, keys, pin, decline)
        if spec.hidden_draw is not None and not play.session.chance:  # else drawn when revealed
            drawn = hidden_draw(play, spec)
            if drawn is not None:
                args[DRAWN] = drawn
        if _any_sealed(play, args):  # every secret it opens, opened now (else none needed)
            play.session.trial(action, args, opener=opener)
    except ActionError as err:
        raise after_others(err, changed) from None
    try:
        notes = play.record_action(action, {**args, **opener.recorded()}, keys)
    except SecretLocked:  # another window changed the game between the trial and now
        raise error(f"{spec.title}: the game changed in another window meanwhile; nothing "
                    "was recorded: do it again", "action") from None
    except ActionError as err:  # what other windows did before this one looked says why
        said = "meanwhile another window" in str(err)
        raise (err if said else after_others(err, changed)) from None
    # one line a secret: one tested and then revealed by the same action (a Call Out's
    # admission) was shown, so it is logged as revealed, never also as checked unseen
    checked = [n for n in opener.answers if n not in opener.opened]
    for kind, names in (("reveal", list(opener.opened)), ("check", checked)):
        for name in names:
            piece = secret_piece(play, name)
            audit.log(play, kind, owner=str((piece.locked or {}).get("to", piece.owner)),
                      label=piece.label, seq=play.session.head, doing=spec.title)
    return notes


def _check_older_pin(play: OpenSession, name: str, pin: str | None) -> None:
    """A plain secret of a game saved before, whose owner set a PIN in settings.json: the
    reveal asks it too (a wrong one logged), as a look does."""
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret) or piece.locked is not None or piece.revealed \
            or piece.value is None:
        return
    check_old_pin(play, piece.owner, piece.label, pin, "reveal")


def look(play: OpenSession, name: str, pin: str | None) -> str:
    """The hidden value, for its owner: PIN checked, the look logged; ActionError if refused."""
    secret = secret_piece(play, name)
    if not secret.is_set:
        raise error(f"{secret.label}: nothing has been chosen yet", "secret")
    if secret.revealed and secret.value is not None:
        return secret.value
    if secret.sealed or (secret.locked or {}).get("to") == vault.APP_OWNER:
        raise error(f"{secret.label}: nobody may look before it is revealed", "secret")
    if secret.locked is not None:
        value = str(open_secret(play, name, pin, "look")["value"])
    else:  # a game saved before: the value in the clear, the PIN (if any) in settings.json
        if secret.value is None:
            raise error(f"{secret.label}: nothing has been chosen yet", "secret")
        check_old_pin(play, secret.owner, secret.label, pin, "look")
        value = secret.value
    audit.log(play, "look", owner=secret.owner, label=secret.label, doing="look")
    return value


class _Asks(Exception):  # noqa: N818 (a question, not a fault)
    """The first secret of a trial that needs an owner's PIN: (owner, label)."""


def pin_needed(play: OpenSession, action: str, args: dict[str, Any]) -> tuple[str, str] | None:
    """(owner, secret's label) when ``action`` with ``args`` needs an owner's PIN: it
    chooses or replaces a secret of an owner with a PIN, or reveals or tests one sealed to a
    PIN-guarded key; else None. Tried on a copy: nothing is recorded or logged, so a screen
    asks the PIN first instead of being refused."""
    from trackers.engine import ActionError
    from trackers.engine.actions import SecretLocked
    from trackers.pieces import Secret
    from trackers.pieces.secret import is_sealed

    spec = play.session.action(action)
    if action == PEEK:
        piece = secret_piece(play, str(args.get("secret", "")))
        return (piece.owner, piece.label) if pin_is_set(play, piece.owner) else None
    if any(p.secret and p.name != "nonce" and args.get(p.name) is not None
           and not is_sealed(args[p.name]) for p in spec.params):
        owner = owner_of(play, spec, args)
        if pin_is_set(play, owner):
            chosen = play.session.state.pieces.get(str(args.get("secret", "")))
            return owner, chosen.label if isinstance(chosen, Secret) else spec.title

    def ask(name: str, kind: str, query: str | None) -> tuple[str, str]:
        piece = secret_piece(play, name)
        owner = str((piece.locked or {}).get("to", piece.owner))
        record = key_record(play, owner)
        if record is not None and vault.has_pin(record):
            raise _Asks(owner, piece.label)
        shown = open_secret(play, name, None, spec.title)  # declined, or the app's draw
        return str(shown["value"]), str(shown["nonce"])

    try:
        play.session.trial(action, args, opener=ask)
    except _Asks as need:
        return str(need.args[0]), str(need.args[1])
    except SecretLocked as need:  # a rule that asks for the secret itself (a dealt hand)
        locked = secret_piece(play, need.name).locked or {}
        owner = str(locked.get("to", need.owner))
        record = key_record(play, owner)
        return (owner, need.label) if record is not None and vault.has_pin(record) else None
    except (ActionError, KeyError, TypeError, ValueError):
        return None  # refused, or needs more first: the real attempt says why
    return None
