"""Every reveal rechecked against the code the table was shown when the secret was chosen.

Value, nonce and code are all in the files, so anyone can recheck a reveal; the app does at
every open, in ``saves show``, the report and the history. A reveal whose value and nonce do
not give its code (the files were changed after the fact) is flagged wherever it is shown,
never passed off as genuine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tableside.audit import AuditLine
    from trackers.engine import State


def mismatched(state: State) -> list[str]:
    """The labels of the revealed secrets whose value and nonce do not give their code."""
    from trackers.pieces import Secret

    return [p.label for p in state.pieces.values()
            if isinstance(p, Secret) and not p.matches_code]


def warnings(state: State) -> list[str]:
    """One warning per revealed secret that fails its recheck."""
    from trackers.pieces.secret import MISMATCH

    return [f"{label}: {MISMATCH} (its value or nonce in the files was changed after it was "
            "shown); do not trust this reveal" for label in mismatched(state)]


def flagged(lines: Sequence[AuditLine], state: State) -> list[AuditLine]:
    """The table's log with each reveal of a secret that fails its recheck flagged."""
    from trackers.pieces.secret import MISMATCH

    bad = set(mismatched(state))
    return [dataclasses.replace(line, text=f"{line.text} ({MISMATCH})")
            if line.kind == "reveal" and not line.undone and line.label in bad else line
            for line in lines]
