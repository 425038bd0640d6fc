"""Launching the Remora and deciding the ending (spec lifeform §5.3, §9), via endings.py.

The launch is refused while a criterion is not met; a criterion that depends on an unset board
value must be confirmed by the table. Ending B reveals the Stowaway card (its commitment code is
checked); Ending C removes it unseen. Where the texts contradict each other (C9) every reading is
kept and the table chooses with 'Choose the ending reading'.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters, loadout
from trackers.games.lifeform.board_profile import BoardProfile
from trackers.games.lifeform.endings import (
    EndingDecision,
    EndingReading,
    LaunchMoment,
    Outcome,
    StowawayCard,
    decide_ending,
)
from trackers.games.lifeform.launch import Status
from trackers.games.lifeform.moves import finish, late_launch
from trackers.pieces import Secret, Track


def launch(state: State, profile: BoardProfile, confirm_unknown: bool) -> list[Note]:
    """All criteria met and every crew member agrees: the Remora launches (spec §5.3)."""
    if state.facts["stage"] not in ("starship", "setup"):
        raise ActionError("the Remora can launch only during the Starship stage", "action")
    check = loadout.readiness(state, profile, crew_agree=True)
    missing = [f"{c.name} ({c.why})" for c in check.criteria if c.status is Status.NOT_MET]
    if missing:
        raise ActionError("launch: not every criterion is met: " + "; ".join(missing), "action")
    unknown = [f"{c.name} ({c.why})" for c in check.criteria if c.status is Status.UNKNOWN]
    if unknown and not confirm_unknown:
        raise ActionError("launch: these criteria need a board value the app does not have; "
                          "check them on your board and launch with confirm_unknown=yes: "
                          + "; ".join(unknown), "confirm_unknown")
    aboard, left = characters.counts(state)
    notes = [Note("The Remora launches! (spec §5.3)", "launch")]
    every_one_aboard = left == 0 and not state.facts["last_man_aboard"]
    card = None
    if every_one_aboard and late_launch(state):
        card, reveal = _reveal_stowaway(state)
        notes += reveal
    try:
        moment = LaunchMoment(
            player_count=state.facts["players"], self_destruct=loadout.sd_position(state),
            characters_aboard=aboard, characters_on_valley_forge=left,
            last_man_aboard_kill=state.facts["last_man_aboard"], stowaway_card=card,
            stowaway_token=state.facts["stowaway_token"],
            cocoon_space=state.piece("cocoon", Track).position)
        decision = decide_ending(moment, profile)
    except ValueError as err:
        raise ActionError(f"launch: {err}", "action") from err
    state.facts["ending"] = {"moment": _moment_dict(moment), "readings": [], "chosen": None}
    state.facts["stage"] = "launched"
    return notes + _decide(state, decision)


def _moment_dict(moment: LaunchMoment) -> dict[str, Any]:
    data = asdict(moment)
    data["stowaway_card"] = None if moment.stowaway_card is None else str(moment.stowaway_card)
    return data


def _reveal_stowaway(state: State) -> tuple[StowawayCard, list[Note]]:
    secret = state.piece("stowaway", Secret)
    if not secret.is_set:
        raise ActionError("launch: the lifeform has not chosen its Stowaway card (at the 20 "
                          "mark): 'Choose the Stowaway card' first", "action")
    value, key, ok = secret.reveal()
    verdict = "matches" if ok else "DOES NOT match"
    return StowawayCard(value), [Note(f"the lifeform reveals its Stowaway card: {value} (nonce "
                                      f"{key}; it {verdict} code {secret.code}) (spec §9)",
                                      "stowaway")]


def _reading_dict(r: EndingReading) -> dict[str, Any]:
    check = r.stowaway
    return {"ending": str(r.ending), "outcome": str(r.outcome), "label": r.label, "why": r.why,
            "steps": list(r.steps),
            "stowaway_correct": None if check is None else check.correct,
            "card_kept": bool(check and check.card_kept)}


def _decide(state: State, decision: EndingDecision) -> list[Note]:
    ending = state.facts["ending"]
    ending["readings"] = [_reading_dict(r) for r in decision.readings]
    ending["contradiction"] = decision.contradiction
    if decision.decided is None:
        state.facts["status"] = f"launched: the table chooses a reading ({decision.contradiction})"
        lines = [f"reading '{r.label}': Ending {r.ending}, {r.outcome} ({r.why})"
                 for r in decision.readings]
        return [Note(f"The texts disagree here (spec {decision.contradiction}): " + "; ".join(
            lines) + ". Choose with 'Choose the ending reading'", "endings")]
    return apply_reading(state, 0)


def reading_labels(state: State) -> list[str]:
    ending = state.facts.get("ending") or {}
    return [r["label"] for r in ending.get("readings", [])]


def apply_reading(state: State, index: int) -> list[Note]:
    """Carry out one reading: who won, or the Showdown begins (spec §9)."""
    ending = state.facts["ending"]
    r = ending["readings"][index]
    ending["chosen"] = index
    notes = [Note(f"Ending {r['ending']} ({r['why']})", "endings")]
    notes += [Note(step, "endings") for step in r["steps"]]
    if r["ending"] == "B" and ending["moment"]["stowaway_token"]:
        state.facts["stowaway_token"] = False  # removed after Ending B whatever the result
    if r["outcome"] == Outcome.CREW_WINS:
        finish(state, f"the crew won (Ending {r['ending']})")
    elif r["outcome"] == Outcome.SHOWDOWN:
        from trackers.games.lifeform.showdown_flow import begin_showdown

        notes += begin_showdown(state, r["ending"], bool(r["card_kept"]))
    else:
        state.facts["status"] = f"launched: Ending {r['ending']} undecided"
        notes.append(Note("the Stowaway card's range is unset on the board profile (spec G10): "
                          "enter it, then 'Choose the ending reading' to settle", "stowaway"))
    return notes


def choose_reading(state: State, label: str | None, profile: BoardProfile) -> list[Note]:
    """The table's choice between readings (C9), or a re-check once a range is entered (G10)."""
    ending = state.facts.get("ending")
    if ending is None or state.facts["stage"] != "launched":
        raise ActionError("there is no ending waiting for the table's choice", "reading")
    readings = ending["readings"]
    if len(readings) == 1 and readings[0]["outcome"] == Outcome.UNKNOWN:
        moment = dict(ending["moment"])
        card = moment.pop("stowaway_card")
        decision = decide_ending(LaunchMoment(
            **moment, stowaway_card=None if card is None else StowawayCard(card)), profile)
        if decision.decided is not None and decision.decided.outcome is Outcome.UNKNOWN:
            raise ActionError("the Stowaway card's range is still unset on the board profile "
                              "(spec G10)", "reading")
        return _decide(state, decision)
    labels = [r["label"] for r in readings]
    if label not in labels:
        raise ActionError(f"reading: give one of {', '.join(labels)}", "reading")
    return apply_reading(state, labels.index(label))


def declare_lifeform_win(state: State, reason: str) -> list[Note]:
    """Manual end (spec §3.1): every surviving character is aboard and the launch criteria can no
    longer be met, or another win the app cannot see."""
    finish(state, f"the lifeform won: {reason}")
    return [Note(f"The lifeform wins: {reason} (spec §3.1)", "endings")]
