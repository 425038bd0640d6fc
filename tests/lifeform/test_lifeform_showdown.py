"""Hibernation numbers (spec §10.2): the rulebook's Showdown example (§12.4), T10, T19, T24."""

from __future__ import annotations

import pytest

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.hibernation import (
    crew_cards_to_draw,
    halon_gas_blast_tokens,
    hibernation,
    hostility_tokens,
    keep_readings,
    lifeform_draw,
)
from trackers.games.lifeform.launch import Loadout
from trackers.games.lifeform.showdown import (
    dragging_card_claws,
    legal_targets,
    lifeform_can_still_win,
    showdown_winner,
)

# Made-up board values for tests only, consistent with the rulebook's Showdown example:
# IW space 5 reads 3, Energy Cells' 4 is above space 6, Cocoon 3P/4P one above Start is 7,
# and a red claw reads 4.
EXAMPLE = Board.from_values({
    "improvised_weaponry.length": 8,
    "improvised_weaponry.draw_numbers": [1, 1, 2, 2, 3, 3, 4, 4],
    "energy_cells.length": 9,
    "energy_cells.draw_number_spaces": [7, 8, 9],
    "cocoon_3p4p.max_hand": [6, 7, 7, 8, 8],
    "cocoon_2p.max_hand": [5, 6, 7, 8],
    "hostility.length": 20,
    "hostility.red_claws": [[6, 2], [10, 3], [14, 4], [18, 5]],
})
SHOWDOWN_LOADOUT = Loadout(improvised_weaponry=5, coolant=4, energy_cells=6, halon_gas=2,
                           spacesuits=3)


def test_rulebook_example_hibernation_numbers() -> None:
    numbers = hibernation(player_count=3, loadout=SHOWDOWN_LOADOUT, hostility_space=15,
                          characters_on_valley_forge=0, lifeform_hand=2, cocoon_space=2,
                          profile=EXAMPLE)
    assert numbers.crew_cards.value == 3  # five IW tokens -> 3
    assert numbers.halon_tokens.value == 1  # 3P: no bonus
    assert numbers.remora_token.value == 1
    assert numbers.lifeform_draw.value == 4  # six Energy Cells tokens -> 4
    assert numbers.hostility_tokens.value == 4  # the red claw "4"
    rule_text, example = numbers.lifeform_keeps
    assert rule_text.label.startswith("reading 1 (rule text)") and rule_text.keeps == 1
    assert rule_text.hand_after == 3
    assert example.label.startswith("reading 2 (worked example)")
    assert (example.keeps, example.hand_after, example.discards_for_limit) == (4, 6, 0)
    assert "MAX HAND 7" in example.why
    assert all(n.why for n in (numbers.crew_cards, numbers.halon_tokens,
                               numbers.lifeform_draw, numbers.hostility_tokens))


@pytest.mark.parametrize(("tokens", "players", "expected"), [
    (0, 3, 0), (1, 3, 0), (2, 3, 1), (4, 3, 1), (4, 2, 2), (5, 3, 2), (8, 3, 2), (9, 3, 3),
    (9, 2, 4), (0, 2, 1),
])
def test_halon_compartments_two_three_four_and_the_two_player_bonus(
        tokens: int, players: int, expected: int) -> None:
    number = halon_gas_blast_tokens(Loadout(halon_gas=tokens), players, Board())
    assert number.value == expected


def test_t10_four_halon_tokens_why() -> None:
    why = halon_gas_blast_tokens(Loadout(halon_gas=4), 2, Board()).why
    assert why == "Halon Gas holds 4: 1 full compartment of 2/3/4 +1 for a 2-player game"


def test_halon_overflow_is_refused() -> None:
    with pytest.raises(ValueError, match="halon_gas: 10 tokens"):
        halon_gas_blast_tokens(Loadout(halon_gas=10), 3, Board())


def test_energy_cells_always_give_at_least_one() -> None:
    assert lifeform_draw(Loadout(energy_cells=9), EXAMPLE).value == 1
    assert lifeform_draw(Loadout(energy_cells=7), EXAMPLE).value == 3
    assert lifeform_draw(Loadout(energy_cells=0), EXAMPLE).value == 4


def test_unset_board_values_give_unknown_not_a_guess() -> None:
    numbers = hibernation(player_count=3, loadout=SHOWDOWN_LOADOUT, hostility_space=15,
                          characters_on_valley_forge=0, lifeform_hand=2, cocoon_space=2,
                          profile=Board())
    assert numbers.crew_cards.value is None
    assert numbers.crew_cards.why.startswith("unknown: enter 'Improvised Weaponry number left")
    assert numbers.lifeform_draw.value is None
    assert numbers.hostility_tokens.value is None
    assert numbers.halon_tokens.value == 1  # built in: needs no board value
    assert all(r.keeps is None for r in numbers.lifeform_keeps)


def test_g24_empty_weaponry_asks_for_the_table_setting() -> None:
    assert crew_cards_to_draw(Loadout(), EXAMPLE).why.startswith(
        "Improvised Weaponry is empty; unknown: enter 'Crew cards drawn at hibernation")
    set_ = Board.from_values({"showdown.draw_when_weaponry_empty": 0})
    assert crew_cards_to_draw(Loadout(), set_).value == 0


def test_step_five_kills_raise_hostility_before_the_token_count() -> None:
    numbers = hibernation(player_count=3, loadout=SHOWDOWN_LOADOUT, hostility_space=13,
                          characters_on_valley_forge=1, lifeform_hand=2, cocoon_space=2,
                          profile=EXAMPLE)
    assert numbers.characters_killed.value == 1
    assert numbers.hostility_space.value == 15
    assert numbers.hostility_tokens.value == 4
    before = hibernation(player_count=3, loadout=SHOWDOWN_LOADOUT, hostility_space=13,
                         characters_on_valley_forge=0, lifeform_hand=2, cocoon_space=2,
                         profile=EXAMPLE)
    assert before.hostility_tokens.value == 3


def test_hostility_tokens_take_the_highest_claw_reached_or_passed() -> None:
    assert hostility_tokens(5, EXAMPLE).value == 0
    assert hostility_tokens(6, EXAMPLE).value == 2
    assert hostility_tokens(25, EXAMPLE).value == 5


def test_passing_the_last_hostility_space_is_noted_as_g4() -> None:
    numbers = hibernation(player_count=3, loadout=SHOWDOWN_LOADOUT, hostility_space=19,
                          characters_on_valley_forge=2, lifeform_hand=2, cocoon_space=2,
                          profile=EXAMPLE)
    assert any("does not say what happens there" in note for note in numbers.notes)
    assert numbers.hostility_tokens.value == 5


def test_keep_readings_cut_to_the_hand_limit() -> None:
    rule_text, example = keep_readings(4, 6, 7, "MAX HAND 7")
    assert (rule_text.hand_after, rule_text.discards_for_limit) == (7, 0)
    assert (example.hand_after, example.discards_for_limit) == (7, 3)


def test_two_player_uses_the_cocoon_2p_hand_size() -> None:
    numbers = hibernation(player_count=2, loadout=SHOWDOWN_LOADOUT, hostility_space=1,
                          characters_on_valley_forge=0, lifeform_hand=4, cocoon_space=1,
                          profile=EXAMPLE)
    assert numbers.lifeform_keeps[1].hand_after == 5  # MAX HAND 5 on Cocoon 2P Start
    assert numbers.halon_tokens.value == 2


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"player_count": 1}, "player_count"),
    ({"cocoon_space": 6}, "cocoon_space"),
    ({"hostility_space": 0}, "hostility_space"),
    ({"lifeform_hand": -1}, "lifeform_hand"),
])
def test_bad_input_names_the_field(kwargs: dict[str, int], field: str) -> None:
    base = {"player_count": 3, "hostility_space": 1, "characters_on_valley_forge": 0,
            "lifeform_hand": 2, "cocoon_space": 1}
    with pytest.raises(ValueError, match=field):
        hibernation(**{**base, **kwargs}, loadout=SHOWDOWN_LOADOUT,
                    profile=EXAMPLE)


def test_t24_targets_alternate_unless_one_is_left() -> None:
    assert legal_targets(["Andrew", "Jacob"], "Andrew") == ("Jacob",)
    assert legal_targets(["Andrew", "Jacob"], None) == ("Andrew", "Jacob")
    assert legal_targets(["Andrew"], "Andrew") == ("Andrew",)


def test_t19_one_card_cannot_beat_two_crew_members() -> None:
    assert lifeform_can_still_win(lifeform_cards=1, surviving_crew=2) is False
    assert lifeform_can_still_win(lifeform_cards=2, surviving_crew=2) is True


def test_who_wins_the_showdown() -> None:
    assert showdown_winner(surviving_crew=1, lifeform_cards=0) == "crew"  # the example's end
    assert showdown_winner(surviving_crew=0, lifeform_cards=3) == "lifeform"
    assert showdown_winner(surviving_crew=2, lifeform_cards=1) is None


def test_dragging_card_claws() -> None:
    assert (dragging_card_claws(1), dragging_card_claws(2)) == (1, 3)
    with pytest.raises(ValueError, match="characters_on_card"):
        dragging_card_claws(3)
