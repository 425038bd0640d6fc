"""Moving the trackers and doing what their milestones say (spec lifeform §4, §3.13).

Each function moves one Track and applies the fired milestones' effects that the app can
keep (Vent tokens, the android waking, Self-Destruct +1 from Malfunction, a card drawn from
Hostility, module B tokens); the rest are notes for the table. Rules derived from a fired
milestone (the Remora open, Heat Analyzers gone, late launch) are read from ``Track.fired``, so
undo and hand corrections keep them right.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import asteroids, decks, supplies
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.tracks import (
    EXPLOSION,
    android_destroyed_space,
    sd_path,
)
from trackers.pieces import Move, Secret, Track

HOSTILITY_CAUSES = {  # spec §4.2 / §3.13: what moves Hostility and by how much
    "flamethrower": (1, "a crew member fired the Flamethrower"),
    "flamethrower_cocoon": (1, "a crew member used Flamethrower-Cocoon"),
    "mining_laser": (1, "a crew member shot the Mining Laser"),
    "crew_reaction": (1, "a crew reaction was carried out and not cancelled"),
    "character_killed": (2, "a character was killed"),
    "other": (1, ""),  # a card's own text (spec §3.7)
}


def _notes(move: Move, topic: str) -> list[Note]:
    return [Note(text, topic) for text in move.notes()]


def _sd(state: State) -> Track:
    return state.piece("self_destruct", Track)


def remora_open(state: State) -> bool:
    """Characters may enter the Remora once Self-Destruct reached or passed 20 (spec §4.1)."""
    return _sd(state).is_fired("20")


def heat_analyzers_gone(state: State) -> bool:
    return _sd(state).is_fired("10")  # spec §4.1


def late_launch(state: State) -> bool:
    return _sd(state).is_fired("9")  # spec §4.1


def vents_held(state: State) -> int:
    """Setup gives 1 (4P: 2); the 20 mark gives 1 more; each use removes one (spec §2.1, §4.1)."""
    return facts_of(state)["vents"]["setup"] + remora_open(state) - facts_of(state)["vents"]["used"]


# --- Self-Destruct -----------------------------------------------------------------------
def advance_sd(state: State, spaces: int, profile: Board, rng: Random) -> list[Note]:
    """Advance ``spaces`` spaces toward Explosion (spec §4.1; the spaces are G1)."""
    sd = _sd(state)
    path = sd_path(facts_of(state)["players"], profile)
    if path is None:
        raise ActionError(f"Self-Destruct: {profile.unknown('self_destruct.minutes')}", "spaces")
    ahead = [p for p in path if p < sd.position]
    if ahead and remora_open(state) and not state.piece("stowaway", Secret).is_set:
        facts_of(state)["stowaway_passed"] = True  # moved on from the 20 mark without the card
    if not ahead:
        return [Note("Self-Destruct is already at Explosion", "self_destruct")]
    target = ahead[min(spaces, len(ahead)) - 1]
    move = sd.move(sd.position - target)
    notes = [Note(f"Self-Destruct: {sd.space_name(move.old)} -> {sd.space_name(move.new)}",
                  "self_destruct"), *_notes(move, "self_destruct")]
    if spaces > len(ahead):
        notes.append(Note("Self-Destruct cannot go past Explosion", "self_destruct"))
    if "asteroids" in facts_of(state):
        notes += asteroids.on_move(state, move, rng)
    if move.new == EXPLOSION:
        finish(state, "lifeform", "the lifeform won: the Valley Forge exploded", "Explosion")
    return notes


def finish(state: State, side: str, summary: str, ending: str) -> None:
    """The game is over: ``side`` ("crew" or "lifeform") won; ``ending`` is the rulebook's
    name for how ("Ending A", or a Starship-stage win such as the explosion)."""
    facts_of(state)["result"] = {"side": side, "summary": summary, "ending": ending}
    facts_of(state)["status"] = summary
    facts_of(state)["stage"] = "over"


# --- Hostility --------------------------------------------------------------------------
def add_hostility(state: State, cause: str, profile: Board, times: int = 1,
                  why: str = "") -> list[Note]:
    """Hostility +1 / +2 for one cause (spec §4.2); Draw-card icons draw for the lifeform."""
    step, why = HOSTILITY_CAUSES[cause][0], why or HOSTILITY_CAUSES[cause][1]
    track = state.piece("hostility", Track)
    move = track.move(step * times)
    notes = [Note(f"Hostility +{step * times} ({why}): now {track.space_name()}", "hostility")]
    notes += _notes(move, "hostility")
    if move.blocked:
        notes.append(Note("what happens past the last Hostility space is not in the rulebook "
                          "text: the table decides", "hostility"))
    for m in move.fired:
        if m.key.startswith("Draw card"):
            notes += decks.draw(state, "lifeform", facts_of(state)["lifeform"], 1, profile)
        elif m.key.startswith("Terror"):
            notes += supplies.place(state, "terror", "Hostility: the lifeform must place a "
                                    "Terror token")
    return notes


# --- Cocoon ------------------------------------------------------------------------------
def cocoon_status(state: State, profile: Board) -> str:
    hand = decks.cocoon_value(state, profile, "max_hand")
    evo = decks.cocoon_value(state, profile, "evolution")
    unknown = "unknown (enter it from your board: rulebook p. 45, Cocoon Track)"
    return (f"lifeform MAX HAND {unknown if hand is None else hand}, Evolution "
            f"{unknown if evo is None else evo}")


def advance_cocoon(state: State, profile: Board) -> list[Note]:
    """The lifeform's Cocoon action: +1 (spec §3.9, §4.3); the final space acts every time."""
    track = state.piece("cocoon", Track)
    move = track.move(1)
    notes = [Note(f"Cocoon +1: {track.space_name()}; {cocoon_status(state, profile)}", "cocoon")]
    notes += _notes(move, "cocoon")
    if any(m.key == "final space" for m in move.fired):
        notes += _cocoon_final(state)
    return notes


def _cocoon_final(state: State) -> list[Note]:
    """Spec §4.3: 2P Overheating +1; 3P/4P third image, Reality Calibration, a Mission token."""
    if facts_of(state)["players"] == 2:
        facts_of(state)["overheating_moves"] += 1
        return []
    images = facts_of(state)["images"]
    notes = []
    if images["aside"]:
        third = images["aside"].pop(0)
        images["on_board"].append(third)
        notes.append(Note(f"{third} joins the board (now {len(images['on_board'])} images)",
                          "cocoon"))
    call_calibration(state, "the Cocoon track reached its final space (rulebook p. 45, Cocoon "
                            "Track; rulebook p. 10, Reality Calibration)")
    notes.append(Note("Reality Calibration due: the lifeform picks the real image again",
                      "reality_calibration"))
    facts_of(state)["mission_pool"] += 1
    return notes


def reset_cocoon(state: State, profile: Board) -> list[Note]:
    """Flamethrower-Cocoon: back to Start; the final space re-arms (spec §3.8, §4.3)."""
    track = state.piece("cocoon", Track)
    if track.position == 1:
        return [Note("Cocoon is already on Start", "cocoon")]
    track.move(1 - track.position)
    notes = [Note(f"Cocoon reset to Start; {cocoon_status(state, profile)}", "cocoon")]
    return notes + decks.hand_check(state, facts_of(state)["lifeform"], profile)


def call_calibration(state: State, why: str) -> None:
    """A Reality Calibration is due (spec §6.1); the next 'Reality Calibration' clears it."""
    facts_of(state)["calibration_due"] = why


# --- Malfunction and the android -----------------------------------------------------------
def advance_malfunction(state: State, profile: Board, rng: Random) -> list[Note]:
    """The lifeform's Malfunction action: +1; each space's task in order (spec §4.4, G7)."""
    track = state.piece("malfunction", Track)
    move = track.move(1)
    notes = [Note(f"Malfunction +1: {track.space_name()}", "malfunction"),
             *_notes(move, "malfunction")]
    if move.blocked:
        notes.append(Note("what happens past the last Malfunction space is not in the "
                          "rulebook text: the table decides", "malfunction"))
    if not profile.is_set("malfunction.spaces"):
        notes.append(Note(profile.unknown("malfunction.spaces") + ": do the task printed on "
                          "the space by hand", "malfunction"))
    for m in move.fired:
        if m.key.startswith("Android Malfunctions!"):
            facts_of(state)["android"]["active"] = True
        elif m.key.startswith("Power Outage"):
            notes += supplies.place(state, "power_outage", "Malfunction: the lifeform places a "
                                    "Power Outage")
        elif m.key.startswith("Self-Destruct +1"):
            notes += advance_sd(state, 1, profile, rng)
    return notes


def advance_android(state: State, profile: Board) -> list[Note]:
    """Flamethrower-Android: Android Status +1 (spec §3.8, §4.5)."""
    if facts_of(state)["android"]["destroyed"]:
        raise ActionError("the android is already destroyed: Flamethrower-Android cannot change "
                          "anything (rulebook, Play a Crew Card)", "action")
    track = state.piece("android_status", Track)
    move = track.move(1)
    notes = [Note(f"Android Status +1: {track.space_name()}", "android_status"),
             *_notes(move, "android_status")]
    if any(m.key == "Destroyed" for m in move.fired):
        facts_of(state)["android"]["destroyed"] = True
    elif not profile.is_set("android_status.removals"):
        notes.append(Note(profile.unknown("android_status.removals") + ": if the tracker is on "
                          "Destroyed now, use 'Android destroyed'", "android_status"))
    return notes


def destroy_android(state: State, profile: Board, why: str) -> list[Note]:
    """Android Status goes straight to Destroyed (Mining Laser, entering the Remora; §4.5)."""
    facts_of(state)["android"]["destroyed"] = True
    if facts_of(state).get("security_door") == "Half-lock side up":
        facts_of(state)["security_door"] = "Full-lock side up"  # rulebook, Android Status Track
    track = state.piece("android_status", Track)
    end = android_destroyed_space(profile)
    if end is not None:
        track.move(end - track.position)
    return [Note(f"the android is destroyed ({why}): remove it from the game; a Half-lock "
                 "Security Door flips back to Full-lock (rulebook, Android Status "
                 "Track)", "android_status")]


def removal_number(state: State, profile: Board) -> int | None:
    """Mission tokens the lifeform removes if the android enters the Remora now (§3.5, G8)."""
    removals = profile.numbers("android_status.removals")
    position = state.piece("android_status", Track).position
    if removals is None or not 1 <= position <= len(removals):
        return None
    return removals[position - 1]
