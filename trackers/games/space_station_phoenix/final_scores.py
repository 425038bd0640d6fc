"""The game's result: the totals settled with the score calculator (spec §7), each
player's points by category, and where each score marker ends.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.moves import refresh_status
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.score_marker import reading

Notes = list[Note | str]

# --- the result ---------------------------------------------------------------------------


def not_scoring_yet(state: State) -> str | None:
    """The final scores come once the final round is played out (rulebook: Game End)."""
    end = facts.game_end(state)
    if end.over:
        return None
    if not end.triggered:
        return ("the game end has not been triggered: it is checked at the end of each "
                "player's own turn (End the turn)")
    return (f"the final round is still on: {', '.join(end.still_to_play)} to play "
            "(End the turn after each)")


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
    parts = _breakdown(str(args.get("breakdown") or ""), totals)
    facts_of(state)["final_scores"] = totals
    facts_of(state)["final_winners"] = winners
    # Final scoring moves each marker on from its in-game points (rulebook: Game End
    # Scoring); the in-game points stay known for the calculator.
    if "in_game_points" not in facts_of(state):  # a second record corrects the first
        facts_of(state)["in_game_points"] = {n: facts.marker(state, n).points for n in names}
    notes: Notes = []
    for name in names:
        marker = facts.marker(state, name)
        marker.points = totals[name]
        where = reading(totals[name], marker.lap_size)
        how = (": " + ", ".join(f"{label} {points}" for label, points in
                                zip(BREAKDOWN_LABELS, parts[name], strict=True))
               if name in parts else "")
        notes.append(Note(f"{name} {totals[name]}{how}; marker ends at {where}", "scoring",
                          key_moment=f"Final score: {name} {totals[name]}{how}; marker "
                                     f"at {where}"))
    refresh_status(state)
    shown = ", ".join(f"{n} {v}" for n, v in totals.items())
    return [Note(f"Final scores recorded: {shown}. Winner: {join_names(winners)}",
                 "end_of_game"), *notes]


# The categories a recorded breakdown gives, in the score sheet's order (spec §7.2).
BREAKDOWN_LABELS = ("in-game", "Sectors", "residents", "pluralities", "endgame bonuses",
                    "leftovers")


def _breakdown(text: str, totals: dict[str, int]) -> dict[str, list[int]]:
    """"Ann=1/44/50/32/14/1, Bo=..." -> points by category, each adding up to the total."""
    out: dict[str, list[int]] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, values = part.partition("=")
        name = name.strip()
        numbers = [v.strip() for v in values.split("/")]
        if name not in totals:
            raise ActionError(f"breakdown: {name!r} is not a player", "breakdown")
        if len(numbers) != len(BREAKDOWN_LABELS) or not all(
                n.lstrip("+-").isdigit() and len(n) <= 5 for n in numbers):
            raise ActionError(f"breakdown: {name}'s points give {len(BREAKDOWN_LABELS)} whole "
                              "numbers split by / (in-game/Sectors/residents/pluralities/"
                              "endgame bonuses/leftovers)", "breakdown")
        points = [int(n) for n in numbers]
        if sum(points) != totals[name]:
            raise ActionError(f"breakdown: {name}'s points add up to {sum(points)}, not the "
                              f"total {totals[name]}", "breakdown")
        out[name] = points
    return out
