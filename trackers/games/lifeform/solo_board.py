"""The printed values the solo game needs that no text of ours gives (spec lifeform G1, G12, G21).

Each is a board value: unset until the player enters it from their own components, never
guessed. The actions that use one declare it in ``needs`` so the app asks at that moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from trackers.engine import ActionError, BoardValue
from trackers.games.lifeform.board import ICONS, IconList
from trackers.games.lifeform.remora import UMBILICUS

SD_START = "solo_self_destruct_start"
MOTION_LENGTH = "solo_motion_length"
MOTION_START = "solo_motion_start"
LIFE_SUPPORT = "solo_life_support_length"
COMBAT_TOKENS = "solo_combat_tokens"
HAND_LIMIT = "solo_hand_limit"
OBJECTIVES = "solo_objective_names"

_DD = "your Dragon's Domain solo rules"
NAME_LIMIT = 60


@dataclass(frozen=True)
class Names(BoardValue):
    """Names as printed, separated by commas ("Restore power, Find the codes"): ``count`` of
    them. Kind "ints" only so a form gives a text field; the parse here reads words."""

    count: int = 2

    def parse(self, raw: Any) -> Any:
        items = raw.split(",") if isinstance(raw, str) else list(raw) if isinstance(
            raw, (list, tuple)) else None
        names = [" ".join(str(n).split()) for n in items or []]
        if (len(names) != self.count or any(not n or len(n) > NAME_LIMIT or not n.isprintable()
                                            for n in names)):
            raise self._bad(raw)
        if len({n.casefold() for n in names}) != len(names) or any(
                n.casefold() == UMBILICUS.casefold() for n in names):
            raise ActionError(f"{self.label}: give {self.count} different names, not "
                              f"{UMBILICUS} (the app knows that one)", self.key)
        return names

    def allowed(self) -> str:
        return f"{self.count} names separated by a comma, each 1 to {NAME_LIMIT} characters"

    def show(self, value: Any) -> str:
        return "unset" if value is None else ", ".join(value)


BOARD_VALUES: tuple[BoardValue, ...] = (
    BoardValue(SD_START, "Self-Destruct start, 1 player (minutes)",
               f"{_DD} (setup); the track: Lifeform rulebook p. 46, Self-Destruct Track",
               "int", 1, 60, help="the Lifeform rulebook gives starts for 2 to 4 players only"),
    BoardValue(MOTION_LENGTH, "Motion tracker: number of spaces",
               "the Motion tracker board of the Dragon's Domain expansion", "int", 2, 30),
    BoardValue(MOTION_START, "Motion tracker: the lifeform's start space (1 = next to you)",
               f"the Motion tracker board; {_DD} (setup)", "int", 1, 30),
    BoardValue(LIFE_SUPPORT, "Life Support: spaces after the start space",
               "the Remora board (Thirteenth Passenger), Life Support track", "int", 1, 20),
    # Four icons typed in one line: kind "ints" (not "label") so a form gives a text field,
    # not a one-choice list; IconList reads and checks the names itself.
    IconList(COMBAT_TOKENS, "Combat tokens: the icon on each of the 4",
             "the 4 combat tokens of Thirteenth Passenger (one of each type)", "ints",
             labels=ICONS, codes={icon: icon for icon in ICONS}, fewest=4, most=4),
    BoardValue(HAND_LIMIT, "Your hand limit (action cards)", f"{_DD}", "int", 1, 20),
    Names(OBJECTIVES, f"The two must-complete objectives besides {UMBILICUS}",
          f"{_DD} (the three must-complete objectives)", "ints"),
)
KEYS = tuple(v.key for v in BOARD_VALUES)


def check_board(board: Mapping[str, Any]) -> list[str]:
    """Checks across the solo values (each alone is checked by its BoardValue)."""
    problems = []
    length, start = board.get(MOTION_LENGTH), board.get(MOTION_START)
    if length is not None and start is not None and start > length:
        problems.append(f"Motion tracker: the start space {start} is past its last space "
                        f"({length})")
    tokens = board.get(COMBAT_TOKENS)
    if tokens is not None and len(set(tokens)) != len(tokens):
        problems.append("Combat tokens: give 4 different icons, one per token (there is one "
                        "token of each type)")
    return problems


def combat_token_names(board: Mapping[str, Any]) -> list[str]:
    return list(board[COMBAT_TOKENS])
