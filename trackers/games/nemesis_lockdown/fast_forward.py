"""The nobody-left ending (rulebook: End of the Game): once no Character is active, the Time
token advances to the active Autodestruction or Alert token, else to the final slot S, and
what it reaches is resolved.

The advance goes slot by slot through ``time_track.one_slot``, step 5 of the round, so it ends
exactly as the rounds played out would: a yellow token passed turns red and moves on, a red
token and the Alert token on one slot resolve in step 5's order (the red one first),
Thresholds passed act. ``reached`` says where that advance stops without moving anything, so
a target the table names past it is refused before anything is recorded. Records saved before
this advance (without ``walk``) replay as they were, through ``older_fast_forward``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackers.engine import Action, ActionError, Note, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.board import TIME_START, s_position
from trackers.games.nemesis_lockdown.ending import end_game
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.games.nemesis_lockdown.time_track import (
    AHEAD,
    autodestruction,
    one_slot,
    open_main_gate,
    pass_css,
    slot_name,
    time_track,
)

JUMP_TARGETS = ("Autodestruction token", "Alert token", "S")
AUTO, ALERT, S = JUMP_TARGETS
RULE_END = "rulebook: End of the Game"


def reached(state: State) -> tuple[str, int] | None:
    """(which of JUMP_TARGETS, its slot) where the advance stops, in step 5's order; None
    when S is still to be entered and no token stops it first."""
    facts = facts_of(state)
    auto = autodestruction(state)
    red = auto["slot"] if auto is not None and auto["side"] == "red" else None
    yellow = auto["slot"] if auto is not None and auto["side"] == "yellow" else None
    alert, end = facts["alert"], s_position(state)
    here = time_track(state).position
    for _ in range(TIME_START + 2):
        if red == here:
            return AUTO, here
        if alert == here:
            return ALERT, here
        if yellow == here:
            red, yellow = here - AHEAD, None
        here -= 1
        if end is not None and here == end:
            return S, here
    return None


def check_target(state: State, target: str | None) -> None:
    """A target the table names must be the one the advance reaches (End of the Game)."""
    found = reached(state)
    if target is None or found is None or found[0] == target:
        return
    where, at = found
    auto = autodestruction(state)
    side = auto["side"] if auto is not None else ""
    what = {AUTO: f"the {side} Autodestruction token", ALERT: "the Alert token", S: "S"}[where]
    if where == AUTO and side == "yellow":
        what = "the Autodestruction token (it turns red on the way)"
    ends = {AUTO: "the Facility is destroyed", ALERT: "the Alert Procedure ends the game",
            S: "the Facility is purged"}[where]
    raise ActionError(f"jump_to: the Time token reaches {what} on "
                      f"{slot_name(state, at)} first and {ends} there ({RULE_END}); leave "
                      "jump_to blank", "jump_to")


def nobody_inside(state: State) -> None:
    active = crew.with_status(state, crew.ACTIVE)
    if active:
        raise ActionError(f"Nobody-left ending: every Character must be out of play; still "
                          f"active: {', '.join(active)}", "action")


def fast_forward(state: State, args: dict[str, Any]) -> list[Note | str]:
    """E3: advance slot by slot as step 5 does until the game ends."""
    if not args.get("walk"):
        return older_fast_forward(state, args.get("jump_to"))
    nobody_inside(state)
    track = time_track(state)
    here = track.position
    notes: list[Note | str] = []
    for _ in range(TIME_START + 2):
        if facts_of(state)["ended"] is not None:
            break
        at = track.position
        # the move of each slot is said once, in the line below
        moved = [n for n in one_slot(state) if not str(n).startswith("Time token: ")]
        if track.position != at:  # a CSS token the Time token stops on stays there
            notes += pass_css(state, at)
        notes += moved
    return [Note(f"Fast-forward: Time token {here} -> {slot_name(state, track.position)}, "
                 "each slot passed resolved as in step 5", "time_track"), *notes]


@dataclass(frozen=True)
class FastForwardAction(Action):
    """'Fast-forward to the end': a target named past the first token is refused here, when
    the table acts, never when a saved game replays."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        check_target(state, checked.get("jump_to"))
        return checked


# --- records saved before the slot-by-slot advance -------------------------------------
def older_fast_forward(state: State, jump: str | None) -> list[Note | str]:
    """The jump as it was recorded then: straight to the chosen token or S."""
    nobody_inside(state)
    facts = facts_of(state)
    auto, alert = autodestruction(state), facts["alert"]
    red = auto is not None and auto["side"] == "red"
    unclear = (red and alert is not None) or (auto is not None and auto["side"] == "yellow")
    if jump is None:
        if unclear:
            raise ActionError("jump_to: choose the Autodestruction token, the Alert token or S",
                              "jump_to")
        jump = AUTO if red else ALERT if alert is not None else S
    if jump == AUTO:
        if auto is None:
            raise ActionError("jump_to: there is no Autodestruction token", "jump_to")
        return _jump(state, int(auto["slot"]), "E2", "the Time token reached the "
                                                     "Autodestruction token")
    if jump == ALERT:
        if alert is None:
            raise ActionError("jump_to: the Alert Procedure is not running", "jump_to")
        return _jump(state, int(alert), "E4", "the Time token reached the Alert slot")
    end = s_position(state)
    assert end is not None  # declared as a need of the action
    return _jump(state, end, "E1", "the Time token reached S")


def _jump(state: State, target: int, code: str, cause: str) -> list[Note | str]:
    track = time_track(state)
    facts = facts_of(state)
    here = track.position
    follow = code == "E2"
    auto = autodestruction(state)
    if follow and auto is not None and auto["side"] == "yellow":
        target = int(auto["slot"]) - AHEAD
    notes: list[Note | str] = []
    passed: list[int] = []
    while track.position > target:
        at = track.position
        auto = autodestruction(state)
        if at in facts["css"]:
            facts["css"].remove(at)
            facts["css_revealed"].append({"slot": at, "face": "passed"})
            passed.append(at)
        if auto is not None and auto["side"] == "yellow" and auto["slot"] == at:
            facts["autodestruct"] = {"slot": at - AHEAD, "side": "red"}
            notes.append(Note(f"Autodestruction passed yellow on {at}: it turns red and moves to "
                              f"slot {at - AHEAD}", "autodestruction",
                              key_moment="Autodestruction red"))
            notes += open_main_gate(state, "the Autodestruction token turned red")
            if follow:
                target = at - AHEAD
        track.set_position(at - 1)
    track.set_position(target)
    if passed:
        notes.insert(0, Note("CSS tokens passed without a launch, on "
                             f"{', '.join(map(str, passed))}: set them aside", "time_track"))
    return [Note(f"Fast-forward: Time token {here} -> {slot_name(state, target)}",
                 "time_track"), *notes,
            *end_game(state, code, f"nobody is left inside; {cause}")]
