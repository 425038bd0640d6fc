"""Setup by play mode and player count, and the effect of entered board values.

Rulebook: Setup (Summary), Game Modes. Worked examples S1-S4.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, SessionSetup, State
from trackers.games.nemesis_lockdown import crew, time_track
from trackers.games.nemesis_lockdown.bag import BLANK_FATES, TOKEN_FATES, IntruderBag, bag_contents
from trackers.games.nemesis_lockdown.board import (
    TIME_START,
    TOKEN_KEYS,
    last_number,
    slot_exists,
    slot_list,
)
from trackers.games.nemesis_lockdown.facts import NemesisLockdownFacts, facts_of, start_facts
from trackers.games.nemesis_lockdown.power import START_BLUE
from trackers.pieces import Counter, Secret

CONTINGENCY_CODES = ["Green", "Yellow", "Blue", "Gray", "Red"]
START_EGGS = 5  # Setup (Summary): 5 Eggs in the Nest slot
SOLO_POOL_DRAW = 2  # Game Modes, solo: draw 2 Neutral-Pool tokens after the Active one


def contingency_per_player(players: int) -> int:
    """2 each with 2 players, otherwise 1 (S2)."""
    return 2 if players == 2 else 1


def contingency_dealt(mode: str, players: int) -> int:
    """Tokens taken from the box at setup: each player's, the Active one, solo's 2 more."""
    return (contingency_per_player(players) * players + 1
            + (SOLO_POOL_DRAW if mode == "solo" else 0))


def setup(s: SessionSetup, rng: Random) -> State:
    """The table at the start (S1-S4)."""
    state = State()  # the board values: seeded and applied by Game.start
    state.pieces["time"] = time_track.new_track()
    state.pieces["intruder_bag"] = IntruderBag("Intruder bag", bag_contents(s.players))
    state.pieces["eggs"] = Counter("Eggs in the Nest slot", START_EGGS)
    # Short labels: with 5 players every wound count fits the tracks' 20 rows at 80x24,
    # one row each, for names up to about 12 characters, the bag taking one row ("Wounds"
    # left out of the label: the line under the Light one says Serious; '?' on either opens
    # the Wounds rule).
    state.pieces["fire"] = Counter("Fire markers", 0, limit=12,
                                   past_limit="a 13th Fire destroys the Facility")
    state.pieces["malfunction"] = Counter("Malfunction markers", 0, limit=10,
                                          past_limit="an 11th Malfunction destroys the Facility")
    for i, name in enumerate(s.names, start=1):
        state.pieces[f"p{i}_light"] = Counter(f"{name} Light", 0, limit=crew.LIGHT_LIMIT)
        state.pieces[f"p{i}_serious"] = Counter(f"{name} Serious", 0,
                                                limit=crew.SERIOUS_LIMIT)
        state.pieces[f"p{i}_larva"] = Counter(f"{name} Larva", 0, limit=1)
    for i, name in enumerate(s.names, start=1):
        if s.mode != "coop":  # co-op Objectives are public: kept as facts
            state.pieces[f"p{i}_objective"] = Secret(f"{name}'s kept Objective", name)
        tokens = contingency_per_player(s.players) + (SOLO_POOL_DRAW if s.mode == "solo" else 0)
        for k in range(1, tokens + 1):
            suffix = "" if k == 1 else f"_{k}"
            state.pieces[f"p{i}_contingency{suffix}"] = Secret(
                f"{name}'s Contingency token {k}", name, list(CONTINGENCY_CODES))
    start_facts(state, _start_facts(s))
    return state


def _start_facts(s: SessionSetup) -> NemesisLockdownFacts:
    return {
        "mode": s.mode, "status": "in progress", "phase": "setup", "step": 0, "round": 0,
        "options": {"token_fate": s.options.get("token_fate", TOKEN_FATES[0]),
                    "blank_fate": s.options.get("blank_fate", BLANK_FATES[0]),
                    "larva_corpse": bool(s.options.get("larva_corpse", False)),
                    "outside_survives": bool(s.options.get("outside_survives", True))},
        "time_side": "inactive", "autodestruct": None, "autodestruct_stopped": False,
        "alert": None, "css": [], "css_revealed": [],
        "main_gate_open": False, "first_encounter": False, "first_death": False,
        "power": {"blue": list(START_BLUE), "at": {}},
        "crew": [crew.new_entry(n) for n in s.names],
        "first_player": 0,
        "intruders": [], "next_intruder": 0, "removed": {}, "spares_used": {},
        "noise": [], "eggs_taken": 0, "eggs_destroyed": 0, "queen_killed": False,
        "weaknesses": [], "research_done": False,
        "objectives": ({n: {"text": "", "done": False} for n in s.names}
                       if s.mode == "coop" else {}),
        "ended": None, "end_cause": "", "active_contingency": None, "victory": {},
    }


def setup_notes(mode: str, players: int) -> list[str]:
    """The player-count and mode facts the table needs at setup."""
    bag = bag_contents(players)
    each = contingency_per_player(players)
    lines = [f"Intruder bag: {', '.join(f'{k} {n}' for k, n in bag.items() if n)} "
             f"({sum(bag.values())} tokens)",
             f"Contingency tokens: {each} per player, 1 face down on the Active slot, the rest "
             "in the Neutral Pool"]
    if mode == "solo":
        lines.append("Solo: Objectives from the Solo/Coop deck (draw 2, keep 1 at the First "
                     "Encounter); after the Active token, draw 2 from the Neutral Pool (enter "
                     "them as your Contingency tokens 2 and 3); Items per Room halved, rounded "
                     "up")
    if mode == "coop":
        lines.append("Fully co-operative: 1 Solo/Coop Objective per player, all public, all to "
                     "be met with 1 Character alive at least; Contingency tokens are revealed "
                     "as play goes on; Revive in a working Emergency Room")
    return lines


def apply_board(state: State, key: str | None = None) -> list[str]:
    """Re-read the pieces after a board value is entered (the Time track's end, CSS slots)."""
    notes: list[str] = []
    track = time_track.time_track(state)
    last = last_number(state)
    if key in (None, "time_last_number") and last is not None:
        if track.position < last - 1:
            raise ActionError(f"Time track: last numbered slot before S: the Time token is "
                              f"already on {track.position}", "time_last_number")
        track.lowest = last - 1
        track.space_names = {last - 1: "S"}
        if key:
            notes.append(f"Time track: {TIME_START} down to {last}, then S")
    if key is None or key in TOKEN_KEYS.values():
        box = state.piece("intruder_bag", IntruderBag).box
        for kind, token_key in TOKEN_KEYS.items():
            if token_key in state.board:
                box[kind] = len(state.board[token_key] or [])
    if key in (None, "css_slots") and "css_slots" in state.board:
        slots = slot_list(state, "css_slots")
        for n in slots:
            if slot_exists(state, n) is False:
                raise ActionError(f"Time track: slots printed with a CSS slot: slot {n} is past "
                                  "the last numbered slot", "css_slots")
        passed = {r["slot"] for r in facts_of(state)["css_revealed"]}
        if facts_of(state)["phase"] != "setup" and (facts_of(state)["css"] or passed):
            # In play the tokens may have been moved (Schedule CSS): keep the table's tokens.
            return notes + ["CSS slots saved; the tokens already on the track stay where "
                            "they are ('Correct CSS tokens' moves them)"]
        here = track.position
        facts_of(state)["css"] = sorted({n for n in slots if n <= here and n not in passed},
                                    reverse=True)
        if key:
            notes.append("CSS tokens face down on slots: "
                          + (", ".join(map(str, facts_of(state)["css"])) or "none"))
    return notes


def solo_item_counter(number: int) -> int:
    """Solo: a Room holds half its Items, rounded up (Game Modes; worked example MO1)."""
    return -(-number // 2)
