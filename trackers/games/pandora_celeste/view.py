"""What the screen shows: the panels, the checklist, the status line and the moment."""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.pandora_celeste import (
    attacks,
    cards,
    crew,
    cycle,
    escape,
    nasties,
    nasty_round,
    noise,
    outcomes,
    protocols,
    refusals,
    scenarios,
    starts,
    stern,
)
from trackers.games.pandora_celeste.board import box_lines
from trackers.games.pandora_celeste.facts import facts_of
from trackers.games.pandora_celeste.setup import is_true_solo, start_lines

# The True Solo card rules (spec §1.3), shown for the crewmember they concern.
SOLO_CARDS = {
    "The Kid": "True Solo: the Kid's Security Hack card also counts as an Engineering Action",
    "Greaseball": "True Solo: Greaseball's own Engineering cards may be played as Unlock, only "
                  "on cards and doors an Objective needs; played so, their Move is lost",
}


def _timer_lines(state: State) -> list[str]:
    timer = protocols.tracker(state)
    driver = timer.driver()
    head = (f"Driving: {driver} at {timer.driving_value()}" if driver
            else "Driving: no marker on the tracker")
    boxes = box_lines(state, timer.driving_value()) if driver else []  # (head says: none)
    return [head, *boxes, *protocols.lines(state)]


def _crew_lines(state: State) -> list[str]:
    out = []
    for name, entry in facts_of(state)["crew"].items():
        tracker = crew.wounds(state, name)
        kills_at = crew.CREW[name][0]
        player = (f" ({entry['player']})" if entry["player"] and len(facts_of(state)["players"]) > 1
                  else "")
        line = (f"{name}{player}: {entry['status']}, wounds {tracker.value} (the {kills_at}th "
                "kills)")
        if entry["room"]:
            line += f", {entry['room']}"
        if entry["fulfilled"]:
            line += ", Agenda Fulfilled"
        if facts_of(state)["shipstern"]:
            line += f", in the {entry['area']}"
        out.append(line)
        if entry["scuttlebugs"] and entry["status"] == "alive":
            bugs = entry["scuttlebugs"]
            out.append(f"  {bugs} ScuttleBug{'s' if bugs > 1 else ''} inside: after each of "
                       f"{name}'s turns, 'End of turn' ({bugs} dmg)")
    if is_true_solo(state):
        out.append("True Solo: draw up to 6")
        out += [SOLO_CARDS[n] for n in facts_of(state)["crew"] if n in SOLO_CARDS]
    return out


def panels(state: State) -> list[Panel]:
    facts = facts_of(state)
    record = outcomes.end(state)
    out: list[Panel] = []
    if record is not None:
        out.append(Panel("The end", tuple(outcomes.end_lines(state, record)), "outcomes"))
    title = f"Cycle {facts['cycle']}" if facts["phase"] == "cycle" else "Setup"
    out.append(Panel(f"{title}: Turn Cycle Tracker", tuple(_timer_lines(state)), "turn_cycle"))
    out.append(Panel("Active Nasty Area", tuple(nasties.lines(state) + cards.lines(state)),
                     "nasties"))
    if facts["phase"] == "cycle":
        out.append(Panel("Nasty Action Round",
                         tuple(nasty_round.lines(state) + attacks.lines(state)), "nasty_round"))
        out.append(Panel("Noise this round", tuple(noise.lines(state)), "noise"))
    out.append(Panel("Crew", tuple(_crew_lines(state)), "wounds"))
    if scenarios.learning(state):
        out.append(Panel(scenarios.scenario(state), tuple(scenarios.lines(state)), "scenarios"))
    if facts["shipstern"]:
        out.append(Panel("ShipStern", tuple(stern.lines(state)), "shipstern"))
    if facts["abandon_ship"] or any(v["crew"] or v["nasties"] or any(v["power"])
                                    for v in escape.vehicles(state).values()):
        out.append(Panel("Escape vehicles", tuple(escape.lines(state)), "escape"))
    if facts["phase"] == "setup":
        out.append(Panel("Start locations", tuple(start_lines(state)), "setup"))
    return out


def banner(state: State) -> list[str]:
    """Two lines that stay on screen above the tracks: where the game is, then what is
    under way (an attack, the Nasty round, a ScuttleBug's bite) or the step now due."""
    facts = facts_of(state)
    record = outcomes.end(state)
    if record is not None:
        winners = ", ".join(record.winners) or "nobody"
        if record.provisional:  # the reveals may change who wins (not a lost game)
            return [f"GAME OVER: {record.ending}",
                    f"Winners (provisional, Agendas still hidden): {winners}"]
        return [f"GAME OVER: {record.ending}", f"Winners: {winners}"]
    if facts["phase"] == "setup":
        return ["SETUP", starts.why_due(state) or cycle.steps(state)[facts["step"]][1]]
    timer = protocols.tracker(state)
    driver = timer.driver()
    drives = f"{driver} {timer.driving_value()} drives" if driver else "no marker drives"
    if not driver and facts["abandon_ship"]:
        left = facts.get("objective_timer")
        drives = "Abandon Ship" + (f", Objective Timer {left}" if isinstance(left, int) else "")
    active = len(nasties.area(state))
    first = [f"Cycle {facts['cycle']}", drives,
             f"First Target {facts['first_target'] or '-'}",
             *([f"Stern Target {facts.get('stern_target') or '-'}"] if facts["shipstern"]
               else []),
             f"{active} Nast{'y' if active == 1 else 'ies'} active"]
    if facts["showdown"]:
        first.append(f"FINAL SHOWDOWN in the {facts['showdown']['vehicle']}")
    return [" | ".join(first), _under_way(state), *_area_line(state)]


def _area_line(state: State) -> list[str]:
    """The Active Nasty Area in one line, in order, so it stays in view at 80x24."""
    shown = []
    for entry in nasties.area(state):
        total = nasties.hits(state, entry)
        where = entry["room"] if entry["place"] == nasties.ON_BOARD else entry["place"]
        shown.append(f"{nasties.label(entry)} {where or '?'} {entry['wounds']}/{total or '?'}")
    return ["Nasties: " + "; ".join(shown)] if shown else []


def _under_way(state: State) -> str:
    attack = attacks.lines(state)
    if attack:
        return attack[0]
    if facts_of(state)["showdown"]:
        found = [nasties.label(n) for n in escape.showdown_aboard(state)]
        aboard = ", ".join(found)
        verb = "attacks" if len(found) == 1 else "attack"
        return (f"Showdown: the crew act, then {aboard} {verb} the vehicle's First Target "
                "('Nasty attacks')")
    due = (stern.spawns_why(state) or escape.pod_choice_due(state)
           or refusals.act_three_due(state))
    if due:  # held before play goes on: said where the step would be
        return due[:1].upper() + due[1:]
    held = nasty_round.running(state)
    if held is not None:
        entry = next((n for n in nasties.area(state) if n["id"] == held["queue"][held["pos"]]),
                     None)
        who = nasties.label(entry) if entry else "a Nasty since killed"
        # the key that takes the step: the app draws with 'Nasty round', the table enters
        # the flipped card with 'Nasty's card'
        how = "'Nasty round'" if cards.virtual(state) else "'Nasty's card'"
        return f"Nasty round: {held['pos'] + 1} of {len(held['queue'])}, now {who} ({how})"
    bitten = [n for n, c in facts_of(state)["crew"].items()
              if c["scuttlebugs"] and c["status"] == "alive"]
    step = cycle.steps(state)[facts_of(state)["step"]][1]
    if bitten and cycle.current(state) in cycle.CREW_ROUND:
        return f"ScuttleBug inside {', '.join(bitten)}: 'End of turn' after each turn"
    return "Now: " + step


def one_key(state: State, name: str) -> bool:
    """Whether the screen may take this action at once, without its form: every field of it
    is one the app fills when it draws (spec §5.3: the app's own flips)."""
    if not cards.virtual(state):
        return False
    attack = attacks.current(state)
    return name in ("push", "nasty_card") or (
        name == "settle_attack" and attack is not None and attack["dir"] == "crew")


def checklist(state: State) -> list[tuple[str, bool]]:
    return cycle.checklist(state)


def status(state: State) -> str:
    record = outcomes.end(state)
    if record is not None:
        return f"ended: {record.ending}"
    facts = facts_of(state)
    return "setting up" if facts["phase"] == "setup" else f"Cycle {facts['cycle']}, in progress"


def moment(state: State) -> dict[str, int]:
    """The Cycle each action belongs to; the setup counts with Cycle 1 (the report has no
    'Cycle 0')."""
    return {"cycle": max(1, int(facts_of(state)["cycle"]))}


def agenda_player(state: State, owner: str) -> str | None:
    """The player who runs the crewmember a Hidden Agenda belongs to ("Flygirl's player"):
    the one player of a solo game, or the player the table put in that crewmember's chair."""
    if not owner.endswith("'s player"):
        return None
    entry = facts_of(state)["crew"].get(owner.removesuffix("'s player"))
    if entry and entry.get("player"):
        return str(entry["player"])
    players = facts_of(state).get("players") or []
    return str(players[0]) if len(players) == 1 else None
