"""Crewmembers: who is in play, wounds, healing, ScuttleBugs (spec pandora-celeste §1, §6).

``facts["crew"]`` maps each crewmember to a small record; the wound count is the Counter
piece ``<slug>_wounds`` so the table can correct it by hand.
"""

from __future__ import annotations

from typing import Any, Literal

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Counter

# spec §1.1: name -> (the wound that kills, workstation start as the panel says it)
CREW: dict[str, tuple[int, str]] = {
    "Cargo": (8, "Cargo Control"),
    "Cap": (8, "Captain's Cabin"),
    "Flygirl": (8, "the Bridge"),
    "Skins": (8, "Company Rep's Office"),
    "Greaseball": (8, "Engineering (the Cryo-Chamber if only the front of the Ship is used)"),
    "The Kid": (6, "any Vent Node, losing and picking up no card"),
    "Keni": (8, "Sick Bay"),
    "Marina": (8, "Cryo-Chamber"),
}
ANDROIDS = ("Skins",)  # spec §1.1, §7.2: takes no Hull Breach damage
SOURCES = ("Nasty attack", "ScuttleBug", "Fire", "Hull Breach", "other")
AUTOMED = ("heal 2", "surgery")
HAND_TARGET = 5  # spec §6.3: AutoMed Surgery heals the hand back up to 5


# spec §8.4: the Workstation start as a room name
WORKSTATIONS = {"Cargo": "Cargo Control", "Cap": "Captain's Cabin", "Flygirl": "Bridge",
                "Skins": "Company Rep's Office", "Greaseball": "Engineering", "Keni": "Sick Bay",
                "Marina": "Cryo-Chamber"}


def workstation(state: State, name: str) -> str:
    """Greaseball works in the Cryo-Chamber when only the front of the Ship is used."""
    if name == "Greaseball" and not facts_of(state)["shipstern"]:
        return "Cryo-Chamber (Workstation)"  # at work there: no Wake-Up discard
    return f"{WORKSTATIONS.get(name, 'Cryo-Chamber')} (Workstation)"


def cards_word(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def names(state: State) -> list[str]:
    return list(facts_of(state)["crew"])


def alive(state: State) -> list[str]:
    return [n for n, c in facts_of(state)["crew"].items() if c["status"] == "alive"]


def still_aboard(state: State) -> list[str]:
    """The living crew still on the Ship: not in an escape vehicle that got away."""
    gone = {n for v in (facts_of(state).get("vehicles") or {}).values() if v.get("decoupled")
            for n in v.get("crew", [])}
    return [n for n in alive(state) if n not in gone]


def record(state: State, name: str) -> dict[str, Any]:
    if name not in facts_of(state)["crew"]:
        raise ActionError(f"crew: {name!r} is not in play; give one of "
                          f"{', '.join(names(state))}", "crew")
    entry: dict[str, Any] = facts_of(state)["crew"][name]
    return entry


def need_alive(state: State, name: str) -> dict[str, Any]:
    entry = record(state, name)
    if entry["status"] != "alive":
        raise ActionError(f"crew: {name} is {entry['status']}", "crew")
    return entry


def wounds(state: State, name: str) -> Counter:
    return state.piece(f"{slug(name)}_wounds", Counter)


SHORTFALL = ("counts as wounds", "is not taken")  # G-17: the table's reading, asked each time


def wound(state: State, name: str, dmg: int, source: str, eva_suit: bool, *,
          from_deck: int = 0, from_discards: int = 0, cards_left: int | None = None,
          shortfall: str | None = None, rules: int = 0) -> list[Note | str]:
    """Lose ``dmg`` cards to the Wound Tracker (spec §6.1, §6.2, §7.2, §7.3; T27, T29, T30).

    ``from_deck`` and ``from_discards`` say how many lost cards came off the top of the Deck
    and of the discard pile; the rest came from the hand (never a Hand Clogger). When the
    table says fewer cards are left to lose (``cards_left``) than the damage, the rulebook
    does not say what the rest does (G-17): the table answers with ``shortfall``. ``rules``:
    the rules version of the record (``action_fields.rules_of``), for a death it brings.
    """
    entry = need_alive(state, name)
    notes: list[Note | str] = []
    if source == "Hull Breach" and (name in ANDROIDS or eva_suit):
        return [Note(f"{name} takes no Hull Breach damage", "hull_breach")]
    if eva_suit and source != "ScuttleBug" and dmg > 0:
        dmg -= 1  # spec §7.3: the suit takes 1 off every dmg, never off a ScuttleBug's
        notes.append(Note("EVA Suit: 1 dmg less", "wounds"))
    if cards_left is not None and cards_left < dmg:
        if shortfall is None:
            raise ActionError(f"shortfall: {name} has only {cards_word(cards_left)} to lose "
                              f"(hand without Hand Cloggers, Deck, discards) against {dmg} dmg; "
                              "the rulebook does not say what the rest does («Taking a Hit "
                              f"from a Nasty»): give one of {', '.join(SHORTFALL)}", "shortfall")
        notes.append(Note(f"{dmg - cards_left} dmg with no card left to lose "
                          f"{shortfall} (your table's reading)", "wounds"))
        if shortfall == "is not taken":
            dmg = cards_left  # only the cards there were go on the tracker
    elif shortfall is not None:
        raise ActionError("shortfall: only when fewer cards are left than the damage; leave it "
                          "blank", "shortfall")
    if dmg <= 0:
        return notes + [Note(f"{name} takes no damage", "wounds")]
    lost = dmg if cards_left is None else min(dmg, cards_left)  # cards that really go
    if from_deck < 0 or from_discards < 0 or from_deck + from_discards > lost:
        raise ActionError(f"from_deck: the cards from the Deck and the discards add up to at "
                          f"most the {lost} lost", "from_deck")
    tracker = wounds(state, name)
    kills_at = CREW[name][0]
    tracker.value = min(tracker.value + dmg, kills_at)
    hand = lost - from_deck - from_discards
    for where, count in (("hand", hand), ("deck", from_deck), ("discards", from_discards)):
        entry["lost_from"][where] += count
    origin = ", ".join(f"{n} from the {w}" for w, n in (("hand", hand), ("Deck", from_deck),
                                                         ("discards", from_discards)) if n)
    notes.append(Note(f"{name} loses {cards_word(lost)} to the Wound Tracker ("
                      f"{origin or 'none left'}; never a Hand Clogger): {tracker.value} of "
                      f"{kills_at}", "wounds"))
    if tracker.value < kills_at:
        return notes
    if name == "Keni" and not entry["fatal_blow_used"]:
        entry["fatal_blow_used"] = True
        return notes + [Note("Keni survives one fatal blow per game; the rulebook leaves the "
                             "details to her card («Keni & Marina», p.37): set her Wound "
                             "Tracker by hand", "wounds")]
    return notes + die(state, name, source, rules)


def die(state: State, name: str, source: str, rules: int = 0) -> list[Note | str]:
    """A crewmember dies (spec §6.4, §6.5 step 6). Killed by a ScuttleBug inside, a
    MonsterBug bursts out, except in a scenario without Big Nasties (Scenario 1, 2: «Scenario
    1»). Their target tokens pass to a living crewmember still on the Ship. ``rules``: the
    record's rules version; one made before a rule (1: no burst, 2: none who got away takes
    a token) replays as it was."""
    entry = need_alive(state, name)
    entry["status"] = "dead"
    after = ("The player may wake a spare crewmember ('Wake a spare crewmember') or become a "
             "Player-Nasty" if alive(state) else "No crewmember is left alive")
    notes: list[Note | str] = [Note(
        f"{name} is dead: take the Crew Cards off the mat; tokens of carried Tools and Items go "
        f"in the room. {after}", "wounds", key_moment=f"{name} died")]
    notes += pass_targets(state, name, None if rules >= 2 else alive(state), rules >= 3)
    if source == "ScuttleBug" and entry["scuttlebugs"]:
        from trackers.games.pandora_celeste import nasties, scenarios

        if rules >= 1 and not scenarios.big_nasties(state):
            return notes + [Note(f"No MonsterBug bursts out: {scenarios.scenario(state)} has "
                                 "no Big Nasties", "scuttlebugs")]

        _, spawned = nasties.add(state, "MonsterBug", entry["room"],
                                 why="bursts out of the body")
        notes += spawned
    return notes


def pass_targets(state: State, name: str, on_ship: list[str] | None = None,
                 scoped: bool = False) -> list[Note | str]:
    """The dead hold no target token: it goes to the next noisiest living crewmember of the
    last count, to the only one left, or the table says («Noise Count»: the text is silent).
    ``on_ship``: who is left to take it (one who got away takes none either). ``scoped``: the
    next noisiest within the token's own scope at that count (the Stern Target's is the back
    and the Cargo Control section, «The Stern Target»); a record made before ranked everyone's
    noise and replays so."""
    facts = facts_of(state)
    if facts.get("you_first") == name:
        facts["you_first"] = None
    notes: list[Note | str] = []
    targets: tuple[tuple[Literal["first_target", "stern_target"], str], ...] = (
        ("first_target", "First Target"), ("stern_target", "Stern Target"))
    for key, word in targets:
        if facts.get(key) != name:
            continue
        living = [n for n in alive(state) if n in (on_ship if on_ship is not None
                                                   else still_aboard(state))]
        order = facts.get("noise_order", [])
        if scoped:
            order = facts.get("target_orders", {}).get(key, order)
        ranked = [n for n in order if n in living]
        heir = ranked[0] if ranked else (living[0] if len(living) == 1 else None)
        facts[key] = heir
        if heir is not None:
            why = "the next noisiest" if ranked else "the only one left"
            notes.append(Note(f"The {word} token passes to {heir}, {why} living crewmember",
                              "first_target"))
        elif living:
            where = " in its scope" if scoped and facts.get("shipstern") else ""
            notes.append(Note(f"Nobody else{where} made noise: the rulebook does not say who "
                              f"takes the {word} token now; set it by hand ('First Target by "
                              "hand')", "first_target"))
    return notes


def heal(state: State, name: str, cards: int) -> list[Note | str]:
    """Cards of your own colour back from the Wound Tracker (Rest, Medikit; spec §6.3)."""
    need_alive(state, name)
    tracker = wounds(state, name)
    if cards > tracker.value:
        raise ActionError(f"cards: {name} has only {cards_word(tracker.value)} on the Wound "
                          "Tracker", "cards")
    tracker.value -= cards
    return [Note(f"{name} heals {cards_word(cards)} of their own colour back into the hand: "
                 f"{tracker.value} on the tracker", "wounds")]


def automed(state: State, name: str, use: str, hand: int, own_lost: int) -> list[Note | str]:
    """AutoMed in the Sick Bay, once per Round per crewmember (spec §6.3; T28)."""
    entry = need_alive(state, name)
    if entry["automed_used"]:
        raise ActionError(f"crew: {name} has used the AutoMed this Cycle already", "crew")
    if own_lost > wounds(state, name).value:
        held = cards_word(wounds(state, name).value)
        raise ActionError(f"own_lost: {name} has only {held} on the Wound Tracker", "own_lost")
    entry["automed_used"] = True
    notes: list[Note | str] = []
    if use == "heal 2":
        healed = min(2, own_lost)
    else:
        healed = min(own_lost, HAND_TARGET - hand if hand < HAND_TARGET else 1)
        if entry["scuttlebugs"]:
            entry["scuttlebugs"] -= 1
            notes.append(Note(f"Surgery removes and kills a ScuttleBug inside {name}", "wounds"))
    return notes + heal(state, name, healed)


def scuttlebug(state: State, name: str) -> list[Note | str]:
    """A ScuttleBug HIT burrows in instead of dealing dmg (spec §6.5; T20)."""
    entry = need_alive(state, name)
    entry["scuttlebugs"] += 1
    from trackers.games.pandora_celeste import cycle

    if facts_of(state)["phase"] == "cycle" and cycle.current(state) in cycle.CREW_ROUND:
        # burrowed during this player's own turn: it bites from their next turn on
        entry["scuttle_new"] = entry.get("scuttle_new", 0) + 1
    return [Note(f"A ScuttleBug burrows into {name} (its card on the mat; {entry['scuttlebugs']} "
                 "inside): 1 lost card at the end of each of their later turns, no push-your-luck, "
                 "no EVA protection; cure: AutoMed Surgery in the Sick Bay", "wounds")]


TURNS = ("an Action", "Rest", "Pass", "missed (Stunned)")


def end_turn(state: State, name: str, turn: str, in_fire: bool,
             in_breach: bool, rules: int = 0) -> list[Note | str]:
    """What a Player Turn's end costs (spec §2 Phase 1 step 5, §6.5, §7.1, §7.2; T20, T29).

    ScuttleBug damage comes on the turns the table's reading counts (G-16: 1 dmg each; the
    option says whether a Rest or a Pass counts); a missed turn is no turn taken.
    """
    entry = need_alive(state, name)
    notes: list[Note | str] = []
    if turn == "missed (Stunned)":
        entry["stunned"] = False
    counts = turn == "an Action" or (
        turn in ("Rest", "Pass") and facts_of(state)["rules"]["scuttlebug_turns"] == "every turn")
    fresh = entry.get("scuttle_new", 0)  # «How to Survive a ScuttleBug»: every turn from then on
    entry["scuttle_new"] = 0
    entry["powered"] = []  # a new turn may power another Station
    bugs = max(0, entry["scuttlebugs"] - fresh) if counts else 0
    if bugs:
        notes.append(Note(f"ScuttleBug{'s' if bugs > 1 else ''} inside {name}: {bugs} dmg, no "
                          "push-your-luck, no EVA protection", "scuttlebugs"))
        notes += wound(state, name, bugs, "ScuttleBug", False, rules=rules)
    if in_fire and entry["status"] == "alive":
        notes.append(Note(f"{name} ends the turn by a flame-up Fire token: 1 Hit", "fire"))
        notes += wound(state, name, 1, "Fire", entry["eva_suit"], rules=rules)
    if in_breach and entry["status"] == "alive":
        notes += wound(state, name, 1, "Hull Breach", entry["eva_suit"], rules=rules)
    if fresh and counts:
        notes.append(Note(f"The ScuttleBug that burrowed into {name} this turn bites from their "
                          "next turn on", "scuttlebugs"))
    if not notes:
        notes.append(Note(f"{name}'s turn ends: nothing inside, no fire, no breach", "cycle"))
    return notes


def stun(state: State, name: str) -> list[Note | str]:
    """Stunned by a crew attack: no dmg, the next turn missed (spec §9.2)."""
    entry = need_alive(state, name)
    entry["stunned"] = True
    return [Note(f"{name} is Stunned: they miss their next turn (stunning makes noise); in an "
                 "Airlock flush they are flushed without a flip", "agendas")]
