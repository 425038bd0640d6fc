"""Why an action its own step closes is closed now, and what opens it.

The engine's fallback ("its step has not come (or is past)") names neither; these say which
step or stage the action belongs to and what brings it, in the table's words. They are read only
when the action's own rule (``enabled``) closes it and nothing more pressing is due.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from trackers.engine import State
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.setup import open_steps

Keys = Mapping[str, tuple[str, str | None]]
STAGES = {"setup": "the setup", "starship": "the Starship stage",
          "launched": "the launch's ending", "showdown": "the Showdown", "over": "the game's end"}
SHOWDOWN = "rulebook p. 38, Showdown Stage"
MODULE_B = "(Thirteenth Passenger, Module B)"
MODULE_D = "(Thirteenth Passenger, Module D)"


def _how(keys: Keys, name: str) -> str:
    return f"'{keys[name][0]}'"


def _now(state: State) -> str:
    return STAGES.get(facts_of(state)["stage"], facts_of(state)["stage"])


def _showdown_only(what: str) -> Callable[[State, Keys], str]:
    def why(state: State, keys: Keys) -> str:
        if facts_of(state)["stage"] == "over":
            return f"the game is over: {what} belongs to the Showdown ({SHOWDOWN})"
        return (f"{what} belongs to the Showdown, which begins after the launch's ending; this "
                f"is {_now(state)} ({SHOWDOWN})")
    return why


def _module_d(state: State, keys: Keys) -> str:
    if "D" not in facts_of(state)["modules"]:
        return "module D is not played in this game (New game: Thirteenth Passenger modules)"
    return ("module D's hunt comes at the Showdown, after the hibernation; this is "
            f"{_now(state)} {MODULE_D}")


def _tick_setup(state: State, keys: Keys) -> str:
    if facts_of(state)["stage"] == "setup":  # only the steps that tick themselves are left
        ways = {"8": f"{_how(keys, 'record_characters')} (step 8)",
                "17": f"{_how(keys, 'reality_calibration')} (step 17)"}
        left = [ways[s] for s in open_steps(state) if s in ways]
        return (f"the {'steps' if len(left) > 1 else 'step'} left "
                f"{'tick themselves' if len(left) > 1 else 'ticks itself'}: "
                f"{' and '.join(left)} (rulebook, Setup)")
    return f"the setup is done; this is {_now(state)} (a step is corrected with 'x' or undo)"


def _play_role_card(state: State, keys: Keys) -> str:
    return ("no one holds a Ship's Cat or SIS-TER card: a crew member takes the role after "
            f"losing their last character ({_how(keys, 'take_role')}) (rulebook, The Ship's "
            "Cat)")


def _cat_aboard(state: State, keys: Keys) -> str:
    if facts_of(state)["ships_cat"]["aboard"]:
        return "the Ship's Cat is aboard the Remora already (rulebook, The Ship's Cat)"
    return ("the Ship's Cat is not in play: a crew member takes it after losing their last "
            f"character ({_how(keys, 'take_role')}) (rulebook, The Ship's Cat)")


def _ending_reading(state: State, keys: Keys) -> str:
    return ("the reading is chosen right after a launch whose ending the texts disagree on; "
            f"this is {_now(state)} (rulebook, Endings)")


def _refill(state: State, keys: Keys) -> str:
    return (f"the Ending C refill comes once, right after a launch to Ending C; this is "
            f"{_now(state)} (rulebook, Ending C)")


def _hibernation(state: State, keys: Keys) -> str:
    show = facts_of(state).get("showdown") or {}
    if show.get("refill_due"):
        return f"the Ending C refill comes first ({_how(keys, 'ending_c_refill')})"
    return _showdown_only("the hibernation")(state, keys)


def _jumped(state: State, keys: Keys) -> str:
    if "asteroids" not in facts_of(state):
        return "module B is not played in this game (New game: Thirteenth Passenger modules)"
    return ("no asteroid token waits for that decision: it follows a Self-Destruct move that "
            f"jumps over a face-down token {MODULE_B}")


def _flip(state: State, keys: Keys) -> str:
    info = facts_of(state).get("asteroids")
    if info is None:
        return "module B is not played in this game (New game: Thirteenth Passenger modules)"
    if not info.get("mirror"):
        return ("in this game the app turns the asteroid tokens over itself (New game: 'Module "
                f"B asteroid tokens' drawn by the app) {MODULE_B}")
    if info.get("held"):
        return ("the tokens the tracker jumped over are decided first "
                f"({_how(keys, 'asteroids_jumped')}) {MODULE_B}")
    if not info["face_down"]:
        return f"no asteroid token is left face down {MODULE_B}"
    return (f"no token is waiting: flip the one on Self-Destruct {max(info['face_down'])} when "
            f"the tracker gets there {MODULE_B}")


def _android(state: State, keys: Keys) -> str:
    android = facts_of(state)["android"]
    if facts_of(state)["stage"] != "starship":
        return f"the android moves in the Starship stage; this is {_now(state)}"
    if android["destroyed"]:
        return "the android is destroyed: its phase passes by itself (rulebook, Android Phase)"
    if not android["active"]:
        return ("the android is not active yet: its phase passes by itself until the Malfunction "
                "track wakes it (rulebook, Android Phase)")
    return (f"the android moves in the Android phase; this is not it ({_how(keys, 'next_phase')})"
            " (rulebook, Android Phase)")


def _control(state: State, keys: Keys) -> str:
    return ("no crew member is waiting to take control: it follows a kill that leaves one with "
            f"no character in the Starship stage; this is {_now(state)} (rulebook, Taking "
            "Control)")


def _survival(state: State, keys: Keys) -> str:
    if facts_of(state).get("lifeform_survival"):
        return "the lifeform has used its Survival ability: once a game (rulebook, Survival " \
               "Abilities)"
    return (f"the lifeform's Survival ability is for the Starship stage; this is {_now(state)} "
            "(rulebook, Survival Abilities)")


def _declare(state: State, keys: Keys) -> str:
    if facts_of(state)["stage"] == "showdown":
        return f"in the Showdown the fights decide who wins ({_how(keys, 'fight_result')})"
    return f"this is {_now(state)}: the winner is known (rulebook, Endings)"


CLOSED: dict[str, Callable[[State, Keys], str]] = {
    "tick_setup": _tick_setup,
    "tick_next_step": _tick_setup,
    "take_control": _control,
    "take_role": _control,
    "lifeform_survival": _survival,
    "declare_lifeform_win": _declare,
    "play_role_card": _play_role_card,
    "cat_aboard": _cat_aboard,
    "choose_ending_reading": _ending_reading,
    "ending_c_refill": _refill,
    "hibernation": _hibernation,
    "fight_check": _showdown_only("a fight"),
    "fight_result": _showdown_only("a fight"),
    "asteroids_jumped": _jumped,
    "asteroid_token": _flip,
    "hide_in_remora": _module_d,
    "hunt_bet": _module_d,
    "hunt_step": _module_d,
    "hunt_reward": _module_d,
    "android_step": _android,
}


def closed(state: State, keys: Keys, name: str,
           enabled: Callable[[State], bool] | None) -> str | None:
    """The reason, when the action's own step closes it now."""
    if name not in CLOSED or enabled is None or enabled(state):
        return None
    return CLOSED[name](state, keys)
