"""Chance: the randomness of one action, drawn when the action is first done and recorded.

The rules stay deterministic: what is random reaches them as data. A game started this way
keeps no seed and no order of what is still face down (a deck holds what is left, as a sorted
list). When an action draws, the app gives it fresh bits from the operating system and the
action's record keeps what it used:

- ``stream``: bits for everything random in the action (a die, a shuffle of the cards a
  Character holds), asked on first use;
- ``picks``: one value per draw from a pile, keyed by the pile and how many draws it has had
  ("Crisis deck#7"). The app gives a draw made before (perhaps undone since) the value it had,
  so undoing and drawing again, even after another action, gives the same card.

Replaying a record hands the kept values back; an action that needs one the record lacks
raises ``DrawNeeded`` (the engine says it no longer applies).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from trackers.pieces.base import PieceError

STREAM = "stream"
PICKS = "picks"
BITS = 16  # hex digits of a pick: 64 bits, so the modulo's bias over a pile is negligible

Source = Callable[[str], str]  # a key -> fresh (or kept) hex digits, from the app


class DrawNeeded(PieceError):
    """The action draws, and neither its record nor the app gave the value for ``key``."""

    def __init__(self, key: str) -> None:
        super().__init__(f"a random draw ({key}) that was not recorded with this action")
        self.key = key


class Chance(Random):
    """The random stream and the pile draws of one action: ``given`` as recorded, the rest
    asked from ``source`` (the app) and kept in ``used`` for the action's record."""

    def __init__(self, given: Mapping[str, Any] | None = None,
                 source: Source | None = None) -> None:
        super().__init__(0)  # the base stream is never used: every draw goes through below
        given = given or {}
        self._stream_bits = given.get(STREAM)
        self._picks: dict[str, str] = dict(given.get(PICKS) or {})
        self._source = source
        self._stream: Random | None = None
        self.used: dict[str, Any] = {}

    def _ask(self, key: str) -> str:
        if self._source is None:
            raise DrawNeeded(key)
        return self._source(key)

    def _inner(self) -> Random:
        if self._stream is None:
            bits = self._stream_bits if isinstance(self._stream_bits, str) else \
                self._ask(STREAM)
            self.used[STREAM] = bits
            self._stream = Random(f"chance:{bits}")
        return self._stream

    def random(self) -> float:
        return self._inner().random()

    def getrandbits(self, k: int, /) -> int:
        return self._inner().getrandbits(k)

    def pick(self, pile: str, depth: int, size: int) -> int:
        """Which of ``size`` cards left (in sorted order) the ``depth``-th draw from ``pile``
        takes: 0 to size - 1."""
        if size < 1:
            raise PieceError(f"{pile}: nothing left to draw")
        key = f"{pile}#{depth}"
        bits = self._picks.get(key)
        if not isinstance(bits, str):
            bits = self._ask(key)
        self.used.setdefault(PICKS, {})[key] = bits
        return int(bits, 16) % size


def draws_now(rng: Random) -> bool:
    """Whether this game draws at the moment (no order kept in advance): a game started
    before keeps its seeded shuffles, and replays them."""
    return isinstance(rng, Chance)


def dry(key: str) -> str:
    """A stand-in value for a trial that records nothing and shows nothing."""
    return "0" * BITS


def check_recorded(value: Any) -> dict[str, Any]:
    """A recorded chance as the engine accepts it; ValueError for anything else."""
    if not isinstance(value, dict) or set(value) - {STREAM, PICKS}:
        raise ValueError("give an object with stream and picks")
    out: dict[str, Any] = {}
    if STREAM in value:
        out[STREAM] = _hex(value[STREAM])
    if PICKS in value:
        picks = value[PICKS]
        if not isinstance(picks, dict):
            raise ValueError("picks: give an object of draws")
        out[PICKS] = {str(k): _hex(v) for k, v in picks.items()}
    return out


def _hex(value: Any) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 64 \
            or any(ch not in "0123456789abcdef" for ch in value):
        raise ValueError("random bits are lower-case hex digits")
    return value
