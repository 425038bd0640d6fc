"""Why a solo action its own step closes is closed now, and what to do instead.

The Dragon's Domain solo game runs in stages: ``play`` (the Starship, with module C's Crisis
deck and Remora board), ``launched``, ``shuttle`` (module C's Confront or Hunt), ``fight`` and
``over``. Each reason names the stage the action belongs to and the action that leads there,
by its quoted title (the app's screen adds its key), instead of the engine's bare fallback.
"""

from __future__ import annotations

from collections.abc import Callable

from trackers.engine import State
from trackers.games.lifeform import solo
from trackers.games.lifeform.facts import facts_of

RULE = "(Thirteenth Passenger, Module C)"
STAGES = {"play": "the game is under way on the Valley Forge",
          "launched": "the Remora has launched",
          "shuttle": "the Remora has launched: Confront or Hunt comes next",
          "fight": "the fight is on",
          "over": "the game is over"}


def _now(state: State) -> str:
    return STAGES.get(facts_of(state)["stage"], facts_of(state)["stage"])


def _in_play(what: str) -> Callable[[State], str | None]:
    """An action of the Starship part of the game (stage ``play``)."""
    def why(state: State) -> str | None:
        if facts_of(state)["stage"] != "play":
            return f"{what} belongs to the game before the launch; {_now(state)}"
        return None
    return why


def _module_c(what: str) -> Callable[[State], str | None]:
    def why(state: State) -> str | None:
        if not solo.module_c(state):
            return f"{what} is module C's; this game is played without it {RULE}"
        return _in_play(what)(state)
    return why


def _deck(mode: str, what: str) -> Callable[[State], str | None]:
    """The Crisis deck is the table's own (mirror) or the app's (virtual): the setup says."""
    def why(state: State) -> str | None:
        said = _module_c(what)(state)
        if said:
            return said
        if facts_of(state)["crisis"]["mode"] != mode:
            if mode == "mirror":
                return ("this game's Crisis deck is the app's: 'Draw a Crisis card', then "
                        f"'Resolve the Crisis card' {RULE}")
            return ("this game's Crisis deck is your own: enter each card you draw with "
                    f"'Crisis card' {RULE}")
        return None
    return why


def _tick(state: State) -> str | None:
    return (_in_play("the solo setup")(state)
            or "every solo setup step is ticked: play on ('Draw a Crisis card' or 'Crisis "
               "card', 'Advance Self-Destruct')")


def _list(state: State) -> str | None:
    return _deck("virtual", "the Crisis deck")(state) or (
        "the Crisis deck is listed already: draw from it ('Draw a Crisis card')")


def _draw(state: State) -> str | None:
    said = _deck("virtual", "the Crisis deck")(state)
    if said:
        return said
    if "crisis_deck" not in state.pieces:
        return f"enter the deck first ('List the Crisis deck') {RULE}"
    return "a drawn Crisis card is open: resolve it first ('Resolve the Crisis card')"


def _resolve(state: State) -> str | None:
    return _deck("virtual", "the Crisis deck")(state) or (
        "no Crisis card is drawn: 'Draw a Crisis card' first")


def _condition_ends(state: State) -> str | None:
    return _module_c("a condition")(state) or "no condition is noted ('Note a condition')"


def _shuttle(what: str) -> Callable[[State], str | None]:
    """Confront or Hunt, once, after the launch (module C)."""
    def why(state: State) -> str | None:
        if not solo.module_c(state):
            return f"{what} is module C's; this game is played without it {RULE}"
        if facts_of(state)["stage"] == "play":
            return f"{what} comes after the launch ('Launch the Remora') {RULE}"
        if facts_of(state)["stage"] == "shuttle":
            return f"Confront or Hunt is chosen once, and it is chosen {RULE}"
        return f"{_now(state)} {RULE}"
    return why


def _guess(state: State) -> str | None:
    if facts_of(state)["stage"] == "shuttle" and facts_of(state)["shuttle"]["choice"] is None:
        return f"the guess follows a hunt: 'Hunt the lifeform' first {RULE}"
    return _shuttle("the guess")(state)


def _outcome(state: State) -> str | None:
    if facts_of(state)["stage"] == "play":
        return ("the outcome is recorded after the launch ('Launch the Remora'); "
                f"{_now(state)} {RULE}")
    if facts_of(state)["stage"] == "shuttle":
        return f"Confront or Hunt first ('Confront the lifeform', 'Hunt the lifeform') {RULE}"
    return _now(state)


CLOSED: dict[str, Callable[[State], str | None]] = {
    "solo_tick_setup": _tick,
    "solo_objective": _module_c("an objective"),
    "crisis_card": _deck("mirror", "a Crisis card"),
    "list_crisis_deck": _list,
    "draw_crisis": _draw,
    "resolve_crisis": _resolve,
    "condition": _module_c("a condition"),
    "condition_ends": _condition_ends,
    "discard_cards": _in_play("a discard"),
    "solo_advance_sd": _in_play("Self-Destruct"),
    "motion": _in_play("the Motion tracker"),
    "manual_unlock": _module_c("a manual clamp unlock"),
    "solo_launch": _in_play("the launch"),
    "confront": _shuttle("Confront"),
    "hunt": _shuttle("the Hunt"),
    "guess_chamber": _guess,
    "solo_outcome": _outcome,
}


def why_not(name: str, enabled: Callable[[State], bool] | None) -> Callable[[State], str | None]:
    """The reason, read only while the action's own step closes it."""
    def reason(state: State) -> str | None:
        if enabled is None or enabled(state) or name not in CLOSED:
            return None
        return CLOSED[name](state)
    return reason
