"""Power tokens and Darkness (spec nemesis-lockdown §9, §5.8).

Four tokens numbered 1-4 lie on S-01, S-02, S-03 and the Elevator. ``facts["power"]`` holds
``blue`` (the token numbers showing the powered side) and ``at`` (location -> token number,
empty until the table enters where the shuffled tokens landed).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown.facts import facts_of

LOCATIONS = ("S-01", "S-02", "S-03", "Elevator")  # spec §9.1: the Elevator counts as a 4th Section
TOKENS = (1, 2, 3, 4)
START_BLUE = (1, 2)  # spec §2.1 step 5: tokens 1 and 2 start blue, 3 and 4 red


def blue(state: State) -> list[int]:
    return sorted(facts_of(state)["power"]["blue"])


def where(state: State) -> dict[str, int]:
    return dict(facts_of(state)["power"]["at"])


def place_tokens(state: State, at: dict[str, int]) -> list[Note | str]:
    """Record which token lies on each location; every token exactly once (spec §2.1 step 5)."""
    if sorted(at.values()) != list(TOKENS):
        given = ", ".join(f"{loc}={n}" for loc, n in at.items())
        raise ActionError(f"power tokens: give each of 1, 2, 3, 4 exactly once (got {given})",
                          "s01")
    facts_of(state)["power"]["at"] = {loc: at[loc] for loc in LOCATIONS}
    return [Note("Power: " + "; ".join(lines(state)), "power")]


def lose_power(state: State, why: str) -> list[Note | str]:
    """A Threshold flips the highest-numbered powered token to red (spec §5.8)."""
    powered = blue(state)
    if not powered:
        return [Note(f"{why[:1].upper()}{why[1:]}: no Power token is powered any more; the "
                     "rulebook does not say what happens then (Power and Darkness)", "power")]
    lost = powered[-1]
    facts_of(state)["power"]["blue"] = powered[:-1]
    return [Note(f"{why[:1].upper()}{why[1:]}: Power token {lost} turns to its red "
                 f"side{_place(state, lost)}",
                 "power")]


def restore_power(state: State, at: dict[str, int] | None) -> list[Note | str]:
    """Backup Power Supply (spec §9.3; examples P1, P2, P3)."""
    notes: list[Note | str] = []
    if len(blue(state)) >= 3:
        notes.append(Note("3 or more tokens are powered: the reset is skipped", "power"))
    else:
        facts_of(state)["power"]["blue"] = list(START_BLUE)
        notes.append(Note("Reset: tokens 1 and 2 blue, 3 and 4 red", "power"))
    if at is not None:
        notes += place_tokens(state, at)
    if facts_of(state)["time_side"] == "inactive":
        facts_of(state)["time_side"] = "active"
        notes.append(Note("The Time token turns to its active side: red Power Thresholds no "
                          "longer act", "time_track"))
    return notes


def power_section(state: State, location: str) -> list[Note | str]:
    """Power Generator: flip the Power token of the Character's Section (spec §9.3, §12)."""
    at = where(state)
    if not at:
        raise ActionError("enter where the Power tokens lie first ('Enter Power tokens')",
                          "location")
    token = at[location]
    powered = set(blue(state))
    powered ^= {token}
    facts_of(state)["power"]["blue"] = sorted(powered)
    side = "blue (powered)" if token in powered else "red (Darkness)"
    return [Note(f"{location}: Power token {token} flips to {side}", "power")]


def lines(state: State) -> list[str]:
    at = where(state)
    powered = blue(state)
    if not at:
        return [f"powered tokens: {', '.join(map(str, powered)) or 'none'} "
                "(locations not entered yet)"]
    return [f"{loc} token {n}: {'powered' if n in powered else 'Darkness'}"
            for loc, n in at.items()]


def _place(state: State, token: int) -> str:
    for loc, n in where(state).items():
        if n == token:
            return f" ({loc} is now in Darkness)"
    return ""


def set_powered(state: State, location: str, powered: bool) -> list[Note | str]:
    """A hand correction: the token at ``location`` shows blue (powered) or red."""
    at = where(state)
    if not at:
        raise ActionError("location: enter where the Power tokens lie first ('Enter Power "
                          "tokens')", "location")
    token = at[location]
    blue_now = set(blue(state))
    if (token in blue_now) == powered:
        return [f"{location}: already {'powered' if powered else 'in Darkness'}"]
    blue_now ^= {token}
    facts_of(state)["power"]["blue"] = sorted(blue_now)
    return [Note(f"{location} set by hand: Power token {token} "
                 f"{'blue (powered)' if powered else 'red (Darkness)'}", "power")]
