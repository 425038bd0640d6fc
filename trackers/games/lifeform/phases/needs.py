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


# Board values an action reads: the engine asks for them in the action's own form.
NEEDS: dict[str, Any] = {
    "advance_self_destruct": ("self_destruct.minutes",),
    "equip": ("self_destruct.minutes",),
    "lurk": cocoon_needs,
    "draw_cards": _hand_needs,
    "android_enters_remora": ("android_status.removals",),
    "launch": _launch_needs,
    "hibernation": _hibernation_needs,
    "choose_ending_reading": ("stowaway.second_card_minutes", "stowaway.third_card_minutes"),
}
