"""Every Lifeform action the table takes, in one list (``ACTIONS``).

Each action checks its arguments and calls the rule module named for what it does: decks
(cards and hands), tracks/moves (the trackers), loadout, characters, secrets (hidden
choices), endings (the launch), showdown and fight, module_d, asteroids, rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.lifeform import (
    asteroids,
    characters,
    decks,
    endings,
    loadout,
    module_d,
    moves,
    rounds,
    secrets,
    showdown,
    supplies,
    turns,
    upkeep,
)
from trackers.games.lifeform.board import COLUMNS, Board, board_of
from trackers.games.lifeform.characters import ROLE_NAMES, character_pool
from trackers.games.lifeform.loadout import NAMES
from trackers.games.lifeform.secrets import CREW_ONLY, LIFEFORM_ONLY, REACTIONS
from trackers.games.lifeform.setup import open_steps, steps
from trackers.games.lifeform.words import count
from trackers.pieces import Secret

Notes = list[Note | str]
ALL_STEPS = "all remaining"
WHO = ("crew member", "lifeform")


def _tick(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Tick a setup step (spec §2.2); when none is left, round 1 begins."""
    if state.facts["stage"] != "setup":
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
    state.facts["setup_ticked"].extend(ticked)
    notes: Notes = [Note(f"setup ticked: {', '.join(ticked) or 'none'}", "setup")]
    notes += [Note(f"step {step} is still open: {auto[step]}", "setup")
              for step in todo if step in auto]
    if not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _steps(state: State) -> list[str]:
    """The open steps ticked by hand, and "all remaining" (steps 8 and 17 tick themselves
    when their action is done, so they are not offered)."""
    todo = open_steps(state) if state.facts["stage"] == "setup" else []
    by_hand = [step for step in todo if step not in ("8", "17")]
    return [*by_hand, ALL_STEPS] if by_hand else []


def _step_titles(state: State) -> dict[str, str]:
    """Each setup step as the form shows it: number and what to do."""
    return {sid: f"{sid}. {text}"[:60] for sid, text in steps(state)}


COLUMN_TITLES = {c: c.replace("_", " ").capitalize() for c in COLUMNS}


def _draft(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(characters.record_draft(state, args["crew_member"], args["first"],
                                                args["second"]))
    if state.facts["stage"] == "setup" and not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _pool(state: State) -> list[str]:
    return list(character_pool(state.facts["modules"], state.facts.get("character_pool", "")))


def _owner(state: State, args: dict[str, Any]) -> str:
    if args["who"] == "lifeform":
        return str(state.facts["lifeform"])
    if args["crew_member"] is None:
        raise ActionError("crew_member: name the crew member", "crew_member")
    return str(args["crew_member"])


def _draw(state: State, args: dict[str, Any], rng: Random) -> Notes:
    deck = "lifeform" if args["who"] == "lifeform" else "crew"
    return list(decks.draw(state, deck, _owner(state, args), args["count"], profile(state)))


def _discard(state: State, args: dict[str, Any], rng: Random) -> Notes:
    deck = "lifeform" if args["who"] == "lifeform" else "crew"
    return list(decks.discard(state, deck, _owner(state, args), args["count"]))


def _lurk_discards(state: State) -> list[str]:
    """0 up to the Evolution number (and no more than the hand) (rulebook, Lurk). While the
    Evolution number is unset (the form asks for it) every count up to the hand is offered;
    Lurk checks the number once it is entered."""
    evolution = decks.cocoon_value(state, profile(state), "evolution")
    held = decks.hand_size(state, state.facts["lifeform"])
    return [str(n) for n in range(min(held if evolution is None else evolution, held) + 1)]


def _lurk(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Lurk: below MAX HAND; discard up to Evolution, then draw up to MAX HAND (spec §3.6)."""
    prof, lifeform = profile(state), state.facts["lifeform"]
    limit = decks.cocoon_value(state, prof, "max_hand")
    evolution = decks.cocoon_value(state, prof, "evolution")
    if limit is None or evolution is None:
        raise ActionError("Lurk needs the Cocoon MAX HAND and Evolution numbers from your "
                          "board (rulebook p. 45, Cocoon Track)", "discard")
    held = decks.hand_size(state, lifeform)
    if held >= limit:
        raise ActionError(f"Lurk is allowed only below MAX HAND ({held} held, limit {limit}) "
                          "(rulebook, Lifeform Activity Phase)", "discard")
    discard = int(args["discard"])
    if discard > min(evolution, held):
        raise ActionError(f"discard: 0 to {min(evolution, held)} (Evolution {evolution})",
                          "discard")
    notes: Notes = []
    if discard:
        notes += decks.discard(state, "lifeform", lifeform, discard)
    return notes + list(decks.draw(state, "lifeform", lifeform,
                                   limit - decks.hand_size(state, lifeform), prof))


def _vent(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if moves.vents_held(state) < 1:
        raise ActionError("the lifeform holds no Vent token", "action")
    state.facts["vents"]["used"] += 1
    return [Note("Use Vent: the Vent token leaves the game; the lifeform does a Vent action "
                 "(its effect is not in the rulebook text; the Strategic Summary hints that Vent "
                 "use "
                 "stops at some Self-Destruct space, which the table may settle) (rulebook, "
                 "Lifeform Activity Phase)", "round")]


def _heat(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Use Heat Analyzer: the token goes; draw 2; the lifeform draws 1 if an image is within
    2 chambers of the crew member's characters (spec §3.4)."""
    member, prof = args["crew_member"], profile(state)
    info = state.facts["members"][member]
    if moves.heat_analyzers_gone(state) or not info["heat_analyzer"]:
        raise ActionError(f"crew_member: {member} has no Heat Analyzer token (all leave at the "
                          "10 mark, rulebook p. 46, Self-Destruct Track)", "crew_member")
    info["heat_analyzer"] = False
    notes: Notes = list(decks.draw(state, "crew", member, 2, prof))
    if args["image_within_2"]:
        notes += decks.draw(state, "lifeform", state.facts["lifeform"], 1, prof)
    return notes


def _mining_laser(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The first character to enter Engineering: its crew member takes the card (spec §3.4)."""
    cards = state.facts["special_cards"]
    if cards["mining_laser"] != "on board":
        raise ActionError("the Mining Laser card was taken already", "crew_member")
    cards["mining_laser"] = args["crew_member"]
    return [Note(f"{args['crew_member']} takes the Mining Laser card (it counts toward the hand "
                 "limit) (rulebook, Crew Activity Phase: Perform Activity)", "hostility"),
            *decks.hand_check(state, args["crew_member"], profile(state))]


def _place(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(loadout.place(state, args["column"], args["crew_member"], profile(state)))


def _remove(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(loadout.remove_top(state, args["column"], args["why"]))


def _energy_cell(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Use Remora Energy Cell: discard a card, remove an Energy Cells token (G23; C12), then
    Electrify Deck Plating or Shut Emergency Bulkhead Door (spec §3.4)."""
    member = args["crew_member"]
    if not characters.surviving(state, member) or any(
            state.facts["characters"][n]["where"] != characters.REMORA
            for n in characters.surviving(state, member)):
        raise ActionError(f"crew_member: {member}'s surviving characters are not all aboard the "
                          "Remora (rulebook, Crew Activity Phase: the stricter of its two "
                          "readings)", "crew_member")
    notes: Notes = list(decks.discard(state, "crew", member, 1))
    notes += loadout.remove_top(state, "energy_cells", "Remora Energy Cell (read as an Energy "
                                "Cells token: the text does not say which)")
    if args["effect"].startswith("Shut Emergency Bulkhead Door"):
        state.facts["bulkhead_door"] = member  # it leaves at the start of their next turn
    return notes + [Note(f"{args['effect']} (rulebook, Crew Activity Phase: Perform "
                         "Activity)", "shuttle_loadout")]


def _from_pool(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if state.facts["mission_pool"] == 0:
        return [Note("the Mission pool is empty: nothing is placed (rulebook, "
                     "Components)", "round")]
    state.facts["mission_pool"] -= 1
    return [Note(f"a Mission token from the pool goes to {args['chamber']} (rulebook p. 24, Crew "
                 "Action Reference)", "round")]


TOKEN_MOVES = ("placed on the board", "back to the supply")


def _token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Power Outage or Terror token placed or returned by a rule the app does not track
    (setup placements are counted already) (rulebook p. 48, Token Reference)."""
    token = "power_outage" if args["token"] == "Power Outage" else "terror"
    why = args["why"] or "by the table"
    if args["move"] == TOKEN_MOVES[0]:
        return list(supplies.place(state, token, why))
    return list(supplies.give_back(state, token, why))


def _terror(state: State, args: dict[str, Any], rng: Random) -> Notes:
    characters.need(state, args["character"])
    return list(decks.draw_terror(state))


def _board(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.board_remora(state, args["character"]))


def _hidden(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.set_hidden(state, args["character"], args["hidden"]))


def _killed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if state.facts["stage"] == "showdown":
        from trackers.games.lifeform.showdown import kill_in_showdown

        return list(kill_in_showdown(state, args["character"]))
    return list(characters.kill(state, args["character"], args["kill"] == "noisy",
                                profile(state)))


def _control(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.take_control(state, args["crew_member"], args["character"]))


def _role(state: State, args: dict[str, Any], rng: Random) -> Notes:
    role = next(k for k, v in ROLE_NAMES.items() if v == args["role"])
    return list(characters.take_role(state, args["crew_member"], role))


def _role_card(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Ship's Cat or SIS-TER card is played and leaves the game (spec §3.3, §8.4, §8.5)."""
    key = "ships_cat" if args["role"] == ROLE_NAMES["ships_cat"] else "sister"
    info = state.facts[key]
    if info.get("controller"):
        turns.role_card(state, str(info["controller"]))
    if info["cards"] < 1:
        raise ActionError(f"role: no card of {args['role']} is left", "role")
    info["cards"] -= 1
    notes: Notes = [Note(f"a card of {args['role']} is played and leaves the game; "
                         f"{info['cards']} left", "ships_cat")]
    if key == "ships_cat" and state.facts["players"] == 2 and info["cards"] == 0:
        info["aboard"] = True
        notes.append(Note("the last cat card is played: put the cat on the Remora (rulebook, Crew "
                          "Activity Phase)",
                          "ships_cat"))
    return notes


def _roles_with_cards(state: State) -> list[str]:
    """The roles in play with a card left: in 3P/4P only once a crew member has taken one."""
    return [name for key, name in ROLE_NAMES.items() if state.facts[key]["cards"] > 0]


def _cat_aboard(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """2P: throw away every cat card to jump the cat aboard; 3P/4P: the cat moved in (§3.3)."""
    cat = state.facts["ships_cat"]
    if not cat["in_play"] or cat["aboard"]:
        raise ActionError("the Ship's Cat is not in play on the Valley Forge", "action")
    cat["aboard"] = True
    if state.facts["players"] == 2:
        cat["cards"] = 0
        return [Note("every remaining cat card leaves the game; the cat is aboard the Remora and "
                     "does nothing more until the Showdown (rulebook, Crew Activity "
                     "Phase)", "ships_cat")]
    return [Note("the Ship's Cat is aboard the Remora (rulebook, The Ship's Cat)", "ships_cat")]


def _who() -> tuple[Param, Param]:
    return (Param("who", "choice", "whose hand", choices=WHO),
            Param("crew_member", "choice", "the crew member (for a crew hand)", choices=crew,
                  optional=True))


def _table_actions() -> tuple[Action, ...]:
    columns = Param("column", "choice", "Loadout column", choices=COLUMNS, labels=COLUMN_TITLES)
    return (
        Action("tick_setup", "Tick a setup "
                             "step", "Mark a setup step done (rulebook, Setup).", _tick,
               (Param("step", "choice", "which step", choices=_steps, labels=_step_titles),),
               topic="setup", enabled=lambda s: s.facts["stage"] == "setup"),
        Action("record_characters", "Record characters", "The 2 characters a crew member kept "
               "from the draft (rulebook, Setup step 8).", _draft,
               (member_param(), Param("first", "choice", "first character", choices=_pool),
                Param("second", "choice", "second character", choices=_pool)), topic="setup"),
        Action("next_phase", "Next phase", "Crew Activity, Android, Lifeform Activity, then the "
               "next round (rulebook, Starship "
               "Stage).", lambda s, a, r: list(rounds.next_phase(s)), key="n",
               short="Phase",
               topic="round", enabled=lambda s: s.facts["stage"] == "starship"),
        Action("draw_cards", "Draw cards", "Draw Crew or Lifeform cards; the hand limit is "
               "checked after the draw (rulebook, Gameplay Additional Rules).", _draw,
               (*_who(), Param("count", "int", "how many", minimum=1, maximum=20)), key="d",
               short="Draw",
               topic="round"),
        Action("discard_from_hand", "Discard cards", "Cards from a hand to its discard pile "
               "(rulebook, Gameplay Additional Rules).", _discard,
               (*_who(), Param("count", "int", "how many", minimum=1, maximum=20)),
               topic="round"),
        Action("lurk", "Lurk", "Lifeform activity below MAX HAND: discard up to Evolution, draw "
               "up to MAX HAND (rulebook, Lifeform Activity Phase).", _lurk,
               (Param("discard", "choice", "cards discarded first (up to the Evolution number)",
                      choices=_lurk_discards, optional=True, default="0"),),
               topic="cocoon", enabled=lambda s: _playing(s) and s.facts["phase"] == "lifeform"),
        Action("use_vent", "Use Vent", "The lifeform spends a Vent token (rulebook, Lifeform "
                                       "Activity Phase).", _vent,
               topic="round", enabled=lambda s: moves.vents_held(s) > 0
               and (s.facts["stage"] != "starship" or s.facts["phase"] == "lifeform")),
        Action("use_heat_analyzer", "Use Heat Analyzer", "Draw 2; the lifeform draws 1 if an "
               "image is within 2 chambers (rulebook, Crew Activity Phase: Perform "
               "Activity).", _heat,
               (member_param(), Param("image_within_2", "bool", "is an image within 2 chambers "
                                      "of your characters?")), topic="self_destruct"),
        Action("take_mining_laser", "Take the Mining Laser", "The first character into "
               "Engineering: its crew member takes the card (rulebook, Crew Activity Phase: "
               "Perform Activity).", _mining_laser,
               (member_param(),), topic="hostility"),
        Action("place_mission", "Put a Mission token on the Loadout", "A collected Mission "
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
               _energy_cell,
               (member_param(), Param("effect", "choice", "which", choices=(
                   "Electrify Deck Plating: images in the Shuttlebay and Docking Hub-1 move to "
                   "an adjacent chamber", "Shut Emergency Bulkhead Door: the Security Door on "
                   "the Docking Hub-1 exit until your next turn"))), topic="shuttle_loadout"),
        Action("mission_from_pool", "Mission token from the pool", "Mission-Maintenance and the "
               "like: a pool token goes to a chamber (rulebook, Components; rulebook p. 24, Crew "
               "Action Reference).", _from_pool,
               (Param("chamber", "str", "which chamber"),), topic="shuttle_loadout"),
        Action("token_moved", "Power Outage / Terror token", "A token placed from the supply or "
               "returned to it; none left: none placed (rulebook p. 48, Token Reference).",
               _token, (Param("token", "choice", "which token",
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
                      choices=lambda s: [n for n, c in s.facts["characters"].items()
                                         if c["where"] == characters.VALLEY_FORGE]),),
               key="o", short="To Remora", topic="launch",
               enabled=characters.remora_open),  # from Self-Destruct 20 (rulebook p. 46)
        Action("character_hidden", "Hidden or not", "Mark a character hidden or no longer "
               "hidden (rulebook, Movement and Attack).", _hidden,
               (character_param(), Param("hidden", "bool", "hidden now?")), topic="round"),
        Action("character_killed", "Character killed", "Hostility +2; Noisy (Panic Move) or "
               "Silent; Taking Control (rulebook p. 33, If a Character is Killed).", _killed,
               (character_param(), Param("kill", "choice", "the lifeform declares",
                                         choices=("noisy", "silent"), optional=True,
                                         default="silent")),
               key="k", short="Killed", topic="character_death"),
        Action("take_control", "Take control of a character", "A crew member with no character "
               "takes one from someone with 2 (rulebook, Taking Control).", _control,
               (member_param(), character_param()), topic="character_death",
               enabled=lambda s: bool(s.facts["pending_control"])),
        Action("take_role", "Take the Ship's Cat or SIS-TER", "With no character to take "
               "(rulebook, Taking Control).", _role,
               (member_param(), Param("role", "choice", "which role",
                                      choices=tuple(ROLE_NAMES.values()))),
               topic="ships_cat", enabled=lambda s: bool(s.facts["pending_role"])),
        Action("play_role_card", "Play a Ship's Cat / SIS-TER card", "The card leaves the game "
               "(rulebook, Crew Activity Phase; rulebook, The Ship's Cat; rulebook, The Sis-ter "
               "Mainframe).", _role_card,
               (Param("role", "choice", "whose card", choices=_roles_with_cards),),
               topic="ships_cat", enabled=lambda s: bool(_roles_with_cards(s))),
        Action("cat_aboard", "The Ship's Cat boards the Remora", "2P: throw away the cat cards "
               "to jump it aboard; 3P/4P: it moved in (rulebook, Crew Activity Phase; rulebook, "
               "The Ship's Cat).", _cat_aboard,
               topic="ships_cat", enabled=lambda s: bool(s.facts["ships_cat"]["in_play"])
               and not s.facts["ships_cat"]["aboard"]),
        Action("lifeform_card_played", "Lifeform card played", "A Lifeform card played for an "
               "action the app does not track goes to the discard (rulebook, Lifeform Activity "
               "Phase).",
               lambda s, a, r: list(played_lifeform_card(s, "a Lifeform card")), topic="round"),
    )

EQUIP = ("draw 2, Self-Destruct +1", "draw 3, Self-Destruct +2")  # spec §3.4


def _advance_sd(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(moves.advance_sd(state, args["spaces"], profile(state), rng))


def _equip(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Equip: draw 2 and SD +1, or draw 3 and SD +2; then the hand limit (spec §3.4, T5)."""
    count = 2 if args["option"] == EQUIP[0] else 3
    prof = profile(state)
    notes: Notes = list(decks.draw(state, "crew", args["crew_member"], count, prof))
    return notes + list(moves.advance_sd(state, count - 1, prof, rng))


def _hostile(cause: str, what: str) -> Any:
    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
        if cause == "flamethrower":
            notes.append(Note(f"{what} (rulebook p. 24, Crew Action Reference)", "hostility"))
        return notes + list(moves.add_hostility(state, cause, profile(state)))
    return apply


def _flamethrower_cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Reset Cocoon; the lifeform cuts its hand; with 3 images a ghost goes; Hostility +1;
    the Cocoon Chamber token returns (C6: the table's reading) (spec §3.8)."""
    prof = profile(state)
    notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
    notes += moves.reset_cocoon(state, prof)
    images = state.facts["images"]
    if len(images["on_board"]) == 3:
        ghost = args["ghost_removed"]
        if ghost not in images["on_board"]:
            raise ActionError("ghost_removed: with 3 images on the board the lifeform removes one "
                              f"sensor ghost; give one of {', '.join(images['on_board'])}",
                              "ghost_removed")
        if secrets.is_real(state, ghost):
            raise ActionError(f"ghost_removed: {ghost} is the real lifeform; the lifeform removes "
                              "a sensor ghost (rulebook p. 24, Crew Action Reference)",
                              "ghost_removed")
        images["on_board"].remove(ghost)
        images["aside"].append(ghost)
        notes.append(Note(f"the lifeform removes {ghost}, a sensor ghost, from the board",
                          "cocoon"))
    notes.append(Note("if the chamber holds the Cocoon Chamber token, it goes (to the pool or "
                      "out of the game: the rulebook says both)", "cocoon"))
    return notes + list(moves.add_hostility(state, "flamethrower_cocoon", prof))


ANDROID_CAUSES = ("Flamethrower-Android", "Shock-Prod action (only if your table reads the "
                  "Android Phase hint that way)")


def _flamethrower_android(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Android Status +1: Flamethrower-Android, or a Shock-Prod action under C14 (spec §4.5)."""
    notes: Notes = [Note(f"{args['via']} (rulebook p. 24, Crew Action Reference; rulebook, "
                         "Android Status Track)", "android_status")]
    notes += moves.advance_android(state, profile(state))
    return list(played_crew_card(state, args["crew_member"], args["card"])) + notes


def _android_destroyed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(moves.destroy_android(state, profile(state), args["why"]))


def _shoot_mining_laser(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Shoot the Mining Laser (spec §3.4): an image moves and the lifeform discards its whole
    hand (no reveal), or the android is destroyed; a Power Outage; Hostility +1; card removed."""
    member, prof = args["crew_member"], profile(state)
    cards = state.facts["special_cards"]
    if cards["mining_laser"] != member:
        raise ActionError(f"crew_member: {member} does not hold the Mining Laser card",
                          "crew_member")
    cards["mining_laser"] = "removed"
    notes: Notes = []
    if args["target"] == "android":
        notes += moves.destroy_android(state, prof, "shot by the Mining Laser")
    else:
        lifeform = state.facts["lifeform"]
        held = decks.deck(state, "lifeform").hands.get(lifeform, 0)
        if held:
            notes += decks.discard(state, "lifeform", lifeform, held)
        notes.append(Note("move the image to a chamber next to its own (not the shooter's); the "
                          "lifeform does not say whether it was real (rulebook, Crew Activity "
                          "Phase: Perform Activity)", "hostility"))
    notes += supplies.place(state, "power_outage", "Mining Laser: in the target's chamber, never "
                            "the Shuttlebay")
    notes.append(Note("put the Power Outage token in the target's chamber (never the Shuttlebay); "
                      "the Mining Laser card leaves the game (rulebook, Crew Activity Phase: "
                      "Perform Activity)", "hostility"))
    return notes + list(moves.add_hostility(state, "mining_laser", prof))


def _cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_cocoon(state, profile(state)))


def _malfunction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + list(moves.advance_malfunction(state, profile(state), rng))


def _pathway_deviation(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Once a game, from the 10 mark: the lifeform steers the android (spec §3.9)."""
    android = state.facts["android"]
    if not moves.heat_analyzers_gone(state):
        raise ActionError("Android Pathway Deviation is allowed only once Self-Destruct has "
                          "reached 10 (rulebook p. 26, Lifeform Action Reference)", "action")
    if android["deviation_used"]:
        raise ActionError("Android Pathway Deviation was used already (once a game)", "action")
    android["deviation_used"] = True
    android["off_path"] = True  # its bonus move leaves the A.I. Path; the lifeform steers
    notes: Notes = list(played_lifeform_card(state, args["card"]))
    return notes + [Note(
        "Android Pathway Deviation: the android makes 1 bonus move off the A.I. Path now; from "
        "now on the lifeform steers it every Android phase (rulebook, Android Phase; rulebook p. "
        "26, Lifeform Action Reference)", "android_status")]


def _android_in_remora(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The android enters the Remora: tokens off the Loadout, then Destroyed (spec §3.5)."""
    prof = profile(state)
    number = moves.removal_number(state, prof)
    if number is None:
        number = args["printed"]
        if number is None:
            raise ActionError("printed: " + prof.unknown("android_status.removals") + "; or give "
                              "the number printed on the tracker's space", "printed")
    take = {c: args[c] or 0 for c in COLUMNS}
    notes: Notes = [Note(f"the android enters the Remora: the lifeform removes {number} Mission "
                         "token(s), the top of a column first (rulebook, Android Phase step 5)",
                         "android_status")]
    notes += loadout.android_removal(state, take, number)
    return notes + list(moves.destroy_android(state, prof, "it entered the Remora"))


def _track_actions() -> tuple[Action, ...]:
    card = crew_card_param()
    lf_card = lifeform_card_param()
    return (
        Action("advance_self_destruct", "Advance Self-Destruct",
               "Move the Self-Destruct tracker on by a number of spaces (rulebook p. 46, "
               "Self-Destruct Track).",
               _advance_sd, (Param("spaces", "int", "spaces toward Explosion", minimum=1,
                                   maximum=30),), key="j",
                                   short="Adv. SD", topic="self_destruct"),
        Action("equip", "Equip", "Crew activity: draw 2 and Self-Destruct +1, or draw 3 and "
               "Self-Destruct +2 (rulebook, Crew Activity Phase: Perform Activity).", _equip,
               (member_param(), Param("option", "choice", "which Equip", choices=EQUIP)),
               key="e", short="Equip", topic="self_destruct"),
        Action("flamethrower", "Flamethrower", "A crew member fires at an image 1-2 chambers "
               "away; Hostility +1 (rulebook p. 24, Crew Action Reference).",
               _hostile("flamethrower", "the crew moves the image twice (not through characters, "
                        "the cat, other images or the Security Door)"),
               (member_param(), card), key="f", short="Flamer", topic="hostility"),
        Action("flamethrower_cocoon", "Flamethrower-Cocoon", "Burn a cocoon chamber: Cocoon back "
               "to Start, Hostility +1 (rulebook p. 24, Crew Action "
               "Reference).", _flamethrower_cocoon,
               (member_param(), card, Param("ghost_removed", "choice", "with 3 images: the "
                                            "sensor ghost the lifeform removes",
                                            choices=lambda s: s.facts["images"]["on_board"],
                                            optional=True)), topic="cocoon"),
        Action("flamethrower_android", "Flamethrower-Android", "Android Status +1 "
               "(rulebook p. 24, Crew Action Reference; rulebook, Android Status Track; a "
               "Shock-Prod action only under).", _flamethrower_android,
               (member_param(), card, Param("via", "choice", "what advanced it",
                                            choices=ANDROID_CAUSES, optional=True,
                                            default=ANDROID_CAUSES[0])),
               topic="android_status"),
        Action("android_destroyed", "Android destroyed", "Mark the android destroyed by hand "
               "(e.g. the tracker reached Destroyed) (rulebook, Android Status "
               "Track).", _android_destroyed,
               (Param("why", "str", "what destroyed it"),), topic="android_status",
               enabled=lambda s: not s.facts["android"]["destroyed"]),
        Action("shoot_mining_laser", "Shoot the Mining Laser", "At an adjacent image or the "
               "android; Hostility +1; the card leaves the game (rulebook, Crew Activity Phase: "
               "Perform Activity).",
               _shoot_mining_laser,
               (member_param(), Param("target", "choice", "what is shot",
                                      choices=("lifeform image", "android"))), topic="hostility"),
        Action("cocoon_advance", "Lifeform Cocoon action", "Cocoon +1 with an image in a "
               "cocoon chamber (rulebook p. 26, Lifeform Action Reference; rulebook p. 45, Cocoon "
               "Track).", _cocoon, (lf_card,),
               topic="cocoon", enabled=_playing),
        Action("malfunction_advance", "Lifeform Malfunction action", "Malfunction +1 and its "
               "space's task (rulebook p. 26, Lifeform Action Reference; rulebook, Malfunction "
               "Track).", _malfunction, (lf_card,), short="Malfunc.",
               topic="malfunction", enabled=_playing),
        Action("pathway_deviation", "Android Pathway Deviation", "Once a game from the 10 mark: "
               "the lifeform steers the android (rulebook p. 26, Lifeform Action "
               "Reference).", _pathway_deviation, (lf_card,),
               topic="android_status",
               enabled=lambda s: not s.facts["android"]["deviation_used"]),
        Action("android_enters_remora", "Android enters the Remora", "The lifeform removes "
               "Loadout tokens (top first, any columns); the android is destroyed (rulebook, "
               "Android Phase).",
               _android_in_remora,
               tuple(Param(c, "int", f"tokens taken from {NAMES[c]}", minimum=0, maximum=20,
                           optional=True, default=0) for c in COLUMNS)
               + (Param("printed", "int", "the number on the Android Status space (if unset)",
                        minimum=0, maximum=30,
                        optional=True),),
               topic="android_status", enabled=lambda s: not s.facts["android"]["destroyed"]),
        Action("hostility_other", "Hostility, other cause", "Advance Hostility for a cause "
               "a card names (rulebook, Play a Crew Card; card text wins).", _hostility_other,
               (Param("spaces", "int", "spaces to advance", minimum=1, maximum=10),
                Param("why", "str", "the cause")), topic="hostility"),
    )


def _hostility_other(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(moves.add_hostility(state, "other", profile(state), args["spaces"],
                                            args["why"]))
    return notes



def _images(state: State) -> list[str]:
    return list(state.facts["images"]["on_board"])


def _calibrate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(secrets.calibrate(state, args["image"], rng))
    # Setup step 17 ticks itself: when it is the last step open, round 1 begins (as the
    # last 'Record characters' does), since no step is left to tick by hand.
    if state.facts["stage"] == "setup" and not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _meet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.meet_image(state, args["image"], args["character"], profile(state), rng))


def _attack(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """An Attack action (a Lifeform card) or an attack that follows a move, such as a Force
    Move whose card is already counted (rulebook, Attack)."""
    notes: Notes = list(secrets.attack(state, args["character"]))
    return list(played_lifeform_card(state, args["card"])) + notes


def _playing(state: State) -> bool:
    """The lifeform's actions begin with the Starship stage, not during the setup."""
    return bool(state.facts["stage"] == "starship")


def _attackable(state: State) -> list[str]:
    """Characters an attack can reach: not hidden, on the Valley Forge (rulebook, Attack)."""
    return [n for n, c in state.facts["characters"].items()
            if c["where"] == characters.VALLEY_FORGE and not c["hidden"]]


def _reaction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    reaction = next(k for k, v in REACTIONS.items() if v == args["reaction"])
    return list(secrets.crew_reaction(state, args["crew_member"], reaction, args["cancelled"],
                                   args["character"], profile(state)))


def _stowaway(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.choose_stowaway(state, args["card"], rng))


def _stowaway_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """How the lifeform collects the +/- token is not in the text (G11): the table marks it."""
    state.facts["stowaway_token"] = args["held"]
    if args["held"]:
        return [Note("the lifeform holds the +/- Stowaway token: in Ending B it may count the "
                     "launch minute as 1 more or 1 less; then the token leaves the game "
                     "(rulebook, Endings; how it is collected is not in the text)", "stowaway")]
    return [Note("the lifeform does not hold the +/- Stowaway token", "stowaway")]


def _record_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.record_objective(state, args["slot"], args["title"], rng))


def _complete_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.complete_objective(state, args["slot"], rng))


def _open_slots(state: State) -> list[str]:
    return [s for s in secrets.objective_slots(state) if s not in state.facts["objectives"]["done"]]


def _stowaway_labels(state: State) -> dict[str, str]:
    """Each card as the table knows it: its range of minutes (rulebook, Stowaway Cards)."""
    board = profile(state)
    out = {}
    for card, key in endings.STOWAWAY_RANGE_KEYS.items():
        span = board.span(key)
        minutes = f"{span[0]}-{span[1]} minutes" if span else "range not entered yet"
        out[str(card)] = (f"{card} card" if card != endings.StowawayCard.ONE_TWO_MINUTE
                          else "1-2 Minute card") + ("" if card == endings.StowawayCard
                                                     .ONE_TWO_MINUTE else f" ({minutes})")
    return out


def _stowaway_open(state: State) -> bool:
    return not state.piece("stowaway", Secret).is_set


def _secret_actions() -> tuple[Action, ...]:
    return (
        Action("reality_calibration", "Reality Calibration", "The lifeform secretly picks which "
               "image on the Valley Forge is real; everyone sees a new code (rulebook p. 10, "
               "Reality Calibration).",
               _calibrate, (Param("image", "choice", "the real lifeform", choices=_images,
                                  secret=True),),
               key="z", short="Calibrate", topic="reality_calibration", private_to=LIFEFORM_ONLY),
        Action("meet_image", "A character meets an image", "A character moved into an image's "
               "chamber: the lifeform shows which image is real (rulebook, Movement and "
               "Attack).", _meet,
               (Param("image", "choice", "the image met", choices=_images),
                character_param("the character who moved in")),
               key="i", short="Meet img", topic="reality_calibration"),
        Action("attack", "Lifeform attack", "The real lifeform attacks the chamber next to it: "
               "the identifier is shown, then the attack steps (rulebook, Movement and "
               "Attack).", _attack,
               (Param("character", "choice", "a character in the attacked chamber",
                      choices=_attackable), lifeform_card_param()), key="a", short="Attack",
               log_text=lambda a: f"Lifeform attack on {a['character']}'s chamber",
               topic="reality_calibration"),
        Action("crew_reaction", "Crew reaction", "Hide, Run! or Shock-Prod; not cancelled: "
               "Hostility +1; one per crew member per Lifeform phase (rulebook, Movement and "
               "Attack).", _reaction,
               (member_param("the crew member reacting"),
                Param("reaction", "choice", "which reaction", choices=tuple(REACTIONS.values())),
                Param("cancelled", "bool", "did the lifeform cancel it?", optional=True,
                      default=False),
                Param("character", "choice", "the character hiding or running",
                      choices=lambda s: [n for n, c in s.facts["characters"].items()
                                         if c["where"] != "dead"], optional=True)),
               key="y", short="Reaction", topic="hostility"),
        Action("choose_stowaway", "Choose the Stowaway card", "At the 20 mark the lifeform "
               "secretly picks 1 of the 3 cards; it is never chosen again (rulebook p. 46, "
               "Self-Destruct Track; rulebook, Gameplay Additional Rules).",
               _stowaway, (Param("card", "choice", "the Stowaway card",
                                 choices=secrets.STOWAWAY_CARDS, secret=True,
                                 labels=_stowaway_labels),),
               topic="stowaway", private_to=LIFEFORM_ONLY, enabled=_stowaway_open),
        Action("stowaway_token", "+/- Stowaway token", "Mark whether the lifeform holds the "
               "+/- Stowaway token (how it is gained is not in the text) (rulebook, "
               "Endings).", _stowaway_token,
               (Param("held", "bool", "does the lifeform hold it?"),), topic="stowaway"),
        Action("record_objective", "Note a Secret Objective", "The crew notes a drawn card's "
               "title, hidden from the lifeform (optional) (rulebook, Gameplay Additional "
               "Rules).", _record_objective,
               (Param("slot", "choice", "which card", choices=_open_slots),
                Param("title", "str", "the card's title", secret=True)),
               topic="setup", private_to=CREW_ONLY),
        Action("complete_objective", "Secret Objective completed", "Show the card to the "
               "lifeform and remove it; all must go before launch (rulebook, Gameplay Additional "
               "Rules; rulebook p. 35, Launch the Remora Sequence).",
               _complete_objective, (Param("slot", "choice", "which card", choices=_open_slots),),
               topic="launch"),
    )

JUMPED = ("check them", "leave them unchecked")


def _launch(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.launch(state, profile(state), args["confirm_unknown"]))


def _reading(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.choose_reading(state, args["reading"], profile(state)))


def _declare(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(endings.declare_lifeform_win(state, args["reason"]))


def _hibernate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown.hibernate(state, args["keep"], profile(state)))


def _fight_check(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown.fight_check(state, args, profile(state)))


def _fight_result(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(showdown.fight_result(state, args))


def _jumped(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(asteroids.resolve_jumped(state, args["decision"] == JUMPED[0], rng))


def _hide(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(module_d.choose_hiding_place(state, args["location"], rng))


def _bet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(module_d.place_bet(state, args["location"], profile(state)))


def _hunt(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(module_d.hunt_step(state, args["step"], args["location"], profile(state)))


def _stage(*stages: str) -> Any:
    return lambda state: state.facts["stage"] in stages


def _module(letter: str) -> Any:
    return lambda state: letter in state.facts["modules"] and state.facts["stage"] == "showdown"


def _targets(state: State) -> list[str]:
    """Who the lifeform may target now: a surviving crew member other than the last fight's
    target, unless only one is left (rulebook, Fight Sequence step 1)."""
    show = state.facts["showdown"]
    if not show:
        return []
    return list(showdown.legal_targets(showdown.surviving_crew(state), show["previous_target"]))


def _end_actions() -> tuple[Action, ...]:
    icons = "icons, e.g. 'red claw, green eye'"  # fits one line of the form at 80 columns
    return (
        Action("launch", "Launch the Remora", "Every criterion met and every crew member "
               "agrees: launch, and the app decides Ending A, B or C (rulebook p. 35, Launch the "
               "Remora Sequence; rulebook, Endings).", _launch,
               (Param("confirm_unknown", "bool", "the table checked what the app cannot (unset "
                      "values)", optional=True, default=False),),
               key="g", short="Launch", topic="endings", enabled=_stage("starship", "setup")),
        Action("choose_ending_reading", "Choose the ending reading", "Where the texts disagree "
               "(Last Man Aboard before 9), the table picks a reading; or settle Ending B once "
               "the Stowaway ranges "
               "are entered (rulebook, Endings).", _reading,
               (Param("reading", "choice", "which reading", choices=endings.reading_labels,
                      optional=True),), topic="endings", enabled=_stage("launched")),
        Action("declare_lifeform_win", "The lifeform wins", "A win the app cannot see, e.g. "
               "everyone aboard and the launch criteria can no longer be met (rulebook, Gameplay "
               "Overview).",
               _declare, (Param("reason", "str", "why"),), topic="endings",
               enabled=_stage("setup", "starship", "launched")),
        Action("ending_c_refill", "Ending C refill", "Ending C: the lifeform discards up to its "
               "Evolution number, then draws up to its max hand size (rulebook, Ending C).",
               lambda s, a, r: showdown.ending_c_refill(s, int(a["discard"]), profile(s)),
               (Param("discard", "choice", "Lifeform cards discarded first (up to the "
                      "Evolution number)", choices=lambda s: showdown.refill_choices(
                          s, profile(s)), optional=True, default="0"),),
               topic="endings", needs=_cocoon_needs,
               enabled=lambda s: bool((s.facts.get("showdown") or {}).get("refill_due"))),
        Action("hibernation", "Hibernation", "The six hibernation steps the app can count: "
               "kills, crew pool, the lifeform's draw and Hostility tokens (rulebook p. 38, "
               "Showdown Stage).",
               _hibernate,
               (Param("keep", "choice", "hibernation step 4 (the rule and its example disagree)",
                      choices=showdown.KEEP_READINGS),),
               topic="hibernation", enabled=lambda s: _stage("showdown")(s)
               and not s.facts["showdown"].get("refill_due")),
        Action("fight_check", "Check a fight", "Can the target match every fight icon? Shows "
               "one way (rulebook, Fight Sequence). Icons are separated by commas; the "
               "target's cards by ';', a card's icons by '+': 'green eye + red claw; harpoon "
               "gun'. 'none' for no tokens.", _fight_check,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("fight_icons", "str", f"the lifeform card's {icons}"),
                Param("hostility_tokens", "int", "Hostility tokens added (red claws)",
                      minimum=0, maximum=10, optional=True, default=0),
                Param("stowaway_card", "bool", "the 1-2 Minute card added?", optional=True,
                      default=False),
                Param("cards", "str", "the target's cards, e.g. 'green eye + red claw; harpoon "
                      "gun'", optional=True,
                      default=""),
                Param("harpoon_tokens", "int", "the target's Harpoon tokens", minimum=0,
                      maximum=2, optional=True, default=0),
                Param("data_tokens", "str", f"the target's Data token {icons}",
                      optional=True, default=""),
                Param("sister_data_tokens", "str", "the SIS-TER player's Data token icons",
                      optional=True, default=""),
                Param("ships_cat", "bool", "the Ship's Cat may match for this fight?",
                      optional=True, default=False),
                Param("surplus_character", "choice", "a 2nd character matches 1 icon? (example "
                      "only)", choices=("yes", "no", "not settled"), optional=True,
                      default="not settled")),
               topic="fight", enabled=_stage("showdown")),
        Action("fight_result", "Fight result", "Record a fight: matched, eliminated or "
               "cancelled (rulebook, Fight Sequence); the app says who wins (rulebook, Fight "
               "Sequence).", _fight_result,
               (Param("target", "choice", "the targeted crew member", choices=_targets),
                Param("result", "choice", "what happened", choices=showdown.RESULTS),
                Param("hostility_tokens", "int", "Hostility tokens the lifeform added",
                      minimum=0, maximum=10, optional=True, default=0),
                Param("stowaway_card", "bool", "the 1-2 Minute card added?", optional=True,
                      default=False),
                Param("crew_cards_used", "int", "Crew cards the target played", minimum=0,
                      maximum=10, optional=True, default=0)),
               topic="showdown", enabled=_stage("showdown")),
        Action("asteroids_jumped", "Asteroid tokens jumped over", "Module B: the table decides "
               "whether tokens the tracker jumped over are checked (Thirteenth Passenger, Module "
               "B).",
               _jumped, (Param("decision", "choice", "check or not", choices=JUMPED),),
               topic="module_b",
               enabled=lambda s: bool(s.facts.get("asteroids", {}).get("held"))),
        Action("hide_in_remora", "Module D: choose the hiding place", "The lifeform secretly "
               "keeps 1 location card (Thirteenth Passenger, Module D step 1).", _hide,
               (Param("location", "choice", "the hiding place", choices=module_d.LOCATIONS,
                      secret=True),),
               topic="module_d", private_to=LIFEFORM_ONLY, enabled=_module("D")),
        Action("hunt_bet", "Module D: Hostility token bet", "The lifeform puts 2 Hostility "
               "tokens openly on a location, not Engineering (Thirteenth Passenger, Module D step "
               "2).", _bet,
               (Param("location", "choice", "where the tokens go",
                      choices=module_d.LOCATIONS[:-1]),), topic="module_d",
               enabled=_module("D")),
        Action("hunt_step", "Module D: next hunt action", "Search, Halon search or lifeform "
               "reveal, as the Remora board's strip says (Thirteenth Passenger, Module D).", _hunt,
               (Param("step", "choice", "the action", choices=module_d.STEPS),
                Param("location", "choice", "the location", choices=module_d.LOCATIONS,
                      optional=True)), topic="module_d", enabled=_module("D")),
    )

CREW_CARD = ("a Crew card", "the Flamethrower card", "already counted")
LIFEFORM_CARD = ("a Lifeform card", "already counted")


def profile(state: State) -> Board:
    return board_of(state.board)


def crew(state: State) -> list[str]:
    return list(state.facts["crew"])


def alive(state: State) -> list[str]:
    return characters.surviving(state)


def member_param(help_text: str = "which crew member") -> Param:
    return Param("crew_member", "choice", help_text, choices=crew)


def character_param(help_text: str = "which character") -> Param:
    return Param("character", "choice", help_text, choices=alive)


def crew_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=CREW_CARD, optional=True, default=CREW_CARD[0])


def _lifeform_cards(state: State) -> list[str]:
    """Outside its Lifeform Activity phase the lifeform plays no card as its activity: only
    an action already counted (an attack on a character who walked in) is offered."""
    if state.facts["stage"] == "starship" and state.facts["phase"] != "lifeform":
        return [LIFEFORM_CARD[1]]
    return list(LIFEFORM_CARD)


def lifeform_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=_lifeform_cards, optional=True, default=LIFEFORM_CARD[0])


def played_crew_card(state: State, member: str, card: str) -> list[Note]:
    """A played card goes to the Crew discard; the Flamethrower card leaves the game (§3.7, §7)."""
    if card == CREW_CARD[0]:
        return decks.discard(state, "crew", member, 1)
    if card == CREW_CARD[1]:
        from trackers.engine import ActionError

        if state.facts["special_cards"]["flamethrower"] != member:
            raise ActionError(f"card: {member} does not hold the Flamethrower card", "card")
        state.facts["special_cards"]["flamethrower"] = "removed"
        return [Note("the Flamethrower card leaves the game once discarded (rulebook, Gameplay "
                     "Additional Rules)", "round")]
    return []


def played_lifeform_card(state: State, card: str) -> list[Note]:
    if card == LIFEFORM_CARD[0]:
        return decks.discard(state, "lifeform", state.facts["lifeform"], 1)
    return []


def _upkeep_actions() -> tuple[Action, ...]:
    """Turns, the Security Door, the android's path, Survival abilities and Skill tokens."""
    return (
        Action("collect_missions", "Step 1: Mission tokens", "The active crew member's "
               "non-hidden characters each take a Mission token where their chamber holds one "
               "(rulebook, Step 1: Collect Mission Tokens).",
               lambda s, a, r: turns.collect_missions(s, int(a["tokens"])),
               (Param("tokens", "int", "Mission tokens collected", minimum=0, maximum=6),),
               topic="round", enabled=lambda s: turns.current(s) is not None,
               log_text=lambda a: f"Step 1: {count(a['tokens'], 'Mission token')} collected"),
        Action("end_turn", "End of turn", "The active crew member's turn is over; the next "
               "one's begins (rulebook, Crew Activity Phase).",
               lambda s, a, r: turns.end_turn(s), key="w", short="End turn", topic="round",
               enabled=lambda s: turns.current(s) is not None),
        Action("crew_card_played", "Crew card played", "The Play a Crew Card activity for a "
               "card action the app does not track; the card goes to the discard (rulebook, "
               "Play a Crew Card).", _crew_card, (member_param(), crew_card_param()),
               topic="round"),
        Action("activate_skill", "Activate Skill", "Crew activity: a character's Skill token "
               "moves to its Active Slot (rulebook, Activate Skill).",
               lambda s, a, r: upkeep.activate(s, a["character"], "Skill"),
               (member_param(), character_param()), topic="round"),
        Action("activate_survival", "Character Survival token", "A character's Survival token "
               "moves to its Active Slot (rulebook, Character Boards).",
               lambda s, a, r: upkeep.activate(s, a["character"], "Survival"),
               (character_param(),), topic="round"),
        Action("security_door", "Security Door", "The door placed (Full-lock) or removed "
               "(rulebook p. 48, Token Reference).",
               lambda s, a, r: upkeep.door_event(s, a["event"]),
               (Param("event", "choice", "what happened", choices=upkeep.DOOR_EVENTS),),
               topic="android_status"),
        Action("android_step", "Android phase", "What the android did this phase: along its "
               "path, stayed, blocked by the door (Full-lock to Half-lock to gone), or steered "
               "(rulebook, Android Phase).",
               lambda s, a, r: upkeep.android_step(s, a["step"]),
               (Param("step", "choice", "the android", choices=upkeep.ANDROID_STEPS),),
               topic="android_status", needs=_android_needs,
               enabled=lambda s: s.facts["stage"] == "starship" and s.facts["phase"] == "android"
               and s.facts["android"]["active"] and not s.facts["android"]["destroyed"]),
        Action("lifeform_survival", "Lifeform Survival ability", "Once a game: Android Kill, "
               "Move Alien 3 or Hull Breach (rulebook, Survival Abilities).",
               lambda s, a, r: [*played_lifeform_card(s, a["card"]),
                                *upkeep.lifeform_survival(s, a["ability"], a["chamber"])],
               (Param("ability", "choice", "which ability", choices=upkeep.SURVIVAL),
                Param("chamber", "str", "Hull Breach: the chamber breached", optional=True,
                      default=""), lifeform_card_param()),
               topic="hostility", enabled=lambda s: s.facts["stage"] == "starship"
               and not s.facts.get("lifeform_survival")),
    )


def _android_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    return ("android.path_chambers",) if args.get("step") == upkeep.ANDROID_STEPS[0] else ()


def _crew_card(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(played_crew_card(state, args["crew_member"], args["card"]))


def _cocoon_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    key = "cocoon_2p" if state.facts["players"] == 2 else "cocoon_3p4p"
    return (f"{key}.max_hand", f"{key}.evolution")


def _launch_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """The Loadout minimums the launch criteria read (rulebook p. 35)."""
    coolant = ("coolant.overheating_2p_space" if state.facts["players"] == 2
               else "coolant.minimum")
    keys = ["improvised_weaponry.minimum", coolant, "energy_cells.minimum"]
    _, left = characters.counts(state)
    if moves.late_launch(state) and left == 0 and not state.facts["last_man_aboard"]:
        # Ending B checks the Stowaway card's range; asking for both reveals nothing.
        keys += ["stowaway.second_card_minutes", "stowaway.third_card_minutes"]
    return tuple(keys)


def _hibernation_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """What the hibernation numbers are read from (rulebook p. 38, Showdown Stage)."""
    return (f"hostility.start_{state.facts['players']}p", "hostility.red_claws",
            "improvised_weaponry.draw_numbers", "energy_cells.draw_number_spaces")


# Board values an action reads: the engine asks for them in the action's own form.
NEEDS: dict[str, Any] = {
    "advance_self_destruct": ("self_destruct.minutes",),
    "equip": ("self_destruct.minutes",),
    "lurk": _cocoon_needs,
    "android_enters_remora": ("android_status.removals",),
    "launch": _launch_needs,
    "hibernation": _hibernation_needs,
    "choose_ending_reading": ("stowaway.second_card_minutes", "stowaway.third_card_minutes"),
}

@dataclass(frozen=True)
class LifeformActivity(Action):
    """A lifeform activity: refused outside its Lifeform Activity phase when the table does
    it. The check sits in ``validate``, which the engine runs when an action is done and not
    when a saved game is replayed, so a game saved before the check still opens."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        turns.check_lifeform_phase(state, self.name, checked)
        return checked


def _counted(action: Action) -> Action:
    """A crew activity counts against the turn, a lifeform activity against its phase
    (rulebook, Crew Activity Phase; Lifeform Activity Phase)."""
    if action.name not in turns.CREW_ACTIVITIES and action.name not in turns.LIFEFORM_ACTIVITIES:
        return action
    inner = action.apply

    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        turns.crew_activity(state, action.name, args)
        turns.lifeform_activity(state, action.name, args)
        return list(inner(state, args, rng))

    counted = replace(action, apply=apply)
    if action.name in turns.LIFEFORM_ACTIVITIES:
        return LifeformActivity(**{f.name: getattr(counted, f.name) for f in fields(counted)})
    return counted


def _who_of(a: dict[str, Any]) -> str:
    return "the lifeform" if a.get("who") == "lifeform" else str(a.get("crew_member") or "")


# The table's words for the history, where the title alone does not say what happened.
LOG_TEXT: dict[str, Callable[[dict[str, Any]], str]] = {
    "equip": lambda a: f"{a['crew_member']} equips: {a['option']}",
    "place_mission": lambda a: f"{a['crew_member']} puts a Mission token on "
                               f"{COLUMN_TITLES.get(a['column'], a['column'])}",
    "draw_cards": lambda a: f"{_who_of(a)} draws {a['count']}",
    "discard_from_hand": lambda a: f"{_who_of(a)} discards {a['count']}",
    "advance_self_destruct": lambda a: f"Self-Destruct advances {a['spaces']}",
    "board_remora": lambda a: f"{a['character']} boards the Remora",
    "character_killed": lambda a: f"{a['character']} is killed ({a['kill'] or 'silent'})",
    "crew_reaction": lambda a: f"{a['crew_member']} reacts: {a['reaction']}"
                               + (" (cancelled)" if a.get("cancelled") else ""),
    "meet_image": lambda a: f"{a['character']} meets {a['image']}",
    "lurk": lambda a: f"the lifeform lurks (discards {a['discard'] or 0} first)",
    "fight_result": lambda a: f"fight on {a['target']}: {a['result']}",
    "android_step": lambda a: f"Android phase: the android {a['step']}",
    "complete_objective": lambda a: f"Secret Objective {a['slot']} completed",
    "record_characters": lambda a: f"{a['crew_member']} keeps {a['first']} and {a['second']}",
    "reality_calibration": lambda a: "Reality Calibration (which image is real stays secret)",
    "choose_stowaway": lambda a: "the lifeform chooses its Stowaway card (secret)",
    "launch": lambda a: "the Remora launches",
    "ending_c_refill": lambda a: f"Ending C refill (the lifeform discards {a['discard'] or 0} "
                                 "first)",
    "hibernation": lambda a: f"Hibernation ({a['keep']})",
}

ACTIONS: tuple[Action, ...] = tuple(
    _counted(replace(a, needs=NEEDS[a.name]) if a.name in NEEDS else a)
    for a in (replace(x, log_text=LOG_TEXT[x.name]) if x.name in LOG_TEXT else x
              for x in (*_table_actions(), *_track_actions(), *_secret_actions(),
                        *_end_actions(), *_upkeep_actions())))
