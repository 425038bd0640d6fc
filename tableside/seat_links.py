"""Seat links: one unguessable token per player's seat, kept only as its digest.

A seat is a player of the game (``setup.names``); its link carries a token of 128 bits from
``secrets``. The token is handed out once (printed, shown as a QR code) and never stored:
only its SHA-256 digest is kept, in memory, and a token given back is compared in constant
time with every seat's digest, so neither a log, a file nor the timing of a refusal tells it.
Revoking a seat drops its digest; remaking gives it a new token (the old link opens nothing).

Which secrets a seat holds: those whose owner is the player's name, and the game's roles
("Lifeform player", "Crew (not the Lifeform player)") held by that player, as the game's
one rule says (``Game.holders``, asked through ``OpenSession.holders``: the curtain and the
report ask the same). The table sees every seat's roles on the seats screen.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import secrets
import threading
from collections.abc import Callable, Iterable

TOKEN_BYTES = 16  # 128 bits


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


class SeatLinks:
    """Each seat's token as a digest; safe to use from the server's thread and the app's."""

    def __init__(self, seats: Iterable[str]) -> None:
        self.seats = list(seats)
        self._digests: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def make(self, seat: str) -> str:
        """A new token for ``seat`` (its old link stops working); returned once, never kept."""
        if seat not in self.seats:
            raise KeyError(f"seat: {seat!r} is not a player of this game "
                           f"(allowed: {', '.join(self.seats)})")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._lock:
            self._digests[seat] = _digest(token)
        return token

    def revoke(self, seat: str) -> None:
        with self._lock:
            self._digests.pop(seat, None)

    def is_open(self, seat: str) -> bool:
        with self._lock:
            return seat in self._digests

    def seat_for(self, token: str | None) -> str | None:
        """The seat whose token this is, else None. Every digest is compared, match or not,
        each in constant time: how long a refusal takes says nothing about the tokens."""
        given = _digest(token or "")
        with self._lock:
            held = list(self._digests.items())
        found = None
        for seat, digest in held:
            if hmac.compare_digest(given, digest) and token:
                found = seat
        return found


def roles_of(player: str, owners: Iterable[str], holders: Callable[[str], Iterable[str]]
             ) -> list[str]:
    """The owners (a name, a role) whose secrets ``player``'s seat holds, in the given order;
    ``holders`` is the game's one rule (``OpenSession.holders``)."""
    return [owner for owner in dict.fromkeys(owners) if player in holders(owner)]


def qr_text(url: str) -> str:
    """The link as a QR code drawn with half blocks, for a terminal or the seats screen."""
    import segno

    code = segno.make(url, error="m")
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    return out.getvalue()
