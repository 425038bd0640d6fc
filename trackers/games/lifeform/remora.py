"""The Remora board in the solo game (Thirteenth Passenger module C): its five chambers and their
tokens, the Docking Clamps and Life Support tracks, and the three must-complete objectives.

Facts: spec lifeform §4.6, §4.7, §11.3. Pure functions over a plain JSON-able dict (kept in
``facts["remora"]``); each returns the lines the player reads. Values the texts do not print
(the Life Support length, the names of two of the three objectives) come in as arguments: the
caller asks the table for them (G21).
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError

# The five Remora chambers, as module D's table names them (spec §11.4; the text prints
# "Hyperleep", the search knows both spellings). Same names as module_d.Location.
CHAMBERS = ("Cockpit", "Storage Bay", "Hypersleep Chamber", "Supply Locker",
            "Engineering Compartment")
CLAMPS = 3  # three clamps unlocked gain Uncoupling the Umbilicus (spec §4.6)
MANUAL_UNLOCKS = 3  # "three separate times" (spec §4.6)
SD_PER_MANUAL_UNLOCK = 3  # minutes (spec §4.6, §3.13)
UMBILICUS = "Uncoupling the Umbilicus"  # the one must-complete objective the text names
SOURCE = "Thirteenth Passenger rulebook, Module C"

Remora = dict[str, Any]


def new_remora() -> Remora:
    """Setup step 3 of module C: a spare token on the start space of both tracks; no chamber
    holds a token yet (spec §11.3)."""
    return {"tokens": [], "clamps": 0, "life_support": 0, "bonuses": [],
            "manual_unlocks": 0, "umbilicus": "", "objectives_done": [False, False]}


def chamber_name(text: str) -> str:
    """A chamber named loosely ("cockpit", "storage", "hyperleep") as printed; ActionError
    lists the five when it is none of them."""
    words = " ".join(text.strip().casefold().split()).replace("hyperleep", "hypersleep")
    for chamber in CHAMBERS:
        if words and chamber.casefold().startswith(words):
            return chamber
    raise ActionError(f"chamber: {text.strip()!r} is not a Remora chamber; give one of "
                      + ", ".join(CHAMBERS), "chamber")


def holds_token(remora: Remora, chamber: str) -> bool:
    return chamber in remora["tokens"]


def open_chambers(remora: Remora) -> list[str]:
    """Chambers without a token: the places the lifeform may still hide (spec §11.3)."""
    return [c for c in CHAMBERS if c not in remora["tokens"]]


# --- tokens and Life Support (spec §4.7) -------------------------------------------------
def life_support_bonus(space: int) -> str:
    """The bonus token under a Life Support space: the first a spare Mission token, every later
    one a Halon Gas token (spec §4.7)."""
    return "a spare Mission token" if space == 1 else "a Halon Gas token"


def place_token(remora: Remora, chamber: str, life_support_length: int | None) -> list[str]:
    """A token on ``chamber``; a chamber that already holds one advances Life Support instead.

    ``life_support_length`` (spaces after the start space, G21) is needed only in that case.
    """
    if chamber not in CHAMBERS:
        raise ActionError(f"chamber: give one of {', '.join(CHAMBERS)}", "chamber")
    if not holds_token(remora, chamber):
        remora["tokens"].append(chamber)
        return [f"a token on the Remora's {chamber}: the lifeform cannot hide there any more "
                f"({SOURCE}, Crisis Cards)"]
    if life_support_length is None:
        raise ActionError("Life Support track length: enter it from your Remora board",
                          "solo_life_support_length")
    if remora["life_support"] >= life_support_length:
        return [f"the {chamber} already holds a token and Life Support is at its last space "
                f"({life_support_length}): nothing more happens"]
    remora["life_support"] += 1
    space = remora["life_support"]
    bonus = life_support_bonus(space)
    remora["bonuses"].append(bonus)
    return [f"the {chamber} already holds a token, so Life Support advances to space {space} of "
            f"{life_support_length}: take {bonus} ({SOURCE}, Initializing the Life Support "
            "Systems)"]


# --- Docking Clamps and the objectives (spec §4.6) ------------------------------------------
def umbilicus_done(remora: Remora) -> bool:
    return bool(remora["umbilicus"])


def unlock_clamp(remora: Remora, how: str) -> list[str]:
    """Docking Clamps one step right; the third unlock gains Uncoupling the Umbilicus."""
    if umbilicus_done(remora):
        return [f"{UMBILICUS} is already achieved: the Docking Clamps no longer count"]
    remora["clamps"] += 1
    lines = [f"Docking Clamps: {remora['clamps']} of {CLAMPS} unlocked ({how})"]
    if remora["clamps"] >= CLAMPS:
        remora["umbilicus"] = "three docking clamps unlocked"
        lines.append(f"objective achieved: {UMBILICUS} ({SOURCE}, Unlocking the Docking Clamps)")
    return lines


def umbilicus_other_way(remora: Remora) -> list[str]:
    """Achieved some other way: the clamp token slides to the end and is no longer used."""
    if umbilicus_done(remora):
        raise ActionError(f"objective: {UMBILICUS} is already achieved", "objective")
    remora["umbilicus"] = "achieved another way"
    remora["clamps"] = CLAMPS
    return [f"objective achieved: {UMBILICUS}; slide the Docking Clamps token to the end of "
            "its track, it no longer counts"]


def objectives_done(remora: Remora) -> int:
    return sum(remora["objectives_done"]) + umbilicus_done(remora)


def may_unlock_manually(remora: Remora, at_shuttle_bay: bool) -> str:
    """"" when a manual unlock is allowed, else why not (spec §4.6)."""
    if umbilicus_done(remora):
        return f"{UMBILICUS} is already achieved"
    if remora["manual_unlocks"] >= MANUAL_UNLOCKS:
        return f"the manual unlock may be done {MANUAL_UNLOCKS} times at most"
    if not all(remora["objectives_done"]):
        return ("the other two must-complete objectives must be done first "
                f"({sum(remora['objectives_done'])} of 2 are)")
    if not at_shuttle_bay:
        return "you must be at the Shuttle Bay on the main board, ready to board and launch"
    return ""


def manual_unlock(remora: Remora, at_shuttle_bay: bool) -> list[str]:
    """One manual unlock: a clamp; the caller advances Self-Destruct 3 minutes and brings the
    lifeform one space closer on the Motion tracker."""
    why_not = may_unlock_manually(remora, at_shuttle_bay)
    if why_not:
        raise ActionError(f"manual unlock: {why_not} ({SOURCE}, Manually Unlocking a Docking "
                          "Clamp)", "at_shuttle_bay")
    remora["manual_unlocks"] += 1
    return unlock_clamp(remora, f"manual unlock {remora['manual_unlocks']} of {MANUAL_UNLOCKS}")
