"""The Victory Check, worked out per surviving Character, and the end record.

Rulebook: End of the Game. 1. the Active Contingency is revealed and hits every survivor
(``contingency``); 2. each survivor Scans their Contamination cards: with an INFECTED card or
a Larva, all their cards are shuffled and 4 drawn, and a Contamination card among them kills
(``contamination.final_check``); 3. those still alive reveal their Objective and check it.
The reveal is the engine's own ('Reveal a secret', the owner's PIN where set): a survivor
whose Objective was never chosen, or cannot be revealed, cannot win. In the fully
co-operative game every public Objective must be met and one Character at least must live
(rulebook: Game Modes).

``facts["victory"][name]`` holds ``alive``, ``why`` and ``objective``: True/False once step
3 is done, None while it waits (steps 1-2 done, the Objective not yet checked).
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.engine.game import EndRecord
from trackers.games.nemesis_lockdown import (
    contamination,
    contingency,
    crew,
    ending,
    objectives,
)
from trackers.games.nemesis_lockdown.facts import VictoryResult, facts_of

CODES = contingency.CODES
POD_OUT = "counts as evacuated"
POD_LOST = "does not survive"
POD_FATES = (POD_OUT, POD_LOST)
MET, NOT_MET, HIDDEN = objectives.MET, objectives.NOT_MET, objectives.HIDDEN
OBJECTIVE_ANSWERS = (MET, NOT_MET, HIDDEN)
RULE = "rulebook: End of the Game"
objective_secret = objectives.objective_secret


def pending(state: State) -> list[str]:
    """Characters the Victory Check still has to look at (any step)."""
    if not facts_of(state).get("ended"):
        return []
    done = facts_of(state)["victory"]
    return [n for n in crew.candidates(state)
            if n not in done or (done[n]["alive"] and done[n]["objective"] is None)]


def reveal_active(state: State, code: str) -> list[Note | str]:
    if facts_of(state)["active_contingency"] is not None:
        raise ActionError(f"code: the Active Contingency is already revealed "
                          f"({facts_of(state)['active_contingency']})", "code")
    if not crew.candidates(state):
        raise ActionError("nobody survived: there is no Victory Check", "code")
    facts_of(state)["active_contingency"] = code
    asks = contingency.question(state, "each survivor")
    then = (f"the app cannot tell this one by itself: 'Victory Check' asks {asks}" if asks
            else "the app applies it to each survivor in 'Victory Check'")
    return [Note(f"Active Contingency: {code}. Its effect hits every surviving Character; "
                 f"{then}", "victory", key_moment=f"Active Contingency: {code}")]


def _where(state: State, name: str, args: dict[str, Any]) -> tuple[str, list[Note | str]]:
    """Where the survivor is, and what the ending did there. A Character still in a Pod is
    the table's call (Leaving the Facility does not say)."""
    now = crew.status(state, name)
    code = facts_of(state)["ended"]
    if now == crew.IN_POD:
        fate = args.get("pod")
        if fate is None:
            raise ActionError(f"pod: {name} is still in a CSS Pod; the rulebook does not say "
                              "whether a Character left in a Pod survives (Leaving the "
                              f"Facility): give {' or '.join(POD_FATES)}", "pod")
        if fate == POD_LOST:
            return crew.DEAD, [Note(f"{name}, left in a CSS Pod, does not survive (your "
                                    "table's call)", "victory",
                                    key_moment=f"{name} dies (left in a CSS Pod)")]
        crew.set_status(state, name, crew.EVACUATED)
        return crew.EVACUATED, [f"{name}, in a CSS Pod, counts as evacuated (your table's "
                                "call)"]
    spared = {crew.ISOLATED: "the purge spares the Isolation Room" if code == "E1" else "",
              crew.BUNKER: "the Bunker is outside the Facility",
              crew.EVACUATED: "evacuated by CSS, out of the Facility"}
    return now, [f"{name}: {now}; {spared.get(now) or 'a survivor'}"]


def _objective(state: State, name: str, answer: str | None) -> tuple[bool, str]:
    """Step 3 in the semi-co-operative and solo games: (won, the sentence)."""
    secret = objective_secret(state, name)
    if secret is None or not secret.is_set:
        return False, (f"{name} never chose an Objective to keep: {name} cannot win "
                       f"({RULE}: only a fulfilled Objective wins)")
    if not secret.revealed:
        if answer == HIDDEN:
            return False, (f"{name}'s Objective cannot be revealed (owner away or PIN not "
                           f"given): {name} cannot win")
        raise ActionError(f"objective: {name}'s kept Objective is still hidden: reveal it first "
                          f"('Reveal a secret', key v, with {name}'s PIN where one is set), "
                          f"then check it here. If it cannot be revealed, answer '{HIDDEN}': "
                          f"{name} cannot win", "objective")
    shown = str(secret.value)
    if answer not in (MET, NOT_MET):
        raise ActionError(f"objective: {name}'s Objective, revealed, reads {shown!r}: is it met? "
                          f"Give {MET} or {NOT_MET}", "objective")
    if answer == MET and facts_of(state)["ended"] == "E1" and ending.fails_in_purge(shown):
        raise ActionError(f"objective: the Facility was purged and the Intruders live, so "
                          f"{name}'s Objective ({shown!r}) fails ({RULE}); give {NOT_MET}",
                          "objective")
    if answer == MET:
        return True, f"{name}'s Objective ({shown}) is met: {name} wins"
    return False, f"{name}'s Objective ({shown}) is not met: not a winner"


def check(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """One survivor's Victory Check: steps 1 and 2, then step 3 (worked examples V1, V2,
    EN1-EN5). Step 3 may wait for the Objective's reveal: 'Victory Check' again for them."""
    args = _older_record(state, args)
    name = args["player"]
    if name not in pending(state):
        waiting = ", ".join(pending(state)) or "nobody"
        raise ActionError(f"player: {name} has no Victory Check to do (waiting: {waiting})",
                          "player")
    if facts_of(state)["active_contingency"] is None:
        raise ActionError("reveal the Active Contingency first (Victory Check step 1)",
                          "player")
    results = facts_of(state)["victory"]
    notes: list[Note | str] = []
    first = name not in results
    if first:
        notes += _steps_one_two(state, rng, name, args)
    result = results[name]
    if result["alive"] and facts_of(state)["mode"] != "coop" and args.get("seal_decides"):
        won, told = objectives.step_three(state, name, args)
        if won is None:  # steps 1-2 stand (the draw is made once); step 3 waits
            return [*notes, *told]
        result["objective"] = won
        notes += told[:-1]
        notes.append(Note(str(told[-1]), "victory",
                          key_moment=f"{name}: {'wins' if won else 'no win'} (Victory Check)"))
    elif result["alive"] and facts_of(state)["mode"] != "coop":
        # Recorded before the Victory Check opened the seal itself: as it was then.
        secret = objective_secret(state, name)
        hidden = secret is not None and secret.is_set and not secret.revealed
        if first and hidden and args.get("objective") != HIDDEN:
            # Steps 1-2 stand (the draw is made once); step 3 waits for the reveal.
            return [*notes, Note(f"Step 3 waits: {name}'s kept Objective is still hidden: "
                                 f"reveal it ('Reveal a secret', key v, with {name}'s PIN "
                                 f"where one is set), then 'Victory Check' (X) for {name} "
                                 "again. If it "
                                 f"cannot be revealed, answer '{HIDDEN}': {name} cannot win",
                                 "victory")]
        won, said = _objective(state, name, args.get("objective"))
        result["objective"] = won
        notes.append(Note(said, "victory", key_moment=f"{name}: {'wins' if won else 'no win'} "
                                                       "(Victory Check)"))
    elif result["alive"]:
        result["objective"] = True  # co-op: the public Objectives decide for the team
        notes.append(Note(f"{name} lives (the public Objectives decide for the team)",
                          "victory", key_moment=f"{name} survives the Victory Check"))
    if not pending(state):
        record = end_record(state)
        if record is not None:
            verdict = ("the team wins" if record.sides else "everyone loses") if \
                facts_of(state)["mode"] == "coop" else (
                    f"won by {', '.join(record.winners)}" if record.winners else "nobody wins")
            notes.append(Note(record.summary, "victory",
                              key_moment=f"Victory Check verdict: {verdict}"))
    return notes


def _older_record(state: State, args: dict[str, Any]) -> dict[str, Any]:
    """A Victory Check saved before the questions were explicit ("kills them?" and
    "Objective met?" as yes/no) replays with the same answers."""
    args = dict(args)
    if isinstance(args.get("objective"), bool):
        args["objective"] = MET if args["objective"] else NOT_MET
    kills = args.pop("contingency_kills", None)
    code = facts_of(state)["active_contingency"]
    if isinstance(kills, bool) and args.get("contingency_answer") is None \
            and code in contingency.QUESTIONS:
        killing = contingency.QUESTIONS[code][1]
        args["contingency_answer"] = killing if kills else \
            next(a for a in contingency.ANSWERS if a != killing)
    return args


def _steps_one_two(state: State, rng: Random, name: str, args: dict[str, Any]
                   ) -> list[Note | str]:
    where, notes = _where(state, name, args)
    result: VictoryResult = {"alive": True, "objective": None, "why": ""}
    facts_of(state)["victory"][name] = result
    if where == crew.DEAD:
        crew.set_status(state, name, crew.DEAD)
        result["alive"], result["why"] = False, "left in a CSS Pod (your table's call)"
        return notes
    dies, said = contingency.effect(state, name, where, args.get("contingency_answer"))
    code = facts_of(state)["active_contingency"]
    notes.append(f"Step 1, {said}")
    if dies:
        result["alive"], result["why"] = False, f"the {code} Contingency"
    else:
        dies, found = contamination.final_check(state, name, rng, args.get("infected"),
                                                args.get("cards"), args.get("drawn"))
        notes += [f"Step 2, {found[0]}", *found[1:]]
        if dies:
            result["alive"], result["why"] = False, "the Contamination check"
    if not result["alive"]:
        crew.set_status(state, name, crew.DEAD)
        notes.append(Note(f"{name} dies in the Victory Check ({result['why']}): not a winner",
                          "victory", key_moment=f"{name} dies: {result['why']}"))
    return notes


def lines(state: State) -> list[str]:
    """Each Character's standing in the Victory Check, and what is still to do."""
    out = []
    waiting = pending(state)
    code = facts_of(state)["active_contingency"]
    if waiting and code is None:
        out.append("Step 1: reveal the Active Contingency (Q)")
    elif code is not None:
        out.append(f"Active Contingency: {code}")
    for name in crew.names(state):
        found = facts_of(state)["victory"].get(name)
        if name in waiting and found is not None:
            out.append(f"{name}: alive after steps 1-2; Objective to check (X: it is revealed "
                       "then)")
        else:
            out.append(f"{name}: {_outcome(state, name, waiting)}")
    return out


def coop_won(state: State) -> bool:
    objectives = facts_of(state)["objectives"]
    alive = [n for n, r in facts_of(state)["victory"].items() if r["alive"]]
    return bool(alive) and all(objectives[n]["done"] for n in crew.names(state))


def _outcome(state: State, name: str, waiting: list[str]) -> str:
    found = facts_of(state)["victory"].get(name)
    if name in waiting:
        return "Victory Check to do"
    if found is None and crew.status(state, name) == crew.ACTIVE:
        return "inside when the game ended: not a survivor"
    if found is None:
        return crew.status(state, name)
    if not found["alive"]:
        return f"died ({found['why']})"
    if facts_of(state)["mode"] == "coop":
        return "survived"
    return "won" if found["objective"] else "survived, no win (Objective)"


def end_record(state: State) -> EndRecord | None:
    code = facts_of(state).get("ended")
    if code is None:
        return None
    results = facts_of(state)["victory"]
    waiting = pending(state)
    outcomes = {name: _outcome(state, name, waiting) for name in crew.names(state)}
    summary = ending.summary(code)
    winners: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    if waiting:
        summary += f" Victory Check to do for {', '.join(waiting)}."
    elif not crew.candidates(state) and not results:
        summary += " No Character survived: nobody wins."
    elif facts_of(state)["mode"] == "coop":
        if coop_won(state):
            winners, sides = tuple(crew.names(state)), ("the team",)
            summary += " Every public Objective met and a Character lives: the team wins."
        elif not any(r["alive"] for r in results.values()):
            summary += " Nobody lives: everyone loses."
        else:  # which Objectives hold the team back, and how to mark one the table met
            unmet = [n for n in crew.names(state) if not facts_of(state)["objectives"][n]["done"]]
            summary += (f" Public Objectives not marked met: {', '.join(unmet)} (if the "
                        f"table met them: 'Objective met'); as it stands, everyone loses.")
    else:
        winners = tuple(n for n, r in results.items() if r["alive"] and r["objective"])
        summary += (f" Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}."
                    if winners else " Nobody wins.")
    return EndRecord(ending.NAMES[code], summary, winners, sides, outcomes)
