"""The rules that must happen before the game goes on, as refusals that say why.

A reminder the table can walk past is not enough for these (rulebook, Gameplay Additional
Rules; Movement and Attack; Crew Activity Phase):

- a hand over its limit is cut as soon as the cards arrive: until it is, only the discard
  itself is taken (rulebook p. 43, Hand Size);
- a Reality Calibration that is due (after an attack, a character meeting an image, the Cocoon's
  final space) is done before the turn or the phase moves on (rulebook p. 10);
- the Remora is launched by the active crew member during their turn (rulebook, Crew Activity
  Phase), and not while a module B asteroid decision is still open.

Each check returns the reason the engine shows ("<title> is not possible now: <reason>"), naming
what is due and the action that does it (the app adds its key). Corrections (``x``) and undo
stay the table's way out: they are the engine's own actions and never pass through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from trackers.engine import State
from trackers.games.lifeform import asteroid_mirror, decks, turns
from trackers.games.lifeform.closed import closed
from trackers.games.lifeform.setup import open_steps

Why = Callable[[State], str | None]
# The one action still open while a hand is over its limit: the discard itself.
OPEN_OVER_LIMIT = frozenset({"discard_from_hand"})
# Actions that move the turn or the phase on: a due Reality Calibration comes first.
MOVE_ON = frozenset({"next_phase", "end_turn", "launch"})


def _how(keys: Mapping[str, tuple[str, str | None]], name: str) -> str:
    """The action that does it, by its quoted title: the CLI reads it as it is, and the app's
    screen adds the key it is bound to (``tui.games.lifeform.screen``)."""
    return f"'{keys[name][0]}'"


def over_limit(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A hand above its limit in the Starship stage: it is cut before anything else."""
    if state.facts["stage"] != "starship":
        return None
    over = decks.over_limit_hands(state)
    if not over:
        return None
    who, held, limit = over[0]
    return (f"{who} holds {held} cards, over the hand limit of {limit}: discard {held - limit} "
            f"first ({_how(keys, 'discard_from_hand')}) (rulebook p. 43, Hand Size)")


def calibration(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """A Reality Calibration that is due holds the turn and the phase."""
    why = state.facts.get("calibration_due")
    if state.facts["stage"] != "starship" or not why:
        return None
    attack = state.facts.get("attack")
    first = ("the attack's reactions and kills, then " if attack is not None else "")
    return (f"a Reality Calibration is due ({why}): {first}the lifeform does it first "
            f"({_how(keys, 'reality_calibration')}) (rulebook p. 10, Reality Calibration)")


def asteroid_flip(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """Module B with the table's tokens: a token the tracker reached is flipped first."""
    space = asteroid_mirror.due(state)
    if state.facts["stage"] != "starship" or space is None:
        return None
    return (f"module B: the asteroid token on {space} is to be flipped: enter what it shows "
            f"first ({_how(keys, 'asteroid_token')}) (Thirteenth Passenger, Module B)")


def launch_turn(state: State, keys: Mapping[str, tuple[str, str | None]]) -> str | None:
    """The active crew member launches, during their turn (rulebook, Crew Activity Phase)."""
    if state.facts["stage"] != "starship":
        return None
    if state.facts.get("asteroids", {}).get("held"):
        return ("module B: the asteroid tokens the tracker jumped over are still to be decided: "
                f"decide first ({_how(keys, 'asteroids_jumped')}) (Thirteenth Passenger, Module B)")
    if turns.current(state) is not None:
        return None
    if state.facts["phase"] not in ("crew", "android", "lifeform"):
        return None
    phase = {"crew": "every crew member has had a turn this round",
             "android": "this is the Android phase",
             "lifeform": "this is the Lifeform Activity phase"}[state.facts["phase"]]
    return (f"the active crew member launches during their turn; {phase}: the next Crew "
            f"Activity phase comes with {_how(keys, 'next_phase')} (rulebook, Crew Activity "
            "Phase)")


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
    now = state.facts["stage"]
    # The table may still set the Loadout and the trackers by hand while setting up.
    if now == "setup" and name not in ("place_mission", "advance_self_destruct", "board_remora"):
        left = open_steps(state)
        auto = {"8": "record_characters", "17": "reality_calibration"}
        itself = "; ".join(f"step {s} ticks itself with {_how(keys, auto[s])}"
                           for s in left if s in auto)
        by_hand = [s for s in left if s not in auto]
        how = (f"finish it first ({_how(keys, 'tick_next_step')} or "
               f"{_how(keys, 'tick_setup')})" if by_hand else "do them first")
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
    if state.facts["stage"] != "starship" or enabled is None or enabled(state):
        return None
    phase = PHASE_NAMES.get(state.facts["phase"], state.facts["phase"])
    if name in turns.LIFEFORM_ACTIVITIES and state.facts["phase"] != "lifeform":
        return (f"{turns.LIFEFORM_ACTIVITIES[name]} is the lifeform's activity, in its own "
                f"phase; this is the {phase} phase ({_how(keys, 'next_phase')}) (rulebook, "
                "Lifeform Activity Phase)")
    if name in ("take_control", "take_role"):
        return ("no crew member is waiting to take control: it follows a kill that leaves one "
                "with no character (rulebook, Taking Control)")
    if name in TURN_ACTIONS:
        now = ("every crew member has had a turn this round" if state.facts["phase"] == "crew"
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
    if name in MOVE_ON:
        checks.append(lambda s: calibration(s, keys))
        checks.append(lambda s: asteroid_flip(s, keys))
    if name == "launch":
        checks.append(lambda s: launch_turn(s, keys))
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
