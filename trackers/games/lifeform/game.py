"""Lifeform (with Thirteenth Passenger modules A, B and D) on the session engine: the wiring.

Facts: ../shared/spec/lifeform.md. The first player name is the lifeform player; the others are
the crew members in turn order. With 1 player it is the Dragon's Domain solo mode with module
C: ``solo_game`` sends each part of the contract to the solo rules in that mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from trackers.engine import Action, ActionError, Game, Note, Option, State
from trackers.engine.game import EndRecord
from trackers.games.lifeform import INFO, asteroid_mirror, must_do, solo_game
from trackers.games.lifeform.actions import ACTIONS
from trackers.games.lifeform.announcements import ANNOUNCER
from trackers.games.lifeform.board import BOARD_VALUES, board_of, check_board, warnings
from trackers.games.lifeform.characters import POOL_CHOICES
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.secrets import CREW_ONLY, LIFEFORM_ONLY
from trackers.games.lifeform.setup import setup
from trackers.games.lifeform.tracks import reread
from trackers.games.lifeform.view import checklist, panels
from trackers.games.lifeform.words import readable_log

TOPICS = {
    "self_destruct": "self_destruct", "hostility": "hostility", "cocoon": "cocoon",
    "malfunction": "malfunction", "android_status": "android_status",
    "real_lifeform": "reality_calibration", "stowaway": "stowaway",
    "objective_1": "setup", "objective_2": "setup", "objective_3": "setup",
    "crew_deck": "round", "lifeform_deck": "round", "terror_deck": "round",
    "hiding_place": "module_d",
}


def board_changed(state: State, key: str, value: Any) -> list[Note]:
    """Re-read the tracks once a printed value is entered (spec §13); what the rulebook only
    illustrates comes back as a note to check, never a refusal."""
    problems = check_board(dict(state.board))  # the engine's own check is per value
    if problems:
        raise ActionError("; ".join(problems), "value")
    notes = reread(state, board_of(state.board), key)
    return notes + [Note(w, "cocoon") for w in warnings(state.board) if key.startswith("cocoon")]


# Moves of the Starship stage: once the Remora has launched they are put away (spec §3, §9).
STARSHIP_ONLY = frozenset({
    "place_mission", "board_remora", "advance_self_destruct", "equip", "flamethrower",
    "malfunction_advance", "meet_image", "attack", "crew_reaction", "reality_calibration",
})


def _in_its_stage(action: Action) -> Action:
    """Starship-stage moves are put away after the launch (a rule, not game-over gating)."""
    if action.name not in STARSHIP_ONLY:
        return action
    inner = action.enabled

    def enabled(state: State) -> bool:
        return facts_of(state)["stage"] in ("setup", "starship") and (inner is None or inner(state))

    return replace(action, enabled=enabled)


def end(state: State) -> EndRecord | None:
    """Who won and how (spec §3.1, §9, §10.6), once the game is over."""
    result = facts_of(state).get("result")
    if result is None:
        return None
    side = result["side"]
    crew, lifeform = list(facts_of(state)["crew"]), facts_of(state)["lifeform"]
    winners = tuple(crew) if side == "crew" else (lifeform,)
    outcomes = {lifeform: "winner" if side == "lifeform" else "loser"}
    eliminated = (facts_of(state).get("showdown") or {}).get("eliminated", [])
    for member in crew:
        outcomes[member] = ("eliminated" if member in eliminated else
                            "winner" if side == "crew" else "loser")
    return EndRecord(result["ending"], result["summary"], winners, (side,), outcomes)


def status(state: State) -> str:
    record = end(state)
    if record is not None:
        # Fits Home's status column (28 characters) whole: "Ending C: lifeform won"
        return f"{record.ending}: {record.sides[0]} won"
    f = facts_of(state)
    if f["stage"] == "starship":
        return f"round {f['round']}"
    return {"setup": "setting up", "launched": "launched: ending to settle",
            "showdown": "Showdown"}.get(f["stage"], "in progress")


def moment(state: State) -> dict[str, int]:
    return {"round": int(facts_of(state)["round"])}


def _readable(action: Action) -> Action:
    """Every history line in the table's words: an action without a line of its own gets
    its title and what was given, never "name=value" (which reads like a program)."""
    if action.log_text is not None or not action.params:
        return action
    flags = {p.name: p.help for p in action.params if p.kind == "bool"}
    return replace(action, log_text=readable_log(action.title,
                                                 tuple(p.name for p in action.params), flags))

def role_holders(state: State, owner: str, names: Sequence[str]) -> list[str]:
    """Who holds each role's secrets: the lifeform player (the first name at setup), and
    the crew (every other player)."""
    if owner == LIFEFORM_ONLY:
        return [str(facts_of(state)["lifeform"])]
    if owner == CREW_ONLY:
        return [str(name) for name in facts_of(state)["crew"]]
    return []


def solo_holders(state: State, owner: str, names: Sequence[str]) -> list[str]:
    """Solo: the one player is the crew; the app plays the lifeform and keeps its secrets."""
    return list(names[:1]) if owner == CREW_ONLY else []


GAME = Game(
    info=INFO,
    announce=ANNOUNCER,  # what the table hears: announcements.py
    setup=solo_game.setup(setup),
    actions=tuple(_readable(a) for a in solo_game.actions(tuple(_in_its_stage(a)
                                                               for a in ACTIONS))),
    options=(Option("modules", "Thirteenth Passenger modules", "multi", [], ("A", "B", "D"),
                    help="each checked one is played", modes=("standard",),
                    labels={"A": "A: Emma and Overman", "B": "B: asteroid impacts",
                            "D": "D: hunting the alien aboard the Remora"}),
             # A new game mirrors the table's own tokens; "app" stays the default a game saved
             # before the option reads as, so it reopens as it was played.
             Option("asteroid_tokens", "Module B asteroid tokens", "choice", "app",
                    asteroid_mirror.MODES, modes=("standard", solo_game.solo.MODE.id),
                    labels=asteroid_mirror.MODE_LABELS,
                    help="mirror: you shuffle your own tokens and enter each as you flip it; "
                         "app: the app shuffles them for a table without its own",
                    new_default="mirror"),
             Option("character_pool", "Character disks in the draft (Components: 9; Setup: 12)",
                    "choice",
                    POOL_CHOICES[0], POOL_CHOICES,
                    help="Components lists 9 disks, Setup step 8 says twelve; settle it "
                         "from your box", modes=("standard",)),
             *solo_game.OPTIONS),
    board_values=(tuple(replace(v, modes=solo_game.STANDARD_MODES) for v in BOARD_VALUES)
                  + tuple(replace(v, modes=(solo_game.solo.MODE.id,))
                          for v in solo_game.BOARD_VALUES)),
    topics=TOPICS,
    board_changed=solo_game.by_mode(board_changed, solo_game.board_changed),
    check_board=solo_game.check_board(check_board),
    panels=solo_game.by_mode(panels, solo_game.panels),
    checklist=solo_game.by_mode(checklist, solo_game.checklist),
    end=solo_game.by_mode(end, solo_game.end),
    status=solo_game.by_mode(status, solo_game.status),
    moment=solo_game.by_mode(moment, solo_game.moment),
    # the curtain hands the laptop to the lifeform player by name; solo keeps no such secret
    role_holders=solo_game.by_mode(role_holders, solo_holders),
    due=must_do.due_actions,
)
