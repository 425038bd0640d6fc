"""When each action may be taken: the step of the Cycle it belongs to (spec pandora-celeste §2).

Each function is an ``Action.why_not``: None when the action fits the moment, else what stops
it and when it can be done, so a table never records a play at the wrong time.
"""

from __future__ import annotations

from collections.abc import Callable

from trackers.engine import State
from trackers.engine.actions import refused_by
from trackers.games.pandora_celeste import attacks, cycle
from trackers.games.pandora_celeste.facts import facts_of

WhyNot = Callable[[State], str | None]
ROUND = ("nasties", "round_end")


def _now(state: State) -> str:
    if facts_of(state)["phase"] != "cycle":
        return "setup"
    return cycle.current(state)


def _where(state: State) -> str:
    now = _now(state)
    return "setup" if now == "setup" else f"the {cycle.STEP_NAMES[now]}"


def _showdown(state: State) -> bool:
    return facts_of(state)["showdown"] is not None


def crew_round(what: str) -> WhyNot:
    """A player's own turn: the Crew Round (and its last plays and turn ends)."""
    def why_not(state: State) -> str | None:
        if _showdown(state):
            return "time stands still in the Final Showdown: only its attacks and the flush"
        if _now(state) in cycle.CREW_ROUND:
            return None
        return (f"{what} is done on a player's turn, in the Crew Round; the game is at "
                f"{_where(state)}")
    return why_not


def nasty_attack(state: State) -> str | None:
    """A Nasty attacks in the Nasty Action Round, during a player's turn (leaving its room, a
    MISS against it) or in the Final Showdown («Nasties vs Crewmembers»)."""
    if _showdown(state) or _now(state) in (*cycle.CREW_ROUND, *ROUND):
        return None
    return ("a Nasty attacks in the Crew Round (a crewmember leaving its room, a MISS against "
            f"it), in the Nasty Action Round or the Final Showdown; the game is at {_where(state)}")


def crew_attack(state: State) -> str | None:
    if _showdown(state) or _now(state) in cycle.CREW_ROUND:
        return None
    return ("a crewmember attacks on their turn, in the Crew Round (or in the Final Showdown); "
            f"the game is at {_where(state)}")


def in_play(what: str) -> WhyNot:
    """Anything but setup: the Cycle has begun."""
    def why_not(state: State) -> str | None:
        if _now(state) != "setup":
            return None
        return f"{what} comes once the Cycle has begun; finish the setup first ('Next step')"
    return why_not


def reveal(state: State) -> str | None:
    """A Nasty comes in during the Cycle; at setup only where the setup lays one out (the
    Contamination Alert's ScuttleBug, a Learning Scenario's)."""
    if _now(state) != "setup":
        return None
    alert = any("contamination alert" in p["name"].lower() for p in facts_of(state)["protocols"])
    if alert or facts_of(state).get("scenario", "Full Game") != "Full Game":
        return None
    return ("Nasties come in once the Cycle has begun (a token turned up, the Vents); this "
            "setup lays out none; finish the setup first ('Next step')")


def at_step(key: str, what: str) -> WhyNot:
    """An action that is its own step of the Cycle (the End of Cycle's tick): away from that
    step, why not and the way there, before a form opens that could only be refused."""
    return refused_by(lambda state: cycle.require_step(state, key, what))


def push_open(state: State) -> str | None:
    """A push needs an attack whose push is still open (a HIT that ends it closes it)."""
    attack = attacks.current(state)
    if attack is None:
        return "no attack is under way: a Nasty attacks first ('Nasty attacks')"
    if not attack["open"]:
        return "the push is over: settle it first ('Stop pushing')"
    return None
