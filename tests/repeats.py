"""A screen behaviour walked once in the default run, again for the rest in the slow group.

The pilots that check one screen behaviour for every game or at both terminal sizes (the
lists stay inside their dialog, names show as typed, the footer keeps two lines) cost a
Textual app each. The default run keeps the most demanding case of each; ``pytest -m slow``
(.ci/run) walks the others, so each game and size is still checked before anything lands.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def kept_by_default(values: Iterable[Any], kept: Any, ids: Iterable[str] | None = None
                    ) -> list[Any]:
    """``values`` as parameters: ``kept`` runs in every run, the others only in the slow
    group. ``ids`` names each (pytest's own ids otherwise)."""
    values = list(values)
    assert kept in values, f"{kept!r} is not among {values!r}"
    names = list(ids) if ids is not None else [None] * len(values)
    return [pytest.param(value, id=name,
                         marks=() if value == kept else (pytest.mark.slow,))
            for value, name in zip(values, names, strict=True)]
