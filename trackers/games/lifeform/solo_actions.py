"""The solo game's actions (spec lifeform §11.3, §4.6, §4.7): setup, the Crisis deck, the Remora
board, Self-Destruct and the Motion tracker, the launch the table confirms, and the post-launch
shuttlecraft phase. Each is offered only in the solo mode (``game.py`` wires them in).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.engine.actions import DRAWN
from trackers.games.lifeform import (
    asteroid_mirror,
    crisis,
    remora,
    shuttle,
    solo,
    solo_board,
    solo_closed,
)
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.solo_crisis_play import (
    EFFECTS,
    condition,
    condition_ends,
    crisis_card,
    crisis_needs,
    discard,
    draw,
    list_deck,
    resolve,
    resolve_needs,
)
from trackers.pieces import Secret

Notes = list[Note | str]
Args = dict[str, Any]
TOPIC = "module_c"
OUTCOMES = ("you survived", "the lifeform won")


def _notes(lines: list[str], topic: str = TOPIC) -> Notes:
    return [Note(line, topic) for line in lines]


def _stage(*stages: str, module_c: bool = False) -> Callable[[State], bool]:
    def enabled(state: State) -> bool:
        return (solo.is_solo(state) and facts_of(state)["stage"] in stages
                and (not module_c or solo.module_c(state)))
    return enabled


def _deck_mode(mode: str) -> Callable[[State], bool]:
    playing = _stage("play", module_c=True)
    return lambda s: playing(s) and facts_of(s)["crisis"]["mode"] == mode


# --- setup and objectives ----------------------------------------------------------------
ALL_STEPS = "all remaining"


def _tick(state: State, args: Args, rng: Random) -> Notes:
    """One step, or every open one at once (the whole checklist in one form)."""
    todo = (solo.open_setup_steps(state) if args["step"] == ALL_STEPS else [args["step"]])
    facts_of(state)["setup_ticked"].extend(todo)
    left = len(solo.open_setup_steps(state))
    done = ", ".join(todo)
    return [f"setup step {done} done; {left} left" if left else f"setup step {done} done: "
            "setup done"]


def _tick_choices(state: State) -> list[str]:
    todo = solo.open_setup_steps(state)
    return [*todo, ALL_STEPS] if len(todo) > 1 else todo


def _tick_labels(state: State) -> dict[str, str]:
    labels = {k: f"{k}. {t}" for k, t in solo.setup_steps(state)}
    return labels | {ALL_STEPS: f"all {len(solo.open_setup_steps(state))} remaining steps"}


def objective_labels(state: State) -> dict[str, str]:
    """The three must-complete objectives: two named on the board profile, and the one the
    text names."""
    names = state.board.get(solo_board.OBJECTIVES) or ("the first objective",
                                                       "the second objective")
    return {"1": names[0], "2": names[1], "umbilicus": remora.UMBILICUS}


def _open_objectives(state: State) -> list[str]:
    done = facts_of(state)["remora"]["objectives_done"]
    out = [str(i + 1) for i in range(2) if not done[i]]
    return out + ([] if remora.umbilicus_done(facts_of(state)["remora"]) else ["umbilicus"])


def _objective(state: State, args: Args, rng: Random) -> Notes:
    board, which = facts_of(state)["remora"], args["objective"]
    if which == "umbilicus":
        return _notes(remora.umbilicus_other_way(board))
    board["objectives_done"][int(which) - 1] = True
    return [Note(f"objective achieved: {objective_labels(state)[which]} "
                 f"({remora.objectives_done(board)} of 3)", TOPIC)]


# --- Self-Destruct, the Motion tracker, the manual unlock -------------------------------------
def _advance_sd(state: State, args: Args, rng: Random) -> Notes:
    return list(solo.advance_sd(state, args["minutes"], args["why"] or "by hand", rng))


def _motion(state: State, args: Args, rng: Random) -> Notes:
    steps = args["spaces"] if args["direction"] == "closer" else -args["spaces"]
    return list(solo.motion_closer(state, steps))


def _manual_unlock(state: State, args: Args, rng: Random) -> Notes:
    notes: Notes = _notes(remora.manual_unlock(facts_of(state)["remora"], args["at_shuttle_bay"]))
    notes += solo.advance_sd(state, remora.SD_PER_MANUAL_UNLOCK, "manual clamp unlock", rng)
    return notes + list(solo.motion_closer(state, 1))


# --- launch and the shuttlecraft phase ------------------------------------------------------
def _launch(state: State, args: Args, rng: Random) -> Notes:
    f = facts_of(state)
    f["launch"] = {"lifeform_aboard": args["lifeform_aboard"]}
    notes: Notes = [Note("the Remora launches (confirmed at the table: the solo launch "
                         "conditions are Dragon's Domain rules)", TOPIC)]
    if solo.module_c(state) and remora.objectives_done(f["remora"]) < 3:
        notes.append(Note(f"{remora.objectives_done(f['remora'])} of the 3 must-complete "
                          "objectives are marked achieved here", TOPIC))
    missing = _chambers_in(args["cards_not_in_hand"] or "")
    if not args["lifeform_aboard"] or not solo.module_c(state):
        f["stage"] = "launched"
        why = ("the lifeform is not aboard: no shuttlecraft phase" if not args["lifeform_aboard"]
               else "without module C there is no shuttlecraft phase")
        return notes + [Note(f"{why}; record how your game ended with 'Record the outcome'",
                             TOPIC)]
    held = [c for c in remora.CHAMBERS if c not in missing]
    f["shuttle"], lines = shuttle.begin(held, f["remora"]["tokens"])
    f["stage"] = "fight" if f["shuttle"]["fight"] is not None else "shuttle"
    return notes + _notes(lines)


def _asteroid_first(state: State) -> str | None:
    """Module B: a token the tracker reached is flipped (or a jump decided) before
    Self-Destruct moves on or the Remora launches (Thirteenth Passenger, Module B)."""
    info = facts_of(state).get("asteroids") or {}
    if info.get("held"):
        return ("module B: the asteroid tokens the tracker jumped over are still to be decided: "
                "decide first ('Asteroid tokens jumped over') (Thirteenth Passenger, Module B)")
    space = asteroid_mirror.due(state)
    if space is not None:
        return (f"module B: the asteroid token on {space} is to be flipped: enter what it shows "
                "first ('Module B: asteroid token flipped') (Thirteenth Passenger, Module B)")
    return None


def _launch_why_not(state: State) -> str | None:
    return _asteroid_first(state) or _objectives_open(state)


def _objectives_open(state: State) -> str | None:
    """Module C: the Remora launches only with the 3 must-complete objectives achieved
    (Thirteenth Passenger, Module C, Unlocking the Docking Clamps)."""
    if not solo.module_c(state) or facts_of(state)["stage"] != "play":
        return None
    done = remora.objectives_done(facts_of(state)["remora"])
    if done >= 3:
        return None
    return (f"{done} of the 3 must-complete objectives are achieved: each comes first "
            "('Objective achieved'; the docking clamps for Uncoupling the Umbilicus) "
            "(Thirteenth Passenger, Module C)")


def _chambers_in(text: str) -> list[str]:
    """Chamber names typed with commas; ActionError names the field and the five allowed."""
    try:
        return [remora.chamber_name(part) for part in text.split(",") if part.strip()]
    except ActionError as err:
        raise ActionError(f"cards_not_in_hand: {str(err).removeprefix('chamber: ')}",
                          "cards_not_in_hand") from None


def _confront(state: State, args: Args, rng: Random) -> Notes:
    lines = shuttle.confront(facts_of(state)["shuttle"])
    facts_of(state)["stage"] = "fight"
    return _notes(lines)


def _hunt(state: State, args: Args, rng: Random) -> Notes:
    """The face-down card exists from the hunt on (a Secret piece: its code shows at once)."""
    state.pieces["hiding_chamber"] = shuttle.hiding_secret()
    return _notes(shuttle.hunt(facts_of(state)["shuttle"], state.piece("hiding_chamber", Secret),
                               rng, args.get(DRAWN)))


def _guessable(state: State) -> list[str]:
    """The chambers a guess may name: those still in play, or every one if the table's
    setting allows a cleared chamber (the texts do not say, G21)."""
    shuttle = facts_of(state).get("shuttle")
    if facts_of(state).get("guess_cleared") or not shuttle:
        return list(remora.CHAMBERS)
    return [c for c in remora.CHAMBERS if c in shuttle["held"]]


def _guess(state: State, args: Args, rng: Random) -> Notes:
    tokens = solo_board.combat_token_names(state.board)
    lines = shuttle.guess(facts_of(state)["shuttle"], state.piece("hiding_chamber", Secret),
                          args["chamber"], tokens, rng)
    facts_of(state)["stage"] = "fight"
    return _notes(lines)


def _outcome(state: State, args: Args, rng: Random) -> Notes:
    won = args["outcome"] == OUTCOMES[0]
    fought = facts_of(state)["stage"] == "fight"
    facts_of(state)["result"] = {
        "won": won, "ending": ("the fight" if fought else "the launch") + (
            ": you survived" if won else ": the lifeform won"),
        "summary": args["how"] or ""}
    facts_of(state)["stage"] = "over"
    return [f"game over: {args['outcome']}"]


# --- log lines ------------------------------------------------------------------------------
def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _crisis_log(a: Args) -> str:
    effects = [] if a["chamber"] in (None, crisis.NO_CHAMBER) else [f"token on {a['chamber']}"]
    effects += [words for key, words in (("clamp", "a clamp"), ("stamina", "Renewed Stamina"),
                                         ("keep", "kept")) if a.get(key)]
    name = f" {a['card']}" if a.get("card") else ""
    return f"Crisis card{name}: {', '.join(effects) or 'no Remora effect'}"


def _objective_log(a: Args) -> str:
    which = a["objective"]
    return (f"Objective achieved: {remora.UMBILICUS}" if which == "umbilicus" else
            f"Objective {which} achieved")


LOG: dict[str, Callable[[Args], str]] = {
    "solo_tick_setup": lambda a: ("Every remaining setup step done" if a["step"] == ALL_STEPS
                                  else f"Setup step {a['step']} done"),
    "solo_objective": _objective_log,
    "crisis_card": _crisis_log,
    "list_crisis_deck": lambda a: "Crisis deck listed",
    "resolve_crisis": lambda a: "Crisis card resolved" + (" and kept" if a.get("keep") else "")
    + ("" if a.get("effects") in (None, EFFECTS[0]) else " (no listed effect)"),
    "condition": lambda a: f"Condition: {a['condition']}",
    "condition_ends": lambda a: f"Condition ends: {a['condition']}",
    "discard_cards": lambda a: f"Discarded {_plural(a['count'], 'card')}" + (
        f", {a['crisis_card']} among them" if a.get("crisis_card") not in (None, "none")
        else ""),
    "solo_advance_sd": lambda a: f"Self-Destruct +{_plural(a['minutes'], 'minute')}" + (
        f" ({a['why']})" if a.get("why") else ""),
    "motion": lambda a: f"Motion tracker: the lifeform {_plural(a['spaces'], 'space')} "
    f"{a['direction']}",
    "solo_launch": lambda a: "Launch the Remora (the lifeform is "
    + ("aboard)" if a.get("lifeform_aboard") else "not aboard)"),
    "guess_chamber": lambda a: f"Guess the chamber: {a['chamber']}",
    "solo_outcome": lambda a: f"Outcome: {a['outcome']}",
}


def actions() -> tuple[Action, ...]:
    """Each action with its history words and, when its step closes it, the reason why."""
    return tuple(replace(a, why_not=_first(solo_closed.why_not(a.name, a.enabled), a.why_not),
                         log_text=LOG.get(a.name, a.log_text)) for a in _actions())


def _first(closed: Callable[[State], str | None],
           own: Callable[[State], str | None] | None) -> Callable[[State], str | None]:
    """The step that closes the action speaks first, then the action's own rule."""
    if own is None:
        return closed
    return lambda state: closed(state) or own(state)


def _actions() -> tuple[Action, ...]:
    playing = _stage("play")
    playing_c = _stage("play", module_c=True)
    chamber = Param("chamber", "choice", "the Remora chamber the card puts a token on",
                    choices=(*remora.CHAMBERS, crisis.NO_CHAMBER), optional=True,
                    default=crisis.NO_CHAMBER)
    keep = Param("keep", "bool", "you met its keep condition: turn it into an action card",
                 optional=True, default=False)
    return (
        Action("solo_tick_setup", "Tick a solo setup step", "Mark one step of the solo setup done "
               "(Thirteenth Passenger, Module C setup).", _tick,
               (Param("step", "choice", "which step (or all remaining)", choices=_tick_choices,
                      labels=_tick_labels),),
               enabled=lambda s: playing(s) and bool(solo.open_setup_steps(s)), topic=TOPIC,
               key="n", short="Setup"),  # n: the outcome's key, which comes after the launch
        Action("solo_objective", "Objective achieved", "Mark a must-complete objective "
               "achieved (Uncoupling the Umbilicus: some other way than the clamps).",
               _objective, (Param("objective", "choice", "which objective",
                                  choices=_open_objectives, labels=objective_labels),),
               enabled=playing_c, topic=TOPIC, short="Objective",
               needs=lambda s, a: [solo_board.OBJECTIVES] if a.get("objective") in ("1", "2")
               else []),
        Action("crisis_card", "Crisis card", "You drew a Crisis card: enter what it did "
               "(mirror deck).", crisis_card,
               (Param("card", "str", "its name (for the log)", optional=True, default=""),
                chamber,
                Param("clamp", "bool", "it unlocks a docking clamp", optional=True,
                      default=False),
                Param("stamina", "bool", "Renewed Stamina", optional=True, default=False),
                keep),
               key="k", short="Crisis", enabled=_deck_mode("mirror"), topic=TOPIC,
               needs=lambda s, a: crisis_needs(
                   s, None if a.get("chamber") in (None, crisis.NO_CHAMBER) else a["chamber"],
                   bool(a.get("keep")))),
        Action("list_crisis_deck", "List the Crisis deck", "Enter the deck once: every card "
               f"with its chamber and effects (virtual deck): {crisis.LIST_HELP}.", list_deck,
               (Param("cards", "str", "e.g. 'Hull alarm = Cockpit + clamp; Fuel leak'",
                      max_length=4000),),
               enabled=lambda s: _deck_mode("virtual")(s) and "crisis_deck" not in s.pieces,
               topic=TOPIC),
        Action("draw_crisis", "Draw a Crisis card", "The app draws the top Crisis card "
               "(virtual deck).", draw, key="k", short="Crisis",
               enabled=lambda s: _deck_mode("virtual")(s) and "crisis_deck" in s.pieces
               and facts_of(s)["crisis"]["current"] is None, topic=TOPIC),
        Action("resolve_crisis", "Resolve the Crisis card", "Apply the drawn card's listed "
               "effects (virtual deck).", resolve,
               (Param("effects", "choice", "what the option you chose does", choices=EFFECTS,
                      optional=True, default=EFFECTS[0]), keep),
               key="o", short="Resolve", needs=resolve_needs, topic=TOPIC,
               enabled=lambda s: _deck_mode("virtual")(s)
               and facts_of(s)["crisis"]["current"] is not None),
        Action("condition", "Note a condition", "You are under a condition such as Exhausted "
               "(Renewed Stamina ends them).", condition,
               (Param("condition", "str", "its name, e.g. Exhausted"),), enabled=playing_c,
               topic=TOPIC),
        Action("condition_ends", "A condition ends", "A condition you were under ends.",
               condition_ends, (Param("condition", "choice", "which condition",
                                       choices=lambda s: facts_of(s)["crisis"]["conditions"]),),
               enabled=lambda s: playing_c(s) and bool(facts_of(s)["crisis"]["conditions"]),
               topic=TOPIC),
        Action("discard_cards", "Discard cards", "Discard from your hand of action cards "
               "(a kept Crisis card may be one of them).", discard,
               (Param("count", "int", "how many cards", minimum=1, maximum=30),
                Param("crisis_card", "choice", "a kept Crisis card among them",
                      choices=lambda s: ["none", *facts_of(s)["crisis"]["kept"]], optional=True,
                      default="none")),
               enabled=playing, topic=TOPIC),
        Action("solo_advance_sd", "Advance Self-Destruct", "Move the Self-Destruct tracker on "
               "by a number of minutes.", _advance_sd,
               (Param("minutes", "int", "minutes toward Explosion", minimum=1, maximum=30),
                Param("why", "str", "what moved it", optional=True, default="")),
               key="j", short="Adv. SD", needs=(solo_board.SD_START,), enabled=playing,
               topic="self_destruct", why_not=_asteroid_first),
        Action("motion", "Move the lifeform (Motion tracker)", "Move the lifeform on the Motion "
               "tracker as your Dragon's Domain rules say.", _motion,
               (Param("direction", "choice", "toward you or away",
                      choices=("closer", "farther")),
                Param("spaces", "int", "how many spaces", minimum=1, maximum=30)),
               needs=(solo_board.MOTION_LENGTH, solo_board.MOTION_START), enabled=playing,
               topic=TOPIC, short="Motion"),
        Action("manual_unlock", "Manual clamp unlock", "At the Shuttle Bay with the other two "
               "objectives done: a clamp for Self-Destruct +3 minutes and the lifeform one "
               "space closer (up to 3 times).", _manual_unlock,
               (Param("at_shuttle_bay", "bool", "you are at the Shuttle Bay, ready to board "
                      "and launch", optional=True, default=False),),
               key="m", short="Unlock", enabled=playing_c, topic=TOPIC, why_not=_asteroid_first,
               needs=(solo_board.SD_START, solo_board.MOTION_LENGTH, solo_board.MOTION_START)),
        Action("solo_launch", "Launch the Remora", "The Remora launches, as your Dragon's "
               "Domain rules allow (module C: once the 3 must-complete objectives are "
               "achieved).", _launch,
               (Param("lifeform_aboard", "bool", "it is established that the lifeform is "
                      "aboard", optional=True, default=False),
                Param("cards_not_in_hand", "str", "chamber cards not held, by commas (empty: "
                      "none)", optional=True, default="")),
               key="l", short="Launch", enabled=playing, topic=TOPIC,
               why_not=_launch_why_not),
        Action("confront", "Confront the lifeform", "Fight with one extra combat zone box.",
               _confront, key="f", short="Confront", topic=TOPIC,
               enabled=lambda s: _stage("shuttle", module_c=True)(s)
               and facts_of(s)["shuttle"]["choice"] is None),
        Action("hunt", "Hunt the lifeform", "The app hides the lifeform in one of your chamber "
               "cards at random; you get one guess.", _hunt, key="g", short="Hunt", topic=TOPIC,
               hidden_draw=lambda s: list(facts_of(s)["shuttle"]["held"]),
               enabled=lambda s: _stage("shuttle", module_c=True)(s)
               and facts_of(s)["shuttle"]["choice"] is None),
        Action("guess_chamber", "Guess the chamber", "Point at the chamber where you think the "
               "lifeform hides; the card is revealed.", _guess,
               (Param("chamber", "choice", "the chamber you point at", choices=_guessable),),
               key="y", short="Guess", needs=(solo_board.COMBAT_TOKENS,), topic=TOPIC,
               enabled=lambda s: _stage("shuttle", module_c=True)(s)
               and facts_of(s)["shuttle"]["choice"] == "hunt"),
        Action("solo_outcome", "Record the outcome", "How your game ended, by the Dragon's "
               "Domain rules (the fight on the conflict board, or after the launch).", _outcome,
               (Param("outcome", "choice", "who won", choices=OUTCOMES),
                Param("how", "str", "a word on how (for the report)", optional=True,
                      default="")),
               key="n", short="Outcome", enabled=_stage("launched", "fight"), topic=TOPIC),
    )
