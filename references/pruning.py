"""Scoring fewer sections: bm25 only for the sections that can still reach the candidate pool.

bm25 is a sum over the query's phrases, and one phrase can add at most idf x (k1 + 1) to a
section's score, however often the section holds it (FTS5's bm25 in sqlite's fts5_aux.c:
k1 = 1.2; an idf at or below 0 counts as 1e-6). So when the rare words of a question already
give the pool's last section a higher score than every common word together could give a
section holding none of the rare ones, sections holding only common words need no score at
all ("stowaway card": "card" is in half the sections, "stowaway" in a few). The result is the
same pool, in the same order, as scoring every section (the MaxScore idea of search engines);
when that cannot be shown, the caller scores every section as before.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

K1 = 1.2  # bm25's k1 in FTS5
FLOOR = 1e-6  # FTS5's idf for a phrase in half the sections or more


def idf(holding: int, sections: int) -> float:
    """FTS5's idf for a phrase that `holding` of `sections` sections hold."""
    value = math.log((sections - holding + 0.5) / (holding + 0.5))
    return value if value > 0.0 else FLOOR


def ceiling(holding: int, sections: int) -> float:
    """The most a phrase can add to any section's bm25 score (a hair over, for rounding)."""
    return idf(holding, sections) * (K1 + 1.0) * (1.0 + 1e-9)


@dataclass(frozen=True)
class Term:
    """One alternative of the any-word expression: its text, its phrases' ceilings summed
    (a section may hold every phrase of a synonym group), and how many sections hold it at
    most (each of its phrases' counts summed)."""

    expr: str
    ceiling: float
    holding: int


@dataclass(frozen=True)
class Split:
    """The terms a section must hold one of to be scored, and the most the others can give."""

    rare: tuple[str, ...]
    common_ceiling: float


def split(terms: Sequence[Term], pool: int) -> Split | None:
    """Rare terms first: the fewest that can fill the pool while what the others could add
    stays under 0.7 of the last one's ceiling (about 1.5 times its idf; the pool's last
    section mostly holds more than one word). None when no such split is worth trying: the
    filtered statement still walks every match (about a third of the cost of scoring them
    all), so the rare terms must be held by under a third of the sections matched."""
    ordered = sorted(terms, key=lambda t: t.ceiling, reverse=True)
    total = sum(t.holding for t in ordered)
    held = 0
    for n, term in enumerate(ordered[:-1]):
        held += term.holding
        if held < pool:
            continue
        if held > total / 3:
            return None
        rest = sum(t.ceiling for t in ordered[n + 1:])
        if rest < 0.7 * term.ceiling:
            return Split(tuple(t.expr for t in ordered[: n + 1]), rest)
    return None
