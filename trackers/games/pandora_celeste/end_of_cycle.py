"""Phase 4, End of Cycle: E0 tick, E1, then A-D in the text's order (spec pandora-celeste §2)."""

from __future__ import annotations

from trackers.engine import Note, State
from trackers.games.pandora_celeste import crew, cycle, hazards, protocols
from trackers.games.pandora_celeste.board import box_says


def end_cycle(state: State, fire_rooms: int | None, fire_doorways: int | None,
              breaches: int | None) -> list[Note | str]:
    """Tick the tracker, then record fire and breaches after spreading and list the rest."""
    protocols.check_running(state)
    cycle.require_step(state, "tick", "Ending the Cycle")
    timer = protocols.tracker(state)
    box_before = timer.driving_value()
    notes = protocols.tick(state, "E0. End of Cycle")
    if protocols.is_over(state):
        return notes
    facts = state.facts
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
    if breaches is not None and breaches != hazards.breaches(state).value:
        notes += hazards.change_breaches(state, breaches - hazards.breaches(state).value)
    notes += hazards.end_of_cycle(state)
    notes += _aircon(state, box_before, timer.driving_value())
    notes += [Note("C. In any section of the Ship where one Grey token is still face down, "
                   "turn it face up", "cycle"),
              Note("D. Carry out the End- and Start-of-Cycle effects printed on the Emergency "
                   "Protocols", "emergency_protocols"),
              Note("Active Defences are discarded face down; Immunity ends", "cycle")]
    for name in crew.names(state):
        facts["crew"][name]["automed_used"] = False
    facts.update(cycle=facts["cycle"] + 1, step=0)
    return notes + [Note(f"Cycle {facts['cycle']} begins. {cycle.cycle_steps(state)[0][1]}",
                         "cycle")]


def _given(value: int | None, now: int) -> int:
    return now if value is None else value


def _aircon(state: State, before: int | None, after: int | None) -> list[Note | str]:
    """B. Check Aircon; which box is read is open (spec G-28), so both are shown if they differ."""
    says_before = box_says(state, "check_aircon_boxes", before)
    says_after = box_says(state, "check_aircon_boxes", after)
    rule = ("if the First Target's room is next to a Blue Vent Node, draw the top Vents card: "
            "a Nasty joins the Active Nasty Area with its marker in the First Target's room; "
            "any other card goes under the Vents deck")
    if says_before is None or says_after is None:
        return [Note(f"B. Check Aircon when the driving box says so ({rule}); the boxes are "
                     "unset (board value check_aircon_boxes)", "turn_cycle")]
    if says_before == says_after:
        verdict = f"box {after} says Check Aircon: {rule}" if says_after else "no Check Aircon"
        return [Note(f"B. {verdict}", "turn_cycle")]
    return [Note(f"B. Box {before} (this Cycle's) and box {after} (after the tick) disagree on "
                 "Check Aircon; the text does not say which to read (spec G-28). If it "
                 f"applies: {rule}", "turn_cycle")]
