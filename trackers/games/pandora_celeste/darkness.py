"""Darkness at the back of the Ship (rulebook «Darkness», «Turning the Lights On/Off»): a
crewmember who starts the Cycle in the dark of the ShipStern without a light of their own
discards a card.

The app knows only the area the table recorded for each crewmember (nobody at the front is
in the dark), not who carries a Torch, the Welding Torch, or a Cargo Rig's or EVA Suit's
lights: at the start of each Cycle the table says who is in the dark
(each discards 1 card, recorded), or that nobody is, before the Cycle moves on. With the
Junction Box's lights on the whole ShipStern is lit (Engineering always is), so nothing is
asked.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import crew, cycle
from trackers.games.pandora_celeste.facts import facts_of

NOBODY = "nobody (else) is in the dark"
LIGHTS = "a Torch, the Welding Torch, or a Cargo Rig's or EVA Suit's lights"


def _record(state: State) -> dict[str, object]:
    facts = facts_of(state)
    held = facts.get("darkness")
    if not held or held.get("cycle") != facts["cycle"]:
        held = facts["darkness"] = {"cycle": facts["cycle"], "dark": [], "done": False}
    return held


def lit(state: State) -> bool:
    """The Junction Box's lights are on: nobody at the back is in the dark."""
    return bool((facts_of(state).get("stern") or {}).get("lights"))


def due(state: State) -> bool:
    """The start of a Cycle with the ShipStern dark, and the table has not answered yet."""
    facts = facts_of(state)
    if not facts["shipstern"] or facts["phase"] != "cycle" or cycle.current(state) != "start" \
            or lit(state):
        return False
    held = facts.get("darkness") or {}
    return not (held.get("cycle") == facts["cycle"] and held.get("done"))


def why_due(state: State) -> str | None:
    if not due(state):
        return None
    return ("the start of the Cycle: say who starts it in the dark of the ShipStern without a "
            f"light of their own ({LIGHTS}), or that nobody does, first ('In the dark')")


def choices(state: State) -> list[str]:
    dark = list((facts_of(state).get("darkness") or {}).get("dark") or []) \
        if (facts_of(state).get("darkness") or {}).get("cycle") == facts_of(state)["cycle"] \
        else []
    return [n for n in crew.alive(state) if n not in dark] + [NOBODY]


def why_not(state: State) -> str | None:
    if not facts_of(state)["shipstern"]:
        return "only with the ShipStern in play (a New game option)"
    if lit(state):
        return "the ShipStern's lights are on (Junction Box): nobody is in the dark"
    if not due(state):
        return "this is asked at the start of the Cycle, before the Crew Round"
    return None


def answer(state: State, who: str) -> list[Note | str]:
    """One crewmember in the dark discards a card; or nobody (else) is: the Cycle goes on."""
    held = _record(state)
    dark = held["dark"]
    assert isinstance(dark, list)
    if who == NOBODY:
        held["done"] = True
        said = ", ".join(dark) if dark else "nobody"
        return [Note(f"In the dark at the start of Cycle {facts_of(state)['cycle']}: {said}",
                     "shipstern")]
    if who in dark:
        raise ActionError(f"crew: {who} is recorded in the dark this Cycle already", "crew")
    crew.need_alive(state, who)
    dark.append(who)
    return [Note(f"{who} starts the Cycle in the dark without a light of their own: discard 1 "
                 "card now (rulebook «Darkness»)", "shipstern")]


def check(state: State, args: dict[str, object]) -> None:
    """The dark is only in the ShipStern: a crewmember recorded at the front is not in it
    until the table says they stand further back («Darkness»)."""
    who = args.get("crew")
    if who in facts_of(state)["crew"] and facts_of(state)["crew"][str(who)]["area"] == "front":
        raise ActionError(f"crew: {who} is recorded at the front of the Ship, where the dark "
                          "does not reach; if they stand further back, say so first "
                          "('Crewmember's area')", "crew")
