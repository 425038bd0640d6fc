"""What the table does in a demo game: one function per action, then the list of actions.

Each ``apply(state, args, rng)`` changes the state it is given (a private copy: raising
``ActionError`` leaves the game as it was) and returns notes, what the table must do now.
Chance comes only from ``rng``. A note with ``key_moment`` set is a key moment of the report.
"""

from __future__ import annotations

from random import Random
from typing import Any

from tests.demo.facts import facts_of
from trackers.engine import Action, Note, Param, State
from trackers.pieces import Counter, Secret, Track, VirtualDeck


def advance(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    return list(state.piece("countdown", Track).move(args["spaces"]).notes())


def draw(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    drawn, notes = state.piece("deck", VirtualDeck).draw(1, "table", rng)
    facts_of(state)["drawn"] = facts_of(state).get("drawn", 0) + len(drawn)
    return [f"Drew {', '.join(drawn)}", *notes]


def fire(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    return list(state.piece("fires", Counter).add(1))


def open_hatch(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    facts_of(state)["hatch_open_at"] = state.board["hatch_space"]
    return [Note(f"The hatch opens at space {state.board['hatch_space']}",
                 key_moment="The hatch opened")]


def escape(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    facts_of(state)["escaped"] = args["who"]
    return [f"{args['who']} escaped: the game is over"]


def hide_plan(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    """The game itself commits to a hidden choice (as Lifeform does with the Stowaway)."""
    code = state.piece("plan", Secret).choose(args["where"], f"{rng.getrandbits(64):016x}")
    return [f"The plan is hidden: code {code}"]


def next_round(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    facts_of(state)["round"] = facts_of(state).get("round", 1) + 1
    return [f"Round {facts_of(state)['round']}"]


def _deck_empty(state: State) -> str | None:
    """Why drawing is not possible now, and what the table does instead (``why_not``)."""
    deck = state.piece("deck", VirtualDeck)
    if deck.draw_pile or deck.discard_pile:
        return None
    return "every card is drawn: play on without the deck"


ACTIONS = (
    Action("advance", "Advance the countdown", "Move it on.", advance,
           (Param("spaces", "int", "how many", minimum=1, maximum=30),), key="a"),
    Action("draw", "Draw a card", "Draw one card.", draw, key="d", why_not=_deck_empty),
    Action("fire", "Add a fire", "One more fire.", fire, key="f"),
    Action("open_hatch", "Open the hatch", "Needs the printed hatch space.", open_hatch,
           key="o", needs=("hatch_space",)),
    Action("escape", "Escape", "Someone gets out: the end.", escape,
           (Param("who", "str", "who escaped"),), key="e"),
    Action("next_round", "Next round", "The round is over.", next_round, key="n"),
    Action("hide_plan", "Hide the plan", "The game commits to where.", hide_plan,
           (Param("where", "choice", "where", choices=("left", "right"), secret=True),)),
)
