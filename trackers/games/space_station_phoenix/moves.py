"""What each Space Station Phoenix action does: score changes, Sectors, Aliens, turns, setup.
Diplomacy and Income are in ``moves_diplomacy``, the station's effects in ``moves_station``,
the recorded result in ``final_scores``.

Each ``apply`` changes the state it is given and returns what the table must do now. The
end-of-game check runs at the end of the active player's own turn (spec space-station-phoenix
§6). GEMs and resources stay on the table: the app only says who takes what.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import effects, facts, moves_station
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.game_end import (
    END_SCORE,
    aliens,
    end_of_turn,
    end_triggers,
)
from trackers.games.space_station_phoenix.moves_diplomacy import ship_used
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.score_marker import points_text
from trackers.games.space_station_phoenix.station import LEVEL3_IDS, MAX_SECTORS_PER_LEVEL
from trackers.games.space_station_phoenix.view import setup_steps

Notes = list[Note | str]


def refresh_status(state: State) -> None:
    """``facts["status"]`` for the saved-games list."""
    end = facts.game_end(state)
    if end.over:
        winners = facts_of(state).get("final_winners")
        facts_of(state)["status"] = f"{join_names(list(winners))} won" if winners \
            else facts.STATUS_OVER
    elif end.triggered:
        facts_of(state)["status"] = facts.STATUS_FINAL
    elif facts_of(state).get("turns_ended") or int(facts_of(state)["setup_done"]) >= len(
        setup_steps(state)
    ):
        facts_of(state)["status"] = facts.STATUS_PLAYING
    else:
        facts_of(state)["status"] = facts.STATUS_SETUP


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


def _check_number(state: State, level: int, number: str, *, every_level: bool) -> None:
    """The number fits its level, and exists once. ``every_level`` adds the checks that came
    later (Level-1 and Level-2 numbers once, the first game's numbers): a record made before
    them replays as it was made."""
    if level == 3:
        if number not in LEVEL3_IDS:
            raise ActionError(f"number: {number!r} is not a Level-3 Sector; allowed: 301-308, "
                              "311-318 or 321-328", "number")
    elif not (len(number) == 3 and number.isdigit() and number[0] == str(level)):
        raise ActionError(f"number: {number!r} is not a Level-{level} Sector number; allowed: "
                          f"3 digits starting with {level} (e.g. {level}01), or leave it blank",
                          "number")
    if level == 3:
        for other in facts.players(state):
            if number in facts_of(state)["level3"][other]:
                raise ActionError(f"number: Sector {number} is already on {other}'s station; "
                                  "each Sector exists once", "number")
    if not every_level:
        return
    if facts_of(state)["options"].get("first_game") and number[-1] not in "1234":
        raise ActionError(f"number: the first game uses only Sectors whose number ends in 1 to "
                          f"4; {number} is not one of them", "number")
    for other in facts.players(state):  # every Sector number exists once, at every level
        if number in facts_of(state)["numbers"][other]:
            raise ActionError(f"number: Sector {number} is already on {other}'s station; "
                              "each Sector exists once", "number")


def _build_order_note(name: str, level: int, built: list[int], hub: str) -> Note | None:
    """A wing builds Level 1, then 2, then 3; only Hub A-9 lifts the order. Wings are not
    tracked by colour: so a reminder, never a refusal."""
    if level == 1 or built[level - 1] <= built[level - 2] or hub == "A-9":
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
    effects_on = bool(args.get("effects"))  # set when the table acts (see actions._ForWhom)
    if number:
        _check_number(state, level, number, every_level=effects_on)
    built[level - 1] += 1
    below = _build_order_note(name, level, built, facts.hub(state, name))
    if args.get("free"):
        facts_of(state)["free_sectors"][name] += 1
        if level == 1 and facts_of(state).get("free_sector_due") == name:
            facts_of(state)["free_sector_due"] = None  # Sector 326's free Sector, taken
    if level == 3 and number:
        facts_of(state)["level3"][name].append(number)
    if number:
        facts_of(state)["numbers"][name].append(number)
    total = sum(built)
    label = f" {number}" if number else ""
    free = " (free)" if args.get("free") else ""
    notes: Notes = [Note(f"{name} built a Level-{level} Sector{label}{free}: {total} of 9 on the "
                         "station", "level3_sectors" if level == 3 else "end_of_game")]
    if below:
        notes.append(below)
    if effects_on:
        notes += moves_station.built_effects(state, name, level, number,
                                             bool(args.get("free")), rng, ship_used)
    elif number in effects.POINTS_WHEN_BUILT:  # a record from before the other effects
        notes += moves_station.score(state, name, effects.POINTS_WHEN_BUILT[number],
                                     f"Sector {number} scores {effects.POINTS_WHEN_BUILT[number]} "
                                     "when built")
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
    level3, numbers = facts_of(state)["level3"][name], facts_of(state)["numbers"][name]
    on_level = [n for n in numbers if n[0] == str(level)]
    if number and number not in on_level:
        listed = ", ".join(on_level) or "none"
        raise ActionError(f"number: {number!r} is not on {name}'s list of Level-{level} "
                          f"Sectors ({listed})", "number")
    built[level - 1] -= 1
    if number:
        numbers.remove(number)  # back in the supply: it may be built again
        if level == 3:
            level3.remove(number)
    elif level == 3 and len(level3) > built[2]:
        numbers.remove(level3.pop())
    free = facts_of(state)["free_sectors"]
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
    notes.insert(0, f"{aliens(abs(count))} {verb} the supply: {supply.value} left on the "
                    "Home Planets board")
    if supply.value <= 4 and not facts.game_end(state).triggered:
        notes.append(Note(f"Only {aliens(supply.value)} left on the Home Planets board: the end "
                          "is checked when the active player ends this turn", "end_of_game"))
    return notes


# --- turns, the end check and the final round (spec §6) ----------------------------------------


def _ruling_needed(state: State, name: str, score: int) -> str | None:
    """The open ruling the end check depends on right now, if any (spec §10.14, §10.20)."""
    supplies, builts = facts.supply_counts(state), facts.built_counts(state, name)

    def fires(supply: int, built: int) -> bool:
        return bool(end_triggers(score=score, sectors_built=built, aliens_in_supply=supply))

    if any(fires(s, b) != fires(supplies[0], b) for s in supplies for b in builts):
        board, bag = facts.aliens(state).value, facts_of(state)["aliens_in_bag"]
        return (f"{facts.RULINGS['bag Aliens count as supply'][1]} ({board} on the Home "
                f"Planets board, {bag} in the bag)")
    if any(fires(s, b) != fires(s, builts[0]) for s in supplies for b in builts):
        free = facts_of(state)["free_sectors"][name]
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
    due = facts_of(state).get("extra_turn")
    forfeit: Notes = []
    if due and due["player"] == current:
        # Sectors 301/323 (and 208): the additional turn comes before the next player's. Does
        # the end check run before it? The rulebook does not say (a ruling): asked only when
        # the check would end the game now.
        fires = not end.triggered and bool(end_triggers(
            score=score, sectors_built=min(facts.built_counts(state, current)),
            aliens_in_supply=max(facts.supply_counts(state))))
        first = facts.ruling(state, "extra_turn_check")
        if fires and first is None:
            raise ActionError("Whether the game ends now depends on an open ruling. "
                              f"{facts.RULINGS[EXTRA_TURN_RULING][1]} ({current} has an "
                              f"additional turn from {due['why']} and meets an end condition) "
                              "Decide it with 'Decide an open ruling', then end the turn again",
                              "ruling")
        facts_of(state)["extra_turn"] = None
        if not (fires and first):
            facts_of(state)["turns_ended"] = int(facts_of(state).get("turns_ended", 0)) + 1
            refresh_status(state)
            return [Note(f"{current} takes the additional turn now ({due['why']}); the end "
                         f"check runs when it ends. Still {current}'s turn", "end_of_game")]
        forfeit = [Note(f"The end check came first (the table's ruling): {current}'s "
                        f"additional turn ({due['why']}) is not taken", "end_of_game")]
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
    facts_of(state)["turns_ended"] = int(facts_of(state).get("turns_ended", 0)) + 1
    names = facts.players(state)
    notes: Notes
    if after.over:
        facts_of(state)["active"] = None
        notes = [Note(f"{current}'s final turn is done. The game is over: final scoring, with "
                      "the score calculator (names and points come filled in)", "scoring")]
    elif after.triggered and not end.triggered:
        notes = forfeit
        facts_of(state)["active"] = names.index(after.still_to_play[0])
        reasons = "; ".join(after.reasons)
        notes += [Note(f"{current} triggers the end: {reasons}", "end_of_game",
                       key_moment=f"{current} triggered the end: {reasons}"),
                  Note(f"Final round: {join_names(list(after.still_to_play))} take one more "
                       f"turn each; {current} takes none. {after.still_to_play[0]}'s turn",
                       "final_round")]
    elif after.triggered:
        facts_of(state)["active"] = names.index(after.still_to_play[0])
        notes = [Note(f"{current}'s final turn is done. Still to play: "
                      f"{join_names(list(after.still_to_play))}", "final_round")]
    else:
        nxt = names[(names.index(current) + 1) % len(names)]
        facts_of(state)["active"] = names.index(nxt)
        notes = [Note(f"End of {current}'s turn: no end condition. {nxt}'s turn", "end_of_game")]
    refresh_status(state)
    return notes


EXTRA_TURN_RULING = "end check before an additional turn"


def why_not_end_turn(state: State) -> str | None:
    due = facts_of(state).get("free_sector_due")
    if due:
        return (f"Sector 326's free Level-1 Sector for {due} is not settled: take it, or say "
                "there is none (ctrl+p: Sector 326's free Sector)")
    return None


def set_turn(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A hand correction: whose turn it is (before the end is triggered)."""
    facts_of(state)["active"] = facts.players(state).index(args["player"])
    return [f"It is {args['player']}'s turn"]


def set_ruling(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The table decides a question the rulebook text leaves open (spec §10)."""
    key, question = facts.RULINGS[args["ruling"]]
    facts_of(state)["rulings"][key] = args["answer"] == "yes"
    return [f"Ruling: {question} {args['answer']}"]


# --- setup ---------------------------------------------------------------------------------------


def setup_step(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Tick the next setup step (spec §2.2)."""
    steps = setup_steps(state)
    done = int(facts_of(state)["setup_done"])
    if done >= len(steps):
        raise ActionError("Setup is already done", "action")
    facts_of(state)["setup_done"] = done + 1
    refresh_status(state)
    notes = _hubs_missing(state) if "j records" in steps[done] else []
    if done + 1 < len(steps):
        return [*notes, Note(f"Next setup step: {steps[done + 1]}", "setup")]
    return [*notes, Note(f"Setup is done: {facts.players(state)[0]} starts", "setup")]


def _hubs_missing(state: State) -> Notes:
    missing = [n for n in facts.players(state) if not facts.hub(state, n)]
    if not missing:
        return []
    return [Note(f"Hub not recorded yet for {join_names(missing)}: j records it, so the score "
                 "calculator has it", "station_hub")]


def setup_all(state: State, args: dict[str, Any], rng: Random) -> Notes:
    facts_of(state)["setup_done"] = len(setup_steps(state))
    refresh_status(state)
    return [*_hubs_missing(state), Note("Setup is done", "setup")]


def setup_open(state: State) -> bool:
    return int(facts_of(state)["setup_done"]) < len(setup_steps(state))


def setup_done_why(state: State) -> str | None:
    """Why a setup step cannot be marked: the checklist is already done; what to do instead
    (the screen adds the key of the action named in quotes)."""
    if setup_open(state):
        return None
    current = facts.active(state)
    whose = f"{current}'s turn is on" if current is not None else "play is on"
    return (f"every setup step is already done and {whose}: 'End the turn' ends a turn "
            "(undo takes a step back into the setup)")


def before_trigger(state: State) -> bool:
    return not facts.game_end(state).triggered


def why_not_set_turn(state: State) -> str | None:
    """Why the turn cannot be set by hand: the end is triggered; what goes on instead."""
    if before_trigger(state):
        return None
    return ("the end is triggered: everyone else takes one more turn, clockwise, each ended "
            "with 'End the turn'")


def settle_326(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Sector 326's free Level-1 Sector: taken (its number if known), or none."""
    name = facts_of(state)["free_sector_due"]
    if args.get("none"):
        facts_of(state)["free_sector_due"] = None
        return [Note(f"Sector 326: {name} takes no free Sector (a Level-1 Sector of each "
                     "colour already)", "level3_sectors")]
    return build_sector(state, {"player": name, "level": 1, "number": args.get("number"),
                                "free": True, "effects": True}, rng)
