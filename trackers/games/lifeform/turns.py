"""Whose turn it is inside the Crew Activity phase, and the lifeform's one activity
(spec lifeform §3.3, §3.6; rulebook, Crew Activity Phase and Lifeform Activity Phase).

Each crew member has one turn, from the lifeform's left (the crew's order on the session):
Step 1, each non-hidden character collects a Mission token where there is one; Step 2, one
activity. A member who plays the Ship's Cat or the SIS-TER takes that role's turn instead
(pass, or play one card). Once per turn: one activity, one Ship's Cat card. In the Lifeform
Activity phase the lifeform does one activity (Lurk, Use Vent, or play a Lifeform card).
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.words import count

# Crew activities (rulebook, Crew Activity Phase: Perform Activity); a crew card's action
# counts as the "Play a Crew Card" activity unless its card was counted already.
CREW_ACTIVITIES = {"equip": "Equip", "use_heat_analyzer": "Use Heat Analyzer",
                   "shoot_mining_laser": "Shoot the Mining Laser",
                   "activate_skill": "Activate Skill", "remora_energy_cell":
                   "Use Remora Energy Cell", "flamethrower": "Play a Crew Card",
                   "flamethrower_cocoon": "Play a Crew Card",
                   "flamethrower_android": "Play a Crew Card",
                   "crew_card_played": "Play a Crew Card"}
LIFEFORM_ACTIVITIES = {"lurk": "Lurk", "use_vent": "Use Vent", "attack": "Attack",
                       "cocoon_advance": "Cocoon", "malfunction_advance": "Malfunction",
                       "pathway_deviation": "Android Pathway Deviation",
                       "lifeform_survival": "a Survival action",
                       "lifeform_card_played": "Play a Lifeform Card"}
ALREADY_COUNTED = "already counted"


def new_turns(state: State) -> None:
    """A Crew Activity phase begins: the first crew member's turn."""
    facts_of(state)["turn"] = {"order": list(facts_of(state)["crew"]), "index": 0, "step1": False,
                           "activity": None, "cat_card": False}
    _begin(state)


def _begin(state: State) -> None:
    member = current(state)
    if member is None:
        return
    bulkhead = facts_of(state).get("bulkhead_door")
    if bulkhead and bulkhead == member:  # removed at the start of that member's next turn
        facts_of(state)["bulkhead_door"] = None
        facts_of(state).setdefault("turn_notes", []).append(
            f"start of {member}'s turn: the Security Door leaves the Docking Hub-1 exit "
            "(rulebook, Use Remora Energy Cell)")


def current(state: State) -> str | None:
    """Whose turn it is now, or None outside the Crew Activity phase / after the last turn."""
    turn = facts_of(state).get("turn")
    if facts_of(state)["stage"] != "starship" or facts_of(state)["phase"] != "crew" or not turn:
        return None
    order = turn["order"]
    return order[turn["index"]] if turn["index"] < len(order) else None


def turn_kind(state: State, member: str) -> str:
    """"cat", "sister", "aboard" (all characters on the Remora) or "normal"."""
    role = facts_of(state)["members"][member]["role"]
    if role == "ships_cat":
        return "cat"
    if role == "sister":
        return "sister"
    alive = characters.surviving(state, member)
    if alive and all(facts_of(state)["characters"][n]["where"] == characters.REMORA for n in alive):
        return "aboard"
    return "normal"


def step1_characters(state: State, member: str) -> list[str]:
    """The member's characters that must collect a Mission token where their chamber has one:
    non-hidden, on the Valley Forge (rulebook, Step 1: Collect Mission Tokens)."""
    return [n for n in characters.surviving(state, member)
            if facts_of(state)["characters"][n]["where"] == characters.VALLEY_FORGE
            and not facts_of(state)["characters"][n]["hidden"]]


def collect_missions(state: State, tokens: int) -> list[Note]:
    """Step 1 done: ``tokens`` Mission tokens collected (each goes on the Loadout)."""
    member = _need_turn(state, "Step 1")
    turn = facts_of(state)["turn"]
    if turn["step1"]:
        raise ActionError(f"tokens: {member} has done Step 1 this turn", "tokens")
    if turn["activity"] is not None:
        raise ActionError("tokens: Step 1 comes before the activity", "tokens")
    able = step1_characters(state, member) if turn_kind(state, member) == "normal" else []
    if tokens > len(able):
        raise ActionError(f"tokens: at most {len(able)} (one per non-hidden character on the "
                          "Valley Forge)", "tokens")
    turn["step1"] = True
    turn["to_place"] = tokens  # each goes on the Loadout at once ('Put a Mission token...')
    if tokens == 0:
        return [Note(f"Step 1: {member} collects no Mission token (rulebook, Step 1: Collect "
                     "Mission Tokens)", "round")]
    word = "it" if tokens == 1 else "each"
    return [Note(f"Step 1: {member} collects {count(tokens, 'Mission token')}; put {word} on "
                 "the Loadout now ('Put a Mission token on the Loadout') (rulebook, Step 1: "
                 "Collect Mission Tokens)", "round")]


def _need_turn(state: State, what: str) -> str:
    member = current(state)
    if member is None:
        raise ActionError(f"{what} belongs to a crew member's turn in the Crew Activity phase",
                          "action")
    return member


def crew_activity(state: State, action: str, args: dict[str, Any]) -> None:
    """Refuse a second activity in one turn, or an activity out of turn (rulebook, Crew
    Activity Phase: each crew member performs exactly one activity)."""
    member = current(state)
    if member is None or action not in CREW_ACTIVITIES:
        return
    if args.get("card") == ALREADY_COUNTED:
        return  # a further action of the card already played
    who = args.get("crew_member")
    if who is not None and who != member:
        raise ActionError(f"crew_member: it is {member}'s turn; {who} waits for their own "
                          "(rulebook, Crew Activity Phase)", "crew_member")
    turn = facts_of(state)["turn"]
    if turn["activity"] is not None:
        raise ActionError(f"action: {member} has done an activity this turn "
                          f"({turn['activity']}); one each (rulebook, Crew Activity Phase). "
                          "'End of turn' passes to the next crew member", "action")
    kind = turn_kind(state, member)
    if kind in ("cat", "sister"):
        role = "Ship's Cat" if kind == "cat" else "SIS-TER"
        raise ActionError(f"action: {member} plays the {role}: their turn is a pass or a "
                          "card (rulebook, Taking Control)", "action")
    if kind == "aboard" and action != "remora_energy_cell":
        raise ActionError(f"action: every surviving character of {member} is aboard the Remora: "
                          "only Use Remora Energy Cell (rulebook, Crew Activity Phase)", "action")
    turn["step1"] = True  # Step 1 is over once the activity starts
    turn["activity"] = CREW_ACTIVITIES[action]


def check_crew_turn(state: State, action: str, args: dict[str, Any]) -> None:
    """A crew activity belongs to the turn of the crew member who does it, in the Crew Activity
    phase (rulebook, Crew Activity Phase). Open at any moment: a further action of a card
    already played (card 'already counted'), and the Android Status a Shock-Prod reaction
    advances (its Flamethrower-Android record)."""
    if facts_of(state)["stage"] != "starship" or action not in CREW_ACTIVITIES:
        return
    if args.get("card") == ALREADY_COUNTED or (
            action == "flamethrower_android" and str(args.get("via", "")).startswith("Shock")):
        return
    member, who = current(state), args.get("crew_member")
    title = CREW_ACTIVITIES[action]
    if member is None:
        now = {"crew": "every crew member has had a turn this round",
               "android": "this is the Android phase",
               "lifeform": "this is the Lifeform Activity phase"}.get(facts_of(state)["phase"],
                                                                     "no turn is running")
        raise ActionError(f"crew_member: {title} is a crew activity, done in its crew member's "
                          f"turn in the Crew Activity phase; {now} ('Next phase'). A further "
                          "action of a card already played: card 'already counted' (rulebook, "
                          "Crew Activity Phase)", "crew_member")
    if who is not None and who != member:
        raise ActionError(f"crew_member: it is {member}'s turn; {who} waits for their own "
                          "(rulebook, Crew Activity Phase)", "crew_member")


def role_card(state: State, member: str) -> None:
    """Once per turn: one Ship's Cat card (2P, the crew member's turn) or the cat / SIS-TER
    player's one card (rulebook, The Ship's Cat; The Sis-ter Mainframe)."""
    now = current(state)
    if now is None:
        return
    if member != now:
        raise ActionError(f"role: it is {now}'s turn; the card is played in {member}'s own "
                          "turn", "role")
    turn = facts_of(state)["turn"]
    if turn["cat_card"]:
        raise ActionError(f"role: {member} has played a card this turn; one per turn "
                          "(rulebook, The Ship's Cat)", "role")
    turn["cat_card"] = True


def end_turn(state: State) -> list[Note]:
    """The active crew member's turn is over: the next one's begins (rulebook, Crew Activity
    Phase: one turn each, clockwise)."""
    member = _need_turn(state, "End of turn")
    turn = facts_of(state)["turn"]
    turn.update({"index": turn["index"] + 1, "step1": False, "activity": None,
                 "cat_card": False})
    nxt = current(state)
    facts_of(state)["turn_notes"] = []
    _begin(state)
    said = [Note(n, "round") for n in facts_of(state).pop("turn_notes", [])]
    if nxt is None:
        return [Note(f"{member}'s turn is over: every crew member has had a turn; 'Next phase' "
                     "for the Android phase (rulebook, Crew Activity Phase)", "round"), *said]
    return [Note(f"{member}'s turn is over: {describe(state, nxt)}", "round"), *said]


def describe(state: State, member: str) -> str:
    """What the member's turn holds, in the table's words."""
    kind = turn_kind(state, member)
    if kind == "cat":
        return f"{member}'s Ship's Cat turn: pass, or move the cat then play 1 cat card"
    if kind == "sister":
        return f"{member}'s SIS-TER turn: pass, or play 1 SIS-TER card"
    if kind == "aboard":
        return (f"{member}'s turn: every character aboard the Remora: no Step 1; only Use "
                "Remora Energy Cell, or nothing")
    able = step1_characters(state, member)
    who = ", ".join(able) if able else "no character able to"
    return (f"{member}'s turn: Step 1, Mission tokens ({who}), then Step 2, one activity")


def lifeform_activity(state: State, action: str, args: dict[str, Any]) -> None:
    """The lifeform takes one activity in its phase (rulebook, Lifeform Activity Phase)."""
    if facts_of(state)["stage"] != "starship" or facts_of(state)["phase"] != "lifeform":
        return
    if action not in LIFEFORM_ACTIVITIES or args.get("card") == ALREADY_COUNTED:
        return
    done = facts_of(state).get("lifeform_activity")
    if done:
        raise ActionError(f"action: the lifeform has taken its activity this phase ({done}); "
                          "one per Lifeform Activity phase (rulebook, Lifeform Activity Phase)",
                          "action")
    facts_of(state)["lifeform_activity"] = LIFEFORM_ACTIVITIES[action]


def check_lifeform_phase(state: State, action: str, args: dict[str, Any]) -> None:
    """The lifeform takes its activity in its own phase, not in the crew's or the android's
    (rulebook, Lifeform Activity Phase). An action already counted (the attack on a character
    who walked in) is open in any phase."""
    if facts_of(state)["stage"] != "starship" or facts_of(state)["phase"] == "lifeform":
        return
    if action not in LIFEFORM_ACTIVITIES or args.get("card") == ALREADY_COUNTED:
        return
    phase = "Crew Activity" if facts_of(state)["phase"] == "crew" else "Android"
    raise ActionError(f"action: {LIFEFORM_ACTIVITIES[action]} is the lifeform's activity, taken "
                      f"in its own phase; this is the {phase} phase ('Next phase'). An attack "
                      "on a character who walked in: card 'already counted' (rulebook, "
                      "Lifeform Activity Phase)", "action")


def panel_lines(state: State) -> list[str]:
    """The turn as the screen shows it."""
    f = facts_of(state)
    if f["stage"] != "starship":
        return []
    if f["phase"] == "crew":
        member = current(state)
        if member is None:
            return ["every crew member has had a turn: 'Next phase'"]
        turn = f["turn"]
        lines = [describe(state, member)]
        lines.append("Step 1: " + ("done" if turn["step1"] else "not yet")
                     + "; activity: " + (turn["activity"] or "not yet"))
        if f.get("bulkhead_door"):
            lines.append(f"Security Door on the Docking Hub-1 exit until "
                         f"{f['bulkhead_door']}'s next turn")
        return lines
    if f["phase"] == "lifeform":
        done = f.get("lifeform_activity")
        return ["the lifeform's activity: " + (done or "not yet (Lurk, Use Vent or a Lifeform "
                                                        "card)")]
    return []
