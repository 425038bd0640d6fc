"""A small made-up game that exercises every piece, for engine and save tests."""

from __future__ import annotations

from random import Random
from typing import Any

from tests.demo import INFO
from trackers.engine import Action, BoardValue, Game, Note, Param, SessionSetup, State
from trackers.engine.game import EndRecord
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
    return state


def advance(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    return list(state.piece("countdown", Track).move(args["spaces"]).notes())


def draw(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    drawn, notes = state.piece("deck", VirtualDeck).draw(1, "table", rng)
    return [f"Drew {', '.join(drawn)}", *notes]


def fire(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    return list(state.piece("fires", Counter).add(1))


def open_hatch(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["hatch_open_at"] = state.board["hatch_space"]
    return [f"The hatch opens at space {state.board['hatch_space']}"]


def escape(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["escaped"] = args["who"]
    return [f"{args['who']} escaped: the game is over"]


def hide_plan(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    """The game itself commits to a hidden choice (as Lifeform does with the Stowaway)."""
    code = state.piece("plan", Secret).choose(args["where"], f"{rng.getrandbits(64):016x}")
    return [f"The plan is hidden: code {code}"]


def next_round(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["round"] = state.facts.get("round", 1) + 1
    return [f"Round {state.facts['round']}"]


def end(state: State) -> EndRecord | None:
    who = state.facts.get("escaped")
    return EndRecord("Escape", f"{who} escaped", winners=(who,)) if who else None


GAME = Game(
    info=INFO, setup=setup,
    actions=(
        Action("advance", "Advance the countdown", "Move it on.", advance,
               (Param("spaces", "int", "how many", minimum=1, maximum=30),), key="a"),
        Action("draw", "Draw a card", "Draw one card.", draw, key="d"),
        Action("fire", "Add a fire", "One more fire.", fire, key="f"),
        Action("open_hatch", "Open the hatch", "Needs the printed hatch space.", open_hatch,
               key="o", needs=("hatch_space",)),
        Action("escape", "Escape", "Someone gets out: the end.", escape,
               (Param("who", "str", "who escaped"),), key="e"),
        Action("next_round", "Next round", "The round is over.", next_round, key="n"),
        Action("hide_plan", "Hide the plan", "The game commits to where.", hide_plan,
               (Param("where", "choice", "where", choices=("left", "right"), secret=True),)),
    ),
    key_actions=("escape",),
    end=end,
    moment=lambda state: {"round": state.facts.get("round", 1)},
    board_values=(BoardValue("hatch_space", "Hatch space", "Board, hatch track", "int", 1, 9),),
)
