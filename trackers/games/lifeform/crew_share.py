"""Hibernation step 1 held (rulebook p. 38, Showdown Stage): the crew draws as many Crew cards
as the number beside the highest Improvised Weaponry token and shares them, unseen, among the
crew members with a surviving character. Until every one is shared the Showdown goes no further
(the fights, module D's bet and hunt wait); each share is recorded with 'Draw cards'.

The hibernation opens the share only when the table does it (a flag its ``validate`` adds), so a
game saved before replays without one.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, State
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.showdown import surviving_crew

FLAG = "crew_share_held"  # kept with the hibernation's event by its ``validate``
RULE = "(rulebook p. 38, Showdown Stage step 1)"


def left(state: State) -> int:
    """Crew cards of the hibernation's draw still to be shared out."""
    if facts_of(state).get("stage") != "showdown":
        return 0
    return int((facts_of(state).get("showdown") or {}).get("to_share", 0))


def open_share(state: State, drawn: int | None) -> None:
    """The hibernation's step 1: ``drawn`` Crew cards wait to be shared."""
    facts_of(state)["showdown"]["to_share"] = max(0, drawn or 0)


def receivers(state: State) -> list[str]:
    """Who may take a share: the crew members with a surviving character."""
    return surviving_crew(state)


def took(state: State, member: str, count: int) -> None:
    """A crew hand drew ``count`` during the share: that many fewer are left."""
    if left(state):
        facts_of(state)["showdown"]["to_share"] = max(0, left(state) - count)


def check_draw(state: State, args: dict[str, Any]) -> None:
    """While the share is open, a crew draw is a share: to a crew member with a surviving
    character, no more than are left (checked when the table acts, never on replay)."""
    due = left(state)
    if not due or args.get("who") == "lifeform":
        return
    member, count = args.get("crew_member"), int(args.get("count") or 0)
    if member not in receivers(state):
        raise ActionError(f"crew_member: the crew's hibernation draw goes to a crew member with "
                          f"a surviving character: {' or '.join(receivers(state))} {RULE}",
                          "crew_member")
    if count > due:
        raise ActionError(f"count: {due} of the crew's hibernation draw "
                          f"{'is' if due == 1 else 'are'} left to share; give 1 to {due} {RULE}",
                          "count")


def unshared(state: State, how: str) -> str | None:
    """The refusal while the share is open, naming the action that records it."""
    due = left(state)
    if not due:
        return None
    who = " and ".join(receivers(state))
    return (f"hibernation step 1 is not done: {due} Crew card{'s' if due != 1 else ''} of the "
            f"crew's draw {'is' if due == 1 else 'are'} still to be shared among {who}, unseen, "
            f"in any split they agree; record each share first ({how}) {RULE}")


def suggested_member(state: State) -> str | None:
    """The form's preselection during the share: the first crew member who may take one."""
    names = receivers(state) if left(state) else []
    return names[0] if names else None
