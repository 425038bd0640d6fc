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
from trackers.games.pandora_celeste import cards, crew, nasties, scenarios
from trackers.games.pandora_celeste.action_fields import rules_of
from trackers.games.pandora_celeste.facts import facts_of

CAPACITY = {"Bridge": 4, "Shuttle": 2, "Escape Pod": 1}  # spec §9.4
ICONS = {"Bridge": (2, 2, 2), "Shuttle": (2,), "Escape Pod": (1,)}  # per Station
VEHICLES = tuple(CAPACITY)
OFF = "back on the Ship"


def new_vehicles() -> dict[str, dict[str, Any]]:
    return {v: {"crew": [], "nasties": [], "power": [0] * len(ICONS[v]), "decoupled": False}
            for v in VEHICLES}


def vehicles(state: State) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = facts_of(state)["vehicles"]
    return found


def aboard_choices(state: State) -> list[str]:
    return crew.alive(state) + nasties.labels(state)


SPOTS = ("inside", "in its Airlock or on the Bridge's Vent Nodes")


def place(state: State, who: str, where: str, spot: str | None = None) -> list[Note | str]:
    """A crewmember or a Nasty gets into (or out of) an escape vehicle, inside or in its
    Airlock (or on the Bridge's Vent Nodes), where a decoupling pulls them in."""
    if where != OFF and where not in VEHICLES:
        raise ActionError(f"vehicle: give one of {', '.join(VEHICLES)} or {OFF}", "vehicle")
    if where != OFF and vehicles(state)[where]["decoupled"]:
        raise ActionError(f"vehicle: the {where} has Decoupled already", "vehicle")
    is_crew = who in facts_of(state)["crew"]
    key: Any = who
    if not is_crew:
        key = nasties.find(state, who, "who")["id"]
    elif facts_of(state)["crew"][who]["status"] != "alive":
        raise ActionError(f"who: {who} is {facts_of(state)['crew'][who]['status']}", "who")
    slot = "crew" if is_crew else "nasties"
    for data in vehicles(state).values():
        if data["decoupled"]:
            continue
        for where_in in (slot, f"airlock_{slot}"):
            if key in data.get(where_in, []):
                data[where_in].remove(key)
    if where == OFF:
        return [Note(f"{who} is {OFF}", "escape")]
    if spot not in (None, SPOTS[0]):
        vehicles(state)[where].setdefault(f"airlock_{slot}", []).append(key)
        return [Note(f"{who} is in the {where}'s Airlock: pulled inside if it Decouples "
                     f"({_count_line(state, where)})", "escape")]
    vehicles(state)[where][slot].append(key)
    return [Note(f"{who} is aboard the {where} ({_count_line(state, where)})", "escape")]


def on_board_count(state: State, vehicle: str) -> int:
    """Live crew aboard, those in its Airlock too (they count, rulebook «Decoupling»), Skins
    not counted (spec §9.4, §9.6; T34, T35)."""
    data = vehicles(state)[vehicle]
    return sum(1 for n in data["crew"] + data.get("airlock_crew", [])
               if n not in crew.ANDROIDS and facts_of(state)["crew"][n]["status"] == "alive")


def _count_line(state: State, vehicle: str) -> str:
    cap = CAPACITY[vehicle]
    free = [n for n in vehicles(state)[vehicle]["crew"] if n in crew.ANDROIDS]
    return (f"{on_board_count(state, vehicle)} of {cap} pod{'' if cap == 1 else 's'} taken"
            " by crew" + (f"; {' and '.join(free)} takes none, being an Android"
                          if free else ""))


def power_up(state: State, vehicle: str, station: int, icons: int, who: str | None = None,
             extra: bool = False, widget: bool = False) -> list[Note | str]:
    """Icons powered on a Station (spec §9.4: both icons of a Station, one Station a player
    turn unless a Use & Lose card allows more; the Escape Pod opens only with a Widget)."""
    data = vehicles(state)[vehicle]
    if not 1 <= station <= len(ICONS[vehicle]):
        raise ActionError(f"station: the {vehicle} has {len(ICONS[vehicle])} Station"
                          f"{'s' if len(ICONS[vehicle]) > 1 else ''}", "station")
    room = ICONS[vehicle][station - 1] - data["power"][station - 1]
    if icons > room:
        raise ActionError(f"icons: Station {station} of the {vehicle} has {room} icon"
                          f"{'' if room == 1 else 's'} left to power", "icons")
    if vehicle == "Escape Pod" and not data.get("widget") and not widget:
        raise ActionError("widget: the Escape Pod opens only once a Widget is used and lost to "
                          "get in («The Escape Pod»); tick it when one was", "widget")
    if who is None:  # the rule is one Station a player turn: it needs to know whose turn
        alive = crew.alive(state)
        if len(alive) != 1:
            raise ActionError("who: give who sits in the Station's chair and plays the cards, "
                              f"one of {', '.join(alive)}: each powers one Station a player "
                              "turn («Powering Up»)", "who")
        who = alive[0]  # the only crewmember left: nobody else could have
    if who is not None:
        entry = crew.need_alive(state, who)
        done = entry.get("powered", [])
        here = f"{vehicle} {station}"
        if done and here not in done and not extra:
            raise ActionError(f"who: {who} powered {done[0]} this turn already; one Station a "
                              "player turn («Powering Up») unless a Use & Lose card or a Bypass "
                              "allows more (tick 'extra'), or 'End of turn' first", "who")
        entry["powered"] = [*done, here] if here not in done else done
        chairs = data.setdefault("chairs", [])
        if who not in chairs:
            chairs.append(who)
    if widget:
        data["widget"] = True
    data["power"][station - 1] += icons
    by = f" by {who}, in its chair" if who else ""
    notes: list[Note | str] = [Note(f"{vehicle}: {power_line(state, vehicle)}{by}", "escape")]
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


def _ready(state: State, vehicle: str) -> bool:
    """Powered Up, released by Abandon Ship (the Escape Pod needs no release) and someone
    living aboard (spec §9.4, §9.6)."""
    data = vehicles(state)[vehicle]
    if data["decoupled"] or not powered(state, vehicle):
        return False
    if vehicle != "Escape Pod" and not facts_of(state)["abandon_ship"]:
        return False
    return any(facts_of(state)["crew"][n]["status"] == "alive" for n in data["crew"])


def _everyone_aboard(state: State) -> bool:
    living = crew.alive(state)
    return bool(living) and all(any(n in d["crew"] for d in vehicles(state).values())
                                for n in living)


def _fulfilled_aboard(state: State, vehicle: str) -> bool:
    return any(facts_of(state)["crew"][n]["fulfilled"] and facts_of(state)["crew"][n]["status"] ==
               "alive" for n in vehicles(state)[vehicle]["crew"])


def would_decouple(state: State) -> list[str]:
    """The vehicles the end of this Nasty Action Round would Decouple (spec §9.6)."""
    if not _everyone_aboard(state):
        return []
    return [v for v in VEHICLES if v != "Escape Pod" and _ready(state, v)
            and not _fulfilled_aboard(state, v) and on_board_count(state, v) <= CAPACITY[v]]


def decouple_check(state: State, when: str, played: int = 0) -> list[Note | str]:
    """Which vehicles Decouple now (spec §9.6; T34-T36; rulebook «Decoupling»): at the end of
    the Crew Round with a crewmember aboard who Fulfilled their Agenda; at the end of the Nasty
    Action Round, after its last attack, when every survivor is aboard some vehicle."""
    notes: list[Note | str] = []
    everyone_aboard = _everyone_aboard(state)
    for vehicle in VEHICLES:
        if not _ready(state, vehicle):
            continue
        fulfilled = _fulfilled_aboard(state, vehicle)
        due = (fulfilled if when == "crew_round"
               else vehicle != "Escape Pod" and not fulfilled and everyone_aboard)
        if not due:
            continue
        if on_board_count(state, vehicle) > CAPACITY[vehicle]:
            notes.append(Note(f"The {vehicle} carries {on_board_count(state, vehicle)}: over its "
                              f"{CAPACITY[vehicle]} pods, it cannot Decouple until someone "
                              "leaves", "escape"))
            continue
        why = ("a crewmember aboard has Fulfilled their Agenda" if when == "crew_round"
               else "every surviving crewmember is aboard")
        notes += decouple(state, vehicle, why, played)
        if facts_of(state)["showdown"] is not None:
            break  # time stands still: the Showdown is played before anything else
    return notes


def decouple(state: State, vehicle: str, why: str, played: int = 0) -> list[Note | str]:
    """The vehicle leaves; its Airlock is pulled in; a Nasty aboard starts the Final Showdown
    (spec §9.6, §9.7). ``played``: a record made since the Escape Pod's choice is offered
    whenever it ejects (see ``after_escape``)."""
    data = vehicles(state)[vehicle]
    if data["decoupled"]:
        raise ActionError(f"vehicle: the {vehicle} has Decoupled already", "vehicle")
    data["decoupled"] = True
    pulled = list(data.get("airlock_crew", []))
    pulled += [nasties.label(n) for n in nasties.area(state)
               if n["id"] in data.get("airlock_nasties", [])]
    data["crew"] += data.pop("airlock_crew", [])
    data["nasties"] += data.pop("airlock_nasties", [])
    inside = (f"; pulled inside from its Airlock: {', '.join(pulled)}" if pulled
              else "; nobody was in its Airlock")
    notes: list[Note | str] = [Note(f"The {vehicle} Decouples ({why}){inside}", "escape",
                                    key_moment=f"The {vehicle} Decoupled")]
    aboard = [n for n in nasties.area(state) if n["id"] in data["nasties"]]
    if aboard:
        facts_of(state)["showdown"] = {"vehicle": vehicle, "flushed": False, "flips": [],
                                   "results": {}}
        names = ", ".join(nasties.label(n) for n in aboard)
        return notes + [Note(f"A Nasty is aboard ({names}): the Final Showdown. Time stands "
                             "still; each round the crew act (an attack with push-your-luck, "
                             "a Desperation Attack or one Airlock flush), then every Nasty "
                             "aboard attacks the vehicle's First Target", "showdown",
                             key_moment="The Final Showdown")]
    return notes + after_escape(state, vehicle, played)


def after_escape(state: State, vehicle: str, played: int = 0) -> list[Note | str]:
    """What follows a vehicle that got away: the Escape Pod's ejection lets the table end the
    game or play on, before Abandon Ship or after it («The Escape Pod»; a record made before
    ``played`` offered it only before Abandon Ship, and replays so; ``played``, the record's
    rules version: from 3 the escapee's target tokens pass within each token's scope)."""
    left = [n for n in crew.alive(state) if not escaped(state, n)]
    if vehicle == "Escape Pod" and left and (played or not facts_of(state)["abandon_ship"]):
        when = "" if played else " before Abandon Ship"
        notes: list[Note | str] = [Note(
            f"The Escape Pod is away{when}: the table chooses to end now (the escapee wins) or "
            "play on with the escapee as a Player-Nasty ('Escape Pod: end or play on')",
            "escape")]
        for name in vehicles(state)[vehicle]["crew"] if played else ():
            notes += crew.pass_targets(state, name, left, played >= 3)  # gone: no token
        return notes
    if "Long Game" in facts_of(state)["variants"]:
        return [Note("Long Game: play on until every surviving crewmember has left the Ship",
                     "escape")]
    facts_of(state)["ended"] = facts_of(state)["ended"] or f"the {vehicle} Decoupled"
    if not scenarios.agendas(state):  # Scenarios 1-2: no Hidden Agendas to reveal
        return [Note("The game ends", "outcomes")]
    return [Note("The game ends: reveal the Hidden Agendas ('Reveal a secret')", "outcomes")]


def showdown_aboard(state: State) -> list[dict[str, Any]]:
    held = facts_of(state)["showdown"]
    if held is None:
        return []
    ids = vehicles(state)[held["vehicle"]]["nasties"]
    return [n for n in nasties.area(state) if n["id"] in ids]


def showdown_over(state: State) -> list[Note | str]:
    """The Showdown ends when no Nasty is left aboard or no crewmember (G-25 reading)."""
    held = facts_of(state)["showdown"]
    if held is None:
        return []
    vehicle = held["vehicle"]
    crew_left = [n for n in vehicles(state)[vehicle]["crew"]
                 if facts_of(state)["crew"][n]["status"] == "alive"]
    if showdown_aboard(state) and crew_left:
        return []
    facts_of(state)["showdown"] = None
    if not crew_left:
        facts = facts_of(state)
        facts["ended"] = facts["ended"] or f"the Final Showdown in the {vehicle}"
        return [Note("Nobody aboard survived the Final Showdown", "showdown")]
    return [Note("No Nasty is left aboard: the Final Showdown is won", "showdown"),
            *after_escape(state, vehicle)]


def need_aboard(state: State, name: str, entry: dict[str, Any]) -> None:
    """During the Final Showdown only those aboard the vehicle fight (spec §9.7)."""
    held = facts_of(state)["showdown"]
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
    held: dict[str, Any] | None = facts_of(state)["showdown"]
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
    if cards.virtual(state):  # (a typed "hits" is refused before: the field is not shown)
        results = []
        for _ in range(flips):
            card, drawn = cards.draw(state, rng)
            notes += [*drawn, Note(cards.describe(card, half), "showdown")]  # shown, never hidden
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
        # kept for the check on their next attack (the Nasties aboard attack in between)
        _need_showdown(state).setdefault("passed", []).append(args["crew"])
        notes.append(Note(f"A MISS ends it: {args['crew']} Passes until the Nasties aboard "
                          "have attacked", "showdown"))
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
    chairs = vehicles(state)[vehicle].get("chairs", [])
    if chairs and flusher not in chairs:
        raise ActionError(f"flusher: only a crewmember who Powered Up the {vehicle} in a chair "
                          f"may flush its Airlock: {', '.join(chairs)}", "flusher")
    held["flushed"] = True
    notes: list[Note | str] = [Note("Flush: reshuffle the Nasty Action deck first", "showdown")]
    notes += cards.shuffle(state, rng)
    occupants = [n for n in vehicles(state)[vehicle]["crew"] if n != flusher]
    held["flips"] = [nasties.label(n) for n in showdown_aboard(state)] + occupants
    lines = []
    for name in occupants:
        entry = facts_of(state)["crew"][name]
        if entry["eva_suit"]:
            held["flips"].remove(name)
            lines.append(f"{name} wears an EVA Suit: cannot be flushed")
        elif entry["stunned"]:
            held["flips"].remove(name)
            notes += _flushed_crew(state, name, rules_of(args))
    notes += [Note(line, "showdown") for line in lines]
    held["results"] = {}
    if not held["flips"]:
        return notes + showdown_over(state)
    notes.append(Note("Each one left flips a card ('Flush: a flip'): a crewmember who Powered "
                      "Up in a chair reads the top box, everyone else the bottom; HIT stays, "
                      "MISS is flushed into space, once every flip is in. Left to flip: "
                      + _left(state, held), "showdown", key_moment="The Airlock flush"))
    return notes


def _left(state: State, held: dict[str, Any]) -> str:
    """Who still flips, each with the box they read: the table never has to work it out."""
    chairs = vehicles(state)[held["vehicle"]].get("chairs", [])
    return ", ".join(f"{who} ({'top' if who in chairs else 'bottom'} box)"
                     for who in held["flips"])


def flush_flip(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """One flip of the Airlock flush. Nobody goes until every flip is in, so the order they
    are entered in never changes who is flushed (rulebook «Flush it out the Airlock!»: each
    Nasty and every other occupant flips)."""
    held = _need_showdown(state)
    who = args["who"]
    if who not in held["flips"]:
        raise ActionError(f"who: give one of {', '.join(held['flips']) or 'nobody (all done)'}",
                          "who")
    chairs = vehicles(state)[held["vehicle"]].get("chairs", [])
    in_chair = bool(args["in_chair"]) or who in chairs
    half = "top" if in_chair else "bottom"
    if in_chair and who not in facts_of(state)["crew"]:
        raise ActionError(f"in_chair: {who} is a Nasty; only a crewmember who Powered Up sits "
                          "in a control chair", "in_chair")
    card, notes = cards.flip(state, rng, args, half)
    held["flips"].remove(who)
    held.setdefault("results", {})[who] = cards.is_hit(card, half)
    if card["reshuffle"]:
        notes += cards.shuffle(state, rng)
    word = "HIT: holds on" if held["results"][who] else "MISS: will be flushed"
    notes.append(Note(f"{who}: {word}", "showdown"))
    if held["flips"]:
        return notes + [Note("Left to flip: " + _left(state, held), "showdown")]
    return notes + _resolve_flush(state, held, rules_of(args))


def _resolve_flush(state: State, held: dict[str, Any], rules: int) -> list[Note | str]:
    """Every flip is in: each MISS goes into space together, then the Showdown is looked at."""
    notes: list[Note | str] = []
    for who, hit in held["results"].items():
        if hit:
            notes.append(Note(f"{who} grabs hold and stays aboard", "showdown"))
        elif who in facts_of(state)["crew"]:
            notes += _flushed_crew(state, who, rules)
        else:
            notes += nasties.remove(state, nasties.find(state, who, "who"),
                                    "is flushed into space")
    held["results"] = {}
    return notes + showdown_over(state)


def _flushed_crew(state: State, name: str, rules: int) -> list[Note | str]:
    """Flushed into space; their target tokens pass (``crew.pass_targets``: within the
    token's scope for a record of rules version 3 or later)."""
    held = facts_of(state)["showdown"] or {}
    vehicles(state)[held["vehicle"]]["crew"].remove(name)
    facts_of(state)["crew"][name]["status"] = "dead"
    return [Note(f"{name} is flushed into space", "showdown",
                 key_moment=f"{name} flushed into space"),
            *crew.pass_targets(state, name, scoped=rules >= 3)]


def escaped(state: State, name: str) -> bool:
    """Aboard a vehicle that got away with no Nasty left aboard (spec §9.6, §10.2)."""
    if facts_of(state)["crew"][name]["status"] != "alive":
        return False
    held = facts_of(state)["showdown"]
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
    held = facts_of(state)["showdown"]
    if held:
        out.append(f"Final Showdown in the {held['vehicle']}"
                   + ("; Airlock flushed" if held["flushed"] else ""))
    return out


def pod_choice_due(state: State) -> str | None:
    """The Escape Pod has ejected with someone aboard and the table has not said whether the
    game ends there or plays on («The Escape Pod»)."""
    facts = facts_of(state)
    pod = vehicles(state)["Escape Pod"]
    if not pod["decoupled"] or not pod["crew"] or facts.get("pod_choice") or facts["ended"] \
            or all(escaped(state, n) for n in crew.alive(state)):
        return None
    return ("the Escape Pod has ejected: the table says whether the game ends here (the "
            "escapee wins) or plays on first ('Escape Pod: end or play on')")
