"""Space Station Phoenix on the session engine: score track with laps, end check, final round.

The facts come from spec space-station-phoenix (the section is named where a rule is applied).
The session keeps one score marker per player, the Aliens left in the supply, Sectors built,
Diplomacy levels and whose turn it is; the end-of-game check runs when the active player ends
their own turn (§6). When the game is over, ``session_facts.score_sheet`` prefills the score
calculator.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import (
    Action,
    ActionError,
    BoardValue,
    Game,
    Note,
    Option,
    Param,
    SessionSetup,
    State,
)
from trackers.games.space_station_phoenix import INFO
from trackers.games.space_station_phoenix import session_actions as steps
from trackers.games.space_station_phoenix import session_facts as facts
from trackers.games.space_station_phoenix import session_helpers as helpers
from trackers.games.space_station_phoenix.diplomacy import TRACKS
from trackers.games.space_station_phoenix.score_marker import ScoreMarker, reading
from trackers.games.space_station_phoenix.session_view import checklist, panels
from trackers.games.space_station_phoenix.setup_counts import setup_for
from trackers.pieces import Counter

LAP_SIZE = "lap_size"


def setup(s: SessionSetup, rng: Random) -> State:
    """Markers on 0, the drawn Aliens on the Home Planets board (spec §2.1, §2.2)."""
    if len(set(s.names)) != len(s.names):
        raise ActionError("names: each player needs a different name", "names")
    counts = setup_for(s.players)
    state = State(board=dict(s.board))
    lap_size = s.board.get(LAP_SIZE)
    for seat, name in enumerate(s.names):
        state.pieces[facts.marker_name(seat)] = ScoreMarker(name, 0, lap_size)
    state.pieces[facts.ALIENS] = Counter(
        "Aliens in the supply (Home Planets board)", counts.aliens_drawn,
        limit=counts.aliens_drawn, past_limit="more than were drawn at setup; check the board")
    state.facts.update(facts.new_facts(s.names, counts.aliens_left_in_bag, s.options))
    return state


def board_changed(state: State, key: str, value: Any) -> list[Note | str]:
    """The lap size is set: every marker is read again with it (spec §3.6, §10.13)."""
    notes: list[Note | str] = []
    for name in facts.players(state):
        marker = facts.marker(state, name)
        marker.lap_size = int(value)
        notes.append(f"{name}: {marker.points} points, {reading(marker.points, marker.lap_size)}")
    return notes


def _names(state: State) -> list[str]:
    return facts.players(state)


PLAYER = Param("player", "choice", "whose (blank: the active player)", choices=_names,
               optional=True)

ACTIONS: tuple[Action, ...] = (
    Action("add_points", "Add or take away points",
           "Move a player's score marker; lap tokens follow; 40 or more is checked at the end "
           "of their own turn.", steps.add_points,
           (PLAYER, Param("points", "int", "points to add (below 0 takes away)")),
           key="a", short="Points", topic="score_track"),
    Action("end_turn", "End the turn (end-of-game check)",
           "The active player's turn is over: check 40 points, 9 Sectors and 4 or fewer Aliens; "
           "in the final round, one more player has played.", steps.end_turn,
           key="e", short="End turn", topic="end_of_game"),
    Action("build_sector", "A Sector was built",
           "Count a Sector on a player's station (302, 313 and 317 score when built).",
           steps.build_sector,
           (PLAYER, Param("level", "int", "its level", minimum=1, maximum=3),
            Param("number", "str", "its number, e.g. 308 (optional)", optional=True),
            Param("free", "bool", "gained free (Hubs B-6 to B-11, Sector 326)", optional=True,
                  default=False)),
           key="l", short="Sector", topic="level3_sectors"),
    Action("aliens_taken", "Aliens taken from the supply",
           "Aliens leave the Home Planets board (below 0: returned); 4 or fewer left ends the "
           "game at the end of the turn.", steps.aliens_taken,
           (Param("count", "int", "how many (below 0: returned)", minimum=-25, maximum=100,
                  optional=True, default=1),),
           key="m", short="Aliens", topic="end_of_game"),
    Action("ship_used", "A ship was used: Diplomacy bonuses",
           "Who takes which bonus on the ship's Diplomacy track, from every player's level.",
           helpers.ship_used,
           (Param("ship", "choice", "the ship type used", choices=helpers.SHIP_TYPES),),
           key="d", short="Ship used", topic="diplomacy"),
    Action("move_token", "Move a Diplomacy token",
           "Advance a player's token on one Diplomacy track (the levels feed the bonuses).",
           helpers.move_token,
           (PLAYER, Param("track", "choice", "which track",
                          choices=tuple(facts.TRACK_LABELS[t] for t in TRACKS)),
            Param("steps", "int", "spaces up (below 0: back, to correct)", minimum=-5,
                  maximum=5, optional=True, default=1)),
           key="w", short="Dipl. up", topic="diplomacy"),
    Action("income_check", "May this player take Income?",
           "Income needs 7 GEMs or fewer, a used ship of their own, or no ship to use.",
           helpers.check_income,
           (PLAYER, Param("gems", "int", "GEMs the player holds", minimum=0),
            Param("own_ships_used", "int", "their own ships carrying GEMs", minimum=0,
                  optional=True, default=0),
            Param("no_ship_to_use", "bool", "no ship at all can be used", optional=True,
                  default=False)),
           key="i", short="Income?", topic="income"),
    Action("setup_step", "Tick the next setup step",
           "Mark the next step of the setup checklist as done.", steps.setup_step,
           key="n", short="Setup", topic="setup", enabled=steps.setup_open),
    Action("setup_all", "Setup is done",
           "Mark every setup step as done.", steps.setup_all, topic="setup",
           enabled=steps.setup_open),
    Action("return_sector", "A Sector was returned",
           "Take a Sector off a station (Hub A-12) or correct a count.", steps.return_sector,
           (PLAYER, Param("level", "int", "its level", minimum=1, maximum=3),
            Param("number", "str", "its number, for Level 3 (optional)", optional=True)),
           topic="level3_sectors"),
    Action("set_turn", "Set whose turn it is",
           "A correction before the end is triggered: the named player is active.",
           steps.set_turn, (Param("player", "choice", "whose turn", choices=_names),),
           topic="end_of_game", enabled=steps.before_trigger),
    Action("set_ruling", "Decide an open ruling",
           "Answer a question the rulebook text leaves to the table.", steps.set_ruling,
           (Param("ruling", "choice", "which question", choices=tuple(facts.RULINGS)),
            Param("answer", "choice", "the table's answer", choices=("yes", "no"))),
           topic="end_of_game"),
)

GAME = Game(
    info=INFO,
    setup=setup,
    actions=ACTIONS,
    options=(
        Option("first_game", "First game (fixed Hub and ship sets)", "bool", False),
        Option("friendly_display", "Friendly variant: one more Sector per stack", "bool", False),
        Option("advanced_hubs", "Advanced game: deal Hubs from all 24", "bool", False),
    ),
    board_values=(
        BoardValue(LAP_SIZE, "Score track spaces per lap",
                   "count the spaces of the score track on your board (the lap tokens read "
                   "50/100/150/200; the text never gives the length; spec §3.6, §10.13)", "int",
                   minimum=1),
    ),
    topics={**{facts.marker_name(seat): "score_track" for seat in range(4)},
            facts.ALIENS: "end_of_game"},
    board_changed=board_changed,
    panels=panels,
    checklist=checklist,
)
