"""PINs of games saved before secrets were sealed: kept then in settings.json.

Games saved since keep each player's PIN as the key that unwraps their private key, in the
game's own journal (tableside.vault, tableside.private); nothing new is written here. An older
game's PIN (a salted scrypt hash, or the older unsalted sha256) is still checked when one of
its plain secrets is looked at, so those games open and reveal as before (no migration).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any, Protocol

PIN_LIMIT = 32  # characters
SCHEME = "scrypt"
# scrypt's work factors: about 16 MB and a few tens of milliseconds per try.
N, R, P = 2 ** 14, 8, 1


class PinError(ValueError):
    """A PIN that cannot be set or that does not fit; the message names the field."""


class Settings(Protocol):
    """Where the hashes are kept (``tableside.api.Tableside`` is one)."""

    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def setting_key(session_id: str, owner: str) -> str:
    return f"pin-scrypt:{session_id}:{owner}"


def legacy_key(session_id: str, owner: str) -> str:
    """Where versions before scrypt kept an unsalted sha256 (still honoured when read)."""
    return f"pin:{session_id}:{owner}"


def check_pin_text(pin: str) -> str:
    if not pin or len(pin) > PIN_LIMIT or not pin.isprintable():
        raise PinError(f"PIN: give 1 to {PIN_LIMIT} printable characters")
    return pin


def make(pin: str) -> dict[str, Any]:
    """The record kept for ``pin``: scheme, work factors, a fresh salt and the derived key."""
    salt = secrets.token_bytes(16)
    return {"scheme": SCHEME, "n": N, "r": R, "p": P, "salt": salt.hex(),
            "hash": _derive(check_pin_text(pin), salt, N, R, P).hex()}


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024,
                          dklen=32)


def matches(stored: Any, pin: str, session_id: str) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (constant-time compare)."""
    if isinstance(stored, dict) and stored.get("scheme") == SCHEME:
        try:
            salt = bytes.fromhex(str(stored["salt"]))
            want = bytes.fromhex(str(stored["hash"]))
            got = _derive(pin, salt, int(stored["n"]), int(stored["r"]), int(stored["p"]))
        except (KeyError, TypeError, ValueError):
            return False
        return hmac.compare_digest(got, want)
    if isinstance(stored, str):  # an older save: sha256 of "<session id>:<pin>"
        old = hashlib.sha256(f"{session_id}:{pin}".encode()).hexdigest()
        return hmac.compare_digest(old.encode(), stored.encode())
    return False


def stored(table: Settings, session_id: str, owner: str) -> Any:
    """The owner's PIN record, or None when they set none."""
    found = table.setting(setting_key(session_id, owner))
    if found is None:
        found = table.setting(legacy_key(session_id, owner))
    return found or None


def is_set(table: Settings, session_id: str, owner: str) -> bool:
    return stored(table, session_id, owner) is not None


def check(table: Settings, session_id: str, owner: str, pin: str | None) -> None:
    """PinError unless ``pin`` is the owner's PIN (nothing to check when they set none)."""
    record = stored(table, session_id, owner)
    if record is None:
        return
    if not pin:
        raise PinError(f"PIN: the {owner} set a PIN; give it to go on")
    if not matches(record, pin, session_id):
        raise PinError(f"PIN: that is not the {owner}'s PIN")
