"""Nemesis: Lockdown for the session engine (spec nemesis-lockdown).

Rules live in the sibling modules; this file wires them into a ``Game``: setup, actions,
board values, the screen's panels and the phase checklist.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import Game, Panel, State
from trackers.games.nemesis_lockdown import INFO, crew, intruders, power, rounds, time_track
from trackers.games.nemesis_lockdown.actions import ACTIONS
from trackers.games.nemesis_lockdown.board import BOARD_VALUES, slot_list
from trackers.games.nemesis_lockdown.setup_rules import apply_board, setup, setup_notes

PLAYER_COUNTS = (1, 2, 3, 4)  # spec §2.2: the bag formula for 1-4 (range itself: spec G13)


def board_changed(state: State, key: str, value: Any) -> list[str]:
    return apply_board(state, key)


def _time_lines(state: State) -> list[str]:
    facts = state.facts
    here = time_track.slot(state)
    lines = [f"Time token on {time_track.slot_name(state, here)}, {facts['time_side']} side"]
    auto = facts["autodestruct"]
    if auto is None:
        lines.append("Autodestruction: not running")
    elif auto["side"] == "yellow":
        lines.append(f"Autodestruction: yellow on {auto['slot']} (can be stopped until the "
                     f"round on {auto['slot']}; turns red on {auto['slot'] - 3})")
    else:
        lines.append(f"Autodestruction: RED on {auto['slot']} (Facility destroyed in step 5 of "
                     f"the round on {auto['slot']})")
    alert = facts["alert"]
    lines.append("Alert Procedure: " + (f"token on {alert} (game ends in step 5 of the round "
                                        f"on {alert})" if alert is not None else "not started"))
    css = facts["css"]
    if "css_slots" not in state.board:
        lines.append("CSS tokens: enter the board value css_slots")
    else:
        lines.append("CSS tokens face down on: " + (", ".join(map(str, css)) or "none"))
    lines.append("Isolation Room: " + ("open" if time_track.isolation_open(state) else "closed")
                 + "; Main Gate: " + ("open" if facts["main_gate_open"] else "closed"))
    return lines


def _threshold_line(state: State) -> str:
    parts = []
    for key, colour in (("red_thresholds", "red"), ("blue_thresholds", "blue")):
        if key in state.board:
            parts.append(f"{colour} on " + (", ".join(map(str, slot_list(state, key))) or
                                            "none"))
        else:
            parts.append(f"{colour}: unset")
    return "Power Thresholds: " + "; ".join(parts)


def panels(state: State) -> list[Panel]:
    out = [Panel(f"Round {state.facts['round']}" if state.facts["phase"] == "round"
                 else "Setup", (state.facts["status"], *_time_lines(state)), "time_track"),
           Panel("Power", (*power.lines(state), _threshold_line(state)), "power"),
           Panel("Intruder bag: next draw", tuple(intruders.odds_lines(state)), "intruder_bag"),
           Panel("Characters", tuple(f"{c['name']}: {c['status']}"
                                     for c in state.facts["crew"]), "victory")]
    if state.facts["phase"] == "setup":
        out.append(Panel("Setup for this player count",
                         tuple(setup_notes(len(state.facts["crew"]))), "setup"))
    return out


TOPICS = {"time": "time_track", "intruder_bag": "intruder_bag", "eggs": "intruder_bag",
          "fire": "fire", "malfunction": "malfunction"}


def _topics() -> dict[str, str]:
    """Piece name -> reference topic; per-player Secrets belong to the Victory Check."""
    topics = dict(TOPICS)
    for i in range(1, max(PLAYER_COUNTS) + 1):
        topics[f"p{i}_objective"] = "victory"
        topics[f"p{i}_contingency"] = "victory"
        topics[f"p{i}_contingency_2"] = "victory"
    return topics


GAME = Game(
    info=INFO,
    setup=setup,
    actions=ACTIONS,
    board_values=BOARD_VALUES,
    topics=_topics(),
    board_changed=board_changed,
    panels=panels,
    checklist=rounds.checklist,
)

__all__ = ["GAME", "crew"]
