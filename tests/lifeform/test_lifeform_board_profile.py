"""Board profile: built-in facts, unset gaps, validation messages, export/import (spec §13)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from trackers.games.lifeform.board_profile import (
    FORMAT,
    FORMAT_VERSION,
    SCHEMA,
    BoardProfile,
    ProfileInvalid,
    entry,
    export_profile,
    import_profile,
    unset_keys,
    validate_profile,
)

SEEDS = Path(__file__).resolve().parents[1].parent.parent / "shared" / "seeds"

# Made-up table values for tests only, consistent with what the rulebook reveals.
FULL: dict[str, object] = {
    "self_destruct.minutes": list(range(28, 0, -1)),
    "self_destruct.start_4p": 0,
    "self_destruct.terror_minutes": [27, 22, 14],
    "hostility.length": 20,
    "hostility.start_2p": 1,
    "hostility.start_3p": 2,
    "hostility.start_4p": 3,
    "hostility.draw_card_spaces": [5, 12],
    "hostility.terror_spaces": [8, 15],
    "hostility.red_claws": [[6, 2], [10, 3], [14, 4], [18, 5]],
    "cocoon_2p.max_hand": [5, 6, 7, 8],
    "cocoon_2p.evolution": [1, 1, 2, 3],
    "cocoon_3p4p.max_hand": [6, 7, 7, 8, 8],
    "cocoon_3p4p.evolution": [1, 1, 2, 2, 3],
    "malfunction.spaces": ["none", "power_outage", "android_malfunctions", "self_destruct"],
    "android_status.removals": [4, 3, 2, 1],
    "improvised_weaponry.length": 8,
    "improvised_weaponry.minimum": 4,
    "improvised_weaponry.draw_numbers": [1, 1, 2, 2, 3, 3, 4, 4],
    "improvised_weaponry.bonus_spaces": [[2, "draw_card"]],
    "coolant.length": 7,
    "coolant.minimum": 3,
    "coolant.overheating_2p_space": 4,
    "coolant.bonus_spaces": [],
    "energy_cells.length": 9,
    "energy_cells.minimum": 5,
    "energy_cells.draw_number_spaces": [7, 8, 9],
    "energy_cells.bonus_spaces": [[3, "remove_power_outage"]],
    "halon_gas.bonus_spaces": [[5, "move_power_outage"]],
    "spacesuits.length": 6,
    "spacesuits.bonus_spaces": [],
    "stowaway.second_card_minutes": [3, 6],
    "stowaway.third_card_minutes": [7, 12],
    "stowaway.one_two_minute_icons": ["green eye", "red claw"],
    "showdown.data_token_icons": ["red claw", "blue claw", "purple stinger", "green eye"],
    "showdown.tokens_in_two_for_one": False,
    "showdown.ships_cat_matches_2p": 1,
    "showdown.draw_when_weaponry_empty": 0,
    "module_d.actions_1_disks": ["halon_search", "search"],
    "module_d.actions_2_disks": ["halon_search", "search", "search"],
    "module_d.actions_3_disks": ["halon_search", "lifeform_reveal", "search", "search"],
    "module_d.actions_4_disks": ["halon_search", "search", "lifeform_reveal", "search"],
}


def errors_for(values: dict[str, object]) -> dict[str, str]:
    return {e.key: e.message for e in validate_profile(values)}


def test_known_values_are_built_in() -> None:
    profile = BoardProfile()
    assert profile.get("self_destruct.start_2p") == 25
    assert profile.get("self_destruct.start_3p") == 28
    assert (profile.get("self_destruct.mark_20"), profile.get("self_destruct.mark_10"),
            profile.get("self_destruct.mark_9")) == (20, 10, 9)
    assert profile.get("halon_gas.compartments") == (2, 3, 4)
    assert profile.get("halon_gas.length") == 9
    assert profile.get("improvised_weaponry.flamethrower_space") == 4
    assert profile.get("stowaway.one_two_minute_minutes") == (1, 2)
    assert profile.get("module_b.asteroid_minutes") == (19, 18, 17, 16)


def test_gaps_have_no_default_and_are_listed_unset() -> None:
    profile = BoardProfile()
    gaps = [e for e in SCHEMA if not e.built_in]
    assert all(e.known is None and e.gap for e in gaps)
    assert all(profile.get(e.key) is None for e in gaps)
    assert profile.unset_keys() == [e.key for e in gaps]
    covered = {e.gap for e in gaps}
    assert {"G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "G12", "G22", "G24",
            "G26"} <= covered


def test_unknown_message_names_label_and_rulebook_section() -> None:
    message = BoardProfile().unknown("hostility.start_3p")
    assert message == ("unknown: set Hostility start space, 3 players on your board profile "
                       "(rulebook: Reference Guide → Lifeform Board → Hostility Track (p.44); "
                       "Lifeform Setup step 12)")


def test_a_full_table_profile_is_valid_and_leaves_nothing_unset() -> None:
    assert validate_profile(FULL) == []
    assert unset_keys(FULL) == []
    profile = BoardProfile.from_values(FULL)
    assert profile.numbers("self_destruct.minutes")[:3] == (28, 27, 26)  # type: ignore[index]
    assert profile.pairs("hostility.red_claws")[2] == (14, 4)  # type: ignore[index]
    assert profile.span("stowaway.second_card_minutes") == (3, 6)


@pytest.mark.parametrize(("key", "value", "words"), [
    ("hostility.length", "20", "a whole number"),
    ("hostility.length", 1, "from 2 to 60"),
    ("hostility.length", True, "a whole number"),
    ("cocoon_2p.max_hand", [5, 0, 7], "from 1 to 15"),
    ("malfunction.spaces", ["none", "explosion"], "labels from: none, power_outage"),
    ("energy_cells.draw_number_spaces", [7, 8], "3 item(s)"),
    ("stowaway.third_card_minutes", [9, 7], "lowest 9 is above highest 7"),
    ("hostility.red_claws", [[6, 2], [6, 4]], "a space is listed twice"),
    ("showdown.tokens_in_two_for_one", 1, "yes or no"),
])
def test_bad_values_name_the_key_and_what_is_allowed(key: str, value: object, words: str) -> None:
    errors = errors_for({**FULL, key: value})
    assert key in errors
    assert words in errors[key]


def test_unknown_keys_and_changed_built_ins_are_refused() -> None:
    errors = errors_for({"hostility.colour": 3, "self_destruct.start_3p": 27})
    assert "not a Lifeform board profile entry" in errors["hostility.colour"]
    assert "built in from the rulebook as 28" in errors["self_destruct.start_3p"]
    assert validate_profile({"self_destruct.start_3p": 28}) == []  # same value: harmless


@pytest.mark.parametrize(("key", "value", "words"), [
    ("self_destruct.minutes", [28, 25, 20, 19, 18, 17, 16, 10, 9], "must include [6]"),
    ("self_destruct.minutes", [28, 25, 20, 19, 18, 17, 16, 10, 9, 6, 7], "strictly down"),
    ("self_destruct.terror_minutes", [27, 29], "one of self_destruct.minutes"),
    ("self_destruct.start_4p", 20, "0 or above 28"),
    ("hostility.start_4p", 21, "from 1 to hostility.length (20)"),
    ("hostility.red_claws", [[6, 2], [10, 3]], "one red claw must read 4"),
    ("cocoon_2p.evolution", [1, 1, 2, 2], "the final space must read 3"),
    ("cocoon_2p.evolution", [1, 2, 3], "one number per space"),
    ("cocoon_3p4p.max_hand", [6, 6, 7, 8, 8], "must read 7"),
    ("malfunction.spaces", ["none", "power_outage"], "exactly one space"),
    ("improvised_weaponry.draw_numbers", [1, 1, 2, 2, 4, 4, 4, 4], "5th space must read 3"),
    ("improvised_weaponry.draw_numbers", [1, 1, 2, 2, 3, 3], "needs 8 numbers"),
    ("improvised_weaponry.minimum", 9, "at most improvised_weaponry.length (8)"),
    ("coolant.overheating_2p_space", 8, "at most coolant.length (7)"),
    ("energy_cells.draw_number_spaces", [6, 8, 9], "above space 6"),
    ("energy_cells.draw_number_spaces", [7, 10, 9], "at most 9"),
    ("halon_gas.bonus_spaces", [[10, "draw_card"]], "from 1 to 9"),
    ("stowaway.third_card_minutes", [8, 12], "must include 6"),
])
def test_cross_checks_hold_entries_to_the_rulebook(key: str, value: object, words: str) -> None:
    values = dict(FULL)
    if key == "stowaway.third_card_minutes":
        values["stowaway.second_card_minutes"] = [3, 5]
    errors = errors_for({**values, key: value})
    assert key in errors, errors
    assert words in errors[key]


def test_from_values_raises_with_every_error_and_updates_change_nothing() -> None:
    with pytest.raises(ProfileInvalid) as caught:
        BoardProfile.from_values({"hostility.length": 0, "coolant.length": "x"})
    assert {e.key for e in caught.value.errors} == {"hostility.length", "coolant.length"}
    profile = BoardProfile.from_values({"hostility.length": 20})
    with pytest.raises(ProfileInvalid):
        profile.updated({"hostility.start_3p": 30})
    assert profile.get("hostility.start_3p") is None
    changed = profile.updated({"hostility.start_3p": 2})
    assert changed.get("hostility.start_3p") == 2
    assert changed.updated({"hostility.start_3p": None}).get("hostility.start_3p") is None


def test_export_import_round_trip_through_json() -> None:
    profile = BoardProfile.from_values(FULL)
    exported = export_profile(profile)
    assert exported["format"] == FORMAT and exported["version"] == FORMAT_VERSION
    assert "self_destruct.start_3p" not in exported["values"]  # type: ignore[operator]
    again = import_profile(json.loads(json.dumps(exported)))
    assert again == profile
    assert again.unset_keys() == []


@pytest.mark.parametrize(("data", "key"), [
    ([1, 2], "format"),
    ({"format": "something else", "version": 1, "values": {}}, "format"),
    ({"format": FORMAT, "version": FORMAT_VERSION + 1, "values": {}}, "version"),
    ({"format": FORMAT, "version": 1, "values": []}, "values"),
    ({"format": FORMAT, "version": 1, "values": {"coolant.length": 0}}, "coolant.length"),
])
def test_import_refuses_bad_files_naming_the_field(data: object, key: str) -> None:
    with pytest.raises(ProfileInvalid) as caught:
        import_profile(data)
    assert caught.value.errors[0].key == key


def test_entry_lookup_names_a_bad_key() -> None:
    assert entry("coolant.length").gap == "G9"
    with pytest.raises(KeyError, match="not a Lifeform board profile entry"):
        entry("coolant.colour")


def test_built_in_values_are_those_the_rulebook_prints() -> None:
    if not SEEDS.exists():
        pytest.skip("../shared/seeds not found: rulebook texts absent")
    base = (SEEDS / "000_ad9a464a3e715186.txt").read_text(encoding="utf-8")
    expansion = (SEEDS / "003_ddc87c48a94d8869.txt").read_text(encoding="utf-8")
    assert "2-player game: [25] space" in base and "3-player game: [28] space" in base
    # Patterns, not quotes: the product keeps no rulebook sentence, tests included.
    assert re.search(r"bottommost.{0,30}two spaces.{0,30}three spaces.{0,40}four spaces", base)
    assert re.search(r"fourth Mission token.{0,20}Improvised Weaponry", base)
    assert re.search(r"T-minus 19 mins.{0,30}T-minus 16 mins", expansion)
