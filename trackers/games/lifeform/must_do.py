"""The rules that must happen before the game goes on, as refusals that say why.

A reminder the table can walk past is not enough for these (rulebook, Gameplay Additional
Rules; Movement and Attack; Crew Activity Phase):

- a hand over its limit is cut as soon as the cards arrive: until it is, only the discard
  itself is taken (rulebook p. 43, Hand Size);
- a Reality Calibration that is due (after an attack, a character meeting an image, the Cocoon's
  final space) is done before the turn or the phase moves on (rulebook p. 10);
- the Remora is launched by the active crew member during their turn (rulebook, Crew Activity
  Phase), and not while a module B asteroid decision is still open, nor before every launch
  criterion the app can read is met (rulebook p. 35, Launch the Remora Sequence);
- at the 20-minute mark the lifeform chooses its Stowaway card before Self-Destruct moves on
  or a character boards the Remora, and never after (rulebook p. 46, Self-Destruct Track);
- an attack's Reality Calibration after its reactions and kills are recorded, and no
  reaction after its kills (rulebook, Movement and Attack);
- a Reality Calibration only when one is due (setup step 17, an image met, an attack, the
  Cocoon's final space) (rulebook p. 10);
- the Crew Activity phase ends only after every crew member's turn (rulebook, Crew Activity
  Phase);
- the Lifeform Activity phase holds exactly one activity (rulebook, Lifeform Activity Phase);
- a crew member left with no character takes control before play goes on (rulebook, Taking
  Control);
- a Mission token collected goes on the Loadout at once, and only a collected one does
  (rulebook, Step 1: Collect Mission Tokens);
- the crew's hibernation draw is shared out before the Showdown goes on: the fights and
  module D's bet and hunt wait (rulebook p. 38, Showdown Stage step 1).

The full list, and what stays with the table, is in the game's card (``card.md``).

Each check returns the reason the engine shows ("<title> is not possible now: <reason>"), naming
what is due and the action that does it (the app adds its key). Corrections (``x``) and undo
stay the table's way out: they are the engine's own actions and never pass through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from trackers.engine import ActionError, State
from trackers.games.lifeform import (
    asteroid_mirror,
    crew_share,
    decks,
    hunt_order,
    loadout,
    turns,
)
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.closed import closed
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.launch import Status
from trackers.games.lifeform.secrets import (
    attack_unsettled,
    stowaway_due,
    stowaway_mark,
    stowaway_passed,
)
from trackers.games.lifeform.setup import open_steps
from trackers.pieces import Secret

Why = Callable[[State], str | None]
# Where a hand over its limit is cut before play goes on (rulebook p. 43; p. 38).
HAND_LIMIT_STAGES = ("starship", "showdown")
# The one action still open while a hand is over its limit: the discard itself.
OPEN_OVER_LIMIT = frozenset({"discard_from_hand"})
# Actions that move the turn or the phase on: a due Reality Calibration comes first.
MOVE_ON = frozenset({"next_phase", "end_turn", "launch", "equip"})
# An attack's steps 4 and 5 (reactions, kills), recorded before its calibration (step 6).
ATTACK_STEPS = ("crew_reaction", "character_killed")
# Actions that move Self-Destruct on: at the 20 mark the Stowaway card is chosen first.
SD_MOVES = frozenset({"advance_self_destruct", "equip", "malfunction_advance", "meet_image"})
# Actions that use the open Remora: the Stowaway card due at the 20 mark comes first.
STOWAWAY_FIRST = frozenset({*SD_MOVES, "board_remora"})
# What waits while a collected Mission token is still to be placed: the turn's activity and
# the turn's end.
AFTER_MISSIONS = frozenset({*turns.CREW_ACTIVITIES, "end_turn", "next_phase", "launch"})
# What waits for the hibernation's step 1, the crew's draw shared out: what comes after it.
AFTER_SHARE = frozenset({"fight_result", "hunt_bet", "hunt_step", "hunt_reward"})


def _how(keys: Mapping[str, tuple[str, str | None]], name: str) -> str:
    """The action that does it, by its quoted title: the CLI reads it as it is, and the app's
    screen adds the key it is bound to (``tui.games.lifeform.screen``)."""
    return f"'{keys[name][0]}'"


def over_limit(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A hand above its limit in the Starship stage or the Showdown (the limits stay in force
    there): it is cut before anything else."""
    if facts_of(state)["stage"] not in HAND_LIMIT_STAGES:
        return None
    over = decks.over_limit_hands(state)
    if not over:
        return None
    who, held, limit = over[0]
    showdown = ("; the limits stay in force in the Showdown (rulebook p. 38, Showdown Stage)"
                if facts_of(state)["stage"] == "showdown" else "")
    return (f"{who} holds {held} cards, over the hand limit of {limit}: discard {held - limit} "
            f"first ({_how(keys, 'discard_from_hand')}) (rulebook p. 43, Hand Size){showdown}")


def calibration(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A Reality Calibration that is due holds the turn and the phase."""
    why = facts_of(state).get("calibration_due")
    if facts_of(state)["stage"] != "starship" or not why:
        return None
    attack = facts_of(state).get("attack")
    first = ("the attack's reactions and kills, then " if attack is not None else "")
    return (f"a Reality Calibration is due ({why}): {first}the lifeform does it first "
            f"({_how(keys, 'reality_calibration')}) (rulebook p. 10, Reality Calibration)")


def calibration_allowed(state: State) -> bool:
    """Whether the lifeform may make (or replace) its Reality Calibration now: only when one
    is due (setup step 17, an image met, the end of an attack, the Cocoon's final space;
    rulebook p. 10, Reality Calibration)."""
    return facts_of(state)["stage"] in ("setup", "starship") and bool(
        facts_of(state).get("calibration_due"))


def calibration_not_due(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A Reality Calibration the rules do not call for now is refused."""
    if calibration_allowed(state) or facts_of(state)["stage"] not in ("setup", "starship"):
        return None
    return ("no Reality Calibration is due: the lifeform makes one at setup step 17, after a "
            "character meets an image, at the end of an attack and when the Cocoon reaches its "
            "final space (rulebook p. 10, Reality Calibration)")


def attack_steps(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """An attack's calibration (step 6) comes after its reactions and kills are recorded."""
    target = attack_unsettled(state)
    if facts_of(state)["stage"] != "starship" or target is None:
        return None
    return (f"the attack on {target}'s chamber is at its steps 4 and 5: record the crew's "
            f"reactions ({_how(keys, 'crew_reaction')}) and the kills "
            f"({_how(keys, 'character_killed')}) first; a Survival token that saves a "
            f"character: {_how(keys, 'activate_survival')} (rulebook, Movement and Attack)")


STOWAWAY_RULE = "(rulebook p. 46, Self-Destruct Track)"


def stowaway(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """At the 20 mark the Stowaway card is chosen before Self-Destruct moves on."""
    if facts_of(state)["stage"] != "starship" or not stowaway_due(state) or stowaway_passed(state):
        return None
    return (f"{stowaway_mark(state)}: the lifeform chooses its Stowaway card "
            f"first ({_how(keys, 'choose_stowaway')}) {STOWAWAY_RULE}")


def stowaway_moment(state: State) -> str | None:
    """The Stowaway card is chosen at the 20 mark: not before, never after Self-Destruct moved
    on from it without one."""
    if stowaway_passed(state) and stowaway_due(state):
        return ("its moment has passed: Self-Destruct moved on from the 20 mark without a "
                f"Stowaway card, so the game goes on without one {STOWAWAY_RULE}")
    return None


def lifeform_activity_due(state: State) -> bool:
    """The Lifeform Activity phase has not had its one activity yet."""
    f = facts_of(state)
    return f["stage"] == "starship" and f["phase"] == "lifeform" and not f.get(
        "lifeform_activity")


def lifeform_activity_missing(state: State, keys: Mapping[str, tuple[str, str | None]]
                              ) -> str | None:
    """The Lifeform Activity phase ends only after the lifeform's one activity."""
    if not lifeform_activity_due(state):
        return None
    return ("the lifeform performs exactly one activity in its phase and has not yet: "
            f"{_how(keys, 'lurk')}, {_how(keys, 'use_vent')} or a Lifeform card "
            f"({_how(keys, 'lifeform_card_played')} or the card's own action) (rulebook, "
            "Lifeform Activity Phase)")


def turn_running(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """The Crew Activity phase ends only once every crew member has had their turn."""
    member = turns.current(state)
    if facts_of(state)["stage"] != "starship" or member is None:
        return None
    return (f"it is {member}'s turn: the Crew Activity phase ends once every crew member has "
            f"had a turn, so {member} ends theirs first ({_how(keys, 'end_turn')}) (rulebook, "
            "Crew Activity Phase)")


def taking_control(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A crew member who lost their last character takes control before play goes on."""
    f = facts_of(state)
    if f["stage"] != "starship":
        return None
    if f["pending_control"]:
        return (f"{f['pending_control'][0]} lost their last character: they take control of "
                f"another first ({_how(keys, 'take_control')}) (rulebook, Taking Control)")
    if f["pending_role"]:
        return (f"{f['pending_role'][0]} lost their last character: they take the Ship's Cat "
                f"or the SIS-TER first ({_how(keys, 'take_role')}) (rulebook, Taking Control)")
    return None


def missions_to_place(state: State) -> int:
    """Mission tokens collected in this turn's Step 1 and not yet on the Loadout."""
    turn = facts_of(state).get("turn")
    if turn is None or turns.current(state) is None:
        return 0
    return int(turn.get("to_place", 0))


def missions_unplaced(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A collected Mission token goes on the Loadout at once."""
    left = missions_to_place(state)
    if facts_of(state)["stage"] != "starship" or not left:
        return None
    return (f"{turns.current(state)} collected {left} Mission token{'s' if left != 1 else ''} "
            f"still to place: each goes on the Loadout at once ({_how(keys, 'place_mission')}) "
            "(rulebook, Step 1: Collect Mission Tokens)")


def mission_not_collected(state: State, keys: Mapping[str, tuple[str, str | None]]
                          ) -> str | None:
    """No token goes on the Loadout outside a crew member's turn (none is collected there).
    In a crew member's turn, no token goes on the Loadout past those Step 1 collected until
    the activity (an Explore card collects one: the table's word), and none from a member
    whose characters are all aboard the Remora or who plays the cat or the SIS-TER."""
    member = turns.current(state)
    if facts_of(state)["stage"] != "starship" or missions_to_place(state):
        return None
    if member is None:
        phase = facts_of(state)["phase"]
        now = ("every crew member has had a turn this round" if phase == "crew"
               else f"this is the {PHASE_NAMES.get(phase, phase)} phase")
        return (f"no crew member's turn is running ({now}): a Mission token is collected only "
                "in a crew member's turn, at Step 1 or by a card's collect, and goes on the "
                f"Loadout at once; the next turns come with {_how(keys, 'next_phase')} "
                "(rulebook, Step 1: Collect Mission Tokens)")
    turn = facts_of(state)["turn"]
    kind = turns.turn_kind(state, member)
    if kind != "normal":
        why = {"aboard": "every character of theirs is aboard the Remora, where none is "
                         "collected",
               "cat": "the Ship's Cat collects none", "sister": "the SIS-TER collects none"}
        return (f"{member} has no Mission token to place: {why[kind]} (rulebook, Step 1: "
                "Collect Mission Tokens)")
    if turn["activity"] is not None or not turn["step1"] or "to_place" not in turn:
        return None  # a card's collect, or a token the table places before its Step 1
    return (f"the Mission tokens {member} collected in Step 1 are all on the Loadout; another "
            "comes only from a collect (rulebook, Step 1: Collect Mission Tokens)")


def asteroid_flip(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """Module B: tokens the tracker jumped over are settled, and a token it reached (the
    table's own) is flipped, before anything moves on."""
    if facts_of(state)["stage"] != "starship":
        return None
    if facts_of(state).get("asteroids", {}).get("held"):
        return JUMPED.format(_how(keys, "asteroids_jumped"))
    space = asteroid_mirror.due(state)
    if space is None:
        return None
    return (f"module B: the asteroid token on {space} is to be flipped: enter what it shows "
            f"first ({_how(keys, 'asteroid_token')}) (Thirteenth Passenger, Module B)")


JUMPED = ("module B: the asteroid tokens the tracker jumped over are still to be decided: "
          "decide first ({}) (Thirteenth Passenger, Module B)")


def launch_turn(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """The active crew member launches, during their turn (rulebook, Crew Activity Phase)."""
    if facts_of(state)["stage"] != "starship":
        return None
    if facts_of(state).get("asteroids", {}).get("held"):
        return JUMPED.format(_how(keys, "asteroids_jumped"))
    if turns.current(state) is not None:
        return None
    if facts_of(state)["phase"] not in ("crew", "android", "lifeform"):
        return None
    phase = {"crew": "every crew member has had a turn this round",
             "android": "this is the Android phase",
             "lifeform": "this is the Lifeform Activity phase"}[facts_of(state)["phase"]]
    return (f"the active crew member launches during their turn; {phase}: the next Crew "
            f"Activity phase comes with {_how(keys, 'next_phase')} (rulebook, Crew Activity "
            "Phase)")


# The action that meets each launch criterion (the crew's agreement is the table's word).
CRITERION_WAYS = {"character_aboard": "board_remora", "secret_objectives": "complete_objective",
                  "improvised_weaponry": "place_mission", "coolant": "place_mission",
                  "energy_cells": "place_mission", "spacesuits": "place_mission",
                  "nine_minutes": "board_remora", "ships_cat": "cat_aboard"}


def launch_criteria(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """The launch waits for every criterion the app knows is not met (one it cannot read, a
    board value unset, stays the table's to confirm)."""
    if facts_of(state)["stage"] != "starship":
        return None
    try:
        check = loadout.readiness(state, board_of(state.board))
    except ActionError:
        return None  # a Loadout longer than the board entered: the launch itself says so
    unmet = [f"{c.name} ({c.why}; {_how(keys, CRITERION_WAYS[c.key])})"
             for c in check.criteria if c.status is Status.NOT_MET and c.key in CRITERION_WAYS]
    if not unmet:
        return None
    return ("the launch waits for its criteria: " + "; ".join(unmet)
            + " (rulebook p. 35, Launch the Remora Sequence)")


class _Untitled(dict[str, tuple[str, str | None]]):
    """Any action's title, blank: a check asked only whether it holds, not for its words."""

    def __missing__(self, name: str) -> tuple[str, str | None]:
        return ("", None)


# What holds the launch besides its criteria, in its refusal's order, in the banner's words
# (at most 20 characters: the banner's line is 78 wide, and its phase may be long).
LAUNCH_WAITS: tuple[tuple[Callable[[State, Mapping[str, tuple[str, str | None]]],
                               str | None], str], ...] = (
    (over_limit, "a discard first"),
    (taking_control, "Taking Control first"),
    (missions_unplaced, "place Missions first"),
    (calibration, "Calibration first"),
    (asteroid_flip, "asteroids first"),
    (stowaway, "Stowaway card first"),
    (launch_turn, "in a crew turn only"),
)


def launch_waits(state: State) -> str | None:
    """Why the launch is refused now for something other than its criteria, in a few words
    (the banner's), or None: the same checks as the launch's refusal, in the same order."""
    untitled = _Untitled()
    return next((words for check, words in LAUNCH_WAITS if check(state, untitled)), None)


def due_actions(state: State) -> list[str]:
    """The actions that settle what is due now, first due first (the footer marks their keys);
    the lifeform's one activity comes last, as each of its ways (Lurk, Use Vent, a Lifeform
    card or the card's own action)."""
    f = facts_of(state)
    out: list[str] = []
    if f.get("stage") in HAND_LIMIT_STAGES:
        out += ["discard_from_hand"] if decks.over_limit_hands(state) else []
    if f.get("stage") == "starship":
        out += ["take_control"] if f["pending_control"] else []
        out += ["take_role"] if f["pending_role"] else []
        out += ["place_mission"] if missions_to_place(state) else []
    if f.get("stage") in ("setup", "starship") and f.get("calibration_due"):
        if f.get("stage") == "starship" and attack_unsettled(state) is not None:
            out += list(ATTACK_STEPS)  # steps 4 and 5 before the calibration (step 6)
        out.append("reality_calibration")
    if (f.get("asteroids") or {}).get("held"):
        out.append("asteroids_jumped")
    elif asteroid_mirror.due(state) is not None:
        out.append("asteroid_token")
    if f.get("stage") == "starship" and stowaway_due(state) and not stowaway_passed(state):
        out.append("choose_stowaway")
    show = f.get("showdown") or {}
    if f.get("stage") == "showdown" and show.get("refill_due"):
        out.append("ending_c_refill")  # Ending C's clean-up, before the hibernation
    elif f.get("stage") == "showdown" and not show.get("hibernated"):
        out.append("hibernation")  # before the fights (rulebook p. 38, Showdown Stage)
    elif crew_share.left(state):
        out.append("draw_cards")  # its step 1: the crew's draw shared out
    if hunt_order.in_play(state) and hunt_order.next_step(state):
        out += _hunt_due(state, bool(show.get("hibernated")))
    if lifeform_activity_due(state):
        out += list(turns.LIFEFORM_ACTIVITIES)
    return out


def several_ways(state: State, keys: Mapping[str, tuple[str, str | None]], name: str
                 ) -> str | None:
    """What is due, said with each way to settle it, where ``name`` is one of several (the
    lifeform's one activity; an attack's reactions and kills): no one form settles it."""
    if name in turns.LIFEFORM_ACTIVITIES:
        return lifeform_activity_missing(state, keys)
    if name in ATTACK_STEPS:
        return attack_steps(state, keys)
    return None


def _hunt_due(state: State, hibernated: bool) -> list[str]:
    """Module D's next step before the fights: the hiding place (step 1), then, after the
    hibernation, the bet (step 2), the strip's actions (step 3) and the reward."""
    if not state.piece("hiding_place", Secret).is_set:
        return ["hide_in_remora"]
    if not hibernated or crew_share.left(state):
        return []
    if facts_of(state).get("hunt") is None:
        return ["hunt_bet"]
    return ["hunt_step"] if not hunt_order.hunt_done(state) else ["hunt_reward"]


# Actions of the Starship stage: refused with a reason during the setup and after the launch.
STARSHIP_STAGE = frozenset({
    "next_phase", "end_turn", "collect_missions", "lurk", "cocoon_advance",
    "malfunction_advance", "android_step", "place_mission", "board_remora",
    "advance_self_destruct", "equip", "flamethrower", "meet_image", "attack", "crew_reaction",
    "launch",
})


def stage(state: State, keys: Mapping[str, tuple[str, str | None]], name: str) -> str | None:
    """A Starship-stage action before the setup is done, or after the Remora launched."""
    if name not in STARSHIP_STAGE:
        return None
    now = facts_of(state)["stage"]
    # The table may still set the Loadout and the trackers by hand while setting up.
    if now == "setup" and name not in ("place_mission", "advance_self_destruct", "board_remora"):
        left = open_steps(state)
        auto = {"8": "record_characters", "17": "reality_calibration"}
        itself = "; ".join(f"step {s} ticks itself with {_how(keys, auto[s])}"
                           for s in left if s in auto)
        by_hand = [s for s in left if s not in auto]
        how = (f"finish it first ({_how(keys, 'tick_next_step')} or "
               f"{_how(keys, 'tick_setup')})" if by_hand
               else f"do {'them' if len(left) > 1 else 'it'} first")
        return (f"the setup is still open ({len(left)} step{'s' if len(left) != 1 else ''} "
                f"left{'; ' + itself if itself else ''}): {how} (rulebook, Setup)")
    if now in ("launched", "showdown", "over"):
        return "the Remora has launched: the Starship stage is over (rulebook, Endings)"
    return None


PHASE_NAMES = {"crew": "Crew Activity", "android": "Android", "lifeform": "Lifeform Activity"}
TURN_ACTIONS = frozenset({"end_turn", "collect_missions"})


def out_of_phase(state: State, keys: Mapping[str, tuple[str, str | None]], name: str,
                 enabled: Callable[[State], bool] | None) -> str | None:
    """Why an action its own rule closes now is closed, where the phase or the turn says it."""
    if facts_of(state)["stage"] != "starship" or enabled is None or enabled(state):
        return None
    phase = PHASE_NAMES.get(facts_of(state)["phase"], facts_of(state)["phase"])
    if name in turns.LIFEFORM_ACTIVITIES and facts_of(state)["phase"] != "lifeform":
        return (f"{turns.LIFEFORM_ACTIVITIES[name]} is the lifeform's activity, in its own "
                f"phase; this is the {phase} phase ({_how(keys, 'next_phase')}) (rulebook, "
                "Lifeform Activity Phase)")
    if name in ("take_control", "take_role"):
        return ("no crew member is waiting to take control: it follows a kill that leaves one "
                "with no character (rulebook, Taking Control)")
    if name in TURN_ACTIONS:
        now = ("every crew member has had a turn this round" if facts_of(state)["phase"] == "crew"
               else f"this is the {phase} phase")
        return (f"no crew member's turn is running: {now} ({_how(keys, 'next_phase')}) "
                "(rulebook, Crew Activity Phase)")
    return None


def why_not(name: str, keys: Mapping[str, tuple[str, str | None]], own: Why | None,
            enabled: Callable[[State], bool] | None = None) -> Why | None:
    """The action's refusal: what must happen first, then the action's own reason."""
    checks: list[Why] = [lambda s: stage(s, keys, name),
                         lambda s: out_of_phase(s, keys, name, enabled)]
    if name not in OPEN_OVER_LIMIT:
        checks.append(lambda s: over_limit(s, keys))
    if name in MOVE_ON or name in SD_MOVES:
        checks.append(lambda s: taking_control(s, keys))
    if name in AFTER_MISSIONS:
        checks.append(lambda s: missions_unplaced(s, keys))
    if name in MOVE_ON:
        checks.append(lambda s: calibration(s, keys))
    if name in MOVE_ON or name in SD_MOVES:
        checks.append(lambda s: asteroid_flip(s, keys))
    if name in MOVE_ON or name in STOWAWAY_FIRST:
        checks.append(lambda s: stowaway(s, keys))
    if name == "next_phase":
        checks.append(lambda s: turn_running(s, keys))
        checks.append(lambda s: lifeform_activity_missing(s, keys))
    if name == "reality_calibration":
        checks.append(lambda s: calibration_not_due(s, keys))
        checks.append(lambda s: attack_steps(s, keys))
    if name == "choose_stowaway":
        checks.append(stowaway_moment)
    if name == "place_mission":
        checks.append(lambda s: mission_not_collected(s, keys))
    if name in AFTER_SHARE:
        checks.append(lambda s: crew_share.unshared(s, _how(keys, "draw_cards")))
    if name == "launch":
        checks.append(lambda s: launch_turn(s, keys))
        checks.append(lambda s: launch_criteria(s, keys))
    if own is not None:
        checks.append(own)
    checks.append(lambda s: closed(s, keys, name, enabled))  # the step it waits for

    def reason(state: State) -> str | None:
        for check in checks:
            said = check(state)
            if said:
                return said
        return None
    return reason
