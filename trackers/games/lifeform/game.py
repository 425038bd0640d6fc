"""Lifeform (with Thirteenth Passenger modules A, B and D) on the session engine.

Facts: ../shared/spec/lifeform.md. The first player name is the lifeform player; the others are
the crew members in turn order. Module C (the Dragon's Domain solo crisis) is not offered yet.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trackers.engine import Action, ActionError, Game, Option, State
from trackers.games.lifeform import (
    INFO,
    actions_end,
    actions_secrets,
    actions_table,
    actions_tracks,
)
from trackers.games.lifeform.panels import panels
from trackers.games.lifeform.profile_values import BOARD_VALUES, profile_of
from trackers.games.lifeform.setup import checklist, setup
from trackers.games.lifeform.tracks import reread

TOPICS = {
    "self_destruct": "self_destruct", "hostility": "hostility", "cocoon": "cocoon",
    "malfunction": "malfunction", "android_status": "android_status",
    "real_lifeform": "reality_calibration", "stowaway": "stowaway",
    "objective_1": "setup", "objective_2": "setup", "objective_3": "setup",
    "crew_deck": "round", "lifeform_deck": "round", "terror_deck": "round",
    "hiding_place": "module_d",
}


def board_changed(state: State, key: str, value: Any) -> list[str]:
    """Re-read the tracks once a printed value is entered (spec §13); a value the profile's
    checks refuse raises, so nothing changes."""
    profile = profile_of(state.board)
    return [note.text for note in reread(state, profile, key)]


def check_board(board: dict[str, Any]) -> list[str]:
    """Every cross-check of the profile (e.g. a Stowaway range inside the track), spec §13."""
    try:
        profile_of(board)
    except ActionError as err:
        return [str(err)]
    return []


# Moves of the Starship stage: once the Remora has launched they no longer apply (spec §3, §9).
STARSHIP_ONLY = frozenset({
    "place_mission", "board_remora", "advance_self_destruct", "equip", "flamethrower",
    "malfunction_advance", "meet_image", "attack", "crew_reaction", "reality_calibration",
})


def _while_playing(action: Action) -> Action:
    """Once the game is over only undo (and the engine's own actions) remain; after the
    launch, the Starship stage's moves are put away."""
    inner = action.enabled
    stages = ("setup", "starship") if action.name in STARSHIP_ONLY else None

    def enabled(state: State) -> bool:
        stage = state.facts["stage"]
        if stage == "over" or (stages is not None and stage not in stages):
            return False
        return inner is None or inner(state)

    return replace(action, enabled=enabled)


GAME = Game(
    info=INFO,
    setup=setup,
    actions=tuple(_while_playing(a) for a in (
        *actions_table.actions(), *actions_tracks.actions(), *actions_secrets.actions(),
        *actions_end.actions())),
    options=(Option("modules", "Thirteenth Passenger modules", "multi", [], ("A", "B", "D"),
                    help="A: Emma and Overman; B: asteroid impacts; D: hunting the alien "
                         "aboard the Remora"),),
    board_values=BOARD_VALUES,
    topics=TOPICS,
    board_changed=board_changed,
    check_board=check_board,
    panels=panels,
    checklist=checklist,
)
