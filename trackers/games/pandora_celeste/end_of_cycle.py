"""Phase 4, End of Cycle: E0 tick, E1, then A-D in the text's order (spec pandora-celeste §2)."""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import crew, cycle, hazards, protocols, scenarios
from trackers.games.pandora_celeste.board import box_says
from trackers.games.pandora_celeste.facts import facts_of


def end_cycle(state: State, fire_rooms: int | None, fire_doorways: int | None,
              breaches: int | None, played: bool = False) -> list[Note | str]:
    """Tick the tracker, then record fire and breaches after spreading and list the rest.
    ``played``: the record holds Scenario 2's Vacuum pause (one made before replays as it
    was)."""
    if facts_of(state)["showdown"] is not None:
        raise ActionError("time stands still in the Final Showdown: play it out first", "action")
    cycle.require_step(state, "tick", "Ending the Cycle")
    timer = protocols.tracker(state)
    box_before = timer.driving_value()
    paused = scenarios.vacuum_paused(state) if played else ()
    notes = protocols.tick(state, "E0. End of Cycle", paused)
    if paused:
        notes.append(Note("Scenario 2: the fire is out, so the Vacuum count pauses this Cycle "
                          "(it runs again once fire is lit)", "fire"))
    if protocols.gone_off(state):
        return notes
    notes += protocols.objective_tick(state)
    if facts_of(state)["ended"] or facts_of(state)["showdown"] is not None:
        return notes
    facts = facts_of(state)
    notes.append(Note(f"E1. {facts['first_target'] or 'Nobody'} (First Target) becomes First "
                      "Player", "first_target"))
    notes.append(Note("A. Fire: face-down tokens turn flame-up; fire spreads through yellow "
                      "doorways (a Red or green door holds it for one Cycle, Airlocks, the "
                      "Vents and a closed Iso-Ward stop it); tokens burn in the rooms it spread "
                      "from. Hull Breaches spread into every adjacent room (not through "
                      "Airlocks or into the Vents)", "fire"))
    hazards.fire_rooms(state).value = _given(fire_rooms, hazards.fire_rooms(state).value)
    hazards.fire_doorways(state).value = _given(fire_doorways,
                                                hazards.fire_doorways(state).value)
    hazards.lit(state)
    if breaches is not None and breaches != hazards.breaches(state).value:
        notes += hazards.change_breaches(state, breaches - hazards.breaches(state).value)
    notes += hazards.end_of_cycle(state)
    notes += _aircon(state, box_before, timer.driving_value())
    notes += [Note("C. In any section of the Ship where one Grey token is still face down, "
                   "turn it face up", "cycle"),
              Note("D. Carry out the End- and Start-of-Cycle effects printed on the Emergency "
                   "Protocols", "emergency_protocols"),
              Note("Immunity ends with the Cycle", "cycle")]
    for name in crew.names(state):
        facts["crew"][name].update(automed_used=False, dodged=False, scuttle_new=0, powered=[])
    facts["nasty_round"] = None
    facts["cycle"], facts["step"] = facts["cycle"] + 1, 0
    return notes + [Note(f"Cycle {facts['cycle']} begins. {cycle.cycle_steps(state)[0][1]}",
                         "cycle")]


def _given(value: int | None, now: int) -> int:
    return now if value is None else value


def _aircon(state: State, before: int | None, after: int | None) -> list[Note | str]:
    """B. Check Aircon, reading the box the table's option names (spec G-28; default: the box
    after the tick, the checklist's order)."""
    box = after if facts_of(state)["rules"]["aircon_box"] == "after the tick" else before
    if scenarios.scenario(state) == "Scenario 1":
        return [Note("B. Check Aircon: the Vents play no part in Scenario 1 («Scenario 1»): "
                     "nothing to draw", "turn_cycle")]
    if box is None:
        return [Note("B. No Countdown Marker drives the tracker: no box to read for Check "
                     "Aircon", "turn_cycle")]
    says = box_says(state, "check_aircon_boxes", box)
    rule = ("if the First Target's room is next to a Blue Vent Node, draw the top Vents card: "
            "a Nasty joins the Active Nasty Area with its marker in the First Target's room; "
            "any other card goes under the Vents deck ('Vents card')")
    if says is None:
        return [Note(f"B. Check Aircon when box {box} says so ({rule}); the Check Aircon boxes "
                     "are not on your board profile yet", "turn_cycle")]
    verdict = f"box {box} says Check Aircon: {rule}" if says else f"box {box}: no Check Aircon"
    return [Note(f"B. {verdict}", "turn_cycle")]
