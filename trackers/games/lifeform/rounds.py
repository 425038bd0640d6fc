"""Rounds and phases of the Starship stage, and the checklist shown for them (spec lifeform §3.2).

One round: Crew Activity, Android, Lifeform Activity, always in that order. Self-Destruct is not a
round timer (spec §3.2); the round count is only for the table's orientation.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import asteroid_mirror, decks, turns
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.secrets import stowaway_due, stowaway_mark, stowaway_passed

PHASES = ("crew", "android", "lifeform")
PHASE_WORDS = {"crew": "Crew Activity phase", "android": "Android phase",
               "lifeform": "Lifeform Activity phase"}
PHASE_STEPS = {  # spec §3.3, §3.5, §3.6
    "crew": "Crew Activity phase: from the lifeform's left, each crew member collects Mission "
            "tokens with non-hidden characters, then does one activity (rulebook, Crew Activity "
            "Phase)",
    "android": "Android phase: skip if inactive or destroyed; stays with a non-hidden "
               "character; else moves along the A.I. Path (or as the lifeform steers it after a "
               "Pathway Deviation); in the Remora it removes Loadout tokens (rulebook, Android "
               "Phase)",
    "lifeform": "Lifeform Activity phase: the lifeform does one activity (Lurk, Use Vent, or "
                "play a Lifeform card); each crew member may react at most once (rulebook, "
                "Lifeform Activity Phase)",
}


def start_play(state: State) -> list[Note]:
    """The setup is done: round 1 begins with the Crew Activity phase (spec §3.1)."""
    facts_of(state).update({"stage": "starship", "round": 1, "phase": "crew"})
    turns.new_turns(state)
    return [Note("Setup done: round 1, Crew Activity phase (rulebook, Starship Stage)", "round")]


def next_phase(state: State, idle_android_passes: bool = False) -> list[Note]:
    """Move on to the next phase (and round) (spec §3.2). An Android phase with the android
    not active (or destroyed) has nothing to do: it passes by itself, said in the notes, when
    ``idle_android_passes`` (every new 'Next phase'; a game saved before replays as played)."""
    notes = _next_phase(state)
    android = facts_of(state)["android"]
    if (idle_android_passes and facts_of(state)["phase"] == "android"
            and (not android["active"] or android["destroyed"])):
        # The phase the table is now in comes first; the idle one is said after, in one line.
        why = "destroyed" if android["destroyed"] else "not active yet"
        notes = [*_next_phase(state),
                 Note(f"the Android phase passed by itself: the android is {why} (rulebook, "
                      "Android Phase)", "round")]
    return notes


def _next_phase(state: State) -> list[Note]:
    if facts_of(state)["stage"] != "starship":
        raise ActionError("phases run only in the Starship stage (after the setup, before the "
                          "launch)", "action")
    i = PHASES.index(facts_of(state)["phase"])
    if i == len(PHASES) - 1:
        facts_of(state)["round"] += 1
    facts_of(state)["phase"] = PHASES[(i + 1) % len(PHASES)]
    # One reaction per crew member per Lifeform Activity phase (rulebook, Lifeform Activity
    # Phase): the count starts afresh with each phase and counts only in that phase.
    facts_of(state)["reacted"] = []
    facts = facts_of(state)
    notes = [Note(f"Round {facts['round']}: {PHASE_STEPS[facts['phase']]}", "round")]
    if facts_of(state)["phase"] == "crew":
        facts_of(state)["turn_notes"] = []
        turns.new_turns(state)
        notes += [Note(n, "round") for n in facts_of(state).pop("turn_notes", [])]
        first = turns.current(state)
        if first is not None:
            notes.append(Note(turns.describe(state, first), "round"))
    elif facts_of(state)["phase"] == "lifeform":
        facts_of(state)["lifeform_activity"] = None
    android = facts_of(state)["android"]
    if facts_of(state)["phase"] == "android" and (not android["active"] or android["destroyed"]):
        notes.append(Note("the android is " + ("destroyed" if android["destroyed"] else
                                               "not active yet") + ": its phase passes with "
                          "nothing to do (rulebook, Android Phase)", "round"))
    return notes


def pending(state: State) -> list[str]:
    """What the table still owes the game now."""
    f = facts_of(state)
    out = []
    if f["calibration_due"]:
        out.append(f"Reality Calibration due ({f['calibration_due']})")
    out += decks.over_limit(state)
    if f["attack"] is not None:
        out.append(f"attack on {f['attack']['target']}'s chamber in progress: reactions, kills, "
                   "then Reality Calibration")
    if stowaway_due(state) and not stowaway_passed(state):
        out.append(f"{stowaway_mark(state)}: the lifeform chooses its Stowaway "
                   "card first ('Choose the Stowaway card')")
    if f["stage"] == "starship" and f["phase"] == "lifeform" and not f.get("lifeform_activity"):
        out.append("the lifeform's one activity of this phase: 'Lurk', 'Use Vent' or a "
                   "Lifeform card, before 'Next phase'")
    out += [f"{m}: Taking Control ('Take control of a character')" for m in f["pending_control"]]
    out += [f"{m}: take the Ship's Cat or SIS-TER" for m in f["pending_role"]]
    if asteroid_mirror.due(state) is not None:
        out.append(f"module B: flip the asteroid token on {asteroid_mirror.due(state)} and "
                   "enter what it shows ('Module B: asteroid token flipped')")
    if f.get("asteroids", {}).get("held"):
        out.append("module B: decide on the asteroid tokens jumped over (not printed in the "
                   "rulebook text)")
    return out
