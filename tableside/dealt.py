"""Cards the app deals face down to one player (the Ship's Manifest's spare Cargo Cards).

An action with ``deals`` (``trackers.engine.actions.Deal``) names the cards still face down,
the pieces on the table that hold one each (the Cargo Bays not yet opened) and the secret
that holds the rest for one player. What is new is dealt here from the OS's randomness:
each table piece's card sealed to the app's key, the hand sealed to its holder's (a player's
first secret sets their PIN or declines one, as any choice does). What the table holds face
down already is read with the app's key, so handing the hand on needs nobody's PIN; a card
the hand must show (a swap) needs its holder's, and the check is logged under them.

A card dealt before, and undone since, is dealt again the same way: undo never re-deals.
The table's face-down cards sealed to the app's key are readable by someone who has the
data folder's ``keys/app.key`` (as a seeded game's draws are: the README's threat model).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Any

from tableside import audit, owner_keys, vault

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.engine import Action
    from trackers.engine.actions import Deal

EMPTY = "no cards"  # the hand's value when nothing is left for it
SEP = "; "


def deal(play: OpenSession, spec: Action, args: dict[str, Any], keys: dict[str, Any],
         pin: str | None, decline: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """``args`` with DEALT for an action that deals, and ``keys`` with the holder's new key
    when this is their first secret. Bad input raises ActionError and changes nothing."""
    from trackers.engine.actions import DEALT

    if DEALT in args:
        raise owner_keys.error(f"{DEALT}: dealt by the app; leave it out", DEALT)
    assert spec.deals is not None
    play.session.check_allowed(spec)  # a refusal of the action says so first
    plan = spec.deals(play.session.state, spec.validate(play.session.state, args))
    if plan is None:
        return args, keys
    if plan.shows is not None:
        _check_shows(play, plan, pin, spec.title)
    left = list(plan.cards)
    face_down: dict[str, Any] = {}
    for name in plan.face_down:  # the table's cards already face down stay where they are
        held = _held(play, name)
        if held is not None and held in left:
            left.remove(held)
    for name in plan.face_down:
        if _held(play, name) is None:
            if not left:
                raise owner_keys.error(f"{name}: no card is left to deal it", "cards")
            face_down[name] = _dealt_before(play, name, left) or _seal_to_app(play, name, left)
            left.remove(str(vault.open_app_sealed(play.data_folder,
                                                  face_down[name]["sealed"])["value"]))
    owner = plan.owner
    record = keys.get(owner) or owner_keys.key_record(play, owner)
    new_keys = dict(keys)
    if record is None:
        if pin:
            try:
                vault.check_new_pin(pin)
            except ValueError as err:
                raise owner_keys.error(str(err), "pin") from err
        elif not decline:
            raise owner_keys.pin_choice_needed(owner)
        record = vault.new_key(pin or None)[1]
        new_keys[owner] = record
    hand = SEP.join(sorted(left)) or EMPTY
    return {**args, DEALT: {"hand": _seal(str(record["public"]), owner, hand),
                            "face_down": face_down}}, new_keys


def cards_of(value: str) -> list[str]:
    """The cards of a hand's value."""
    return [] if value == EMPTY else [c for c in value.split(SEP) if c]


def _seal(public: str, owner: str, value: str) -> dict[str, Any]:
    from trackers.pieces import commitment_code

    nonce = secrets.token_hex(16)
    return {"code": commitment_code(value, nonce), "to": owner,
            "sealed": vault.seal(public, {"value": value, "nonce": nonce})}


def _from(name: str, left: list[str]) -> str:
    """What a face-down card was dealt from (public: the cards the table has not seen)."""
    return hashlib.sha256(f"{name}\0{SEP.join(sorted(left))}".encode()).hexdigest()[:16]


def _seal_to_app(play: OpenSession, name: str, left: list[str]) -> dict[str, Any]:
    _, public = vault.app_key(play.data_folder)
    return {**_seal(public, vault.APP_OWNER, secrets.choice(left)), "from": _from(name, left)}


def _dealt_before(play: OpenSession, name: str, left: list[str]) -> dict[str, Any] | None:
    """The card this piece was dealt from these same cards before (an action undone since)."""
    from trackers.engine.actions import DEALT

    key = _from(name, left)
    for record in play.records:
        dealt = (record.get("args") or {}).get(DEALT) if record.get("t") == "do" else None
        kept = (dealt.get("face_down") or {}).get(name) if isinstance(dealt, dict) else None
        if isinstance(kept, dict) and kept.get("from") == key:
            return dict(kept)
    return None


def _held(play: OpenSession, name: str) -> str | None:
    """The card a table piece holds face down already (read with the app's key), or None."""
    from trackers.pieces import Secret

    piece = play.session.state.pieces.get(name)
    if not isinstance(piece, Secret):
        return None
    if piece.value is not None:
        return piece.value
    locked = piece.locked or {}
    if locked.get("to") != vault.APP_OWNER:
        return None
    return str(vault.open_app_sealed(play.data_folder, str(locked["sealed"]))["value"])


def _check_shows(play: OpenSession, plan: Deal, pin: str | None, doing: str) -> None:
    """The hand holds ``plan.shows``: opened with its holder's PIN, logged under them."""
    piece = owner_keys.secret_piece(play, plan.hand)
    owner = str((piece.locked or {}).get("to", piece.owner))
    shown = owner_keys.open_secret(play, plan.hand, pin, doing)
    audit.log(play, "check", owner=owner, label=piece.label, doing=doing)
    if plan.shows not in cards_of(str(shown["value"])):
        among = piece.label[:1].lower() + piece.label[1:]
        raise owner_keys.error(f"{plan.shows_field}: {plan.shows} is not among {among}",
                             plan.shows_field)
