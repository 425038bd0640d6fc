"""Each owner's key in a game: set once (with a PIN, or declined), changed with the old PIN,
opened by the PIN, with every wrong try counted under the session's lock.

Where a key is kept, in the game's journal:
- a ``pin`` record, outside the numbered actions, when the owner sets their PIN before
  their first secret (``set_pin``): undo never takes it back;
- or, as older games and a first choice made with ``pin=`` do, in the ``keys`` of the record
  of the owner's first secret (one append: the choice and the key, both or neither).
The first key recorded for an owner is theirs; a later ``pin`` record with the same public
key is a changed PIN (the private key wrapped again), so every secret sealed before still
opens with the new PIN and no longer with the old one.

A wrong PIN is counted, and the wait after wrong tries checked, under the session's lock:
tries made at once in several windows are counted one after the other, and a try while a
wait runs is refused with the seconds left (never slept while holding the lock).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tableside import audit, vault
from tableside.audit import PIN_RECORD

if TYPE_CHECKING:
    from tableside.open_session import OpenSession
    from trackers.pieces import Secret

__all__ = ["PIN_RECORD", "check_old_pin", "check_pin", "key_record", "set_pin"]


def error(message: str, field: str) -> Exception:
    from trackers.engine import ActionError

    return ActionError(message, field)


def key_record(play: OpenSession, owner: str) -> dict[str, Any] | None:
    """The owner's key (public, and private wrapped by their PIN) as it stands now: the
    first recorded (a ``pin`` record, or the ``keys`` of an action, undone since or not),
    wrapped again by each later change of PIN."""
    found: dict[str, Any] | None = None
    for record in play.records:
        kind = record.get("t")
        if kind == "do":
            keys = record.get("keys")
            held = keys.get(owner) if isinstance(keys, dict) else None
        elif kind == PIN_RECORD and record.get("owner") == owner:
            held = record.get("key")
        else:
            continue
        if not isinstance(held, dict):
            continue
        if found is None:
            found = dict(held)
        elif kind == PIN_RECORD and held.get("public") == found.get("public"):
            found = dict(held)  # the same key under a new PIN
    return found


def has_key(play: OpenSession, owner: str) -> bool:
    return key_record(play, owner) is not None


def pin_is_set(play: OpenSession, owner: str) -> bool:
    """Whether the owner guards their secrets with a PIN in this game."""
    from tableside import pins

    record = key_record(play, owner)
    if record is not None:
        return vault.has_pin(record)
    return pins.is_set(play.settings, play.id, owner)  # a game saved before: settings.json


def pin_choice_needed(owner: str) -> Exception:
    """The owner's first secret: they set a PIN now or decline one."""
    return error(f"pin: this is {audit.owners(owner)} first secret in this game: set a PIN of "
                 f"at least {vault.MIN_PIN} characters (it guards the files, where a short "
                 "one is guessed in minutes), or decline it (no PIN: hidden from the screen, "
                 "not from someone who opens the files)", "pin")


def new_key(pin: str | None, decline: bool, owner: str) -> dict[str, Any]:
    """A fresh key record for ``owner``: wrapped by ``pin``, or unwrapped when they decline;
    ActionError naming the field otherwise."""
    if pin:
        try:
            vault.check_new_pin(pin)
        except ValueError as err:
            raise error(str(err), "pin") from err
        return vault.new_key(pin)[1]
    if decline:
        return vault.new_key(None)[1]
    raise pin_choice_needed(owner)


def set_pin(play: OpenSession, owner: str, pin: str | None, *, decline: bool = False,
            old_pin: str | None = None) -> None:
    """The owner sets their PIN (or declines one) before their first secret; with
    ``old_pin``, changes it. Kept as a ``pin`` record outside the numbered actions."""
    from tableside.basics import now
    from trackers.engine import ActionError

    record = key_record(play, owner)
    if record is None:
        if old_pin:
            raise error(f"old_pin: {audit.owners(owner)} PIN is not set in this game yet; "
                        "leave old_pin out to set it", "old_pin")
        key = new_key(pin, decline, owner)
    elif not vault.has_pin(record):
        raise error(f"pin: {audit.who(owner)} declined a PIN in this game: their key is in "
                    "the files as it is, so a PIN now would guard nothing", "pin")
    elif not old_pin:
        raise error(f"old_pin: {audit.owners(owner)} PIN is set; give the old one to change "
                    "it (a forgotten PIN: their secrets stay sealed, and each check goes on "
                    "with owner_absent)", "old_pin")
    else:
        if not pin:
            raise error("pin: give the new PIN", "pin")
        try:
            vault.check_new_pin(pin)
        except ValueError as err:
            raise error(str(err), "pin") from err
        try:
            private = check_pin(play, owner, "changing the PIN", record, old_pin,
                                "change the PIN")
        except ActionError as err:  # the same refusal, named by the field that was wrong
            raise error(f"old_{err}", "old_pin") from None
        key = vault.rewrap(record, private, pin)
    with play.locked():
        if record is None and key_record(play, owner) is not None:
            raise error(f"pin: {audit.owners(owner)} PIN was set in another window "
                        "meanwhile; nothing was changed", "pin")
        play.append({"t": PIN_RECORD, "owner": owner, "key": key, "at": now(),
                     "by": play.window, "change": record is not None})


def check_pin(play: OpenSession, owner: str, label: str, record: dict[str, Any],
              pin: str | None, doing: str) -> bytes:
    """The owner's private key, opened by ``pin``; ActionError (logged) when it does not,
    and a refusal while they must wait after wrong PINs. The wait is read and the try
    counted under the session's lock, so tries made at once are counted in turn."""
    if not vault.has_pin(record):
        return vault.unwrap(record, None)  # they declined a PIN
    if not play.writable:
        raise error(f"pin: {play.info.title} is opened read-only; a PIN try must be logged, "
                    "so it is refused here", "pin")
    with play.locked():  # what other windows logged is folded in first
        wait = audit.wait_from(play.records, owner)
        if wait > 0:
            opened = None
        else:
            try:
                opened = vault.unwrap(record, pin)
            except vault.WrongPin:
                opened = None
                audit.log(play, "wrong_pin" if pin else "no_pin", owner=owner, label=label,
                          doing=doing)
    if wait > 0:
        raise error(f"pin: too many wrong PINs for {audit.owners(owner)} secrets: wait "
                    f"{wait} s, then try again", "pin")
    if opened is None:
        said = "a wrong PIN" if pin else "no PIN"
        raise error(f"pin: {said} for {label} ({audit.owners(owner)} PIN); nothing was "
                    "shown or changed, and the log says so", "pin")
    return opened


def guard_writing(play: OpenSession, owner: str, label: str, pin: str | None) -> None:
    """Choosing or replacing a secret of an owner who set a PIN needs that PIN (a wrong one
    is logged and counted as any other)."""
    from tableside import pins

    record = key_record(play, owner)
    if record is not None:
        check_pin(play, owner, label, record, pin, "choose")
        return
    if pins.is_set(play.settings, play.id, owner):  # a game saved before: settings.json
        check_old_pin(play, owner, label, pin, "choose")


def check_old_pin(play: OpenSession, owner: str, label: str, pin: str | None,
                  doing: str) -> None:
    """The PIN of a game saved before keyed owners (kept in settings.json), checked: a wrong
    or missing one is logged (``doing``: "choose", "reveal", "look") and refused."""
    from tableside import pins

    try:
        pins.check(play.settings, play.id, owner, pin)
    except pins.PinError as err:
        audit.log(play, "wrong_pin" if pin else "no_pin", owner=owner, label=label,
                  doing=doing)
        raise error(str(err), "pin") from err


def secret_piece(play: OpenSession, name: str) -> Secret:
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret):
        names = [n for n, p in play.session.state.pieces.items() if isinstance(p, Secret)]
        raise error(f"secret: {name!r} is not a secret of this game (allowed: "
                     f"{', '.join(names) or 'none'})", "secret")
    return piece


def open_secret(play: OpenSession, name: str, pin: str | None, doing: str) -> dict[str, Any]:
    """Value and nonce of a sealed secret, with its owner's PIN (the app's key for its own
    draws). A wrong or missing PIN is logged and refused; after 3, a wait."""
    piece = secret_piece(play, name)
    locked = piece.locked or {}
    owner = str(locked.get("to", piece.owner))
    if owner == vault.APP_OWNER:
        try:
            return vault.open_app_sealed(play.data_folder, str(locked["sealed"]))
        except vault.AppKeyLost as err:
            raise error(f"{piece.label}: the app's hidden draw is lost ({err})",
                        "secret") from None
    record = key_record(play, owner)
    if record is None:
        raise error(f"{piece.label}: {audit.owners(owner)} key is missing from this game's "
                     "journal; it cannot be opened", "secret")
    private = check_pin(play, owner, piece.label, record, pin, doing)
    return vault.open_sealed(private, str(locked["sealed"]))
