"""A crew turn's Step 1 held at its activity (rulebook, Step 1: Collect Mission Tokens): each
non-hidden character of the active crew member in a chamber with Mission tokens must take one.
Where the figures stand is the table's to see, so the activity's form asks it, answered "none
here" by default: the table says so with the activity, and it is recorded with it. A table that
has tokens to take is sent to Step 1 first; nobody types a 0 each turn.

The question is asked only when the table acts (``validate``); a game saved before replays
without it.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, Param, State
from trackers.games.lifeform import turns
from trackers.games.lifeform.facts import facts_of

FIELD = "no_mission_here"
RULE = "(rulebook, Step 1: Collect Mission Tokens)"


def step1_open(state: State) -> bool:
    """Step 1 is not yet recorded in this turn, and a character of the active crew member may
    have a token to take (non-hidden, on the Valley Forge)."""
    member = turns.current(state)
    if facts_of(state).get("stage") != "starship" or member is None:
        return False
    turn = facts_of(state)["turn"]
    return (not turn["step1"] and turn["activity"] is None
            and turns.turn_kind(state, member) == "normal"
            and bool(turns.step1_characters(state, member)))


def param() -> Param:
    """The activity form's Step 1 field: ticked (none here) unless the table says otherwise."""
    return Param(FIELD, "bool", "Step 1: no Mission token to collect",
                 optional=True, default=True, shown=step1_open,
                 hidden_why="Step 1 is recorded for this turn already, or none of your "
                            "characters can collect")


def check(state: State, args: dict[str, Any]) -> dict[str, Any]:
    """The table's word on Step 1, kept with the activity only when it was asked; a token to
    take sends the table to Step 1 first."""
    if not step1_open(state):
        return {k: v for k, v in args.items() if k != FIELD}
    if args.get(FIELD) is False:
        raise ActionError(f"{FIELD}: Step 1 comes before the activity: record the Mission "
                          "tokens collected first ('Step 1: Mission tokens'), each one put on "
                          f"the Loadout at once {RULE}", FIELD)
    return {**args, FIELD: True}


def confirmed(state: State, args: dict[str, Any]) -> list[Note]:
    """The activity's note for a Step 1 the table confirmed with it (none collected)."""
    if not args.get(FIELD) or not step1_open(state):
        return []
    return [Note(f"Step 1: {turns.current(state)} collects no Mission token (said with the "
                 f"activity) {RULE}", "round")]
