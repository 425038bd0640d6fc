"""The table's words: counts ("1 card", "2 cards") and the roles that own secrets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The two roles that own secrets, as the table names them (the curtain, the seats, the log).
LIFEFORM_ONLY = "Lifeform player"
CREW_ONLY = "Crew (not the Lifeform player)"


def count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural when ``n`` is not 1 (the last word takes the "s")."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def readable_log(title: str, names: tuple[str, ...], flags: dict[str, str]
                 ) -> Callable[[dict[str, Any]], str]:
    """A history line in the table's words for an action with no line of its own: the title,
    then what was given ("Record characters: Jacob, Cameron, Scott"), never "name=value".
    A yes/no argument shows its own words (``flags``) when yes and nothing when no."""

    def line(args: dict[str, Any]) -> str:
        shown = []
        for name in names:
            value = args.get(name)
            if isinstance(value, bool):
                if value:
                    shown.append(flags[name])
            elif value not in (None, ""):
                shown.append(str(value))
        return f"{title}: {', '.join(shown)}" if shown else title

    return line
