"""What the Pandora Celeste actions share: the fields a form asks (mirror mode's card fields,
the crew to choose) and the small checks on when an action may be taken."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trackers.engine import Action, Note, Param, State
from trackers.games.pandora_celeste import (
    cards,
    crew,
    nasties,
)
from trackers.games.pandora_celeste.facts import facts_of

Notes = list[Note | str]


# The rules version a record was played under, recorded with an action whose rules changed
# (``Checked(played=True)``): each change that alters what a recorded action does names the
# version that brought it in, and a record made before replays as it was. 1: the rules of the
# first marked records (they hold True); 2: a dead crewmember's target token never passes to
# one who got away in an escape vehicle; 3: it passes to the next noisiest in that token's
# scope (with the ShipStern, the Stern Target's is the back and the Cargo Control section).
PLAYED = "played_rules"
RULES = 3


@dataclass(frozen=True)
class Checked(Action):
    """An action whose rule refuses some arguments: ``check`` raises ActionError when the
    table acts (``validate``), never at replay, so a game saved before plays back as it was.
    With ``played`` the record also says which rules it was played under (``PLAYED``)."""

    check: Callable[[State, dict[str, Any]], None] | None = None
    played: bool = False

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        if self.check is not None:
            self.check(state, checked)
        if self.played:
            checked[PLAYED] = RULES
        return checked


def rules_of(args: dict[str, Any]) -> int:
    """The rules version a record was played under: 0 unmarked, an old marker (True) 1."""
    marker = args.get(PLAYED)
    if isinstance(marker, bool):
        return int(marker)
    return marker if isinstance(marker, int) else 0


def played(args: dict[str, Any], since: int = 1) -> bool:
    """Whether this record was played under the rules of version ``since`` or later."""
    return rules_of(args) >= since


def monsterbug_active(state: State) -> bool:
    return any(n["name"] == "MonsterBug" for n in nasties.area(state))


def alive(state: State) -> list[str]:
    return crew.alive(state)


def sole_alive(state: State) -> str | None:
    """The one crewmember alive, if only one is: the chair's answer a form shows chosen."""
    alive = crew.alive(state)
    return alive[0] if len(alive) == 1 else None


def all_crew(state: State) -> list[str]:
    return crew.names(state)


# --- card fields: mirror mode enters them; virtual mode neither shows nor takes them -----
def mirror(state: State) -> bool:
    return not cards.virtual(state)


APP_DRAWS = "the app draws the cards in virtual mode"


def box(what: str) -> Param:
    return Param("box", "choice", f"mirror mode: {what}", choices=cards.BOXES,
                 optional=True, shown=mirror, hidden_why=APP_DRAWS)


RESHUFFLE = Param("reshuffle", "bool", "mirror mode: the card shows the reshuffle icon",
                  optional=True, default=False, shown=mirror, hidden_why=APP_DRAWS)
GOLD = Param("gold", "int", "mirror mode: the card's gold number", minimum=0, maximum=99,
             optional=True, shown=mirror, hidden_why=APP_DRAWS)
# Where a Big Nasty spawns, in mirror mode: the gold number of the card the table flips, or
# the room itself; one of the two is needed (``protocols.spawn_big`` says so, naming both).
SPAWN_GOLD = Param("gold", "int", "Nasty Action card's gold number (optional if room given)",
                   minimum=0, maximum=99, optional=True, shown=mirror, hidden_why=APP_DRAWS)
SPAWN_ROOM = Param("room", "str", "the room it spawns in (optional if gold number given)",
                   optional=True, max_length=60)
NASTY = Param("nasty", "choice", "which Nasty (its number in the Active Nasty Area)",
              choices=nasties.labels)


def deck(state: State, args: dict[str, Any]) -> list[str]:
    return cards.deck_needs(state)


def attacker_needs(state: State, args: dict[str, Any]) -> list[str]:
    keys = cards.deck_needs(state)
    entry = next((n for n in nasties.area(state) if nasties.label(n) == args.get("nasty")), None)
    if entry is not None:
        keys += nasties.needs_for(entry["name"])
    return keys



def at_setup(state: State) -> bool:
    return bool(facts_of(state)["phase"] == "setup")



def in_showdown(state: State) -> bool:
    return facts_of(state)["showdown"] is not None


def showdown_why(state: State) -> str | None:
    if in_showdown(state):
        return None
    return ("only in the Final Showdown, which begins when an escape vehicle Decouples with "
            "a Nasty aboard (rulebook: «If a Nasty is in your Escape Vehicle»)")



def showdown_aboard(state: State) -> list[str]:
    held = facts_of(state)["showdown"]
    return list(held["flips"]) if held else []


def changes(*counts: tuple[int | None, str]) -> str:
    """"+2 rooms, -1 doorway" for the log; a blank or 0 change is left out."""
    said = [f"{n:+d} {what}{'' if abs(n) == 1 else 's'}" for n, what in counts if n]
    return ", ".join(said) or "no change"



def crew_choice(help_text: str, name: str = "crew") -> Param:
    return Param(name, "choice", help_text, choices=alive)



def all_dead(state: State) -> Notes:
    if not crew.alive(state):
        return [Note("Every crewmember is dead: the game ends", "outcomes")]
    return []



def with_shipstern(state: State) -> str | None:
    return None if facts_of(state)["shipstern"] else \
        "only with the ShipStern in play (a New game option)"



def first_of(*checks: Callable[[State], str | None]) -> Callable[[State], str | None]:
    """A ``why_not`` of several: the first refusal among them."""
    def why_not(state: State) -> str | None:
        return next((r for r in (c(state) for c in checks) if r), None)
    return why_not
