"""Encryption at rest for secrets: a key pair per player, the private key wrapped by their PIN.

- Choosing needs no PIN: a value and its nonce are sealed to the owner's *public* key
  (X25519 with a fresh ephemeral key, HKDF-SHA256, AES-256-GCM), so the journal holds only
  ciphertext and the commitment code.
- Opening needs the owner's PIN: the private key is kept wrapped with AES-GCM under a key
  derived from the PIN by ``hashlib.scrypt`` (a salt per player, about 100 ms a try), so a
  copy of the files must be guessed offline at that cost per try.
- A player who declines a PIN gets a key pair too, its private key stored unwrapped: the value
  is hidden from the screen, not from someone who opens the files (the app says so).
- The app's own hidden draws (the solo Hunt's chamber, the seed of the open draws) are sealed
  to the app's key, kept in ``keys/app.key`` of the data folder (owner-only permissions).

``cryptography`` is imported on first use: the app's start-up never pays for it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

SCHEME = "x25519-aesgcm-1"
WRAP = "scrypt-aesgcm"
NO_PIN = "none"
# scrypt's work factors: 16 MB and about 100 ms a try on a laptop (measured: 50-140 ms).
N, R, P = 2 ** 14, 8, 1
MIN_PIN = 6
MAX_PIN = 64
APP_OWNER = "Tableside (the app's hidden draws)"
DECLINED = "hidden from the screen, not from someone who opens the files"  # said plainly


class WrongPin(ValueError):
    """The PIN does not open the owner's key."""


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"), validate=True)


def check_new_pin(pin: str) -> str:
    """A PIN a player may set: 6 to 64 printable characters; ValueError naming the field."""
    if not isinstance(pin, str) or len(pin) < MIN_PIN or len(pin) > MAX_PIN \
            or not pin.isprintable():
        raise ValueError(f"pin: give {MIN_PIN} to {MAX_PIN} printable characters (a short PIN "
                         "can be guessed from a copy of the files in minutes)")
    return pin


def _derive(pin: str, salt: bytes, n: int = N, r: int = R, p: int = P) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p,
                          maxmem=128 * 1024 * 1024, dklen=32)


def new_key(pin: str | None) -> tuple[bytes, dict[str, Any]]:
    """A fresh key pair: (private key, the record kept in the journal). ``pin`` None: the
    player declined a PIN and the private key is stored as it is."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    private = X25519PrivateKey.generate()
    raw = private.private_bytes_raw()
    record: dict[str, Any] = {"scheme": SCHEME, "public": _b64(private.public_key()
                                                                .public_bytes_raw())}
    if pin is None:
        record["wrap"] = {"scheme": NO_PIN, "key": _b64(raw)}
        return raw, record
    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    box = AESGCM(_derive(check_new_pin(pin), salt)).encrypt(nonce, raw, b"tableside-key")
    record["wrap"] = {"scheme": WRAP, "n": N, "r": R, "p": P, "salt": _b64(salt),
                      "nonce": _b64(nonce), "box": _b64(box)}
    return raw, record


def rewrap(record: dict[str, Any], raw: bytes, pin: str) -> dict[str, Any]:
    """``record``'s key (its private half ``raw``, opened by the old PIN) wrapped by a new
    PIN: the public key stays, so every secret sealed to it opens with the new PIN."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    box = AESGCM(_derive(check_new_pin(pin), salt)).encrypt(nonce, raw, b"tableside-key")
    return {"scheme": record.get("scheme", SCHEME), "public": record["public"],
            "wrap": {"scheme": WRAP, "n": N, "r": R, "p": P, "salt": _b64(salt),
                     "nonce": _b64(nonce), "box": _b64(box)}}


def has_pin(record: dict[str, Any]) -> bool:
    return bool(record.get("wrap", {}).get("scheme") == WRAP)


def unwrap(record: dict[str, Any], pin: str | None) -> bytes:
    """The private key of ``record``; WrongPin when ``pin`` does not open it."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    wrap = record.get("wrap") or {}
    if wrap.get("scheme") == NO_PIN:
        return _unb64(str(wrap["key"]))
    if not pin:
        raise WrongPin("no PIN given")
    try:
        key = _derive(pin, _unb64(wrap["salt"]), int(wrap["n"]), int(wrap["r"]), int(wrap["p"]))
        return AESGCM(key).decrypt(_unb64(wrap["nonce"]), _unb64(wrap["box"]), b"tableside-key")
    except (InvalidTag, KeyError, TypeError, ValueError) as err:
        raise WrongPin("that PIN does not open the key") from err


def _box_key(shared: bytes, eph_public: bytes, public: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF

    return HKDF(hashes.SHA256(), 32, salt=eph_public + public,
                info=b"tableside-sealed-box").derive(shared)


def seal(public_b64: str, data: dict[str, Any]) -> str:
    """``data`` encrypted to a public key: only its private key opens it."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import (
        X25519PrivateKey,
        X25519PublicKey,
    )
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    public = _unb64(public_b64)
    eph = X25519PrivateKey.generate()
    eph_public = eph.public_key().public_bytes_raw()
    shared = eph.exchange(X25519PublicKey.from_public_bytes(public))
    nonce = secrets.token_bytes(12)
    box = AESGCM(_box_key(shared, eph_public, public)).encrypt(
        nonce, json.dumps(data, sort_keys=True).encode(), None)
    return _b64(eph_public + nonce + box)


def open_sealed(private: bytes, blob: str) -> dict[str, Any]:
    """What ``seal`` sealed; ValueError if this key does not open it."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric.x25519 import (
        X25519PrivateKey,
        X25519PublicKey,
    )
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    raw = _unb64(blob)
    eph_public, nonce, box = raw[:32], raw[32:44], raw[44:]
    key = X25519PrivateKey.from_private_bytes(private)
    public = key.public_key().public_bytes_raw()
    shared = key.exchange(X25519PublicKey.from_public_bytes(eph_public))
    try:
        plain = AESGCM(_box_key(shared, eph_public, public)).decrypt(nonce, box, None)
    except InvalidTag as err:
        raise ValueError("this key does not open that sealed value") from err
    data = json.loads(plain)
    if not isinstance(data, dict):
        raise ValueError("a sealed value that is not an object")
    return data


# --- the app's own key: its hidden draws -----------------------------------------------------
def app_key(root: Path, *, create: bool = True) -> tuple[bytes, str]:
    """(private key, public key) of this data folder's app key, made on first use (0600);
    ``create`` False: ValueError when there is none (opening never writes)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    path = root / "keys" / "app.key"
    if not path.exists() and not create:
        raise ValueError(f"{path} is missing")
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        raw = X25519PrivateKey.generate().private_bytes_raw()
        # A name of this process's own: two windows making the key at once never share (or
        # unlink) one temporary file; the first link wins and both read the winner's key.
        tmp = path.with_name(f"app.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)  # never replace a key another window made meanwhile
        tmp.unlink(missing_ok=True)
    raw = path.read_bytes()
    key = X25519PrivateKey.from_private_bytes(raw)
    return raw, _b64(key.public_key().public_bytes_raw())


def seal_seed(root: Path, seed: str) -> dict[str, str]:
    """The seed of a game's open draws as the journal keeps it: sealed to the app's key, so
    the file alone does not tell the next card."""
    _, public = app_key(root)
    return {"sealed": seal(public, {"seed": seed}), "to": APP_OWNER}


def open_seed(root: Path, kept: Any) -> str:
    """The seed from a journal's header: as written by a game saved before (plain text), or
    opened with the app's key; ValueError when this data folder's key does not open it."""
    if isinstance(kept, str):
        return kept
    if not isinstance(kept, dict) or not isinstance(kept.get("sealed"), str):
        raise ValueError("the seed in the first line is neither text nor sealed")
    try:
        private, _ = app_key(root, create=False)
        return str(open_sealed(private, kept["sealed"])["seed"])
    except (KeyError, ValueError) as err:
        raise ValueError(f"its seed is sealed with another data folder's key "
                         f"({root / 'keys' / 'app.key'} does not open it)") from err
