"""The table's everyday actions: setup steps, hands, the Loadout, characters and roles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.lifeform import (
    characters,
    crew_share,
    decks,
    loadout,
    moves,
    rounds,
    secrets,
    turns,
)
from trackers.games.lifeform.board import COLUMNS
from trackers.games.lifeform.characters import ROLE_NAMES, character_pool
from trackers.games.lifeform.crew_activity import (
    TOKEN_MOVES,
    cat_aboard,
    mission_from_pool,
    play_role_card,
    remora_energy_cell,
    roles_with_cards,
    take_mining_laser,
    token_moved,
    use_heat_analyzer,
)
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.lifeform_activity import (
    lurk,
    lurk_discards,
    played_lifeform_card,
    use_vent,
)
from trackers.games.lifeform.phases.common import (
    COLUMN_TITLES,
    character_param,
    crew,
    member_param,
    playing,
    profile,
)
from trackers.games.lifeform.setup import open_steps, steps

Notes = list[Note | str]

ALL_STEPS = "all remaining"
WHO = ("crew member", "lifeform")


def _remora_closed(state: State) -> str | None:
    """Why nobody may board the Remora yet (it opens at the 20 mark, rulebook p. 46)."""
    if characters.remora_open(state):
        return None
    return ("the Remora opens once Self-Destruct reaches 20 (rulebook, Movement and Attack, "
            "p. 46): Self-Destruct has not got there yet")


def _tick(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Tick a setup step (spec §2.2); when none is left, round 1 begins."""
    if facts_of(state)["stage"] != "setup":
        if args["step"] == ALL_STEPS:  # a game saved when a last calibration did not start
            return []                  # round 1 by itself replays its closing tick as nothing
        raise ActionError("the setup is done already", "step")
    todo = open_steps(state)
    auto = {"8": "record the characters kept ('Record characters')",
            "17": "do the Reality Calibration ('Reality Calibration')"}
    if args["step"] in auto:
        raise ActionError(f"step: step {args['step']} ticks itself: {auto[args['step']]}",
                          "step")
    # "all remaining" ticks what is ticked by hand; the steps that tick themselves stay open
    # and are named, so the choice the form offers is never refused.
    ticked = [step for step in (todo if args["step"] == ALL_STEPS else [args["step"]])
              if step not in auto]
    facts_of(state)["setup_ticked"].extend(ticked)
    notes: Notes = [Note(f"setup ticked: {', '.join(ticked) or 'none'}", "setup")]
    notes += [Note(f"step {step} is still open: {auto[step]}", "setup")
              for step in todo if step in auto]
    if not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _steps(state: State) -> list[str]:
    """The open steps ticked by hand, and "all remaining" (steps 8 and 17 tick themselves
    when their action is done, so they are not offered)."""
    todo = open_steps(state) if facts_of(state)["stage"] == "setup" else []
    by_hand = [step for step in todo if step not in ("8", "17")]
    return [*by_hand, ALL_STEPS] if by_hand else []


STEP_TITLE_WIDTH = 66  # the step list's room inside its dialog at 80 columns


def _step_titles(state: State) -> dict[str, str]:
    """Each setup step as the form shows it: number and what to do, cut at a word with '…'
    when it is longer than the list's room (the whole step is in the Now panel)."""
    return {sid: _cut(f"{sid}. {text}", STEP_TITLE_WIDTH) for sid, text in steps(state)}


def _cut(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    head = text[:width - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return head + "…"




def _draft(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(characters.record_draft(state, args["crew_member"], args["first"],
                                                args["second"]))
    if facts_of(state)["stage"] == "setup" and not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _pool(state: State) -> list[str]:
    facts = facts_of(state)
    return list(character_pool(facts["modules"], facts.get("character_pool", "")))


def _owner(state: State, args: dict[str, Any]) -> str:
    if args["who"] == "lifeform":
        return str(facts_of(state)["lifeform"])
    if args["crew_member"] is None:
        raise ActionError("crew_member: name the crew member", "crew_member")
    return str(args["crew_member"])


def _draw(state: State, args: dict[str, Any], rng: Random) -> Notes:
    deck = "lifeform" if args["who"] == "lifeform" else "crew"
    notes: Notes = list(decks.draw(state, deck, _owner(state, args), args["count"],
                                   profile(state)))
    if deck == "crew" and crew_share.left(state):  # a share of the hibernation's draw
        crew_share.took(state, _owner(state, args), args["count"])
        left = crew_share.left(state)
        notes.append(Note(f"hibernation step 1: {left} of the crew's draw left to share"
                          if left else "hibernation step 1 done: the crew's draw is shared out",
                          "hibernation"))
    return notes


def _draw_params() -> tuple[Param, Param, Param]:
    """Whose hand and how many; while the hibernation's draw is being shared out, a crew
    hand, the first crew member who may take a share, and what is left are preselected."""
    hand, member = _who()

    def who(state: State) -> str | None:
        return "crew member" if crew_share.left(state) else None

    def receiver(state: State) -> str | None:
        return crew_share.suggested_member(state) or turns.current(state)

    return (replace(hand, suggested=who), replace(member, suggested=receiver),
            Param("count", "int", "how many", minimum=1, maximum=20,
                  suggested=lambda s: crew_share.left(s) or None))


def _discard(state: State, args: dict[str, Any], rng: Random) -> Notes:
    deck = "lifeform" if args["who"] == "lifeform" else "crew"
    return list(decks.discard(state, deck, _owner(state, args), args["count"]))


def _place(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(loadout.place(state, args["column"], args["crew_member"], profile(state)))


def _remove(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(loadout.remove_top(state, args["column"], args["why"]))


def _terror(state: State, args: dict[str, Any], rng: Random) -> Notes:
    characters.need(state, args["character"])
    return list(decks.draw_terror(state))


def _board(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.board_remora(state, args["character"]))


def _hidden(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.set_hidden(state, args["character"], args["hidden"]))


def _killed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if facts_of(state)["stage"] == "showdown":
        from trackers.games.lifeform.showdown import kill_in_showdown

        return list(kill_in_showdown(state, args["character"]))
    secrets.attack_step(state, "killed")
    return list(characters.kill(state, args["character"], args["kill"] == "noisy",
                                profile(state)))


def _control(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.take_control(state, args["crew_member"], args["character"]))


def _role(state: State, args: dict[str, Any], rng: Random) -> Notes:
    role = next(k for k, v in ROLE_NAMES.items() if v == args["role"])
    return list(characters.take_role(state, args["crew_member"], role))


def _who() -> tuple[Param, Param]:
    return (Param("who", "choice", "whose hand", choices=WHO),
            Param("crew_member", "choice", "the crew member (for a crew hand)", choices=crew,
                  optional=True, suggested=turns.current))


def _waiting(which: str) -> Callable[[State], str | None]:
    """The crew member who lost their last character and takes control (or a role) first."""
    def member(state: State) -> str | None:
        waiting = facts_of(state)["pending_control" if which == "pending_control"
                                  else "pending_role"]
        return waiting[0] if waiting else turns.current(state)
    return member


def _over(state: State) -> tuple[str, int, int] | None:
    """The first hand over its limit (who, held, limit): the discard that is due."""
    over = (decks.over_limit_hands(state)
            if facts_of(state)["stage"] in ("starship", "showdown") else [])
    return over[0] if over else None


def _discard_params() -> tuple[Param, Param, Param]:
    """Whose hand and how many, preselected as the hand over its limit and what it is over
    by (rulebook p. 43, Hand Size); the player may pick another."""
    def who(state: State) -> str | None:
        over = _over(state)
        if over is None:
            return None
        return "lifeform" if over[0] == facts_of(state)["lifeform"] else "crew member"

    def member(state: State) -> str | None:
        over = _over(state)
        if over is None:
            return turns.current(state)
        return over[0] if over[0] in facts_of(state)["crew"] else None  # the lifeform's hand

    def extra(state: State) -> int | None:
        over = _over(state)
        return None if over is None else over[1] - over[2]

    hand, crew_member = _who()
    return (replace(hand, suggested=who), replace(crew_member, suggested=member),
            Param("count", "int", "how many", minimum=1, maximum=20, suggested=extra))


IDLE_PASSES = "idle_android_passes"


LEFT = "left"  # the phase 'Next phase' ends, kept with the event for the history's words


@dataclass(frozen=True)
class NextPhase(Action):
    """'Next phase' as the app does it now: an idle Android phase passes by itself. The flag is
    added in ``validate``, which runs when the action is done and not on replay, so a game
    saved before keeps the phases it was played with; so is the phase it ends, for the log."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        given = {k: v for k, v in args.items() if k not in (IDLE_PASSES, LEFT)}
        left = (f"round {facts_of(state).get('round')}, "
                f"{rounds.PHASE_WORDS.get(facts_of(state).get('phase', ''), 'the phase')}")
        return {**super().validate(state, given), IDLE_PASSES: True, LEFT: left}

    def describe(self, args: dict[str, Any]) -> str:
        """The history says which phase ended (a game saved before says 'Next phase')."""
        return f"Next phase: {args[LEFT]} over" if args.get(LEFT) else self.title


@dataclass(frozen=True)
class DrawCards(Action):
    """While the hibernation's crew draw is shared out, a crew draw is a share: checked when
    the table acts, never on replay."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        crew_share.check_draw(state, checked)
        return checked


@dataclass(frozen=True)
class PlaceMission(Action):
    """A Mission token goes on the Loadout from the crew member who collected it: never from
    one whose characters are all aboard the Remora, or who plays the cat or the SIS-TER (none
    of them collects). Checked when the table acts, never on replay."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        member = checked.get("crew_member")
        if facts_of(state)["stage"] == "starship" and member in facts_of(state)["crew"]:
            why = {"aboard": "every character of theirs is aboard the Remora, where none is "
                             "collected", "cat": "the Ship's Cat collects none",
                   "sister": "the SIS-TER collects none"}.get(turns.turn_kind(state, member))
            if why:
                raise ActionError(f"crew_member: {member} has no Mission token to place: {why} "
                                  "(rulebook, Step 1: Collect Mission Tokens)", "crew_member")
        return checked


def next_step_by_hand(state: State) -> str | None:
    """The first open setup step ticked by hand (8 and 17 tick themselves)."""
    steps_open = _steps(state)
    return steps_open[0] if steps_open and steps_open[0] != ALL_STEPS else None


@dataclass(frozen=True)
class TickNext(Action):
    """The next setup step in the rulebook's order, with one key: the step it ticks is found
    when the table acts and kept with the event (so a replay ticks the same one)."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        step = next_step_by_hand(state)
        if step is None:
            raise ActionError("no setup step is left to tick by hand", "action")
        return {**super().validate(state, {}), "step": step}

    def describe(self, args: dict[str, Any]) -> str:
        return f"Setup step {args.get('step')} ticked"


def _tick_next(state: State, args: dict[str, Any], rng: Random) -> Notes:
    step = str(args["step"])
    said = dict(steps(state))
    notes = _tick(state, {"step": step}, rng)
    notes[0] = Note(f"setup step {step} done: {said[step]}", "setup")
    upcoming = next_step_by_hand(state)
    if upcoming is not None:
        notes.insert(1, Note(f"next: step {upcoming}: {said[upcoming]}", "setup"))
    return notes


def table_actions() -> tuple[Action, ...]:
    columns = Param("column", "choice", "Loadout column", choices=COLUMNS, labels=COLUMN_TITLES)
    return (
        Action("tick_setup", "Tick a setup "
                             "step", "Mark a setup step done (rulebook, Setup).", _tick,
               (Param("step", "choice", "which step", choices=_steps, labels=_step_titles),),
               topic="setup", enabled=lambda s: facts_of(s)["stage"] == "setup"),
        TickNext("tick_next_step", "Tick the next setup step", "The next setup step in the "
                 "rulebook's order is done (rulebook, Setup); 'Tick a setup step' takes any, "
                 "or all remaining.", _tick_next, key="n", short="Setup", moves_play=True,
                 topic="setup",
                 enabled=lambda s: facts_of(s)["stage"] == "setup" and bool(_steps(s))),
        Action("record_characters", "Record characters", "The 2 characters a crew member kept "
               "from the draft (rulebook, Setup step 8).", _draft,
               (member_param(), Param("first", "choice", "first character", choices=_pool),
                Param("second", "choice", "second character", choices=_pool)), topic="setup"),
        NextPhase("next_phase", "Next phase", "Crew Activity, Android, Lifeform Activity, then "
                  "the next round; an Android phase with nothing to do passes by itself "
                  "(rulebook, Starship Stage).",
                  lambda s, a, r: list(rounds.next_phase(s, bool(a.get(IDLE_PASSES)))), key="n",
               short="Phase", moves_play=True,
               topic="round", enabled=lambda s: facts_of(s)["stage"] == "starship"),
        DrawCards("draw_cards", "Draw cards", "Draw Crew or Lifeform cards; the hand limit is "
               "checked after the draw (rulebook, Gameplay Additional Rules).", _draw,
               _draw_params(), key="d",
               short="Draw",
               topic="round"),
        Action("discard_from_hand", "Discard cards", "Cards from a hand to its discard pile "
               "(rulebook, Gameplay Additional Rules).", _discard, _discard_params(),
               topic="round"),
        Action("lurk", "Lurk", "Lifeform activity below MAX HAND: discard up to Evolution, draw "
               "up to MAX HAND (rulebook, Lifeform Activity Phase).", lurk,
               (Param("discard", "choice", "cards discarded first (up to the Evolution number)",
                      choices=lurk_discards, optional=True, default="0"),),
               key="l", topic="cocoon",
               enabled=lambda s: playing(s) and facts_of(s)["phase"] == "lifeform"),
        Action("use_vent", "Use Vent", "The lifeform spends a Vent token (rulebook, Lifeform "
                                       "Activity Phase).", use_vent,
               topic="round", enabled=lambda s: moves.vents_held(s) > 0
               and (facts_of(s)["stage"] != "starship" or facts_of(s)["phase"] == "lifeform")),
        Action("use_heat_analyzer", "Use Heat Analyzer", "Draw 2; the lifeform draws 1 if an "
               "image is within 2 chambers (rulebook, Crew Activity Phase: Perform "
               "Activity).", use_heat_analyzer,
               (member_param(), Param("image_within_2", "bool", "is an image within 2 chambers "
                                      "of your characters?")), topic="self_destruct"),
        Action("take_mining_laser", "Take the Mining Laser", "The first character into "
               "Engineering: its crew member takes the card (rulebook, Crew Activity Phase: "
               "Perform Activity).", take_mining_laser,
               (member_param(),), topic="hostility"),
        PlaceMission("place_mission", "Put a Mission token on the Loadout", "A collected Mission "
               "token on a column's lowest empty space; bonuses (rulebook p. 46, Shuttle "
               "Loadout).", _place,
               (columns, member_param("who placed it")), key="m",
               short="Mission", topic="shuttle_loadout"),
        Action("remove_mission", "Take a Mission token off the Loadout", "The top token of a "
               "column back to the pool (rulebook p. 46, Shuttle Loadout).", _remove,
               (columns, Param("why", "str", "what removed it")), topic="shuttle_loadout"),
        Action("remora_energy_cell", "Use Remora Energy Cell", "Aboard: discard a card, an "
               "Energy Cells token goes; electrify or shut the bulkhead (rulebook, Crew Activity "
               "Phase: Perform Activity).",
               remora_energy_cell,
               (member_param(), Param("effect", "choice", "which", choices=(
                   "Electrify Deck Plating: images in the Shuttlebay and Docking Hub-1 move to "
                   "an adjacent chamber", "Shut Emergency Bulkhead Door: the Security Door on "
                   "the Docking Hub-1 exit until your next turn"))), topic="shuttle_loadout"),
        Action("mission_from_pool", "Mission token from the pool", "Mission-Maintenance and the "
               "like: a pool token goes to a chamber (rulebook, Components; rulebook p. 24, Crew "
               "Action Reference).", mission_from_pool,
               (Param("chamber", "str", "which chamber"),), topic="shuttle_loadout"),
        Action("token_moved", "Power Outage / Terror token", "A token placed from the supply or "
               "returned to it; none left: none placed (rulebook p. 48, Token Reference).",
               token_moved, (Param("token", "choice", "which token",
                              choices=("Power Outage", "Terror")),
                        Param("move", "choice", "placed or returned", choices=TOKEN_MOVES),
                        Param("why", "str", "what placed or returned it", optional=True,
                              default="")),
               topic="round", log_text=lambda a: f"{a['token']} token {a['move']}"),
        Action("meet_terror", "A character meets Terror", "Draw, resolve and discard the top "
               "Terror card (rulebook, Movement and "
               "Attack).", _terror, (character_param(),), topic="round"),
        Action("board_remora", "Board the Remora", "A character enters the Remora from the "
               "Shuttlebay (from the 20 mark; never leaves) (rulebook, Movement and "
               "Attack).", _board,
               (Param("character", "choice", "the character boarding",
                      choices=lambda s: [n for n, c in facts_of(s)["characters"].items()
                                         if c["where"] == characters.VALLEY_FORGE]),),
               key="o", short="To Remora", topic="launch",
               why_not=_remora_closed),
        Action("character_hidden", "Hidden or not", "Mark a character hidden or no longer "
               "hidden (rulebook, Movement and Attack).", _hidden,
               (character_param(), Param("hidden", "bool", "hidden now?")), topic="round"),
        Action("character_killed", "Character killed", "Hostility +2; Noisy (Panic Move) or "
               "Silent; Taking Control (rulebook p. 33, If a Character is Killed).", _killed,
               (replace(character_param(), suggested=secrets.attack_unsettled),
                Param("kill", "choice", "the lifeform declares",
                                         choices=("noisy", "silent"), optional=True,
                                         default="silent")),
               key="k", short="Killed", topic="character_death"),
        Action("take_control", "Take control of a character", "A crew member with no character "
               "takes one from someone with 2 (rulebook, Taking Control).", _control,
               (replace(member_param(), suggested=_waiting("pending_control")),
                character_param()), topic="character_death",
               enabled=lambda s: bool(facts_of(s)["pending_control"])),
        Action("take_role", "Take the Ship's Cat or SIS-TER", "With no character to take "
               "(rulebook, Taking Control).", _role,
               (replace(member_param(), suggested=_waiting("pending_role")),
                Param("role", "choice", "which role",
                                      choices=tuple(ROLE_NAMES.values()))),
               topic="ships_cat", enabled=lambda s: bool(facts_of(s)["pending_role"])),
        Action("play_role_card", "Play a Ship's Cat / SIS-TER card", "The card leaves the game "
               "(rulebook, Crew Activity Phase; rulebook, The Ship's Cat; rulebook, The Sis-ter "
               "Mainframe).", play_role_card,
               (Param("role", "choice", "whose card", choices=roles_with_cards),),
               topic="ships_cat", enabled=lambda s: bool(roles_with_cards(s))),
        Action("cat_aboard", "The Ship's Cat boards the Remora", "2P: throw away the cat cards "
               "to jump it aboard; 3P/4P: it moved in (rulebook, Crew Activity Phase; rulebook, "
               "The Ship's Cat).", cat_aboard,
               topic="ships_cat", enabled=lambda s: bool(facts_of(s)["ships_cat"]["in_play"])
               and not facts_of(s)["ships_cat"]["aboard"]),
        Action("lifeform_card_played", "Lifeform card played", "A Lifeform card played for an "
               "action the app does not track goes to the discard (rulebook, Lifeform Activity "
               "Phase).",
               lambda s, a, r: list(played_lifeform_card(s, "a Lifeform card")), topic="round"),
    )

