"""What a Lifeform game (and its Dragon's Domain solo mode) keeps in ``state.facts``, typed so
mypy reads every key.

``total=False``: snapshots and games saved before a key existed lack it. Every read and write
of facts in this package goes through ``facts_of``. The nested records the rules keep as plain
JSON (a character, the hunt, the Showdown, module B's tokens, the solo Remora board) stay
``dict[str, Any]``: their keys are read in the module that owns them.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from trackers.engine import State


class LifeformFacts(TypedDict, total=False):
    # who plays, and how
    mode: str  # the solo mode's id (absent in the standard game)
    status: str
    players: int
    player: str  # solo: the one player
    lifeform: str
    crew: list[str]
    modules: list[str]
    character_pool: str
    guess_cleared: bool  # solo: a guess may name a cleared chamber
    # where the game stands
    stage: str  # setup, starship, launched, showdown, over (solo: play, shuttle, fight...)
    round: int
    phase: str  # crew, android, lifeform
    setup_ticked: list[str]
    turn: Any  # the Crew Activity phase's turns (``turns``); or None
    turn_notes: list[str]
    lifeform_activity: str | None
    reacted: list[str]
    # the crew, the characters and the roles
    characters: dict[str, dict[str, Any]]
    members: dict[str, dict[str, Any]]
    ships_cat: dict[str, Any]
    sister: dict[str, Any]
    pending_control: list[str]
    pending_role: list[str]
    last_man_aboard: bool
    # the board
    images: dict[str, list[str]]
    calibration_due: str | None
    attack: Any  # a record, or None
    vents: dict[str, int]
    power_outages_at_setup: int
    tokens_on_board: dict[str, Any]
    security_door: str
    bulkhead_door: str | None
    hull_breach: Any
    android: dict[str, Any]
    special_cards: dict[str, str]
    lifeform_survival: Any
    hostility_placed: bool
    overheating_moves: int
    # the Loadout, the objectives, the launch
    loadout: dict[str, int]
    mission_pool: int
    objectives: dict[str, Any]
    stowaway_token: bool
    stowaway_passed: bool  # Self-Destruct moved on from 20 with no Stowaway card
    limit_ignored: dict[str, int]  # hands a reward filled past the limit (module D)
    not_revealed: list[dict[str, str]]  # secrets an absent owner could not open
    ending: Any
    showdown: Any  # a record, or None
    hunt: Any  # a record, or None
    result: Any  # a record, or None
    # module B
    asteroids: dict[str, Any]
    asteroid_spaces: list[int]
    hidden: dict[str, Any]
    # the solo game (module C)
    remora: dict[str, Any]
    crisis: dict[str, Any]
    shuttle: Any  # a record, or None
    launch: Any  # a record, or None
    explosion: bool


def facts_of(state: State) -> LifeformFacts:
    return cast(LifeformFacts, state.facts)
