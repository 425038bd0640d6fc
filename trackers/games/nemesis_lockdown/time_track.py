"""The Time track: Event Phase step 5, Autodestruction, the Alert Procedure, E3 (spec §5, §11).

Slots count down from 15 towards S; the app stores S one below the last numbered slot
(board value G1). A token on slot X acts in step 5 of the round played on X, as the Time
token leaves X (spec §5.3, the reading the facts sheet uses; G7 lists the other one).
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew, power, rounds
from trackers.games.nemesis_lockdown.board import (
    ISOLATION_SLOT,
    last_number,
    need_slot,
    s_position,
    slot_list,
)
from trackers.games.nemesis_lockdown.ending import check_running, end_game
from trackers.pieces import Track

JUMP_TARGETS = ("Autodestruction token", "Alert token", "S")
AHEAD = 3  # spec §5.6: the Autodestruction token goes 3 slots ahead (2 empty between)


def time_track(state: State) -> Track:
    return state.piece("time", Track)


def slot(state: State) -> int:
    return time_track(state).position


def slot_name(state: State, position: int) -> str:
    return "S" if position == s_position(state) else str(position)


def isolation_open(state: State) -> bool:
    """Open once the Time token reached 8 or the Alert Procedure started (spec §5.4)."""
    return slot(state) <= ISOLATION_SLOT or state.facts["alert"] is not None


def autodestruction(state: State) -> dict[str, Any] | None:
    auto: dict[str, Any] | None = state.facts["autodestruct"]
    return auto


def start_autodestruction(state: State) -> list[Note | str]:
    """Cooling System: yellow token 3 slots ahead (spec §5.6 step 1; examples A, B, T2, T5)."""
    check_running(state)
    rounds.require_step(state, "turns", "Starting Autodestruction (a Room Action)")
    if autodestruction(state) is not None:
        raise ActionError("Autodestruction is already running: there is one token", "action")
    if state.facts["autodestruct_stopped"]:
        raise ActionError("the Autodestruction token was discarded when it was stopped; the "
                          "text does not cover starting it again (spec G11)", "action")
    now = slot(state)
    yellow, red = now - AHEAD, now - 2 * AHEAD
    need_slot(state, yellow, "Autodestruction")
    need_slot(state, red, "Autodestruction (its later red slot)")
    state.facts["autodestruct"] = {"slot": yellow, "side": "yellow"}
    return [Note(f"Autodestruction started: token yellow side up on slot {yellow}. It can be "
                 f"stopped at the Power Generator until the Player Phase of the round on "
                 f"{yellow}; then it jumps to {red} and turns red; the Facility is destroyed in "
                 f"step 5 of the round on {red}.", "autodestruction")]


def stop_autodestruction(state: State) -> list[Note | str]:
    """Power Generator: discard a yellow token; a red one is unstoppable (spec §5.6; T3, T4)."""
    check_running(state)
    rounds.require_step(state, "turns", "Stopping Autodestruction (a Room Action)")
    auto = autodestruction(state)
    if auto is None:
        raise ActionError("Autodestruction is not running", "action")
    if auto["side"] == "red":
        raise ActionError("the Autodestruction token is red: it can no longer be stopped",
                          "action")
    state.facts["autodestruct"] = None
    state.facts["autodestruct_stopped"] = True
    return [Note("Autodestruction stopped: discard its token", "autodestruction")]


def start_alert(state: State) -> list[Note | str]:
    """Alert Room: token on half the Time number, Isolation opens (spec §5.7; C, T6, T7)."""
    check_running(state)
    rounds.require_step(state, "turns", "Starting the Alert Procedure (a Room Action)")
    if state.facts["alert"] is not None:
        raise ActionError("the Alert Procedure is already running; the text does not cover "
                          "starting it twice (spec G11)", "action")
    target = slot(state) // 2
    need_slot(state, target, "Alert Procedure")
    state.facts["alert"] = target
    return [Note(f"Alert Procedure: token on slot {target}. The Isolation Room opens now. The "
                 f"game ends in step 5 of the round on {target}, as the Time token leaves it "
                 "(step 4 of that round still happens).", "alert_procedure")]


def advance_time(state: State) -> list[Note | str]:
    """Event Phase step 5, exactly as spec §5.10 lays it out."""
    check_running(state)
    rounds.require_step(state, "time", "Moving the Time token")
    track = time_track(state)
    here = track.position
    if here in state.facts["css"]:
        raise ActionError("a face-down CSS token lies on this slot: Launch CSS (step 4) first",
                          "action")
    auto = autodestruction(state)
    if auto is not None and auto["side"] == "red" and auto["slot"] == here:
        return end_game(state, "E2", "the Time token would have to move past the red "
                                     "Autodestruction token")
    if here <= ISOLATION_SLOT and last_number(state) is None:
        raise ActionError("the next slot may be S: enter the board value time_last_number (the "
                          "last numbered Time-track slot, spec G1) first", "time_last_number")
    track.move(1)
    new = track.position
    notes: list[Note | str] = [Note(f"Time token: {here} -> {slot_name(state, new)}",
                                    "time_track")]
    if state.facts["alert"] == here:
        return notes + end_game(state, "E4", f"the Time token left the Alert slot {here}")
    if auto is not None and auto["side"] == "yellow" and auto["slot"] == here:
        state.facts["autodestruct"] = {"slot": here - AHEAD, "side": "red"}
        notes.append(Note(f"Autodestruction turns red and moves to slot {here - AHEAD}: it can "
                          "no longer be stopped", "autodestruction"))
        notes += open_main_gate(state, "the Autodestruction token turned red")
    if new == s_position(state):
        return notes + end_game(state, "E1", "the Time token reached S")
    notes += thresholds(state, new)
    if new == ISOLATION_SLOT:
        opened = "was already open (Alert)" if state.facts["alert"] is not None else "opens"
        notes.append(Note(f"The Isolation Room {opened}: Lock Yourself In is allowed from this "
                          "round's Player Phase", "time_track"))
    rounds.mark_done(state, "time")
    return notes


def thresholds(state: State, arrived: int) -> list[Note | str]:
    """Power Thresholds on the slot just reached (spec §5.8; T8, T9, T10)."""
    notes: list[Note | str] = []
    for _ in range(slot_list(state, "red_thresholds").count(arrived)):
        if state.facts["time_side"] == "inactive":
            notes += power.lose_power(state, "a red Power Threshold")
        else:
            notes.append(Note("Red Power Threshold: no effect, the Time token is active",
                              "power"))
    for _ in range(slot_list(state, "blue_thresholds").count(arrived)):
        notes += power.lose_power(state, "a blue Power Threshold")
    return notes


def open_main_gate(state: State, why: str) -> list[Note | str]:
    if state.facts["main_gate_open"]:
        return []
    state.facts["main_gate_open"] = True
    return [Note(f"The Main Gate opens ({why}): take its token off; it never closes again",
                 "autodestruction")]


def fast_forward(state: State, jump_to: str | None) -> list[Note | str]:
    """E3: nobody is left inside; jump to the active token or to S and resolve it (spec §11.1)."""
    check_running(state)
    active = crew.with_status(state, crew.ACTIVE)
    if active:
        raise ActionError(f"E3 needs every Character out of play; still active: "
                          f"{', '.join(active)}", "action")
    auto, alert = autodestruction(state), state.facts["alert"]
    red = auto is not None and auto["side"] == "red"
    unclear = (red and alert is not None) or (auto is not None and auto["side"] == "yellow")
    if jump_to is None:
        if unclear:
            raise ActionError("jump_to: the text does not say where to jump with these tokens "
                              "(spec G10); choose Autodestruction token, Alert token or S",
                              "jump_to")
        jump_to = JUMP_TARGETS[0] if red else JUMP_TARGETS[1] if alert is not None else "S"
    if jump_to == JUMP_TARGETS[0]:
        if not red or auto is None:
            raise ActionError("jump_to: there is no red Autodestruction token to jump to "
                              "(a yellow one is not covered, spec G10)", "jump_to")
        return _jump(state, int(auto["slot"]), "E2", "the Time token reached the red "
                                                     "Autodestruction token")
    if jump_to == JUMP_TARGETS[1]:
        if alert is None:
            raise ActionError("jump_to: the Alert Procedure is not running", "jump_to")
        return _jump(state, int(alert), "E4", "the Time token reached the Alert slot")
    end = s_position(state)
    if end is None:
        raise ActionError("jumping to S needs the board value time_last_number (spec G1)",
                          "time_last_number")
    return _jump(state, end, "E1", "the Time token reached S")


def _jump(state: State, target: int, code: str, cause: str) -> list[Note | str]:
    track = time_track(state)
    here = track.position
    track.move(here - target)
    return [Note(f"Fast-forward: Time token {here} -> {slot_name(state, target)}",
                 "time_track"), *end_game(state, code, cause)]
