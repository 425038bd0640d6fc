"""The Space Station Phoenix session's steps: score changes, Sectors, Aliens, turns, setup.

Each ``apply`` changes the state it is given and returns what the table must do now. The
end-of-game check runs at the end of the active player's own turn (spec space-station-phoenix
§6); Diplomacy and Income helpers are in ``session_helpers``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import session_facts as facts
from trackers.games.space_station_phoenix.game_end import END_SCORE, end_of_turn, end_triggers
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.session_view import setup_steps
from trackers.games.space_station_phoenix.station import LEVEL3_IDS, MAX_SECTORS_PER_LEVEL

Notes = list[Note | str]

# spec §3.6: Level-3 Sectors that score in-game points when built.
POINTS_WHEN_BUILT: dict[str, int] = {"302": 5, "313": 5, "317": 10}


def refresh_status(state: State) -> None:
    """``facts["status"]`` for the saved-games list."""
    end = facts.game_end(state)
    if end.over:
        state.facts["status"] = facts.STATUS_OVER
    elif end.triggered:
        state.facts["status"] = facts.STATUS_FINAL
    elif state.facts.get("turns_ended") or int(state.facts["setup_done"]) >= len(
        setup_steps(state)
    ):
        state.facts["status"] = facts.STATUS_PLAYING
    else:
        state.facts["status"] = facts.STATUS_SETUP


def _end_check_note(state: State, name: str, why: str) -> Note:
    current = facts.active(state)
    if name == current:
        return Note(f"{name} {why}: the end is checked when {name} ends this turn (e)",
                    "end_of_game")
    return Note(f"{name} {why} during {current}'s turn: nothing triggers now; the check runs at "
                f"the end of {name}'s own turn (spec §6)", "end_of_game")


# --- score track ---------------------------------------------------------------------------


def add_points(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Move a score marker (spec §3.6); lap tokens follow the table's lap size (§10.13)."""
    name = facts.who(state, args.get("player"))
    amount: int = args["points"]
    if amount == 0:
        raise ActionError("points: give a whole number other than 0 (below 0 takes points away)",
                          "points")
    marker = facts.marker(state, name)
    before = marker.points
    laps = marker.add(amount)
    notes: Notes = [Note(f"{name}: {before} -> {marker.points} points", "score_track")]
    notes += [Note(text, "score_track") for text in laps]
    if marker.points < 0 <= before:
        notes.append(Note(f"{name} is below 0 (Hub A-12 allows it); how the track shows it is "
                          "the table's call (spec §10.13)", "score_track"))
    if before < END_SCORE <= marker.points and not facts.game_end(state).triggered:
        notes.append(_end_check_note(state, name, f"has {marker.points} points"))
    return notes


# --- Sectors and Aliens (the inputs of the end check) -----------------------------------------


def _check_number(state: State, level: int, number: str) -> None:
    if level == 3:
        if number not in LEVEL3_IDS:
            raise ActionError(f"number: {number!r} is not a Level-3 Sector; allowed: 301-308, "
                              "311-318 or 321-328", "number")
        for other in facts.players(state):
            if number in state.facts["level3"][other]:
                raise ActionError(f"number: Sector {number} is already on {other}'s station; "
                                  "each Sector exists once", "number")
    elif not (len(number) == 3 and number.isdigit() and number[0] == str(level)):
        raise ActionError(f"number: {number!r} is not a Level-{level} Sector number; allowed: "
                          f"3 digits starting with {level} (e.g. {level}01), or leave it blank",
                          "number")


def build_sector(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Count a Sector on a station (spec §1: at most 3 per level, 9 in all)."""
    name = facts.who(state, args.get("player"))
    level: int = args["level"]
    number: str | None = args.get("number")
    built = facts.sectors(state, name)
    if built[level - 1] >= MAX_SECTORS_PER_LEVEL:
        raise ActionError(f"level: {name} already has {MAX_SECTORS_PER_LEVEL} Level-{level} "
                          "Sectors, one per wing; allowed: a level with fewer than 3", "level")
    if args.get("free") and level != 1:
        raise ActionError("free: only Level-1 Sectors come free (Hubs B-6 to B-11, Sector 326); "
                          "allowed: level 1", "free")
    if number:
        _check_number(state, level, number)
    built[level - 1] += 1
    if args.get("free"):
        state.facts["free_sectors"][name] += 1
    if level == 3 and number:
        state.facts["level3"][name].append(number)
    total = sum(built)
    label = f" {number}" if number else ""
    free = " (free)" if args.get("free") else ""
    notes: Notes = [Note(f"{name} built a Level-{level} Sector{label}{free}: {total} of 9 on the "
                         "station", "level3_sectors" if level == 3 else "end_of_game")]
    if number in POINTS_WHEN_BUILT:
        marker = facts.marker(state, name)
        before = marker.points
        laps = marker.add(POINTS_WHEN_BUILT[number])
        notes.append(Note(f"Sector {number} scores {POINTS_WHEN_BUILT[number]} when built: "
                          f"{name} {before} -> {marker.points} points", "score_track"))
        notes += [Note(text, "score_track") for text in laps]
    if total == 9 and not facts.game_end(state).triggered:
        notes.append(_end_check_note(state, name, "has all 9 Sectors"))
    return notes


def return_sector(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Take a Sector off a station (Hub A-12 returns one; or a correction)."""
    name = facts.who(state, args.get("player"))
    level: int = args["level"]
    number: str | None = args.get("number")
    built = facts.sectors(state, name)
    if built[level - 1] == 0:
        raise ActionError(f"level: {name} has no Level-{level} Sector to return", "level")
    level3 = state.facts["level3"][name]
    if number and (level != 3 or number not in level3):
        listed = ", ".join(level3) or "none"
        raise ActionError(f"number: {number!r} is not on {name}'s list of Level-3 Sectors "
                          f"({listed})", "number")
    built[level - 1] -= 1
    if number:
        level3.remove(number)
    elif level == 3 and len(level3) > built[2]:
        level3.pop()
    free = state.facts["free_sectors"]
    free[name] = min(free[name], built[0])
    return [f"{name} returned a Level-{level} Sector: {sum(built)} of 9 on the station"]


def aliens_taken(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Aliens leave (or return to) the Home Planets board (spec §6 condition 3)."""
    count: int = args.get("count") or 0
    if count == 0:
        raise ActionError("count: give a whole number other than 0 (below 0: Aliens returned)",
                          "count")
    supply = facts.aliens(state)
    notes: Notes = list(supply.add(-count))
    verb = "taken from" if count > 0 else "returned to"
    notes.insert(0, f"{abs(count)} Aliens {verb} the supply: {supply.value} left on the "
                    "Home Planets board")
    if supply.value <= 4 and not facts.game_end(state).triggered:
        notes.append(Note(f"Only {supply.value} Aliens left on the Home Planets board: the end "
                          "is checked when the active player ends this turn (e)", "end_of_game"))
    return notes


# --- turns, the end check and the final round (spec §6) ----------------------------------------


def _ruling_needed(state: State, name: str, score: int) -> str | None:
    """The open ruling the end check depends on right now, if any (spec §10.14, §10.20)."""
    supplies, builts = facts.supply_counts(state), facts.built_counts(state, name)

    def fires(supply: int, built: int) -> bool:
        return bool(end_triggers(score=score, sectors_built=built, aliens_in_supply=supply))

    if any(fires(s, b) != fires(supplies[0], b) for s in supplies for b in builts):
        board, bag = facts.aliens(state).value, state.facts["aliens_in_bag"]
        return (f"{facts.RULINGS['bag Aliens count as supply'][1]}: {board} on the Home Planets "
                f"board, {bag} in the bag")
    if any(fires(s, b) != fires(s, builts[0]) for s in supplies for b in builts):
        free = state.facts["free_sectors"][name]
        return (f"{facts.RULINGS['free Sectors count as built'][1]}: {name} has "
                f"{sum(facts.sectors(state, name))} Sectors, {free} of them free")
    return None


def end_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """End the active player's own turn: the end check, or one final turn done."""
    current = facts.active(state)
    if current is None:
        raise ActionError("The game is over: k opens the score calculator", "action")
    end = facts.game_end(state)
    score = facts.marker(state, current).points
    if not end.triggered:
        needed = _ruling_needed(state, current, score)
        if needed:
            raise ActionError(f"Whether the game ends now depends on an open ruling. {needed}. "
                              "Decide it (ctrl+p: Decide an open ruling), then end the turn "
                              "again", "ruling")
    # Certain values only: the bag counted when it may be, free Sectors left out when they may be.
    after = end_of_turn(end, current, score=score,
                        sectors_built=min(facts.built_counts(state, current)),
                        aliens_in_supply=max(facts.supply_counts(state)))
    facts.save_game_end(state, after)
    state.facts["turns_ended"] = int(state.facts.get("turns_ended", 0)) + 1
    names = facts.players(state)
    notes: Notes
    if after.over:
        state.facts["active"] = None
        notes = [Note(f"{current}'s final turn is done. The game is over: final scoring. "
                      "k opens the score calculator with names and points", "scoring")]
    elif after.triggered and not end.triggered:
        state.facts["active"] = names.index(after.still_to_play[0])
        notes = [Note(f"{current} triggers the end: {'; '.join(after.reasons)}", "end_of_game"),
                 Note(f"Final round: {join_names(list(after.still_to_play))} take one more turn "
                      f"each; {current} takes none. {after.still_to_play[0]}'s turn",
                      "final_round")]
    elif after.triggered:
        state.facts["active"] = names.index(after.still_to_play[0])
        notes = [Note(f"{current}'s final turn is done. Still to play: "
                      f"{join_names(list(after.still_to_play))}", "final_round")]
    else:
        nxt = names[(names.index(current) + 1) % len(names)]
        state.facts["active"] = names.index(nxt)
        notes = [Note(f"End of {current}'s turn: no end condition. {nxt}'s turn", "end_of_game")]
    refresh_status(state)
    return notes


def set_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A hand correction: whose turn it is (before the end is triggered)."""
    state.facts["active"] = facts.players(state).index(args["player"])
    return [f"It is {args['player']}'s turn"]


def set_ruling(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The table decides a question the rulebook text leaves open (spec §10)."""
    key, question = facts.RULINGS[args["ruling"]]
    state.facts["rulings"][key] = args["answer"] == "yes"
    return [f"Ruling: {question} {args['answer']}"]


# --- setup ---------------------------------------------------------------------------------------


def setup_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Tick the next setup step (spec §2.2)."""
    steps = setup_steps(state)
    done = int(state.facts["setup_done"])
    if done >= len(steps):
        raise ActionError("Setup is already done", "action")
    state.facts["setup_done"] = done + 1
    refresh_status(state)
    if done + 1 < len(steps):
        return [Note(f"Next setup step: {steps[done + 1]}", "setup")]
    return [Note(f"Setup is done: {facts.players(state)[0]} starts", "setup")]


def setup_all(state: State, args: dict[str, Any], rng: Random) -> Notes:
    state.facts["setup_done"] = len(setup_steps(state))
    refresh_status(state)
    return [Note("Setup is done", "setup")]


def setup_open(state: State) -> bool:
    return int(state.facts["setup_done"]) < len(setup_steps(state))


def before_trigger(state: State) -> bool:
    return not facts.game_end(state).triggered
