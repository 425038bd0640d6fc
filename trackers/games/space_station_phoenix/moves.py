"""What each Space Station Phoenix action does: score changes, Sectors, Aliens, turns, setup,
Diplomacy tokens and bonuses (spec §4), the Income check (spec §5.1).

Each ``apply`` changes the state it is given and returns what the table must do now. The
end-of-game check runs at the end of the active player's own turn (spec space-station-phoenix
§6). GEMs and resources stay on the table: the app only says who takes what.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.diplomacy import (
    TOP_LEVEL,
    diplomacy_awards,
    track_for_ship,
)
from trackers.games.space_station_phoenix.game_end import END_SCORE, end_of_turn, end_triggers
from trackers.games.space_station_phoenix.income import income_check
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.score_marker import points_text
from trackers.games.space_station_phoenix.station import LEVEL3_IDS, MAX_SECTORS_PER_LEVEL
from trackers.games.space_station_phoenix.view import setup_steps

Notes = list[Note | str]

# spec §3.6: Level-3 Sectors that score in-game points when built.
POINTS_WHEN_BUILT: dict[str, int] = {"302": 5, "313": 5, "317": 10}


def refresh_status(state: State) -> None:
    """``facts["status"]`` for the saved-games list."""
    end = facts.game_end(state)
    if end.over:
        winners = state.facts.get("final_winners")
        state.facts["status"] = f"{join_names(list(winners))} won" if winners \
            else facts.STATUS_OVER
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
        return Note(f"{name} {why}: the end is checked when {name} ends this turn",
                    "end_of_game")
    return Note(f"{name} {why} during {current}'s turn: nothing triggers now; the check runs at "
                f"the end of {name}'s own turn (rulebook: Check for Game End)", "end_of_game")


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
    notes: Notes = [Note(f"{name}: {before} -> {points_text(marker.points)}", "score_track")]
    notes += [Note(text, "score_track") for text in laps]
    if marker.points < 0 <= before:
        notes.append(Note(f"{name} is below 0 (Hub A-12 allows it); how the track shows it is "
                          "the table's call: the rulebook does not say", "score_track"))
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


def _build_order_note(name: str, level: int, built: list[int]) -> Note | None:
    """A wing builds Level 1, then 2, then 3; only Hub A-9 lifts the order, and the session
    does not know the Hub: so a reminder, never a refusal."""
    if level == 1 or built[level - 1] <= built[level - 2]:
        return None
    return Note(f"{name} now has more Level-{level} than Level-{level - 1} Sectors: a wing "
                f"builds Level {level - 1} before Level {level} unless the Hub is A-9 (rulebook: "
                "Station Construction Rules). If this was a slip, undo it", "level3_sectors")


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
    below = _build_order_note(name, level, built)
    if args.get("free"):
        state.facts["free_sectors"][name] += 1
    if level == 3 and number:
        state.facts["level3"][name].append(number)
    total = sum(built)
    label = f" {number}" if number else ""
    free = " (free)" if args.get("free") else ""
    notes: Notes = [Note(f"{name} built a Level-{level} Sector{label}{free}: {total} of 9 on the "
                         "station", "level3_sectors" if level == 3 else "end_of_game")]
    if below:
        notes.append(below)
    if number in POINTS_WHEN_BUILT:
        marker = facts.marker(state, name)
        before = marker.points
        laps = marker.add(POINTS_WHEN_BUILT[number])
        notes.append(Note(f"Sector {number} scores {POINTS_WHEN_BUILT[number]} when built: "
                          f"{name} {before} -> {points_text(marker.points)}", "score_track"))
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
                          "is checked when the active player ends this turn", "end_of_game"))
    return notes


# --- turns, the end check and the final round (spec §6) ----------------------------------------


def _ruling_needed(state: State, name: str, score: int) -> str | None:
    """The open ruling the end check depends on right now, if any (spec §10.14, §10.20)."""
    supplies, builts = facts.supply_counts(state), facts.built_counts(state, name)

    def fires(supply: int, built: int) -> bool:
        return bool(end_triggers(score=score, sectors_built=built, aliens_in_supply=supply))

    if any(fires(s, b) != fires(supplies[0], b) for s in supplies for b in builts):
        board, bag = facts.aliens(state).value, state.facts["aliens_in_bag"]
        return (f"{facts.RULINGS['bag Aliens count as supply'][1]} ({board} on the Home "
                f"Planets board, {bag} in the bag)")
    if any(fires(s, b) != fires(s, builts[0]) for s in supplies for b in builts):
        free = state.facts["free_sectors"][name]
        return (f"{facts.RULINGS['free Sectors count as built'][1]} ({name} has "
                f"{sum(facts.sectors(state, name))} Sectors, {free} of them free)")
    return None


def end_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """End the active player's own turn: the end check, or one final turn done."""
    current = facts.active(state)
    if current is None:
        raise ActionError("The game is over: final scoring is next, in the score calculator",
                          "action")
    end = facts.game_end(state)
    score = facts.marker(state, current).points
    if not end.triggered:
        needed = _ruling_needed(state, current, score)
        if needed:
            raise ActionError(f"Whether the game ends now depends on an open ruling. {needed} "
                              "Decide it with 'Decide an open ruling', then end the turn "
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
        notes = [Note(f"{current}'s final turn is done. The game is over: final scoring, with "
                      "the score calculator (names and points come filled in)", "scoring")]
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


# --- Diplomacy and Income ------------------------------------------------------------------

# spec §3.1 / §4.1: the ship types a player can use.
SHIP_TYPES: tuple[str, ...] = (
    "Dismantle", "Construction", "Transport", "Terran Expedition", "Diplomacy", "Farm",
    "Ice Collector",
)


def _token_moves(level: int) -> str:
    """The steps a token on ``level`` may move: "1 to 5", "-5 to -1", "-2 to -1 or 1 to 3"."""
    back = f"-{level} to -1" if level > 1 else "-1" if level == 1 else ""
    up = f"1 to {TOP_LEVEL - level}" if level < TOP_LEVEL - 1 else \
        "1" if level == TOP_LEVEL - 1 else ""
    return " or ".join(part for part in (back, up) if part)


def move_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Move a Diplomacy token up (or back, to correct) on one track (spec §4.2)."""
    name = facts.who(state, args.get("player"))
    track: str = args["track"].lower()
    steps: int = 1 if args.get("steps") is None else args["steps"]
    old = state.facts["diplomacy"][name][track]
    new = old + steps
    label = facts.TRACK_LABELS[track]
    if steps == 0 or not 0 <= new <= TOP_LEVEL:
        raise ActionError(f"steps: {name}'s {label} token is on L{old}; allowed: "
                          f"{_token_moves(old)} (the track runs L0 to L5)", "steps")
    state.facts["diplomacy"][name][track] = new
    notes: Notes = [Note(f"{name}'s {label} token: L{old} -> L{new}", "diplomacy")]
    if steps > 0:
        notes.append(Note("Pay the lobbying cost printed on each space moved onto (read it on "
                          "the board; the rulebook text does not give it). Advances at setup "
                          "give no bonus", "diplomacy"))
    return notes


def _seat_order_from_active(state: State) -> list[str]:
    names = facts.players(state)
    current = facts.active(state)
    start = names.index(current) if current else 0
    return names[start:] + names[:start]


def ship_used(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Who takes which Diplomacy bonus after a real ship use (spec §4.1, §4.3)."""
    ship: str = args["ship"]
    track = track_for_ship(ship)
    if track is None:
        return [Note(f"A {ship} ship triggers no Diplomacy track: no bonuses", "diplomacy")]
    label = facts.TRACK_LABELS[track]
    levels = facts.levels(state, track)
    awards = {a.player: a for a in diplomacy_awards(levels)}
    notes: Notes = [Note(f"{ship} ship used: {label} track bonuses, paid after the whole action "
                         "(its bonus actions too); they cannot pay for it", "diplomacy")]
    takers = [awards[name] for name in _seat_order_from_active(state) if awards[name].picks]
    if not takers:
        notes.append(Note(f"Every {label} token is on L0: nobody takes a bonus", "diplomacy"))
        return notes
    for award in takers:
        notes.append(Note(f"{award.player}: {award.why}", "diplomacy"))
    rest = [name for name in facts.players(state) if not awards[name].picks]
    if rest:
        notes.append(Note(f"On L0, no bonus: {', '.join(rest)}", "diplomacy"))
    if any(2 in a.options for a in takers):
        notes.append(Note("Whoever takes the 1 point adds it to their score (Add or take away "
                          "points)", "score_track"))
    if any(3 in a.options for a in takers):
        notes.append(Note(f"1 resource: the {label} track's L3 space shows which (the rulebook "
                          "text does not give it)", "diplomacy"))
    return notes


def check_income(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """May (or must) this player take Income? (spec §5.1)"""
    name = facts.who(state, args.get("player"))
    result = income_check(gems=args["gems"], own_ships_used=args.get("own_ships_used") or 0,
                          has_legal_ship_action=not args.get("no_ship_to_use"))
    notes: Notes = [Note(f"{name} {result.summary()}", "income")]
    if result.eligible:
        notes.append(Note("Income: reset (Action marker home, Neutral Ship marker home, GEMs on "
                          "own ships to the supply), collect Hub income and occupied income "
                          "icons, relocate residents if wanted (1 GEM each); then end the turn",
                          "income"))
    return notes


# --- the result ---------------------------------------------------------------------------


def record_final_scores(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Keep the totals the table settled with the score calculator as the game's result.

    ``scores`` is "Anna=142, Beth=141, Connor=159" (every player once); ``winners`` names the
    winners when the tie-breaks decided it (most Aliens, then most Humans); otherwise the
    highest total wins.
    """
    names = facts.players(state)
    totals: dict[str, int] = {}
    for part in str(args["scores"]).split(","):
        name, _, points = part.partition("=")
        name = name.strip()
        if name not in names:
            raise ActionError(f"scores: {name or part.strip()!r} is not a player; give each of "
                              f"{', '.join(names)} once, as Name=points", "scores")
        number = points.strip().lstrip("+-")
        if not number.isdigit() or len(number) > 4:
            raise ActionError(f"scores: {name}'s total {points.strip()!r} is not a whole number",
                              "scores")
        totals[name] = int(points.strip())
    missing = [n for n in names if n not in totals]
    if missing:
        raise ActionError(f"scores: give a total for {', '.join(missing)} too", "scores")
    best = max(totals.values())
    winners = [w.strip() for w in str(args.get("winners") or "").split(",") if w.strip()]
    if any(w not in names for w in winners):
        raise ActionError(f"winners: name players of this game ({', '.join(names)})", "winners")
    winners = winners or [n for n, v in totals.items() if v == best]
    state.facts["final_scores"] = totals
    state.facts["final_winners"] = winners
    refresh_status(state)
    shown = ", ".join(f"{n} {v}" for n, v in totals.items())
    return [Note(f"Final scores recorded: {shown}. Winner: {join_names(winners)}",
                 "end_of_game")]
