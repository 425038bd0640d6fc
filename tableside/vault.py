"""Encryption at rest for secrets: a key pair per player, the private key wrapped by their PIN.

- Choosing needs no PIN: a value and its nonce are sealed to the owner's *public* key
  (X25519 with a fresh ephemeral key, HKDF-SHA256, AES-256-GCM), so the journal holds only
  ciphertext and the commitment code.
- Opening needs the owner's PIN: the private key is kept wrapped with AES-GCM under a key
  derived from the PIN by ``hashlib.scrypt`` (a salt per player, about 100 ms a try), so a
  copy of the files must be guessed offline at that cost per try.
- A player who declines a PIN gets a key pair too, its private key stored unwrapped: the value
  is hidden from the screen, not from someone who opens the files (the app says so).
- A game given a seed on purpose keeps it, and its own hidden draws (the solo Hunt's chamber),
  sealed to the app's key, kept in ``keys/app.key`` of the data folder (owner-only
  permissions). A game without one keeps no seed at all (tableside.draws).

``cryptography`` is imported on first use: the app's start-up never pays for it.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Iterator
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


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
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
    key = _derive(check_new_pin(pin), salt, N, R, P)  # the work factors the record keeps
    box = AESGCM(key).encrypt(nonce, raw, b"tableside-key")
    record["wrap"] = {"scheme": WRAP, "n": N, "r": R, "p": P, "salt": _b64(salt),
                      "nonce": _b64(nonce), "box": _b64(box)}
    return raw, record


def rewrap(record: dict[str, Any], raw: bytes, pin: str) -> dict[str, Any]:
    """``record``'s key (its private half ``raw``, opened by the old PIN) wrapped by a new
    PIN: the public key stays, so every secret sealed to it opens with the new PIN."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    salt, nonce = secrets.token_bytes(16), secrets.token_bytes(12)
    key = _derive(check_new_pin(pin), salt, N, R, P)  # the work factors the record keeps
    box = AESGCM(key).encrypt(nonce, raw, b"tableside-key")
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
        nonce, _padded(json.dumps(data, sort_keys=True).encode()), None)
    return _b64(eph_public + nonce + box)


SEALED_BLOCK = 256  # a sealed value's length says only how many blocks it takes


def _padded(plain: bytes) -> bytes:
    """``plain`` with spaces to a whole number of blocks (JSON reads past them): the length of
    what is sealed would otherwise tell "no Company Agenda" from "Company Agenda"."""
    return plain + b" " * (-len(plain) % SEALED_BLOCK)


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
KEY_COPY = "app.key.copy"  # in sessions/: a second copy, so losing keys/ stops no game
RESTORED = "app-*.key"  # keys/app-<id>.key: the key of a data folder restored into this one


def _copy_of(path: Path) -> Path:
    """Where the second copy of a key file in ``keys/`` lives."""
    return path.parent.parent / "sessions" / (path.name + ".copy")


def _read_key(path: Path) -> bytes | None:
    """The raw key in ``path``, or None when it is missing or not a key (cut short)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    return raw if len(raw) == 32 else None


def _write_key(path: Path, raw: bytes) -> None:
    """Write a key file (0600) under a name of this process's own, then link it into place:
    never replaces a key another window made meanwhile (the first link wins)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(path.parent, 0o700)
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def key_files(root: Path) -> Iterator[Path]:
    """Every app key file this data folder holds, its own first: ``keys/app.key`` and its
    copy, then keys restored from other folders and the copy of each in ``sessions/``. Lazy:
    ``sessions/`` holds every game's files, so it is listed only when the keys before it
    are not enough."""
    keys = root / "keys"
    own = keys / "app.key"
    yield from (own, _copy_of(own))
    restored = sorted(keys.glob(RESTORED))
    for key in restored:
        yield from (key, _copy_of(key))
    yield from (copy for copy in sorted((root / "sessions").glob(RESTORED + ".copy"))
                if keys / copy.name[:-len(".copy")] not in restored)


def keep_copies(root: Path) -> None:
    """Give every app key its second copy, and bring back a key file lost or cut short from
    its copy (a writing window, at opening; best effort)."""
    keys = root / "keys"
    own = [keys / "app.key", *keys.glob(RESTORED)]
    own += [keys / c.name[:-len(".copy")] for c in (root / "sessions").glob(RESTORED + ".copy")]
    for key in own:
        copy = _copy_of(key)
        raw, kept = _read_key(key), _read_key(copy)
        with contextlib.suppress(OSError):
            if raw is None and kept is not None:
                key.unlink(missing_ok=True)  # cut short: the copy is whole
                _write_key(key, kept)
            elif raw is not None and kept is None and copy.parent.is_dir():
                copy.unlink(missing_ok=True)
                _write_key(copy, raw)


def app_key(root: Path, *, create: bool = True) -> tuple[bytes, str]:
    """(private key, public key) of this data folder's app key, made on first use (0600,
    with its copy); ``create`` False: ValueError when there is none (opening never writes).
    A key file lost or cut short is read from its copy."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

    path = root / "keys" / "app.key"
    raw = _read_key(path) or _read_key(_copy_of(path))
    if raw is None and not create:
        raise ValueError(f"{path} is missing")
    if raw is None:
        _write_key(path, X25519PrivateKey.generate().private_bytes_raw())
        raw = _read_key(path)
        if raw is None:
            raise ValueError(f"{path} could not be read back")
    if create:
        keep_copies(root)
    key = X25519PrivateKey.from_private_bytes(raw)
    return raw, _b64(key.public_key().public_bytes_raw())


class AppKeyLost(ValueError):
    """No app key this data folder holds opens what was sealed to the app."""


def open_app_sealed(root: Path, blob: str) -> dict[str, Any]:
    """What was sealed to the app's key, opened with any key this folder holds (its own, its
    copy, one restored from another folder); AppKeyLost saying plainly why not."""
    held: list[bytes] = []
    for raw in map(_read_key, key_files(root)):
        if raw is None or raw in held:
            continue
        held.append(raw)
        with contextlib.suppress(ValueError):
            return open_sealed(raw, blob)
    where = root / "keys" / "app.key"
    if not held:
        raise AppKeyLost(f"the app's key is missing ({where} and its copy in sessions/ are "
                         "both gone)")
    raise AppKeyLost(f"no app key in this data folder opens it ({where} is damaged, or the "
                     "game came from another data folder without its key)")


def seal_seed(root: Path, seed: str) -> dict[str, str]:
    """The seed of a game's open draws as the journal keeps it: sealed to the app's key, so
    the file alone does not tell the next card."""
    _, public = app_key(root)
    return {"sealed": seal(public, {"seed": seed}), "to": APP_OWNER}


def open_seed(root: Path, kept: Any) -> str:
    """The seed from a journal's header: as written by a game saved before (plain text), or
    opened with the app's key; ValueError saying why when no key this folder holds opens it."""
    if isinstance(kept, str):
        return kept
    if not isinstance(kept, dict) or not isinstance(kept.get("sealed"), str):
        raise ValueError("the seed in the first line is neither text nor sealed")
    try:
        return str(open_app_sealed(root, kept["sealed"])["seed"])
    except AppKeyLost as err:
        raise ValueError(f"its seed of the open draws is sealed with the app's key, and {err}; "
                         "the game cannot be replayed without that seed: bring the key back "
                         "from a backup (tableside restore)") from err
    except KeyError as err:
        raise ValueError("its sealed seed holds no seed") from err
