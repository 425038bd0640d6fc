"""Launch and endings A, B and C, with the Stowaway reveal and the +/- token (spec §5.3, §9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.lifeform.test_lifeform_session_fixtures import BOARD, new, through_setup
from trackers.engine import ActionError, Note, Session
from trackers.engine.actions import BoardValueNeeded
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret, Track


def ready(card: str, board: bool = True, aboard: tuple[str, ...] = (
        "Solomon", "Palmer", "Cameron", "Bennings")) -> Session:
    """3P: loadout minimums filled, objectives done, card chosen at 20, characters aboard."""
    s = through_setup(new(3, board=board))
    if not board:
        loadout = [f"{c}.{v}" for c in ("improvised_weaponry", "coolant", "energy_cells",
                                        "spacesuits") for v in ("length", "bonus_spaces")]
        for key in ("self_destruct.minutes", "self_destruct.terror_minutes",
                    "improvised_weaponry.minimum",
                    "energy_cells.minimum", "stowaway.third_card_minutes", *loadout):
            s.do("set_board_value", key=key, value=BOARD[key])
    for column, n in (("improvised_weaponry", 4), ("coolant", 3), ("energy_cells", 4),
                      ("spacesuits", len(aboard))):
        for _ in range(n):
            s.do("place_mission", column=column, crew_member="Jacob")
    s.do("complete_objective", slot="1")
    s.do("complete_objective", slot="2")
    s.do("advance_self_destruct", spaces=8)  # 20
    s.do("choose_stowaway", card=card)
    for name in aboard:
        s.do("board_remora", character=name)
    return s


def to_minute(s: Session, minute: int) -> None:
    s.do("advance_self_destruct", spaces=s.state.piece("self_destruct", Track).position - minute)


def text(notes: list[Note]) -> str:
    return "\n".join(n.text for n in notes)


def test_launch_is_refused_while_a_criterion_is_not_met() -> None:
    s = ready("second", aboard=("Solomon",))
    with pytest.raises(ActionError, match="9-minute"):
        s.do("launch")
    assert s.state.facts["stage"] == "starship"


def test_ending_a_before_9_the_crew_wins_without_a_stowaway_check() -> None:
    s = ready("second")
    to_minute(s, 12)  # T25
    notes = s.do("launch")
    assert "Ending A" in text(notes)
    assert s.state.facts["status"] == "the crew won (Ending A)"
    assert not s.state.piece("stowaway", Secret).revealed
    s.undo()
    assert s.state.facts["status"] == "in progress" and s.state.facts["ending"] is None


def test_ending_b_correct_guess_goes_to_the_showdown() -> None:
    s = ready("second")  # 3-8 on the test board
    to_minute(s, 6)
    notes = s.do("launch")
    assert "reveals its Stowaway card: second" in text(notes) and "matches code" in text(notes)
    assert "correct guess" in text(notes)
    assert s.state.facts["stage"] == "showdown"
    assert s.state.facts["status"] == "Showdown (after Ending B)"


def test_ending_b_wrong_guess_the_crew_wins() -> None:
    s = ready("third")  # 9-15
    to_minute(s, 6)
    notes = s.do("launch")
    assert "wrong guess" in text(notes)
    assert s.state.facts["status"] == "the crew won (Ending B)"


def test_ending_b_with_the_token_reaches_into_the_range_and_is_used_up() -> None:
    s = ready("third")  # 9-15
    s.do("stowaway_token", held=True)
    to_minute(s, 8)
    notes = s.do("launch")
    assert "8 + 1 = 9" in text(notes) and s.state.facts["stage"] == "showdown"
    assert s.state.facts["stowaway_token"] is False


def test_ending_b_1_2_minute_card_is_kept_for_the_showdown_t27() -> None:
    s = ready("1-2 Minute")
    s.do("stowaway_token", held=True)
    to_minute(s, 3)
    notes = s.do("launch")
    assert "keeps the 1-2 Minute card" in text(notes)
    assert s.state.facts["showdown"]["stowaway_card"] is True


def test_ending_c_characters_left_behind_the_card_goes_unseen_t26() -> None:
    s = ready("third", aboard=("Solomon", "Palmer", "Cameron"))
    to_minute(s, 7)
    notes = s.do("launch")
    assert "Ending C" in text(notes) and "discard up to 1 Lifeform" in text(notes)
    assert s.state.facts["stage"] == "showdown"
    assert not s.state.piece("stowaway", Secret).revealed  # removed unseen
    assert "third" not in str(s.state.public_dict()["pieces"]["stowaway"]["value"])


def test_c9_last_man_aboard_before_9_gives_both_readings_for_the_table() -> None:
    s = ready("third", aboard=("Solomon", "Palmer", "Cameron"))
    s.do("character_killed", character="Bennings")
    assert s.state.facts["last_man_aboard"]
    notes = s.do("launch")  # at 20
    assert "Last Man Aboard kill before 9" in text(notes) and s.state.facts["stage"] == "launched"
    labels = s.action("choose_ending_reading").params[0].allowed(s.state)
    assert len(labels) == 2
    panel = next(p for p in GAME.panels(s.state) if p.title == "Ending")  # type: ignore
    assert len(panel.lines) == 4
    s.do("choose_ending_reading", reading=labels[1])
    assert s.state.facts["status"] == "the crew won (Ending A)"
    s.undo()
    s.do("choose_ending_reading", reading=labels[0])
    assert s.state.facts["stage"] == "showdown"


def test_an_unset_stowaway_range_is_asked_at_the_launch_and_settles_ending_b() -> None:
    s = ready("second", board=False)  # the second card's range and coolant.minimum unset
    to_minute(s, 6)
    with pytest.raises(BoardValueNeeded) as asked:  # both ranges asked: the card stays secret
        s.do("launch")
    assert asked.value.keys == ["coolant.minimum", "stowaway.second_card_minutes"]
    s.do("set_board_value", key="coolant.minimum", value="3")
    s.do("set_board_value", key="stowaway.second_card_minutes", value="3-8")
    notes = s.do("launch")
    assert "Ending B" in text(notes)
    assert s.state.facts["stage"] == "showdown"


def test_declaring_a_lifeform_win_by_hand() -> None:
    s = ready("second")
    s.do("declare_lifeform_win", reason="everyone aboard and the Coolant can never be filled")
    assert s.state.facts["status"].startswith("the lifeform won")
    assert not s.available("launch")


PILOT: list[tuple[str, dict[str, Any]]] = [  # what the lead's pilot test plays by keys
    ("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Cameron", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 1"}),  # z, behind the curtain
    ("tick_setup", {"step": "all remaining"}),  # command palette
    ("place_mission", {"column": "improvised_weaponry", "crew_member": "Andrew"}),  # m
    ("end_turn", {}),  # w: Andrew's turn is over, Jacob's begins
    ("equip", {"crew_member": "Jacob", "option": "draw 3, Self-Destruct +2"}),  # e: 28 -> 26
    ("advance_self_destruct", {"spaces": 6}),  # j: -> 20
    ("choose_stowaway", {"card": "second"}),  # behind the curtain (3-8 on the test board)
    ("meet_image", {"image": "Image 2", "character": "Solomon"}),  # i: a ghost, SD -> 19
    ("reality_calibration", {"image": "Image 2"}),  # z
    ("end_turn", {}),  # w: Jacob's turn is over
    ("next_phase", {}),  # n: the android is not active: on to the Lifeform Activity phase
    ("attack", {"character": "Bennings"}),  # a
    ("character_killed", {"character": "Bennings", "kill": "noisy"}),  # k
    ("reality_calibration", {"image": "Image 1"}),  # z
    ("next_phase", {}),  # n: round 2; Andrew's turn: the tokens go on, then the launch
    *[("place_mission", {"column": c, "crew_member": "Andrew"})
      for c in ["improvised_weaponry"] * 3 + ["coolant"] * 3 + ["energy_cells"] * 4
      + ["spacesuits"] * 3],
    ("complete_objective", {"slot": "1"}),
    ("complete_objective", {"slot": "2"}),
    *[("board_remora", {"character": c}) for c in ("Solomon", "Palmer", "Cameron")],  # o
    ("advance_self_destruct", {"spaces": 13}),  # j: 19 -> 6
    ("launch", {}),  # g: Andrew, the active crew member, launches in his turn
]


@pytest.mark.parametrize(("card", "status"), [("second", "Showdown (after Ending B)"),
                                              ("third", "the crew won (Ending B)")])
def test_a_3_player_game_to_ending_b_with_a_right_and_a_wrong_guess(card: str,
                                                                    status: str) -> None:
    s = new(3)
    for name, args in PILOT:
        s.do(name, **(args | {"card": card} if name == "choose_stowaway" else args))
    assert s.state.facts["status"] == status
    assert s.state.piece("stowaway", Secret).revealed
