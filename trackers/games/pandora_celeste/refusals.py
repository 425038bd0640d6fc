"""The rules that refuse a play before it is recorded (an action's ``check``, run when the
table acts and never at replay, so a game saved before plays back as it was)."""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, State
from trackers.engine.claims import gone_without
from trackers.games.pandora_celeste import (
    crew,
    cycle,
    darkness,
    escape,
    nasties,
    nasty_round,
    scenarios,
    starts,
    stern,
)
from trackers.games.pandora_celeste.facts import facts_of
from trackers.games.pandora_celeste.setup import start_choices
from trackers.pieces import Secret


def nasty_attack(state: State, args: dict[str, Any]) -> None:
    """A Nasty whose card paused it this round neither moves nor attacks."""
    given = args.get("nasty")
    entry = (nasties.find(state, given) if given else
             None if facts_of(state)["showdown"] else nasty_round.last_acted(state))
    why = nasty_round.paused_why(state, entry)
    if why:
        raise ActionError(why, "nasty")
    victim = args.get("crew")
    if victim and escape.escaped(state, str(victim)):
        raise ActionError(f"crew: {victim} got away in an escape vehicle: no Nasty on the Ship "
                          "reaches them", "crew")


def crew_attack(state: State, args: dict[str, Any]) -> None:
    """In the Final Showdown a MISS in a Desperation Attack ends that crewmember's turn: they
    attack again once the Nasties aboard have attacked («If a Nasty is in your Escape
    Vehicle»)."""
    held = facts_of(state)["showdown"]
    if held and args.get("crew") in held.get("passed", []):
        raise ActionError(f"crew: {args['crew']} flipped a MISS and Passed; they attack again "
                          "after the Nasties aboard have attacked ('Nasty attacks')", "crew")


def take_nasty(state: State, args: dict[str, Any]) -> None:
    """A Player-Nasty runs every Little Nasty of one colour or one Big Nasty, not both
    («Becoming a Nasty»). The app knows a Little Nasty's colour by its name."""
    entry = nasties.find(state, str(args.get("nasty")))
    holder = facts_of(state)["crew"][args["crew"]]["player"] or args["crew"]
    run = [n for n in nasties.area(state) if n["player"] == holder]
    kind = nasties.kind_of(state, entry).kind
    if kind == "Static":
        raise ActionError(f"nasty: a Player-Nasty takes Little Nasties of one colour or one Big "
                          f"Nasty; {nasties.label(entry)} is Static", "nasty")
    if not run:
        return
    held = ", ".join(nasties.label(n) for n in run)
    if kind == "Big" or any(nasties.kind_of(state, n).kind == "Big" for n in run) \
            or any(n["name"] != entry["name"] for n in run):
        raise ActionError(f"nasty: {holder} runs {held} already: one colour of Little Nasty "
                          "or one Big Nasty, not both («Becoming a Nasty»)", "nasty")



def entries_due(state: State) -> str | None:
    """What must be entered before play moves on: a Ship section's collapse once more than 8
    Hull Breach markers are down («Catastrophic Hull Breach»); at the start of a Cycle, who
    is in the dark of the ShipStern («Darkness»); at setup, both Agenda secrets
    of every crewmember («Hidden Agendas») and every start location (the Protocol Bans decide
    where)."""
    if facts_of(state).get("collapse_due"):
        return ("more than 8 Hull Breach markers: record which section broke off and what "
                "the table agreed first ('Hull collapse')")
    if stern.spawns_why(state):
        return stern.spawns_why(state)
    if escape.pod_choice_due(state):
        return escape.pod_choice_due(state)
    if act_three_due(state):
        return act_three_due(state)
    if darkness.due(state):
        return darkness.why_due(state)
    if facts_of(state)["phase"] != "setup":
        return None
    if starts.due(state):
        return starts.why_due(state)
    step = cycle.current(state)
    if step == "agendas":
        missing = [n for n in facts_of(state)["crew"]
                   if any(isinstance(p := state.pieces.get(f"{crew.slug(n)}_{k}"), Secret)
                          and not p.is_set for k in ("agenda", "company"))]
        if missing:
            return (f"{', '.join(missing)}: record the kept Hidden Agenda and its type behind "
                    "the curtain first ('Choose a secret')")
    if step == "start":
        missing = [n for n, c in facts_of(state)["crew"].items() if not c["room"]]
        if missing:
            where = "; ".join(f"{n}: {' or '.join(start_choices(state, n))}" for n in missing)
            return f"enter each start location first ('Start location'): {where}"
    return None


def act_three_due(state: State) -> str | None:
    """Abandon Ship: every crewmember still aboard declares whether they hold a Company
    Agenda (not which) before play goes on («Abandon Ship», the Act III Reveal); the sealed
    Agenda type decides it, never a typed yes or no."""
    if not facts_of(state).get("abandon_ship") or not scenarios.agendas(state):
        return None
    missing = [n for n in crew.alive(state) if not escape.escaped(state, n)
               and isinstance(p := state.pieces.get(f"{crew.slug(n)}_company"), Secret)
               and p.is_set and not p.revealed
               and not gone_without(state, f"{crew.slug(n)}_company")]
    if not missing:
        return None
    return (f"the Act III Reveal after Abandon Ship: {', '.join(missing)} "
            f"{'declares' if len(missing) == 1 else 'each declare'} whether they hold a "
            "Company Agenda first (reveal their Agenda type: 'Reveal a secret'; a player who "
            "cannot give their PIN: owner_absent)")
