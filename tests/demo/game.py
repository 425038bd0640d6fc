"""The demo game wired into one ``Game``: the registry finds ``GAME`` here."""

from __future__ import annotations

from tests.demo import INFO
from tests.demo.actions import ACTIONS
from tests.demo.board import BOARD_VALUES
from tests.demo.setup import CARDS, setup
from tests.demo.view import banner, cards_drawn, end, moment
from trackers.engine import Game

__all__ = ["CARDS", "GAME", "setup"]

GAME = Game(
    info=INFO,
    setup=setup,
    actions=ACTIONS,
    board_values=BOARD_VALUES,
    end=end,
    moment=moment,
    banner=banner,
    key_actions=("escape",),  # the whole action is a key moment of the report
    charted={"Cards drawn": cards_drawn},
    # the Plan is the Captain's, and the first player is the Captain
    role_holders=lambda state, owner, names: names[:1] if owner == "Captain" else [],
)
