"""The rule slips a real table found, one test each: every one failed before its fix."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import BOARD, lifeform_phase, new, through_setup
from tests.lifeform.test_lifeform_session_showdown import example, hibernate
from trackers.engine import ActionError, Session
from trackers.games.lifeform.board import check_board, warnings
from trackers.games.lifeform.characters import POOL_CHOICES, character_pool
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck, Secret


def lifeform_hand(s: Session) -> int:
    return s.state.piece("lifeform_deck", PhysicalDeck).hands.get("Sarah", 0)


def with_three_images() -> Session:
    """Round 1 with the third image on board: Cocoon pushed to its final space (3P)."""
    s = through_setup(new(3))
    for _ in range(3):
        s.do("cocoon_advance", card="already counted")
    s.do("reality_calibration", image="Image 2")
    return s


def test_an_attack_takes_the_played_lifeform_card_out_of_the_hand() -> None:
    s = lifeform_phase(through_setup(new(3)))
    s.do("attack", character="Solomon")
    assert lifeform_hand(s) == 2  # 3 at setup, 1 played
    s.do("character_killed", character="Solomon", kill="silent")
    s.do("reality_calibration", image="Image 1")
    s.do("attack", character="Palmer", card="already counted")  # after a Force Move
    assert lifeform_hand(s) == 2


def test_the_real_lifeform_is_never_burned_as_a_sensor_ghost() -> None:
    s = with_three_images()
    assert s.state.facts["images"]["on_board"] == ["Image 1", "Image 2", "Image 3"]
    before = s.head
    with pytest.raises(ActionError, match="real lifeform"):
        s.do("flamethrower_cocoon", crew_member="Andrew", ghost_removed="Image 2")
    assert s.head == before and len(s.state.facts["images"]["on_board"]) == 3  # unchanged
    s.do("flamethrower_cocoon", crew_member="Andrew", ghost_removed="Image 3")
    assert s.state.facts["images"]["on_board"] == ["Image 1", "Image 2"]


def test_check_a_fight_takes_none_for_the_data_tokens() -> None:
    s = example()
    hibernate(s, "keep all (worked example)")
    notes = s.do("fight_check", target="Jacob", fight_icons="green eye", data_tokens="none",
                 sister_data_tokens="none", cards="green eye")
    assert "every fight icon can be matched" in notes[0].text


def test_cocoon_and_malfunction_wait_for_the_end_of_the_setup() -> None:
    s = new(3)
    assert not s.available("cocoon_advance") and not s.available("malfunction_advance")
    through_setup(s)
    assert s.available("cocoon_advance") and s.available("malfunction_advance")


def test_a_completed_secret_objective_reads_completed() -> None:
    s = through_setup(new(3))
    s.do("complete_objective", slot="1")
    secret = s.state.piece("objective_1", Secret)
    assert secret.public_value() == "completed"
    assert secret.label == "Secret Objective 1 (title not noted)"  # read: "... revealed: completed"


def test_eliminated_crew_no_longer_show_aboard_the_remora() -> None:
    s = example()
    hibernate(s, "keep all (worked example)")
    s.do("fight_result", target="Jacob", result="eliminated")
    crew = next(p for p in GAME.panels(s.state)  # type: ignore[misc]
                if p.title == "Crew and characters")
    jacob = next(line for line in crew.lines if line.startswith("Jacob"))
    assert "Remora" not in jacob and "eliminated" in jacob


def test_ending_b_says_the_stowaway_reveal_once() -> None:
    s = example()  # launched at 6: Ending B, right guess
    s.undo()
    notes = " ".join(n.text for n in s.redo())
    assert notes.count("reveals its Stowaway card") == 1 and "Ending B" in notes


def test_the_stowaway_picker_shows_the_ranges_entered() -> None:
    s = through_setup(new(3))
    labels = [GAME.action("choose_stowaway").params[0].label_of(s.state, c)
              for c in ("1-2 Minute", "second", "third")]
    assert labels == ["1-2 Minute card", "second card (3-8 minutes)", "third card (9-15 minutes)"]


def test_the_coolant_bonus_is_carried_out_not_offered() -> None:
    s = through_setup(new(3))
    for _ in range(4):
        s.do("place_mission", column="coolant", crew_member="Andrew")
    bonus = " ".join(n.text for n in s.do("place_mission", column="coolant",  # space 5
                                         crew_member="Andrew"))
    assert "may " not in bonus and "Power Outage token goes back to the supply" in bonus
    assert s.state.facts["tokens_on_board"]["power_outage"] == 2  # 3 placed at setup, 1 back


def test_the_character_pool_is_the_tables_choice() -> None:
    assert len(character_pool([])) == 9
    assert "Villalobos" in character_pool([], POOL_CHOICES[1])
    assert len(character_pool(["A"], POOL_CHOICES[1])) == 12  # Setup step 8's "twelve"


def test_a_cocoon_track_without_max_hand_8_is_a_warning_not_a_refusal() -> None:
    values = {"cocoon_3p4p.max_hand": [6, 7, 7, 7], "cocoon_3p4p.evolution": [1, 2, 2, 3]}
    assert check_board(values) == []
    assert "MAX HAND 8" in warnings(values)[0]
    s = new(3, board=False)
    notes = s.do("set_board_value", key="cocoon_3p4p.max_hand", value="6, 7, 7, 7")
    assert any("MAX HAND 8" in n.text for n in notes)
    assert s.state.board["cocoon_3p4p.max_hand"] == [6, 7, 7, 7]


def test_asteroid_cards_are_not_named_by_deck_unless_the_table_says() -> None:
    assert "module_b.impact_decks" in {v.key for v in GAME.board_values}
    assert BOARD["module_b.impact_decks"] == "A-Deck, B-Deck, C-Deck"
