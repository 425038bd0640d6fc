"""The table's audit log: looks at secrets, wrong PINs, reveals. Indelible.

Each is an ``audit`` record of the game's journal, outside the numbered events: undo never
takes one back and none shifts a later random draw. A reveal names the action (seq and time)
that made it; when that action is undone, the line says so ("undone"), and stays.

Wrong PINs slow the next try: after 3 in a row for one owner, each further try waits 1, 2,
4 ... up to 60 s from the last wrong one. The count is read from the journal, so it holds
across processes (closing the app does not reset it), and a wait is a refusal, never a sleep.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tableside.open_session import OpenSession

AUDIT = "audit"
PIN_RECORD = "pin"  # an owner's PIN set, declined or changed (tableside.owner_keys)
FREE_TRIES = 3
MAX_WAIT = 60
RESETS = ("look", "reveal", "check")  # a PIN that opened the key ends a run of wrong ones
APP_OWNER = "Tableside (the app's hidden draws)"  # as tableside.vault.APP_OWNER


@dataclass(frozen=True)
class AuditLine:
    """One line of the table's log: ``kind`` look, reveal, check, wrong_pin or no_pin."""

    kind: str
    owner: str
    label: str
    text: str
    at: str
    by: str
    seq: int | None  # the action that revealed (a reveal or a check)
    undone: bool

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "owner": self.owner, "secret": self.label,
                "text": self.text, "at": self.at, "by": self.by, "seq": self.seq,
                "undone": self.undone}


def log(play: OpenSession, kind: str, *, owner: str, label: str, doing: str = "",
        seq: int | None = None) -> None:
    """Append one audit record (durable, under the session's lock)."""
    from tableside.basics import TablesideError, now

    record: dict[str, Any] = {"t": AUDIT, "kind": kind, "owner": owner, "secret": label,
                              "doing": doing, "at": now(), "by": play.window}
    if seq is not None:
        event = play.session.events[seq - 1]
        record["seq"], record["event_at"] = seq, event.at
    if not play.writable:
        raise TablesideError(f"{play.info.title}: opened read-only; a look or reveal must be "
                             "logged, so it is refused here")
    play.append(record)


def _subject(owner: str) -> str:
    from trackers.engine.common_actions import who

    text = who(owner)
    return text[:1].upper() + text[1:]


def who(owner: str) -> str:
    """"Ann", "the Lifeform player": an owner as the subject of a sentence."""
    from trackers.engine.common_actions import who as subject

    return subject(owner)


def where(by: str) -> str:
    """Where a record was typed, from the window that wrote it ("seat Ann", "app 4121")."""
    from trackers.engine.common_actions import typed_where

    return typed_where(by)


def owners(owner: str) -> str:
    """"Ann's", "the Lifeform player's": an owner before what is theirs."""
    from trackers.engine.common_actions import who

    return f"{who(owner)}'s"


def describe(record: dict[str, Any]) -> str:
    kind, owner, label = record.get("kind"), str(record.get("owner")), str(record.get("secret"))
    doing = str(record.get("doing") or "")
    if owner == APP_OWNER and kind in ("reveal", "check"):
        return f"{label} {'revealed' if kind == 'reveal' else 'checked'} ({doing}), opened " \
               "with the app's key"
    if kind == "look":
        return f"{_subject(owner)} looked at {label} (with their PIN)"
    if kind == "reveal":
        return f"{label} revealed ({doing}), opened with {owners(owner)} PIN"
    if kind == "check":
        return f"{label} checked without showing it ({doing}), with {owners(owner)} PIN"
    if kind == "no_pin":
        return f"a try to open {label} without {owners(owner)} PIN was refused"
    return f"a wrong PIN for {label} ({owners(owner)})"


def lines(play: OpenSession) -> list[AuditLine]:
    """Every audit line of the game, oldest first, with each PIN set, declined or changed;
    a reveal whose action is no longer in the history (undone, or replaced after an undo)
    is marked undone."""
    live = {(e.seq, e.at) for e in play.session.events[:play.session.head]}
    out = []
    for record in play.records:
        by = str(record.get("by", ""))
        if record.get("t") == PIN_RECORD:
            owner = str(record.get("owner"))
            key = record.get("key") if isinstance(record.get("key"), dict) else {}
            done = ("PIN changed" if record.get("change") else "PIN set"
                    if (key or {}).get("wrap", {}).get("scheme") != "none"
                    else "PIN declined (hidden from the screen, not from the files)")
            out.append(AuditLine("pin", owner, "", f"{owners(owner)[:1].upper()}"
                                 f"{owners(owner)[1:]} {done} {where(by)}",
                                 str(record.get("at", "")), by, None, False))
            continue
        if record.get("t") != AUDIT:
            continue
        seq = record.get("seq")
        undone = isinstance(seq, int) and (seq, str(record.get("event_at", ""))) not in live
        out.append(AuditLine(str(record.get("kind")), str(record.get("owner")),
                             str(record.get("secret")), describe(record),
                             str(record.get("at", "")), by,
                             seq if isinstance(seq, int) else None, undone))
    return out


def wait_left(play: OpenSession, owner: str, at: datetime | None = None) -> int:
    """Seconds the owner must wait before the next PIN try (0: none), with what other
    windows logged read first."""
    play.refresh()
    return wait_from(play.records, owner, at)


def wait_from(records: Iterable[dict[str, Any]], owner: str,
              at: datetime | None = None) -> int:
    """Seconds the owner must wait before the next PIN try, from the game's records."""
    wrong, last = 0, ""
    for record in records:
        if record.get("t") != AUDIT or record.get("owner") != owner:
            continue
        if record.get("kind") == "wrong_pin":
            wrong, last = wrong + 1, str(record.get("at", ""))
        elif record.get("kind") in RESETS:
            wrong = 0
    if wrong < FREE_TRIES or not last:
        return 0
    wait = min(MAX_WAIT, 2 ** (wrong - FREE_TRIES))
    try:
        since = ((at or datetime.now()) - datetime.fromisoformat(last)).total_seconds()
    except ValueError:
        return wait
    left = wait - since
    return max(0, int(left) + (1 if left > int(left) else 0))
