"""What the screen shows: panels, the checklist, topics, the status line and the moment."""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.nemesis_lockdown import (
    bag,
    cooperative,
    crew,
    intruders,
    knowledge,
    power,
    rounds,
    time_track,
    victory,
)
from trackers.games.nemesis_lockdown.board import slot_list
from trackers.games.nemesis_lockdown.setup import setup_notes

MAX_PLAYERS = 4


def _time_lines(state: State) -> list[str]:
    facts = state.facts
    here = time_track.slot(state)
    lines = [f"Time token on {time_track.slot_name(state, here)}, {facts['time_side']} side"]
    auto = facts["autodestruct"]
    if auto is None:
        lines.append("Autodestruction: not running")
    elif auto["side"] == "yellow":
        lines.append(f"Autodestruction: yellow on {auto['slot']} (can be stopped until the "
                     f"round on {auto['slot']}; turns red on {auto['slot'] - 3})")
    else:
        lines.append(f"Autodestruction: RED on {auto['slot']} (Facility destroyed in step 5 of "
                     f"the round on {auto['slot']})")
    alert = facts["alert"]
    lines.append("Alert Procedure: " + (f"token on {alert} (game ends in step 5 of the round "
                                        f"on {alert})" if alert is not None else "not started"))
    if "css_slots" not in state.board:
        lines.append("CSS tokens: the CSS slots of your track are not entered yet")
    else:
        lines.append("CSS tokens face down on: " + (", ".join(map(str, facts["css"])) or "none"))
    lines.append("Isolation Room: " + ("open" if time_track.isolation_open(state) else "closed")
                 + "; Main Gate: " + ("open" if facts["main_gate_open"] else "closed"))
    return lines


def _threshold_line(state: State) -> str:
    parts = []
    for key, colour in (("red_thresholds", "red"), ("blue_thresholds", "blue")):
        if key in state.board:
            parts.append(f"{colour} on " + (", ".join(map(str, slot_list(state, key))) or
                                            "none"))
        else:
            parts.append(f"{colour}: not entered")
    return "Power Thresholds: " + "; ".join(parts)


def _character_lines(state: State) -> list[str]:
    players = crew.names(state)
    lines = []
    for person in state.facts["crew"]:
        name = person["name"]
        first = " (First Player)" if players[state.facts["first_player"]] == name else ""
        where = (f" in the {person['room']}" if person["status"] == crew.ACTIVE
                 and person["room"] else "")
        cards = person["contamination"]
        kind = person["kind"] or "Character not entered yet"
        lines.append(f"{name}{first}: {person['status']}{where}; {kind}; {cards} "
                     f"Contamination {'card' if cards == 1 else 'cards'}")
    return lines


def _nest_lines(state: State) -> list[str]:
    facts = state.facts
    found = ", ".join(facts["weaknesses"]) or "none yet"
    noise = ", ".join(facts["noise"]) or "none marked"
    return [f"Eggs taken {facts['eggs_taken']}, destroyed {facts['eggs_destroyed']}",
            f"Weaknesses discovered: {found}", f"Noise markers: {noise}"]


def panels(state: State) -> list[Panel]:
    facts = state.facts
    record = victory.end_record(state)
    title = "Setup" if facts["phase"] == "setup" else f"Round {facts['round']}"
    head = record.summary if record is not None else status(state)
    out = [Panel(title, (head, *_time_lines(state)), "time_track"),
           Panel("Power", (*power.lines(state), _threshold_line(state)), "power"),
           Panel("Intruder bag: next draw", tuple(bag.odds_lines(state)), "intruder_bag"),
           Panel("Intruders on the board", tuple(intruders.lines(state)), "intruder_bag"),
           Panel("Characters", tuple(_character_lines(state)), "victory"),
           Panel("Knowledge", tuple(knowledge.usable(state, n) for n in crew.names(state)),
                 "knowledge"),
           Panel("Nest, Weaknesses, Noise", tuple(_nest_lines(state)), "noise")]
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
    if state.facts["phase"] == "setup":
        return "setting up"
    return (f"round {state.facts['round']}, Time on "
            f"{time_track.slot_name(state, time_track.slot(state))}")


def moment(state: State) -> dict[str, int]:
    return {"round": int(state.facts["round"])}


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
