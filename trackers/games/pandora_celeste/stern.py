"""The ShipStern's own pieces (rulebook «Scenario 4: Backing into Dark Corners...», «The Cargo
Bays», «Cargo Bay Nasties», «Turning the Lights On/Off», «The Escape Pod», «Catastrophic Hull
Breach»): the Cargo Manifest's six Bays, the Widget consignment, the Junction Box's lights and
the collapse of a Ship section.

The Cargo Cards are not listed in the rulebook: the table enters its Cargo Deck on the board
profile (``cargo_deck``, "name = kind; ..."). With the app drawing, a Bay's card is drawn when
the Bay is first unlocked, never before (nothing of the order is in the files until then); at
a mirror table the real cards are dealt and the app records what each Bay showed.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import cards, crew, hazards, nasties, protocols
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Counter, Secret

BAYS = tuple(str(n) for n in range(1, 7))
KINDS = ("Agri", "Military", "Tech", "Tech: Widgets", "Cargo Bay Nasty", "XWT Control")
NO_SWAP = ("Cargo Bay Nasty", "XWT Control")  # the Ship's Manifest may not replace these
CARGO_DECK = "cargo_deck"  # the board value: the table's Cargo Deck
COLLAPSE_WAYS = ("play on with the sections apart", "remove the section with the fewest crew",
                 "no agreement: every breached room destroyed")
DRAWN_OWNER = "nobody (the app drew it)"


def record(state: State) -> dict[str, Any]:
    """The ShipStern's record, made when first needed (games saved before have none)."""
    held: dict[str, Any] = facts_of(state).setdefault(
        "stern", {"bays": {}, "widgets_bay": None, "widgets": [], "junction": None,
                  "lights": False, "collapses": []})
    return held


def deck(state: State) -> list[tuple[str, str]]:
    """The Cargo Deck entered on the board profile: (name, kind) pairs."""
    return parse_deck(str(state.board.get(CARGO_DECK) or ""))


def parse_deck(text: str) -> list[tuple[str, str]]:
    out = []
    for item in (p.strip() for p in text.split(";")):
        if not item:
            continue
        name, _, kind = (s.strip() for s in item.partition("="))
        if not name or kind not in KINDS:
            raise ActionError(f"{CARGO_DECK}: {item!r}: write each card as 'name = kind', the "
                              f"kind one of {', '.join(KINDS)}", CARGO_DECK)
        out.append((name, kind))
    return out


def deck_problems(text: str) -> list[str]:
    try:
        parse_deck(text)
    except ActionError as err:
        return [str(err)]
    return []


def bays_gone(state: State) -> str | None:
    """Why no Bay may be unlocked: the Cargo Bays section broke off into space (unless the
    table could not agree, when only its breached rooms are destroyed)."""
    held = facts_of(state).get("stern") or {}
    if any(c["section"] == "the Cargo Bays" and c["way"] != COLLAPSE_WAYS[2]
           for c in held.get("collapses", [])):
        return "the Cargo Bays broke off into space ('Hull collapse')"
    return None


def locked_bays(state: State) -> list[str]:
    held = facts_of(state).get("stern") or {}
    return [b for b in BAYS if b not in held.get("bays", {})]


def drawn_bays(state: State) -> list[str]:
    """Bays whose card the app drew, face down until flipped."""
    held = facts_of(state).get("stern") or {}
    return [b for b, card in held.get("bays", {}).items() if card is None]


def undrawn(state: State) -> list[str]:
    """The Cargo Cards not yet drawn into a Bay ("name = kind"), for the app's draw."""
    taken = [c for c in (facts_of(state).get("stern") or {}).get("bays", {}).values() if c]
    left = [f"{n} = {k}" for n, k in deck(state)]
    for card in taken:
        if card in left:
            left.remove(card)
    return left


def piece_name(bay: str) -> str:
    return f"cargo_bay_{bay}"


def unlock(state: State, bay: str, card: str | None, kind: str | None, virtual: bool,
           rng: Random, drawn: dict[str, str] | None) -> list[Note | str]:
    """A Cargo Bay door unlocked for the first time: its card is turned up (mirror: as the
    table says; the app drawing: drawn now, face down until 'Flip the Bay's card')."""
    held = record(state)
    if bay in held["bays"]:
        raise ActionError(f"bay: Cargo Bay {bay} is open already (its door never closes)", "bay")
    # who carried the Ship's Manifest ready as the Bay opened: only they may swap its card
    held.setdefault("manifest_at_open", {})[bay] = held.get("manifest")
    if not virtual:
        if not card or kind is None:
            field = "card" if not card else "kind"
            raise ActionError(f"{field}: give the Cargo Card Bay {bay} shows on the Cargo "
                              "Manifest (its name and kind)", field)
        return reveal(state, bay, f"{card} = {kind}")
    dealt = state.pieces.get(piece_name(bay))
    held["bays"][bay] = None
    if isinstance(dealt, Secret) and dealt.is_set and not dealt.revealed:
        return [Note(f"Cargo Bay {bay} unlocked: its Cargo Card was dealt face down when the "
                     f"Ship's Manifest was readied (code {dealt.code}); turn it up now ('Flip "
                     "the Bay's card')", "shipstern")]
    secret = Secret(f"Cargo Bay {bay}'s card", DRAWN_OWNER, managed=True, sealed=True)
    state.pieces[piece_name(bay)] = secret
    if drawn is not None:
        code = secret.choose(drawn, "")
    else:  # bare engine use: the event's own random stream
        left = undrawn(state)
        if not left:
            raise ActionError(f"bay: no Cargo Card is left to draw; enter the Cargo Deck on "
                              f"the board profile ({CARGO_DECK})", "bay")
        code = secret.choose(rng.choice(left), f"{rng.getrandbits(64):016x}")
    return [Note(f"Cargo Bay {bay} unlocked: the app drew its Cargo Card (code {code}); turn "
                 "it up now ('Flip the Bay's card')", "shipstern")]


def flip(state: State, bay: str) -> list[Note | str]:
    """The card the app drew for ``bay`` turned up (its code checked)."""
    secret = state.piece(piece_name(bay), Secret)
    value, _, fits = secret.reveal()
    notes: list[Note | str] = []
    if not fits:
        notes.append(Note(f"Cargo Bay {bay}'s card does NOT match the code shown when it was "
                          "drawn", "shipstern"))
    return notes + reveal(state, bay, value)


def reveal(state: State, bay: str, card: str, swapped: bool = False) -> list[Note | str]:
    """What the Bay holds, and what it does at once («Cargo Bay Nasties», the Widgets)."""
    held = record(state)
    held["bays"][bay] = card
    name, _, kind = (s.strip() for s in card.partition("="))
    moment = (f"Cargo Bay {bay}: {name} put in from the Ship's Manifest" if swapped
              else f"Cargo Bay {bay} opened: {name}")
    notes: list[Note | str] = [Note(f"Cargo Bay {bay}: {name} ({kind})", "shipstern",
                                    key_moment=moment)]
    if kind == "Cargo Bay Nasty":
        room = f"Cargo Bay {bay}"
        if name in nasties.known_names(state):
            _, added = nasties.add(state, name, room, why="revealed")
            return notes + added
        return notes + [Note(f"Place its Cargo Nasty token in {room} and enter it ('Reveal a "
                             f"Nasty', room {room})", "nasties")]
    if kind == "Tech: Widgets":
        held["widgets_bay"] = bay
        notes.append(Note("A consignment of Widgets: each crewmember may take one ('Take a "
                          "Widget'); the first taken triggers Abandon Ship and spawns every "
                          "Big Nasty left", "shipstern"))
    # the Manifest may swap: at a mirror table, or once the app keeps its spares
    if kind not in NO_SWAP and not swapped and (not cards.virtual(state)
                                                or held.get("manifest")):
        notes.append(Note("The Ship's Manifest's holder, if they opened this Bay with it "
                          "ready, may swap this card for one under the Manifest ('Ship's "
                          "Manifest swap')", "shipstern"))
    return notes


def swappable_bays(state: State) -> list[str]:
    """Bays whose revealed card the Ship's Manifest may replace: not a Cargo Bay Nasty or XWT
    Control, and not swapped already."""
    held = facts_of(state).get("stern") or {}
    return [b for b, card in held.get("bays", {}).items()
            if card and card.partition("=")[2].strip() not in NO_SWAP
            and b not in held.get("swapped", [])]


def swap(state: State, bay: str, card: str, kind: str, played: bool = False
         ) -> list[Note | str]:
    """The Ship's Manifest's holder, opening the Bay with it ready, put a spare card in the
    Bay instead of the one revealed («Using the Ship's Manifest»). ``played``: a record made
    since a consignment of Widgets put under the Manifest is no longer in the Bay (one made
    before replays as it was)."""
    held = record(state)
    if bay not in swappable_bays(state):
        shown = held["bays"].get(bay)
        why = ("its card is not turned up yet" if not shown else
               "a Cargo Bay Nasty or XWT Control stays" if shown.partition("=")[2].strip()
               in NO_SWAP else "it was swapped already")
        raise ActionError(f"bay: Cargo Bay {bay} cannot be swapped: {why}", "bay")
    old = held["bays"][bay].partition("=")[0].strip()
    held.setdefault("swapped", []).append(bay)
    if played and held.get("widgets_bay") == bay:
        held["widgets_bay"] = None  # the consignment went under the Manifest
    return [Note(f"Ship's Manifest: {old} goes under the Manifest; Bay {bay} now holds",
                 "shipstern"), *reveal(state, bay, f"{card} = {kind}", swapped=True)]


def take_widget(state: State, name: str, played: bool = False) -> list[Note | str]:
    """A Widget from the consignment: the first triggers Abandon Ship and every Big Nasty left
    spawns («The Escape Pod»: the Widget). ``played``: a record made under the rule held now,
    each spawn entered before play goes on ('Big Nasty spawns'); one made before replays as
    it was (the stack emptied with a note)."""
    held = record(state)
    if held["widgets_bay"] is None:
        raise ActionError("crew: no Cargo Bay has shown a consignment of Widgets yet", "crew")
    if name in held["widgets"]:
        raise ActionError(f"crew: {name} has taken a Widget already (one each)", "crew")
    held["widgets"].append(name)
    notes: list[Note | str] = [Note(f"{name} takes a Widget (a Scenario Token on their mat)",
                                    "shipstern")]
    if len(held["widgets"]) > 1:
        return notes
    stack = state.piece("big_nasties", Counter)
    if played:
        facts_of(state)["widget_spawns"] = stack.value
        if stack.value:
            notes.append(Note(f"Every Big Nasty left spawns now ({stack.value}): turn each "
                              "over and enter it; it spawns in the ShipStern room with the "
                              "gold number of a flipped Nasty Action card ('Big Nasty "
                              "spawns')", "nasties"))
        if not facts_of(state)["abandon_ship"]:
            notes += protocols.abandon_ship(state, "a Widget was taken from the consignment")
        return notes
    left, stack.value = stack.value, 0
    if left:
        notes.append(Note(f"Every Big Nasty left spawns: turn over the {left} on the stack; "
                          "each spawns in the ShipStern room with the gold number of a flipped "
                          "Nasty Action card ('Reveal a Nasty')", "nasties"))
    if not facts_of(state)["abandon_ship"]:
        notes += protocols.abandon_ship(state, "a Widget was taken from the consignment")
    return notes


def no_widgets(state: State) -> str | None:
    if (facts_of(state).get("stern") or {}).get("widgets_bay") is None:
        return "no Cargo Bay has shown a consignment of Widgets"
    return None


def widget_needs(state: State, args: dict[str, Any]) -> list[str]:
    """The first Widget triggers Abandon Ship, which starts the Objective Timer: its length
    is asked once, as when the last Protocol is shut down."""
    held = facts_of(state).get("stern") or {}
    first = held.get("widgets_bay") is not None and not held.get("widgets")
    return ["objective_timer"] if first and not facts_of(state)["abandon_ship"] else []


def spawns_due(state: State) -> int:
    """Big Nasties still to spawn since the first Widget was taken (the stack may have lost
    some to a Protocol shut down meanwhile)."""
    due = facts_of(state).get("widget_spawns") or 0
    return min(due, state.piece("big_nasties", Counter).value)


def spawns_why(state: State) -> str | None:
    """What holds play while a Big Nasty the Widget called is not entered."""
    due = spawns_due(state)
    if not due:
        return None
    return (f"the first Widget was taken: every Big Nasty left spawns at once ({due} still "
            "to enter); turn the top one over and enter it first ('Big Nasty spawns')")


def spawn_why_not(state: State) -> str | None:
    if spawns_due(state):
        return None
    return ("no Big Nasty waits to spawn: every one left spawns when the first Widget is "
            "taken from the consignment ('Take a Widget')")


def spawn_left(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    """One of the Big Nasties left, called by the Widget: it spawns in the ShipStern room of
    a flipped card's gold number («Where to Spawn Big Nasties»: an action in the back)."""
    if not spawns_due(state):
        raise ActionError("action: no Big Nasty waits to spawn", "action")
    notes = protocols.spawn_big(state, rng, args, protocols.WHERE[1])
    state.piece("big_nasties", Counter).value -= 1
    facts_of(state)["widget_spawns"] = spawns_due(state)
    left = spawns_due(state)
    if left:
        notes.append(Note(f"{left} more to spawn: turn the next one over ('Big Nasty spawns')",
                          "nasties"))
    return notes


def junction(state: State, event: str, room: str | None) -> list[Note | str]:
    """The Junction Box found, or its lights switched («Turning the Lights On/Off»)."""
    held = record(state)
    if event == "found":
        held["junction"] = (room or "").strip() or "its room"
        return [Note(f"The Junction Box is in {held['junction']}: its token stays there; "
                     "anyone there may switch the lights with a Use Tool or Engineering "
                     "Action", "shipstern")]
    if held["junction"] is None:
        raise ActionError("event: the Junction Box has not been found yet", "event")
    held["lights"] = event == "lights on"
    if held["lights"]:
        return [Note("Lights on: a yellow token on the Junction Box card; the Engine Rooms, "
                     "Cargo Bays and ShipStern corridors are lit", "shipstern")]
    return [Note("Lights off: the Engine Rooms, Cargo Bays and every ShipStern corridor are "
                 "dark again (Engineering keeps its light)", "shipstern")]


NONE = "none"


def aboard(state: State, text: str | None) -> list[dict[str, Any]]:
    """The Nasties the table named as in the section that broke off: their numbers in the
    Active Nasty Area ("1, 3", or "1. Bug, 3. SpyBot"), or "none"."""
    if text is None or text.strip().lower() == NONE:
        return []
    found = []
    for item in (i.strip() for i in text.split(",")):
        number = item.split(".")[0].strip()
        entry = next((n for n in nasties.area(state) if str(n["id"]) == number), None)
        if entry is None:
            raise ActionError(f"nasties: {item!r} is not in the Active Nasty Area; give their "
                              f"numbers ({', '.join(nasties.labels(state)) or 'none there'}), "
                              f"or {NONE}", "nasties")
        if entry not in found:
            found.append(entry)
    return found


def lost_crew(state: State, text: str | None) -> list[str]:
    """The crewmembers the table named as in the section that broke off ("Cap, Skins"), or
    "none"."""
    if text is None or text.strip().lower() == NONE:
        return []
    names = [n.strip() for n in text.split(",") if n.strip()]
    living = crew.alive(state)
    for name in names:
        if name not in living:
            raise ActionError(f"crew: {name!r} is not a living crewmember; give who was in it "
                              f"({', '.join(living)}), or {NONE}", "crew")
    return list(dict.fromkeys(names))


def check_collapse(state: State, args: dict[str, Any]) -> None:
    """The Nasties and the crew in it are named before it is recorded (the table's answer,
    'none' too); with no agreement the section stays and nobody in it is lost."""
    aboard(state, args.get("nasties"))
    gone = args.get("way") != COLLAPSE_WAYS[2]
    if gone and args.get("crew") is None:
        raise ActionError(f"crew: say who was in {args.get('section')} when it broke off "
                          f"(names, or {NONE}): they go into space with it", "crew")
    if not gone and lost_crew(state, args.get("crew")):
        raise ActionError("crew: without agreement the section is not destroyed: nobody in "
                          f"it is lost; leave it blank or give {NONE}", "crew")
    lost_crew(state, args.get("crew"))


def collapse(state: State, section: str, way: str, markers: int,
             named: str | None = None, crew_in: str | None = None, rules: int = 0
             ) -> list[Note | str]:
    """The section with the most markers breaks off with everyone in it, the Nasties the
    table named too; the table's agreement recorded («Catastrophic Hull Breach»). ``rules``:
    the record's rules version (``crew.die``)."""
    if markers > hazards.breaches(state).value:
        raise ActionError(f"markers: only {hazards.breaches(state).value} on the board",
                          "markers")
    held = record(state)
    gone = aboard(state, named)
    hazards.breaches(state).value -= markers
    held["collapses"].append({"section": section, "way": way, "markers": markers})
    facts_of(state)["collapse_due"] = False
    notes: list[Note | str] = [Note(
        f"{section} broke off into space with everyone in it; {markers} markers come off the "
        f"board; the table: {way}", "hull_breach", key_moment=f"{section} broke off into space")]
    for entry in gone:
        notes += nasties.remove(state, entry, f"went into space with {section}")
    for name in lost_crew(state, crew_in) if way != COLLAPSE_WAYS[2] else ():
        notes += crew.die(state, name, "Hull collapse", rules)  # into space with it
    return notes


def lines(state: State) -> list[str]:
    if not facts_of(state)["shipstern"]:
        return []
    held = facts_of(state).get("stern") or {}
    bays = held.get("bays", {})
    out = ["Cargo Manifest: " + ", ".join(
        f"{b}: " + ("locked" if b not in bays else "drawn, face down" if bays[b] is None
                    else bays[b].partition("=")[0].strip()) for b in BAYS)]
    if held.get("junction"):
        out.append(f"Junction Box: {held['junction']}, lights "
                   + ("on" if held.get("lights") else "off"))
    if held.get("manifest"):
        out.append(f"Ship's Manifest: in {held['manifest']}'s Ready Tool Slot")
    if held.get("widgets"):
        out.append("Widgets taken: " + ", ".join(held["widgets"]))
    return out
