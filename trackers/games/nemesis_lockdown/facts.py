"""What a Nemesis: Lockdown game keeps in ``state.facts``, typed so mypy reads every key.

``total=False``: snapshots and games saved before a key existed lack it. Every read and write
of facts in this package goes through ``facts_of``.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from trackers.engine import State


class AutodestructToken(TypedDict):
    slot: int
    side: str  # "yellow" or "red"


class CssRevealed(TypedDict):
    slot: int
    face: str  # a CSS face, or "passed" (set aside without a launch)


class PowerFacts(TypedDict):
    blue: list[int]  # the token numbers on their powered side
    at: dict[str, int]  # location -> token number, empty until entered


class CrewEntry(TypedDict, total=False):
    name: str
    status: str
    kind: str | None  # Facility Worker or Nemesis Survivor, once drafted
    knowledge: int | None
    knowledge_active: bool
    contamination: int  # Contamination cards held
    infected: int  # INFECTED found by the latest Scan
    scanned: int  # how many of the cards held that Scan covered
    room: str | None
    fire_round: int
    revive_round: int | None


class IntruderEntry(TypedDict):
    id: int
    kind: str
    room: str
    injuries: int
    token: bool  # whether a bag token lies under the miniature


class PublicObjective(TypedDict):
    text: str
    done: bool
    kind: NotRequired[str]  # Kill the Queen, Destroy the Nest or another (asked since)


class VictoryResult(TypedDict):
    alive: bool
    objective: bool | None  # None while step 3 waits for the reveal
    why: str


class TableOptions(TypedDict, total=False):
    token_fate: str
    blank_fate: str
    larva_corpse: bool
    outside_survives: bool


class NemesisLockdownFacts(TypedDict, total=False):
    mode: str
    status: str
    phase: str  # "setup" or "round"
    step: int
    round: int
    options: TableOptions
    time_side: str  # "inactive" or "active"
    autodestruct: AutodestructToken | None
    autodestruct_stopped: bool
    alert: int | None
    css: list[int]  # slots holding a face-down CSS token
    css_revealed: list[CssRevealed]
    main_gate_open: bool
    first_encounter: bool
    first_death: bool
    power: PowerFacts
    crew: list[CrewEntry]
    first_player: int
    intruders: list[IntruderEntry]
    next_intruder: int
    removed: dict[str, int]
    spares_used: dict[str, int]
    noise: list[str]
    eggs_taken: int
    eggs_destroyed: int
    queen_killed: bool
    weaknesses: list[str]
    research_done: bool
    nest_explorer: str
    objectives: dict[str, PublicObjective]  # co-op: public Objectives by player
    # An Objective's kind the end treats specially, sealed with it: by secret name
    objective_kinds: dict[str, str]
    ended: str | None  # E1-E4
    end_cause: str
    active_contingency: str | None
    victory: dict[str, VictoryResult]


def facts_of(state: State) -> NemesisLockdownFacts:
    return cast(NemesisLockdownFacts, state.facts)


def start_facts(state: State, facts: NemesisLockdownFacts) -> None:
    """A new game's facts, checked against the declaration above."""
    state.facts = dict(facts)

