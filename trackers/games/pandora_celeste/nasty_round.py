"""The Nasty Action Round, one Nasty at a time (spec pandora-celeste §2 Phase 3, §5.3-§5.5,
§5.8; rulebook «Nasty Action Cards», «Moving Nasties», p.10).

``Nasty round`` reads the driving box (which Nasties move) and lines up the activated Nasties
in Active Nasty Area order; ``Nasty's card`` handles the next one: its card (flipped and entered,
or drawn by the app), what it does in plain words and whom it attacks. The player moves it on
the board; the round closes after the last with the reshuffle, the Decouple check, the Active
Defences and the empty-board check.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import (
    cards,
    cycle,
    escape,
    nasties,
    protocols,
    scenarios,
    vents,
)
from trackers.games.pandora_celeste.board import MOVERS, box_says
from trackers.games.pandora_celeste.facts import facts_of


def running(state: State) -> dict[str, Any] | None:
    found: dict[str, Any] | None = facts_of(state)["nasty_round"]
    return found if found and not found.get("done") else None


def why_not_step(state: State) -> str | None:
    """'Nasty round' begins the round at its step; when the app draws it also steps it."""
    now = cycle.current(state) if facts_of(state)["phase"] == "cycle" else "setup"
    if facts_of(state)["attack"] is not None:
        return "an attack is under way: push or 'Stop pushing' first"
    if now == "nasties" and running(state) is None:
        return None
    if cards.virtual(state) and (running(state) is not None or now == "round_end"):
        return None
    if running(state) is not None:
        return "the round is under way: enter the next Nasty's card ('Nasty's card')"
    return ("the Nasty Action Round comes after the hand refill; the game is at "
            + ("setup" if now == "setup" else f"the {cycle.STEP_NAMES[now]}"))


def last_acted(state: State) -> dict[str, Any] | None:
    """The Nasty whose card came last this round (the one an attack is most likely from)."""
    held = facts_of(state)["nasty_round"]
    if not held or not held.get("pos"):
        return None
    return _entry(state, held["queue"][held["pos"] - 1])


def needs(state: State, args: dict[str, Any]) -> list[str]:
    """The driving box's Big Nasties entry matters only with a Big Nasty on the board; after
    Abandon Ship, with no marker left, the table's reading of who moves (asked once)."""
    if not any(nasties.kind_of(state, n).kind == "Big" for n in nasties.on_board(state)):
        return []
    if protocols.tracker(state).driving_value() is None and facts_of(state)["abandon_ship"]:
        return ["abandon_movers"]
    return ["big_nasty_boxes"]


def begin(state: State, rng: Random, swarm: bool = False) -> list[Note | str]:
    """Which Nasties move this Cycle, in order (spec §2 Phase 3 steps 1-2, 4-5). With
    ``swarm`` (a record made under the scenario rules), Scenario 1's Yellow ScuttleBugs act as
    one swarm on one card."""
    cycle.require_step(state, "nasties", "The Nasty Action Round")
    if running(state):
        raise ActionError("the Nasty Action Round is under way: 'Nasty's card' for the next "
                          "Nasty", "action")
    box = protocols.tracker(state).driving_value()
    big = bool(box_says(state, "big_nasty_boxes", box))
    reading = state.board.get("abandon_movers")
    if box is None and facts_of(state)["abandon_ship"] and reading is not None:
        big = reading == MOVERS[1]  # the table's reading (G-11), kept on its board profile
    notes: list[Note | str] = []
    for entry in nasties.area(state):
        if entry["place"] == nasties.OFF_BOARD and entry["since_cycle"] < facts_of(state)["cycle"]:
            entry["place"] = nasties.ON_BOARD
            notes.append(Note(f"{nasties.label(entry)} comes back on the board this Cycle (the "
                              "rulebook does not say where: put it where it left)", "nasties"))
    queue, statics = [], []
    for entry in nasties.area(state):
        kind = nasties.kind_of(state, entry)
        if entry["player"] or entry["place"] in (nasties.CRYO_POD, nasties.OFF_BOARD):
            continue
        if kind.kind == "Static":
            statics.append(nasties.label(entry))
        elif kind.kind == "Little" or big:
            queue.append(entry["id"])
    bugs = [i for i in queue if _swarms(state, swarm, i)]
    queue = [i for i in queue if i not in bugs[1:]]
    moves = "All Nasties move" if big else "Little Nasties move"
    head = (f"Box {box}: {moves}" if box is not None else
            f"After Abandon Ship ({'your table' if reading else 'no'} reading): {moves}"
            if facts_of(state)["abandon_ship"] else moves)
    facts_of(state)["nasty_round"] = {"queue": queue, "pos": 0, "reshuffle": False, "card": None,
                                  "card_for": None, "done": False}
    if len(bugs) > 1:
        (facts_of(state)["nasty_round"] or {})["swarm"] = bugs
        notes.append(Note(f"Scenario 1: the {len(bugs)} Yellow ScuttleBugs move as one swarm on "
                          "one card (card PC101), in the first one's place", "nasty_round"))
    order = ", ".join(nasties.label(n) for n in nasties.area(state) if n["id"] in queue)
    notes.append(Note(f"{head}. In order: {order or 'none'}", "nasty_round"))
    if statics:
        notes.append(Note(f"Static: {', '.join(statics)} draw nothing and do what their Xeno "
                          "Data Log says", "nasty_round"))
    if any(n["player"] for n in nasties.area(state)):
        notes.append(Note("Player-Nasties do not act in this round", "nasty_round"))
    if not queue:  # nobody acts, so no attack can be due: the round ends at once
        notes += finish(state, rng)[:1] + close(state, rng)
        cycle.mark_done(state, "round_end")
        return notes
    how = "'Nasty round' draws its card" if cards.virtual(state) else "'Nasty's card'"
    return notes + [Note(f"First: {order.split(', ')[0]}: {how}", "nasty_round")]


def _swarms(state: State, swarm: bool, nasty_id: int) -> bool:
    """A Yellow ScuttleBug of Scenario 1's swarm («Nasty Types»: card PC101)."""
    entry = _entry(state, nasty_id)
    return (swarm and scenarios.scenario(state) == "Scenario 1" and entry is not None
            and entry["name"] == "ScuttleBug")


def swarm_label(state: State, entry: dict[str, Any]) -> str:
    """A Nasty's name in the round: the swarm's first ScuttleBug names them all."""
    held = facts_of(state)["nasty_round"] or {}
    ids = held.get("swarm") or []
    if entry["id"] not in ids[:1]:
        return nasties.label(entry)
    return "the ScuttleBug swarm (" + ", ".join(
        nasties.label(n) for n in nasties.area(state) if n["id"] in ids) + ")"


def _entry(state: State, nasty_id: int) -> dict[str, Any] | None:
    return next((n for n in nasties.area(state) if n["id"] == nasty_id), None)


def turn(state: State, rng: Random, args: dict[str, Any]) -> list[Note | str]:
    """The next activated Nasty takes its turn (spec §2 Phase 3 steps 3-4, §5.3, §5.8)."""
    held = running(state)
    if held is None:
        raise ActionError("no Nasty Action Round is under way: 'Nasty round' starts it",
                          "action")
    entry = _entry(state, held["queue"][held["pos"]])
    held["card"], held["card_for"] = None, None
    if entry is None:
        notes: list[Note | str] = [Note("That Nasty was killed: it does not act", "nasty_round")]
    elif entry["place"] == nasties.ISO_WARD:
        notes = _iso_ward(state, rng, entry, args, held)
    else:
        notes = _acts(state, rng, entry, args, held)
    held["pos"] += 1
    if held["pos"] >= len(held["queue"]):
        return notes + finish(state, rng)
    following = _entry(state, held["queue"][held["pos"]])
    name = nasties.label(following) if following else "a Nasty since killed"
    how = " ('Nasty round' draws its card)" if cards.virtual(state) else ""
    return notes + [Note(f"Move it on the board and settle any attack; next: {name}{how}",
                         "nasty_round")]


def _iso_ward(state: State, rng: Random, entry: dict[str, Any], args: dict[str, Any],
              held: dict[str, Any]) -> list[Note | str]:
    """Shut in the Iso-Ward: a reshuffle icon means it smashes out (spec §2 Phase 3 step 4)."""
    card, notes = cards.flip(state, rng, args, "bottom", need_box=False)
    if card["reshuffle"]:
        held["reshuffle"] = True
        entry["place"] = nasties.ON_BOARD
        entry["broke_out"] = True
        return notes + [Note(f"{nasties.label(entry)} smashes out of the Iso-Ward: lay a Broken "
                             "Door marker; it may leave on its next turn", "nasty_round")]
    return notes + [Note(f"{nasties.label(entry)} stays shut in the Iso-Ward", "nasty_round")]


def _acts(state: State, rng: Random, entry: dict[str, Any], args: dict[str, Any],
          held: dict[str, Any]) -> list[Note | str]:
    kind = nasties.kind_of(state, entry)
    who = swarm_label(state, entry)
    if not kind.draws:
        given = [k for k in ("instruction", "box", "gold") if args.get(k) is not None]
        if given:
            raise ActionError(f"{given[0]}: {who} draws no Nasty Action card; leave it blank",
                              given[0])
        return [Note(f"{who} draws no card: it moves {kind.instincts}", "nasty_round")]
    half = "top" if kind.kind == "Big" else "bottom"
    card, notes = cards.flip(state, rng, args, half, need_box=False, need_instruction=True)
    held["card"], held["card_for"] = card, entry["id"]
    if card["reshuffle"]:
        held["reshuffle"] = True
        notes.append(Note("Reshuffle icon: the deck is shuffled once every Nasty has acted",
                          "nasty_round"))
    notes.append(Note(f"{who} ({half} half): {plain_words(state, entry, card[half])}",
                      "nasty_round"))
    if card[half] == "Pause & do nothing":  # it may not attack this round (a check holds it)
        swarm = held.get("swarm") or []
        held.setdefault("paused", []).extend(swarm if entry["id"] in swarm else [entry["id"]])
    whom = _whom(state, card[half])
    return notes + ([Note(whom, "nasty_round")] if whom else [])


def pauses(state: State, instruction: str) -> bool:
    """The card has it neither move nor attack this round: Pause & do nothing, or Follow
    Instincts with no noise made."""
    return instruction == "Pause & do nothing" or (
        instruction == "Follow Instincts" and not facts_of(state)["noise_made"])


def paused_why(state: State, nasty: dict[str, Any] | None) -> str | None:
    """Why ``nasty`` cannot attack in this Nasty Action Round: its card paused it."""
    held = facts_of(state)["nasty_round"]
    if nasty is None or not held or facts_of(state)["phase"] != "cycle" \
            or cycle.current(state) not in ("nasties", "round_end"):
        return None
    if nasty["id"] in held.get("paused", []):
        return (f"nasty: {nasties.label(nasty)}'s card this round said it pauses: it neither "
                "moves nor attacks («Nasty Action Cards»)")
    return None


def _whom(state: State, instruction: str) -> str:
    """The attack line for this instruction: none when it pauses; the noise ranking when it
    attacks the noisiest (ties anti-clockwise from the First Target, rulebook «Nasty Action
    Cards»); else the First Target, then anti-clockwise."""
    if pauses(state, instruction):
        return ""
    if instruction == "Attack the noisiest creature in this room":
        ranked = [n for n in facts_of(state)["noise_order"]
                  if facts_of(state)["crew"][n]["status"] == "alive"]
        if len(ranked) > 1:
            return ("If several are in its room it attacks the noisiest first: "
                    + ", ".join(ranked) + " ('Nasty attacks'); a tie goes anti-clockwise from "
                    "the First Target")
    return attack_order(state)


def plain_words(state: State, entry: dict[str, Any], instruction: str) -> str:
    """What the instruction asks of this Nasty (spec §5.3, §3.6)."""
    facts = facts_of(state)
    target = facts["first_target"] or "nobody yet"
    kind = nasties.kind_of(state, entry)
    room = entry["room"] or "its room"
    if instruction == "Follow Instincts":
        if not facts["noise_made"]:
            return "Follow Instincts, but no noise was made this round: it pauses"
        return f"Follow Instincts towards the First Target ({target}): {kind.instincts}"
    if instruction == "Move towards the Bridge/Engineering":
        leave = ("" if facts["shipstern"] else "; heading for Engineering without the ShipStern "
                 "it leaves the board and returns next Cycle ('Nasty's place': off the board)")
        return ("moves towards the Bridge (front) or Engineering (back), attacking the first "
                "creature or closed door it meets, ignoring those in the room it starts in"
                + leave)
    if instruction == "Attack the noisiest creature in this room":
        ranked = ", ".join(facts["noise_order"]) or "nobody made noise"
        return (f"attacks the noisiest creature in {room}: crew before Nasties (this round's "
                f"noise: {ranked}); with nobody there it does nothing")
    if instruction == "Move to attack the nearest creature":
        return ("heads for the nearest creature (fewest rooms away) and attacks it; if one is "
                "already in its room it stays and attacks")
    return "pauses: no move, no attack"


def attack_order(state: State) -> str:
    """Whom it attacks given a choice: the First Target, then anti-clockwise (spec §5.4)."""
    seats = [n for n in facts_of(state)["crew"] if facts_of(state)["crew"][n]["status"] == "alive"
             and not escape.escaped(state, n)]  # nobody who got away is attacked
    target = facts_of(state)["first_target"]
    if not seats:
        return "No crewmember is left to attack"
    if target not in seats:
        return "Given a choice it attacks the First Target; nobody holds the token yet"
    start = seats.index(target)
    order = [seats[(start - i) % len(seats)] for i in range(len(seats))]
    if len(order) == 1:
        return f"If it attacks: {target} ('Nasty attacks')"
    return ("Given a choice it attacks the First Target, then anti-clockwise: "
            + ", ".join(order) + " ('Nasty attacks')")


def finish(state: State, rng: Random) -> list[Note | str]:
    """Every activated Nasty has acted; the round stays open for the attacks still to enter
    and closes with 'Next step' (``close``), so a decoupling never comes before the last
    attack (rulebook «Decoupling»: at the end of the Nasty Action Round)."""
    held = facts_of(state)["nasty_round"] or {}
    held["done"] = True
    cycle.mark_done(state, "nasties")
    notes: list[Note | str] = [Note("Every activated Nasty has acted: enter any attack still "
                                    "due ('Nasty attacks'), then 'Next step' ends the round",
                                    "nasty_round")]
    leaving = escape.would_decouple(state)
    if leaving:
        notes.append(Note(f"When the round ends the {' and the '.join(leaving)} Decouple"
                          f"{'s' if len(leaving) == 1 else ''} (every survivor is aboard)",
                          "escape"))
    return notes


def close(state: State, rng: Random) -> list[Note | str]:
    """The end of the Nasty Action Round, steps 6-9 in order: reshuffle, Decouple check,
    Active Defences, the empty-board check (spec §2 Phase 3)."""
    held = facts_of(state)["nasty_round"] or {}
    if facts_of(state)["attack"] is not None:
        raise ActionError("an attack is under way: push or 'Stop pushing' first, then end "
                          "the round", "action")
    notes: list[Note | str] = []
    if held.get("reshuffle") or facts_of(state)["rules"]["reshuffle_every_round"]:
        notes += cards.shuffle(state, rng)
    notes += escape.decouple_check(state, "nasty_round")
    if facts_of(state)["ended"] or facts_of(state)["showdown"] is not None:
        return notes
    notes.append(Note("Discard every Active Defence face down (Immunity lasts to the end of "
                      "the Cycle)", "nasty_round"))
    if not nasties.on_board(state):
        notes += scenarios.empty_board(state) or vents.empty_board_note(state)
    return notes


def lines(state: State) -> list[str]:
    held = facts_of(state)["nasty_round"]
    if held is None:
        return ["Nasty Action Round: not yet this Cycle"]
    if held.get("done"):
        return ["Nasty Action Round: done this Cycle"]
    out = []
    for i, nasty_id in enumerate(held["queue"]):
        entry = _entry(state, nasty_id)
        mark = "done" if i < held["pos"] else ("NOW" if i == held["pos"] else "waits")
        out.append(f"{mark}: {nasties.label(entry) if entry else 'killed'}")
    return out
