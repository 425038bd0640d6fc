"""Emergency Protocols on the Turn Cycle Tracker (spec pandora-celeste §4, §9.3; T01-T08).

Each timed Protocol has a Countdown Marker named after it on the ``turn_cycle`` Countdown;
the highest live marker drives the timeline. ``facts["protocols"]`` keeps every Protocol
drawn, timed or not, with its delays and whether it is active, shut down or went off.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import cards, cycle, hazards, nasties, scenarios
from trackers.games.pandora_celeste.board import DELAY_KEYS
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Countdown, Counter

NO_LIMIT = "No time limit"  # spec §4.8: the tracker marker when no Protocol is timed
NO_LIMIT_START = 9
VACUUM_DELAYS = ("Bridge Airlock", "Cargo Control Airlock")  # spec §4.4: one each per game
WHERE = ("front of the Ship", "back of the Ship", "Cargo Control or Docking Bay Starboard")


def tracker(state: State) -> Countdown:
    return state.piece("turn_cycle", Countdown)


def gone_off(state: State) -> list[str]:
    """Timed Protocols whose marker is at 0, ticked there or set there by hand (spec §4.3)."""
    timer = tracker(state)
    return [p["name"] for p in facts_of(state)["protocols"]
            if p["timed"] and p["state"] != "shut down" and p["name"] in timer.gone_off]


def active(state: State) -> list[dict[str, Any]]:
    return [p for p in facts_of(state)["protocols"] if p["state"] == "active"]


def active_names(state: State) -> list[str]:
    return [p["name"] for p in active(state)]


def timed_names(state: State) -> list[str]:
    return [p["name"] for p in active(state) if p["timed"]]


def _find(state: State, name: str) -> dict[str, Any]:
    for entry in active(state):
        if entry["name"] == name:
            return entry
    raise ActionError(f"protocol: {name!r} is not an active Emergency Protocol; give one of "
                      f"{', '.join(active_names(state)) or 'none'}", "protocol")


def delay_key(name: str) -> str | None:
    """The board value holding a Protocol's delay limit (Vacuum's is in the rulebook)."""
    return DELAY_KEYS.get(name.strip().lower())


def add(state: State, name: str, start: int | None, delay_limit: int | None) -> list[Note | str]:
    """Enter a Protocol drawn at setup, with its card's start value (spec §8.2 step 3; G-02).

    Vacuum's delays are the rulebook's; a Protocol the board profile knows takes its limit
    from there when first delayed; any other gives its limit here.
    """
    facts = facts_of(state)
    if facts["phase"] != "setup":
        raise ActionError("Emergency Protocols are drawn at setup (rulebook «The Full Game», "
                          "p.34)", "action")
    expected = facts["expected_protocols"]
    if expected is not None and len(facts["protocols"]) >= expected:
        raise ActionError(f"name: {facts['difficulty']} draws {expected} Emergency "
                          f"Protocol{'' if expected == 1 else 's'}; all are entered", "name")
    if name.lower() in (p["name"].lower() for p in facts["protocols"]):
        raise ActionError(f"name: {name} is entered already", "name")
    vacuum = "vacuum" in name.lower()
    notes: list[Note | str] = []
    key = delay_key(name)
    if key and delay_limit is not None and key not in state.board:
        state.board[key] = delay_limit  # read off the card: a printed value, kept as one
        notes.append(Note(f"{name}: {delay_limit} delay{'' if delay_limit == 1 else 's'} on "
                          "its card, kept on your board profile", "emergency_protocols"))
    if start is not None:
        tracker(state).add_marker(name, start)
        notes.append(Note(f"{name}: Countdown Marker on {start}", "emergency_protocols"))
    else:
        notes.append(Note(f"{name}: no time limit", "emergency_protocols"))
    if vacuum:
        notes.append(Note("Vacuum: 2 delays a game, one per Airlock (Engineering Action in CC "
                          "Fore or Aft beside the Airlock to the Bridge, or to Cargo Control)",
                          "emergency_protocols"))
    facts["protocols"].append({
        "name": name, "timed": start is not None, "state": "active", "delays": [],
        "delay_limit": len(VACUUM_DELAYS) if vacuum else None if key else delay_limit,
        "delay_sources": list(VACUUM_DELAYS) if vacuum else [],
    })
    return notes


def check_add(state: State, args: dict[str, Any]) -> None:
    """A delay limit given with a Protocol agrees with what is known of its card: Vacuum's 2
    is the rulebook's; another Protocol's is the one on the board profile, once entered."""
    name, given = str(args.get("name") or ""), args.get("delay_limit")
    if given is None:
        return
    if "vacuum" in name.lower() and given != len(VACUUM_DELAYS):
        raise ActionError(f"delay_limit: the rulebook gives Vacuum {len(VACUUM_DELAYS)} delays "
                          "(one per Airlock); give 2 or leave it blank", "delay_limit")
    key = delay_key(name)
    known = state.board.get(key) if key else None
    if known is not None and known != given:
        raise ActionError(f"delay_limit: your board profile says {name}'s card allows "
                          f"{known}; leave it blank (or enter the board value again: 'Enter a "
                          "board value')", "delay_limit")


def delay_needs(state: State, args: dict[str, Any]) -> list[str]:
    key = delay_key(str(args.get("protocol", "")))
    return [key] if key else []


def finish_setup(state: State) -> list[Note | str]:
    """Leaving the Protocol step: all entered; 9 when none is timed (spec §4.8; T07, G-12)."""
    facts = facts_of(state)
    count, expected = len(facts["protocols"]), facts["expected_protocols"]
    if (expected is not None and count != expected) or count == 0:
        need = expected if expected is not None else "at least 1"
        raise ActionError(f"enter the Emergency Protocols first: {need} needed, {count} entered "
                          "('Add an Emergency Protocol')", "action")
    timed = [p for p in facts["protocols"] if p["timed"]]
    if not timed:
        tracker(state).add_marker(NO_LIMIT, NO_LIMIT_START)
        return [Note(f"No Protocol has a time limit: the Turn Cycle Tracker is set to "
                     f"{NO_LIMIT_START}", "turn_cycle")]
    if len(timed) < count:
        return [Note("Some Protocols have no time limit: the rulebook covers only the case "
                     "where none has one («First: Choose Your Difficulty»); only the timed "
                     "markers are on the tracker", "turn_cycle")]
    return []


def tick(state: State, why: str, paused: tuple[str, ...] = ()) -> list[Note | str]:
    """Every marker down 1 (but those ``paused``); a Protocol reaching 0 loses the game
    (spec §4.3; T02, T05)."""
    timer = tracker(state)
    held = [m for m in paused if m in timer.markers and m not in timer.gone_off]
    timer.gone_off.extend(held)  # set aside for this tick only
    reached = timer.tick(1)
    for name in held:
        timer.gone_off.remove(name)
    notes: list[Note | str] = [Note(f"{why}: every Countdown Marker moves down 1 ("
                                    f"{_markers(state)})", "turn_cycle")]
    lost = [m for m in reached if m != NO_LIMIT]
    if NO_LIMIT in reached:
        notes.append(Note("The no-time-limit marker reached 0: the rulebook does not say what "
                          "that means («Decoupling»); the table decides", "turn_cycle"))
    if reached:
        fire = hazards.unstoppable(state)
        notes += fire + (scenarios.fire_lost(state) if fire else [])
    for name in lost:
        _find(state, name)["state"] = "went off"
    if lost:
        notes.append(Note(f"{', '.join(lost)} reached 0: the Protocol goes off and the game is "
                          "lost («How the Timers Work»)", "emergency_protocols"))
    return notes


def delay(state: State, name: str, source: str | None) -> list[Note | str]:
    """A delay action adds 1 Cycle to one Protocol's marker (spec §4.4; T03, T04)."""
    entry = _find(state, name)
    if not entry["timed"]:
        raise ActionError(f"protocol: {name} has no time limit to delay", "protocol")
    if entry["delay_sources"]:
        left = [s for s in entry["delay_sources"] if s not in entry["delays"]]
        given = (source or "").strip().lower()
        match = next((s for s in left if given and s.lower().startswith(given)), None)
        if match is None:
            raise ActionError(f"source: {name} can still be delayed at: "
                              f"{', '.join(left) or 'nowhere (both used)'}", "source")
        source = match
    else:
        key = delay_key(name)
        limit = state.board.get(key) if key else entry["delay_limit"]
        if limit is None:
            raise ActionError(f"protocol: {name}'s card limit on delays was not given when it "
                              "was added; set it by hand ('Set a value by hand') or undo and "
                              "add it again with its limit", "protocol")
        if len(entry["delays"]) >= limit:
            used = ("has no delay on its card" if limit == 0 else "has used its only delay"
                    if limit == 1 else f"has used all {limit} of its delays")
            raise ActionError(f"protocol: {name} {used}", "protocol")
    tracker(state).delay(name, 1)
    entry["delays"].append(source or "delay")
    return [Note(f"{name} delayed by 1 Cycle: now {tracker(state).markers[name]}",
                 "emergency_protocols")]


def override_action(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    """Shut a Protocol down: marker off, a Big Nasty, maybe Abandon Ship (spec §4.5-4.7; T06,
    T08). The revealed Big Nasty joins the Active Nasty Area in the gold-number room."""
    name, where = args["protocol"], args["where"]
    entry = _find(state, name)
    if where != WHERE[0] and not facts_of(state)["shipstern"]:
        raise ActionError(f"where: without the ShipStern only the {WHERE[0]} is in play", "where")
    entry["state"] = "shut down"
    if entry["timed"]:
        tracker(state).remove_marker(name)  # spec §4.5 step 2 (G-13 default: the marker goes)
    notes: list[Note | str] = [Note(f"{name} is shut down: discard its card and marker",
                                    "emergency_protocols")]
    stack = state.piece("big_nasties", Counter)
    if stack.value > 0:
        notes += spawn_big(state, rng, args, where)
        stack.value -= 1
    else:
        if args.get("big_nasty") is not None:
            raise ActionError("big_nasty: no Big Nasty is left on the stack; leave it blank",
                              "big_nasty")
        notes.append(Note(f"No Big Nasty comes in {scenarios.scenario(state)}"
                          if not scenarios.big_nasties(state) else
                          "No Big Nasty is left on the stack: none spawns (later overrides "
                          "reach the Abandon Ship card, «First: Choose Your Difficulty»)",
                          "nasties"))
    driver = tracker(state).driver()
    if driver:
        notes.append(Note(f"{driver} now drives the timeline", "turn_cycle"))
    if not active(state):
        notes += abandon_ship(state, "the last Emergency Protocol is shut down")
    return notes


def spawn_big(state: State, rng: Random, args: dict[str, Any],
               where: str) -> list[Note | str]:
    """Turn over the top Big Nasty and place it (spec §4.6; «Spawning a Big Nasty», p.23)."""
    big = args.get("big_nasty")
    if big is None:
        raise ActionError("big_nasty: turn over the top Big Nasty and give which it is: one of "
                          + ", ".join(nasties.BIG_NAMES), "big_nasty")
    notes: list[Note | str] = []
    room = (args.get("room") or "").strip()
    third = scenarios.scenario(state) == "Scenario 3"
    if third:
        room = "Cargo Control"  # «Scenario 3»: it spawns there, no card flipped
    if where != WHERE[2] and not third:
        if cards.virtual(state):
            card, notes = cards.draw(state, rng)
            notes.append(Note(f"Flipped for the spawn: gold number {card['gold']}", "nasties"))
        elif args.get("gold") is None and not room:
            raise ActionError("gold: flip a Nasty Action card and give its gold number, or "
                              "give the room it spawns in: one of the two is needed", "gold")
        else:
            card = {"gold": args.get("gold")}
        back = "ShipStern " if where == WHERE[1] else ""
        room = room or f"{back}gold-number room {card['gold']}"
    _, added = nasties.add(state, big, room, why="spawns")
    said = "in Cargo Control (Scenario 3)" if third else _spawn(where)
    return [*notes, Note(f"Turn over the top Big Nasty: {big} spawns {said}", "nasties"),
            *added]


def _spawn(where: str) -> str:
    if where == WHERE[2]:
        return "in the room where the Protocol was shut down"
    if where == WHERE[1]:
        return ("in the ShipStern room with the gold number of a flipped Nasty Action card "
                "(«Where to Spawn Big Nasties», p.33)")
    return ("in the room at the front of the Ship with the gold number of a flipped Nasty "
            "Action card, even a locked room («Spawning a Big Nasty», p.23)")


def abandon_ship(state: State, why: str) -> list[Note | str]:
    facts_of(state)["abandon_ship"] = True
    facts_of(state)["discord"] = True
    timer = state.board.get("objective_timer")
    facts_of(state)["objective_timer"] = timer if isinstance(timer, int) else None
    who = ("you declare whether you hold" if cycle.is_true_solo(state)
           else "everyone declares whether they hold")
    counted = (f"; the Objective Timer starts at {timer}: at 0 the Bridge Decouples by itself"
               if isinstance(timer, int) else "")
    # no Hidden Agendas before Scenario 3: nothing to declare
    reveal = (f"Act III Reveal: {who} a Company Agenda, not which; " if scenarios.agendas(state)
              else "")
    return [Note(f"Abandon Ship ({why}): Discord is Sown; {reveal}escape vehicles may now be "
                 "Powered Up and Decoupled" + counted, "agendas", key_moment="Abandon Ship")]


def override_needs(state: State, args: dict[str, Any]) -> list[str]:
    """Shutting down the last Protocol starts the Objective Timer: its length is asked once."""
    last = active_names(state) == [args.get("protocol")]
    return cards.deck_needs(state) + (["objective_timer"] if last else [])


def objective_tick(state: State) -> list[Note | str]:
    """After Abandon Ship the Objective Timer counts down each End of Cycle; at 0 the Bridge
    Decouples, whoever or whatever is aboard («Decoupling»)."""
    from trackers.games.pandora_celeste import escape

    left = facts_of(state).get("objective_timer")
    if not isinstance(left, int):
        return []
    left = max(0, left - 1)
    facts_of(state)["objective_timer"] = left
    if left > 0:
        return [Note(f"Objective Timer: {left} Cycle{'' if left == 1 else 's'} left before the "
                     "Bridge Decouples by itself", "escape")]
    facts_of(state)["objective_timer"] = None
    if escape.vehicles(state)["Bridge"]["decoupled"]:
        return [Note("The Objective Timer reached 0; the Bridge has gone already", "escape")]
    return [Note("The Objective Timer reached 0", "escape"),
            *escape.decouple(state, "Bridge", "the Objective Timer reached 0: whoever is aboard")]


def sow_discord(state: State, why: str) -> list[Note | str]:
    """A card says so, or the Revelation variant's Smoking Gun (spec §9.2, §8.5)."""
    facts_of(state)["discord"] = True
    return [Note(f"Discord is Sown ({why}): crewmembers may fight each other, with good reason "
                 "only (the target attacked you, holds a Tool or McGuffin you can take, or was "
                 "Called Out and exposed)", "agendas")]


def _markers(state: State) -> str:
    marks = tracker(state).markers
    return (", ".join(f"{k} {v}" for k, v in sorted(marks.items(), key=lambda kv: -kv[1]))
            or "no marker is left on the tracker")


def lines(state: State) -> list[str]:
    out = []
    for p in facts_of(state)["protocols"]:
        timer = (f"marker {tracker(state).markers[p['name']]}"
                 if p["timed"] and p["name"] in tracker(state).markers else
                 "no time limit" if not p["timed"] else "")
        delays = f", delays used {len(p['delays'])}" if p["delays"] else ""
        out.append(f"{p['name']}: {p['state']}{', ' + timer if timer else ''}{delays}")
    stack = state.piece("big_nasties", Counter).value
    out.append(f"Big Nasties on the stack: {stack}; then the Abandon Ship card")
    out.append("Abandon Ship: " + ("triggered" if facts_of(state)["abandon_ship"] else "not yet")
               + "; Discord: " + ("sown" if facts_of(state)["discord"] else "not sown"))
    return out
