"""The history's words for each action ("Ann plays a Facility Worker"), so the log never
reads like form fields ("player=Ann, kind=Facility Worker").

Each function takes the action's checked arguments (every parameter present, None when not
given) and returns one line. Arguments of old saves may lack a newer parameter: ``get``.
"""

from __future__ import annotations

from typing import Any

Args = dict[str, Any]


def plural(count: Any, word: str, many: str | None = None) -> str:
    number = int(count or 0)
    return f"{number} {word if number == 1 else (many or word + 's')}"


def power(a: Args) -> str:
    where = (("S-01", "s01"), ("S-02", "s02"), ("S-03", "s03"), ("Elevator", "elevator"))
    given = [f"{loc} token {a[key]}" for loc, key in where if a.get(key) is not None]
    return "Power tokens: " + ", ".join(given) if given else "Restore Power"


def restore_power(a: Args) -> str:
    line = power(a)
    return line if line == "Restore Power" else f"Restore Power ({line[len('Power tokens: '):]})"


def launch_css(a: Args) -> str:
    face = a.get("face")
    return "Event Phase 4: Launch CSS" + (f" ({face})" if face else "")


def develop_bag(a: Args) -> str:
    drawn = a.get("drawn")
    return "Event Phase 10: Intruder bag development" + (f" ({drawn} drawn)" if drawn else "")


def check_surprise(a: Args) -> str:
    light = "in Darkness" if a.get("in_darkness") else "with Power"
    return (f"Surprise Attack? Hand {a.get('hand_size')}, token {a.get('lower')}/"
            f"{a.get('higher')}, {light}")


def injure(a: Args) -> str:
    line = f"Intruder #{a.get('intruder')}: {plural(a.get('injuries'), 'Injury', 'Injuries')}"
    if a.get("blood") is not None:
        line += f", blood {a['blood']}"
    return line + (", Retreat arrow" if a.get("retreat") else "")


def noise_roll(a: Args) -> str:
    who = f" by {a['player']}" if a.get("player") else ""
    rolled = f": {a['rolled']}" if a.get("rolled") else " (the app rolls)"
    return f"Noise roll{who}{rolled}"


def noise_marker(a: Args) -> str:
    if a.get("change") == "remove":
        return f"Noise marker removed from {a.get('corridor')}"
    return f"Noise marker placed in {a.get('corridor')}"


def malfunction(a: Args) -> str:
    room = a.get("room")
    return "Malfunction marker placed" + (f" in the {room}" if room else "")


def contamination(a: Args) -> str:
    why = f" ({a['why']})" if a.get("why") else ""
    return f"{a.get('player')}: {plural(a.get('count') or 1, 'Contamination card')}{why}"


def larva_attack(a: Args) -> str:
    by = f" by Larva #{a['intruder']}" if a.get("intruder") else ""
    return f"Larva attack{by} on {a.get('player')}"


def remove_contamination(a: Args) -> str:
    line = (f"{a.get('player')}: {plural(a.get('cards'), 'Contamination card')} removed "
            f"({a.get('where') or 'Decon Room'})")
    return line + (", and the Larva" if a.get("larva") else "")


def knowledge(a: Args) -> str:
    line = f"{a.get('player')} gains Knowledge: {a.get('source')}"
    if a.get("researched"):
        line += f" ({a['researched']})"
    if a.get("amount"):
        line += f", +{a['amount']}"
    return line


def fast_forward(a: Args) -> str:
    target = a.get("jump_to")
    return "Fast-forward to the end" + (f" (to the {target})" if target and target != "S"
                                        else " (to S)" if target else "")


def objective_met(a: Args) -> str:
    return f"{a.get('player')}'s Objective " + ("met" if a.get("met", True) else "not met")


def revive(a: Args) -> str:
    room = a.get("room")
    return f"Revive {a.get('player')}" + (f" (the Emergency Room: {room})" if room else "")


def correct_autodestruction(a: Args) -> str:
    side, slot = a.get("side"), a.get("slot")
    if side in (None, "none"):
        return "Autodestruction set by hand: no token"
    return f"Autodestruction set by hand: {side}" + (f" on {slot}" if slot else "")


def correct_alert(a: Args) -> str:
    slot = a.get("slot")
    return "Alert Procedure set by hand: " + (f"token on {slot}" if slot else "no token")


def correct_power(a: Args) -> str:
    state = "powered" if a.get("powered") else "in Darkness"
    return f"Power set by hand: {a.get('location')} {state}"
