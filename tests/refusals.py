"""One action of each game tried at the wrong time (refusals with a reason):
the game as it stands when the action is refused, and the words of the reason. Shared by the
CLI test (tests/test_refusals_per_game.py) and the app's (tests/tui/test_refusals_pilot.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tableside.api import OpenSession, Tableside
from trackers.games.registry import get_game


@dataclass(frozen=True)
class Refusal:
    game: str
    action: str
    reason: str  # words the reason says (why, and what to do)
    players: int = 2

    def __str__(self) -> str:
        return self.game


def _draw_every_card(play: OpenSession) -> None:
    for _ in range(200):  # the demo's deck is small: drawn out long before
        if not play.available("draw"):
            return
        play.do("draw")
    raise AssertionError("the demo's deck never ran out")


def _setup_done(play: OpenSession) -> None:
    play.do("setup_all")


BEFORE = {"demo": _draw_every_card, "space-station-phoenix": _setup_done}

CASES = (
    Refusal("demo", "draw", "every card is drawn: play on without the deck"),
    Refusal("nemesis-lockdown", "injure_intruder",
            "no Intruder is on the board yet: an Encounter places one"),
    Refusal("pandora-celeste", "nasty_round", "comes after the hand refill"),
    Refusal("lifeform", "equip", "the setup is still open"),  # n ticks the next setup step
    Refusal("space-station-phoenix", "setup_step", "every setup step is already done"),
)


def refused_game(data: Path, case: Refusal) -> str:
    """A saved game of ``case.game`` where ``case.action`` is refused now; its id."""
    game = get_game(case.game)
    picks: dict[str, Any] = {o.name: list(o.choices[:case.players]) for o in game.options
                             if o.kind == "multi" and not o.default}  # Pandora's crew
    table = Tableside(data)
    play = table.create(case.game, case.players, options=picks, seed="refusals")
    if case.game in BEFORE:
        BEFORE[case.game](play)
    assert not play.available(case.action), case
    play.close()
    table.close()
    return play.id
