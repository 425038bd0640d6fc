"""What a demo game shows besides its pieces, and how it ends."""

from __future__ import annotations

from trackers.engine import State
from trackers.engine.game import EndRecord


def end(state: State) -> EndRecord | None:
    """Over exactly when someone escaped (the engine then refuses every later action)."""
    who = state.facts.get("escaped")
    return EndRecord("Escape", f"{who} escaped", winners=(who,)) if who else None


def moment(state: State) -> dict[str, int]:
    """The round the table is in (read before each action: it is the round it happened in)."""
    return {"round": state.facts.get("round", 1)}


def banner(state: State) -> list[str]:
    """One line the session screen keeps above the tracks."""
    record = end(state)
    if record is not None:
        return [f"GAME OVER: {record.summary}"]
    hatch = "open" if "hatch_open_at" in state.facts else "shut"
    return [f"Round {state.facts.get('round', 1)} | the hatch is {hatch}"]


def cards_drawn(state: State) -> int:
    return int(state.facts.get("drawn", 0))
