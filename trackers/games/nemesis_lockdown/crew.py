"""Characters: status, wounds, Larvae, the fire wound and deaths.

One entry per player in ``facts["crew"]`` (seat order). Wound and Larva counts are Counter
pieces ``p<seat>_light``, ``p<seat>_serious`` and ``p<seat>_larva`` so the tracks panel shows
them; the rest (Knowledge, Contamination cards, room) lives in the entry.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown.facts import CrewEntry, facts_of
from trackers.pieces import Counter

ACTIVE = "active"
IN_POD = "in a CSS Pod"
ISOLATED = "locked in the Isolation Room"
BUNKER = "in the Bunker"
EVACUATED = "evacuated"
DEAD = "dead"
STATUSES = (ACTIVE, IN_POD, ISOLATED, BUNKER, EVACUATED, DEAD)
SURVIVED = (ISOLATED, BUNKER, EVACUATED)

WORKER = "Facility Worker"
SURVIVOR = "Nemesis Survivor"
KINDS = (WORKER, SURVIVOR)
START_KNOWLEDGE = {WORKER: 1, SURVIVOR: 3}  # Setup (Summary): slot 1 or slot 3
START_ROOM = {WORKER: "Repository", SURVIVOR: "Isolation Room"}

LIGHT_LIMIT = 2  # the third Light Wound turns into a Serious Wound
SERIOUS_LIMIT = 3  # at 3 Serious Wounds any further Wound kills
WOUND_KINDS = ("light", "serious")


def new_entry(name: str) -> CrewEntry:
    """Kind, Knowledge and room stay unknown until the table says who drafted what."""
    return {"name": name, "status": ACTIVE, "kind": None, "knowledge": None,
            "knowledge_active": False, "contamination": 0, "infected": 0, "room": None,
            "fire_round": 0, "revive_round": None}


def names(state: State) -> list[str]:
    return [c["name"] for c in facts_of(state)["crew"]]


def entry(state: State, name: str) -> CrewEntry:
    """A player's Character entry; ActionError names the players."""
    for found in facts_of(state)["crew"]:
        if found["name"] == name:
            return found
    raise ActionError(f"player: {name!r} is not playing; give one of {', '.join(names(state))}",
                      "player")


def seat(state: State, name: str) -> int:
    entry(state, name)
    return names(state).index(name) + 1


def status(state: State, name: str) -> str:
    return str(entry(state, name)["status"])


def set_status(state: State, name: str, new: str) -> None:
    entry(state, name)["status"] = new


def with_status(state: State, wanted: str) -> list[str]:
    return [c["name"] for c in facts_of(state)["crew"] if c["status"] == wanted]


def candidates(state: State) -> list[str]:
    """Characters the Victory Check looks at: survivors, and those in a Pod (asked)."""
    return [c["name"] for c in facts_of(state)["crew"] if c["status"] in (*SURVIVED, IN_POD)]


def counter(state: State, name: str, what: str) -> Counter:
    return state.piece(f"p{seat(state, name)}_{what}", Counter)


def need_active(state: State, name: str, what: str) -> None:
    now = status(state, name)
    if now != ACTIVE:
        raise ActionError(f"player: {name} is {now}; {what} applies only to an active Character",
                          "player")


def nobody_left_note(state: State) -> list[Note | str]:
    """The last active Character is gone: the Time token fast-forwards (End of the Game)."""
    if with_status(state, ACTIVE) or facts_of(state).get("ended"):
        return []
    return [Note("No active Character is left in the Facility: use 'Fast-forward to the end' "
                 "to advance the Time token and resolve the ending.", "victory")]


def wound(state: State, name: str, kind: str) -> list[Note | str]:
    """One Light or Serious Wound (worked examples W1, W2, W3, W5)."""
    need_active(state, name, "a Wound")
    light, serious = counter(state, name, "light"), counter(state, name, "serious")
    if serious.value >= SERIOUS_LIMIT:
        return [f"{name} already has {SERIOUS_LIMIT} Serious Wounds (dressed ones count): "
                f"this {kind.capitalize()} Wound kills", *kill(state, name, "wounds")]
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


def fire_wound(state: State, name: str) -> list[Note | str]:
    """Ending a turn in a burning Room: 1 Light Wound, at most once a round (W4)."""
    need_active(state, name, "the fire wound")
    person = entry(state, name)
    now = int(facts_of(state)["round"])
    if person["fire_round"] == now:
        raise ActionError(f"player: {name} already took the fire wound this round (at most "
                          "one a round: rulebook, I. Player Phase)", "player")
    person["fire_round"] = now
    return [f"{name} ends a turn in a burning Room: the fire wound of round {now}",
            *wound(state, name, "light")]


def kill(state: State, name: str, cause: str, *, corpse: bool = True,
         creeper: bool = False) -> list[Note | str]:
    """A Character dies: tokens to the Neutral Pool; the first death opens the Main Gate."""
    if status(state, name) == DEAD:
        raise ActionError(f"player: {name}'s Character is already dead", "player")
    set_status(state, name, DEAD)
    left = []
    if creeper:
        left.append("place a Creeper miniature where they died")
    if corpse:
        left.append("leave a Character Corpse, drop every Heavy Object in the Room, remove "
                    "the other Items")
    notes: list[Note | str] = [Note(
        f"{name}'s Character dies ({cause}): {'; '.join(left)}; their Contingency tokens go to "
        "the Neutral Pool", "wounds", key_moment=f"{name} dies ({cause})")]
    if not facts_of(state)["first_death"]:
        facts_of(state)["first_death"] = True
        if not facts_of(state)["main_gate_open"]:
            facts_of(state)["main_gate_open"] = True
            notes.append(Note("The first Character death: the Main Gate opens (take its token "
                              "off; it never closes again)", "victory",
                              key_moment="Main Gate opens (the first death)"))
    return notes + nobody_left_note(state)


def set_kind(state: State, name: str, kind: str) -> list[Note | str]:
    """The drafted Character: a Facility Worker or a Nemesis Survivor (start room, Knowledge)."""
    person = entry(state, name)
    person["kind"], person["knowledge"] = kind, START_KNOWLEDGE[kind]
    person["room"] = START_ROOM[kind]
    return [f"{name} plays a {kind}: starts in the {START_ROOM[kind]}, Knowledge token "
            f"inactive on slot {START_KNOWLEDGE[kind]}"]


def move(state: State, name: str, room: str) -> list[Note | str]:
    need_active(state, name, "moving")
    entry(state, name)["room"] = room
    return [f"{name} is in the {room}" if not room.lower().startswith("the ")
            else f"{name} is in {room}"]
