"""The Time track: Event Phase step 5, Autodestruction, the Alert Procedure, fast-forward.

Slots count down from 15 towards S; the app keeps S one below the last numbered slot (a board
value). A token on slot X acts in step 5 of the round played on X, as the Time token leaves
X (facts sheet §5.3, the reading it uses; G7 lists the other one). ``one_slot`` is that step
for a single slot; play (``advance_time``), a hand correction that applies the slots it
passes and the end-of-game fast-forward all use it, so the rules are the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import power
from trackers.games.nemesis_lockdown.board import (
    ISOLATION_SLOT,
    TIME_START,
    s_position,
    slot_exists,
    slot_list,
)
from trackers.games.nemesis_lockdown.ending import end_game
from trackers.games.nemesis_lockdown.facts import AutodestructToken, facts_of
from trackers.pieces import Track
from trackers.pieces.base import Field, PieceError, register_piece

AHEAD = 3  # Autodestruction: the token goes 3 slots ahead (2 empty slots between)
RULE_AUTO = "rulebook: Autodestruction"
RULE_ALERT = "rulebook: Leaving the Facility, Alert Procedure"


@register_piece
@dataclass
class TimeTrack(Track):
    """The Time track. Its token moves in step 5, by Fast-forward, or by 'Move the Time
    token by hand' ("Set a value by hand" refuses it: the game's ``hand_set``); games saved
    before that may hold such a move, on a numbered slot. The report charts its position."""

    kind: ClassVar[str] = "nemesis_time"

    def fields(self) -> list[Field]:
        low = self.lowest or 0
        if "S" in self.space_names.values():
            low += 1
        return [Field("position", "slot (only the token moves)", max(low, 1), self.highest)]

    def set_field(self, name: str, value: int) -> list[str]:
        if self.space_names.get(value) == "S":
            raise PieceError(f"{self.label}: S ends the game: put the Time token there with "
                             "'Move the Time token by hand'")
        return super().set_field(name, value)


def new_track() -> TimeTrack:
    return TimeTrack("Time track", TIME_START, advance=-1, highest=TIME_START)


def time_track(state: State) -> Track:
    return state.piece("time", Track)


def slot(state: State) -> int:
    return time_track(state).position


def slot_name(state: State, position: int) -> str:
    return "S" if position == s_position(state) else str(position)


def isolation_open(state: State) -> bool:
    """Open once the Time token reached 8 or the Alert Procedure started."""
    return slot(state) <= ISOLATION_SLOT or facts_of(state)["alert"] is not None


def autodestruction(state: State) -> AutodestructToken | None:
    return facts_of(state)["autodestruct"]


def needs_track_end(state: State, *slots: int) -> list[str]:
    """The board value 'last numbered slot' when any of ``slots`` may lie below 8."""
    return ["time_last_number"] if any(s < ISOLATION_SLOT for s in slots) else []


def need_slot(state: State, target: int, what: str, rule: str) -> None:
    """Refuse when ``target`` is past the last numbered slot: the text does not cover it."""
    if slot_exists(state, target) is False:
        raise ActionError(f"{what}: slot {target} is past the last numbered slot; the "
                          f"rulebook does not cover this ({rule}), so settle it at the table",
                          "action")


def start_autodestruction(state: State) -> list[Note | str]:
    """Cooling System: yellow token 3 slots ahead (worked examples A, B, T2, T5)."""
    if autodestruction(state) is not None:
        raise ActionError("Autodestruction is already running: there is one token", "action")
    if facts_of(state)["autodestruct_stopped"]:
        raise ActionError("the Autodestruction token was discarded when it was stopped; the "
                          f"rulebook does not say it can start again ({RULE_AUTO})", "action")
    now = slot(state)
    yellow, red = now - AHEAD, now - 2 * AHEAD
    need_slot(state, yellow, "Autodestruction", RULE_AUTO)
    need_slot(state, red, "Autodestruction (its later red slot)", RULE_AUTO)
    facts_of(state)["autodestruct"] = {"slot": yellow, "side": "yellow"}
    return [Note(f"Autodestruction started: token yellow side up on slot {yellow}. It can be "
                 f"stopped at the Power Generator until the Player Phase of the round on "
                 f"{yellow}; then it jumps to {red} and turns red; the Facility is destroyed in "
                 f"step 5 of the round on {red}.", "autodestruction",
                 key_moment="Autodestruction started")]


def stop_autodestruction(state: State) -> list[Note | str]:
    """Power Generator: discard a yellow token; a red one is unstoppable (T3, T4)."""
    auto = autodestruction(state)
    if auto is None:
        raise ActionError("Autodestruction is not running", "action")
    if auto["side"] == "red":
        raise ActionError("the Autodestruction token is red: it can no longer be stopped",
                          "action")
    facts_of(state)["autodestruct"] = None
    facts_of(state)["autodestruct_stopped"] = True
    return [Note("Autodestruction stopped: discard its token", "autodestruction",
                 key_moment="Autodestruction stopped")]


def start_alert(state: State) -> list[Note | str]:
    """Alert Room: token on half the Time number, Isolation opens (C, T6, T7)."""
    if facts_of(state)["alert"] is not None:
        raise ActionError("the Alert Procedure is already running; the rulebook does not "
                          f"cover starting it twice ({RULE_ALERT})", "action")
    target = slot(state) // 2
    need_slot(state, target, "Alert Procedure", RULE_ALERT)
    facts_of(state)["alert"] = target
    return [Note(f"Alert Procedure: token on slot {target}. The Isolation Room opens now. The "
                 f"game ends in step 5 of the round on {target}, as the Time token leaves it "
                 "(step 4 of that round still happens).", "alert_procedure",
                 key_moment="Alert Procedure started")]


def one_slot(state: State) -> list[Note | str]:
    """Step 5 for one slot, in the facts sheet's order (§5.10); may end the game."""
    track = time_track(state)
    here = track.position
    auto = autodestruction(state)
    if auto is not None and auto["side"] == "red" and auto["slot"] == here:
        return end_game(state, "E2", "the Time token would have to move past the red "
                                     "Autodestruction token")
    track.move(1)
    new = track.position
    notes: list[Note | str] = [Note(f"Time token: {here} -> {slot_name(state, new)}",
                                    "time_track")]
    if facts_of(state)["alert"] == here:
        return notes + end_game(state, "E4", f"the Time token left the Alert slot {here}")
    if auto is not None and auto["side"] == "yellow" and auto["slot"] == here:
        facts_of(state)["autodestruct"] = {"slot": here - AHEAD, "side": "red"}
        notes.append(Note(f"Autodestruction turns red and moves to slot {here - AHEAD}: it can "
                          "no longer be stopped", "autodestruction",
                          key_moment="Autodestruction red"))
        notes += open_main_gate(state, "the Autodestruction token turned red")
    if new == s_position(state):
        return notes + end_game(state, "E1", "the Time token reached S")
    notes += thresholds(state, new)
    if new == ISOLATION_SLOT:
        opened = "was already open (Alert)" if facts_of(state)["alert"] is not None else "opens"
        notes.append(Note(f"The Isolation Room {opened}: Lock Yourself In is allowed from this "
                          "round's Player Phase", "time_track"))
    return notes


def thresholds(state: State, arrived: int) -> list[Note | str]:
    """Power Thresholds on the slot just reached (T8, T9, T10)."""
    notes: list[Note | str] = []
    for _ in range(slot_list(state, "red_thresholds").count(arrived)):
        if facts_of(state)["time_side"] == "inactive":
            notes += power.lose_power(state, "a red Power Threshold")
        else:
            notes.append(Note("Red Power Threshold: no effect, the Time token is active",
                              "power"))
    for _ in range(slot_list(state, "blue_thresholds").count(arrived)):
        notes += power.lose_power(state, "a blue Power Threshold")
    return notes


def open_main_gate(state: State, why: str) -> list[Note | str]:
    if facts_of(state)["main_gate_open"]:
        return []
    facts_of(state)["main_gate_open"] = True
    return [Note(f"The Main Gate opens ({why}): take its token off; it never closes again",
                 "autodestruction", key_moment=f"Main Gate opens ({why})")]


def pass_css(state: State, at: int) -> list[Note | str]:
    """A face-down CSS token on a slot the Time token leaves without a launch step."""
    if at not in facts_of(state)["css"]:
        return []
    facts_of(state)["css"].remove(at)
    facts_of(state)["css_revealed"].append({"slot": at, "face": "passed"})
    return [Note(f"The CSS token on {at} is passed without a launch: set it aside", "time_track")]


def jump_to(state: State, target: int, *, apply_slots: bool) -> list[Note | str]:
    """Move the Time token to ``target``; with ``apply_slots`` every slot passed is resolved
    as in step 5 (CSS tokens passed, Autodestruction, Alert, thresholds, the Isolation Room,
    S); without, only the token moves. Stops where an ending is reached."""
    track = time_track(state)
    notes: list[Note | str] = []
    if not apply_slots or target >= track.position:
        here = track.position
        track.set_position(target)
        notes.append(Note(f"Time token set by hand: {here} -> {slot_name(state, target)}; no "
                          "slot's effects applied", "time_track"))
        if target == s_position(state):
            notes += end_game(state, "E1", "the Time token stands on S")
        return notes
    while track.position > target and facts_of(state).get("ended") is None:
        notes += pass_css(state, track.position)
        notes += one_slot(state)
    return notes
