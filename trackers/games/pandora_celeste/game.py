"""Pandora Celeste for the session engine (spec pandora-celeste).

Rules live in the sibling modules; this file wires them into a ``Game``: setup, actions,
board values, the screen's panels and the Cycle checklist.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import Game, Panel, State
from trackers.games.pandora_celeste import INFO, crew, cycle, noise, protocols
from trackers.games.pandora_celeste.actions import ACTIONS
from trackers.games.pandora_celeste.board import BOARD_VALUES, box_lines
from trackers.games.pandora_celeste.setup_rules import OPTIONS, apply_board, setup, start_lines

# The text gives no player count (spec §1 modes: True Solo, solo or co-op with several
# crewmembers, semi-co-op). Each player runs at least one of the 8 crew it names, so 1-8.
PLAYER_COUNTS = tuple(range(1, len(crew.CREW) + 1))


def board_changed(state: State, key: str, value: Any) -> list[str]:
    return apply_board(state, key)


def _timer_lines(state: State) -> list[str]:
    timer = protocols.tracker(state)
    driver = timer.driver()
    head = (f"Driving: {driver} at {timer.driving_value()}" if driver
            else "Driving: no marker on the tracker")
    return [state.facts["status"], head, *box_lines(state, timer.driving_value()),
            *protocols.lines(state)]


def _crew_lines(state: State) -> list[str]:
    out = []
    for name, entry in state.facts["crew"].items():
        tracker = crew.wounds(state, name)
        kills_at = crew.CREW[name][0]
        line = f"{name}: {entry['status']}, wounds {tracker.value} (the {kills_at}th kills)"
        if entry["scuttlebugs"]:
            line += f", ScuttleBugs inside {entry['scuttlebugs']}"
        if state.facts["shipstern"]:
            line += f", in the {entry['area']}"
        out.append(line)
    if state.facts["true_solo"]:
        out.append("True Solo: draw up to 6")
    return out


def panels(state: State) -> list[Panel]:
    title = f"Cycle {state.facts['cycle']}" if state.facts["phase"] == "cycle" else "Setup"
    out = [Panel(f"{title}: Turn Cycle Tracker", tuple(_timer_lines(state)), "turn_cycle"),
           Panel("Noise this round", tuple(noise.lines(state)), "noise"),
           Panel("Crew", tuple(_crew_lines(state)), "wounds")]
    if state.facts["phase"] == "setup":
        out.append(Panel("Start locations", tuple(start_lines(state)), "setup"))
    return out


def _topics() -> dict[str, str]:
    topics = {"turn_cycle": "turn_cycle", "big_nasties": "nasties", "fire_rooms": "fire",
              "fire_doorways": "fire", "hull_breaches": "hull_breach"}
    for name in crew.CREW:
        topics[f"{crew.slug(name)}_wounds"] = "wounds"
        topics[f"{crew.slug(name)}_agenda"] = "agendas"
        topics[f"{crew.slug(name)}_company"] = "agendas"
    return topics


GAME = Game(
    info=INFO,
    setup=setup,
    actions=ACTIONS,
    options=OPTIONS,
    board_values=BOARD_VALUES,
    topics=_topics(),
    board_changed=board_changed,
    panels=panels,
    checklist=cycle.checklist,
)
