"""Full Game setup: difficulty, crew, options and start locations (rulebook «The Full Game»,
p.34; spec pandora-celeste §8, §1)."""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Option, SessionSetup, State
from trackers.games.pandora_celeste import TRUE_SOLO, crew
from trackers.games.pandora_celeste.cycle import is_true_solo
from trackers.games.pandora_celeste.escape import new_vehicles
from trackers.games.pandora_celeste.facts import PandoraCelesteFacts, facts_of, start_facts
from trackers.games.pandora_celeste.nasties import OTHER_NASTIES, kinds_from_text
from trackers.games.pandora_celeste.scenarios import FULL, SCENARIOS
from trackers.pieces import Countdown, Counter, Secret

# spec §8.1: level -> (Emergency Protocols, Big Nasties); Custom: the players choose
LEVELS: dict[str, tuple[int, int] | None] = {
    "Easy": (1, 1), "Standard": (2, 2), "Long Standard": (3, 2), "Veteran": (3, 3),
    "Custom": None,
}
CUSTOM_BIG_NASTIES = tuple(str(n) for n in range(0, 7))
VARIANTS = ("Revelation", "Long Game", "Extra Nasty")  # spec §8.5
COMPANY = ["Company Agenda", "no Company Agenda"]
VARIANT_NOTES = {
    "Revelation": "Revelation: revealing any Smoking Gun sows Discord at once",
    "Long Game": "Long Game: play on until every surviving crewmember has left the Ship; those "
                 "who escape early may take over a Nasty",
    "Extra Nasty": "Extra Nasty: set aside Scenario Cards 101, 102, 202, 203 and shuffle the "
                   "other Scenario Nasty cards into a deck; Scenario Tokens face down in any "
                   "rooms; a revealed token numbered at or below the Countdown brings in the "
                   "bottom card of that deck, its token in that room",
}
# Readings the text leaves open (spec §12.2): the sheet's default first.
NASTY_CARDS = ("mirror", "virtual")
NO_NOISE = ("lone crewmember", "token stays")  # G-09
SCUTTLE_TURNS = ("every turn", "action turns")  # G-16
AIRCON_BOX = ("after the tick", "before the tick")  # G-28

OPTIONS = (
    Option("scenario", "Scenario", "choice", FULL, SCENARIOS,
           "a Learning Scenario (its setup from the Learn to Play booklet) or the Full Game"),
    Option("difficulty", "Difficulty", "choice", "Standard", tuple(LEVELS),
           "Full Game: how many Emergency Protocols and Big Nasties are drawn"),
    Option("custom_big_nasties", "Big Nasties (Custom, Scenario 3 or 4)", "choice", "1",
           CUSTOM_BIG_NASTIES,
           "with Custom difficulty, or in Scenario 3 or 4: how many Big Nasties go on the stack"),
    Option("crew", "Crew", "multi", [], tuple(crew.CREW),
           "at least one per player; True Solo: exactly one"),
    Option("shipstern", "ShipStern in play", "bool", False, help="the back of the Ship",
           brought_in_by=(("scenario", "Scenario 4"),)),
    Option("variants", "Variants", "multi", [], VARIANTS, "optional rules"),
    Option("nasty_cards", "Nasty Action cards", "choice", "mirror", NASTY_CARDS,
           "mirror: flip the real Nasty Action deck and enter what it shows; virtual: the app "
           "draws from the deck list on your board profile",
           labels={"mirror": "flip the real deck", "virtual": "the app draws"}),
    Option("no_noise_target", "First Target when nobody made noise", "choice",
           "lone crewmember", NO_NOISE,
           "who is First Target when nobody made noise (the rulebook does not say)",
           modes=(TRUE_SOLO,),
           labels={"lone crewmember": "the lone crewmember", "token stays": "token stays put"}),
    Option("push_box_counts", "Pushing: a reshuffle card's Hit Box counts too", "bool", False,
           help="while pushing your luck, a reshuffle card's box also counts (the rulebook "
                "does not say; default: it does not)"),
    Option("reshuffle_every_round", "Reshuffle the Nasty deck after every Nasty round", "bool",
           False,
           help="reshuffle the Nasty Action deck after every Nasty Action Round, not only "
                "when the icon came up (default: only on the icon)"),
    Option("scuttlebug_turns", "ScuttleBugs bite at the end of", "choice", "every turn",
           SCUTTLE_TURNS,
           "which turns end with ScuttleBug damage",
           labels={"every turn": "every turn, Pass and Rest too",
                   "action turns": "only turns with an Action"}),
    Option("aircon_box", "Check Aircon reads the tracker box", "choice", "after the tick",
           AIRCON_BOX,
           "which tracker box Check Aircon reads at the End of Cycle"),
)


def setup(s: SessionSetup, rng: Random) -> State:
    """Pieces and facts at the start of a Full Game (spec §8.2)."""
    chosen: list[str] = [c for c in crew.CREW if c in s.options["crew"]]
    if not chosen:
        raise ActionError("Crew: choose the crewmembers in play (at least one per player)",
                          "crew")
    if len(chosen) < s.players:
        raise ActionError(f"Crew: {s.players} players need at least {s.players} crewmembers; "
                          f"{len(chosen)} chosen", "crew")
    if s.mode == TRUE_SOLO and len(chosen) != 1:
        raise ActionError(f"Crew: True Solo is one player with exactly one crewmember; "
                          f"{len(chosen)} chosen (for more, play Crew against the Nasties)",
                          "crew")
    level = LEVELS[s.options["difficulty"]]
    big = level[1] if level else int(s.options["custom_big_nasties"])
    chosen_scenario = s.options.get("scenario") or FULL
    if chosen_scenario != FULL:  # the booklet sets the scenario up; Big Nasties from Scenario 3
        level = None
        big = (int(s.options["custom_big_nasties"])
               if chosen_scenario in ("Scenario 3", "Scenario 4") else 0)
    state = State()  # the board values (the tracker's top): seeded and applied by Game.start
    state.pieces["turn_cycle"] = Countdown("Turn Cycle Tracker", {}, None)
    state.pieces["big_nasties"] = Counter("Big Nasties on the stack", big)
    state.pieces["fire_rooms"] = Counter("Rooms with Fire (12 = out of control)", 0)
    state.pieces["fire_doorways"] = Counter("Doorways with Fire", 0)
    state.pieces["hull_breaches"] = Counter("Hull Breach markers (over 8 = catastrophic)", 0)
    for name in chosen:
        kills_at = crew.CREW[name][0]
        state.pieces[f"{crew.slug(name)}_wounds"] = Counter(
            f"{name} wounds (the {kills_at}th kills)", 0, limit=kills_at)
    seats = list(s.names)
    agendas = chosen_scenario not in ("Scenario 1", "Scenario 2")  # they come in Scenario 3
    for i, name in enumerate(chosen if agendas else ()):
        # the curtain names the player who runs this crewmember, when the table says who
        owner = seats[i] if len(seats) == len(chosen) else f"{name}'s player"
        state.pieces[f"{crew.slug(name)}_agenda"] = Secret(f"{name}'s Hidden Agenda", owner)
        state.pieces[f"{crew.slug(name)}_company"] = Secret(
            f"{name}'s Agenda type", owner, list(COMPANY))
    start_facts(state, _facts(s, chosen, level, big))
    return state


def _facts(s: SessionSetup, chosen: list[str], level: tuple[int, int] | None,
           big: int) -> PandoraCelesteFacts:
    seats = list(s.names)
    return {
        "phase": "setup", "step": 0, "cycle": 0, "mode": s.mode,
        "difficulty": s.options["difficulty"],
        "scenario": s.options.get("scenario") or FULL,
        "expected_protocols": level[0] if level else None,
        "expected_big_nasties": big,
        # Scenario 4 brings in the ShipStern whatever the option says
        "shipstern": s.options["shipstern"] or s.options.get("scenario") == "Scenario 4",
        "variants": list(s.options["variants"]),
        "rules": {k: s.options[k] for k in ("nasty_cards", "push_box_counts",
                                            "reshuffle_every_round", "scuttlebug_turns",
                                            "aircon_box")}
        | {"no_noise_target": s.options.get("no_noise_target", "token stays")},
        # Who runs whom: player i runs crewmember i when the counts match, else the table's.
        "players": seats,
        "crew": {n: {"status": "alive", "scuttlebugs": 0, "area": "front", "room": "",
                     "player": seats[i] if len(seats) == len(chosen) else "",
                     "fatal_blow_used": False, "automed_used": False, "eva_suit": False,
                     "fulfilled": False, "survival_needed": True, "stunned": False,
                     "lost_from": {"hand": 0, "deck": 0, "discards": 0}}
                 for i, n in enumerate(chosen)},
        "protocols": [], "discord": False, "abandon_ship": False, "ended": None,
        "noise": {n: [0, 0, 0, 0] for n in chosen}, "noise_last": {}, "noise_seq": 0,
        "noise_order": [], "noise_made": False, "you_first": None, "first_target": None,
        "stern_target": None,
        # the Nasties' side
        "nasties": [], "nasty_seq": 0, "nasty_round": None, "attack": None,
        # the Nasties this table entered in earlier games, from its board profile
        "nasty_kinds": kinds_from_text(str(s.board.get(OTHER_NASTIES, ""))),
        "deck": None, "spybot_killed": False,
        # the escape and the end
        "vehicles": new_vehicles(), "showdown": None, "pod_winner": None,
        "player_nasties": {},
    }


def apply_board(state: State, key: str | None) -> list[str]:
    """The tracker's top bounds every marker (rulebook «First: Choose Your Difficulty»)."""
    if key != "tracker_top":
        return []
    top = state.board["tracker_top"]
    timer = state.piece("turn_cycle", Countdown)
    high = [f"{k} {v}" for k, v in timer.markers.items() if v > top]
    if high:
        raise ActionError(f"Turn Cycle Tracker top: markers are above {top}: {', '.join(high)}",
                          "tracker_top")
    timer.top = top
    return [f"Turn Cycle Tracker top: {top}"]


def _bans(state: State) -> tuple[bool, bool, bool]:
    names = [p["name"].lower() for p in facts_of(state)["protocols"]]
    lockdown = any("lockdown" in n for n in names)
    jettison = any("jettison" in n for n in names)
    no_refectory = any("vacuum" in n or "call me dave" in n for n in names)
    return lockdown, jettison, no_refectory


KID_VENT = "Secure Vent Node above CC Fore"
WAKE_UP = "Cryo-Chamber (Wake-Up)"


def start_choices(state: State, name: str) -> list[str]:
    """Where ``name`` may start under the Protocol Bans (spec §8.4; T41; The Kid's rule wins
    over Lockdown's, G-27 default)."""
    lockdown, jettison, no_refectory = _bans(state)
    if name == "The Kid":
        return [KID_VENT] if (lockdown or jettison or no_refectory) else ["a Vent Node"]
    if lockdown or (jettison and name == "Cargo") or (no_refectory and name == "Cap"):
        return [WAKE_UP]
    rooms = [WAKE_UP, "Refectory (Breakfast)", crew.workstation(state, name)]
    if no_refectory:
        rooms.remove("Refectory (Breakfast)")
    return list(dict.fromkeys(rooms))


def start_lines(state: State) -> list[str]:
    """Where each crewmember may start, with the Protocol Bans (spec §8.4; T41)."""
    in_play = list(facts_of(state)["crew"])
    lines = [f"{n}: " + " or ".join(start_choices(state, n))
             + (f" (chosen: {facts_of(state)['crew'][n]['room']})"
                if facts_of(state)["crew"][n]["room"] else "") for n in in_play]
    lockdown, jettison, no_refectory = _bans(state)
    if lockdown:
        lines.append("Lockdown ban: every crewmember starts in the Cryo-Chamber")
    if no_refectory:
        lines.append("Ban: nobody may start in the Refectory")
    if (lockdown or jettison or no_refectory) and {"Keni", "Marina"} & set(in_play):
        lines.append("Keni and Marina under a ban: the rulebook does not say; the table "
                     "decides («Protocol Bans»)")
    lines.append("Wake-Up in the Cryo-Chamber: discard 1 chosen card at once")
    lines += [VARIANT_NOTES[v] for v in facts_of(state)["variants"]]
    if is_true_solo(state):
        lines.append("True Solo: hand size 6; start with 5 Action cards and 1 random Memory; "
                     "you win only by Fulfilling your Agenda")
    return lines
