"""What a Space Station Phoenix session shows besides its pieces: the setup checklist and panels.

Setup numbers come from ``setup_counts`` (spec space-station-phoenix §2.1, §2.2); the turn and
final-round panels follow spec §6; Diplomacy levels spec §4.
"""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.diplomacy import TRACKS
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.game_end import (
    ALIENS_IN_SUPPLY_AT_MOST,
    ALL_SECTORS,
    END_SCORE,
    end_triggers,
)
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.setup_counts import FIRST_GAME_SETS, setup_for


def setup_steps(state: State) -> list[str]:
    """The setup for this player count and the session's options, in the order that matters.

    spec §2.1 (numbers), §2.2 (order), §2.3 (first game).
    """
    options = facts_of(state)["options"]
    names = facts.players(state)
    counts = setup_for(len(names))
    per_stack, on_display = counts.sectors_per_stack, counts.sectors_on_display
    if options.get("friendly_display"):
        per_stack = counts.friendly_sectors_per_stack
        on_display = counts.friendly_sectors_on_display
    first_game = bool(options.get("first_game"))
    sector_note = " (first game: only numbers ending in 1 to 4)" if first_game else ""
    steps = [
        f"Place {counts.humans_on_terra} Humans on Terra",
        f"Draw {counts.aliens_drawn} Aliens from the bag onto the Home Planets board "
        f"({counts.aliens_left_in_bag} stay in the bag)",
        "Score markers on 0; every Diplomacy token on L0 of its track",
        "Supply: Terran Expedition dice, food, water, metal, GEMs",
        f"Sector display: {per_stack} from each colour-and-level stack, {on_display} in all"
        + sector_note,
        "Each player: board, Neutral Ship and Action markers, 2 lap tokens, reference tile, "
        "the 5 Level-1 ships of their colour",
        f"{names[0]} starts; play goes clockwise: {', '.join(names)}",
    ]

    def order(seats: tuple[int, ...]) -> str:
        return ", ".join(names[s - 1] for s in seats)

    hubs = facts_of(state).get("hubs") or {}
    kept = ", ".join(f"{n} {hubs.get(n) or '?'}" for n in names)
    if first_game:
        ships = {hub: f"Level-3 {level3}, Level-2 {level2}"
                 for hub, level3, level2 in FIRST_GAME_SETS}
        dealt = "; ".join(f"{n}: {hubs[n]} ({ships[hubs[n]]})" for n in names
                          if hubs.get(n) in ships)
        steps += [
            "First game: the app dealt the 4 fixed Hub-and-ship sets at random (no Hub deal, "
            f"no draft; j corrects a Hub). {dealt}",
            "Apply each Hub's back (Diplomacy advances at setup give no bonus); attach it. "
            "B-2 skips its +3/-1 ship bonus and takes the Level-2 Transport and Dismantle "
            "ships instead",
        ]
    else:
        pool = "all 24 Hubs" if options.get("advanced_hubs") else "Hubs B-1 to B-12"
        steps += [
            f"Deal 2 Hubs to each player ({counts.hubs_dealt}) from {pool}",
            f"Level-3 draft: {counts.level3_draft_ships} ships face up; picks: "
            f"{order(counts.level3_draft_order)}",
            f"Level-2 draft: {counts.level2_draft_ships} ships face up; picks: "
            f"{order(counts.level2_draft_order)}; the leftover ship goes back to the box",
            "In turn order each keeps 1 Hub and applies its back (Diplomacy advances at setup "
            f"give no bonus); attach it. j records each Hub kept: {kept}",
        ]
    paid = [f"{names[i]} {gems}" for i, gems in enumerate(counts.compensation_gems) if gems]
    steps.append(f"Compensation GEMs: {', '.join(paid)} ({names[0]} gets none)")
    return steps


def checklist(state: State) -> list[tuple[str, bool]]:
    """The setup steps, ticked one by one; empty once setup is done."""
    steps = setup_steps(state)
    done = int(facts_of(state)["setup_done"])
    if done >= len(steps):
        return []
    return [(step, i < done) for i, step in enumerate(steps)]


def _turn_panel(state: State) -> Panel:
    end = facts.game_end(state)
    current = facts.active(state)
    if current is None:
        return Panel("Game over", (
            f"Final round done ({end.trigger} triggered the end).",
            "Final scoring: k opens the score calculator with names and points.",
        ), "scoring")
    names = facts.players(state)
    seat = names.index(current) + 1
    points = facts.marker(state, current).points
    built = sum(facts.sectors(state, current))
    supply = facts.aliens(state).value
    lines = [f"{current}'s turn (seat {seat} of {len(names)})"]
    due = facts_of(state).get("extra_turn")
    if due:
        lines.append(f"Next: {due['player']}'s additional turn ({due['why']}), before the next "
                     "player")
    owed = facts_of(state).get("free_sector_due")
    if owed:
        lines.append(f"Sector 326: {owed}'s free Level-1 Sector (ctrl+p: Sector 326's free "
                     "Sector)")
    if end.triggered:
        lines.append("Final turn: the end is already triggered, so no check")
    else:
        lines += [
            f"End check when {current} ends the turn (e):",
            f"  points {points} (end at {END_SCORE}), Sectors {built} of {ALL_SECTORS}, "
            f"Aliens in the supply {supply} (end at {ALIENS_IN_SUPPLY_AT_MOST} or fewer)",
        ]
    return Panel("Turn", tuple(lines), "end_of_game")


def _final_round_panel(state: State) -> Panel | None:
    end = facts.game_end(state)
    if not end.triggered:
        return None
    lines = [f"Triggered by {end.trigger}: {'; '.join(end.reasons)}"]
    if end.still_to_play:
        lines.append(f"Still to play, one turn each: {join_names(list(end.still_to_play))}")
    else:
        lines.append("Everyone else has played: final scoring")
    lines.append(f"{end.trigger} takes no more turns")
    return Panel("Final round", tuple(lines), "final_round")


# The stations sit in a side 28 columns wide at 80x24: a name longer than this is cut there
# (with an ellipsis; the tracks above give it whole), so each player's row stays one line.
STATION_NAME = 8


def _station_names(state: State) -> list[str]:
    return [name if len(name) <= STATION_NAME else name[:STATION_NAME - 1] + "\u2026"
            for name in facts.players(state)]


def _diplomacy_panel(state: State) -> Panel:
    names = facts.players(state)
    shown = _station_names(state)
    width = max(len(n) for n in shown)
    head = " " * width + " " + " ".join(facts.TRACK_LABELS[t][:4] for t in TRACKS)
    rows = [
        (f"{short:<{width}} "
         + " ".join(f"L{facts_of(state)['diplomacy'][name][t]:<3}" for t in TRACKS)).rstrip()
        for name, short in zip(names, shown, strict=True)
    ]
    return Panel("Diplomacy levels", (head, *rows), "diplomacy")


def _sectors_panel(state: State) -> Panel:
    names = facts.players(state)
    shown = _station_names(state)
    width = max(len(n) for n in shown)
    lines = []
    for name, short in zip(names, shown, strict=True):
        n1, n2, n3 = facts.sectors(state, name)
        free = int(facts_of(state)["free_sectors"][name])
        extra = f", {free} free" if free else ""
        numbers = facts_of(state)["level3"][name]
        level3 = f"; L3: {', '.join(numbers)}" if numbers else ""
        hub = facts.hub(state, name) or "?"
        lines.append(f"{short:<{width}} {hub:<4} {n1 + n2 + n3} of 9 ({n1}/{n2}/{n3}{extra})"
                     f"{level3}")
    if not all(facts.hub(state, name) for name in names):  # "?" says what to do
        lines.append("? = Hub not recorded: j")
    return Panel("Hub, Sectors (Level 1/2/3)", tuple(lines), "level3_sectors")


def _rulings_panel(state: State) -> Panel | None:
    """Open rulings, shown once they could decide the end check (spec §10.14, §10.20)."""
    lines = []
    board, bag = facts.aliens(state).value, int(facts_of(state)["aliens_in_bag"])
    if facts.ruling(state, "bag_aliens_count") is None and board <= 4 < board + bag:
        lines.append(f"{facts.RULINGS['bag Aliens count as supply'][1]} unset: "
                     f"{board} on the board, {bag} in the bag")
    if facts.ruling(state, "free_sectors_count") is None:
        for name in facts.players(state):
            if sum(facts.sectors(state, name)) == 9 and facts_of(state)["free_sectors"][name]:
                lines.append(f"{facts.RULINGS['free Sectors count as built'][1]} unset: "
                             f"{name} has 9, some free")
    due, current = facts_of(state).get("extra_turn"), facts.active(state)
    if (due and current is not None and due["player"] == current
            and facts.ruling(state, "extra_turn_check") is None
            and not facts.game_end(state).triggered
            and end_triggers(score=facts.marker(state, current).points,
                             sectors_built=sum(facts.sectors(state, current)),
                             aliens_in_supply=facts.aliens(state).value)):
        lines.append(f"End check before an additional turn unset: {current} meets an end "
                     f"condition and has one ({due['why']})")
    if not lines:
        return None
    return Panel("Open rulings (ctrl+p: Decide an open ruling)", tuple(lines), "end_of_game")


def panels(state: State) -> list[Panel]:
    """What the table does now: the final round, the turn and open rulings.

    While setup is under way (no turn ended yet), the checklist has the screen to itself.
    The stations (Sectors, Diplomacy levels) are ``station_panels``: the game screen keeps
    them beside the tracks, where they stay in sight at 80x24.
    """
    if facts_of(state).get("status") == facts.STATUS_SETUP:
        return []
    found = [_final_round_panel(state), _turn_panel(state), _rulings_panel(state)]
    return [panel for panel in found if panel is not None]


def station_panels(state: State) -> list[Panel]:
    """Every player's Sectors and Diplomacy levels, one line each in the 28 columns of the
    side at 80x24 (the extras of a row, free and Level-3 Sectors, may take a second)."""
    return [_sectors_panel(state), _diplomacy_panel(state)]


def banner(state: State) -> list[str]:
    """One line kept above the tracks: whose turn, the final round's players still to play,
    or game over (spec §6)."""
    end = facts.game_end(state)
    current = facts.active(state)
    if facts_of(state).get("status") == facts.STATUS_SETUP and current is not None:
        return [f"Setting up: n ticks the next step of the checklist; {current} starts"]
    if current is None and facts_of(state).get("final_winners"):
        winners = join_names(list(facts_of(state)["final_winners"]))
        return [f"Game over: {winners} won. ctrl+r opens the game report"]
    if current is None:
        return [f"Game over ({end.trigger} triggered the end): k opens the score calculator"]
    if end.triggered:
        rest = list(end.still_to_play[1:])
        then = f"then {join_names(rest)}" if rest else "then final scoring"
        return [f"FINAL ROUND ({end.trigger} triggered it): {current}'s last turn, {then}"]
    return [f"{current}'s turn: e ends it and runs the end-of-game check"]
