"""Space Station Phoenix on the session engine: score track with laps, end check, final round.

The session keeps one score marker per player, the Aliens left in the supply, Sectors built,
Diplomacy levels and whose turn it is; the end-of-game check runs when the active player ends
their own turn. When the game is over, ``facts.score_sheet`` prefills the score calculator,
and the totals the table records from it are the game's result.
"""

from __future__ import annotations

from trackers.engine import Game, Option, State
from trackers.engine.game import EndRecord
from trackers.games.space_station_phoenix import INFO, facts
from trackers.games.space_station_phoenix.actions import ACTIONS
from trackers.games.space_station_phoenix.announcements import ANNOUNCER
from trackers.games.space_station_phoenix.board import (
    BOARD_DEFAULTS,
    BOARD_DEFAULTS_NOTE,
    BOARD_VALUES,
    LAP_SIZE,
    board_changed,
)
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.setup import setup
from trackers.games.space_station_phoenix.view import banner, checklist, panels


def end(state: State) -> EndRecord | None:
    """Once the final round is done: the recorded final scores (or the score track's)."""
    over = facts.game_end(state)
    if not over.over:
        return None
    final = facts_of(state).get("final_scores")
    summary = f"{over.trigger} triggered the end: {'; '.join(over.reasons)}"
    if final:
        best = max(final.values())
        return EndRecord("Final scoring", summary,
                         winners=tuple(facts_of(state).get("final_winners") or
                                       [n for n, v in final.items() if v == best]),
                         scores=dict(final))
    track = {name: facts.marker(state, name).points for name in facts.players(state)}
    return EndRecord("Final round done", summary, scores=track)


def moment(state: State) -> dict[str, int]:
    """Turns, not rounds: the number of the turn being played (once the game is over, the
    last turn played: the game lasted that many turns)."""
    ended = int(facts_of(state).get("turns_ended", 0))
    return {"turn": max(ended, 1) if facts.active(state) is None else ended + 1}


GAME = Game(
    info=INFO,
    announce=ANNOUNCER,  # what the table hears: announcements.py
    setup=setup,
    actions=ACTIONS,
    options=(
        Option("first_game", "First game (fixed Hub and ship sets)", "bool", False),
        Option("friendly_display", "Friendly variant: one more Sector per stack", "bool", False),
        Option("advanced_hubs", "Advanced game: deal Hubs from all 24", "bool", False),
    ),
    board_values=BOARD_VALUES,
    board_defaults=BOARD_DEFAULTS,
    board_defaults_note=BOARD_DEFAULTS_NOTE,
    topics={**{facts.marker_name(seat): "score_track" for seat in range(4)},
            facts.ALIENS: "end_of_game"},
    board_changed=board_changed,
    panels=panels,
    checklist=checklist,
    end=end,
    status=lambda state: str(facts_of(state)["status"]),
    moment=moment,
    banner=banner,
    key_actions=("record_final_scores",),
    # a lap size entered in a game, from any window, is the table's for its later games
    keep_in_profile=lambda state: ({LAP_SIZE: state.board[LAP_SIZE]}
                                   if LAP_SIZE in state.board else {}),
)
