"""Counts in the table's words: "1 card", "2 cards", "1 Lifeform card"."""

from __future__ import annotations


def count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural when ``n`` is not 1 (the last word takes the "s")."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"
