"""The board values an action reads: the engine asks for them in the action's own form."""

from __future__ import annotations

from typing import Any

from trackers.engine import State
from trackers.games.lifeform import characters, moves


def cocoon_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
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


def _hand_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A lifeform draw is checked against its MAX HAND (the Cocoon space's printed number)."""
    if args.get("who") != "lifeform":
        return ()
    key = "cocoon_2p" if state.facts["players"] == 2 else "cocoon_3p4p"
    return (f"{key}.max_hand",)


def hostility_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A Hostility move reads where the track starts, how long it is and which spaces carry a
    Draw-card or Terror icon (rulebook p. 44, Hostility Track)."""
    return (f"hostility.start_{state.facts['players']}p", "hostility.length",
            "hostility.draw_card_spaces", "hostility.terror_spaces")


def _reaction_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A cancelled reaction moves nothing; a carried-out one adds Hostility."""
    return () if args.get("cancelled") else hostility_needs(state, args)


def _cocoon_burn_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """Flamethrower-Cocoon: Cocoon back to Start (MAX HAND checked) and Hostility +1."""
    return (*cocoon_needs(state, args), *hostility_needs(state, args))


def _heat_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """An image within 2 chambers makes the lifeform draw: its MAX HAND is checked."""
    return _hand_needs(state, {"who": "lifeform"}) if args.get("image_within_2") else ()


# Board values an action reads: the engine asks for them in the action's own form.
NEEDS: dict[str, Any] = {
    "flamethrower": hostility_needs,
    "shoot_mining_laser": hostility_needs,
    "character_killed": hostility_needs,
    "hostility_other": hostility_needs,
    "crew_reaction": _reaction_needs,
    "flamethrower_cocoon": _cocoon_burn_needs,
    "cocoon_advance": cocoon_needs,
    "malfunction_advance": ("malfunction.spaces",),
    "flamethrower_android": ("android_status.removals",),
    "use_heat_analyzer": _heat_needs,
    "advance_self_destruct": ("self_destruct.minutes",),
    "equip": ("self_destruct.minutes",),
    "lurk": cocoon_needs,
    "draw_cards": _hand_needs,
    "android_enters_remora": ("android_status.removals",),
    "launch": _launch_needs,
    "hibernation": _hibernation_needs,
    "choose_ending_reading": ("stowaway.second_card_minutes", "stowaway.third_card_minutes"),
}
