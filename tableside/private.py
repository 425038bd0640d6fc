"""Secrets through the API: sealed when chosen, opened only with the owner's PIN.

- Choosing: every argument an action marks secret is checked, then sealed with a nonce from
  the OS (``secrets``) to its owner's public key (tableside.vault); the engine and the journal
  see only the commitment code and the ciphertext. A player's first secret sets their PIN (at
  least 6 characters) or records that they declined one; the wrapped key goes in the same
  journal record as that choice (one durable append: both or neither). A caller's own nonce
  or code is refused: the app makes every commitment.
- Revealing or testing: the engine says which sealed secret an action needs
  (``SecretLocked``); the owner's PIN opens their key, and the action is done again with the
  value and nonce (a reveal) or the answer (a test) in its recorded arguments.
- Looking: only with the owner's PIN; logged under the owner (tableside.audit), never a name
  the caller types. Wrong PINs are logged and slowed (tableside.audit.wait_left).
"""

from __future__ import annotations

import contextlib
import secrets
from typing import TYPE_CHECKING, Any

from tableside import audit, vault

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.engine import Action, Note
    from trackers.pieces import Secret

CHOOSE = "choose_secret"
APP_MADE = ("nonce", "code")  # the commitment of a choice: made by the app, never given
PEEK = "peek_secret"
REVEAL = "reveal_secret"


def _error(message: str, field: str) -> Exception:
    from trackers.engine import ActionError

    return ActionError(message, field)


def pin_choice_needed(owner: str) -> Exception:
    """The owner's first secret: they set a PIN now or decline one."""
    return _error(f"pin: this is {audit.owners(owner)} first secret in this game: set a PIN of at "
                  f"least {vault.MIN_PIN} characters (it guards the files, where a short one "
                  "is guessed in minutes), or decline it (no PIN: hidden from the screen, not "
                  "from someone who opens the files)", "pin")


def owner_of(play: OpenSession, action: Action, args: dict[str, Any]) -> str:
    """Whose key seals the secret arguments of ``action``."""
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(str(args.get("secret", "")))
    if isinstance(piece, Secret):
        return piece.owner
    return action.private_to or "the player making this choice"


def key_record(play: OpenSession, owner: str) -> dict[str, Any] | None:
    """The owner's key (public, and private wrapped by their PIN), as first recorded; also
    one recorded with an action undone since (a PIN is set once per game)."""
    for record in play._records:
        keys = record.get("keys") if record.get("t") == "do" else None
        if isinstance(keys, dict) and isinstance(keys.get(owner), dict):
            return dict(keys[owner])
    return None


def has_key(play: OpenSession, owner: str) -> bool:
    return key_record(play, owner) is not None


def pin_is_set(play: OpenSession, owner: str) -> bool:
    """Whether the owner guards their secrets with a PIN in this game."""
    from tableside import pins

    record = key_record(play, owner)
    if record is not None:
        return vault.has_pin(record)
    return pins.is_set(play._table, play.id, owner)  # a game saved before: settings.json


def seal_args(play: OpenSession, action: Action, args: dict[str, Any], pin: str | None,
              decline: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """``args`` with every secret argument sealed, and the owner's new key record (if this is
    their first secret). Bad input raises ActionError and changes nothing."""
    from trackers.engine.actions import SecretLocked
    from trackers.pieces import commitment_code
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
    record = key_record(play, owner)
    keys: dict[str, Any] = {}
    if record is None:
        if pin:
            try:
                vault.check_new_pin(pin)
            except ValueError as err:
                raise _error(str(err), "pin") from err
            record = vault.new_key(pin)[1]
        elif decline:
            record = vault.new_key(None)[1]
        else:
            raise pin_choice_needed(owner)
        keys[owner] = record
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
            raise _error(f"{name}: filled by the app when the owner gives their PIN; leave it "
                         "out", name)
    if action == CHOOSE:
        for name in APP_MADE:
            if args.get(name) not in (None, ""):
                raise _error(f"{name}: the app makes every nonce and code (from the operating "
                             "system's randomness); leave it out", name)


def given_by_caller(action: str, name: str) -> bool:
    """Whether a caller gives the argument ``name`` (not the app's nonce and code)."""
    return not (action == CHOOSE and name in APP_MADE)


def secret_piece(play: OpenSession, name: str) -> Secret:
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret):
        names = [n for n, p in play.session.state.pieces.items() if isinstance(p, Secret)]
        raise _error(f"secret: {name!r} is not a secret of this game (allowed: "
                     f"{', '.join(names) or 'none'})", "secret")
    return piece


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
    for record in play._records:  # a draw made before, perhaps undone since: kept
        drawn = (record.get("args") or {}).get(DRAWN) if record.get("action") == spec.name \
            else None
        if isinstance(drawn, dict) and drawn.get("draw") == key:
            return dict(drawn)
    value, nonce = secrets.choice(options), secrets.token_hex(16)
    _, public = vault.app_key(play._table.root)
    return {"code": commitment_code(value, nonce), "to": vault.APP_OWNER, "draw": key,
            "sealed": vault.seal(public, {"value": value, "nonce": nonce})}


def open_secret(play: OpenSession, name: str, pin: str | None, doing: str) -> dict[str, Any]:
    """Value and nonce of a sealed secret, with its owner's PIN (the app's key for its own
    draws). A wrong or missing PIN is logged and refused; after 3, a wait."""
    piece = secret_piece(play, name)
    locked = piece.locked or {}
    owner = str(locked.get("to", piece.owner))
    if owner == vault.APP_OWNER:
        try:
            return vault.open_app_sealed(play._table.root, str(locked["sealed"]))
        except vault.AppKeyLost as err:
            raise _error(f"{piece.label}: the app's hidden draw is lost ({err})",
                         "secret") from None
    record = key_record(play, owner)
    if record is None:
        raise _error(f"{piece.label}: {audit.owners(owner)} key is missing from this game's "
                     "journal; it cannot be opened", "secret")
    private = check_pin(play, owner, piece.label, record, pin, doing)
    return vault.open_sealed(private, str(locked["sealed"]))


def check_pin(play: OpenSession, owner: str, label: str, record: dict[str, Any],
              pin: str | None, doing: str) -> bytes:
    """The owner's private key, opened by ``pin``; ActionError (logged) when it does not,
    and a refusal while they must wait after wrong PINs."""
    if not vault.has_pin(record):
        return vault.unwrap(record, None)  # they declined a PIN
    wait = audit.wait_left(play, owner)
    if wait > 0:
        raise _error(f"pin: too many wrong PINs for {audit.owners(owner)} secrets: wait "
                     f"{wait} s, then try again", "pin")
    try:
        return vault.unwrap(record, pin)
    except vault.WrongPin:
        kind = "wrong_pin" if pin else "no_pin"
        audit.log(play, kind, owner=owner, label=label, doing=doing)
        said = "a wrong PIN" if pin else "no PIN"
        raise _error(f"pin: {said} for {label} ({audit.owners(owner)} PIN); nothing was "
                     "shown, and the log says so", "pin") from None


ABSENT = "owner_absent"  # a rule's own way on when the owner cannot reveal (its form's field)


def act(play: OpenSession, action: str, args: dict[str, Any], pin: str | None,
        decline: bool) -> list[Note]:
    """Do ``action``: secret arguments sealed, sealed secrets it needs opened with the
    owner's PIN (value and nonce, or the answer, recorded in its arguments)."""
    from trackers.engine.actions import ANSWERS, DRAWN, OPENED, ActionError, SecretLocked

    if action == PEEK:
        look(play, str(args.get("secret", "")), pin)
        return []
    refuse_callers_commitment(action, args)
    if action == REVEAL:
        _check_older_pin(play, str(args.get("secret", "")), pin)
    spec = play.session.action(action)
    args, keys = seal_args(play, spec, dict(args), pin, decline)
    if spec.deals is not None:  # cards dealt face down to a player (tableside.dealt)
        from tableside import dealt

        args, keys = dealt.deal(play, spec, args, keys, pin, decline)
    if spec.hidden_draw is not None and not play.session.chance:  # else drawn when revealed
        drawn = hidden_draw(play, spec)
        if drawn is not None:
            args[DRAWN] = drawn
    opened: dict[str, Any] = {}
    answers: dict[str, dict[str, bool]] = {}
    for _ in range(12):  # each round opens one more secret the action needs
        extra: dict[str, Any] = {}
        if opened:
            extra[OPENED] = opened
        if answers:
            extra[ANSWERS] = answers
        try:
            notes = play._act({**args, **extra}, action, keys)
        except SecretLocked as need:
            try:
                shown = open_secret(play, need.name, pin, spec.title)
            except ActionError as err:
                if not any(p.name == ABSENT for p in spec.params):
                    raise
                # The rule's way on without the owner (no reveal, said and logged).
                raise _error(f"{err}; if they are absent or cannot give it, use "
                             f"{ABSENT}=yes: the table goes on without the reveal",
                             err.field or "pin") from None
            if need.kind == "reveal":
                opened[need.name] = {"value": str(shown["value"]),
                                     "nonce": str(shown["nonce"])}
            else:
                answers.setdefault(need.name, {})[str(need.query)] = \
                    shown["value"] == need.query
            continue
        for kind, names in (("reveal", opened), ("check", answers)):
            for name in names:
                piece = secret_piece(play, name)
                audit.log(play, kind, owner=str((piece.locked or {}).get("to", piece.owner)),
                          label=piece.label, seq=play.session.head, doing=spec.title)
        return notes
    raise _error(f"{spec.title}: needs more secrets than it may open", "action")


def _check_older_pin(play: OpenSession, name: str, pin: str | None) -> None:
    """A plain secret of a game saved before, whose owner set a PIN in settings.json: the
    reveal asks it too (a wrong one logged), as a look does."""
    from tableside import pins
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret) or piece.locked is not None or piece.revealed \
            or piece.value is None:
        return
    try:
        pins.check(play._table, play.id, piece.owner, pin)
    except pins.PinError as err:
        audit.log(play, "wrong_pin" if pin else "no_pin", owner=piece.owner,
                  label=piece.label, doing="reveal")
        raise _error(str(err), "pin") from err


def look(play: OpenSession, name: str, pin: str | None) -> str:
    """The hidden value, for its owner: PIN checked, the look logged; ActionError if refused."""
    from tableside import pins

    secret = secret_piece(play, name)
    if not secret.is_set:
        raise _error(f"{secret.label}: nothing has been chosen yet", "secret")
    if secret.revealed and secret.value is not None:
        return secret.value
    if secret.sealed or (secret.locked or {}).get("to") == vault.APP_OWNER:
        raise _error(f"{secret.label}: nobody may look before it is revealed", "secret")
    if secret.locked is not None:
        value = str(open_secret(play, name, pin, "look")["value"])
    else:  # a game saved before: the value in the clear, the PIN (if any) in settings.json
        if secret.value is None:
            raise _error(f"{secret.label}: nothing has been chosen yet", "secret")
        try:
            pins.check(play._table, play.id, secret.owner, pin)
        except pins.PinError as err:
            audit.log(play, "wrong_pin" if pin else "no_pin", owner=secret.owner,
                      label=secret.label, doing="look")
            raise _error(str(err), "pin") from err
        value = secret.value
    audit.log(play, "look", owner=secret.owner, label=secret.label, doing="look")
    return value


def pin_needed(play: OpenSession, action: str, args: dict[str, Any]) -> tuple[str, str] | None:
    """(owner, secret's label) when ``action`` with ``args`` needs an owner's PIN (it reveals
    or tests a secret sealed to a PIN-guarded key), else None. Tried on a copy: nothing is
    recorded or logged, so a screen asks the PIN first instead of being refused."""
    from trackers.engine import ActionError
    from trackers.engine.actions import SecretLocked

    if action == PEEK:
        piece = secret_piece(play, str(args.get("secret", "")))
        return (piece.owner, piece.label) if pin_is_set(play, piece.owner) else None
    try:
        play.session.trial(action, args)
    except SecretLocked as need:
        locked = secret_piece(play, need.name).locked or {}
        owner = str(locked.get("to", need.owner))
        record = key_record(play, owner)
        return (owner, need.label) if record is not None and vault.has_pin(record) else None
    except (ActionError, KeyError, TypeError, ValueError):
        return None  # refused, or needs more first: the real attempt says why
    return None
