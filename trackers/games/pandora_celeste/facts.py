"""What a Pandora Celeste session keeps in ``state.facts``, typed so mypy reads every key.

``total=False``: snapshots and games saved before lack the newer keys (the ShipStern's
record, the fire once lit, a collapse due). Every read and write of the facts in this package
goes through ``facts_of``.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from trackers.engine import State


class PandoraCelesteFacts(TypedDict, total=False):
    """The facts of one game (see ``setup._facts`` for what a new game starts with)."""

    # the game as set up
    phase: str  # "setup" or "cycle"
    step: int
    cycle: int
    mode: str
    difficulty: str
    scenario: str
    expected_protocols: int | None
    expected_big_nasties: int
    shipstern: bool
    variants: list[str]
    rules: dict[str, Any]  # the table's readings of open questions (options)
    players: list[str]
    crew: dict[str, dict[str, Any]]
    wake_up: list[str]  # who made the Wake-Up discard at setup
    # the timers and the Company
    protocols: list[dict[str, Any]]
    discord: bool
    abandon_ship: bool
    ended: str | None
    objective_timer: int | None
    # noise and the targets
    noise: dict[str, list[int]]
    noise_last: dict[str, int]
    noise_seq: int
    noise_order: list[str]
    # the last count's ranking in each target's scope (``noise.SCOPES``)
    target_orders: dict[str, list[str]]
    noise_made: bool
    you_first: str | None
    first_target: str | None
    stern_target: str | None
    # the Nasties' side
    nasties: list[dict[str, Any]]
    nasty_seq: int
    nasty_round: dict[str, Any] | None
    attack: dict[str, Any] | None
    nasty_kinds: dict[str, dict[str, Any]]
    deck: dict[str, Any] | None
    seen: list[dict[str, Any]]
    spybot_killed: bool
    # hazards
    fire_lit: bool
    collapse_due: bool
    # the ShipStern's pieces (Cargo Bays, Widgets, Junction Box, collapses)
    stern: dict[str, Any]
    widget_spawns: int  # Big Nasties the first Widget called, still to spawn
    darkness: dict[str, Any]  # this Cycle's answer: who started it in the dark
    # the escape and the end
    vehicles: dict[str, dict[str, Any]]
    showdown: dict[str, Any] | None
    pod_winner: str | None
    pod_choice: str  # the table's answer once the Escape Pod ejected: end now or play on
    player_nasties: dict[str, dict[str, int]]


def facts_of(state: State) -> PandoraCelesteFacts:
    return cast(PandoraCelesteFacts, state.facts)


def start_facts(state: State, facts: PandoraCelesteFacts) -> None:
    """A new game's facts, laid down once by the setup."""
    state.facts = cast(dict[str, Any], facts)
