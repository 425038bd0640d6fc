"""Attacks both ways with push-your-luck (spec pandora-celeste §5.5-§5.7, §6.2; T18-T26).

An attack in progress is ``facts["attack"]``: who attacks whom, the Hit Box read (top for a
Big Nasty or a weapon, bottom for a Little Nasty or fists), the running damage and whether the
player may still push. ``Stop pushing`` settles it: wounds on the crewmember (with where each
lost card came from) or wound markers on the Nasty.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import cards, crew, escape, nasties, odds
from trackers.games.pandora_celeste.facts import facts_of

FLOOR = 0  # G-14 default: damage after pushing never goes below 0
WEAPONS = ("fists", "melee weapon", "ranged weapon", "flamethrower")
NO_STRIKE_BACK = ("ranged weapon", "flamethrower")  # spec §5.6: no strike-back after a MISS
DEFENCES = ("none", "Dodge", "Hide", "Immunity")


def push_on_crew(dmg: int, hit: bool, reshuffle: bool, box_counts: bool) -> tuple[int, bool]:
    """One push when a Nasty HIT you: a MISS takes 1 off and you may push again; a HIT adds 1
    and ends it; a reshuffle card ends it (its box counts only if the table says so, G-14).
    Returns the damage and whether the player may push again."""
    if reshuffle and not box_counts:
        return dmg, False
    if hit:
        return dmg + 1, False
    return max(FLOOR, dmg - 1), not reshuffle


def push_on_nasty(dmg: int, hit: bool, reshuffle: bool, box_counts: bool) -> tuple[int, bool]:
    """One push when you HIT a Nasty: a HIT drives it home (+1, push again); a MISS is a
    glancing blow (-1, stop); a reshuffle card ends it."""
    if reshuffle and not box_counts:
        return dmg, False
    if hit:
        return dmg + 1, not reshuffle
    return max(FLOOR, dmg - 1), False


def half_for_nasty(state: State, entry: dict[str, Any]) -> str:
    """A Big Nasty reads the top half and box, a Little Nasty the bottom (spec §5.3, §5.5)."""
    return "top" if nasties.kind_of(state, entry).kind == "Big" else "bottom"


def current(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = facts_of(state)["attack"]
    return found


def _need_no_attack(state: State) -> None:
    if current(state) is not None:
        raise ActionError("an attack is under way: push or 'Stop pushing' first", "action")


def _attacker(state: State, given: str | None) -> dict[str, Any]:
    """The Nasty named, or (left blank) the one that acted last this round, or the only one
    aboard in a Showdown."""
    from trackers.games.pandora_celeste import nasty_round

    if given:
        return nasties.find(state, given)
    found = (escape.showdown_aboard(state) if facts_of(state)["showdown"] else
             [n for n in [nasty_round.last_acted(state)] if n is not None])
    if len(found) != 1:
        raise ActionError("nasty: give which Nasty attacks: one of "
                          + ", ".join(nasties.labels(state)), "nasty")
    return found[0]


def _target(state: State) -> str:
    """Whom a Nasty goes for given a choice: the First Target, else the only one alive; in
    the Final Showdown the First Target aboard, else anti-clockwise from the token (spec §9.7,
    §5.4)."""
    living = crew.alive(state)
    held = facts_of(state)["showdown"]
    if held is not None:
        aboard = [n for n in escape.vehicles(state)[held["vehicle"]]["crew"] if n in living]
        token = facts_of(state)["first_target"]
        seats = crew.names(state)
        start = seats.index(token) if token in seats else 0
        ring = [seats[(start - i) % len(seats)] for i in range(len(seats))]
        found = [n for n in ring if n in aboard]
        if found:
            return found[0]
    if facts_of(state)["first_target"] in living:
        return str(facts_of(state)["first_target"])
    if len(living) == 1:
        return living[0]
    raise ActionError("crew: give whom it attacks: one of " + ", ".join(living), "crew")


def nasty_attacks(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """A Nasty attacks a crewmember (spec §5.5, §5.7; T18, T20, T24)."""
    _need_no_attack(state)
    entry = _attacker(state, args.get("nasty"))
    name = args.get("crew") or _target(state)
    record = crew.need_alive(state, name)
    escape.need_aboard(state, name, entry)
    kind = nasties.kind_of(state, entry)
    who = nasties.label(entry)
    if args["defence"] == "Dodge" and record.get("dodged"):
        raise ActionError(f"defence: {name}'s Dodge already cancelled a HIT this Cycle and was "
                          "discarded («Dodges & Defences»); give another defence or none",
                          "defence")
    if args["defence"] in ("Hide", "Immunity"):
        return [Note(f"{args['defence']}: {who} cannot attack {name} this Cycle", "attacks")]
    base = nasties.dmg(state, entry)
    if entry["name"] == "MonsterBug":
        if args["moved"] is None:
            raise ActionError("moved: give the rooms (MP) the MonsterBug spent reaching its "
                              "target; it deals 5 less 1 per MP", "moved")
        base = max(0, 5 - args["moved"])
        if base == 0:
            return [Note(f"{who} spent all 5 MP: it does not attack", "attacks")]
    showdown = facts_of(state)["showdown"]
    if showdown is not None:
        showdown["passed"] = []  # the Nasties' turn: the crew attack again next
    half = half_for_nasty(state, entry)
    card, notes = cards.flip(state, rng, args, half)  # a new card («Nasties vs Crewmembers»)
    if card["reshuffle"]:
        notes += cards.shuffle(state, rng)
    if not cards.is_hit(card, half):
        return notes + [Note(f"{who} MISSES {name}", "attacks")]
    if args["defence"] == "Dodge":
        record["dodged"] = True
        return notes + [Note(f"Dodge cancels {who}'s HIT on {name}; the Dodge goes face up on "
                             "the discards", "attacks")]
    if kind.burrows:
        nasties.remove(state, entry, "burrows in")
        return notes + [Note(f"{who} HITS: no damage, no push-your-luck", "scuttlebugs"),
                        *crew.scuttlebug(state, name)]
    if base is None:
        raise ActionError(f"nasty: {who}'s damage is not on your board profile", "nasty")
    if base == 0:
        # A fist with no spikes (the SpyBot, Fenn): pushing could only add damage.
        return notes + [Note(f"{who} HITS {name} but deals no damage: nothing to push against",
                             "attacks")]
    facts_of(state)["attack"] = {"dir": "nasty", "nasty": entry["id"], "crew": name, "half": half,
                             "dmg": base, "open": True, "pushes": 0,
                             "eva": bool(args["eva_suit"]), "weapon": ""}
    room = " (and every other creature in its room)" if kind.whole_room else ""
    record["eva_suit"] = bool(args["eva_suit"])
    return notes + [Note(f"{who} HITS {name}{room} for {base} dmg. Push your luck ('Push': a "
                         "MISS takes 1 off and you may push again, a HIT adds 1 and ends it) "
                         "or take it ('Stop pushing')", "attacks"), *_odds(state)]


def crew_attacks(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """A crewmember attacks a Nasty (spec §5.5, §5.6, §5.8; T21-T23, T42)."""
    _need_no_attack(state)
    entry = nasties.find(state, args["nasty"])
    name = args["crew"]
    crew.need_alive(state, name)
    escape.need_aboard(state, name, entry)
    who = nasties.label(entry)
    weapon = args["weapon"]
    half = "bottom" if weapon == "fists" else "top"
    if entry["name"] == "Fenn":
        return _fenn_hit(state, rng, entry, args)
    card, notes = cards.flip(state, rng, args, half)
    if card["reshuffle"]:
        notes += cards.shuffle(state, rng)
    if not cards.is_hit(card, half):
        notes.append(Note(f"{name} MISSES {who}", "attacks"))
        if weapon not in NO_STRIKE_BACK:
            notes.append(Note(f"{who} strikes back: a normal attack on {name} ('Nasty "
                              "attacks')", "attacks"))
            if nasties.kind_of(state, entry).kind == "Big":
                notes.append(Note("A MISS on a Big Nasty also activates it", "nasties"))
        return notes
    dmg = 1 if weapon == "fists" else args["dmg"]
    if dmg is None:
        raise ActionError("dmg: give the damage the card or Tool deals (fists deal 1)", "dmg")
    facts_of(state)["attack"] = {"dir": "crew", "nasty": entry["id"], "crew": name, "half": half,
                             "dmg": dmg, "open": True, "pushes": 0, "eva": False,
                             "weapon": weapon}
    return notes + [Note(f"{name} HITS {who} for {dmg} dmg. Push your luck ('Push': a HIT "
                         "adds 1 and you may push again, a MISS takes 1 off and ends it) or "
                         "land it ('Stop pushing')", "attacks"), *_odds(state)]


def _fenn_hit(state: State, rng: Random, entry: dict[str, Any],
              args: dict[str, Any]) -> list[Note | str]:
    """Fenn takes no dmg: a flipped card's gold number at or above the Cycle # turns him
    rogue (spec §5.8; T42; the Cycle # read as the driving marker's value, G-29)."""
    from trackers.games.pandora_celeste import protocols

    if not cards.virtual(state) and args.get("gold") is None:
        raise ActionError("gold: give the gold number of the card you flipped for Fenn", "gold")
    card, notes = cards.flip(state, rng, args, "top", need_box=False)
    number = protocols.tracker(state).driving_value()
    if number is None:
        return notes + [Note(f"Fenn takes no damage; gold {card['gold']}, but no Countdown "
                             "Marker drives the tracker, so there is no Cycle number to reach: "
                             "nothing happens (the rulebook does not say; change him by hand "
                             "if your table reads it otherwise)", "nasties")]
    if card["gold"] is None or card["gold"] < number:
        return notes + [Note(f"Fenn takes no damage; gold {card['gold']} is below the Cycle "
                             f"number {number}: nothing happens", "nasties")]
    entry["name"] = "FN(R1R)"
    entry["wounds"] = 0
    return notes + [Note(f"Gold {card['gold']} is at or above the Cycle number {number}: Fenn "
                         "goes rogue and becomes FN(R1R) the CyberHound, a Big Nasty", "nasties")]


def push(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """Flip one more card for the attack under way (spec §5.6)."""
    attack = current(state)
    if attack is None or not attack["open"]:
        raise ActionError("there is no attack to push: start one ('Nasty attacks' or 'Attack "
                          "a Nasty')" if attack is None else "the push is over: 'Stop "
                          "pushing' to settle it", "action")
    card, notes = cards.flip(state, rng, args, attack["half"])
    hit, reshuffle = cards.is_hit(card, attack["half"]), card["reshuffle"]
    box_counts = bool(facts_of(state)["rules"]["push_box_counts"])
    step = push_on_crew if attack["dir"] == "nasty" else push_on_nasty
    before = attack["dmg"]
    attack["dmg"], attack["open"] = step(before, hit, reshuffle, box_counts)
    attack["pushes"] += 1
    if reshuffle:
        notes += cards.shuffle(state, rng)
    what = "reshuffle icon" if reshuffle and not box_counts else ("HIT" if hit else "MISS")
    more = "push again or stop" if attack["open"] else "the push is over: 'Stop pushing'"
    return notes + [Note(f"Push {attack['pushes']}: {what}; damage {before} -> {attack['dmg']}"
                         f"; {more}", "attacks"), *(_odds(state) if attack["open"] else [])]


def _odds(state: State) -> list[Note | str]:
    """The next push's odds, and a warning when the Nasty is dead already (spec §5.6)."""
    attack = current(state)
    if attack is None or not attack["open"]:
        return []
    said = [odds.overkill(state, attack), odds.line(state, attack)]
    return [Note(text, "attacks") for text in said if text]


def settle(state: State, rng: Random, args: dict[str, Any],
           rules: int = 0) -> list[Note | str]:
    """Stop pushing: the damage lands (spec §5.6, §6.1, §6.2). ``rules``: the record's rules
    version; one made before a Player-Nasty's kill was counted as it happens (1) replays as
    it was."""
    attack = current(state)
    if attack is None:
        raise ActionError("there is no attack under way", "action")
    entry = next((n for n in nasties.area(state) if n["id"] == attack["nasty"]), None)
    facts_of(state)["attack"] = None
    if attack["dir"] == "crew":
        if entry is None:
            return [Note("The Nasty is gone already: nothing to settle", "attacks")]
        reduction = nasties.kind_of(state, entry).reduction
        landed = max(FLOOR, attack["dmg"] - reduction)
        notes: list[Note | str] = []
        if reduction:
            notes.append(Note(f"{nasties.label(entry)} takes {reduction} less from every Hit",
                              "attacks"))
        notes += nasties.wound(state, entry, landed)
        if facts_of(state)["showdown"] is not None:
            notes.append(Note(f"{attack['crew']} draws 1 card from their Deck", "showdown"))
        return notes + escape.showdown_over(state)
    dmg = attack["dmg"]
    notes = []
    if attack["eva"] and dmg > 0:
        dmg -= 1
        notes.append(Note("EVA Suit: 1 dmg less", "wounds"))
    if dmg <= 0:
        return notes + [Note(f"{attack['crew']} takes no damage", "attacks")]
    notes += crew.wound(state, attack["crew"], dmg, "Nasty attack", False,
                        from_deck=args.get("from_deck") or 0,
                        from_discards=args.get("from_discards") or 0,
                        cards_left=args.get("cards_left"), shortfall=args.get("shortfall"),
                        rules=rules)
    if rules >= 1 and entry is not None and entry["player"] \
            and facts_of(state)["crew"][attack["crew"]]["status"] != "alive":
        notes += _badass(state, entry["player"], "kills", f"killed {attack['crew']}")
    return notes + escape.showdown_over(state)


def _badass(state: State, holder: str, key: str, what: str) -> list[Note | str]:
    """A Player-Nasty's kill, +1 as it happens («Killing's Just a Way of Keeping Score»; a
    Nasty of theirs lost is counted where it leaves the Active Nasty Area)."""
    tally = facts_of(state)["player_nasties"].setdefault(holder,
                                                         {"kills": 0, "little": 0, "big": 0})
    tally[key] += 1
    points = tally["kills"] - tally["little"] - 2 * tally["big"]
    return [Note(f"Player-Nasty {holder}: {what}; Biggest Badass score {points}", "outcomes")]


def lines(state: State) -> list[str]:
    attack = current(state)
    if attack is None:
        return []
    entry = next((n for n in nasties.area(state) if n["id"] == attack["nasty"]), None)
    nasty = nasties.label(entry) if entry else "a Nasty"
    who = (f"{nasty} on {attack['crew']}" if attack["dir"] == "nasty"
           else f"{attack['crew']} on {nasty}")
    state_word = "may push" if attack["open"] else "push over"
    return [f"Attack: {who}, {attack['half']} box, damage {attack['dmg']}, pushes "
            f"{attack['pushes']}, {state_word}"]
