"""Pandora Celeste for the session engine: the wiring of its rule modules into a ``Game``."""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Game, State
from trackers.games.pandora_celeste import INFO, crew, nasties, outcomes, stern, view
from trackers.games.pandora_celeste.actions import ACTIONS
from trackers.games.pandora_celeste.announcements import ANNOUNCER
from trackers.games.pandora_celeste.board import (
    BOARD_VALUES,
    DECK_KEYS,
    check_board,
    deck_problems,
)
from trackers.games.pandora_celeste.nasties import OTHER_NASTIES
from trackers.games.pandora_celeste.setup import OPTIONS, apply_board, setup


def board_changed(state: State, key: str, value: Any) -> list[str]:
    """A value entered inside a game is checked against the others as the profile form checks
    it, so a bad deck list is refused here, never found by a later draw."""
    problems = deck_problems(state.board) if key in DECK_KEYS else []
    if key == stern.CARGO_DECK:
        problems = stern.deck_problems(str(value or ""))
    if problems:
        raise ActionError("; ".join(problems), "value")
    return apply_board(state, key)


def kept(state: State) -> dict[str, Any]:
    """What the board profile keeps from a game: the Nasties entered and every printed value
    entered in it (the app saves only those that changed during the game)."""
    return {k: v for k, v in state.board.items() if k != OTHER_NASTIES} | nasties.kept(state)


def _topics() -> dict[str, str]:
    topics = {"turn_cycle": "turn_cycle", "big_nasties": "nasties", "fire_rooms": "fire",
              "fire_doorways": "fire", "hull_breaches": "hull_breach"}
    for bay in stern.BAYS:
        topics[stern.piece_name(bay)] = "shipstern"
    for name in crew.CREW:
        topics[f"{crew.slug(name)}_wounds"] = "wounds"
        topics[f"{crew.slug(name)}_agenda"] = "agendas"
        topics[f"{crew.slug(name)}_company"] = "agendas"
    return topics


GAME = Game(
    info=INFO,
    announce=ANNOUNCER,  # what the table hears: announcements.py
    setup=setup,
    actions=ACTIONS,
    options=OPTIONS,
    board_values=BOARD_VALUES,
    topics=_topics(),
    board_changed=board_changed,
    panels=view.panels,
    checklist=view.checklist,
    check_board=check_board,
    end=outcomes.end,
    status=view.status,
    moment=view.moment,
    banner=view.banner,
    one_key=view.one_key,
    # The game report's key moments: what a table remembers of a Cycle.
    keep_in_profile=kept,
    role_holders=lambda state, owner, names: [p for p in (view.agenda_player(state, owner),)
                                              if p],
    key_actions=("override_protocol", "reveal_nasty", "remove_nasty", "vents_card",
                 "scuttlebug", "fulfil_agenda", "call_out", "sow_discord", "flush_airlock",
                 "take_nasty", "widget_spawn"),
)
