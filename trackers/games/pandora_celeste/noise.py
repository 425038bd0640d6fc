"""Noise, the First Target and the Stern Target (spec pandora-celeste §3).

Each crewmember's noise this Crew Round is a tally per colour, plus the number of their latest
noisy play (a running count over the round) for the final tie-break.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import crew, cycle
from trackers.games.pandora_celeste.facts import facts_of

COLOURS = ("Red", "Amber", "Yellow", "Green")  # spec §3.1: the rank, loudest first
SOURCES = ("card face up", "Spare Noise card", "Tool", "Active Defence", "NRG/Recharge")
AREAS = ("front", "back", "Cargo Control section")  # spec §3.5
# The count reads the face-up discards, so a play noted late is still counted up to then.
NOISE_STEPS = (*cycle.CREW_ROUND, "doors", "count")
FIRST_SCOPE = ("front", "Cargo Control section")
STERN_SCOPE = ("back", "Cargo Control section")


def noise_rank(tallies: Mapping[str, Sequence[int]], last: Mapping[str, int],
               scope: Iterable[str]) -> list[str]:
    """Noisiest first among ``scope``: by Red, Amber, Yellow, Green, then the latest (spec §3.3).

    Crewmembers who made no noise are left out: with nobody left the text gives no First
    Target (spec G-09; the table's reading is an option).
    """
    noisy = [m for m in scope if sum(tallies.get(m, ())) > 0]
    return sorted(noisy, key=lambda m: (*tallies[m], last.get(m, 0)), reverse=True)


def _tallies(state: State) -> dict[str, list[int]]:
    tallies: dict[str, list[int]] = facts_of(state)["noise"]
    return tallies


def record(state: State, name: str, colour: str | None, count: int,
           source: str | None) -> list[Note | str]:
    """Record a noisy play of the Crew Round (spec §3.2; T13, T14, T15)."""
    if facts_of(state)["phase"] != "cycle" or cycle.current(state) not in NOISE_STEPS:
        raise ActionError("Recording noise: noise is recorded in the Crew Round, up to the "
                          "Noise count; this Cycle's count is done", "action")
    crew.need_alive(state, name)
    if source == "NRG/Recharge":
        if colour not in (None, "Amber") or count != 1:
            raise ActionError("colour: an NRG/Recharge play counts as 1 Amber, in place of the "
                              "cards it took back", "colour")
        colour = "Amber"
    if colour is None:
        raise ActionError(f"colour: required; give one of {', '.join(COLOURS)}", "colour")
    facts = facts_of(state)
    facts["noise_seq"] += 1
    facts["noise_last"][name] = facts["noise_seq"]
    _tallies(state)[name][COLOURS.index(colour)] += count
    return [Note(f"{name}: +{count} {colour} noise ({tally_text(_tallies(state)[name])})",
                 "noise")]


def you_first(state: State, by: str, target: str) -> list[Note | str]:
    """'You First' makes another crewmember First Target at once (spec §3.4; T16)."""
    cycle.require_crew_round(state, "'You First'")
    crew.need_alive(state, by)
    crew.need_alive(state, target)
    if by == target:
        raise ActionError("target: 'You First' is played on another crewmember", "target")
    if facts_of(state)["you_first"] is not None:
        raise ActionError("a 'You First' was already played this round; the rulebook does not "
                          "say what a second one does («Noise Count»): use 'First Target by "
                          "hand'", "action")
    facts_of(state)["you_first"] = target
    facts_of(state)["first_target"] = target
    return [Note(f"{target} is the First Target now; the end-of-round count keeps them "
                 "(«Noise Count»)", "first_target")]


def count(state: State) -> list[Note | str]:
    """Noise & Doors Round steps 2-3: set the targets, then clear the noise (spec §2, §3.3-3.5)."""
    cycle.require_step(state, "count", "The Noise count")
    facts = facts_of(state)
    tallies, last = _tallies(state), facts["noise_last"]
    stern = facts["shipstern"]
    areas = {m: facts["crew"][m]["area"] for m in crew.alive(state)}
    front = [m for m in areas if areas[m] in FIRST_SCOPE] if stern else list(areas)
    order = noise_rank(tallies, last, front)
    notes: list[Note | str] = []
    if facts["you_first"] is not None:
        notes.append(Note(f"'You First' keeps {facts['you_first']} as First Target",
                          "first_target"))
    elif order:
        facts["first_target"] = order[0]
        notes.append(Note(f"First Target: {order[0]}; they take the First Player marker",
                          "first_target"))
    elif stern and noise_rank(tallies, last, list(areas)):
        notes.append(Note("Nobody at the front or in Cargo Control made noise: the rulebook "
                          "does not say who is First Target; the token stays with "
                          f"{facts['first_target'] or 'nobody'} unless set by hand ('First "
                          "Target by hand')", "first_target"))
    else:
        notes += _silent_round(state)
    if stern:
        back = noise_rank(tallies, last, [m for m in areas if areas[m] in STERN_SCOPE])
        if back:
            facts["stern_target"] = back[0]
            notes.append(Note(f"Stern Target: {back[0]}", "first_target"))
        else:
            notes.append(Note("Nobody at the back made noise: the Stern Target is unchanged",
                              "first_target"))
    facts["noise_order"] = noise_rank(tallies, last, list(areas))
    facts["target_orders"] = {
        "first_target": order,
        "stern_target": noise_rank(tallies, last, [m for m in areas if areas[m] in STERN_SCOPE])
        if stern else []}
    facts["noise_made"] = bool(facts["noise_order"]) or facts["you_first"] is not None
    facts["noise"] = {m: [0, 0, 0, 0] for m in crew.names(state)}
    facts["noise_last"] = {}
    facts["you_first"] = None
    cycle.mark_done(state, "count")
    return notes + [Note("Turn the noisy discards face down and put the Spare Noise cards back",
                         "noise")]


def _silent_round(state: State) -> list[Note | str]:
    """Nobody made noise: the table's reading of a case the rulebook leaves open (G-09)."""
    facts = facts_of(state)
    living = crew.alive(state)
    pause = ("Nasties that Follow Instincts detect no noise this Cycle and pause (rulebook "
             "«Nasty Action Cards»)")
    if facts["rules"]["no_noise_target"] == "lone crewmember" and len(living) == 1:
        facts["first_target"] = living[0]
        return [Note(f"Nobody made noise: {living[0]}, the lone crewmember, stays First Target "
                     "(your table's reading; the rulebook does not say)", "first_target"),
                Note(pause, "nasties")]
    return [Note("Nobody made noise: the rulebook does not say who is First Target; the token "
                 f"stays with {facts['first_target'] or 'nobody'} unless set by hand ('First "
                 "Target by hand')", "first_target"), Note(pause, "nasties")]


def set_target(state: State, name: str, which: str) -> list[Note | str]:
    """The table settles a case the text leaves open (spec G-09)."""
    crew.need_alive(state, name)
    key = "first_target" if which == "First Target" else "stern_target"
    if key == "stern_target" and not facts_of(state)["shipstern"]:
        raise ActionError("which: a Stern Target exists only with the ShipStern in play", "which")
    if key == "first_target":
        facts_of(state)["first_target"] = name
    else:
        facts_of(state)["stern_target"] = name
    return [Note(f"{which} set by hand: {name}", "first_target")]


def set_area(state: State, name: str, area: str) -> list[Note | str]:
    """Where a crewmember stands, for the two noise scopes (spec §3.5)."""
    if not facts_of(state)["shipstern"]:
        raise ActionError("area: only matters with the ShipStern in play", "area")
    crew.need_alive(state, name)
    facts_of(state)["crew"][name]["area"] = area
    return [f"{name} is in the {area}"]


def tally_text(tally: Sequence[int]) -> str:
    """Colours with their letter too, never by colour alone."""
    return " ".join(f"{c[0]}{n}" for c, n in zip(COLOURS, tally, strict=True))


def lines(state: State) -> list[str]:
    facts = facts_of(state)
    tallies, last = _tallies(state), facts["noise_last"]
    out = [f"{m}: {tally_text(tallies[m])}" for m in crew.alive(state)]
    scope = [m for m in crew.alive(state)
             if not facts["shipstern"] or facts["crew"][m]["area"] in FIRST_SCOPE]
    leader = noise_rank(tallies, last, scope)
    if facts["you_first"]:
        out.append(f"First Target now: {facts['you_first']} ('You First')")
    elif leader:
        out.append(f"If counted now, first target: {leader[0]}")
    out.append(f"First Target token: {facts['first_target'] or 'nobody yet'}")
    if facts["shipstern"]:
        out.append(f"Stern Target: {facts['stern_target'] or 'nobody yet'}")
    return out
