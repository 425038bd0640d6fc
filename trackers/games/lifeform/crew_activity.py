"""Crew activities with a rule of their own (rulebook, Crew Activity Phase: Perform Activity;
rulebook p. 24, Crew Action Reference): the Heat Analyzer, the Mining Laser, the Remora Energy
Cell, the Flamethrower on a cocoon or the android, the Ship's Cat and SIS-TER cards, and the
cards a crew activity spends."""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import (
    characters,
    decks,
    loadout,
    moves,
    secrets,
    supplies,
    turns,
)
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.characters import ROLE_NAMES
from trackers.games.lifeform.facts import facts_of

Notes = list[Note | str]

def use_heat_analyzer(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Use Heat Analyzer: the token goes; draw 2; the lifeform draws 1 if an image is within
    2 chambers of the crew member's characters (spec §3.4)."""
    member, prof = args["crew_member"], board_of(state.board)
    info = facts_of(state)["members"][member]
    if moves.heat_analyzers_gone(state) or not info["heat_analyzer"]:
        raise ActionError(f"crew_member: {member} has no Heat Analyzer token (all leave at the "
                          "10 mark, rulebook p. 46, Self-Destruct Track)", "crew_member")
    info["heat_analyzer"] = False
    notes: Notes = list(decks.draw(state, "crew", member, 2, prof))
    if args["image_within_2"]:
        notes += decks.draw(state, "lifeform", facts_of(state)["lifeform"], 1, prof)
    return notes


def take_mining_laser(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """The first character to enter Engineering: its crew member takes the card (spec §3.4)."""
    cards = facts_of(state)["special_cards"]
    if cards["mining_laser"] != "on board":
        raise ActionError("the Mining Laser card was taken already", "crew_member")
    cards["mining_laser"] = args["crew_member"]
    return [Note(f"{args['crew_member']} takes the Mining Laser card (it counts toward the hand "
                 "limit) (rulebook, Crew Activity Phase: Perform Activity)", "hostility"),
            *decks.hand_check(state, args["crew_member"], board_of(state.board))]
def remora_energy_cell(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Use Remora Energy Cell: discard a card, remove an Energy Cells token (G23; C12), then
    Electrify Deck Plating or Shut Emergency Bulkhead Door (spec §3.4)."""
    member = args["crew_member"]
    if not characters.surviving(state, member) or any(
            facts_of(state)["characters"][n]["where"] != characters.REMORA
            for n in characters.surviving(state, member)):
        raise ActionError(f"crew_member: {member}'s surviving characters are not all aboard the "
                          "Remora (rulebook, Crew Activity Phase: the stricter of its two "
                          "readings)", "crew_member")
    notes: Notes = list(decks.discard(state, "crew", member, 1))
    notes += loadout.remove_top(state, "energy_cells", "Remora Energy Cell (read as an Energy "
                                "Cells token: the text does not say which)")
    if args["effect"].startswith("Shut Emergency Bulkhead Door"):
        facts_of(state)["bulkhead_door"] = member  # it leaves at the start of their next turn
    return notes + [Note(f"{args['effect']} (rulebook, Crew Activity Phase: Perform "
                         "Activity)", "shuttle_loadout")]


def mission_from_pool(state: State, args: dict[str, Any], rng: Random) -> Notes:
    if facts_of(state)["mission_pool"] == 0:
        return [Note("the Mission pool is empty: nothing is placed (rulebook, "
                     "Components)", "round")]
    facts_of(state)["mission_pool"] -= 1
    return [Note(f"a Mission token from the pool goes to {args['chamber']} (rulebook p. 24, Crew "
                 "Action Reference)", "round")]


TOKEN_MOVES = ("placed on the board", "back to the supply")


def token_moved(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Power Outage or Terror token placed or returned by a rule the app does not track
    (setup placements are counted already) (rulebook p. 48, Token Reference)."""
    token = "power_outage" if args["token"] == "Power Outage" else "terror"
    why = args["why"] or "by the table"
    if args["move"] == TOKEN_MOVES[0]:
        return list(supplies.place(state, token, why))
    return list(supplies.give_back(state, token, why))

def play_role_card(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """A Ship's Cat or SIS-TER card is played and leaves the game (spec §3.3, §8.4, §8.5)."""
    key = "ships_cat" if args["role"] == ROLE_NAMES["ships_cat"] else "sister"
    info = _role(state, key)
    if info.get("controller"):
        turns.role_card(state, str(info["controller"]))
    if info["cards"] < 1:
        raise ActionError(f"role: no card of {args['role']} is left", "role")
    info["cards"] -= 1
    notes: Notes = [Note(f"a card of {args['role']} is played and leaves the game; "
                         f"{info['cards']} left", "ships_cat")]
    if key == "ships_cat" and facts_of(state)["players"] == 2 and info["cards"] == 0:
        info["aboard"] = True
        notes.append(Note("the last cat card is played: put the cat on the Remora (rulebook, Crew "
                          "Activity Phase)",
                          "ships_cat"))
    return notes


def roles_with_cards(state: State) -> list[str]:
    """The roles in play with a card left: in 3P/4P only once a crew member has taken one."""
    return [name for key, name in ROLE_NAMES.items() if _role(state, key)["cards"] > 0]


def _role(state: State, key: str) -> dict[str, Any]:
    """The Ship's Cat's or the SIS-TER's record."""
    return facts_of(state)["ships_cat"] if key == "ships_cat" else facts_of(state)["sister"]


def cat_aboard(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """2P: throw away every cat card to jump the cat aboard; 3P/4P: the cat moved in (§3.3)."""
    cat = facts_of(state)["ships_cat"]
    if not cat["in_play"] or cat["aboard"]:
        raise ActionError("the Ship's Cat is not in play on the Valley Forge", "action")
    cat["aboard"] = True
    if facts_of(state)["players"] == 2:
        cat["cards"] = 0
        return [Note("every remaining cat card leaves the game; the cat is aboard the Remora and "
                     "does nothing more until the Showdown (rulebook, Crew Activity "
                     "Phase)", "ships_cat")]
    return [Note("the Ship's Cat is aboard the Remora (rulebook, The Ship's Cat)", "ships_cat")]

def hostile(cause: str, what: str) -> Any:
    def apply(state: State, args: dict[str, Any], rng: Random) -> Notes:
        notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
        if cause == "flamethrower":
            notes.append(Note(f"{what} (rulebook p. 24, Crew Action Reference)", "hostility"))
        return notes + list(moves.add_hostility(state, cause, board_of(state.board)))
    return apply


def flamethrower_cocoon(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Reset Cocoon; the lifeform cuts its hand; with 3 images a ghost goes; Hostility +1;
    the Cocoon Chamber token returns (C6: the table's reading) (spec §3.8)."""
    prof = board_of(state.board)
    notes: Notes = list(played_crew_card(state, args["crew_member"], args["card"]))
    notes += moves.reset_cocoon(state, prof)
    images = facts_of(state)["images"]
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


def flamethrower_android(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Android Status +1: Flamethrower-Android, or a Shock-Prod action under C14 (spec §4.5)."""
    notes: Notes = [Note(f"{args['via']} (rulebook p. 24, Crew Action Reference; rulebook, "
                         "Android Status Track)", "android_status")]
    notes += moves.advance_android(state, board_of(state.board))
    return list(played_crew_card(state, args["crew_member"], args["card"])) + notes


def shoot_mining_laser(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """Shoot the Mining Laser (spec §3.4): an image moves and the lifeform discards its whole
    hand (no reveal), or the android is destroyed; a Power Outage; Hostility +1; card removed."""
    member, prof = args["crew_member"], board_of(state.board)
    cards = facts_of(state)["special_cards"]
    if cards["mining_laser"] != member:
        raise ActionError(f"crew_member: {member} does not hold the Mining Laser card",
                          "crew_member")
    cards["mining_laser"] = "removed"
    notes: Notes = []
    if args["target"] == "android":
        notes += moves.destroy_android(state, prof, "shot by the Mining Laser")
    else:
        lifeform = facts_of(state)["lifeform"]
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


CREW_CARD = ("a Crew card", "the Flamethrower card", "already counted")


def played_crew_card(state: State, member: str, card: str) -> list[Note]:
    """A played card goes to the Crew discard; the Flamethrower card leaves the game (§3.7, §7)."""
    if card == CREW_CARD[0]:
        return decks.discard(state, "crew", member, 1)
    if card == CREW_CARD[1]:
        from trackers.engine import ActionError

        if facts_of(state)["special_cards"]["flamethrower"] != member:
            raise ActionError(f"card: {member} does not hold the Flamethrower card", "card")
        facts_of(state)["special_cards"]["flamethrower"] = "removed"
        return [Note("the Flamethrower card leaves the game once discarded (rulebook, Gameplay "
                     "Additional Rules)", "round")]
    return []


