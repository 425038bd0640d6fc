"""Hand corrections that keep the rules: when the table and the app disagree.

Each sets one tracked thing and then re-derives what the rules derive from it: moving the Time
token forward can resolve every slot it passes (the table is asked), a death by hand opens
the Main Gate if it is the first, Time on S ends the game. Every correction is an action, so
it is logged and undo takes it back.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew, time_track
from trackers.games.nemesis_lockdown.board import slot_exists
from trackers.games.nemesis_lockdown.ending import end_game
from trackers.games.nemesis_lockdown.facts import facts_of

APPLY = "apply what it passes"
MOVE_ONLY = "just move the token"
TIME_MODES = (APPLY, MOVE_ONLY)
AUTO_STATES = ("none", "yellow", "red")
SIDES = ("inactive", "active")


def slot_choices(state: State) -> list[str]:
    """Every slot of the track, as the board reads: 15 ... S."""
    from trackers.games.nemesis_lockdown.board import TIME_START, last_number

    last = last_number(state) or 8
    return [str(n) for n in range(TIME_START, last - 1, -1)] + ["S"]


def to_position(state: State, text: str) -> int:
    from trackers.games.nemesis_lockdown.board import s_position

    if text == "S":
        end = s_position(state)
        assert end is not None  # the action needs the board value
        return end
    return int(text)


def time(state: State, target: str, how: str, side: str | None) -> list[Note | str]:
    notes: list[Note | str] = []
    if side is not None and side != facts_of(state)["time_side"]:
        facts_of(state)["time_side"] = side
        notes.append(Note(f"Time token turned to its {side} side by hand", "time_track"))
    position = to_position(state, target)
    if position == time_track.slot(state):
        return notes or [f"The Time token already stands on {target}"]
    notes += time_track.jump_to(state, position, apply_slots=how == APPLY)
    return notes


def _ahead(state: State, at: int, field: str = "slot") -> None:
    """A token on the track lies on a numbered slot the Time token has not left yet."""
    if not slot_exists(state, at):
        raise ActionError(f"{field}: {at} is not a numbered slot of your track", field)
    if at > time_track.slot(state):
        raise ActionError(f"{field}: the Time token has already left slot {at} (it stands "
                          f"on {time_track.slot(state)})", field)


def autodestruction(state: State, side: str, at: int | None) -> list[Note | str]:
    if side == "none":
        facts_of(state)["autodestruct"] = None
        return [Note("Autodestruction set by hand: no token on the track", "autodestruction")]
    if at is None:
        raise ActionError("slot: give the slot the Autodestruction token lies on", "slot")
    _ahead(state, at)
    facts_of(state)["autodestruct"] = {"slot": at, "side": side}
    notes: list[Note | str] = [Note(f"Autodestruction set by hand: {side} on {at}",
                                    "autodestruction")]
    if side == "red":
        notes += time_track.open_main_gate(state, "the Autodestruction token is red")
    return notes


def alert(state: State, at: int | None) -> list[Note | str]:
    if at is not None:
        _ahead(state, at)
    facts_of(state)["alert"] = at
    if at is None:
        return [Note("Alert Procedure set by hand: no token on the track", "alert_procedure")]
    return [Note(f"Alert Procedure set by hand: token on {at}; the Isolation Room is open",
                 "alert_procedure")]


def css(state: State, slots_text: str) -> list[Note | str]:
    parts = [p for p in slots_text.replace(",", " ").split() if p]
    slots: list[int] = []
    for part in parts:
        if not part.isdigit() or not slot_exists(state, int(part)):
            raise ActionError(f"slots: {part!r} is not a numbered slot of your track; give "
                              "slot numbers separated by commas (empty: none)", "slots")
        _ahead(state, int(part), "slots")
        slots.append(int(part))
    if len(set(slots)) != len(slots):
        raise ActionError("slots: one CSS token per slot", "slots")
    facts_of(state)["css"] = sorted(slots, reverse=True)
    return [Note("CSS tokens set by hand, face down on: "
                 + (", ".join(map(str, facts_of(state)["css"])) or "none"), "time_track")]


def status(state: State, name: str, new: str) -> list[Note | str]:
    old = crew.status(state, name)
    if old == new:
        return [f"{name} is already {new}"]
    if new == crew.DEAD:
        crew.set_status(state, name, crew.ACTIVE)  # kill() checks the Character lives
        return [f"{name}: {old} -> {new}, set by hand",
                *crew.kill(state, name, "set by hand")]
    crew.set_status(state, name, new)
    return [f"{name}: {old} -> {new}, set by hand", *crew.nobody_left_note(state)]


def main_gate(state: State, is_open: bool) -> list[Note | str]:
    if is_open:
        return time_track.open_main_gate(state, "set by hand") or ["The Main Gate is already "
                                                                   "open"]
    facts_of(state)["main_gate_open"] = False
    return [Note("Main Gate set closed by hand (the rules never close it: this undoes a "
                 "wrong opening)", "victory")]


def settle(state: State) -> list[Note | str]:
    """After every action: an end the state has reached is recorded (Time on S ends it)."""
    from trackers.games.nemesis_lockdown.board import s_position

    if facts_of(state).get("ended") is None and time_track.slot(state) == s_position(state):
        return end_game(state, "E1", "the Time token stands on S")
    return []
