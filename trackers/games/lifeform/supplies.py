"""Token supplies: every component is limited to the number in the box (spec lifeform §1.3).

The app counts the Power Outage and Terror tokens on the board and in the supply, so a rule
that places one with none left says "none left, none placed" (rulebook, Components). Mission
tokens keep their own pool (facts["mission_pool"], 10 after setup); Hostility tokens are taken
at the Showdown (6 in the box, the expansion's 2 used by module D).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform.facts import facts_of

IN_BOX = {"power_outage": 10, "terror": 10}  # spec §1.1 small tokens
NAMES = {"power_outage": "Power Outage", "terror": "Terror"}
SETUP_TERROR = 1  # Lifeform Setup step 18: 1 Terror token in a C-Deck chamber


def build(power_outages_at_setup: int) -> dict[str, int]:
    """Tokens on the board once the setup is done (spec §2.2 steps 16, 18)."""
    return {"power_outage": power_outages_at_setup, "terror": SETUP_TERROR}


def on_board(state: State, token: str) -> int:
    return int(facts_of(state)["tokens_on_board"][token])


def left(state: State, token: str) -> int:
    """Tokens still in the supply."""
    return IN_BOX[token] - on_board(state, token)


def place(state: State, token: str, why: str) -> list[Note]:
    """One token from the supply onto the board; none left: none placed (spec §1.3)."""
    name = NAMES[token]
    if left(state, token) == 0:
        return [Note(f"{why}: no {name} token is left in the supply, so none is placed "
                     "(rulebook, Components)", "round")]
    facts_of(state)["tokens_on_board"][token] += 1
    remaining = left(state, token)
    return [Note(f"{why}: place 1 {name} token ({remaining} left in the supply)", "round")]


def give_back(state: State, token: str, why: str) -> list[Note]:
    """One token from the board back to the supply."""
    name = NAMES[token]
    if on_board(state, token) == 0:
        raise ActionError(f"token: no {name} token is on the board", "token")
    facts_of(state)["tokens_on_board"][token] -= 1
    return [Note(f"{why}: 1 {name} token goes back to the supply ({left(state, token)} there "
                 "now)", "round")]


def lines(state: State) -> list[str]:
    """What the supplies hold, for the screen."""
    out = [f"{NAMES[t]} tokens: {on_board(state, t)} on the board, {left(state, t)} in the "
           "supply" for t in IN_BOX]
    out.append(f"Mission tokens in the pool: {facts_of(state)['mission_pool']}"
               + (" (none left: none placed)" if facts_of(state)["mission_pool"] == 0 else ""))
    return out
