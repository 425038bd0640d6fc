"""The actions of the co-operative game, the Victory Check and the hand corrections."""

from __future__ import annotations

from trackers.engine import Action, Param, State
from trackers.games.nemesis_lockdown import (
    contamination,
    contingency,
    cooperative,
    corrections,
    crew,
    log_lines,
    objectives,
    power,
    victory,
)
from trackers.games.nemesis_lockdown.board import TIME_START
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.games.nemesis_lockdown.objectives import VictoryCheckAction
from trackers.games.nemesis_lockdown.ruling import (
    coop_why,
    dead,
    ended,
    player,
    players,
    ruled,
)


def _reveal_why(state: State) -> str | None:
    if not ended(state):
        return "the game is not over: the Victory Check comes at its end"
    code = facts_of(state)["active_contingency"]
    if code is not None:
        return f"the Active Contingency is already revealed ({code})"
    if not crew.candidates(state):
        return "nobody survived: there is no Victory Check"
    return None


def _check_why(state: State) -> str | None:
    if not ended(state):
        return "the game is not over: the Victory Check comes at its end"
    if not victory.pending(state):
        return "every survivor's Victory Check is done"
    if facts_of(state)["active_contingency"] is None:
        return "reveal the Active Contingency first (Q, Victory Check step 1)"
    return None


MODES: tuple[Action, ...] = (
    Action("public_objective", "Public Objective",
           "Co-op: write down a player's face-up Solo/Coop Objective.",
           ruled(lambda s, a, r: cooperative.record_objective(s, a["player"], a["text"],
                                                              a.get("objective_kind"))),
           (player("whose Objective", players), Param("text", "str", "the Objective"),
            # asked of every new record: older ones read the purge's effect from the words
            Param("objective_kind", "choice", "its kind (the purge fails two of them)",
                  choices=objectives.KINDS)),
           key="B", short="Objective", topic="victory", why_not=coop_why,
           log_text=lambda a: f"{a.get('player')}'s public Objective: {a.get('text')}"),
    Action("objective_met", "Objective met",
           "Co-op: mark a public Objective met (or not met after all).",
           ruled(lambda s, a, r: cooperative.objective_met(s, a["player"], a["met"])),
           (player("whose Objective", players),
            Param("met", "bool", "is it met?", optional=True, default=True)),
           key="Y", short="Obj. met", topic="victory", why_not=coop_why, after_end=True,
           log_text=log_lines.objective_met),
    Action("revive", "Revive",
           "Co-op: a Corpse in a working Emergency Room; the Character returns next round.",
           ruled(lambda s, a, r: cooperative.revive(
               s, a["player"], None if a["room"] is None else a["room"] == cooperative.CLEAR)),
           (player("whose Character", dead),
            Param("room", "choice", "the Emergency Room (blank: clear if no Intruder is "
                                    "tracked there)", choices=cooperative.ROOM_STATES,
                  optional=True)),
           key="Z", short="Revive", topic="victory", why_not=coop_why, log_text=log_lines.revive),
)

VICTORY: tuple[Action, ...] = (
    Action("reveal_active_contingency", "Reveal the Active Contingency",
           "Victory Check step 1: turn the Active Contingency face up.",
           ruled(lambda s, a, r: victory.reveal_active(s, a["code"])),
           (Param("code", "choice", "what it shows", choices=victory.CODES),),
           key="Q", short="Active C.", topic="victory", why_not=_reveal_why, after_end=True,
           log_text=lambda a: f"Active Contingency revealed: {a['code']}"),
    VictoryCheckAction(
           "victory_check", "Victory Check",
           "One survivor: Contingency, Contamination, then their Objective, revealed.",
           ruled(lambda s, a, r: victory.check(s, r, a)),
           (Param("player", "choice", "the survivor", choices=victory.pending),
            Param("pod", "choice", "only for a Character still in a CSS Pod: your table's call",
                  choices=victory.POD_FATES, optional=True),
            Param("contingency_answer", "choice", "Yellow or Blue: the question it asks about them",
                  choices=contingency.ANSWERS, labels=contingency.answer_labels,
                  optional=True),
            Param("infected", "int", "INFECTED cards their Scan finds now (blank: as logged)",
                  minimum=0, maximum=20, optional=True),
            Param("cards", "int", "Contamination cards they hold (blank: as logged)",
                  minimum=0, maximum=20, optional=True),
            Param("drawn", "choice", "the draw of 4, if due (blank: the app draws)",
                  choices=contamination.DRAWS, optional=True),
            Param("objective", "choice", "is their kept Objective met? (not asked in co-op)",
                  choices=victory.OBJECTIVE_ANSWERS, optional=True,
                  labels={victory.HIDDEN: "given up: not revealed, no win"}),
            objectives.kind_param("after the purge: the met Objective's kind"),
            objectives.absent_param(),
            # Recorded True with every new check: step 3 reveals the kept Objective itself
            # (its seal decides); older records replay as they were.
            Param("seal_decides", "bool", "the Objective is revealed by this check",
                  optional=True, default=True, shown=lambda s: False,
                  hidden_why="the check always reveals it")),
           key="X", short="Victory", topic="victory", why_not=_check_why, after_end=True,
           log_text=lambda a: f"Victory Check for {a['player']}"),
)


def _targets(state: State) -> list[str]:
    return corrections.slot_choices(state)


CORRECTIONS: tuple[Action, ...] = (
    Action("correct_time", "Move the Time token by hand",
           "Correct the Time token. Moving forward, it can apply what the slots it passes "
           "hold: CSS tokens, Autodestruction, Alert, Power Thresholds.",
           ruled(lambda s, a, r: corrections.time(s, a["slot"], a["apply"], a["side"])),
           (Param("slot", "choice", "where it should stand", choices=_targets),
            Param("apply", "choice", "the slots it passes (blank: apply them)",
                  choices=corrections.TIME_MODES, optional=True,
                  default=corrections.APPLY,
                  labels={corrections.APPLY: "apply what it passes (the default)",
                          corrections.MOVE_ONLY: "just move the token"}),
            Param("side", "choice", "the Time token's side (blank: unchanged)",
                  choices=corrections.SIDES, optional=True)),
           topic="time_track", needs=("time_last_number", "red_thresholds", "blue_thresholds"),
           log_text=lambda a: f"Time token moved by hand to {a['slot']} ("
                              + ("only the token moved" if a["apply"] == corrections.MOVE_ONLY
                                 else "the slots passed applied") + ")"),
    Action("correct_autodestruction", "Correct Autodestruction",
           "Set the Autodestruction token by hand: none, yellow or red on a slot.",
           ruled(lambda s, a, r: corrections.autodestruction(s, a["side"], a["slot"])),
           (Param("side", "choice", "its side", choices=corrections.AUTO_STATES),
            Param("slot", "int", "its slot", minimum=1, maximum=TIME_START, optional=True)),
           topic="autodestruction", log_text=log_lines.correct_autodestruction),
    Action("correct_alert", "Correct the Alert Procedure",
           "Set the Alert Procedure token by hand (blank slot: none).",
           ruled(lambda s, a, r: corrections.alert(s, a["slot"])),
           (Param("slot", "int", "its slot (blank: no token)", minimum=1, maximum=TIME_START,
                  optional=True),), topic="alert_procedure", log_text=log_lines.correct_alert),
    Action("correct_css", "Correct CSS tokens",
           "Set the slots holding a face-down CSS token by hand.",
           ruled(lambda s, a, r: corrections.css(s, a["slots"] or "")),
           (Param("slots", "str", "slot numbers, separated by commas (blank: none)",
                  optional=True),), topic="time_track",
           log_text=lambda a: f"CSS tokens set by hand: on {a.get('slots') or 'no slot'}"),
    Action("correct_power", "Correct Power",
           "Set a Section (or the Elevator) powered or in Darkness by hand.",
           ruled(lambda s, a, r: power.set_powered(s, a["location"], a["powered"])),
           (Param("location", "choice", "where", choices=power.LOCATIONS),
            Param("powered", "bool", "powered (blue)?")), topic="power",
           log_text=log_lines.correct_power),
    Action("correct_status", "Correct a Character's status",
           "Set where a Character is by hand; a death counts as one.",
           ruled(lambda s, a, r: corrections.status(s, a["player"], a["status"])),
           (player("whose Character", players),
            Param("status", "choice", "the status", choices=crew.STATUSES)),
           topic="victory",
           log_text=lambda a: f"{a.get('player')}'s status set by hand: {a.get('status')}"),
    Action("correct_main_gate", "Correct the Main Gate",
           "Set the Main Gate open or closed by hand.",
           ruled(lambda s, a, r: corrections.main_gate(s, a["open"])),
           (Param("open", "bool", "is it open?"),), topic="victory",
           log_text=lambda a: "Main Gate set by hand: " + ("open" if a.get("open") else "closed")),
)
