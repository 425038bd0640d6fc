"""The setup checklist and the Cycle as an ordered checklist (spec pandora-celeste §2, §8.2).

``facts["phase"]`` is "setup" or "cycle"; ``facts["step"]`` points at the step now due. The
Noise count and the End of Cycle are left by their own actions, so nobody skips them.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import TRUE_SOLO, cards, scenarios
from trackers.games.pandora_celeste.facts import facts_of

CREW_ROUND = ("start", "crew_round", "last_plays", "turn_end", "decouple_fulfilled")
OWN_ACTION = {"count": "Noise count", "nasties": "Nasty round", "tick": "End the Cycle"}


def is_true_solo(state: State) -> bool:
    return bool(facts_of(state)["mode"] == TRUE_SOLO)


def setup_steps(state: State) -> list[tuple[str, str]]:
    """Full Game setup in order (spec §8.2), shaped by the options and the Protocols drawn."""
    facts = facts_of(state)
    eps, bns = facts["expected_protocols"], facts["expected_big_nasties"]
    big = f"{bns} Big Nast{'y' if bns == 1 else 'ies'}"
    draw = (f"draw {eps} Emergency Protocol{'' if eps == 1 else 's'} and {big}"
            if eps is not None else f"draw the Emergency Protocols you chose and {big}")
    names = [p["name"].lower() for p in facts["protocols"]]
    alert = any("contamination alert" in n for n in names)
    learning = scenarios.learning(state)
    steps = [
        ("difficulty", scenarios.setup_line(state) if learning
         else f"Difficulty {facts['difficulty']}: {draw}"),
        ("stack", "Big Nasties face down on the Scenario Deck slot, the red Abandon Ship "
                  "Protocol card beneath them; the Emergency Protocols face up beside it"),
        ("protocols", "Enter each Emergency Protocol with the start value its card gives "
                      "('Add an Emergency Protocol'); if none has a time limit the tracker "
                      "starts at 9"),
        ("alert", "Contamination Alert: Scenario Tokens S3-S5 in the Cryo-Chamber, Secure "
                  "Locker 1 and the Computer Room; a Yellow ScuttleBug and the Bug Pods token "
                  "in the Iso-Ward; Scenario Cards SC101-105 in the Active Nasty Area"
         if alert else "No Contamination Alert: the Flamethrower token goes in Secure Locker 1 "
                       "(the rest of that step is cut off in the rulebook text)"),
        ("shipdeck", "ShipDeck (Cards 1-11, CS1-3, SS1-2) face up, unshuffled; the 4 lettered "
                     "Grey tokens face up in their rooms; the rest, with Fenn's token, face "
                     "down one per front spanner room; FN(K9) into the ShipDeck"),
        ("memories", "Memory Deck (Cards 12-20) unshuffled; 2 face-down Ivory tokens in each "
                     "of the 3 Memory-icon rooms"),
        ("decks", "Shuffle the Vents deck; shuffle the Nasty Action deck beside Cargo Control"),
    ]
    if learning:
        steps[1] = ("stack", ". ".join(scenarios.lines(state)))
        steps = [st for st in steps if st[0] not in ("alert", "shipdeck", "memories")
                 or st[0] == "alert" and alert]
        if scenarios.scenario(state) == "Scenario 1":
            steps[-1] = ("decks", "Shuffle the Nasty Action deck beside Cargo Control (no "
                                  "Vents deck in Scenario 1)")
    if facts["shipstern"]:
        cargo = ("the app draws each Cargo Bay's card when it is unlocked: keep the Cargo Deck "
                 "aside (the Ship's Manifest's spares come from it when someone readies it)"
                 if cards.virtual(state) else
                 "6 Cargo Cards on the Manifest (5 plus Marina's Kit Bay with Marina)")
        steps.append(("stern", "ShipStern: SternDeck tokens face down on the back spanner "
                               "spaces; Cards 31 and 32 in the Engineering Locker; a Memory "
                               f"token on Engine Room 2's lightbulb; {cargo}"))
    if scenarios.agendas(state):  # Hidden Agendas come in with Scenario 3
        steps.append(("agendas", ("Your crewmember" if is_true_solo(state)
                                  else "Each crewmember") + ": 2 Hidden Agendas, keep 1"
                      + (" (Skins keeps a Company one if dealt one)"
                         if "Skins" in facts["crew"] else "")
                      + ", the other out unseen; record both secrets in the app"))
    steps += [
        ("start", "Start locations (see the panel) and starting hands: "
         + ("5 cards and 1 random Memory" if is_true_solo(state) else "5 cards each")),
    ]
    return steps


def answered_dark(state: State) -> str | None:
    """Who the table said starts this Cycle in the dark ("nobody"), once answered; None
    while it is still asked (the step then says what is due, not what was)."""
    facts = facts_of(state)
    held = facts.get("darkness") or {}
    if held.get("cycle") != facts.get("cycle") or not held.get("done"):
        return None
    return ", ".join(held.get("dark") or []) or "nobody"


def cycle_steps(state: State) -> list[tuple[str, str]]:
    """One Cycle in order (spec §2)."""
    solo = is_true_solo(state)
    start = ("Start of Cycle: you are the First Player (the only one)" if solo else
             "Start of Cycle: whoever holds the First Target token is First Player")
    if facts_of(state)["shipstern"] and (facts_of(state).get("stern") or {}).get("lights"):
        start += "; the ShipStern lights are on (Junction Box): nobody at the back is in the dark"
    elif facts_of(state)["shipstern"] and answered_dark(state) is not None:
        start += f"; in the dark this Cycle: {answered_dark(state)} (answered)"
    elif facts_of(state)["shipstern"]:
        start += ("; starting in the dark of the ShipStern without your own light, discard 1 "
                  "card ('In the dark': you, or nobody)" if solo else
                  "; crew starting in the dark of the ShipStern without their own light "
                  "discard 1 card ('In the dark': each of them, then nobody else)")
    crew_round = ("Crew Round: one Action a turn (a card, 2 cards for a Quick Ref Action, a "
                  "Ready Tool, Rest or Pass) until you Pass; record each noisy play" if solo
                  else "Crew Round: from the First Player clockwise, one Action a turn (a "
                  "card, 2 cards for a Quick Ref Action, a Ready Tool, Rest, Call Out or "
                  "Pass); record each noisy play")
    last_plays = ("Your Pass ends the Crew Round (no other player makes last plays)" if solo
                  else "After the first Pass every other player may play 2 cards in a row, "
                  "then passes (the rulebook gives no order: keep going clockwise)")
    return [
        ("start", start),
        ("crew_round", crew_round),
        ("last_plays", last_plays),
        ("turn_end", "At the end of each turn ('End of turn'): 1 dmg per ScuttleBug inside; "
                     "1 Hit in a flame-up Fire room; 1 dmg in a Hull Breached room without an "
                     "EVA Suit"),
        ("decouple_fulfilled", "A powered escape vehicle within capacity carrying someone who "
                               "Fulfilled their Agenda Decouples now"),
        ("doors", "Noise & Doors Round: Red Security Doors and Bypassed doors close; open "
                  "safes shut"),
        ("count", "Noise count: the noisiest crewmember becomes First Target and takes the "
                  "First Player marker; noisy discards go face down ('Noise count')"),
        ("refill", "Discard unwanted cards (never a Hand Clogger), turn the discards face "
                   f"down, draw up to {6 if solo else 5}; reshuffle an empty Deck"),
        ("nasties", "Nasty Action Round ('Nasty round', then 'Nasty's card' for each): "
                    "the driving box says who moves; they act in Active Nasty Area order, "
                    "each attack entered as it comes ('Nasty attacks')"),
        ("round_end", "End of the Nasty Action Round, once every attack is entered: the "
                      "reshuffle, the Decouple check (every survivor aboard), Active Defences "
                      "discarded, the empty-board Vents draw ('Next step')"),
        ("tick", "End of Cycle: every Countdown Marker ticks down 1, then fire, Check Aircon, "
                 "Grey tokens and Protocol effects ('End the Cycle')"),
    ]


def steps(state: State) -> list[tuple[str, str]]:
    return setup_steps(state) if facts_of(state)["phase"] == "setup" else cycle_steps(state)


def current(state: State) -> str:
    return steps(state)[facts_of(state)["step"]][0]


# Short names of the Cycle's steps, for messages that must fit one line.
STEP_NAMES = {"start": "Start of Cycle", "crew_round": "Crew Round",
              "last_plays": "last plays", "turn_end": "turn ends",
              "decouple_fulfilled": "Decouple check", "doors": "Noise & Doors Round",
              "count": "Noise count", "refill": "hand refill", "nasties": "Nasty Action Round",
              "round_end": "end of the Nasty Action Round",
              "tick": "End of Cycle"}


SETUP_NAMES = {"difficulty": "difficulty and draws", "stack": "Big Nasty stack",
               "protocols": "Emergency Protocols", "alert": "Contamination Alert",
               "shipdeck": "ShipDeck", "memories": "Memory Deck", "decks": "decks shuffled",
               "stern": "ShipStern", "agendas": "Hidden Agendas",
               "start": "start locations and hands"}


def step_label(state: State) -> str:
    """The step now due as the log names it once ticked off: "Setup: ShipDeck", "Cycle 2:
    Crew Round"."""
    key = current(state)
    if facts_of(state)["phase"] == "setup":
        return f"Setup: {SETUP_NAMES.get(key, key)}"
    return f"Cycle {facts_of(state)['cycle']}: {STEP_NAMES.get(key, key)}"


def require_step(state: State, key: str, what: str) -> None:
    """Refuse ``what`` away from its step, saying how to get there: 'Next step' never passes
    a step that has its own action (the Noise count, the Nasty round, the End of Cycle)."""
    if facts_of(state)["phase"] == "cycle" and current(state) == key:
        return
    if facts_of(state)["phase"] != "cycle":
        raise ActionError(f"{what} comes in the Cycle, at the {STEP_NAMES[key]}; finish the "
                          "setup first ('Next step')", "action")
    order = [k for k, _ in cycle_steps(state)]
    now = order.index(current(state))
    ahead = (order[now:] + order[:now])[:(order.index(key) - now) % len(order)]
    route: list[str] = []
    for step in ahead:
        move = f"'{OWN_ACTION.get(step, 'Next step')}'"
        if not route or route[-1] != move:
            route.append(move)
    how = route[0] if len(route) == 1 else ", ".join(route[:-1]) + " and " + route[-1]
    raise ActionError(f"{what} comes at the {STEP_NAMES[key]}; the game is at the "
                      f"{STEP_NAMES[current(state)]}. Get there with {how}", "action")


def require_crew_round(state: State, what: str) -> None:
    if facts_of(state)["phase"] != "cycle" or current(state) not in CREW_ROUND:
        now = (STEP_NAMES[current(state)] if facts_of(state)["phase"] == "cycle"
               else "setup")
        raise ActionError(f"{what} happens in the Crew Round; the game is at the {now}",
                          "action")


def jump_to(state: State, key: str) -> None:
    """Point at ``key`` (a later step of this Cycle, reached by the caller's own route)."""
    facts_of(state)["step"] = [k for k, _ in cycle_steps(state)].index(key)


def mark_done(state: State, key: str) -> None:
    if facts_of(state)["phase"] == "cycle" and current(state) == key:
        facts_of(state)["step"] += 1


def advance(state: State) -> list[Note | str]:
    """Tick off the step now due (the setup's protocol check is done by the caller)."""
    facts = facts_of(state)
    key = current(state)
    if facts["phase"] == "cycle" and key in OWN_ACTION:
        raise ActionError(f"this step is done with '{OWN_ACTION[key]}'", "action")
    warn: list[Note | str] = []
    if facts["phase"] == "setup" and key == "agendas":
        missing = [n for n in facts["crew"]
                   if not getattr(state.pieces.get(f"{n.lower().replace(' ', '_')}_agenda"),
                                  "is_set", True)]
        if missing:
            warn.append(Note(f"No Hidden Agenda recorded yet for {', '.join(missing)}: record "
                             "it behind the curtain ('Choose a secret') before play", "agendas"))
    if facts["phase"] == "setup" and facts["step"] + 1 == len(setup_steps(state)):
        facts["phase"], facts["step"], facts["cycle"] = "cycle", 0, 1
        return [*warn, Note("Setup done. Cycle 1 begins.", "cycle"),
                Note(cycle_steps(state)[0][1], "cycle")]
    facts["step"] += 1
    return [*warn, Note(steps(state)[facts["step"]][1], "setup" if facts["phase"] == "setup"
                        else "cycle")]


def checklist(state: State) -> list[tuple[str, bool]]:
    title = "Setup" if facts_of(state)["phase"] == "setup" else f"Cycle {facts_of(state)['cycle']}"
    return [(f"{title}: {text}", i < facts_of(state)["step"])
            for i, (_, text) in enumerate(steps(state))]
