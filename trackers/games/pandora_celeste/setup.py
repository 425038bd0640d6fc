"""Full Game setup: difficulty, crew, options and start locations (spec pandora-celeste §8, §1)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Option, SessionSetup, State
from trackers.games.pandora_celeste import crew
from trackers.pieces import Countdown, Counter, Secret

# spec §8.1: level -> (Emergency Protocols, Big Nasties); Custom: the players choose
LEVELS: dict[str, tuple[int, int] | None] = {
    "Easy": (1, 1), "Standard": (2, 2), "Long Standard": (3, 2), "Veteran": (3, 3),
    "Custom": None,
}
VARIANTS = ("Revelation", "Long Game", "Extra Nasty")  # spec §8.5
COMPANY = ["Company Agenda", "no Company Agenda"]
VARIANT_NOTES = {
    "Revelation": "Revelation: revealing any Smoking Gun sows Discord at once",
    "Long Game": "Long Game: play on until every surviving crewmember has left the Ship; those "
                 "who escape early may take over a Nasty",
    "Extra Nasty": "Extra Nasty: set aside Scenario Cards 101, 102, 202, 203 and shuffle the "
                   "other Scenario Nasty cards into a deck; Scenario Tokens face down in any "
                   "rooms; a revealed token numbered at or below the Countdown brings in that "
                   "deck's lowest card, its token in that room",
}

OPTIONS = (
    Option("difficulty", "Difficulty", "choice", "Standard", tuple(LEVELS),
           "how many Emergency Protocols and Big Nasties are drawn"),
    Option("crew", "Crewmembers in play", "multi", [], tuple(crew.CREW),
           "at least one per player"),
    Option("shipstern", "Back of the Ship (ShipStern) in play", "bool", False),
    Option("variants", "Optional variants", "multi", [], VARIANTS, "reminders only"),
)


def setup(s: SessionSetup, rng: Random) -> State:
    """Pieces and facts at the start of a Full Game (spec §8.2)."""
    chosen: list[str] = [c for c in crew.CREW if c in s.options["crew"]]
    if not chosen:
        raise ActionError("crew: choose the crewmembers in play (at least one per player)",
                          "crew")
    if len(chosen) < s.players:
        raise ActionError(f"crew: {s.players} players need at least {s.players} crewmembers; "
                          f"{len(chosen)} chosen", "crew")
    level = LEVELS[s.options["difficulty"]]
    state = State(board=dict(s.board))
    top = state.board.get("tracker_top")
    state.pieces["turn_cycle"] = Countdown("Turn Cycle Tracker", {},
                                           top if isinstance(top, int) else None)
    state.pieces["big_nasties"] = Counter("Big Nasties on the stack", level[1] if level else 0)
    state.pieces["fire_rooms"] = Counter("Rooms with Fire (12 = out of control)", 0)
    state.pieces["fire_doorways"] = Counter("Doorways with Fire", 0)
    state.pieces["hull_breaches"] = Counter("Hull Breach markers (over 8 = catastrophic)", 0)
    for name in chosen:
        kills_at = crew.CREW[name][0]
        state.pieces[f"{crew.slug(name)}_wounds"] = Counter(
            f"{name} wounds (the {kills_at}th kills)", 0, limit=kills_at)
    for name in chosen:
        owner = f"{name}'s player"
        state.pieces[f"{crew.slug(name)}_agenda"] = Secret(f"{name}'s Hidden Agenda", owner)
        state.pieces[f"{crew.slug(name)}_company"] = Secret(
            f"{name}'s Agenda type", owner, list(COMPANY))
    state.facts = _facts(s, chosen, level)
    return state


def _facts(s: SessionSetup, chosen: list[str], level: tuple[int, int] | None) -> dict[str, Any]:
    return {
        "status": "in progress", "phase": "setup", "step": 0, "cycle": 0, "lost": None,
        "difficulty": s.options["difficulty"],
        "expected_protocols": level[0] if level else None,
        "expected_big_nasties": level[1] if level else None,
        "shipstern": s.options["shipstern"], "variants": list(s.options["variants"]),
        "true_solo": s.players == 1 and len(chosen) == 1,  # spec §1.3
        "crew": {n: {"status": "alive", "scuttlebugs": 0, "area": "front",
                     "fatal_blow_used": False, "automed_used": False} for n in chosen},
        "protocols": [], "discord": False, "abandon_ship": False,
        "noise": {n: [0, 0, 0, 0] for n in chosen}, "noise_last": {}, "noise_seq": 0,
        "noise_order": [], "you_first": None, "first_target": None, "stern_target": None,
    }


def apply_board(state: State, key: str | None) -> list[str]:
    """The tracker's top bounds every marker (spec G-01)."""
    if key != "tracker_top":
        return []
    top = state.board["tracker_top"]
    timer = state.piece("turn_cycle", Countdown)
    high = [f"{k} {v}" for k, v in timer.markers.items() if v > top]
    if high:
        raise ActionError(f"tracker_top: markers are above {top}: {', '.join(high)}",
                          "tracker_top")
    timer.top = top
    return [f"Turn Cycle Tracker top: {top}"]


def start_lines(state: State) -> list[str]:
    """Where each crewmember may start, with the Protocol Bans (spec §8.4; T41)."""
    names = [p["name"].lower() for p in state.facts["protocols"]]
    in_play = list(state.facts["crew"])
    lines = ["Wake-Up: Cryo-Chamber, discard 1 chosen card at once",
             "Breakfast: Refectory (optional easier rule: take 1 random Memory)"]
    lines += [f"Workstation, {n}: {crew.CREW[n][1]}" for n in in_play]
    lockdown = any("lockdown" in n for n in names)
    jettison = any("jettison" in n for n in names)
    no_refectory = any("vacuum" in n or "call me dave" in n for n in names)
    if lockdown:
        lines.append("Lockdown ban: every crewmember starts in the Cryo-Chamber")
    if jettison and "Cargo" in in_play:
        lines.append("Jettison ban: Cargo starts in the Cryo-Chamber")
    if no_refectory:
        if "Cap" in in_play:
            lines.append("Ban: Cap starts in the Cryo-Chamber")
        lines.append("Ban: nobody may start in the Refectory")
    if (lockdown or jettison or no_refectory) and "The Kid" in in_play:
        lines.append("Ban active: The Kid starts in the Secure Vent Node above CC Fore")
    if (lockdown or jettison or no_refectory) and {"Keni", "Marina"} & set(in_play):
        lines.append("Keni and Marina under a ban: not stated (spec G-27)")
    lines += [VARIANT_NOTES[v] for v in state.facts["variants"]]
    if state.facts["true_solo"]:
        lines.append("True Solo: hand size 6; start with 5 Action cards and 1 random Memory; "
                     "you win only by Fulfilling your Agenda")
    return lines
