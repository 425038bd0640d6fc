"""What the station says aloud: the final round when the end is triggered, and whose turn is
the last (rulebook: End of the Game). Scores are not read out: the markers show them.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackers.engine import State
from trackers.engine.announce import Announcer
from trackers.games.space_station_phoenix.facts import facts_of, game_end


def announce(before: State, after: State, _action: str) -> Sequence[str]:
    """"Final round." when the end is triggered; the last player's name when their final turn
    comes; the end once every final turn is done."""
    if "game_end" not in facts_of(after) or "game_end" not in facts_of(before):
        return []
    was, now = game_end(before), game_end(after)
    said = []
    if now.triggered and not was.triggered:
        said.append(f"Final round. {now.trigger} triggered the end.")
    if len(now.still_to_play) == 1 and len(was.still_to_play) != 1:
        said.append(f"Last turn: {now.still_to_play[0]}.")
    elif now.still_to_play and not was.still_to_play and len(now.still_to_play) > 1:
        said.append(f"Last turn goes to {now.still_to_play[-1]}.")
    if now.over and not was.over:
        said.append("Game over. Final scoring.")
    return said


ANNOUNCER = Announcer(announce)
