"""The actions a Pandora Celeste table takes, wired to the rule modules.

Keys avoid the session screen's own (q u r h s ? l c p x t v b, digits). The engine refuses
every action once the game has ended (``Game.end``), so none of these checks for it.
"""

from __future__ import annotations

from trackers.engine import Action
from trackers.games.pandora_celeste.crew_actions import CREW_ACTIONS
from trackers.games.pandora_celeste.cycle_actions import CYCLE_ACTIONS
from trackers.games.pandora_celeste.end_actions import END_ACTIONS
from trackers.games.pandora_celeste.nasty_actions import NASTY_ACTIONS
from trackers.games.pandora_celeste.stern_actions import STERN_ACTIONS

_ALL: tuple[Action, ...] = (*CYCLE_ACTIONS, *NASTY_ACTIONS, *CREW_ACTIONS, *STERN_ACTIONS,
                              *END_ACTIONS)

# The footer lists keys in this order and has room for few: the steps' own actions first, so
# 'Nasty round', 'Nasty's card', 'Push' and 'Stop pushing' are on screen when they are due.
DUE_FIRST = ("next_step", "count_noise", "nasty_round", "nasty_card", "nasty_attacks", "push",
             "settle_attack", "reveal_nasty", "end_cycle", "wake_up", "widget_spawn",
             "pod_choice")
ACTIONS: tuple[Action, ...] = tuple(sorted(
    _ALL, key=lambda a: DUE_FIRST.index(a.name) if a.name in DUE_FIRST else len(DUE_FIRST)))
