"""The Shuttle Loadout: five columns filled from the bottom, bonus spaces, removals from the top,
and the launch readiness panel (spec lifeform §5).

The app keeps a count per column (a column fills from its lowest empty space, so the count says
which spaces are covered). Column lengths, minimum bars and bonus spaces are printed values
(G9, board profile); the Flamethrower bonus on Improvised Weaponry space 4 is built in and is
taken only once (spec §5.1).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, Panel, State
from trackers.games.lifeform import decks, supplies
from trackers.games.lifeform.board import COLUMNS, Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.launch import LaunchCheck, LaunchState, Loadout, check_launch
from trackers.games.lifeform.words import count
from trackers.pieces import Track

NAMES = {"improvised_weaponry": "Improvised Weaponry", "coolant": "Coolant",
         "energy_cells": "Energy Cells", "halon_gas": "Halon Gas", "spacesuits": "Spacesuits"}
BONUS_WORDS = {  # spec §5.1
    "remove_power_outage": "return 1 Power Outage token on the board to the supply",
    "move_power_outage": "move 1 Power Outage token to an adjacent chamber (corridor or tunnel; "
                         "placement rules apply)",
    "draw_card": "draw 1 Crew card (the app counts it)",
}


def length(profile: Board, column: str) -> int | None:
    """The column's printed length (G9); Halon Gas is 2 + 3 + 4 = 9 (spec §5.2)."""
    return profile.number(f"{column}.length")


def counts(state: State) -> Loadout:
    return Loadout(**facts_of(state)["loadout"])


def bonuses(profile: Board, column: str, space: int) -> list[str]:
    """The bonus labels printed on one space (G9), the Flamethrower space built in (§5.2)."""
    found = []
    if column == "improvised_weaponry" and space == profile.number(
            "improvised_weaponry.flamethrower_space"):
        found.append("flamethrower")
    for at, label in profile.get(f"{column}.bonus_spaces") or ():
        if at == space:
            found.append(label)
    return found


def place(state: State, column: str, member: str, profile: Board) -> list[Note]:
    """A collected Mission token goes on the column's lowest empty space (spec §5.1)."""
    load = facts_of(state)["loadout"]
    size = length(profile, column)
    if size is not None and load[column] >= size:
        raise ActionError(f"column: {NAMES[column]} is full ({size} spaces); choose a column with "
                          "a free space", "column")
    load[column] += 1
    turn = facts_of(state).get("turn")
    if turn and turn.get("to_place"):  # one of the turn's Step 1 tokens is placed
        turn["to_place"] -= 1
    space = load[column]
    notes = [Note(f"{member} puts a Mission token on {NAMES[column]} space {space}",
                  "shuttle_loadout")]
    if size is None:
        notes.append(Note(f"{NAMES[column]}: {profile.unknown(f'{column}.length')}",
                          "shuttle_loadout"))
    for bonus in bonuses(profile, column, space):
        notes += _bonus(state, bonus, member, profile)
    if column != "halon_gas" and not profile.is_set(f"{column}.bonus_spaces"):
        notes.append(Note(f"bonus spaces: {profile.unknown(f'{column}.bonus_spaces')}",
                          "shuttle_loadout"))
    return notes


def _bonus(state: State, bonus: str, member: str, profile: Board) -> list[Note]:
    """Whoever covers a bonus space does its bonus; the Flamethrower only once (spec §5.1)."""
    if bonus == "flamethrower":
        cards = facts_of(state)["special_cards"]
        if cards["flamethrower"] != "on board":
            return [Note("Flamethrower space covered again: the Flamethrower card is taken only "
                         "once a game (rulebook p. 46, Shuttle Loadout)", "shuttle_loadout")]
        cards["flamethrower"] = member
        return [Note(f"bonus: {member} takes the Flamethrower card into their hand (it counts "
                     "toward the hand limit) (rulebook p. 46, Shuttle Loadout)", "shuttle_loadout"),
                *decks.hand_check(state, member, profile)]
    if bonus == "draw_card":
        return [Note(f"bonus: {member} draws 1 Crew card (rulebook p. 46, Shuttle "
                     "Loadout)", "shuttle_loadout"),
                *decks.draw(state, "crew", member, 1, profile)]
    if bonus == "remove_power_outage":
        if supplies.on_board(state, "power_outage") == 0:
            return [Note("bonus: no Power Outage token is on the board to return (rulebook p. "
                         "46, Shuttle Loadout)", "shuttle_loadout")]
        return supplies.give_back(state, "power_outage", f"bonus: {member} removes a Power "
                                  "Outage (rulebook p. 46, Shuttle Loadout)")
    return [Note(f"bonus: {member} does it now: {BONUS_WORDS[bonus]} (rulebook p. 46, Shuttle "
                 "Loadout)", "shuttle_loadout")]


def remove_top(state: State, column: str, why: str) -> list[Note]:
    """Take the top token of a column back to the pool (spec §5.1)."""
    load = facts_of(state)["loadout"]
    if load[column] == 0:
        raise ActionError(f"column: {NAMES[column]} is empty", "column")
    load[column] -= 1
    facts_of(state)["mission_pool"] += 1
    return [Note(f"{why}: the top Mission token of {NAMES[column]} (space {load[column] + 1}) "
                 "goes back to the pool; covering a bonus space again gives its bonus again, "
                 "except the Flamethrower (rulebook p. 46, Shuttle Loadout)", "shuttle_loadout")]


def android_removal(state: State, take: dict[str, int], number: int) -> list[Note]:
    """The android entered the Remora: the lifeform removes ``number`` tokens, top first in any
    columns it likes; a shortfall is ignored (spec §3.5 step 5, T31)."""
    load = facts_of(state)["loadout"]
    due = min(number, sum(load.values()))
    if sum(take.values()) != due:
        raise ActionError(f"take: the lifeform removes {count(due, 'token')} "
                          f"in all (printed {number}, "
                          f"{sum(load.values())} in the Loadout); the columns given add up to "
                          f"{sum(take.values())}", "take")
    for column, n in take.items():
        if n > load[column]:
            raise ActionError(f"{column}: {NAMES[column]} holds only {load[column]}", column)
    notes = []
    for column, n in take.items():
        for _ in range(n):
            notes += remove_top(state, column, "the android in the Remora")
    return notes


# --- launch readiness (spec §5.3, via launch.py) ---------------------------------------------
def sd_position(state: State) -> int:
    """The Self-Destruct minute (the 4P START space reads as above every minute)."""
    return state.piece("self_destruct", Track).position


def launch_state(state: State, crew_agree: bool | None = None) -> LaunchState:
    from trackers.games.lifeform.characters import counts as where  # cycle-free at call time

    facts = facts_of(state)
    aboard, left = where(state)
    cat = facts["ships_cat"]
    return LaunchState(
        player_count=facts["players"], loadout=counts(state), characters_aboard=aboard,
        characters_on_valley_forge=left, self_destruct=sd_position(state),
        ships_cat_in_play=cat["in_play"], ships_cat_aboard=cat["aboard"],
        secret_objectives_left=facts["objectives"]["drawn"] - len(facts["objectives"]["done"]),
        overheating_moves=facts["overheating_moves"], crew_agree=crew_agree)


def readiness(state: State, profile: Board, crew_agree: bool | None = None) -> LaunchCheck:
    return check_launch(launch_state(state, crew_agree), profile)


def readiness_panel(state: State, profile: Board) -> Panel:
    """Every launch criterion: met / not met / unknown, and why (spec §5.3)."""
    check = readiness(state, profile)
    lines = [f"[{c.status}] {c.name}: {c.why}" for c in check.criteria]
    lines += list(check.notes)
    return Panel("Launch readiness", tuple(lines), "launch")


def loadout_panel(state: State, profile: Board) -> Panel:
    lines = []
    for column in COLUMNS:
        size = length(profile, column)
        lines.append(f"{NAMES[column]}: {facts_of(state)['loadout'][column]}"
                     + (f"/{size}" if size is not None else " (length unset)"))
    if facts_of(state)["players"] == 2:  # spec §2.1, §4.3: the Overheating token sets the minimum
        start = profile.number("coolant.overheating_2p_space")
        moved = facts_of(state)["overheating_moves"]
        where = "unset" if start is None else str(start + moved)
        lines.append(f"Overheating token: Coolant space {where} (moved up {moved})")
    lines.append(f"Mission tokens in the pool: {facts_of(state)['mission_pool']}")
    return Panel("Shuttle Loadout", tuple(lines), "shuttle_loadout")
