"""A made-up but complete board profile for the Lifeform session tests, plus session helpers.

These numbers are TEST DATA for an imaginary printing of the board, shaped to pass the profile's
checks against the rulebook's examples (spec §13). They are never product defaults.
"""

from __future__ import annotations

from typing import Any

import pytest

from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.game import GAME

NAMES = {2: ("Sarah", "Andrew"), 3: ("Sarah", "Andrew", "Jacob"),
         4: ("Sarah", "Andrew", "Jacob", "Maya")}

# Typed as the board reads: lists, ranges "3-8", pairs "6:2", printed icon names.
BOARD: dict[str, Any] = {
    "self_destruct.minutes": "30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, "
                             "14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1",
    "self_destruct.start_4p": "31",
    "self_destruct.terror_minutes": "24, 14",
    "hostility.length": "20",
    "hostility.start_2p": "1", "hostility.start_3p": "2", "hostility.start_4p": "3",
    "hostility.draw_card_spaces": "5, 11",
    "hostility.terror_spaces": "8",
    "hostility.red_claws": "6:2, 12:4, 18:6",
    "cocoon_2p.max_hand": "5, 6, 7, 8", "cocoon_2p.evolution": "1, 1, 2, 3",
    "cocoon_3p4p.max_hand": "6, 7, 8, 9", "cocoon_3p4p.evolution": "1, 2, 2, 3",
    "malfunction.spaces": "none, Power Outage, Android Malfunctions!, Self-Destruct, "
                          "Power Outage, Self-Destruct",
    "android_status.removals": "4, 3, 2, 1",
    "improvised_weaponry.length": "8", "improvised_weaponry.minimum": "4",
    "improvised_weaponry.draw_numbers": "1, 1, 2, 2, 3, 3, 4, 4",
    "improvised_weaponry.bonus_spaces": "2: Draw a Card",
    "coolant.length": "7", "coolant.minimum": "3", "coolant.overheating_2p_space": "3",
    "coolant.bonus_spaces": "5: Remove a Power Outage",
    "energy_cells.length": "9", "energy_cells.minimum": "4",
    "energy_cells.draw_number_spaces": "7, 8, 9", "energy_cells.bonus_spaces": "none",
    "halon_gas.bonus_spaces": "3: Move a Power Outage",
    "spacesuits.length": "6", "spacesuits.bonus_spaces": "none",
    "stowaway.second_card_minutes": "3-8", "stowaway.third_card_minutes": "9-15",
    "stowaway.one_two_minute_icons": "red claw, green eye",
    "showdown.data_token_icons": "red claw, blue claw, purple stinger, green eye",
    "showdown.tokens_in_two_for_one": "yes",
    "showdown.ships_cat_matches_2p": "1", "showdown.draw_when_weaponry_empty": "0",
    "module_d.actions_1_disks": "Search", "module_d.actions_2_disks": "Lifeform reveal, Search",
    "module_d.actions_3_disks": "Halon search, Search, Search",
    "module_d.actions_4_disks": "Halon search, Lifeform reveal, Search, Search",
    "module_b.impact_decks": "A-Deck, B-Deck, C-Deck", "android.path_chambers": "8",
}


def refused(s: Session, name: str, match: str, **args: object) -> str:
    """The action is refused with ``match`` in its reason, and nothing is recorded."""
    head = s.head
    with pytest.raises(ActionError, match=match) as err:
        s.do(name, **args)
    assert s.head == head
    return str(err.value)


def new(players: int = 3, modules: tuple[str, ...] = (), board: bool = True,
        seed: str = "t") -> Session:
    """A session with the test board (or none) for ``players``."""
    return Session(GAME, SessionSetup(players, {"modules": list(modules)}, NAMES[players],
                                      BOARD if board else {}), seed=seed)


def through_setup(s: Session) -> Session:
    """Record characters, calibrate and tick every setup step."""
    pool = ["Solomon", "Palmer", "Cameron", "Bennings", "Scott", "Chandra"]
    for i, member in enumerate(s.state.facts["crew"]):
        s.do("record_characters", crew_member=member, first=pool[2 * i], second=pool[2 * i + 1])
    s.do("reality_calibration", image="Image 1")
    s.do("tick_setup", step="all remaining")
    return s


def test_the_test_board_passes_the_profile_checks() -> None:
    s = new()
    assert board_of(s.state.board).unset_keys() == []
    assert s.state.facts["hostility_placed"] is True


def lifeform_acts(s: Session) -> Session:
    """The lifeform's one activity of its phase: Lurk below its MAX HAND, else a card."""
    from trackers.games.lifeform import decks

    who = s.state.facts["lifeform"]
    limit = decks.hand_limit(s.state, who, board_of(s.state.board))
    s.do("lurk" if limit is not None and decks.hand_size(s.state, who) < limit
         else "lifeform_card_played")
    return s


def crew_turns_over(s: Session) -> Session:
    """Every crew member still to play this Crew Activity phase ends their turn."""
    from trackers.games.lifeform import turns

    while turns.current(s.state) is not None:
        s.do("end_turn")
    return s


def lifeform_phase(s: Session) -> Session:
    """On to this round's Lifeform Activity phase, where the lifeform takes its activity."""
    from trackers.games.lifeform import turns

    while s.state.facts["phase"] != "lifeform":
        s.do("end_turn" if turns.current(s.state) is not None else "next_phase")
    return s
