"""The setup checklist and the round's step order (spec nemesis-lockdown §2.1, §3).

``facts["phase"]`` is "setup" or "round"; ``facts["step"]`` points at the step now due.
Steps that the app resolves itself (Launch CSS, the Time track, bag development) are left
by their own action, so they cannot be skipped by mistake (spec §3.2: strict order).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State

SETUP_STEPS: tuple[tuple[str, str], ...] = (
    ("tiles", "Board on its basic side; Isolation Room (Room-Action side down), Repository and "
              "Backup Power Supply on their slots; 6 random 'II' and all 10 'I' Room tiles face "
              "down; one face-down Exploration token on each"),
    ("gate", "Elevator, Main Gate and Rover on their printed places"),
    ("power", "Shuffle the 4 Power tokens onto S-01, S-02, S-03 and the Elevator (1 and 2 blue, "
              "3 and 4 red); enter where each lies ('Enter Power tokens')"),
    ("css", "One face-down CSS token on every CSS slot of the Time track; the spare goes back "
            "to the box unseen"),
    ("lab", "Laboratory board: 5 Eggs in the Nest slot; 3 random Weakness cards, the leftmost "
            "face up"),
    ("decks", "Shuffle the Item, Event, Attack, Contamination and Serious Wound decks; turn up "
              "the Computer deck's top card (a Lock-down: turn up the next, shuffle it back)"),
    ("tokens", "Alert Procedure, Autodestruction and Venting tokens beside the board; Time "
               "token on 15, inactive (red) side up"),
    ("objectives", "Each player: Help card, Inventory holder, 1 Corporate + 1 Personal "
                   "Objective kept secret (remove those needing more players)"),
    ("contingency", "Contingency tokens: deal them secretly; 1 face down on the Active slot; "
                    "the rest form the Neutral Pool"),
    ("draft", "Draft Characters (draw 2, keep 1); Nemesis Survivors start in the Isolation "
              "Room, Facility Workers in the Repository; Knowledge token inactive on slot 3 / "
              "slot 1; Player 1 takes the First Player token"),
)

ROUND_STEPS: tuple[tuple[str, str], ...] = (
    ("draw", "1. Everyone draws Action cards up to 5 (reshuffle the discards if the deck is "
             "empty); +1 card in the Isolation Room"),
    ("first_player", "2. The First Player token passes to the left (not in round 1)"),
    ("turns", "3. Player turns, 2 Actions each, until everyone has passed; ending a turn in a "
              "burning Room: 1 Light Wound (once a round)"),
    ("venting", "End of the Player Phase: a Venting token still on the board kills everyone "
                "in its Room"),
    ("css", "4. Launch CSS: a CSS token on the Time token's slot is revealed and launches"),
    ("time", "5. Time track: move the Time token one slot; check Autodestruction, the Alert "
             "Procedure and Power Thresholds"),
    ("noise", "6. Noise removal in powered Sections (Corridors touching no Room with a "
              "Character; never the Technical Corridors)"),
    ("attacks", "7. Each Intruder sharing a Room with a Character attacks"),
    ("fire", "8. Each Intruder in a burning Room takes 1 Injury"),
    ("event", "9. Event card: move Intruders with its symbol (not in Combat) through its "
              "Corridor, then resolve it (Darkness part in unpowered Sections)"),
    ("bag", "10. Intruder bag development: draw 1 token and resolve it"),
    ("end", "11. End of the round"),
)

OWN_ACTION = {"time": "Move the Time token", "bag": "Intruder bag development"}


def steps(state: State) -> tuple[tuple[str, str], ...]:
    return SETUP_STEPS if state.facts["phase"] == "setup" else ROUND_STEPS


def current(state: State) -> str:
    return steps(state)[state.facts["step"]][0]


def require_step(state: State, key: str, what: str) -> None:
    """Refuse ``what`` unless the round is at step ``key`` (spec §3: strict order)."""
    wanted = dict(ROUND_STEPS)[key]
    if state.facts["phase"] != "round" or current(state) != key:
        now = dict(steps(state))[current(state)]
        raise ActionError(f"{what} belongs to the step '{wanted}'; the game is now at "
                          f"'{now}'. Use 'Next step' to get there.", "action")


def mark_done(state: State, key: str) -> None:
    if state.facts["phase"] == "round" and current(state) == key:
        state.facts["step"] += 1


def next_step(state: State, css_waiting: bool) -> list[Note | str]:
    """Tick off the step now due and name the next one."""
    facts = state.facts
    key = current(state)
    if facts["phase"] == "setup":
        if facts["step"] + 1 < len(SETUP_STEPS):
            facts["step"] += 1
            return [Note(SETUP_STEPS[facts["step"]][1], "setup")]
        facts.update(phase="round", step=0, round=1)
        return [Note("Setup done. Round 1 begins.", "round"), Note(ROUND_STEPS[0][1], "round")]
    if key in OWN_ACTION:
        raise ActionError(f"this step is done with '{OWN_ACTION[key]}'", "action")
    if key == "css" and css_waiting:
        raise ActionError("a CSS token lies on the Time token's slot: use 'Launch CSS'", "action")
    notes: list[Note | str] = []
    if key == "css":
        notes.append("No CSS token on this slot: nothing launches")
    if key == "end":
        facts.update(step=0, round=facts["round"] + 1)
        return notes + [Note(f"Round {facts['round']} begins.", "round"),
                        Note(ROUND_STEPS[0][1], "round")]
    facts["step"] += 1
    nxt = current(state)
    text = ROUND_STEPS[facts["step"]][1]
    if nxt == "first_player" and facts["round"] == 1:
        text += " - skipped this round"
    return notes + [Note(text, "round")]


def checklist(state: State) -> list[tuple[str, bool]]:
    title = "Setup" if state.facts["phase"] == "setup" else f"Round {state.facts['round']}"
    rows = [(f"{title}: {text}", i < state.facts["step"])
            for i, (_, text) in enumerate(steps(state))]
    return rows
