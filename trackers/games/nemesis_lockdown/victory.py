"""The Victory Check, worked out per surviving Character, and the end record.

Rulebook: End of the Game. 1. the Active Contingency is revealed and hits every survivor;
2. each survivor Scans their Contamination cards: with an INFECTED card or a Larva, all their
cards are shuffled and 4 drawn, and a Contamination card among them kills; 3. the living show
their Objective. In the fully co-operative game every player's public Objective must be met
and one Character at least must live (rulebook: Game Modes).
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.engine.game import EndRecord
from trackers.games.nemesis_lockdown import crew, ending

CODES = ("Green", "Yellow", "Blue", "Gray", "Red")  # the Contingency codes named
ACTION_DECK = 10  # each Character's Action deck holds 10 cards (Setup (Summary))
APP_DRAWS = "the app draws"
DREW_CONTAMINATION = "a Contamination card came up"
DREW_CLEAN = "no Contamination card"
DRAWS = (APP_DRAWS, DREW_CONTAMINATION, DREW_CLEAN)
POD_OUT = "counts as evacuated"
POD_LOST = "does not survive"
POD_FATES = (POD_OUT, POD_LOST)
RULE = "rulebook: End of the Game"


def pending(state: State) -> list[str]:
    """Characters the Victory Check still has to look at."""
    if not state.facts.get("ended"):
        return []
    done = state.facts["victory"]
    return [n for n in crew.candidates(state) if n not in done]


def reveal_active(state: State, code: str) -> list[Note | str]:
    if state.facts["active_contingency"] is not None:
        raise ActionError(f"code: the Active Contingency is already revealed "
                          f"({state.facts['active_contingency']})", "code")
    if not crew.candidates(state):
        raise ActionError("nobody survived: there is no Victory Check", "code")
    state.facts["active_contingency"] = code
    return [Note(f"Active Contingency: {code}. Its effect hits every surviving Character; the "
                 "rulebook leaves the exact criteria to the Contingency Reference card: say "
                 "for each survivor whether it kills them ('Victory Check')", "victory")]


def draw_four(contamination: int, rng: Random) -> bool:
    """All of a Character's cards shuffled, 4 drawn: True when a Contamination card shows."""
    cards = ["Action"] * ACTION_DECK + ["Contamination"] * contamination
    return "Contamination" in rng.sample(cards, min(4, len(cards)))


def check(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """Steps 1-3 for one Character (worked examples V1, V2, EN1-EN5)."""
    name = args["player"]
    if name not in pending(state):
        waiting = ", ".join(pending(state)) or "nobody"
        raise ActionError(f"player: {name} has no Victory Check to do (waiting: {waiting})",
                          "player")
    if state.facts["active_contingency"] is None:
        raise ActionError("reveal the Active Contingency first (Victory Check step 1)",
                          "player")
    person = crew.entry(state, name)
    result: dict[str, Any] = {"alive": True, "objective": False, "why": ""}
    notes: list[Note | str] = []
    if person["status"] == crew.IN_POD:
        fate = args.get("pod")
        if fate is None:
            raise ActionError(f"pod: {name} is still in a CSS Pod; the rulebook does not say "
                              "whether a Character left in a Pod survives (Leaving the "
                              f"Facility): give {' or '.join(POD_FATES)}", "pod")
        if fate == POD_LOST:
            crew.set_status(state, name, crew.DEAD)
            result.update(alive=False, why="left in a CSS Pod (your table's call)")
            state.facts["victory"][name] = result
            return [f"{name}, left in a CSS Pod, does not survive (your table's call)"]
        crew.set_status(state, name, crew.EVACUATED)
        notes.append(f"{name}, in a CSS Pod, counts as evacuated (your table's call)")
    if args.get("contingency_kills"):
        result.update(alive=False, why=f"the {state.facts['active_contingency']} Contingency")
    else:
        larva = crew.counter(state, name, "larva").value
        infected = int(args.get("infected") or 0)
        if infected or larva:
            held = int(person["contamination"])
            drawn = args.get("drawn") or APP_DRAWS
            dies = draw_four(held, rng) if drawn == APP_DRAWS else drawn == DREW_CONTAMINATION
            how = "the app drew" if drawn == APP_DRAWS else "your table drew"
            notes.append(f"{name}: {'a Larva' if larva else 'an INFECTED card'}; all "
                         f"{ACTION_DECK + held} cards shuffled, {how} 4: "
                         + ("a Contamination card came up" if dies else
                            "no Contamination card"))
            if dies:
                result.update(alive=False, why="the Contamination check")
        else:
            notes.append(f"{name}: no INFECTED card and no Larva, no draw")
    if not result["alive"]:
        crew.set_status(state, name, crew.DEAD)
        notes.append(f"{name} dies in the Victory Check ({result['why']}): not a winner")
    elif state.facts["mode"] == "coop":
        notes.append(f"{name} lives")
    else:
        result["objective"] = bool(args.get("objective"))
        met = "met: a winner" if result["objective"] else "not met: not a winner"
        notes.append(f"{name} lives; Objective {met}")
    state.facts["victory"][name] = result
    if not pending(state):
        record = end_record(state)
        if record is not None:
            notes.append(Note(record.summary, "victory"))
    return notes


def coop_won(state: State) -> bool:
    objectives = state.facts["objectives"]
    alive = [n for n, r in state.facts["victory"].items() if r["alive"]]
    return bool(alive) and all(objectives[n]["done"] for n in crew.names(state))


def end_record(state: State) -> EndRecord | None:
    code = state.facts.get("ended")
    if code is None:
        return None
    results = state.facts["victory"]
    waiting = pending(state)
    outcomes: dict[str, str] = {}
    for name in crew.names(state):
        found = results.get(name)
        if name in waiting:
            outcomes[name] = "Victory Check to do"
        elif found is None and crew.status(state, name) == crew.ACTIVE:
            outcomes[name] = "inside when the game ended: not a survivor"
        elif found is None:
            outcomes[name] = crew.status(state, name)
        elif not found["alive"]:
            outcomes[name] = f"died ({found['why']})"
        elif state.facts["mode"] == "coop":
            outcomes[name] = "survived"
        else:
            outcomes[name] = "won" if found["objective"] else "survived, Objective not met"
    summary = ending.summary(code)
    winners: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    if waiting:
        summary += f" Victory Check to do for {', '.join(waiting)}."
    elif not crew.candidates(state) and not results:
        summary += " No Character survived: nobody wins."
    elif state.facts["mode"] == "coop":
        if coop_won(state):
            winners, sides = tuple(crew.names(state)), ("the team",)
            summary += " Every public Objective met and a Character lives: the team wins."
        else:
            summary += " Not every public Objective met, or nobody lives: everyone loses."
    else:
        winners = tuple(n for n, r in results.items() if r["alive"] and r["objective"])
        summary += (f" Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}."
                    if winners else " Nobody wins.")
    return EndRecord(ending.NAMES[code], summary, winners, sides, outcomes)
