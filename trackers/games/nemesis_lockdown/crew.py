"""Characters: status, wounds, Larvae and deaths (spec nemesis-lockdown §8, §4).

One entry per player in ``facts["crew"]`` (seat order); the wound and Larva counts are
Counter pieces ``p<seat>_light``, ``p<seat>_serious`` and ``p<seat>_larva`` so the table can
also correct them by hand.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.pieces import Counter

ACTIVE = "active"
IN_POD = "in a CSS Pod"
ISOLATED = "locked in the Isolation Room"
BUNKER = "in the Bunker"
EVACUATED = "evacuated"
DEAD = "dead"

LIGHT_LIMIT = 2  # spec §8.1: the third Light Wound turns into a Serious Wound
SERIOUS_LIMIT = 3  # spec §8.1: at 3 Serious Wounds any further Wound kills
WOUND_KINDS = ("light", "serious")
CONTAMINATION = ("scan found INFECTED", "Larva Infest attack")


def names(state: State) -> list[str]:
    return [c["name"] for c in state.facts["crew"]]


def seat(state: State, name: str) -> int:
    """1-based seat of a player by name; ActionError names the allowed players."""
    for i, entry in enumerate(state.facts["crew"], start=1):
        if entry["name"] == name:
            return i
    raise ActionError(f"player: {name!r} is not playing; give one of {', '.join(names(state))}",
                      "player")


def status(state: State, name: str) -> str:
    return str(state.facts["crew"][seat(state, name) - 1]["status"])


def set_status(state: State, name: str, new: str) -> None:
    state.facts["crew"][seat(state, name) - 1]["status"] = new


def with_status(state: State, wanted: str) -> list[str]:
    return [c["name"] for c in state.facts["crew"] if c["status"] == wanted]


def counter(state: State, name: str, what: str) -> Counter:
    return state.piece(f"p{seat(state, name)}_{what}", Counter)


def need_active(state: State, name: str, what: str) -> None:
    now = status(state, name)
    if now != ACTIVE:
        raise ActionError(f"player: {name} is {now}; {what} applies only to an active Character",
                          "player")


def nobody_left_note(state: State) -> list[Note | str]:
    """E3 (spec §11.1): the last active Character is gone; the Time token fast-forwards."""
    if with_status(state, ACTIVE) or state.facts.get("ended"):
        return []
    return [Note("No active Character is left in the Facility (E3): use 'Fast-forward to the "
                 "end' to jump the Time token and resolve the ending.", "victory")]


def wound(state: State, name: str, kind: str) -> list[Note | str]:
    """One Light or Serious Wound (spec §8.1; worked examples W1, W2, W3, W5)."""
    need_active(state, name, "a Wound")
    light, serious = counter(state, name, "light"), counter(state, name, "serious")
    if serious.value >= SERIOUS_LIMIT:
        return [f"{name} already has {SERIOUS_LIMIT} Serious Wounds (dressed ones count): "
                f"this {kind} Wound kills", *kill(state, name, "wounds")]
    if kind == "light" and light.value < LIGHT_LIMIT:
        light.value += 1
        return [f"{name}: Light Wound {light.value} of {LIGHT_LIMIT}"]
    if kind == "light":
        light.value = 0
        serious.value += 1
        return [f"{name}: the third Light Wound becomes a Serious Wound (Light back to 0, "
                f"Serious {serious.value}); draw a Serious Wound card"]
    serious.value += 1
    return [f"{name}: Serious Wound {serious.value} of {SERIOUS_LIMIT}; draw a Serious Wound "
            "card (a duplicate card adds no second effect)"]


def kill(state: State, name: str, cause: str) -> list[Note | str]:
    """A Character dies (spec §8.6): Corpse, tokens to the Neutral Pool; first death opens Gate."""
    if status(state, name) == DEAD:
        raise ActionError(f"player: {name}'s Character is already dead", "player")
    set_status(state, name, DEAD)
    notes: list[Note | str] = [
        f"{name}'s Character dies ({cause}): leave a Character Corpse, drop every Heavy Object "
        "in the Room, remove the other Items; their Contingency tokens go to the Neutral Pool"]
    if not state.facts["first_death"]:
        state.facts["first_death"] = True
        if not state.facts["main_gate_open"]:
            state.facts["main_gate_open"] = True
            notes.append(Note("The first Character death: the Main Gate opens (take "
                              "its token off; it never closes again)", "victory"))
    return notes + nobody_left_note(state)


def contamination(state: State, name: str, what: str) -> list[Note | str]:
    """A Larva from a Scan or an Infest attack (spec §8.2, §6.6; examples L1, L2, C5)."""
    need_active(state, name, "Contamination")
    larva = counter(state, name, "larva")
    if what == CONTAMINATION[0]:
        if larva.value == 0:
            larva.value = 1
            return [f"{name}: a Larva goes on the Character board; the INFECTED card stays"]
        return [f"{name} already carries a Larva: the second one kills; place a Creeper "
                "miniature where they died", *kill(state, name, "a second Larva")]
    notes: list[Note | str] = ["Remove the Larva miniature from the board"]
    if larva.value == 0:
        larva.value = 1
        notes.append(f"{name}: a Larva goes on the Character board")
    else:
        notes.append(f"{name} already carries a Larva: no second one from an Infest attack")
    return notes + [f"{name} takes 1 Contamination card (on top of the Action discard pile)"]
