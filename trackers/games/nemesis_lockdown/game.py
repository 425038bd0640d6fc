"""Nemesis: Lockdown wired into a ``Game``: the rules live in the sibling modules."""

from __future__ import annotations

from typing import Any

from trackers.engine import Game, Note, Option, State
from trackers.games.nemesis_lockdown import INFO, view
from trackers.games.nemesis_lockdown.actions import ACTIONS
from trackers.games.nemesis_lockdown.announcements import ANNOUNCER
from trackers.games.nemesis_lockdown.bag import BLANK_FATES, TOKEN_FATES
from trackers.games.nemesis_lockdown.board import (
    BOARD_DEFAULTS,
    BOARD_DEFAULTS_NOTE,
    BOARD_VALUES,
)
from trackers.games.nemesis_lockdown.corrections import settle
from trackers.games.nemesis_lockdown.setup import apply_board, setup
from trackers.games.nemesis_lockdown.victory import end_record

OPTIONS = (
    Option("token_fate", "An Intruder's token when it dies or Infests",
           "choice", TOKEN_FATES[0], TOKEN_FATES,
           help="The rulebook returns a token to the bag only from a Technical Corridor "
                "(Encounter and Combat); the rest is your table's call."),
    Option("blank_fate", "A Blank drawn in an Encounter", "choice", BLANK_FATES[0],
           BLANK_FATES,
           help="The rulebook places Noise markers and names no removal (Encounter and "
                "Combat): it stays in the bag unless your table reads it otherwise."),
    Option("outside_survives", "A 13th Fire or 11th Malfunction spares Bunker and evacuated",
           "bool", True,
           help="The rulebook says all Characters die there, and elsewhere that only those "
                "inside do (End of the Game, Autodestruction); your table's call."),
    Option("larva_corpse", "A second Larva's death also leaves a Character Corpse", "bool",
           False, help="The rulebook names only the Creeper (Contamination, Wounds, and "
                       "Death); your table's call."),
)


def board_changed(state: State, key: str, value: Any) -> list[Note | str]:
    return [*apply_board(state, key), *settle(state)]


def hand_set(state: State, target: str) -> str | None:
    """Every move of the Time token goes through one action, which keeps the rules."""
    if target == "time.position":
        return ("the Time token is moved with 'Move the Time token by hand', which applies "
                "what the slots it passes hold (or, if you choose, moves only the token)")
    return None


GAME = Game(
    info=INFO,
    announce=ANNOUNCER,  # what the table hears: announcements.py
    setup=setup,
    actions=ACTIONS,
    options=OPTIONS,
    board_values=BOARD_VALUES,
    topics=view.topics(),
    board_changed=board_changed,
    panels=view.panels,
    checklist=view.checklist,
    end=end_record,
    status=view.status,
    moment=view.moment,
    board_defaults=BOARD_DEFAULTS,
    board_defaults_note=BOARD_DEFAULTS_NOTE,
    hand_set=hand_set,
)
