"""What every Nemesis: Lockdown action shares: a rule refused outside its step of the round,
then the end conditions checked; and the player choices its forms offer."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from trackers.engine import Note, Param, State
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
