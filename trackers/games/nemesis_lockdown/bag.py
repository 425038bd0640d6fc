"""The Intruder bag: contents, development (Event Phase step 10) and the token count.

The app draws for the table (when it draws: ``Bag.random_kind``) or records the token the
table drew (``drawn``). Every token is somewhere: in the bag (the Bag piece), under an
Intruder on the board (``facts["intruders"]``), or out of the game (``facts["removed"]``);
tokens that development adds come from the spare supply beside the board
(``facts["spares_used"]``). So bag + board + removed = the starting bag + spares used
(facts sheet §6.2), a property the tests check for any sequence of play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any, ClassVar

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.pieces import Bag, Counter
from trackers.pieces.base import Field, PieceError, register_piece

Place = Callable[..., list[Note | str]]  # intruders.place(state, kind, room, token=...)

KINDS = ("Blank", "Larva", "Creeper", "Queen", "Adult", "Breeder")
RULE_BAG = "rulebook: II. Event Phase, step 10"
# Options: what becomes of a token whose Intruder leaves the board other than by a Technical
# Corridor (death, Infest) or of a Blank drawn in an Encounter: not stated (G17).
SET_ASIDE = "set aside (out of the game)"
BACK_IN = "back into the bag"
TOKEN_FATES = (SET_ASIDE, BACK_IN)
# A Blank drawn in an Encounter: the rulebook names no removal, so it stays in the bag.
BLANK_FATES = (BACK_IN, SET_ASIDE)


@register_piece
@dataclass
class IntruderBag(Bag):
    """The Intruder bag, capped by the tokens in the box (the board profile's Night Stalker
    token counts, where entered): setting a count by hand beyond them is refused."""

    kind: ClassVar[str] = "nemesis_bag"
    box: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line: the count by kind, with the odds, leads the Now panel; a line here for
        each player's wounds matters more at 80x24 (five players)."""
        return f"{self.label}: {self.size} tokens" if self.size else f"{self.label}: empty"

    def fields(self) -> list[Field]:
        return [Field(k, f"{k} in the bag", 0, self.box.get(k)) for k in sorted(self.contents)]

    def set_field(self, name: str, value: int) -> list[str]:
        most = self.box.get(name)
        if most is not None and value > most:
            raise PieceError(f"{self.label}: your board profile lists {most} {name} "
                             f"{'token' if most == 1 else 'tokens'} in the box; give 0 to "
                             f"{most}")
        return super().set_field(name, value)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "box": dict(self.box)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> IntruderBag:
        return cls(data["label"], dict(data["contents"]), dict(data["out"]),
                   int(data.get("drawn", 0)), box=dict(data.get("box", {})))


def bag_contents(players: int) -> dict[str, int]:
    """1 Blank, 4 Larvae, 1 Creeper, 1 Queen, 3 Adults + 1 per player (S1-S3)."""
    return {"Blank": 1, "Larva": 4, "Creeper": 1, "Queen": 1, "Adult": 3 + players, "Breeder": 0}


def bag(state: State) -> Bag:
    return state.piece("intruder_bag", Bag)


def draw(state: State, rng: Random, drawn: str | None) -> str:
    """One token out of the bag, at random or the one the table names."""
    intruders = bag(state)
    if intruders.size == 0:
        raise ActionError("the Intruder bag is empty; the rulebook does not say what happens "
                          "then (Encounter and Combat): settle it at the table", "drawn")
    if drawn is None:
        drawn = intruders.random_kind(rng)
    if intruders.contents.get(drawn, 0) == 0:
        inside = ", ".join(k for k, n in sorted(intruders.contents.items()) if n)
        raise ActionError(f"drawn: no {drawn} token is in the bag (it holds {inside})", "drawn")
    intruders.contents[drawn] -= 1
    return drawn


def put_back(state: State, kind: str) -> None:
    intruders = bag(state)
    intruders.contents[kind] = intruders.contents.get(kind, 0) + 1


def remove(state: State, kind: str) -> None:
    removed = facts_of(state)["removed"]
    removed[kind] = removed.get(kind, 0) + 1


def in_use(state: State, kind: str) -> int:
    """Tokens of ``kind`` out of the box: in the bag or under an Intruder on the board."""
    under = sum(1 for i in facts_of(state)["intruders"] if i["kind"] == kind and i["token"])
    return bag(state).contents.get(kind, 0) + under


def from_spares(state: State, kind: str) -> list[Note | str]:
    """A token from the spare supply beside the board goes into the bag, if the box still
    holds one (the board profile's count, where entered)."""
    most = getattr(bag(state), "box", {}).get(kind)
    if most is not None and in_use(state, kind) >= most:
        return [Note(f"No spare {kind} token is left: your board profile lists {most} and all "
                     f"are in play. The rulebook does not say what happens then ({RULE_BAG}); "
                     "none is added", "intruder_bag")]
    used = facts_of(state)["spares_used"]
    used[kind] = used.get(kind, 0) + 1
    put_back(state, kind)
    return []


def settle_token(state: State, kind: str, *, blank: bool = False) -> str:
    """A token whose Intruder left the board (``token_fate``), or a Blank drawn in an
    Encounter (``blank_fate``): the table's setting."""
    options = facts_of(state)["options"]
    fate = options.get("blank_fate", BACK_IN) if blank else options["token_fate"]
    if blank and fate == BACK_IN:
        put_back(state, kind)
        return "The Blank token goes back into the bag (the rulebook names no removal)"
    if fate == BACK_IN:
        put_back(state, kind)
        return f"The {kind} token goes back into the bag (your table's setting)"
    remove(state, kind)
    return f"The {kind} token is set aside, out of the game (your table's setting)"


def a_or_an(kind: str) -> str:
    """ "an Adult", "a Larva": the article an Intruder's name takes."""
    return f"{'an' if kind[:1] in 'AEIOU' else 'a'} {kind}"


def _outside_but_alive(state: State) -> bool:
    """Someone locked in the Isolation Room or in the Bunker."""
    return bool(crew.with_status(state, crew.ISOLATED) + crew.with_status(state, crew.BUNKER))


def develop(state: State, rng: Random, drawn: str | None, nest_occupied: bool,
            rollers: list[str], place: Place) -> list[Note | str]:
    """Event Phase step 10 (worked examples B1-B5); ``place`` puts a miniature on the board
    (``intruders.place``, given by the caller: the board's module builds on this one)."""
    kind = draw(state, rng, drawn)
    notes: list[Note | str] = [Note(f"Bag development: {kind} drawn", "intruder_bag")]
    if kind in ("Larva", "Creeper"):
        grown = "Adult" if kind == "Larva" else "Breeder"
        remove(state, kind)
        short = from_spares(state, grown)
        notes += short or [f"The {kind} token leaves the game; {a_or_an(grown)} token from the "
                           "spares goes into the bag"]
    elif kind == "Blank":
        put_back(state, kind)
        short = from_spares(state, "Adult")
        notes += short or ["The Blank goes back and an Adult token from the spares is added"]
    elif kind in ("Adult", "Breeder"):
        put_back(state, kind)
        who = ", ".join(rollers) or "nobody"
        notes.append(Note(f"The {kind} goes back. Noise roll for every Character not in "
                          f"Combat: {who}.", "noise"))
        if _outside_but_alive(state):  # only then is the text's silence the table's to settle
            notes.append(Note("Whether locked-in or Bunker Characters roll too is not stated "
                              f"({RULE_BAG}): your table's call.", "noise"))
    else:
        put_back(state, kind)
        if nest_occupied:
            notes.append("The Queen goes back. A Character is in the Nest: the Queen miniature "
                          "goes there and an Encounter follows (the rulebook does not say "
                          "whether a token is drawn for it)")
            notes += place(state, "Queen", "Nest", token=False)
        else:
            eggs = state.piece("eggs", Counter)
            eggs.add(1)
            notes.append(f"The Queen goes back. Nobody is in the Nest: add an Egg to the Nest "
                         f"slot (now {eggs.value})")
    return notes


def total_accounted(state: State) -> int:
    """bag + board + removed - spares used: constant through any play (§6.2)."""
    on_board = sum(1 for i in facts_of(state)["intruders"] if i["token"])
    return (bag(state).size + on_board + sum(facts_of(state)["removed"].values())
            - sum(facts_of(state)["spares_used"].values()))


def odds_lines(state: State) -> list[str]:
    intruders = bag(state)
    odds = intruders.odds()
    if not odds:
        return ["the bag is empty (the rulebook does not say what happens then)"]
    return [f"{kind}: {count} of {intruders.size} ({_percent(odds[kind])})"
            for kind, count in sorted(intruders.contents.items(), key=lambda kv: -kv[1])
            if count]


def odds_line(state: State) -> str:
    """The odds on one line: "Adult 5/12 42%, Larva 4/12 33%, ..."."""
    intruders = bag(state)
    odds = intruders.odds()
    if not odds:
        return odds_lines(state)[0]
    return ", ".join(f"{kind} {count}/{intruders.size} {_percent(odds[kind])}"
                     for kind, count in sorted(intruders.contents.items(),
                                               key=lambda kv: -kv[1]) if count)


def _percent(chance: Fraction) -> str:
    return f"{round(float(chance) * 100)}%"
