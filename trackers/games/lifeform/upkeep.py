"""Upkeep a table otherwise does by hand: the Security Door's state, the android's progress
along its A.I. Path, the lifeform's once-a-game Survival ability, and each character's Skill
and Survival tokens (spec lifeform §3.5, §3.11, §3.12; rulebook, Android Phase, Survival
Abilities, Token Reference: Security Door).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.words import count

DOOR_STATES = ("off the board", "Full-lock side up", "Half-lock side up")
DOOR_EVENTS = ("placed by a Security Door action (Full-lock side up)",
               "removed by the lifeform's Security Door Removal",
               "removed: a Hull Breach trapped characters behind it")
ANDROID_STEPS = ("moves to the next chamber of the A.I. Path",
                 "stays: a non-hidden character shares its chamber",
                 "is blocked by the Security Door",
                 "goes where the lifeform steers it (after Pathway Deviation)")
SURVIVAL = ("Android Kill", "Move Alien 3", "Hull Breach")  # the lifeform board, left to right
SURVIVAL_NOTES = {
    "Android Kill": "every non-hidden character in the android's chamber is killed (no "
                    "reactions: it is not an attack); record each with 'Character killed'",
    "Move Alien 3": "one image makes up to 3 moves and does not end where it started",
    "Hull Breach": "in order, each crew member with characters there may play 1 Run! to save 1 "
                   "of them; every other token there goes, the Ship's Cat steps to a chamber "
                   "next door, every character left is killed; the chamber is closed for the "
                   "rest of the game",
}


def door(state: State) -> str:
    return str(facts_of(state)["security_door"])


def door_event(state: State, event: str) -> list[Note]:
    """The crew places the door, or the lifeform / a Hull Breach removes it (spec §3.11)."""
    if event == DOOR_EVENTS[0]:
        if door(state) != DOOR_STATES[0]:
            raise ActionError("event: the Security Door is on the board already (1 token in "
                              "the box)", "event")
        facts_of(state)["security_door"] = DOOR_STATES[1]
        return [Note("Security Door placed Full-lock side up on a corridor or tunnel (never "
                     "the Shuttlebay-Remora corridor); it blocks every moveable entity "
                     "(rulebook p. 48, Token Reference)", "android_status")]
    if door(state) == DOOR_STATES[0]:
        raise ActionError("event: the Security Door is not on the board", "event")
    facts_of(state)["security_door"] = DOOR_STATES[0]
    return [Note(f"Security Door {event} (rulebook p. 48, Token Reference)", "android_status")]


def path_length(state: State) -> int | None:
    value = state.board.get("android.path_chambers")
    return None if value is None else int(value)


def android_step(state: State, step: str) -> list[Note]:
    """What the android did this Android phase (spec §3.5 steps 2-4)."""
    android = facts_of(state)["android"]
    if not android["active"] or android["destroyed"]:
        raise ActionError("step: the android is not active (or is destroyed): the Android "
                          "phase is skipped (rulebook, Android Phase)", "step")
    if step == ANDROID_STEPS[1]:
        return [Note("the android stays put this phase (rulebook, Android Phase)",
                     "android_status")]
    if step == ANDROID_STEPS[2]:
        if door(state) == DOOR_STATES[1]:
            facts_of(state)["security_door"] = DOOR_STATES[2]
            return [Note("the android meets the Security Door: flip it to its Half-lock side; "
                         "the android does not move (rulebook, Android Phase)", "android_status")]
        if door(state) == DOOR_STATES[2]:
            facts_of(state)["security_door"] = DOOR_STATES[0]
            return [Note("the android meets the Half-lock door: it goes back to the supply; "
                         "the android does not move, and moves on next round (rulebook, "
                         "Android Phase)", "android_status")]
        raise ActionError("step: the Security Door is not on the board", "step")
    if step == ANDROID_STEPS[3]:
        if not android["deviation_used"]:
            raise ActionError("step: the lifeform steers the android only after Android Pathway "
                              "Deviation (rulebook, Android Phase)", "step")
        android["off_path"] = True
        return [Note("the lifeform moves the android to a chamber next door (or runs the door "
                     "bypass on a door across one of its exits) (rulebook, Android Phase)",
                     "android_status")]
    if android.get("off_path"):
        raise ActionError("step: after Pathway Deviation the lifeform steers the android; it "
                          "no longer follows the A.I. Path", "step")
    android["path_step"] = int(android.get("path_step", 0)) + 1
    length = path_length(state)
    notes = [Note(f"the android moves along the A.I. Path: chamber {android['path_step']} after "
                  "Hypersleep" + (f" of {length} to the Remora" if length else ""),
                  "android_status")]
    if length is not None and android["path_step"] >= length:
        notes.append(Note("the android has reached the Remora: 'Android enters the Remora' "
                          "(the lifeform removes Loadout tokens; the android is destroyed) "
                          "(rulebook, Android Enters the Remora)", "android_status"))
    return notes


def android_lines(state: State) -> list[str]:
    android = facts_of(state)["android"]
    out = [f"Security Door: {door(state)}"]
    if android["active"] and not android["destroyed"]:
        if android.get("off_path"):
            out.append("android: steered by the lifeform")
        else:
            length = path_length(state)
            steps = count(android.get("path_step", 0), "chamber")
            out.append(f"android: {steps} along the A.I. Path"
                       + (f" of {length}" if length else ""))
    hull = facts_of(state).get("hull_breach")
    if hull:
        out.append(f"Hull Breach: {hull} is closed for the rest of the game")
    used = facts_of(state).get("lifeform_survival")
    out.append("lifeform Survival ability: " + (f"used ({used})" if used else "not used yet"))
    return out


def lifeform_survival(state: State, ability: str, chamber: str) -> list[Note]:
    """The lifeform's Survival action: at most one of its 3 abilities a game (spec §3.12)."""
    used = facts_of(state).get("lifeform_survival")
    if used:
        raise ActionError(f"ability: the lifeform used its Survival ability already ({used}); "
                          "one a game (rulebook, Survival Abilities)", "ability")
    notes = [Note(f"Survival ability, {ability}: {SURVIVAL_NOTES[ability]} (rulebook, Survival "
                  "Abilities)", "hostility")]
    if ability == "Hull Breach":
        if not chamber.strip():
            raise ActionError("chamber: name the chamber of the Hull Breach (next to an image; "
                              "not an image's, the Remora, the Shuttlebay or next to it, nor an "
                              "objective chamber)", "chamber")
        facts_of(state)["hull_breach"] = chamber.strip()
        if facts_of(state)["security_door"] != DOOR_STATES[0]:
            notes.append(Note("if the breach traps characters behind the Security Door, the "
                              "door goes ('Security Door')", "android_status"))
    elif ability == "Android Kill":
        android = facts_of(state)["android"]
        if not android["active"] or android["destroyed"]:
            raise ActionError("ability: Android Kill needs an active android", "ability")
    facts_of(state)["lifeform_survival"] = ability
    return notes


SLOTS = ("Skill", "Survival")


def activate(state: State, character: str, slot: str) -> list[Note]:
    """A character's Skill or Survival token moves from its Inactive to its Active Slot
    (rulebook, Activate Skill; Character Boards)."""
    c = characters.need(state, character)
    if c["where"] == characters.DEAD:
        raise ActionError(f"character: {character} is dead", "character")
    key = slot.lower()
    if c.get(key):
        raise ActionError(f"character: {character}'s {slot} token is in its Active Slot "
                          "already", "character")
    c[key] = True
    return [Note(f"{character}'s {slot} token moves to its Active Slot: a one-use ability "
                 "resolves now; an ongoing one stays for the game (rulebook, Activate Skill)",
                 "round")]
