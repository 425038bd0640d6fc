"""Turns and upkeep: Mission tokens, end of turn, Skill and Survival tokens, the Security
Door, the android's path, the lifeform's Survival ability."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.lifeform import (
    secrets,
    step_two,
    turns,
    upkeep,
)
from trackers.games.lifeform.crew_activity import (
    played_crew_card,
)
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.lifeform_activity import (
    played_lifeform_card,
)
from trackers.games.lifeform.phases.common import (
    character_param,
    crew_card_param,
    lifeform_card_param,
    member_param,
)
from trackers.games.lifeform.words import count

Notes = list[Note | str]

def _survival(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Survival token may be how a character avoids an attack (its step 4)."""
    secrets.attack_step(state, "answered")
    return list(upkeep.activate(state, args["character"], "Survival"))


MEMBER = "crew_member"  # whose turn 'End of turn' ended, kept with the event for the log


@dataclass(frozen=True)
class EndTurn(Action):
    """'End of turn' names whose turn it ended, and holds Step 2 (``step_two``): both are
    settled when the table acts and kept with the event (in ``validate``, so a game saved
    before replays unchanged and its history says 'End of turn')."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        given = {k: v for k, v in args.items() if k != MEMBER}
        checked = step_two.check(state, super().validate(state, given))
        return {**checked, MEMBER: turns.current(state)}

    def describe(self, args: dict[str, Any]) -> str:
        return f"End of {args[MEMBER]}'s turn" if args.get(MEMBER) else self.title


def upkeep_actions() -> tuple[Action, ...]:
    """Turns, the Security Door, the android's path, Survival abilities and Skill tokens."""
    return (
        Action("collect_missions", "Step 1: Mission tokens", "The active crew member's "
               "non-hidden characters each take a Mission token where their chamber holds one "
               "(rulebook, Step 1: Collect Mission Tokens).",
               lambda s, a, r: turns.collect_missions(s, int(a["tokens"])),
               (Param("tokens", "int", "Mission tokens collected", minimum=0, maximum=6),),
               topic="round", enabled=lambda s: turns.current(s) is not None,
               log_text=lambda a: f"Step 1: {count(a['tokens'], 'Mission token')} collected"),
        EndTurn("end_turn", "End of turn", "The active crew member's turn is over; the next "
               "one's begins (rulebook, Crew Activity Phase).",
               lambda s, a, r: [*step_two.confirmed(s, a), *turns.end_turn(s)],
               (step_two.param(),), key="w", short="End turn", moves_play=True, topic="round",
               enabled=lambda s: turns.current(s) is not None),
        Action("crew_card_played", "Crew card played", "The Play a Crew Card activity for a "
               "card action the app does not track; the card goes to the discard (rulebook, "
               "Play a Crew Card).", _crew_card, (member_param(), crew_card_param()),
               topic="round"),
        Action("activate_skill", "Activate Skill", "Crew activity: a character's Skill token "
               "moves to its Active Slot (rulebook, Activate Skill).",
               lambda s, a, r: upkeep.activate(s, a["character"], "Skill"),
               (member_param(), character_param()), topic="round"),
        Action("activate_survival", "Character Survival token", "A character's Survival token "
               "moves to its Active Slot (rulebook, Character Boards).",
               _survival,
               (character_param(),), topic="round"),
        Action("security_door", "Security Door", "The door placed (Full-lock) or removed "
               "(rulebook p. 48, Token Reference).",
               lambda s, a, r: upkeep.door_event(s, a["event"]),
               (Param("event", "choice", "what happened", choices=upkeep.DOOR_EVENTS),),
               topic="android_status"),
        Action("android_step", "Android phase", "What the android did this phase: along its "
               "path, stayed, blocked by the door (Full-lock to Half-lock to gone), or steered "
               "(rulebook, Android Phase).",
               lambda s, a, r: upkeep.android_step(s, a["step"]),
               (Param("step", "choice", "the android", choices=upkeep.ANDROID_STEPS),),
               topic="android_status", needs=_android_needs,
               enabled=lambda s: facts_of(s)["stage"] == "starship"
               and facts_of(s)["phase"] == "android"
               and facts_of(s)["android"]["active"] and not facts_of(s)["android"]["destroyed"]),
        Action("lifeform_survival", "Lifeform Survival ability", "Once a game: Android Kill, "
               "Move Alien 3 or Hull Breach (rulebook, Survival Abilities).",
               lambda s, a, r: [*played_lifeform_card(s, a["card"]),
                                *upkeep.lifeform_survival(s, a["ability"], a["chamber"])],
               (Param("ability", "choice", "which ability", choices=upkeep.SURVIVAL),
                Param("chamber", "str", "Hull Breach: the chamber breached", optional=True,
                      default=""), lifeform_card_param()),
               topic="hostility", enabled=lambda s: facts_of(s)["stage"] == "starship"
               and not facts_of(s).get("lifeform_survival")),
    )


def _android_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    return ("android.path_chambers",) if args.get("step") == upkeep.ANDROID_STEPS[0] else ()


def _crew_card(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(played_crew_card(state, args["crew_member"], args["card"]))


