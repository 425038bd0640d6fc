"""The setup checklist and the round as a stepper (rulebook: Setup (Summary), Flow of the Game).

``facts["phase"]`` is "setup" or "round"; ``facts["step"]`` points at the step now due.
'Next step' ticks it off; the steps the app resolves itself (Launch CSS when a token waits,
the Time track, bag development) are left by their own action, so the Event Phase keeps its
strict order. Each tick is logged by the step's name ("Event Phase 7: Intruder attacks").
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import cooperative, crew
from trackers.games.nemesis_lockdown.facts import facts_of

SETUP_STEPS: tuple[tuple[str, str, str], ...] = (
    ("tiles", "Room tiles",
     "Board on its basic side; Isolation Room (Room-Action side down), Repository and Backup "
     "Power Supply on their slots; 6 random 'II' and all 10 'I' Room tiles face down; one "
     "face-down Exploration token on each"),
    ("gate", "Elevator, Main Gate, Rover", "Elevator, Main Gate and Rover on their printed "
                                          "places"),
    ("power", "Power tokens",
     "Shuffle the 4 Power tokens onto S-01, S-02, S-03 and the Elevator (1 and 2 blue, 3 and 4 "
     "red); enter where each lies ('Enter Power tokens')"),
    ("css", "CSS tokens", "One face-down CSS token on every CSS slot of the Time track; the "
                          "spare goes back to the box unseen"),
    ("lab", "Laboratory board", "Laboratory board: 5 Eggs in the Nest slot; 3 random Weakness "
                                "cards, the leftmost face up"),
    ("decks", "Decks", "Shuffle the Item, Event, Attack, Contamination and Serious Wound "
                       "decks; turn up the Computer deck's top card (a Lock-down: turn up the "
                       "next, shuffle it back)"),
    ("tokens", "Time token", "Alert Procedure, Autodestruction and Venting tokens beside the "
                             "board; Time token on 15, inactive (red) side up"),
    ("objectives", "Objectives", ""),  # the text depends on the mode: objectives_text()
    ("contingency", "Contingency tokens", ""),  # likewise: contingency_text()
    ("draft", "Draft", "Draft Characters (draw 2, keep 1) and say who plays what ('Character "
                       "drafted'): Nemesis Survivors start in the Isolation Room with "
                       "Knowledge 3, Facility Workers in the Repository with Knowledge 1; "
                       "Player 1 takes the First Player token"),
)

ROUND_STEPS: tuple[tuple[str, str, str], ...] = (
    ("draw", "Player Phase 1: Draw Action cards",
     "Everyone draws Action cards up to 5 (reshuffle the discards if the deck is empty); +1 "
     "card in the Isolation Room"),
    ("first_player", "Player Phase 2: First Player token",
     "The First Player token passes to the left (not in round 1)"),
    ("turns", "Player Phase 3: Player turns",
     "Player turns, 2 Actions each, until everyone has passed; ending a turn in a burning "
     "Room: 1 Light Wound (once a round: 'Fire wound')"),
    ("venting", "End of the Player Phase: Venting",
     "A Venting token still on the board kills everyone in its Room"),
    ("css", "Event Phase 4: Launch CSS",
     "A CSS token on the Time token's slot is revealed and launches"),
    ("time", "Event Phase 5: Time track",
     "Move the Time token one slot; check Autodestruction, the Alert Procedure and Power "
     "Thresholds"),
    ("noise", "Event Phase 6: Noise removal",
     "In powered Sections, Corridors touching no Room with a Character lose their Noise "
     "(never the Technical Corridors)"),
    ("attacks", "Event Phase 7: Intruder attacks",
     "Each Intruder sharing a Room with a Character attacks"),
    ("fire", "Event Phase 8: Fire damage", "Each Intruder in a burning Room takes 1 Injury"),
    ("event", "Event Phase 9: Event card",
     "Move Intruders with its symbol (not in Combat) through its Corridor, then resolve it "
     "(Darkness part in unpowered Sections)"),
    ("bag", "Event Phase 10: Intruder bag development", "Draw 1 Intruder token and resolve it"),
    ("end", "Event Phase 11: End of the round", "The round is over"),
)

OWN_ACTION = {"time": "Move the Time token", "bag": "Intruder bag development"}
# Log lines by the key 'Next step' records: setup steps carry a "setup:" prefix ("css" is
# both a setup step and a round step).
TITLES = {**{f"setup:{key}": f"Setup: {title}" for key, title, _ in SETUP_STEPS},
          **{key: title for key, title, _ in ROUND_STEPS}}


def objectives_text(mode: str) -> str:
    if mode == "solo":
        return ("Objectives: draw 2 from the Solo/Coop deck, both secret; keep 1 at the First "
                "Encounter")
    if mode == "coop":
        return ("Objectives: 1 Solo/Coop Objective per player, face up for all; record each "
                "with 'Public Objective'")
    return ("Each player: Help card, Inventory holder, 1 Corporate + 1 Personal Objective kept "
            "secret (remove those needing more players)")


def contingency_text(mode: str, players: int, box: int | None = None) -> str:
    """The deal; with the box's count entered, how many the Neutral Pool holds."""
    from trackers.games.nemesis_lockdown.setup import contingency_dealt

    each = "2 each" if players == 2 else "1 each"
    rest = "the rest form the Neutral Pool" if box is None else \
        f"the other {box - contingency_dealt(mode, players)} form the Neutral Pool"
    text = f"Contingency tokens: deal {each} secretly; 1 face down on the Active slot; {rest}"
    if mode == "solo":
        text += "; then draw 2 tokens from the Neutral Pool"
    if mode == "coop":
        text += "; in this game they are revealed as play goes on ('Reveal a secret')"
    return text


def text(state: State, key: str) -> str:
    if key == "objectives":
        return objectives_text(facts_of(state)["mode"])
    if key == "contingency":
        box = state.board.get("contingency_tokens")
        return contingency_text(facts_of(state)["mode"], len(facts_of(state)["crew"]),
                                box if isinstance(box, int) else None)
    # "css" is a setup step and a round step: the phase now under way says which is meant.
    return next(t for k, _, t in (*steps(state), *SETUP_STEPS, *ROUND_STEPS) if k == key)


def steps(state: State) -> tuple[tuple[str, str, str], ...]:
    return SETUP_STEPS if facts_of(state)["phase"] == "setup" else ROUND_STEPS


def current(state: State) -> str:
    return steps(state)[facts_of(state)["step"]][0]


def require_step(state: State, key: str, what: str) -> None:
    """Refuse ``what`` unless the round is at step ``key`` (the Event Phase's strict order)."""
    if facts_of(state)["phase"] != "round" or current(state) != key:
        now = dict((k, t) for k, t, _ in steps(state))[current(state)]
        keys = [k for k, _, _ in ROUND_STEPS]
        if facts_of(state)["phase"] == "round" and keys.index(key) < facts_of(state)["step"]:
            # 'Next step' only goes forward: it cannot bring back a step already ticked off.
            raise ActionError(f"{what} belongs to '{TITLES[key]}', which is over for this "
                              f"round (the game is at '{now}'). Undo to go back to it, or "
                              "wait for the next round.", "action")
        raise ActionError(f"{what} belongs to '{TITLES[key]}'; the game is now at "
                          f"'{now}'. Use 'Next step' to get there.", "action")


def mark_done(state: State, key: str) -> None:
    if facts_of(state)["phase"] == "round" and current(state) == key:
        facts_of(state)["step"] += 1


def _pass_first_player(state: State) -> list[Note | str]:
    if facts_of(state)["round"] == 1:
        players = crew.names(state)
        return [f"Round 1: the First Player token stays with {players[0]}"]
    players = crew.names(state)
    facts_of(state)["first_player"] = (facts_of(state)["first_player"] + 1) % len(players)
    return [Note(f"First Player token to {players[facts_of(state)['first_player']]}", "round")]


def next_step(state: State, css_waiting: bool) -> tuple[str, list[Note | str]]:
    """Tick off the step now due; returns its log key and the notes naming the next."""
    facts = facts_of(state)
    key = current(state)
    if facts["phase"] == "setup":
        key = f"setup:{key}"
        if facts["step"] + 1 < len(SETUP_STEPS):
            facts["step"] += 1
            return key, [Note(text(state, current(state)), "setup")]
        facts["phase"], facts["step"], facts["round"] = "round", 0, 1
        return key, [Note("Setup done. Round 1 begins.", "round"),
                     Note(text(state, "draw"), "round")]
    if key in OWN_ACTION:
        raise ActionError(f"this step is done with '{OWN_ACTION[key]}'", "action")
    if key == "css" and css_waiting:
        raise ActionError("a CSS token lies on the Time token's slot: use 'Launch CSS'", "action")
    notes: list[Note | str] = []
    if key == "css":
        notes.append("No CSS token on this slot: nothing launches")
    if key == "first_player":
        notes += _pass_first_player(state)
    if key == "end":
        facts["step"], facts["round"] = 0, facts["round"] + 1
        for person in facts["crew"]:
            if person["status"] == crew.ACTIVE and person["room"] == "Isolation Room":
                notes.append(f"{person['name']} is in the Isolation Room: 1 extra card")
        return key, notes + [Note(f"Round {facts['round']} begins.", "round"),
                             *cooperative.revive_due(state), Note(text(state, "draw"), "round")]
    facts["step"] += 1
    nxt = current(state)
    shown = text(state, nxt)
    if nxt == "first_player" and facts["round"] == 1:
        shown += " - skipped this round"
    return key, notes + [Note(shown, "round"), *hints(state, nxt)]


def hints(state: State, step: str) -> list[Note | str]:
    """What the app knows that the step now due needs: Power for Noise removal, who shares
    a Room with an Intruder for the attacks."""
    from trackers.games.nemesis_lockdown import intruders, power

    if step == "noise":
        at = power.where(state)
        if not at:
            return []
        lit = [loc for loc, n in at.items() if n in power.blue(state)]
        dark = [loc for loc in at if loc not in lit]
        return [Note(f"Powered: {', '.join(lit) or 'none'} (Noise is removed there); in "
                     f"Darkness: {', '.join(dark) or 'none'} (Noise stays)", "noise")]
    if step == "attacks":
        lines = []
        for intruder in intruders.on_board(state):
            near = [c["name"] for c in facts_of(state)["crew"] if c["status"] == crew.ACTIVE
                    and (c["room"] or "").casefold() == intruder["room"].casefold()]
            if near:
                lines.append(f"{intruders.label(intruder)} attacks ({', '.join(near)})")
        return [Note("Attacks: " + "; ".join(lines), "intruder_bag")] if lines else []
    return []


def checklist(state: State) -> list[tuple[str, bool]]:
    title = "Setup" if facts_of(state)["phase"] == "setup" else f"Round {facts_of(state)['round']}"
    return [(f"{title}: {name}: {text(state, key)}" if facts_of(state)["phase"] == "setup"
             else f"{title}, {name}: {text(state, key)}", i < facts_of(state)["step"])
            for i, (key, name, _) in enumerate(steps(state))]
