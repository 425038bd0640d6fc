"""What every Nemesis: Lockdown action shares: a rule refused outside its step of the round
(or once nobody is left inside), then the end conditions checked; and the player choices its
forms offer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.engine.actions import refused_by
from trackers.games.nemesis_lockdown import corrections, crew, rounds, view
from trackers.games.nemesis_lockdown.facts import facts_of

Notes = list[Note | str]
Rule = Callable[[State, dict[str, Any], Random], Notes]


def at_step(step: str, what: str) -> Callable[[State], str | None]:
    """Why an action bound to a step of the round is not possible now: outside its step its
    key leaves the footer, which then shows the keys of the step now due."""
    return refused_by(lambda state: rounds.require_step(state, step, what))


def ruled(rule: Rule, step: str | None = None, what: str = "") -> Rule:
    """The rule, refused outside its step of the round, then the end conditions checked."""
    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        if step is not None:
            rounds.require_step(state, step, what)
        notes = rule(state, args, rng) + corrections.settle(state)
        facts_of(state)["status"] = view.status(state)  # the line the saves catalog keeps
        return notes
    return apply


def players(state: State) -> list[str]:
    return crew.names(state)


def dead(state: State) -> list[str]:
    return crew.with_status(state, crew.DEAD)


def player(help_text: str = "whose Character", choices: Any = players) -> Param:
    return Param("player", "choice", help_text, choices=choices)


def ended(state: State) -> bool:
    return facts_of(state).get("ended") is not None


def coop(state: State) -> bool:
    return bool(facts_of(state)["mode"] == "coop")


def coop_why(state: State) -> str | None:
    """Public Objectives and Revive belong to the Fully Cooperative mode only."""
    if coop(state):
        return None
    return ("only in the Fully Cooperative mode (rulebook: Game Modes); in this game each "
            "Objective stays secret and a dead Character stays dead")


# Records of the table that stay possible once nobody is left inside (besides Fast-forward,
# the corrections, the Victory Check and the co-op Objectives): who drafted what, Power.
RECORDS = ("fast_forward", "character_kind", "place_power")


def _nobody_left(state: State) -> str | None:
    """End of the Game: once the last active Character has left, nothing remains to play."""
    if crew.with_status(state, crew.ACTIVE) or facts_of(state).get("ended") is not None:
        return None
    return ("no Character is active in the Facility any more, so nothing remains to play "
            "(rulebook: End of the Game): 'Fast-forward to the end' ends the game")


def stops_when_nobody_left(action: Action) -> Action:
    """``action`` refused, with the reason, once nobody is left inside."""
    if action.name in RECORDS:
        return action
    own = action.why_not

    def why_not(state: State) -> str | None:
        return _nobody_left(state) or (own(state) if own is not None else None)
    return replace(action, why_not=why_not)
