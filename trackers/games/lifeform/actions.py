"""Every Lifeform action the table takes, in one list (``ACTIONS``), gathered by phase.

The declarations live by phase in ``phases``: ``table`` (setup, hands, the Loadout,
characters), ``tracks``, ``secrets`` (the hidden choices), ``endgame`` (launch, endings,
Showdown, modules B and D) and ``upkeep`` (turns); ``needs`` names the board values each reads.
The rules they call live in the rule modules (decks, moves, crew_activity, lifeform_activity,
secrets, endings, showdown...). Here each action gets its history words, its count against the
turn or the phase, and the refusals of what must happen first (``must_do``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from random import Random
from typing import Any

from trackers.engine import Action, Note, State
from trackers.games.lifeform import must_do, step_one, turns
from trackers.games.lifeform.phases.common import COLUMN_TITLES
from trackers.games.lifeform.phases.endgame import end_actions
from trackers.games.lifeform.phases.needs import NEEDS
from trackers.games.lifeform.phases.secrets import secret_actions
from trackers.games.lifeform.phases.table import table_actions
from trackers.games.lifeform.phases.tracks import track_actions
from trackers.games.lifeform.phases.upkeep import upkeep_actions

Notes = list[Note | str]

@dataclass(frozen=True)
class LifeformActivity(Action):
    """A lifeform activity: refused outside its Lifeform Activity phase when the table does
    it. The check sits in ``validate``, which the engine runs when an action is done and not
    when a saved game is replayed, so a game saved before the check still opens."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        turns.check_lifeform_phase(state, self.name, checked)
        return checked


@dataclass(frozen=True)
class CrewActivity(Action):
    """A crew activity: refused outside its crew member's turn when the table does it (in
    ``validate``, so a game saved before the check replays as played)."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        turns.check_crew_turn(state, self.name, checked)
        return step_one.check(state, checked)  # Step 1 said with the activity (none here)


def _counted(action: Action) -> Action:
    """A crew activity counts against the turn, a lifeform activity against its phase
    (rulebook, Crew Activity Phase; Lifeform Activity Phase)."""
    if action.name not in turns.CREW_ACTIVITIES and action.name not in turns.LIFEFORM_ACTIVITIES:
        return action
    inner = action.apply

    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        said: Notes = list(step_one.confirmed(state, args))
        turns.crew_activity(state, action.name, args)
        turns.lifeform_activity(state, action.name, args)
        return said + list(inner(state, args, rng))

    counted = replace(action, apply=apply)
    if action.name in turns.LIFEFORM_ACTIVITIES:
        return LifeformActivity(**{f.name: getattr(counted, f.name) for f in fields(counted)})
    counted = replace(counted, params=(*counted.params, step_one.param()))
    return CrewActivity(**{f.name: getattr(counted, f.name) for f in fields(counted)})


def _who_of(a: dict[str, Any]) -> str:
    return "the lifeform" if a.get("who") == "lifeform" else str(a.get("crew_member") or "")


# The table's words for the history, where the title alone does not say what happened.
LOG_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "equip": lambda a: f"{a['crew_member']} equips: {a['option']}",
    "place_mission": lambda a: f"{a['crew_member']} puts a Mission token on "
                               f"{COLUMN_TITLES.get(a['column'], a['column'])}",
    "draw_cards": lambda a: f"{_who_of(a)} draws {a['count']}",
    "discard_from_hand": lambda a: f"{_who_of(a)} discards {a['count']}",
    "advance_self_destruct": lambda a: f"Self-Destruct advances {a['spaces']}",
    "board_remora": lambda a: f"{a['character']} boards the Remora",
    "character_killed": lambda a: f"{a['character']} is killed ({a['kill'] or 'silent'})",
    "crew_reaction": lambda a: f"{a['crew_member']} reacts: {a['reaction']}"
                               + (" (cancelled)" if a.get("cancelled") else ""),
    "meet_image": lambda a: f"{a['character']} meets {a['image']}",
    "lurk": lambda a: f"the lifeform lurks (discards {a['discard'] or 0} first)",
    "fight_result": lambda a: f"fight on {a['target']}: {a['result']}",
    "android_step": lambda a: f"Android phase: the android {a['step']}",
    "complete_objective": lambda a: f"Secret Objective {a['slot']} completed",
    "record_characters": lambda a: f"{a['crew_member']} keeps {a['first']} and {a['second']}",
    "reality_calibration": lambda a: "Reality Calibration (which image is real stays secret)",
    "choose_stowaway": lambda a: "the lifeform chooses its Stowaway card (secret)",
    "launch": lambda a: "the Remora launches",
    "ending_c_refill": lambda a: f"Ending C refill (the lifeform discards {a['discard'] or 0} "
                                 "first)",
    "hibernation": lambda a: f"Hibernation ({a['keep']})",
}

def _gathered() -> tuple[Action, ...]:
    """Every action with its history words and the board values it reads, in list order."""
    return tuple(replace(a, needs=NEEDS[a.name]) if a.name in NEEDS else a
                 for a in (replace(x, log_text=LOG_TEXT[x.name]) if x.name in LOG_TEXT else x
                           for x in (*table_actions(), *track_actions(), *secret_actions(),
                                     *end_actions(), *upkeep_actions())))


def _with_must_do(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """Each action refused, with the reason, while something the rules require comes first."""
    keys = {a.name: (a.title, a.key) for a in actions}
    return tuple(replace(a, why_not=must_do.why_not(a.name, keys, a.why_not, a.enabled))
                 for a in actions)


ACTIONS: tuple[Action, ...] = tuple(_counted(a) for a in _with_must_do(_gathered()))
