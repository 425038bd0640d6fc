"""A new Space Station Phoenix session: score markers on 0, the Aliens drawn (spec §2)."""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, SessionSetup, State
from trackers.games.space_station_phoenix import facts
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.score_marker import ScoreMarker
from trackers.games.space_station_phoenix.setup_counts import FIRST_GAME_SETS, setup_for
from trackers.pieces import Counter


def setup(s: SessionSetup, rng: Random) -> State:
    """Markers on 0, the drawn Aliens on the Home Planets board (spec §2.1, §2.2); in a first
    game, the fixed Hub sets dealt (spec §2.3)."""
    if len(set(s.names)) != len(s.names):
        raise ActionError("names: each player needs a different name", "names")
    counts = setup_for(s.players)
    state = State()  # the lap size, when the profile has it: set by Game.start
    for seat, name in enumerate(s.names):
        state.pieces[facts.marker_name(seat)] = ScoreMarker(name, 0, None)
    state.pieces[facts.ALIENS] = Counter(
        "Aliens in the supply (Home Planets board)", counts.aliens_drawn,
        limit=counts.aliens_drawn, past_limit="more than were drawn at setup; check the board")
    facts_of(state).update(facts.new_facts(s.names, counts.aliens_left_in_bag, s.options))
    if s.options.get("first_game"):
        # First game: each player is dealt one of the 4 fixed sets at random (rulebook: Setup,
        # "For the first game"); the table may correct a Hub with "Hub kept".
        hubs = rng.sample([hub for hub, _, _ in FIRST_GAME_SETS], len(s.names))
        facts_of(state)["hubs"] = dict(zip(s.names, hubs, strict=True))
    return state
