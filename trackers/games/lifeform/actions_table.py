"""Everyday table actions: setup ticks, phases, cards, Mission tokens, characters and roles
(spec lifeform §2.2, §3, §5.1, §7, §8)."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.lifeform import characters, decks, loadout, moves, rounds
from trackers.games.lifeform.board_profile import COLUMNS
from trackers.games.lifeform.characters import ROLE_NAMES, character_pool
from trackers.games.lifeform.common import (
    character_param,
    crew,
    member_param,
    played_lifeform_card,
    profile,
)
from trackers.games.lifeform.setup import open_steps, steps

Notes = list[Note | str]
ALL_STEPS = "all remaining"
WHO = ("crew member", "lifeform")


def _tick(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Tick a setup step (spec §2.2); when none is left, round 1 begins."""
    if state.facts["stage"] != "setup":
        raise ActionError("the setup is done already", "step")
    todo = open_steps(state)
    auto = {"8": "record the characters kept ('Record characters')",
            "17": "do the Reality Calibration ('Reality Calibration')"}
    for step in todo if args["step"] == ALL_STEPS else [args["step"]]:
        if step in auto:
            raise ActionError(f"step: step {step} ticks itself: {auto[step]}", "step")
        state.facts["setup_ticked"].append(step)
    notes: Notes = [Note(f"setup step(s) ticked: {args['step']}", "setup")]
    if not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _steps(state: State) -> list[str]:
    return [*open_steps(state), ALL_STEPS] if state.facts["stage"] == "setup" else []


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
    return list(character_pool(state.facts["modules"]))


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


def _lurk(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Lurk: below MAX HAND; discard up to Evolution, then draw up to MAX HAND (spec §3.6)."""
    prof, lifeform = profile(state), state.facts["lifeform"]
    limit = decks.cocoon_value(state, prof, "max_hand")
    evolution = decks.cocoon_value(state, prof, "evolution")
    if limit is None or evolution is None:
        raise ActionError("Lurk needs the Cocoon MAX HAND and Evolution numbers: set them on "
                          "the board profile (spec G5/G6)", "discard")
    held = decks.hand_size(state, lifeform)
    if held >= limit:
        raise ActionError(f"Lurk is allowed only below MAX HAND ({held} held, limit {limit}) "
                          "(spec §3.6)", "discard")
    if args["discard"] > min(evolution, held):
        raise ActionError(f"discard: 0 to {min(evolution, held)} (Evolution {evolution})",
                          "discard")
    notes: Notes = []
    if args["discard"]:
        notes += decks.discard(state, "lifeform", lifeform, args["discard"])
    return notes + list(decks.draw(state, "lifeform", lifeform,
                                   limit - decks.hand_size(state, lifeform), prof))


def _vent(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if moves.vents_held(state) < 1:
        raise ActionError("the lifeform holds no Vent token", "action")
    state.facts["vents"]["used"] += 1
    return [Note("Use Vent: the Vent token leaves the game; the lifeform does a Vent action "
                 "(its effect is not in the text, spec G15; C8: the table may stop Vent use at a "
                 "Self-Destruct space) (spec §3.6)", "round")]


def _heat(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Use Heat Analyzer: the token goes; draw 2; the lifeform draws 1 if an image is within
    2 chambers of the crew member's characters (spec §3.4)."""
    member, prof = args["crew_member"], profile(state)
    info = state.facts["members"][member]
    if moves.heat_analyzers_gone(state) or not info["heat_analyzer"]:
        raise ActionError(f"crew_member: {member} has no Heat Analyzer token (all leave at the "
                          "10 mark, spec §4.1)", "crew_member")
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
                 "limit) (spec §3.4)", "hostility"),
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
                          "Remora (spec §3.3; C12 stricter reading)", "crew_member")
    notes: Notes = list(decks.discard(state, "crew", member, 1))
    notes += loadout.remove_top(state, "energy_cells", "Remora Energy Cell (G23: read as an "
                                "Energy Cells token)")
    return notes + [Note(f"{args['effect']} (spec §3.4)", "shuttle_loadout")]


def _from_pool(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if state.facts["mission_pool"] == 0:
        return [Note("the Mission pool is empty: nothing is placed (spec §1.3)", "round")]
    state.facts["mission_pool"] -= 1
    return [Note(f"a Mission token from the pool goes to {args['chamber']} (spec §3.8)", "round")]


def _terror(state: State, args: dict[str, Any], rng: Random) -> Notes:
    characters.need(state, args["character"])
    return list(decks.draw_terror(state))


def _board(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.board_remora(state, args["character"]))


def _hidden(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(characters.set_hidden(state, args["character"], args["hidden"]))


def _killed(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if state.facts["stage"] == "showdown":
        from trackers.games.lifeform.showdown_flow import kill_in_showdown

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
    if info["cards"] < 1:
        raise ActionError(f"role: no {args['role']} card is left", "role")
    info["cards"] -= 1
    notes: Notes = [Note(f"a card of {args['role']} is played and leaves the game; "
                         f"{info['cards']} left", "ships_cat")]
    if key == "ships_cat" and state.facts["players"] == 2 and info["cards"] == 0:
        info["aboard"] = True
        notes.append(Note("the last cat card is played: put the cat on the Remora (spec §3.3)",
                          "ships_cat"))
    return notes


def _cat_aboard(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """2P: throw away every cat card to jump the cat aboard; 3P/4P: the cat moved in (§3.3)."""
    cat = state.facts["ships_cat"]
    if not cat["in_play"] or cat["aboard"]:
        raise ActionError("the Ship's Cat is not in play on the Valley Forge", "action")
    cat["aboard"] = True
    if state.facts["players"] == 2:
        cat["cards"] = 0
        return [Note("every remaining cat card leaves the game; the cat is aboard the Remora and "
                     "does nothing more until the Showdown (spec §3.3)", "ships_cat")]
    return [Note("the Ship's Cat is aboard the Remora (spec §8.4)", "ships_cat")]


def _who() -> tuple[Param, Param]:
    return (Param("who", "choice", "whose hand", choices=WHO),
            Param("crew_member", "choice", "the crew member (for a crew hand)", choices=crew,
                  optional=True))


def actions() -> tuple[Action, ...]:
    columns = Param("column", "choice", "Loadout column", choices=COLUMNS, labels=COLUMN_TITLES)
    return (
        Action("tick_setup", "Tick a setup step", "Mark a setup step done (spec §2.2).", _tick,
               (Param("step", "choice", "which step", choices=_steps, labels=_step_titles),),
               topic="setup", enabled=lambda s: s.facts["stage"] == "setup"),
        Action("record_characters", "Record characters", "The 2 characters a crew member kept "
               "from the draft (spec §2.2 step 8).", _draft,
               (member_param(), Param("first", "choice", "first character", choices=_pool),
                Param("second", "choice", "second character", choices=_pool)), topic="setup"),
        Action("next_phase", "Next phase", "Crew Activity, Android, Lifeform Activity, then the "
               "next round (spec §3.2).", lambda s, a, r: list(rounds.next_phase(s)), key="n",
               short="Phase",
               topic="round", enabled=lambda s: s.facts["stage"] == "starship"),
        Action("draw_cards", "Draw cards", "Draw Crew or Lifeform cards; the hand limit is "
               "checked after the draw (spec §7).", _draw,
               (*_who(), Param("count", "int", "how many", minimum=1, maximum=20)), key="d",
               short="Draw",
               topic="round"),
        Action("discard_cards", "Discard cards", "Cards from a hand to its discard pile "
               "(spec §7).", _discard,
               (*_who(), Param("count", "int", "how many", minimum=1, maximum=20)),
               topic="round"),
        Action("lurk", "Lurk", "Lifeform activity below MAX HAND: discard up to Evolution, draw "
               "up to MAX HAND (spec §3.6).", _lurk,
               (Param("discard", "int", "cards discarded first", minimum=0, maximum=10,
                      optional=True, default=0),), topic="cocoon"),
        Action("use_vent", "Use Vent", "The lifeform spends a Vent token (spec §3.6).", _vent,
               topic="round", enabled=lambda s: moves.vents_held(s) > 0),
        Action("use_heat_analyzer", "Use Heat Analyzer", "Draw 2; the lifeform draws 1 if an "
               "image is within 2 chambers (spec §3.4).", _heat,
               (member_param(), Param("image_within_2", "bool", "is an image within 2 chambers "
                                      "of your characters?")), topic="self_destruct"),
        Action("take_mining_laser", "Take the Mining Laser", "The first character into "
               "Engineering: its crew member takes the card (spec §3.4).", _mining_laser,
               (member_param(),), topic="hostility"),
        Action("place_mission", "Put a Mission token on the Loadout", "A collected Mission "
               "token on a column's lowest empty space; bonuses (spec §5.1).", _place,
               (columns, member_param("who placed it")), key="m",
               short="Mission", topic="shuttle_loadout"),
        Action("remove_mission", "Take a Mission token off the Loadout", "The top token of a "
               "column back to the pool (spec §5.1).", _remove,
               (columns, Param("why", "str", "what removed it")), topic="shuttle_loadout"),
        Action("remora_energy_cell", "Use Remora Energy Cell", "Aboard: discard a card, an "
               "Energy Cells token goes; electrify or shut the bulkhead (spec §3.4).",
               _energy_cell,
               (member_param(), Param("effect", "choice", "which", choices=(
                   "Electrify Deck Plating: images in the Shuttlebay and Docking Hub-1 move to "
                   "an adjacent chamber", "Shut Emergency Bulkhead Door: the Security Door on "
                   "the Docking Hub-1 exit until your next turn"))), topic="shuttle_loadout"),
        Action("mission_from_pool", "Mission token from the pool", "Mission-Maintenance and the "
               "like: a pool token goes to a chamber (spec §1.3, §3.8).", _from_pool,
               (Param("chamber", "str", "which chamber"),), topic="shuttle_loadout"),
        Action("meet_terror", "A character meets Terror", "Draw, resolve and discard the top "
               "Terror card (spec §3.10).", _terror, (character_param(),), topic="round"),
        Action("board_remora", "Board the Remora", "A character enters the Remora from the "
               "Shuttlebay (from the 20 mark; never leaves) (spec §3.10).", _board,
               (character_param(),), key="o", short="To Remora", topic="launch"),
        Action("character_hidden", "Hidden or not", "Mark a character hidden or no longer "
               "hidden (spec §3.10).", _hidden,
               (character_param(), Param("hidden", "bool", "hidden now?")), topic="round"),
        Action("character_killed", "Character killed", "Hostility +2; Noisy (Panic Move) or "
               "Silent; Taking Control (spec §8.1).", _killed,
               (character_param(), Param("kill", "choice", "the lifeform declares",
                                         choices=("noisy", "silent"), optional=True,
                                         default="silent")),
               key="k", short="Killed", topic="character_death"),
        Action("take_control", "Take control of a character", "A crew member with no character "
               "takes one from someone with 2 (spec §8.3).", _control,
               (member_param(), character_param()), topic="character_death",
               enabled=lambda s: bool(s.facts["pending_control"])),
        Action("take_role", "Take the Ship's Cat or SIS-TER", "With no character to take "
               "(spec §8.3-8.5).", _role,
               (member_param(), Param("role", "choice", "which role",
                                      choices=tuple(ROLE_NAMES.values()))),
               topic="ships_cat", enabled=lambda s: bool(s.facts["pending_role"])),
        Action("play_role_card", "Play a Ship's Cat / SIS-TER card", "The card leaves the game "
               "(spec §3.3, §8.4, §8.5).", _role_card,
               (Param("role", "choice", "whose card", choices=tuple(ROLE_NAMES.values())),),
               topic="ships_cat"),
        Action("cat_aboard", "The Ship's Cat boards the Remora", "2P: throw away the cat cards "
               "to jump it aboard; 3P/4P: it moved in (spec §3.3, §8.4).", _cat_aboard,
               topic="ships_cat"),
        Action("lifeform_card_played", "Lifeform card played", "A Lifeform card played for an "
               "action the app does not track goes to the discard (spec §3.6).",
               lambda s, a, r: list(played_lifeform_card(s, "a Lifeform card")), topic="round"),
    )
