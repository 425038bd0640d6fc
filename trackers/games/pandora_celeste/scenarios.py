"""The Learning Scenarios 1-3 and the Full Game (rulebook «Scenario 1: A Bit of a Bug Problem»,
«Scenario 2: Cleaning Up the Mess», «Scenario 3: Just When You Thought...», «Scenario 4:
Backing into Dark Corners...»; spec
pandora-celeste §1.4). Each scenario's own setup is in the Learn to Play booklet, which the app
does not have: it names the booklet page and applies the rules the rulebook itself gives.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste.facts import facts_of

FULL = "Full Game"
SCENARIOS = ("Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", FULL)
BOOKLET = {"Scenario 1": "the Learn to Play booklet's Scenario 1 setup",
           "Scenario 2": "the Learn to Play booklet, p.19",
           "Scenario 3": "the Learn to Play booklet, p.22",
           "Scenario 4": "the Learn to Play booklet, p.27"}
RULES = {
    "Scenario 1": ("Scenario 1: no Vents (the Vents deck is not used; Cap's, Flygirl's and The "
                   "Kid's 'Climb into/out of Vents' and Skins' System Bypass count as Move cards "
                   "only); an empty board spawns a Yellow ScuttleBug in the Iso-Ward instead of "
                   "a Vents draw; card PC101 moves every Yellow ScuttleBug as one swarm; no Big "
                   "Nasties; Bug Pods destroyed on the turn a ScuttleBug would kill its host "
                   "save the host"),
    "Scenario 2": ("Scenario 2: Fire Fighting and the Vents come in; no Big Nasties; fire "
                   "that becomes unstoppable loses the game at once; with every fire out the "
                   "Vacuum count pauses until fire flares up again"),
    "Scenario 3": ("Scenario 3: Hidden Agendas and Big Nasties come in; a Big Nasty spawns in "
                   "Cargo Control"),
    "Scenario 4": ("Scenario 4: the ShipStern and its Cargo Bays come in: the SternDeck, the "
                   "Cargo Manifest, the Stern Target, darkness and the Junction Box, EVA Suits, "
                   "the Engineering Escape Pod and its Widget"),
}
LEARNING = ("All Learning Scenarios: every Airlock is Locked Down and cannot be Bypassed; the "
            "Iso-Ward door is jammed open (it cannot be shut, and delays no fire)")


def scenario(state: State) -> str:
    return str(facts_of(state).get("scenario") or FULL)


def learning(state: State) -> bool:
    return scenario(state) != FULL


def big_nasties(state: State) -> bool:
    """Big Nasties come in from Scenario 3 on («How the Timers Work»)."""
    return scenario(state) not in ("Scenario 1", "Scenario 2")


def agendas(state: State) -> bool:
    """Hidden Agendas come in with Scenario 3."""
    return scenario(state) not in ("Scenario 1", "Scenario 2")


def lines(state: State) -> list[str]:
    if not learning(state):
        return []
    return [RULES[scenario(state)], LEARNING]


def setup_line(state: State) -> str:
    name = scenario(state)
    return (f"{name}: set the board up as {BOOKLET[name]} shows; enter its Emergency Protocols "
            "here with their start values")


def no_vents(state: State) -> None:
    if scenario(state) == "Scenario 1":
        raise ActionError("why: the Vents play no part in Scenario 1 («Scenario 1»); an empty "
                          "board spawns a Yellow ScuttleBug in the Iso-Ward instead", "why")


def iso_ward_open(state: State) -> None:
    if learning(state):
        raise ActionError("place: in the Learning Scenarios the Iso-Ward door is jammed open: "
                          "nothing can be shut in", "place")


def empty_board(state: State) -> list[Note | str] | None:
    """Scenario 1's empty-board spawn, done by the app; None elsewhere."""
    if scenario(state) != "Scenario 1":
        return None
    from trackers.games.pandora_celeste import nasties

    _, notes = nasties.add(state, "ScuttleBug", "Iso-Ward",
                           why="spawns (Scenario 1: the board was empty)")
    return [Note("No Nasty is on the board: Scenario 1 spawns a Yellow ScuttleBug in the "
                 "Iso-Ward instead of a Vents draw", "vents"), *notes]


def vacuum_paused(state: State) -> tuple[str, ...]:
    """Scenario 2: with the fire out, the Vacuum count pauses until fire is lit again
    («Fighting the Fire»)."""
    from trackers.games.pandora_celeste import hazards

    if scenario(state) != "Scenario 2" or not hazards.fire_out(state):
        return ()
    timer = state.pieces.get("turn_cycle")
    markers = getattr(timer, "markers", {})
    return tuple(m for m in markers if m.lower().startswith("vacuum"))


def fire_lost(state: State) -> list[Note | str]:
    """Scenario 2: unstoppable fire loses the game at once («Fighting the Fire»)."""
    if scenario(state) != "Scenario 2":
        return []
    facts_of(state)["ended"] = facts_of(state)["ended"] or "Scenario 2: the fire is unstoppable"
    return [Note("Scenario 2: the fire is unstoppable, and the game is lost", "fire",
                 key_moment="The fire became unstoppable")]
