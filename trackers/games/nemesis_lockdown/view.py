"""What the screen shows: panels, the checklist, topics, the status line and the moment."""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.nemesis_lockdown import (
    bag,
    cooperative,
    crew,
    intruders,
    knowledge,
    objectives,
    power,
    rounds,
    time_track,
    victory,
)
from trackers.games.nemesis_lockdown.board import slot_list
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.games.nemesis_lockdown.setup import setup_notes

MAX_PLAYERS = 5  # the box says 1-5; the setup formulas hold for any count


def _time_lines(state: State) -> list[str]:
    """Three lines, so the bag's odds and Power stay in view at 80x24."""
    facts = facts_of(state)
    auto = facts["autodestruct"]
    alert = facts["alert"]
    if auto is None:
        auto_text = "Autodestruction: none"
    elif auto["side"] == "yellow":
        auto_text = (f"Autodestruction: yellow on {auto['slot']} (can be stopped until the "
                     f"round on {auto['slot']}; turns red on {auto['slot'] - 3})")
    else:
        auto_text = (f"Autodestruction: RED on {auto['slot']} (Facility destroyed in step 5 of "
                     f"the round on {auto['slot']})")
    alert_text = "Alert: " + (f"token on {alert} (game ends in step 5 of the round on "
                              f"{alert})" if alert is not None else "none")
    if "css_slots" not in state.board:
        css = "CSS tokens: the CSS slots of your track are not entered yet"
    else:
        css = "CSS tokens face down on: " + (", ".join(map(str, facts["css"])) or "none")
    doors = ("Isolation Room: " + ("open" if time_track.isolation_open(state) else "closed")
             + "; Main Gate: " + ("open" if facts["main_gate_open"] else "closed"))
    return [f"{auto_text}; {alert_text}", css, doors]


def _threshold_line(state: State) -> str:
    """The next Power Threshold ahead of the Time token (the printed ones, as entered)."""
    if "red_thresholds" not in state.board or "blue_thresholds" not in state.board:
        return "Power Thresholds: not all entered yet (red, blue)"
    here = time_track.slot(state)
    ahead = {colour: [n for n in slot_list(state, key) if n < here]
             for key, colour in (("red_thresholds", "red"), ("blue_thresholds", "blue"))}
    slots = [n for found in ahead.values() for n in found]
    if not slots:
        return "Power Thresholds: none ahead"
    nxt = max(slots)
    colours = " and ".join(c for c, found in ahead.items() if nxt in found)
    note = " (inactive side only)" if colours == "red" else ""
    return f"Next Threshold: {colours} on {nxt}{note}"


def _power_lines(state: State) -> list[str]:
    """Two lines: where the light is, and the next Threshold."""
    at, powered = power.where(state), power.blue(state)
    if not at:
        first = (f"Powered tokens: {', '.join(map(str, powered)) or 'none'} (places not "
                 "entered)")
    else:
        lit = [f"{loc} ({n})" for loc, n in at.items() if n in powered]
        dark = [f"{loc} ({n})" for loc, n in at.items() if n not in powered]
        first = f"Powered: {', '.join(lit) or 'none'}; Darkness: {', '.join(dark) or 'none'}"
    return [first, _threshold_line(state)]


def _character_lines(state: State) -> list[str]:
    players = crew.names(state)
    lines = []
    for person in facts_of(state)["crew"]:
        name = person["name"]
        first = " (First Player)" if players[facts_of(state)["first_player"]] == name else ""
        where = (f" in the {person['room']}" if person["status"] == crew.ACTIVE
                 and person["room"] else "")
        cards = person["contamination"]
        kind = person["kind"] or "Character not entered yet"
        lines.append(f"{name}{first}: {person['status']}{where}; {kind}; {cards} "
                     f"Contamination {'card' if cards == 1 else 'cards'}")
    return lines


def _nest_lines(state: State) -> list[str]:
    facts = facts_of(state)
    found = ", ".join(facts["weaknesses"]) or "none yet"
    noise = ", ".join(facts["noise"]) or "none marked"
    return [f"Eggs taken {facts['eggs_taken']}, destroyed {facts['eggs_destroyed']}",
            f"Weaknesses discovered: {found}", f"Noise markers: {noise}"]


def panels(state: State) -> list[Panel]:
    facts = facts_of(state)
    record = victory.end_record(state)
    title = "Setup" if facts["phase"] == "setup" else f"Round {facts['round']}"
    here = time_track.slot(state)
    title += f": Time on {time_track.slot_name(state, here)}, {facts['time_side']} side"
    head = (record.summary,) if record is not None else ()
    # The bag's odds and Power first: at 80x24 they stay in view without scrolling.
    out = [Panel("Intruder bag: next draw", (bag.odds_line(state),), "intruder_bag"),
           Panel("Power", tuple(_power_lines(state)), "power"),
           Panel(title, (*head, *_time_lines(state)), "time_track"),
           Panel("Intruders on the board", tuple(intruders.lines(state)), "intruder_bag"),
           Panel("Characters", tuple(_character_lines(state)), "victory"),
           Panel("Knowledge", tuple(knowledge.usable(state, n) for n in crew.names(state)),
                 "knowledge"),
           Panel("Nest, Weaknesses, Noise", tuple(_nest_lines(state)), "noise")]
    if record is not None:  # the verdict first once the game is over
        out.insert(0, out.pop(2))
        out.insert(1, Panel("Victory Check", tuple(victory.lines(state)), "victory"))
    if facts["phase"] == "setup" and facts["step"] == 0:  # before any note: where to start
        _, name, says = rounds.SETUP_STEPS[0]
        out.insert(0, Panel("Now due", (f"Setup: {name}. {says}; then 'Next step'",), "setup"))
    held = objectives.keep_due(state)
    if held is not None and record is None:  # the round waits on it: in view first
        out.insert(0, Panel("Now due", (held,), "victory"))
    if facts["mode"] == "coop":
        out.append(Panel("Public Objectives", tuple(cooperative.lines(state)), "victory"))
    if facts["phase"] == "setup":
        out.append(Panel("Setup for this game",
                         tuple(setup_notes(facts["mode"], len(facts["crew"]))), "setup"))
    return out


def checklist(state: State) -> list[tuple[str, bool]]:
    return rounds.checklist(state)


def status(state: State) -> str:
    record = victory.end_record(state)
    if record is not None:
        winners = ", ".join(record.winners)
        return f"ended: {record.ending}" + (f", won by {winners}" if winners else "")
    if facts_of(state)["phase"] == "setup":
        return "setting up"
    return (f"round {facts_of(state)['round']}, Time on "
            f"{time_track.slot_name(state, time_track.slot(state))}")


def moment(state: State) -> dict[str, int]:
    return {"round": int(facts_of(state)["round"])}


TOPICS = {"time": "time_track", "intruder_bag": "intruder_bag", "eggs": "intruder_bag",
          "fire": "fire", "malfunction": "malfunction"}


def topics() -> dict[str, str]:
    """Piece name -> reference topic; per-player pieces belong to the Victory Check."""
    found = dict(TOPICS)
    for i in range(1, MAX_PLAYERS + 1):
        for piece in ("objective", "contingency", "contingency_2", "contingency_3"):
            found[f"p{i}_{piece}"] = "victory"
        for piece in ("light", "serious", "larva"):
            found[f"p{i}_{piece}"] = "wounds"
    return found
