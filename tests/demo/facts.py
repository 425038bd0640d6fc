"""What a demo game keeps in ``state.facts``, typed: every read and write goes through
``facts_of``, so the type checker knows each key (the convention every game follows)."""

from __future__ import annotations

from typing import TypedDict, cast

from trackers.engine import State


class DemoFacts(TypedDict, total=False):
    """``total=False``: a snapshot or an old save may lack a key added later."""

    round: int
    drawn: int  # cards drawn, charted by the report (Game.charted)
    hatch_open_at: int  # the hatch space, once the hatch is open
    escaped: str  # who escaped: the game is over


def facts_of(state: State) -> DemoFacts:
    return cast(DemoFacts, state.facts)
