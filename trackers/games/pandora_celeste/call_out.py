"""Calling Out a suspected Company agent («Discord», spec §9.3): the accused's sealed Agenda
type decides whether the call is right, opened with their player's PIN. Nobody types the
answer; only when that player cannot give their PIN does the table say it, marked unchecked.

A Call Out recorded before the seal decided it kept the table's typed ``correct``: it replays
with that answer, as it was played.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import crew, cycle, protocols, scenarios
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Secret

COMPANY = "Company Agenda"
ABSENT = "owner_absent"
# The table's call when the accused's player is absent (a choice: a form's blank means none).
TABLE_CALLS = ("admitted a Company Agenda", "no Company Agenda")


def said(correct: object) -> bool | None:
    """The table's call as right or wrong: a record made before the seal decided it kept a
    yes/no; one made now keeps the call's words; None when the seal decides."""
    if correct is None or isinstance(correct, bool):
        return correct
    return correct == TABLE_CALLS[0]


def _agenda_type(state: State, accused: str) -> Secret | None:
    piece = state.pieces.get(f"{crew.slug(accused)}_company")
    return piece if isinstance(piece, Secret) else None


def why_not(state: State) -> str | None:
    """Only where the crew hold Hidden Agendas (Scenario 3 on), on a player's turn."""
    if not scenarios.agendas(state):
        return (f"{scenarios.scenario(state)} has no Hidden Agendas: nobody can be Called "
                "Out until Scenario 3")
    return None


def check(state: State, args: dict[str, Any]) -> None:
    """The checks a new Call Out passes before it is recorded (``validate``): the typed
    answer only for an absent owner, and then it is required."""
    if args.get("caller") == args.get("accused"):
        raise ActionError("accused: call out someone else", "accused")
    absent, said = bool(args.get(ABSENT)), args.get("correct")
    if said is not None and not absent:
        raise ActionError("correct: the accused's sealed Agenda type decides, opened with "
                          "their player's PIN; give it only with owner_absent=yes (their "
                          "player cannot give their PIN)", "correct")
    if absent and said is None:
        raise ActionError("correct: with the accused's player absent the Agenda type stays "
                          "sealed: give the table's call (did they admit a Company Agenda?); "
                          "it is marked unchecked", "correct")
    secret = _agenda_type(state, str(args.get("accused")))
    if secret is not None and not secret.is_set:
        raise ActionError(f"accused: {args.get('accused')}'s Agenda type is not recorded yet; "
                          "their player records it behind the curtain first ('Choose a "
                          "secret')", "accused")


def call_out(state: State, caller: str, accused: str, correct: bool | None,
             absent: bool = False, played: bool = False) -> list[Note | str]:
    """The call decided: by the seal when ``correct`` is None, else as the table said (an
    absent owner's call, or a record made before the seal decided it). ``played``: a record
    made since an admission turns the Agenda type up for all to see (one made before kept it
    sealed, and replays so)."""
    cycle.require_crew_round(state, "A Call Out")
    if caller == accused:
        raise ActionError("accused: call out someone else", "accused")
    recorded = _agenda_type(state, accused)
    if recorded is not None and not recorded.is_set:
        raise ActionError(f"accused: {accused}'s Agenda type is not recorded yet; their player "
                          "records it behind the curtain first ('Choose a secret')", "accused")
    notes: list[Note | str] = []
    if correct is None:
        right = recorded is not None and recorded.holds(COMPANY)
    else:
        if recorded is not None and recorded.revealed and (recorded.value == COMPANY) != correct:
            raise ActionError(f"correct: {accused}'s Agenda type is revealed already: "
                              f"{recorded.value}", "correct")
        right = correct
        if absent:
            notes.append(Note(f"{accused}'s Agenda type stays sealed (their player is absent "
                              "or cannot give the PIN): the table's call stands, unchecked",
                              "agendas", key_moment=f"{caller} called out {accused}: "
                              "unchecked, the accused's player was absent"))
    if right:
        facts_of(state)["discord"] = True
        if played and correct is None and recorded is not None and not recorded.revealed:
            recorded.reveal()  # admitted aloud: the type is known to all (which one is not)
        return notes + [Note(f"{accused} admits to a Company Agenda (not which one): Discord "
                             "is Sown; crewmembers may fight each other, with good reason",
                             "agendas")]
    told = "" if correct is not None else f" ({accused} holds no Company Agenda)"
    notes.append(Note(f"Wrong{told}: {caller} Passes at once", "agendas"))
    return notes + protocols.tick(state, "Wrong Call Out")
