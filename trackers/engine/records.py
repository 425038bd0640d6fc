"""The journal's record format, in one place: what a session hands its ``Journal``.

Three kinds of record, each a JSON object with a ``t`` field:

- ``header``: the first record of a journal (game, title, setup, seed, created);
- ``do``: one action at position ``seq``, with its checked arguments, the time, the moment
  of the game it happened in (``when``: ``{"round": 3}``, ``{"turn": 7, "lap": 2}``), and
  which window made it (``by``);
- ``head``: undo, redo or a jump moved the head to ``head``;
- ``audit``: a fact of the table outside the numbered events (a look at a secret, a wrong
  PIN, a reveal): never undone, never folded into the events (so no later draw shifts).

Folding the records in order gives the event list and the head: a ``do`` after an undo
drops the undone branch. The file layer (saves) adds its own checksum and chain fields
around each record and never looks inside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

HEADER = "header"
DO = "do"
HEAD = "head"
AUDIT = "audit"


class RecordError(ValueError):
    """A record that does not fit the history before it; the message says which."""


@dataclass(frozen=True)
class Event:
    """One action the players took, at position ``seq`` (1-based) of the history."""

    seq: int
    action: str
    args: dict[str, Any]
    at: str = ""
    when: dict[str, int] = field(default_factory=dict)  # the game's moment: round, turn, lap
    by: str = ""  # which window made it ("app 4121", "cli 4188"); empty when unknown
    # commitment codes this action showed the table (secret piece -> code), kept as seen
    codes: dict[str, str] = field(default_factory=dict)
    # keys set up with this action (owner -> public key and PIN-wrapped private key): a
    # player's first secret and their PIN are one record, so a crash keeps both or neither
    keys: dict[str, Any] = field(default_factory=dict)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"t": DO, "seq": self.seq, "action": self.action,
                                  "args": self.args, "at": self.at}
        if self.when:
            record["when"] = dict(self.when)
        if self.by:
            record["by"] = self.by
        if self.codes:
            record["codes"] = dict(self.codes)
        if self.keys:
            record["keys"] = dict(self.keys)
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Event:
        when = record.get("when") or {}
        codes = record.get("codes") or {}
        keys = record.get("keys") or {}
        return cls(int(record["seq"]), str(record["action"]), dict(record["args"]),
                   str(record.get("at", "")),
                   {str(k): int(v) for k, v in when.items()} if isinstance(when, dict) else {},
                   str(record.get("by", "")),
                   {str(k): str(v) for k, v in codes.items()} if isinstance(codes, dict) else {},
                   dict(keys) if isinstance(keys, dict) else {})


def head_record(head: int, at: str = "", by: str = "") -> dict[str, Any]:
    record: dict[str, Any] = {"t": HEAD, "head": head, "at": at}
    if by:
        record["by"] = by
    return record


def fold(records: Iterable[Mapping[str, Any]]) -> tuple[list[Event], int]:
    """The event list and head that a run of records leaves (header records are skipped)."""
    events: list[Event] = []
    head = 0
    for record in records:
        kind = record.get("t")
        if kind == DO:
            event = Event.from_record(record)
            del events[event.seq - 1:]
            if event.seq != len(events) + 1:
                raise RecordError(f"record for action {event.seq} follows action {len(events)}")
            events.append(event)
            head = event.seq
        elif kind == HEAD:
            head = max(0, min(int(record["head"]), len(events)))
    return events, head
