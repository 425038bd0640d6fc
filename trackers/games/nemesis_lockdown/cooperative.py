"""The fully co-operative game: public Objectives and Revive (rulebook: Game Modes).

Each player's Solo/Coop Objective is public: ``facts["objectives"][name]`` holds its text and
whether the table has met it. A dead Character carried to a working Emergency Room comes back
at the start of the next round.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.nemesis_lockdown import crew, ending
from trackers.games.nemesis_lockdown.facts import facts_of

CLEAR = "clear"
BLOCKED = "an Intruder or a Malfunction is there"
ROOM_STATES = (CLEAR, BLOCKED)


def need_coop(state: State, what: str) -> None:
    if facts_of(state)["mode"] != "coop":
        raise ActionError(f"{what} belongs to the fully co-operative game", "action")


def record_objective(state: State, name: str, text: str, kind: str | None = None
                     ) -> list[Note | str]:
    """A public Objective and, in records made since it is asked, its kind."""
    need_coop(state, "A public Objective")
    crew.entry(state, name)
    entry = facts_of(state)["objectives"][name]
    entry["text"] = text
    if kind is not None:
        entry["kind"] = kind
    elif "kind" in entry:
        del entry["kind"]
    return [f"{name}'s public Objective: {text}" + (f" ({kind})" if kind else "")]


def objective_met(state: State, name: str, met: bool) -> list[Note | str]:
    need_coop(state, "A public Objective")
    crew.entry(state, name)
    text = facts_of(state)["objectives"][name]["text"]
    if met and facts_of(state).get("ended") == "E1" and ending.public_fails_in_purge(state, name):
        raise ActionError(f"player: the Facility was purged and the Intruders live, so "
                          f"{name}'s Objective ({text}) fails (rulebook: End of the Game)",
                          "player")
    facts_of(state)["objectives"][name]["done"] = met
    done = sum(1 for o in facts_of(state)["objectives"].values() if o["done"])
    total = len(facts_of(state)["objectives"])
    notes: list[Note | str] = [
        f"{name}'s Objective {'met' if met else 'not met (yet)'}; {done} of {total} met"]
    return notes + _result_now(state)


def _result_now(state: State) -> list[Note | str]:
    """Once every Victory Check is done, an Objective marked afterwards changes the result:
    say the result as it now stands."""
    from trackers.games.nemesis_lockdown import victory

    record = victory.end_record(state)
    if record is None or victory.pending(state):
        return []
    return [Note(f"Result now: {record.summary}", "victory")]


def revive(state: State, name: str, room_clear: bool | None) -> list[Note | str]:
    """A Corpse in a working Emergency Room: the Character returns next round. Unless the
    table says, the Room counts as clear when no Intruder the app tracks stands in it."""
    from trackers.games.nemesis_lockdown import intruders

    need_coop(state, "Revive")
    if crew.status(state, name) != crew.DEAD:
        raise ActionError(f"player: {name}'s Character is not dead", "player")
    if room_clear is None:
        room_clear = not intruders.in_room(state, "Emergency Room")
    if not room_clear:
        return [f"Revive fails: an Intruder or a Malfunction marker is in that Emergency Room; "
                f"{name} stays dead"]
    crew.entry(state, name)["revive_round"] = int(facts_of(state)["round"]) + 1
    return [Note(f"{name}'s Corpse is in a working Emergency Room: {name} comes back at the "
                 "start of the next round", "round")]


def revive_due(state: State) -> list[Note | str]:
    """At a round's start, Characters whose Revive is due come back."""
    notes: list[Note | str] = []
    for person in facts_of(state)["crew"]:
        if person["status"] == crew.DEAD and person["revive_round"] == facts_of(state)["round"]:
            person["status"] = crew.ACTIVE
            person["revive_round"] = None
            person["room"] = "Emergency Room"  # where the Corpse was brought
            notes.append(Note(f"Revive: {person['name']} is back in the Emergency Room (the "
                              "rulebook does not say what happens to their Wounds: settle it "
                              "at the table)", "round"))
    return notes


def lines(state: State) -> list[str]:
    out = []
    for name, objective in facts_of(state)["objectives"].items():
        text = objective["text"] or "(not recorded)"
        out.append(f"{name}: {text} - {'met' if objective['done'] else 'not met'}")
    return out
