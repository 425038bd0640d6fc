"""The Shuttle Loadout and the launch readiness panel (spec lifeform §5)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import (
    BOARD,
    lifeform_acts,
    new,
    through_setup,
)
from trackers.engine import ActionError, Panel, Session
from trackers.engine.actions import BoardValueNeeded
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck


def fill(s: Session, column: str, n: int, who: str = "Andrew") -> list[str]:
    out: list[str] = []
    for _ in range(n):
        out += [note.text for note in s.do("place_mission", column=column, crew_member=who)]
    return out


def readiness(s: Session) -> dict[str, str]:
    panel: Panel = next(p for p in GAME.panels(s.state)  # type: ignore[misc]
                        if p.title == "Launch readiness")
    out = {}
    for line in panel.lines:
        if line.startswith("["):
            status, _, rest = line[1:].partition("] ")
            out[rest.split(":")[0]] = status
    return out


def test_columns_fill_from_the_bottom_and_refuse_when_full() -> None:
    s = through_setup(new(3))
    notes = fill(s, "spacesuits", 6)
    assert "Spacesuits space 6" in notes[-1]
    with pytest.raises(ActionError, match="full"):
        s.do("place_mission", column="spacesuits", crew_member="Andrew")
    assert s.state.facts["loadout"]["spacesuits"] == 6


def test_bonus_spaces_are_announced_and_the_flamethrower_is_taken_once() -> None:
    s = through_setup(new(3))
    notes = fill(s, "improvised_weaponry", 2)  # space 2: draw a card (test board)
    assert any("draws 1 Crew card" in n for n in notes)
    assert s.state.piece("crew_deck", PhysicalDeck).hands["Andrew"] == 4
    notes = fill(s, "improvised_weaponry", 2)  # space 4: Flamethrower (built in, T9)
    assert any("takes the Flamethrower card" in n for n in notes)
    assert s.state.facts["special_cards"]["flamethrower"] == "Andrew"
    notes = [n.text for n in s.do("remove_mission", column="improvised_weaponry",
                                  why="the android")]
    assert "back to the pool" in notes[0] and s.state.facts["mission_pool"] == 11
    notes = fill(s, "improvised_weaponry", 1, who="Jacob")
    assert any("only once" in n for n in notes)
    assert s.state.facts["special_cards"]["flamethrower"] == "Andrew"
    notes = fill(s, "coolant", 5)
    assert any("Power Outage" in n for n in notes)  # space 5: remove a Power Outage


def test_removal_takes_the_top_token_and_refuses_an_empty_column() -> None:
    s = through_setup(new(3))
    with pytest.raises(ActionError, match="empty"):
        s.do("remove_mission", column="coolant", why="test")
    fill(s, "coolant", 2)
    s.do("remove_mission", column="coolant", why="test")
    assert s.state.facts["loadout"]["coolant"] == 1


def test_readiness_lists_every_criterion_with_why() -> None:
    s = through_setup(new(3))
    ready = readiness(s)
    assert ready["At least 1 surviving character aboard the Remora"] == "not met"
    assert ready["Every drawn Secret Objective completed"] == "not met"
    assert ready["Improvised Weaponry filled below its Minimum bar"] == "not met"
    assert ready["All crew members agree"] == "unknown"
    fill(s, "improvised_weaponry", 4)
    fill(s, "coolant", 3)
    fill(s, "energy_cells", 4)
    s.do("complete_objective", slot="1")
    s.do("complete_objective", slot="2")
    ready = readiness(s)
    assert ready["Improvised Weaponry filled below its Minimum bar"] == "met"
    assert ready["Coolant filled below its Minimum bar"] == "met"
    assert ready["Energy Cells filled below its Minimum bar"] == "met"
    assert ready["Every drawn Secret Objective completed"] == "met"
    s.do("advance_self_destruct", spaces=8)
    s.do("choose_stowaway", card="second")  # the 20 mark
    s.do("board_remora", character="Solomon")
    ready = readiness(s)
    assert ready["At least 1 surviving character aboard the Remora"] == "met"
    assert ready["A Spacesuits token for each character aboard"] == "not met"
    assert ready["Characters left behind only from the 9-minute mark"] == "not met"
    fill(s, "spacesuits", 1)
    s.do("advance_self_destruct", spaces=11)  # 9
    ready = readiness(s)
    assert ready["A Spacesuits token for each character aboard"] == "met"
    assert ready["Characters left behind only from the 9-minute mark"] == "met"


def test_no_character_boards_before_20() -> None:
    s = through_setup(new(3))
    assert not s.available("board_remora")  # not offered before the 20 mark
    with pytest.raises(ActionError, match="not possible now"):
        s.do("board_remora", character="Solomon")


def test_2p_coolant_follows_the_overheating_token_and_the_cat_must_be_aboard() -> None:
    s = through_setup(new(2))
    ready = readiness(s)
    assert ready["The Ship's Cat aboard, if in play"] == "not met"
    fill(s, "coolant", 2)  # Overheating on space 3: 2 below it
    assert readiness(s)["Coolant filled below the Overheating token"] == "met"
    for _ in range(3):
        s.do("cocoon_advance", card="already counted")
    assert readiness(s)["Coolant filled below the Overheating token"] == "not met"
    panel = next(p for p in GAME.panels(s.state) if p.title == "Shuttle Loadout")  # type: ignore
    assert "Overheating token: Coolant space 4 (moved up 1)" in panel.lines
    for _ in range(9):  # one cat card a turn (rulebook, The Ship's Cat)
        s.do("play_role_card", role="the Ship's Cat")
        for step in ("end_turn", "next_phase", "lifeform", "next_phase"):  # idle Android passes
            lifeform_acts(s) if step == "lifeform" else s.do(step)
    notes = s.do("play_role_card", role="the Ship's Cat")
    assert "Remora" in notes[-1].text and s.state.facts["ships_cat"]["aboard"]
    assert readiness(s)["The Ship's Cat aboard, if in play"] == "met"


def test_loadout_panel_shows_counts_and_lengths() -> None:
    s = through_setup(new(3, board=False))
    with pytest.raises(BoardValueNeeded) as asked:  # Halon's 9 spaces are in the text
        s.do("place_mission", column="halon_gas", crew_member="Jacob")
    assert asked.value.keys == ["halon_gas.bonus_spaces"]
    s.do("set_board_value", key="halon_gas.bonus_spaces", value=BOARD["halon_gas.bonus_spaces"])
    s.do("place_mission", column="halon_gas", crew_member="Jacob")
    panel = next(p for p in GAME.panels(s.state) if p.title == "Shuttle Loadout")  # type: ignore
    assert "Halon Gas: 1/9" in panel.lines and "Coolant: 0 (length unset)" in panel.lines
