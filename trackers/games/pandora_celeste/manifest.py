"""The Ship's Manifest when the app deals the Cargo Cards (rulebook «Using the Ship's
Manifest»): the spare Cargo Cards are fixed when a crewmember readies it, kept under it for
its holder alone, and may replace the card of a Bay its holder opens.

The app deals (``tableside.dealt``): at the first readying each Cargo Bay still locked gets
its card face down, sealed to the app's key (the Bay's unlock then turns up that card), and
the rest of the Cargo Deck goes under the Manifest, sealed to the holder's player's key: they
look at it behind the curtain or on their seat. Readied by another crewmember, the same cards
are sealed to the new holder. A swap shows, with the holder's PIN, that the card put in the
Bay was under the Manifest; the Bay's old card goes under it, and the spares are sealed again.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.engine.actions import DEALT, Deal
from trackers.games.pandora_celeste import cards, crew, stern
from trackers.games.pandora_celeste.action_fields import played
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Secret
from trackers.pieces.secret import SecretNeeded

HAND = "ship_manifest"  # the secret: the spare Cargo Cards under the Manifest
LABEL = "The spare Cargo Cards under the Ship's Manifest"


def holder(state: State) -> str | None:
    held = facts_of(state).get("stern") or {}
    return held.get("manifest")


def owner_of(state: State, name: str) -> str:
    """Whose key a crewmember's secrets are sealed to: their Agenda's owner (their player)."""
    agenda = state.pieces.get(f"{crew.slug(name)}_agenda")
    return agenda.owner if isinstance(agenda, Secret) else f"{name}'s player"


def _face_up(state: State) -> list[str]:
    held = facts_of(state).get("stern") or {}
    return [c for c in held.get("bays", {}).values() if c]


def _face_down(state: State) -> tuple[str, ...]:
    """The Bays whose card nobody has seen: locked, or drawn and not yet turned up."""
    held = facts_of(state).get("stern") or {}
    return tuple(stern.piece_name(b) for b in stern.BAYS if not held.get("bays", {}).get(b))


def unseen(state: State) -> list[str]:
    """The Cargo Cards the table has not seen face up ("name = kind")."""
    return stern.undrawn(state)


def deals(state: State, args: dict[str, Any]) -> Deal | None:
    """What the app deals when the Manifest is readied (virtual mode only)."""
    if not cards.virtual(state):
        return None
    return Deal(tuple(unseen(state)), _face_down(state), HAND, owner_of(state, args["crew"]))


def swap_deals(state: State, args: dict[str, Any]) -> Deal | None:
    """A swap: the card put in the Bay leaves the spares, the Bay's old card joins them."""
    if not cards.virtual(state) or holder(state) is None:
        return None
    put_in = f"{args['card']} = {args['kind']}"
    after = unseen(state)
    if put_in in after:
        after.remove(put_in)
    after.append(str((facts_of(state).get("stern") or {}).get("bays", {}).get(args["bay"])))
    return Deal(tuple(after), _face_down(state), HAND, owner_of(state, str(holder(state))),
                shows=put_in)


def check_ready(state: State, args: dict[str, Any]) -> None:
    """The checks a readying passes before it is recorded."""
    name = args["crew"]
    crew.need_alive(state, name)
    if holder(state) == name:
        raise ActionError(f"crew: the Ship's Manifest is in {name}'s Ready Tool Slot already",
                          "crew")
    if cards.virtual(state) and len(unseen(state)) < len(_face_down(state)):
        raise ActionError(f"{stern.CARGO_DECK}: the Cargo Deck on the board profile has fewer "
                          "cards than the Bays not yet seen", stern.CARGO_DECK)


def ready(state: State, name: str, args: dict[str, Any]) -> list[Note | str]:
    """``name`` puts the Ship's Manifest in their Ready Tool Slot (the spares go with it)."""
    held = stern.record(state)
    before, held["manifest"] = held.get("manifest"), name
    notes: list[Note | str] = [Note(
        f"The Ship's Manifest is in {name}'s Ready Tool Slot"
        + (f" (from {before})" if before else ""), "shipstern")]
    dealt = args.get(DEALT)
    if dealt is None:  # a mirror table: the real spare cards go under it
        return notes + [Note("The spare Cargo Cards go under it: only its holder looks at "
                             "them", "shipstern")]
    for piece, card in dealt["face_down"].items():
        bay = Secret(f"Cargo Bay {piece.rsplit('_', 1)[-1]}'s card", stern.DRAWN_OWNER,
                     managed=True, sealed=True)
        bay.choose(card, "")
        state.pieces[piece] = bay
    owner = owner_of(state, name)
    hand = state.pieces.get(HAND)
    if not isinstance(hand, Secret):
        hand = state.pieces[HAND] = Secret(LABEL, owner, managed=True)
    hand.owner = owner
    code = hand.choose(dealt["hand"], "")
    return notes + [Note(f"The spare Cargo Cards are under it (code {code}): {name}'s "
                         "player looks at them behind the curtain ('Look at a secret') or on "
                         "their seat", "shipstern")]


def swap_choices(state: State) -> list[str]:
    """The Bay a swap may fill: the one opened last, if the Manifest may replace its card."""
    opened = list((facts_of(state).get("stern") or {}).get("bays", {}))
    return [b for b in stern.swappable_bays(state) if b == opened[-1]]


def check_swap(state: State, args: dict[str, Any]) -> None:
    """The holder the app keeps the spares for is alive to swap."""
    who = holder(state)
    if cards.virtual(state) and who is not None:
        crew.need_alive(state, who)


def why_not_swap(state: State) -> str | None:
    """The app keeps the spares only once somebody has readied the Manifest."""
    if cards.virtual(state) and holder(state) is None:
        return "nobody has readied the Ship's Manifest yet ('Ready the Ship's Manifest')"
    held = facts_of(state).get("stern") or {}
    opened = list(held.get("bays", {}))
    at_open = held.get("manifest_at_open", {})
    # a Bay opened before this was recorded (an older game) keeps the swap it had
    if opened and opened[-1] in at_open and at_open[opened[-1]] is None:
        return (f"Cargo Bay {opened[-1]} was opened with the Ship's Manifest in nobody's Ready "
                "Tool Slot; it must be ready before a Bay is opened ('Ready the Ship's "
                "Manifest', then open the next Bay)")
    return None if swap_choices(state) else _nothing_to_swap(state)


def _nothing_to_swap(state: State) -> str:
    """Why the Bay opened last offers no swap (said instead of an empty list of Bays)."""
    bays = (facts_of(state).get("stern") or {}).get("bays", {})
    if not bays:
        return "no Cargo Bay is open yet: a swap follows a Bay's reveal ('Unlock a Cargo Bay')"
    last = list(bays)[-1]
    shown = bays[last]
    if not shown:
        return f"Cargo Bay {last}'s card is not turned up yet ('Flip the Bay's card')"
    kind = shown.partition("=")[2].strip()
    if kind in stern.NO_SWAP:
        return (f"Cargo Bay {last}, opened last, shows {kind}: the Ship's Manifest never "
                "replaces a Cargo Bay Nasty or XWT Control")
    return f"Cargo Bay {last}, opened last, was swapped already"


def swap(state: State, args: dict[str, Any]) -> list[Note | str]:
    """The Bay's card replaced from under the Manifest; in virtual mode the spares the app
    keeps follow (sealed again to the holder)."""
    dealt = args.get(DEALT)
    hand = state.pieces.get(HAND)
    if cards.virtual(state) and isinstance(hand, Secret) and dealt is None:
        # the holder's PIN shows the card was under the Manifest (tableside.dealt)
        raise SecretNeeded(hand, "test", f"{args['card']} = {args['kind']}")
    notes = stern.swap(state, args["bay"], args["card"], args["kind"],
                       played(args))
    if dealt is not None and isinstance(hand, Secret):
        code = hand.choose(dealt["hand"], "")
        notes.append(Note(f"The spare Cargo Cards under the Manifest changed (code {code})",
                          "shipstern"))
    return notes
