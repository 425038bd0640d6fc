"""Escape vehicles, Powering Up, Decoupling and the Final Showdown (spec pandora-celeste §9.4-
§9.7; rulebook «Powering Up», «Decoupling», «If a Nasty is in your Escape Vehicle»).

``facts["vehicles"]`` keeps, per vehicle, who is aboard (crewmembers by name, Nasties by their
Active Nasty Area number), the icons powered and whether it has Decoupled. ``facts["showdown"]``
is the Final Showdown under way, if any.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import cards, crew, nasties

CAPACITY = {"Bridge": 4, "Shuttle": 2, "Escape Pod": 1}  # spec §9.4
ICONS = {"Bridge": (2, 2, 2), "Shuttle": (2,), "Escape Pod": (1,)}  # per Station
VEHICLES = tuple(CAPACITY)
OFF = "back on the Ship"


def new_vehicles() -> dict[str, dict[str, Any]]:
    return {v: {"crew": [], "nasties": [], "power": [0] * len(ICONS[v]), "decoupled": False}
            for v in VEHICLES}


def vehicles(state: State) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = state.facts["vehicles"]
    return found


def aboard_choices(state: State) -> list[str]:
    return crew.alive(state) + nasties.labels(state)


def place(state: State, who: str, where: str) -> list[Note | str]:
    """A crewmember or a Nasty gets into (or out of) an escape vehicle."""
    if where != OFF and where not in VEHICLES:
        raise ActionError(f"vehicle: give one of {', '.join(VEHICLES)} or {OFF}", "vehicle")
    if where != OFF and vehicles(state)[where]["decoupled"]:
        raise ActionError(f"vehicle: the {where} has Decoupled already", "vehicle")
    is_crew = who in state.facts["crew"]
    key: Any = who
    if not is_crew:
        key = nasties.find(state, who, "who")["id"]
    elif state.facts["crew"][who]["status"] != "alive":
        raise ActionError(f"who: {who} is {state.facts['crew'][who]['status']}", "who")
    slot = "crew" if is_crew else "nasties"
    for data in vehicles(state).values():
        if key in data[slot] and not data["decoupled"]:
            data[slot].remove(key)
    if where == OFF:
        return [Note(f"{who} is {OFF}", "escape")]
    vehicles(state)[where][slot].append(key)
    return [Note(f"{who} is aboard the {where} ({_count_line(state, where)})", "escape")]


def on_board_count(state: State, vehicle: str) -> int:
    """Live crew aboard, Skins not counted (spec §9.4, §9.6; T34, T35)."""
    return sum(1 for n in vehicles(state)[vehicle]["crew"]
               if n not in crew.ANDROIDS and state.facts["crew"][n]["status"] == "alive")


def _count_line(state: State, vehicle: str) -> str:
    cap = CAPACITY[vehicle]
    free = [n for n in vehicles(state)[vehicle]["crew"] if n in crew.ANDROIDS]
    return (f"{on_board_count(state, vehicle)} of {cap} pod{'' if cap == 1 else 's'} taken"
            + (f"; {' and '.join(free)} takes none, being an Android" if free else ""))


def power_up(state: State, vehicle: str, station: int, icons: int) -> list[Note | str]:
    """Icons powered on a Station (spec §9.4: both icons of a Station, one Station a turn)."""
    data = vehicles(state)[vehicle]
    if not 1 <= station <= len(ICONS[vehicle]):
        raise ActionError(f"station: the {vehicle} has {len(ICONS[vehicle])} Station"
                          f"{'s' if len(ICONS[vehicle]) > 1 else ''}", "station")
    room = ICONS[vehicle][station - 1] - data["power"][station - 1]
    if icons > room:
        raise ActionError(f"icons: Station {station} of the {vehicle} has {room} icon"
                          f"{'' if room == 1 else 's'} left to power", "icons")
    data["power"][station - 1] += icons
    notes: list[Note | str] = [Note(f"{vehicle}: {power_line(state, vehicle)}", "escape")]
    if powered(state, vehicle):
        notes.append(Note(f"The {vehicle} is Powered Up", "escape"))
    return notes


def power_needs(state: State, args: dict[str, Any]) -> list[str]:
    return ["bridge_stations"] if args.get("vehicle") == "Bridge" else []


def powered(state: State, vehicle: str) -> bool:
    data = vehicles(state)[vehicle]
    full = sum(1 for got, of in zip(data["power"], ICONS[vehicle], strict=True) if got == of)
    if vehicle == "Bridge":
        need = state.board.get("bridge_stations")
        return isinstance(need, int) and full >= need
    return full == len(ICONS[vehicle])


def power_line(state: State, vehicle: str) -> str:
    data = vehicles(state)[vehicle]
    return ", ".join(f"Station {i + 1} {got}/{of}" if len(ICONS[vehicle]) > 1 else f"{got}/{of}"
                     for i, (got, of) in enumerate(zip(data["power"], ICONS[vehicle],
                                                       strict=True)))


def decouple_check(state: State, when: str) -> list[Note | str]:
    """Which vehicles Decouple now (spec §9.6; T34-T36): at the end of the Crew Round with a
    Fulfilled crewmember aboard; at the end of the Nasty Action Round when every survivor is
    aboard some vehicle."""
    notes: list[Note | str] = []
    living = crew.alive(state)
    everyone_aboard = bool(living) and all(
        any(n in d["crew"] for d in vehicles(state).values()) for n in living)
    for vehicle, data in vehicles(state).items():
        if data["decoupled"] or not data["crew"] or not powered(state, vehicle):
            continue
        if vehicle != "Escape Pod" and not state.facts["abandon_ship"]:
            continue
        if on_board_count(state, vehicle) > CAPACITY[vehicle]:
            notes.append(Note(f"The {vehicle} carries {on_board_count(state, vehicle)}: over its "
                              f"{CAPACITY[vehicle]} pods, it cannot Decouple until someone "
                              "leaves", "escape"))
            continue
        fulfilled = any(state.facts["crew"][n]["fulfilled"] for n in data["crew"])
        if when == "crew_round" and fulfilled:
            notes += decouple(state, vehicle, "a crewmember aboard has Fulfilled their Agenda")
        elif (when == "nasty_round" and vehicle != "Escape Pod" and not fulfilled
              and everyone_aboard):
            notes += decouple(state, vehicle, "every surviving crewmember is aboard")
    return notes


def decouple(state: State, vehicle: str, why: str) -> list[Note | str]:
    """The vehicle leaves; a Nasty aboard starts the Final Showdown (spec §9.6, §9.7)."""
    data = vehicles(state)[vehicle]
    if data["decoupled"]:
        raise ActionError(f"vehicle: the {vehicle} has Decoupled already", "vehicle")
    data["decoupled"] = True
    notes: list[Note | str] = [Note(f"The {vehicle} Decouples ({why}). Anyone in its Airlock "
                                    "or on its Vent Nodes is pulled inside", "escape")]
    aboard = [n for n in nasties.area(state) if n["id"] in data["nasties"]]
    if aboard:
        state.facts["showdown"] = {"vehicle": vehicle, "flushed": False, "flips": []}
        names = ", ".join(nasties.label(n) for n in aboard)
        return notes + [Note(f"A Nasty is aboard ({names}): the Final Showdown. Time stands "
                             "still; each round the crew act (an attack with push-your-luck, "
                             "a Desperation Attack or one Airlock flush), then every Nasty "
                             "aboard attacks the vehicle's First Target", "showdown")]
    return notes + after_escape(state, vehicle)


def after_escape(state: State, vehicle: str) -> list[Note | str]:
    if vehicle == "Escape Pod" and not state.facts["abandon_ship"]:
        return [Note("The Escape Pod is away before Abandon Ship: the table chooses to end "
                     "now (the escapee wins) or play on with the escapee as a Player-Nasty "
                     "('Escape Pod: end or play on')", "escape")]
    if "Long Game" in state.facts["variants"]:
        return [Note("Long Game: play on until every surviving crewmember has left the Ship",
                     "escape")]
    state.facts["ended"] = state.facts["ended"] or f"the {vehicle} Decoupled"
    return [Note("The game ends: reveal the Hidden Agendas ('Reveal a secret')", "outcomes")]


def showdown_aboard(state: State) -> list[dict[str, Any]]:
    held = state.facts["showdown"]
    if held is None:
        return []
    ids = vehicles(state)[held["vehicle"]]["nasties"]
    return [n for n in nasties.area(state) if n["id"] in ids]


def showdown_over(state: State) -> list[Note | str]:
    """The Showdown ends when no Nasty is left aboard or no crewmember (G-25 reading)."""
    held = state.facts["showdown"]
    if held is None:
        return []
    vehicle = held["vehicle"]
    crew_left = [n for n in vehicles(state)[vehicle]["crew"]
                 if state.facts["crew"][n]["status"] == "alive"]
    if showdown_aboard(state) and crew_left:
        return []
    state.facts["showdown"] = None
    if not crew_left:
        state.facts["ended"] = state.facts["ended"] or f"the Final Showdown in the {vehicle}"
        return [Note("Nobody aboard survived the Final Showdown", "showdown")]
    return [Note("No Nasty is left aboard: the Final Showdown is won", "showdown"),
            *after_escape(state, vehicle)]


def need_aboard(state: State, name: str, entry: dict[str, Any]) -> None:
    """During the Final Showdown only those aboard the vehicle fight (spec §9.7)."""
    held = state.facts["showdown"]
    if held is None:
        return
    vehicle = held["vehicle"]
    if name not in vehicles(state)[vehicle]["crew"]:
        raise ActionError(f"crew: {name} is not aboard the {vehicle}, where the Final "
                          "Showdown is", "crew")
    if entry not in showdown_aboard(state):
        aboard = ", ".join(nasties.label(n) for n in showdown_aboard(state))
        raise ActionError(f"nasty: {nasties.label(entry)} is not aboard the {vehicle}; aboard: "
                          f"{aboard}", "nasty")


def _need_showdown(state: State) -> dict[str, Any]:
    held: dict[str, Any] | None = state.facts["showdown"]
    if held is None:
        raise ActionError("there is no Final Showdown under way", "action")
    return held


def desperation(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """Discard cards, flip up to one card each (two against the Time Jumper) until a MISS;
    the HITs land as one Hit (spec §9.7; T25, T26)."""
    _need_showdown(state)
    entry = nasties.find(state, args["nasty"])
    crew.need_alive(state, args["crew"])
    need_aboard(state, args["crew"], entry)
    discards = args["discards"]
    half = "top" if args["tool"] else "bottom"
    flips = discards * (2 if entry["name"] == "Time Jumper" else 1)
    notes: list[Note | str] = []
    if cards.virtual(state):
        if args.get("hits") is not None:
            raise ActionError("hits: the app flips in virtual mode; leave it blank", "hits")
        results = []
        for _ in range(flips):
            card, drawn = cards.draw(state, rng)
            notes += drawn
            results.append(cards.is_hit(card, half))
            if not results[-1]:
                break
        total, missed = sum(results), not all(results)
    else:
        if args.get("hits") is None:
            raise ActionError(f"hits: give the HITs flipped before the first MISS (0 to {flips})",
                              "hits")
        total = args["hits"]
        if total > flips:
            raise ActionError(f"hits: at most {flips} flips for {discards} discards", "hits")
        missed = total < flips
    reduction = nasties.kind_of(state, entry).reduction
    landed = max(0, total - reduction)
    notes.append(Note(f"Desperation Attack: {total} HIT{'' if total == 1 else 's'} as one Hit"
                      + (f", {reduction} less for {entry['name']}" if reduction else ""),
                      "showdown"))
    notes += nasties.wound(state, entry, landed)
    if missed:
        notes.append(Note(f"A MISS ends it: {args['crew']} Passes", "showdown"))
    return notes + showdown_over(state)


def flush(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """Flush the Airlock once per Showdown (spec §9.7; T37)."""
    held = _need_showdown(state)
    if held["flushed"]:
        raise ActionError("the Airlock was flushed already: foam seals it", "action")
    flusher = args["flusher"]
    vehicle = held["vehicle"]
    if flusher not in vehicles(state)[vehicle]["crew"]:
        raise ActionError(f"flusher: {flusher} is not aboard the {vehicle}", "flusher")
    held["flushed"] = True
    notes: list[Note | str] = [Note("Flush: reshuffle the Nasty Action deck first", "showdown")]
    notes += cards.shuffle(state, rng)
    occupants = [n for n in vehicles(state)[vehicle]["crew"] if n != flusher]
    held["flips"] = [nasties.label(n) for n in showdown_aboard(state)] + occupants
    lines = []
    for name in occupants:
        entry = state.facts["crew"][name]
        if entry["eva_suit"]:
            held["flips"].remove(name)
            lines.append(f"{name} wears an EVA Suit: cannot be flushed")
        elif entry["stunned"]:
            held["flips"].remove(name)
            notes += _flushed_crew(state, name)
    notes += [Note(line, "showdown") for line in lines]
    notes.append(Note("Each one left flips a card ('Flush: a flip'): a crewmember who Powered "
                      "Up in a chair reads the top box, everyone else the bottom; HIT stays, "
                      "MISS is flushed into space. Left to flip: " + ", ".join(held["flips"]),
                      "showdown"))
    return notes


def flush_flip(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    held = _need_showdown(state)
    who = args["who"]
    if who not in held["flips"]:
        raise ActionError(f"who: give one of {', '.join(held['flips']) or 'nobody (all done)'}",
                          "who")
    half = "top" if args["in_chair"] else "bottom"
    card, notes = cards.flip(state, rng, args, half)
    held["flips"].remove(who)
    if cards.is_hit(card, half):
        notes.append(Note(f"{who}: HIT, stays aboard", "showdown"))
    elif who in state.facts["crew"]:
        notes += _flushed_crew(state, who)
    else:
        notes += nasties.remove(state, nasties.find(state, who, "who"), "is flushed into space")
    return notes + showdown_over(state)


def _flushed_crew(state: State, name: str) -> list[Note | str]:
    vehicles(state)[state.facts["showdown"]["vehicle"]]["crew"].remove(name)
    state.facts["crew"][name]["status"] = "dead"
    return [Note(f"{name} is flushed into space", "showdown")]


def escaped(state: State, name: str) -> bool:
    """Aboard a vehicle that got away with no Nasty left aboard (spec §9.6, §10.2)."""
    if state.facts["crew"][name]["status"] != "alive":
        return False
    held = state.facts["showdown"]
    for vehicle, data in vehicles(state).items():
        if data["decoupled"] and name in data["crew"]:
            return held is None or held["vehicle"] != vehicle
    return False


def lines(state: State) -> list[str]:
    out = []
    for vehicle, data in vehicles(state).items():
        aboard = data["crew"] + [f"Nasty {i}" for i in data["nasties"]]
        word = "Decoupled" if data["decoupled"] else (
            "Powered Up" if powered(state, vehicle) else f"power {power_line(state, vehicle)}")
        out.append(f"{vehicle}: {word}; aboard {', '.join(aboard) or 'nobody'} "
                   f"({_count_line(state, vehicle)})")
    if state.facts["showdown"]:
        held = state.facts["showdown"]
        out.append(f"Final Showdown in the {held['vehicle']}"
                   + ("; Airlock flushed" if held["flushed"] else ""))
    return out
