"""The board values an action reads: the engine asks for them in the action's own form."""

from __future__ import annotations

from typing import Any

from trackers.engine import State
from trackers.games.lifeform import characters, moves
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.tracks import sd_path
from trackers.pieces import Track


def cocoon_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    key = "cocoon_2p" if facts_of(state)["players"] == 2 else "cocoon_3p4p"
    return (f"{key}.max_hand", f"{key}.evolution")


def _launch_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """The Loadout minimums the launch criteria read (rulebook p. 35)."""
    coolant = ("coolant.overheating_2p_space" if facts_of(state)["players"] == 2
               else "coolant.minimum")
    keys = ["improvised_weaponry.minimum", coolant, "energy_cells.minimum"]
    _, left = characters.counts(state)
    if moves.late_launch(state) and left == 0 and not facts_of(state)["last_man_aboard"]:
        # Ending B checks the Stowaway card's range; asking for both reveals nothing.
        keys += ["stowaway.second_card_minutes", "stowaway.third_card_minutes"]
    return tuple(keys)


def _hibernation_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """What the hibernation numbers are read from (rulebook p. 38, Showdown Stage): the crew's
    draw beside the highest Improvised Weaponry token (the table's number when it is empty),
    the lifeform's draw and MAX HAND, and the Hostility track its kills move."""
    weaponry = ("improvised_weaponry.draw_numbers"
                if facts_of(state)["loadout"]["improvised_weaponry"]
                else "showdown.draw_when_weaponry_empty")
    return (*hostility_needs(state, args), "hostility.red_claws", weaponry,
            "energy_cells.draw_number_spaces", _hand_needs(state, {"who": "lifeform"})[0])


def _hand_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A lifeform draw is checked against its MAX HAND (the Cocoon space's printed number)."""
    if args.get("who") != "lifeform":
        return ()
    key = "cocoon_2p" if facts_of(state)["players"] == 2 else "cocoon_3p4p"
    return (f"{key}.max_hand",)


def hostility_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A Hostility move reads where the track starts, how long it is and which spaces carry a
    Draw-card or Terror icon (rulebook p. 44, Hostility Track)."""
    return (f"hostility.start_{facts_of(state)['players']}p", "hostility.length",
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


def impact_needs(state: State, spaces: int) -> tuple[str, ...]:
    """Module B drawn by the app: a Self-Destruct move that lands on a face-down token turns it
    over, and a hit names the deck its Impact card strikes (printed on the 3 cards). Asked for
    any token landed on, hit or not, so the question says nothing about the hidden face."""
    info = facts_of(state).get("asteroids") or {}
    if not info.get("face_down") or info.get("mirror") or info.get("held"):
        return ()
    path = sd_path(facts_of(state)["players"], board_of(state.board))
    if path is None:
        return ()
    ahead = [p for p in path if p < state.piece("self_destruct", Track).position]
    if not ahead or spaces < 1:
        return ()
    target = ahead[min(spaces, len(ahead)) - 1]
    reached = [s for s in info["face_down"] if s >= target]
    return ("module_b.impact_decks",) if reached == [target] else ()


SD_PRINTED = ("self_destruct.minutes", "self_destruct.terror_minutes")


def sd_needs(spaces: int) -> Any:
    """A move of ``spaces`` on Self-Destruct reads its printed minutes and the spaces with a
    Terror icon (the lifeform may place a Terror token there, rulebook p. 46), then module B's
    decks."""
    def needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
        if "self_destruct.minutes" not in state.board:
            return SD_PRINTED  # the landing space is known once they are
        return (*SD_PRINTED, *impact_needs(state, spaces))
    return needs


def _advance_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    return sd_needs(int(args.get("spaces") or 1))(state, args)


def _equip_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """Equip moves Self-Destruct 1 (draw 2) or 2 (draw 3) spaces."""
    from trackers.games.lifeform.phases.tracks import EQUIP

    return sd_needs(1 if args.get("option") == EQUIP[0] else 2)(state, args)


def _jumped_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """Tokens held after a jump are turned over now (all, or those landed on)."""
    info = facts_of(state).get("asteroids") or {}
    return () if info.get("mirror") or not info.get("held") else ("module_b.impact_decks",)


def _malfunction_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """Malfunction +1 does the next space's task; a Self-Destruct +1 icon moves that track."""
    if "malfunction.spaces" not in state.board:
        return ("malfunction.spaces",)
    track = state.piece("malfunction", Track)
    tasks = [m.key for m in track.milestones if m.at == track.position + track.advance]
    if any(k.startswith("Self-Destruct +1") for k in tasks):
        return ("malfunction.spaces", *sd_needs(1)(state, args))
    return ("malfunction.spaces",)


def _place_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A Mission token on a Loadout column: where the column ends and its bonus spaces
    (rulebook p. 46, Shuttle Loadout); Halon Gas's 9 spaces are in the text."""
    column = str(args.get("column") or "")
    if not column:
        return ()
    bonus = f"{column}.bonus_spaces"
    return (bonus,) if column == "halon_gas" else (f"{column}.length", bonus)


def _bet_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """Module D step 3: the strip for the number of surviving crew disks (1 to 4)."""
    disks = len(characters.surviving(state))
    return (f"module_d.actions_{disks}_disks",) if 1 <= disks <= 4 else ()


def _fight_needs(state: State, args: dict[str, Any]) -> tuple[str, ...]:
    """A fight check reads the 1-2 Minute card's icons when it is added, whether Data and
    Harpoon tokens count in Two-for-One when the target holds any, and the 2-player Ship's
    Cat's matches when the cat helps."""
    keys = []
    if args.get("stowaway_card"):
        keys.append("stowaway.one_two_minute_icons")
    tokens = (args.get("harpoon_tokens") or args.get("sister_data_tokens")
              or str(args.get("data_tokens") or "").strip().casefold() not in ("", "none"))
    if tokens:
        keys.append("showdown.tokens_in_two_for_one")
    if args.get("ships_cat") and facts_of(state)["players"] == 2:
        keys.append("showdown.ships_cat_matches_2p")
    return tuple(keys)


# Board values an action reads: the engine asks for them in the action's own form.
NEEDS: dict[str, Any] = {
    "flamethrower": hostility_needs,
    "shoot_mining_laser": hostility_needs,
    "character_killed": hostility_needs,
    "hostility_other": hostility_needs,
    "crew_reaction": _reaction_needs,
    "flamethrower_cocoon": _cocoon_burn_needs,
    "cocoon_advance": cocoon_needs,
    "malfunction_advance": _malfunction_needs,
    "flamethrower_android": ("android_status.removals",),
    "use_heat_analyzer": _heat_needs,
    "advance_self_destruct": _advance_needs,
    "equip": _equip_needs,
    "meet_image": sd_needs(1),  # a sensor ghost moves Self-Destruct; asked before the reveal
    "asteroids_jumped": _jumped_needs,
    "place_mission": _place_needs,
    "hunt_bet": _bet_needs,
    "fight_check": _fight_needs,
    "lurk": cocoon_needs,
    "draw_cards": _hand_needs,
    "android_enters_remora": ("android_status.removals",),
    "launch": _launch_needs,
    "hibernation": _hibernation_needs,
    "choose_ending_reading": ("stowaway.second_card_minutes", "stowaway.third_card_minutes"),
}
