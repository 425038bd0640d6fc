"""Module D: hiding place, Hostility bet, searches and the outcome table (spec §11.4, T32-T33)."""

from __future__ import annotations

import json

import pytest

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.module_d import (
    Location,
    false_marks,
    finish_hunt,
    hunt_actions,
    lifeform_reveal,
    reward_options,
    search,
    skip_halon,
    start_hunt,
)

COCKPIT, STORAGE, HYPERSLEEP, LOCKER, ENGINEERING = (
    Location.COCKPIT, Location.STORAGE_BAY, Location.HYPERSLEEP, Location.SUPPLY_LOCKER,
    Location.ENGINEERING)
SEARCHES = ("search", "search")


def test_t32_hidden_in_the_locker_with_the_bet_there_never_found() -> None:
    hunt = start_hunt(LOCKER, bet=LOCKER, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    hunt, first = search(hunt, COCKPIT)
    hunt, second = search(hunt, STORAGE)
    assert not first.found and not second.found
    end = finish_hunt(hunt)
    assert not end.found
    (effect,) = end.effects
    assert (effect.who, effect.cards, effect.ignore_hand_limit) == ("lifeform", 1, True)
    assert end.bet_tokens_to_lifeform == 2
    assert end.rewards == ()


def test_t33_failed_search_in_the_storage_bay_costs_a_card_then_next_action() -> None:
    hunt = start_hunt(COCKPIT, bet=HYPERSLEEP, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    hunt, result = search(hunt, STORAGE)
    assert not result.found
    assert (result.effect.who, result.effect.cards) == ("crew", -1)
    assert result.why.startswith("WHERE THE HELL IS IT?!")
    assert hunt.next_action == "search"


def test_found_removes_the_bet_applies_discovered_and_offers_rewards() -> None:
    hunt = start_hunt(LOCKER, bet=COCKPIT, crew_disks=4, actions=("search", "search", "search"),
                      halon_tokens=0)
    hunt, result = search(hunt, LOCKER)
    assert result.found and result.why.startswith("IT'S IN HERE!")
    assert "2 bet Hostility tokens leave the game" in result.why
    assert (result.effect.who, result.effect.hostility_tokens) == ("lifeform", -1)
    assert hunt.finished  # straight to the Showdown
    end = finish_hunt(hunt)
    assert end.found and end.bet_tokens_to_lifeform == 0 and end.effects == ()
    assert end.remaining_disks == 3
    assert [(r.disks, r.combat_tokens) for r in end.rewards] == [(1, 1), (2, 3), (3, 4)]
    assert "the text does not say both may be filled" in end.rewards[2].label


def test_bet_elsewhere_is_not_kept() -> None:
    hunt = start_hunt(HYPERSLEEP, bet=COCKPIT, crew_disks=1, actions=("search",),
                      halon_tokens=0)
    hunt, _ = search(hunt, STORAGE)
    end = finish_hunt(hunt)
    assert end.bet_tokens_to_lifeform == 0
    assert end.effects[0].hostility_tokens == 2  # Hypersleep: +2 Hostility tokens


@pytest.mark.parametrize(("place", "failed", "found", "hidden"), [
    (Location.COCKPIT, (0, 0), (0, 0), (0, 1)),
    (Location.STORAGE_BAY, (-1, 0), (-1, 0), (2, 0)),
    (Location.HYPERSLEEP, (0, 0), (0, 0), (0, 2)),
    (Location.SUPPLY_LOCKER, (0, 0), (0, -1), (1, 0)),
    (Location.ENGINEERING, (-1, 0), (-2, 0), (0, 0)),
])
def test_outcome_table_cards_and_hostility_tokens(
        place: Location, failed: tuple[int, int], found: tuple[int, int],
        hidden: tuple[int, int]) -> None:
    other = COCKPIT if place is not COCKPIT else STORAGE
    hunt = start_hunt(other, bet=COCKPIT, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    _, miss = search(hunt, place)
    assert (miss.effect.cards, miss.effect.hostility_tokens) == failed
    hunt = start_hunt(place, bet=COCKPIT, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    _, hit = search(hunt, place)
    assert (hit.effect.cards, hit.effect.hostility_tokens) == found
    hunt = start_hunt(place, bet=COCKPIT, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    hunt, _ = search(hunt, other)
    hunt, _ = search(hunt, other)
    effect = finish_hunt(hunt).effects[0]
    assert (effect.cards, effect.hostility_tokens) == hidden


def test_engineering_never_searched_kills_one_crew_member() -> None:
    hunt = start_hunt(ENGINEERING, bet=STORAGE, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    hunt, _ = search(hunt, COCKPIT)
    hunt, _ = search(hunt, LOCKER)
    end = finish_hunt(hunt)
    assert end.effects[0].kills == 1
    assert any("one and the same kill" in n for n in end.notes)


def test_engineering_failed_search_costs_each_crew_member_a_card() -> None:
    hunt = start_hunt(COCKPIT, bet=STORAGE, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    _, result = search(hunt, ENGINEERING)
    assert result.effect.per_crew_member and result.effect.cards == -1


def test_the_bet_may_not_go_on_engineering() -> None:
    with pytest.raises(ValueError, match="except the Engineering Compartment"):
        start_hunt(COCKPIT, bet=ENGINEERING, crew_disks=2, actions=SEARCHES, halon_tokens=0)


def test_halon_search_spends_a_token_not_a_disk_and_may_be_skipped() -> None:
    actions = ("halon_search", "search")
    hunt = start_hunt(COCKPIT, bet=STORAGE, crew_disks=1, actions=actions, halon_tokens=1)
    hunt, result = search(hunt, HYPERSLEEP)
    assert not result.found
    assert (hunt.halon_spent, hunt.disks_placed) == (1, 0)
    skipped = skip_halon(start_hunt(COCKPIT, bet=STORAGE, crew_disks=1, actions=actions,
                                    halon_tokens=1))
    assert skipped.next_action == "search" and skipped.halon_spent == 0
    no_halon = start_hunt(COCKPIT, bet=STORAGE, crew_disks=1, actions=actions, halon_tokens=0)
    with pytest.raises(ValueError, match="no Halon Gas Blast token"):
        search(no_halon, HYPERSLEEP)


def test_lifeform_reveal_records_the_owners_mark_and_a_false_one_shows_at_the_reveal() -> None:
    hunt = start_hunt(COCKPIT, bet=STORAGE, crew_disks=3,
                      actions=("lifeform_reveal", "search"), halon_tokens=0)
    # Never refused in public: a refusal of the hiding place would tell the crew where it is.
    false = lifeform_reveal(hunt, COCKPIT)
    assert false.revealed_empty == (COCKPIT,) and false_marks(false) == (COCKPIT,)
    hunt = lifeform_reveal(hunt, LOCKER)
    assert false_marks(hunt) == ()
    assert hunt.revealed_empty == (LOCKER,)
    with pytest.raises(ValueError, match="next module D action is search"):
        lifeform_reveal(hunt, STORAGE)


def test_actions_run_in_order_and_end() -> None:
    hunt = start_hunt(COCKPIT, bet=STORAGE, crew_disks=1, actions=("search",), halon_tokens=0)
    with pytest.raises(ValueError, match="not halon_search"):
        skip_halon(hunt)
    with pytest.raises(ValueError, match="the hunt is not over"):
        finish_hunt(hunt)
    hunt, _ = search(hunt, STORAGE)
    with pytest.raises(ValueError, match="the hunt is over"):
        search(hunt, COCKPIT)


def test_the_hiding_place_stays_secret_until_found() -> None:
    hunt = start_hunt(HYPERSLEEP, bet=STORAGE, crew_disks=2, actions=SEARCHES, halon_tokens=0)
    hunt, _ = search(hunt, COCKPIT)
    shown = repr(hunt) + json.dumps(hunt.public_view())
    assert "Hypersleep" not in shown
    hunt, _ = search(hunt, HYPERSLEEP)
    assert hunt.public_view()["hiding_place"] == "Hypersleep Chamber"


def test_strip_actions_come_from_the_board_profile() -> None:
    actions, why = hunt_actions(3, Board())
    assert actions is None
    assert why.startswith("unknown: enter 'Module D actions with 3 crew disks'")
    profile = Board.from_values({"module_d.actions_3_disks": ["halon_search", "search"]})
    assert hunt_actions(3, profile)[0] == ("halon_search", "search")
    skip, why = hunt_actions(5, profile)
    assert skip == () and "straight to the Showdown" in why and "the text is unclear" in why


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"crew_disks": 5}, "straight to the Showdown"),
    ({"actions": ("dance",)}, "expected halon_search"),
    ({"halon_tokens": -1}, "halon_tokens"),
])
def test_bad_hunt_setup_is_refused(kwargs: dict[str, object], words: str) -> None:
    base: dict[str, object] = {"hiding_place": COCKPIT, "bet": STORAGE, "crew_disks": 2,
                               "actions": SEARCHES, "halon_tokens": 0}
    with pytest.raises(ValueError, match=words):
        start_hunt(**{**base, **kwargs})  # type: ignore[arg-type]


def test_reward_options_by_remaining_disks() -> None:
    assert reward_options(0) == ()
    assert [r.combat_tokens for r in reward_options(2)] == [1, 3]
