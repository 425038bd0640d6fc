"""Launch readiness: every launch criterion, met / not met / unknown, with why (spec lifeform §5.3).

Pure: the caller passes the Shuttle Loadout counts, where the characters are, the Self-Destruct
minute and the board profile. Loadout minimums come from the profile (spec §13, G9); while one is
unset its criterion is "unknown" and says which board value to set, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.words import count

LATE_LAUNCH_MINUTE = 9  # spec §4.1: from 9 the Remora may launch with characters left aboard


class Status(StrEnum):
    MET = "met"
    NOT_MET = "not met"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Loadout:
    """Mission tokens in each Shuttle Loadout column, filled from the bottom (spec §5.1)."""

    improvised_weaponry: int = 0
    coolant: int = 0
    energy_cells: int = 0
    halon_gas: int = 0
    spacesuits: int = 0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"loadout {f.name}: expected a count of 0 or more, got {value!r}")

    def count(self, column: str) -> int:
        return int(getattr(self, column))

    def check_lengths(self, profile: Board) -> None:
        """Raise ValueError if a column holds more tokens than its printed length (when known)."""
        for f in fields(self):
            length = profile.number(f"{f.name}.length")
            if length is not None and self.count(f.name) > length:
                raise ValueError(f"loadout {f.name}: {self.count(f.name)} tokens, but the column "
                                 f"has {length} spaces (your board)")


@dataclass(frozen=True)
class LaunchState:
    """What the launch check reads. `self_destruct` is the minute of the tracker's space."""

    player_count: int
    loadout: Loadout
    characters_aboard: int  # surviving characters aboard the Remora (the Ship's Cat is not one)
    characters_on_valley_forge: int  # surviving characters still on the Valley Forge
    self_destruct: int
    ships_cat_in_play: bool = False  # always in play in 2P; 3P/4P once someone took the cat role
    ships_cat_aboard: bool = False
    secret_objectives_left: int = 0  # drawn and not yet completed (0 when not playing with them)
    overheating_moves: int = 0  # 2P: times the Overheating token moved up (Cocoon final space)
    crew_agree: bool | None = None  # None: not asked yet

    def __post_init__(self) -> None:
        if self.player_count not in (2, 3, 4):
            raise ValueError(f"player_count: expected 2, 3 or 4, got {self.player_count!r}")
        for name in ("characters_aboard", "characters_on_valley_forge", "self_destruct",
                     "secret_objectives_left", "overheating_moves"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name}: expected a whole number of 0 or more, got {value!r}")


@dataclass(frozen=True)
class Criterion:
    """One launch criterion: its status, a one-line why, and the spec section it comes from."""

    key: str
    name: str
    status: Status
    why: str
    rule: str


@dataclass(frozen=True)
class LaunchCheck:
    criteria: tuple[Criterion, ...]
    notes: tuple[str, ...] = ()

    @property
    def ready(self) -> bool | None:
        """True if every criterion is met, False if any is not, None while any is unknown."""
        statuses = {c.status for c in self.criteria}
        if Status.NOT_MET in statuses:
            return False
        return None if Status.UNKNOWN in statuses else True

    def criterion(self, key: str) -> Criterion:
        return next(c for c in self.criteria if c.key == key)


def _minimum(key: str, name: str, column: str, count: int, needed_key: str,
             profile: Board, where: str) -> Criterion:
    """A 'fill every space below the bar' criterion (spec §5.2, §5.3)."""
    needed = profile.number(needed_key)
    rule = "rulebook p. 35, Launch the Remora Sequence"
    if needed is None:
        return Criterion(key, name, Status.UNKNOWN, profile.unknown(needed_key), rule)
    status = Status.MET if count >= needed else Status.NOT_MET
    return Criterion(key, name, status, f"{column} holds {count}; {needed} needed "
                                        f"(every space below {where})", rule)


def _coolant_2p(state: LaunchState, profile: Board) -> Criterion:
    """2P: fill below the Overheating token, which Cocoon's final space pushes up (§4.3, §5.2)."""
    name = "Coolant filled below the Overheating token"
    rule = "rulebook p. 35, Launch the Remora Sequence; p. 45, Cocoon Track"
    start = profile.number("coolant.overheating_2p_space")
    if start is None:
        return Criterion("coolant", name, Status.UNKNOWN,
                         profile.unknown("coolant.overheating_2p_space"), rule)
    space = start + state.overheating_moves
    needed = space - 1
    have = state.loadout.coolant
    moved = f" (moved up {state.overheating_moves})" if state.overheating_moves else ""
    why = f"Coolant holds {have}; {needed} needed below the Overheating token on space {space}" \
          f"{moved}"
    length = profile.number("coolant.length")
    if length is not None and space > length:
        why += f"; the token is past the column's {length} spaces (the text is silent)"
    return Criterion("coolant", name, Status.MET if have >= needed else Status.NOT_MET, why, rule)


def check_launch(state: LaunchState, profile: Board) -> LaunchCheck:
    """Every launch criterion of spec §5.3, in the rulebook's order."""
    state.loadout.check_lengths(profile)
    load = state.loadout
    rule = "rulebook p. 35, Launch the Remora Sequence"
    aboard, left = state.characters_aboard, state.characters_on_valley_forge
    crit: list[Criterion] = []
    crit.append(Criterion(
        "character_aboard", "At least 1 surviving character aboard the Remora",
        Status.MET if aboard >= 1 else Status.NOT_MET,
        f"{count(aboard, 'character')} aboard; the Ship's Cat does not "
        "count", rule))
    crit.append(Criterion(
        "secret_objectives", "Every drawn Secret Objective completed",
        Status.MET if state.secret_objectives_left == 0 else Status.NOT_MET,
        f"{count(state.secret_objectives_left, 'Secret Objective card')} still to complete", rule))
    crit.append(_minimum("improvised_weaponry", "Improvised Weaponry filled below its Minimum bar",
                         "Improvised Weaponry", load.improvised_weaponry,
                         "improvised_weaponry.minimum", profile, "the Minimum bar"))
    if state.player_count == 2:
        crit.append(_coolant_2p(state, profile))
    else:
        crit.append(_minimum("coolant", "Coolant filled below its Minimum bar", "Coolant",
                             load.coolant, "coolant.minimum", profile, "the Minimum bar (3P/4P)"))
    crit.append(_minimum("energy_cells", "Energy Cells filled below its Minimum bar",
                         "Energy Cells", load.energy_cells, "energy_cells.minimum", profile,
                         "the Minimum bar"))
    crit.append(Criterion(
        "spacesuits", "A Spacesuits token for each character aboard",
        Status.MET if load.spacesuits >= aboard else Status.NOT_MET,
        f"Spacesuits holds {load.spacesuits} for {count(aboard, 'character')} aboard", rule))
    sd = state.self_destruct
    if left == 0:
        status, why = Status.MET, "no surviving character is left on the Valley Forge"
    elif sd <= LATE_LAUNCH_MINUTE:
        status, why = Status.MET, f"{left} left aboard the Valley Forge; Self-Destruct {sd} " \
                                  f"has reached or passed 9"
    else:
        status, why = Status.NOT_MET, f"{left} left aboard the Valley Forge and Self-Destruct " \
                                      f"{sd} has not reached 9"
    crit.append(Criterion("nine_minutes", "Characters left behind only from the 9-minute mark",
                          status, why, "rulebook p. 35, Launch the Remora Sequence; rulebook p. "
                                       "46, Self-Destruct Track"))
    cat_in_play = state.player_count == 2 or state.ships_cat_in_play
    if not cat_in_play:
        status, why = Status.MET, "the Ship's Cat is not in play"
    elif state.ships_cat_aboard:
        status, why = Status.MET, "the Ship's Cat is aboard"
    else:
        status, why = Status.NOT_MET, "the Ship's Cat is in play and not aboard the Remora"
    crit.append(Criterion("ships_cat", "The Ship's Cat aboard, if in play", status, why, rule))
    agree = {True: (Status.MET, "every crew member agreed"),
             False: (Status.NOT_MET, "not every crew member agrees"),
             None: (Status.UNKNOWN, "ask every crew member: all must agree")}[state.crew_agree]
    crit.append(Criterion("crew_agree", "All crew members agree", *agree, rule))
    return LaunchCheck(tuple(crit), _notes(state, crit))


def _notes(state: LaunchState, crit: list[Criterion]) -> tuple[str, ...]:
    notes = []
    if state.characters_aboard and state.self_destruct > 20:
        notes.append("characters may board the Remora only once Self-Destruct reaches 20 "
                     "(rulebook p. 46, Self-Destruct Track): check the character positions")
    board_blocked = [c for c in crit if c.status is Status.NOT_MET and c.key != "crew_agree"]
    if state.characters_on_valley_forge == 0 and state.characters_aboard and board_blocked:
        notes.append("every surviving character is aboard and none can leave the Remora: if the "
                     "criteria can no longer be met, the lifeform wins at once (rulebook, "
                     "Gameplay Overview)")
    if state.self_destruct <= LATE_LAUNCH_MINUTE:
        notes.append("a launch now leads to Ending B or C (rulebook, Endings)")
    else:
        notes.append("a launch now, with everyone aboard, is Ending A: the crew wins (rulebook, "
                     "Endings; "
                     "after a Last Man Aboard kill, the table settles it)")
    return tuple(notes)
