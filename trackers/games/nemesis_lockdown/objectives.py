"""The kept Objective at the Victory Check (step 3), and the Objective kinds the end treats
specially (rulebook: End of the Game).

Which Objective a player kept is decided by its seal: the Victory Check reveals it, and where
it is sealed to its owner the owner's PIN opens it (the API asks for it). An owner who cannot
give it leaves it sealed (``owner_absent``): the table's call on it then stands, marked
unchecked in the log and the report. Whether it is met stays the table's call.

The purge lets the Intruders live, so a Kill-the-Queen or Destroy-the-Nest Objective fails
then. Which kind an Objective is the table says when it is revealed (public Objectives: when
recorded), never read from its wording; records saved before read the wording as they did
(``ending.fails_in_purge``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.engine.common_actions import reveal_note
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of
from trackers.pieces import Secret

KILL_QUEEN, DESTROY_NEST, OTHER = "Kill the Queen", "Destroy the Nest", "another kind"
KINDS = (KILL_QUEEN, DESTROY_NEST, OTHER)
PURGE_FAILS = (KILL_QUEEN, DESTROY_NEST)
ABSENT = "owner_absent"
MET, NOT_MET, HIDDEN = "met", "not met", "cannot be revealed"
RULE = "rulebook: End of the Game"


def objective_secret(state: State, name: str) -> Secret | None:
    piece = state.pieces.get(f"p{crew.seat(state, name)}_objective")
    return piece if isinstance(piece, Secret) else None


def unkept(state: State) -> list[str]:
    """Players still in the game (not dead) with no kept Objective recorded yet."""
    return [c["name"] for c in facts_of(state)["crew"] if c["status"] != crew.DEAD
            and (secret := objective_secret(state, c["name"])) is not None
            and not secret.is_set]


def keep_due(state: State) -> str | None:
    """From the First Encounter on, play waits for every kept Objective to be recorded."""
    if facts_of(state)["mode"] == "coop" or not facts_of(state)["first_encounter"]:
        return None
    waiting = unkept(state)
    if not waiting:
        return None
    return (f"First Encounter (rulebook: Critical Gameplay Moments): {', '.join(waiting)} "
            f"must first keep 1 of their 2 Objectives: record it with 'Choose a secret', key c")


def kind_param(help_text: str) -> Param:
    return Param("objective_kind", "choice", help_text, choices=KINDS, optional=True)


def absent_param() -> Param:
    """The explicit way on, never the default: the owner is away or cannot give the PIN."""
    return Param(ABSENT, "bool", "yes: its owner is absent, cannot reveal (unchecked)",
                 optional=True, default=False)


def check_purge(state: State, name: str, met: bool, kind: str | None, field: str) -> None:
    """A met Objective after the purge: its kind must be said, and a kind the purge makes
    fail cannot be met."""
    if facts_of(state).get("ended") != "E1" or not met:
        return
    if kind is None:
        raise ActionError(f"objective_kind: the Facility was purged and the Intruders live "
                          f"({RULE}): say which kind {name}'s Objective is "
                          f"({', '.join(KINDS)})", "objective_kind")
    if kind in PURGE_FAILS:
        raise ActionError(f"{field}: the Facility was purged and the Intruders live, so "
                          f"{name}'s {kind} Objective fails ({RULE}); give "
                          f"{NOT_MET if field == 'objective' else 'no'}", field)


def step_three(state: State, name: str, args: dict[str, Any]
               ) -> tuple[bool | None, list[Note | str]]:
    """(won, notes) for a survivor of steps 1-2; won is None while the table's answer waits."""
    secret = objective_secret(state, name)
    if secret is None or not secret.is_set:
        return False, [f"{name} never chose an Objective to keep: {name} cannot win ({RULE}: "
                       "only a fulfilled Objective wins)"]
    answer = args.get("objective")
    if answer == HIDDEN:  # the table gives the Objective up: nothing is claimed
        return False, [f"{name}'s Objective is not revealed (given up at the table): {name} "
                       "cannot win"]
    if answer is None:
        return None, [Note(f"Step 3 waits: is {name}'s kept Objective met? 'Victory Check' (X) "
                           f"for {name} again with '{MET}' or '{NOT_MET}': it is revealed "
                           f"then, with {name}'s PIN where one is set (if {name} cannot give "
                           f"it: {ABSENT}, and the table's call stands, unchecked)", "victory")]
    notes: list[Note | str] = []
    if secret.revealed:
        shown, matches = str(secret.value), True
    elif args.get(ABSENT):
        notes.append(Note(f"{secret.label} cannot be revealed ({name} absent or the PIN not "
                          f"given; code {secret.code} stays sealed): the table's call on it "
                          "stands, unchecked", "victory",
                          key_moment=f"{secret.label} not revealed: the table's call stands, "
                                     "unchecked"))
        shown, matches = "", True
    else:
        value, nonce, matches = secret.reveal()  # sealed: the owner's PIN opens it
        notes.append(Note(reveal_note(secret, value, nonce, matches), "victory"))
        shown = value
    what = f"{name}'s Objective" + (f" ({shown})" if shown else " (unchecked)")
    if not matches:
        return False, [*notes, f"{what} is not the one {name} kept, as its code shows: {name} "
                               "cannot win"]
    if answer == MET:
        return True, [*notes, f"{what} is met: {name} wins"]
    return False, [*notes, f"{what} is not met: not a winner"]


@dataclass(frozen=True)
class VictoryCheckAction(Action):
    """'Victory Check': a met Objective after the purge is checked against its kind when the
    table acts, never when a saved game replays."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        name = checked["player"]
        secret = objective_secret(state, name)
        if facts_of(state).get("mode") != "coop" and secret is not None and not secret.is_set:
            # Never decided as "cannot win": the kept Objective is recorded before the end.
            raise ActionError(f"player: {name}'s kept Objective was never recorded, so step 3 "
                              f"cannot be done ({RULE}): undo to before the end and record it "
                              "with 'Choose a secret', key c", "player")
        asked_first = crew.status(state, name) == crew.IN_POD and checked.get("pod") is None
        if facts_of(state).get("mode") != "coop" and secret is not None and secret.is_set \
                and not asked_first:
            check_purge(state, name, checked.get("objective") == MET,
                        checked.get("objective_kind"), "objective")
        return checked
