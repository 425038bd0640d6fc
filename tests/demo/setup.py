"""The pieces a demo game starts with. The engine seeds ``state.board`` with the board
values entered before the game and applies them (``Game.start``): setup never copies them."""

from __future__ import annotations

from random import Random

from tests.demo.facts import facts_of
from trackers.engine import SessionSetup, State
from trackers.pieces import Bag, Counter, Milestone, Secret, Track, VirtualDeck

CARDS = [f"card {i:02d}" for i in range(1, 21)]


def setup(s: SessionSetup, rng: Random) -> State:
    state = State()
    state.pieces["countdown"] = Track(
        "Countdown", 25 if s.players == 2 else 28, advance=-1, lowest=0, highest=30,
        milestones=[Milestone(20, "20", "Twenty reached: open the hatch"),
                    Milestone(19, "19", "Nineteen reached"),
                    Milestone(10, "10", "Ten reached")])
    state.pieces["fires"] = Counter("Fires", 0, limit=3, past_limit="the room explodes")
    state.pieces["bag"] = Bag("Bag", {"red": 2, "blue": 3})
    state.pieces["deck"] = VirtualDeck.shuffled("Deck", CARDS, rng)
    state.pieces["plan"] = Secret("Plan", "Captain", choices=["left", "right"])
    facts_of(state)["round"] = 1
    facts_of(state)["drawn"] = 0  # a value kept in facts, charted by the report (Game.charted)
    return state
