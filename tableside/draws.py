"""The app's random draws: bits from the operating system, given to an action when it first
draws and kept in that action's record (trackers.pieces.chance).

A game keeps no seed and no order of what is still face down, so nothing in its files says
what the next card will be. A draw made before (and perhaps undone since) is given again:
the random stream of the same action at the same point of the game, or the same draw from the
same pile ("the 7th card of the Crisis deck") whatever action makes it, so undoing and drawing
again never changes the card. Another action at that point gets a stream of its own: the
files never tell what an action not taken would have rolled.

A game started before kept a seed (in its first line, sealed to the app's key, or in plain
text earlier still); it replays from that seed as it always did. A game created with a seed
given on purpose (``saves new --seed``) draws from it, for a repeatable game.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.pieces.chance import Source

SETUP = "setup"  # the header's public bits of the setup, in place of a seed
STREAM_DIGITS = 32  # 128 bits for an action's stream
PICK_DIGITS = 16  # 64 bits for one draw from a pile


def new_game() -> tuple[str, dict[str, str]]:
    """The public bits of a new game's setup, and the header's ``seed`` field keeping them."""
    bits = secrets.token_hex(STREAM_DIGITS // 2)
    return bits, {SETUP: bits}


def read_seed(root: Path, kept: Any) -> tuple[str, bool]:
    """(seed, whether the game draws at the moment) from a header's ``seed`` field."""
    from tableside import vault

    if isinstance(kept, dict) and isinstance(kept.get(SETUP), str) and "sealed" not in kept:
        return kept[SETUP], True
    return vault.open_seed(root, kept), False


def source(play: OpenSession, action: str) -> Source:
    """What gives ``action`` its random bits: a draw made before, or fresh ones."""
    from trackers.pieces.chance import STREAM

    def give(key: str) -> str:
        kept = earlier(play.records, key, play.session.head + 1, action)
        if kept is not None:
            return kept
        return secrets.token_hex((STREAM_DIGITS if key == STREAM else PICK_DIGITS) // 2)
    return give


def earlier(records: Iterable[dict[str, Any]], key: str, seq: int, action: str
            ) -> str | None:
    """The bits a recorded action drew for ``key``: the stream of ``action`` at ``seq``, or a
    pile's draw wherever it was made."""
    from trackers.engine.actions import CHANCE
    from trackers.pieces.chance import PICKS, STREAM

    found = None
    for record in records:
        if record.get("t") != "do":
            continue
        chance = (record.get("args") or {}).get(CHANCE)
        if not isinstance(chance, dict):
            continue
        if key == STREAM:
            same = record.get("seq") == seq and record.get("action") == action
            bits = chance.get(STREAM) if same else None
        else:
            picks = chance.get(PICKS)
            bits = picks.get(key) if isinstance(picks, dict) else None
        if isinstance(bits, str):
            found = bits
    return found
