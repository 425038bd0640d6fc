"""What every Lifeform action list shares: the board profile, the crew and character
choices, the card a played action discards, and the stage checks."""

from __future__ import annotations

from typing import Any

from trackers.engine import Note, Param, State
from trackers.games.lifeform import (
    characters,
    turns,
)
from trackers.games.lifeform.board import COLUMNS, Board, board_of
from trackers.games.lifeform.crew_activity import (
    CREW_CARD,
)
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.lifeform_activity import (
    LIFEFORM_CARD,
    lifeform_cards,
)

Notes = list[Note | str]

COLUMN_TITLES = {c: c.replace("_", " ").capitalize() for c in COLUMNS}


def profile(state: State) -> Board:
    return board_of(state.board)


def crew(state: State) -> list[str]:
    return list(facts_of(state)["crew"])


def alive(state: State) -> list[str]:
    return characters.surviving(state)


def member_param(help_text: str = "which crew member") -> Param:
    """The crew member, preselected in a form as the one whose turn it is (if any)."""
    return Param("crew_member", "choice", help_text, choices=crew, suggested=turns.current)


def character_param(help_text: str = "which character") -> Param:
    return Param("character", "choice", help_text, choices=alive)


def crew_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=CREW_CARD, optional=True, default=CREW_CARD[0])


def lifeform_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=lifeform_cards, optional=True, default=LIFEFORM_CARD[0])




def playing(state: State) -> bool:
    """The lifeform's actions begin with the Starship stage, not during the setup."""
    return bool(facts_of(state)["stage"] == "starship")

def in_stage(*stages: str) -> Any:
    return lambda state: facts_of(state)["stage"] in stages


def module_showdown(letter: str) -> Any:
    return lambda state: (letter in facts_of(state)["modules"]
                          and facts_of(state)["stage"] == "showdown")


