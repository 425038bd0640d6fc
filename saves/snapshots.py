"""Snapshots vouched for by the journal: the journal is the truth, a snapshot only saves time.

Before a snapshot file is written, the journal gets a record of it (``{"t": "snap", "seq",
"events", "state"}``: the point of the game, the digest of the events it covers and the
SHA-256 of its state). The journal is hash-chained and sealed, so that record cannot be
changed unseen; a snapshot file whose state does not match it was edited, and is ignored.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

SNAPSHOT_RECORD = "snap"  # a journal record: the digest of the state a snapshot file holds


def state_digest(state: dict[str, Any]) -> str:
    """The SHA-256 of a snapshot's state as JSON reads it back (tuples as lists, keys as
    text, sorted), so the state written and the state read give the same digest."""
    canonical = json.dumps(json.loads(json.dumps(state)), sort_keys=True,
                           separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def snapshot_problem(records: list[dict[str, Any]], seq: int, events: str,
                     state: dict[str, Any]) -> str | None:
    """Why a snapshot file cannot be trusted, or None when the journal vouches for it: the
    last snapshot record for this point of the game must hold the digest of its state.
    A journal with no snapshot record at all (saved before they were kept) vouches for none,
    and says nothing: the game is simply replayed in full."""
    recorded = [r for r in records if r.get("t") == SNAPSHOT_RECORD]
    if not recorded:
        return ""
    same = [r for r in recorded if r.get("seq") == seq and r.get("events") == events]
    if not same:
        return f"it claims to hold the game after action {seq}, which the journal never " \
               "recorded a snapshot of"
    if same[-1].get("state") != state_digest(state):
        return f"its state after action {seq} is not the one the journal recorded for it " \
               "(it was changed after it was written)"
    return None
