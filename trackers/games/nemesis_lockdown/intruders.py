"""Intruders on the board: Encounters, where each stands, Injuries, deaths and departures.

``facts["intruders"]`` lists the miniatures on the board: ``{"id", "kind", "room",
"injuries", "token"}``; ``token`` says whether a bag token lies under it (a Queen placed by
development has none: its token went back). Rulebook: Encounter and Combat; Intruder
Injuries, Death, and Attacks.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import bag
from trackers.games.nemesis_lockdown.board import token_numbers
from trackers.games.nemesis_lockdown.facts import IntruderEntry, facts_of

TWO_CARDS = ("Breeder", "Queen")  # these reveal 2 Attack cards for the kill check
CARCASS = ("Creeper", "Adult")  # a killed Creeper or Adult leaves an Intruder Carcass


def on_board(state: State) -> list[IntruderEntry]:
    found: list[IntruderEntry] = facts_of(state)["intruders"]
    return found


def of_kind(state: State, kind: str) -> list[IntruderEntry]:
    return [i for i in on_board(state) if i["kind"] == kind]


def injuries_text(count: int) -> str:
    return f"{count} {'Injury' if count == 1 else 'Injuries'}"


def label(entry: IntruderEntry) -> str:
    hurt = entry["injuries"]
    wounds = f", {hurt} {'Injury' if hurt == 1 else 'Injuries'}" if hurt else ""
    return f"{entry['kind']} #{entry['id']} in the {entry['room']}{wounds}"


def choices(state: State) -> list[str]:
    return [str(i["id"]) for i in on_board(state)]


def labels(state: State) -> dict[str, str]:
    return {str(i["id"]): label(i) for i in on_board(state)}


def find(state: State, ident: str) -> IntruderEntry:
    for found in on_board(state):
        if str(found["id"]) == str(ident):
            return found
    raise ActionError(f"intruder: no Intruder #{ident} on the board", "intruder")


def in_room(state: State, room: str) -> list[IntruderEntry]:
    return [i for i in on_board(state) if i["room"].casefold() == room.casefold()]


def first_intruder(state: State) -> list[Note | str]:
    """First Encounter: the first Intruder miniature of the game (Critical Gameplay Moments)."""
    if facts_of(state)["first_encounter"]:
        return []
    facts_of(state)["first_encounter"] = True
    if facts_of(state)["mode"] == "coop":
        return [Note("First Encounter: in the co-operative game the Objectives stay public; "
                     "nothing is discarded", "victory", key_moment="First Encounter")]
    return [Note("First Encounter: each player discards 1 of their 2 Objectives face down and "
                 "keeps the other secret; the round waits until each has recorded the kept "
                 "one ('Choose a secret', key c)", "victory", key_moment="First Encounter")]


def place(state: State, kind: str, room: str, *, token: bool = True) -> list[Note | str]:
    facts_of(state)["next_intruder"] += 1
    ident = facts_of(state)["next_intruder"]
    on_board(state).append({"id": ident, "kind": kind, "room": room, "injuries": 0,
                            "token": token})
    return [f"{kind} #{ident} placed in the {room}", *first_intruder(state)]


def surprise_verdict(state: State, kind: str, hand: int | None, darkness: bool | None
                     ) -> list[Note | str]:
    """A hand smaller than the token's number for the light means a Surprise Attack (B6)."""
    pairs = sorted(set(token_numbers(state, kind)))
    if hand is None or darkness is None:
        shown = ", ".join(f"{a}/{b}" for a, b in pairs) or "(token numbers not entered)"
        return [f"Read the token's back ({kind} tokens: {shown}): the lower number in a "
                "powered Section, the higher in Darkness; a hand smaller than it means a "
                "Surprise Attack"]
    numbers = sorted({(b if darkness else a) for a, b in pairs})
    light = "in Darkness: the higher number" if darkness else "with Power: the lower number"
    if numbers and all(hand < n for n in numbers):
        return [Note(f"Hand {hand}, {light} counts: Surprise Attack, draw and resolve an "
                     "Intruder Attack card", "intruder_bag")]
    if numbers and all(hand >= n for n in numbers):
        return [Note(f"Hand {hand}, {light} counts: no Surprise Attack", "intruder_bag")]
    shown = ", ".join(map(str, numbers)) or "unknown"
    return [Note(f"Hand {hand}, {light} counts ({kind} tokens show {shown}): read your token; "
                 "a hand smaller than it means a Surprise Attack", "intruder_bag")]


def encounter(state: State, rng: Random, drawn: str | None, room: str, hand: int | None,
              darkness: bool | None) -> list[Note | str]:
    """An Encounter: discard Noise, draw a token, place its Intruder (Encounter and Combat)."""
    notes: list[Note | str] = [Note("Encounter: first discard the Noise markers of every "
                                    "Corridor connected to the Room (Technical Corridors "
                                    "included); 'Noise marker' takes them off the app's list",
                                    "intruder_bag")]
    kind = bag.draw(state, rng, drawn)
    if kind == "Blank":
        return notes + [
            "Blank drawn: no Intruder appears; put a Noise marker in every Corridor connected "
            "to the Room", bag.settle_token(state, "Blank", blank=True)]
    notes.append(f"{kind} drawn: place {bag.a_or_an(kind)} miniature in the {room}")
    notes += place(state, kind, room)[1:]
    return notes + surprise_verdict(state, kind, hand, darkness)


def injure(state: State, ident: str, injuries: int, blood: int | None,
           retreat: bool) -> list[Note | str]:
    """Injuries and the kill check (worked examples C1-C3)."""
    target = find(state, ident)
    target["injuries"] += injuries
    kind, now = target["kind"], target["injuries"]
    notes: list[Note | str] = [f"{kind} #{target['id']}: {now} "
                               f"{'Injury' if now == 1 else 'Injuries'}"]
    if kind == "Larva":
        return notes + die(state, ident, "1 Injury kills a Larva")
    cards = "2 Intruder Attack cards (add their blood values)" if kind in TWO_CARDS else \
        "1 Intruder Attack card"
    if blood is None:
        return notes + [Note(f"Kill check: reveal {cards}; give the blood value with "
                             "'Injure an Intruder' (injuries 0) to settle it", "intruder_bag")]
    if retreat:
        notes.append(Note(f"A Retreat arrow: the {kind} flees; draw an Event card and move it "
                          "through that Corridor (it keeps its Injuries)", "intruder_bag"))
    if blood <= now:
        return notes + die(state, ident, f"blood {blood} is not above its {injuries_text(now)}")
    notes.append(f"Blood {blood} is above its {injuries_text(now)}: it lives")
    return notes


def die(state: State, ident: str, why: str) -> list[Note | str]:
    target = find(state, ident)
    on_board(state).remove(target)
    kind = target["kind"]
    notes: list[Note | str] = [f"{kind} #{target['id']} is killed ({why})"]
    if kind in CARCASS:
        notes.append("An Intruder Carcass stays in the Room")
    if kind == "Queen":
        facts_of(state)["queen_killed"] = True
    if target["token"]:
        notes.append(bag.settle_token(state, kind))
    return notes


def technical_corridor(state: State, ident: str) -> list[Note | str]:
    """An Intruder goes into a Technical Corridor Entrance: token back, Injuries gone (B8)."""
    target = find(state, ident)
    on_board(state).remove(target)
    if target["token"]:
        bag.put_back(state, target["kind"])
    return [Note(f"{target['kind']} #{target['id']} vanishes into the Technical Corridors: its "
                 "Injuries are discarded, the miniature leaves the board"
                 + (", its token goes back into the bag" if target["token"] else ""),
                 "intruder_bag")]


def move(state: State, ident: str, room: str) -> list[Note | str]:
    target = find(state, ident)
    target["room"] = room
    return [f"{target['kind']} #{target['id']} moves to the {room}"]


def infest(state: State, ident: str) -> list[Note | str]:
    """A Larva's attack: the miniature leaves the board (its token: the table's setting)."""
    target = find(state, ident)
    if target["kind"] != "Larva":
        raise ActionError(f"intruder: #{ident} is {bag.a_or_an(target['kind'])}, not a Larva",
                          "intruder")
    on_board(state).remove(target)
    notes: list[Note | str] = [f"Larva #{ident} leaves the board"]
    if target["token"]:
        notes.append(bag.settle_token(state, "Larva"))
    return notes


def lines(state: State) -> list[str]:
    return [label(i) for i in on_board(state)] or ["no Intruder on the board"]


def parse_hands(state: State, text: str) -> dict[str, int]:
    """ "Ann 2, Bo 3" -> {"Ann": 2, "Bo": 3}; names must be players."""
    from trackers.games.nemesis_lockdown import crew

    hands: dict[str, int] = {}
    known = {n.casefold(): n for n in crew.names(state)}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, count = part.rpartition(" ")
        if name.strip().casefold() not in known or not count.isdigit():
            raise ActionError(f"hands: {part!r} is not 'name cards' for a player (players: "
                              f"{', '.join(crew.names(state))})", "hands")
        hands[known[name.strip().casefold()]] = int(count)
    if not hands:
        raise ActionError("hands: give each Character in the Room with their Action cards, "
                          "such as 'Ann 2, Bo 3'", "hands")
    return hands


def attack_target(state: State, hands: dict[str, int]) -> list[Note | str]:
    """The Character an Intruder attacks: fewest Action cards; a tie goes to the one nearest
    the First Player in order (worked example C4)."""
    from trackers.games.nemesis_lockdown import crew

    players = crew.names(state)
    first = facts_of(state)["first_player"]
    order = players[first:] + players[:first]
    target = min(hands, key=lambda n: (hands[n], order.index(n)))
    cards = f"{hands[target]} Action {'card' if hands[target] == 1 else 'cards'}"
    tied = [n for n in hands if hands[n] == hands[target]]
    why = (f"{cards}, tied with {', '.join(n for n in tied if n != target)}: the tie goes to "
           f"the one nearest the First Player, {order[0]}" if len(tied) > 1
           else f"the fewest Action cards, {hands[target]}")
    return [Note(f"The attack targets {target} ({why})", "intruder_bag")]
