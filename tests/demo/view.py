"""What a demo game shows besides its pieces, and how it ends."""

from __future__ import annotations

from tests.demo.facts import facts_of
from trackers.engine import State
from trackers.engine.game import EndRecord


def end(state: State) -> EndRecord | None:
    """Over exactly when someone escaped (the engine then refuses every later action)."""
    who = facts_of(state).get("escaped")
    return EndRecord("Escape", f"{who} escaped", winners=(who,)) if who else None


def moment(state: State) -> dict[str, int]:
    """The round the table is in (read before each action: it is the round it happened in)."""
    return {"round": facts_of(state).get("round", 1)}


def banner(state: State) -> list[str]:
    """One line the session screen keeps above the tracks."""
    record = end(state)
    if record is not None:
        return [f"GAME OVER: {record.summary}"]
    hatch = "open" if "hatch_open_at" in facts_of(state) else "shut"
    return [f"Round {facts_of(state).get('round', 1)} | the hatch is {hatch}"]


def cards_drawn(state: State) -> int:
    return int(facts_of(state).get("drawn", 0))
