"""What the ship's computer says aloud: each timed Emergency Protocol as its Countdown Marker
ticks, one Cycle left and going off, Abandon Ship, each vehicle that Decouples, and in True
Solo each Nasty as it activates and whom it goes for (rulebook «The Turn Cycle Tracker»,
«Emergency Protocols», «Abandon Ship», «Decoupling», «Nasty Action Cards»); after Abandon
Ship, the Objective Timer as it counts down to the Bridge leaving by itself.

Only what lies face up is read: Protocols, the tracker, the Nasties and their cards. Hidden
Agendas are never there to read (the engine hands these the table's view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackers.engine import State
from trackers.engine.announce import Announcer
from trackers.games.pandora_celeste import TRUE_SOLO, nasties
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Countdown

# A Nasty Action card's line in a few words, and whom it goes for ("" where nobody).
ORDERS = {
    "Follow Instincts": ("follows its instincts", "first target"),
    "Move towards the Bridge/Engineering": ("heads for the Bridge or Engineering", ""),
    "Attack the noisiest creature in this room": ("attacks the noisiest", "noisiest"),
    "Move to attack the nearest creature": ("attacks the nearest creature", ""),
    "Pause & do nothing": ("pauses", ""),
}


def countdown(name: str, cycles: int) -> str:
    """"Vacuum. 3 cycles." / "Vacuum. 1 cycle to go." / "Vacuum goes off."."""
    if cycles <= 0:
        return f"{name} goes off."
    if cycles == 1:
        return f"{name}. 1 cycle to go."
    return f"{name}. {cycles} cycles."


def _markers(state: State) -> tuple[dict[str, int], list[str]]:
    timer = state.pieces.get("turn_cycle")
    if not isinstance(timer, Countdown):
        return {}, []
    return dict(timer.markers), list(timer.gone_off)


def _protocols(before: State, after: State) -> list[str]:
    """Each timed Protocol whose marker went down: its Cycles left, or that it went off."""
    old, _ = _markers(before)
    new, gone = _markers(after)
    timed = {p["name"] for p in facts_of(after).get("protocols", [])
             if p.get("timed") and p.get("state") != "shut down"}
    said = []
    for name in sorted(timed & new.keys() & old.keys()):
        if new[name] < old[name]:
            said.append(countdown(name, 0 if name in gone else new[name]))
    return said


def _nasty(before: State, after: State) -> list[str]:
    """True Solo: the Nasty whose card was just handled, what it does and whom it goes for."""
    held, was = facts_of(after).get("nasty_round"), facts_of(before).get("nasty_round")
    if not held or not was or held.get("pos", 0) != was.get("pos", 0) + 1:
        return []
    acted = held["queue"][held["pos"] - 1]
    entry = next((n for n in facts_of(after).get("nasties", []) if n["id"] == acted), None)
    if entry is None:
        return []
    card: dict[str, Any] | None = held.get("card") if held.get("card_for") == acted else None
    said = f"{entry['name']} {entry['id']} activates."
    if card is None:
        return [said]
    half = "top" if nasties.kind_of(after, entry).kind == "Big" else "bottom"
    line = str(card.get(half) or "")
    does, whom = ORDERS.get(line, ("", ""))
    target = _target(after, whom)
    return [said + (f" It {does}." if does else "") + (f" Target: {target}." if target else "")]


def _target(state: State, whom: str) -> str:
    facts = facts_of(state)
    if whom == "first target":
        return facts.get("first_target") or ""
    if whom == "noisiest":
        alive = [n for n in facts.get("noise_order", [])
                 if facts.get("crew", {}).get(n, {}).get("status") == "alive"]
        return alive[0] if alive else ""
    return ""


def announce(before: State, after: State, _action: str) -> Sequence[str]:
    """Protocols as they tick, Abandon Ship, decoupling, and (True Solo) the Nasties."""
    said = _protocols(before, after)
    if facts_of(after).get("abandon_ship") and not facts_of(before).get("abandon_ship"):
        said.append("Abandon ship.")
    timer, was = facts_of(after).get("objective_timer"), facts_of(before).get("objective_timer")
    if timer and was is not None and timer < was:  # at 0 the Bridge's decoupling is said
        said.append(countdown("Objective Timer", timer))
    old = facts_of(before).get("vehicles", {})
    for vehicle, data in facts_of(after).get("vehicles", {}).items():
        if data.get("decoupled") and not old.get(vehicle, {}).get("decoupled"):
            said.append(f"The {vehicle} decouples.")
    if facts_of(after).get("mode") == TRUE_SOLO:
        said += _nasty(before, after)
    return said


ANNOUNCER = Announcer(announce)
