"""The Vents deck: Check Aircon, the empty-board draw and crew entering a Vent Node (spec
pandora-celeste §2 Phase 3 step 9, Phase 4 B, §7.4; rulebook «Checking the Vents», p.21).

Its contents are printed only on the cards, so the table flips the real deck and says what
came up; a Nasty joins the Active Nasty Area.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import cycle, nasties, scenarios
from trackers.games.pandora_celeste.facts import facts_of

WHY = ("Check Aircon", "empty board", "crew entered a Vent Node")
FOUND = ("a Nasty", "an Action card", "Hear That", "another card")
# When each draw comes: a crewmember's move in the Crew Round («Moving Through the Vents»);
# the empty board at the end of the Nasty Action Round, before the End of Cycle's tick («The
# Active Nasty Area»); Check Aircon at the End of Cycle, so entered as the next Cycle starts
# («4. End of Cycle» B).
WHEN = {WHY[2]: cycle.CREW_ROUND, WHY[1]: ("round_end", "tick"), WHY[0]: ("start",)}
SAID = {WHY[2]: "when a crewmember enters a Vent Node (the Crew Round)",
        WHY[1]: "for an empty board (the end of the Nasty Action Round)",
        WHY[0]: "for Check Aircon (the End of Cycle, entered once 'End the Cycle' is done)"}


def _now(state: State) -> str | None:
    return cycle.current(state) if facts_of(state)["phase"] == "cycle" else None


def _fits(state: State, why: str) -> bool:
    now = _now(state)
    if why == WHY[0] and facts_of(state)["cycle"] < 2:
        return False  # no End of Cycle has been played yet
    return now in WHEN[why]


def why_not(state: State) -> str | None:
    """No Vents card is drawn in the Noise & Doors Round (the hand refill among it) or while
    the Nasties act."""
    if _now(state) is None or any(_fits(state, w) for w in WHY):
        return None
    return (f"a Vents card is drawn {SAID[WHY[2]]}, {SAID[WHY[1]]} or {SAID[WHY[0]]}; the "
            f"game is at the {cycle.STEP_NAMES[cycle.current(state)]}")


def check(state: State, args: dict[str, Any]) -> None:
    """This draw's own moment (a new record; one saved before replays as it was)."""
    scenarios.no_vents(state)
    why = str(args.get("why"))
    if why == WHY[1]:
        _empty(state)
    if _now(state) is not None and why in WHEN and not _fits(state, why):
        raise ActionError(f"why: the Vents card is drawn {SAID[why]}; the game is at the "
                          f"{cycle.STEP_NAMES[cycle.current(state)]}", "why")


def _empty(state: State) -> None:
    if nasties.on_board(state):
        on = ", ".join(nasties.label(n) for n in nasties.on_board(state))
        raise ActionError(f"why: the empty-board draw is only for a board with no Nasty on it; "
                          f"on the board now: {on}", "why")


def draw(state: State, why: str, found: str, nasty: str | None, room: str | None,
         drawer: str | None) -> list[Note | str]:
    """What the top Vents card was and where it goes (spec §7.4, §5.1)."""
    scenarios.no_vents(state)
    target = facts_of(state)["first_target"]
    if why == "empty board":
        _empty(state)
    if found == "a Nasty":
        if nasty is None:
            raise ActionError("nasty: give which Nasty the Vents card shows", "nasty")
        if why == "crew entered a Vent Node":
            where = room or "the Vent Node"
        else:
            where = room or (f"{target}'s room" if target else "")
        _, notes = nasties.add(state, nasty, where, why=f"comes out of the Vents ({why})")
        if why != "crew entered a Vent Node":
            notes.append(Note("Its Bug marker goes in the First Target's room, even one it "
                              "could not reach", "vents"))
        return notes
    if nasty is not None:
        raise ActionError(f"nasty: the card is {found}, not a Nasty; leave it blank", "nasty")
    if found == "an Action card":
        if why == "crew entered a Vent Node":
            return [Note(f"{drawer or 'The crewmember'} may take it into the hand, or it goes "
                         "to the bottom of the Vents deck", "vents")]
        return [Note("Not a Nasty: it goes to the bottom of the Vents deck", "vents")]
    if found == "Hear That" and facts_of(state)["spybot_killed"]:
        return [Note("'Hear That' after the SpyBot was killed: reshuffle the Vents deck",
                     "vents")]
    if why == "Check Aircon":
        return [Note("Not a Nasty: it goes to the bottom of the Vents deck", "vents")]
    if why == "empty board":
        return [Note("The rulebook does not say what a card other than a Nasty does here; "
                     "the table decides («The Active Nasty Area»)", "vents")]
    return [Note("Do what the card says", "vents")]


def empty_board_note(state: State) -> list[Note | str]:
    """No Nasty on the board at the end of the Nasty Action Round (spec §2 Phase 3 step 9)."""
    return [Note("No Nasty is on the board: draw the top Vents card; a Nasty on it goes in the "
                 "First Target's room, even one it cannot reach ('Vents card')", "vents")]
