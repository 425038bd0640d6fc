"""A crew turn's Step 2 held at 'End of turn' (rulebook, Step 2: Perform Activity): a crew
member in a normal turn does one activity before the turn ends. The app records only some
activities, so the End of turn form asks, ticked by default, that the activity was done on
the board; the answer is kept with the event. Unticked, the turn does not end and the table
is told which activities there are.

The question is asked only when the table acts (``validate``); a game saved before replays
without it.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, Param, State
from trackers.games.lifeform import characters, turns
from trackers.games.lifeform.facts import facts_of

FIELD = "activity_done"
RULE = "(rulebook, Step 2: Perform Activity)"
# Use Remora Energy Cell is the activity of a member whose characters are all aboard, whose
# turn is not held here (it may pass).
ACTIVITIES = tuple(dict.fromkeys(t for t in turns.CREW_ACTIVITIES.values()
                                 if t != "Use Remora Energy Cell"))


def step2_open(state: State) -> bool:
    """The active crew member's normal turn has no activity recorded yet."""
    member = turns.current(state)
    if facts_of(state).get("stage") != "starship" or member is None:
        return False
    return (facts_of(state)["turn"]["activity"] is None
            and turns.turn_kind(state, member) == "normal"
            and bool(characters.surviving(state, member)))


def param() -> Param:
    """The End of turn form's Step 2 field: ticked (done on the board) unless unticked."""
    return Param(FIELD, "bool", "Step 2: the activity was done on the board",
                 optional=True, default=True, shown=step2_open,
                 hidden_why="the activity is recorded for this turn already, or this turn "
                            "has none to do")


def check(state: State, args: dict[str, Any]) -> dict[str, Any]:
    """The table's word on Step 2, kept with the event only when it was asked; unticked, the
    turn does not end."""
    if not step2_open(state):
        return {k: v for k, v in args.items() if k != FIELD}
    if args.get(FIELD) is False:
        member = turns.current(state)
        raise ActionError(f"{FIELD}: {member} does one activity before the turn ends: "
                          f"{', '.join(ACTIVITIES[:-1])} or {ACTIVITIES[-1]}; record it, or "
                          f"tick that it was done on the board {RULE}", FIELD)
    return {**args, FIELD: True}


def confirmed(state: State, args: dict[str, Any]) -> list[Note]:
    """End of turn's note for a Step 2 the table confirmed with it (done on the board)."""
    if not args.get(FIELD) or not step2_open(state):
        return []
    return [Note(f"Step 2: {turns.current(state)}'s activity was done on the board (said "
                 f"with End of turn) {RULE}", "round")]
