"""Space Station Phoenix score track with laps (spec space-station-phoenix §1, §3.6, §10.13).

Each player has two double-sided lap tokens, 50/100 and 150/200 (spec §1). The track length is
not in the rulebook text (spec §10.13): ``lap_size`` is the table's setting and has no default.
How a score below 0 is shown (A-12 allows it) is also open, so it is reported, not drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

# spec §1: each colour has one 50/100 token and one 150/200 token.
LAP_TOKENS: tuple[int, ...] = (50, 100, 150, 200)
LAP_TOKEN_TILES: dict[int, str] = {50: "50/100", 100: "50/100", 150: "150/200", 200: "150/200"}


@dataclass(frozen=True)
class TrackPosition:
    """Where a running total sits: the space on the track and the lap token beside the marker."""

    total: int
    space: int | None  # None when the total is below 0 (how to show it is unset)
    laps: int
    lap_token: int | None  # the printed token value to show; None for no laps or past the tokens
    token_tile: str | None  # which double-sided tile ("50/100" or "150/200") shows that value
    note: str


def _check_lap_size(lap_size: int) -> None:
    if isinstance(lap_size, bool) or not isinstance(lap_size, int) or lap_size <= 0:
        raise ValueError(
            f"lap_size: {lap_size!r}; allowed: a whole number of spaces, 1 or more "
            "(the rulebook does not give the track's length: count it on your board)"
        )


def track_position(total: int, lap_size: int) -> TrackPosition:
    """Space and lap token for a total, on a track of ``lap_size`` spaces (spec §3.6)."""
    _check_lap_size(lap_size)
    if total < 0:
        return TrackPosition(
            total, None, 0, None, None,
            f"{total} is below 0; how the track shows it is the table's call (the rulebook "
            "does not say)",
        )
    laps, space = divmod(total, lap_size)
    lap_points = laps * lap_size
    if laps == 0:
        return TrackPosition(total, space, 0, None, None, f"space {space}, no lap token")
    if lap_points in LAP_TOKENS:
        tile = LAP_TOKEN_TILES[lap_points]
        note = f"space {space} with the {lap_points} lap token ({tile} tile): {total}"
        return TrackPosition(total, space, laps, lap_points, tile, note)
    note = (
        f"space {space} after {laps} laps ({lap_points} points): no printed lap token "
        f"shows {lap_points}; note it by hand"
    )
    return TrackPosition(total, space, laps, None, None, note)


def lap_note(before: int, after: int, lap_size: int) -> str | None:
    """What the player does with lap tokens when their total moves; None when nothing changes."""
    old, new = track_position(before, lap_size), track_position(after, lap_size)
    if (old.laps, old.lap_token) == (new.laps, new.lap_token) and (before < 0) == (after < 0):
        return None
    if new.total < 0:
        return new.note
    if new.lap_token is not None:
        verb = "laps the board" if new.laps > old.laps else "drops back"
        return f"{verb}: show the {new.lap_token} lap token ({new.token_tile} tile)"
    if new.laps == 0:
        return "back below one lap: put the lap token away"
    return new.note
