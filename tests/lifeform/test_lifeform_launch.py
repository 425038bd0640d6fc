"""Launch readiness: every criterion of spec §5.3 with met / not met / unknown and why."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.launch import LaunchState, Loadout, Status, check_launch

# Made-up board values for tests only.
BARS = Board.from_values({
    "improvised_weaponry.minimum": 4, "coolant.minimum": 3, "energy_cells.minimum": 5,
    "coolant.overheating_2p_space": 4, "coolant.length": 7, "improvised_weaponry.length": 8,
})
FILLED = Loadout(improvised_weaponry=4, coolant=3, energy_cells=5, halon_gas=2, spacesuits=4)
READY_3P = LaunchState(player_count=3, loadout=FILLED, characters_aboard=4,
                       characters_on_valley_forge=0, self_destruct=12, crew_agree=True)


def statuses(state: LaunchState, profile: Board = BARS) -> dict[str, Status]:
    return {c.key: c.status for c in check_launch(state, profile).criteria}


def test_every_criterion_is_listed_and_all_met() -> None:
    check = check_launch(READY_3P, BARS)
    assert [c.key for c in check.criteria] == [
        "character_aboard", "secret_objectives", "improvised_weaponry", "coolant",
        "energy_cells", "spacesuits", "nine_minutes", "ships_cat", "crew_agree"]
    assert check.ready is True
    assert all(c.why and "rulebook p. 35, Launch the Remora "
                         "Sequence" in c.rule for c in check.criteria)


@pytest.mark.parametrize(("change", "key"), [
    ({"characters_aboard": 0, "loadout": FILLED}, "character_aboard"),
    ({"secret_objectives_left": 1}, "secret_objectives"),
    ({"loadout": replace(FILLED, improvised_weaponry=3)}, "improvised_weaponry"),
    ({"loadout": replace(FILLED, coolant=2)}, "coolant"),
    ({"loadout": replace(FILLED, energy_cells=4)}, "energy_cells"),
    ({"loadout": replace(FILLED, spacesuits=3)}, "spacesuits"),
    ({"characters_on_valley_forge": 1}, "nine_minutes"),
    ({"ships_cat_in_play": True}, "ships_cat"),
    ({"crew_agree": False}, "crew_agree"),
])
def test_each_criterion_can_fail_on_its_own(change: dict[str, object], key: str) -> None:
    state = replace(READY_3P, **change)  # type: ignore[arg-type]
    check = check_launch(state, BARS)
    failed = [c.key for c in check.criteria if c.status is Status.NOT_MET]
    assert failed == [key]
    assert check.ready is False


def test_unset_bars_are_unknown_with_the_board_value_to_set() -> None:
    check = check_launch(READY_3P, Board())
    iw = check.criterion("improvised_weaponry")
    assert iw.status is Status.UNKNOWN
    assert iw.why.startswith("unknown: enter 'Improvised Weaponry spaces below the Minimum bar' "
                             "from your board (rulebook p. 46, Shuttle Loadout")
    assert check.criterion("spacesuits").status is Status.MET  # needs no board value
    assert check.ready is None


def test_nine_minute_rule_allows_leaving_characters_from_nine() -> None:
    at_nine = replace(READY_3P, characters_on_valley_forge=1, self_destruct=9)
    assert statuses(at_nine)["nine_minutes"] is Status.MET
    at_ten = replace(at_nine, self_destruct=10)
    why = check_launch(at_ten, BARS).criterion("nine_minutes").why
    assert "has not reached 9" in why


def test_spacesuits_count_characters_not_the_cat() -> None:
    state = replace(READY_3P, loadout=replace(FILLED, spacesuits=2), characters_aboard=2,
                    ships_cat_in_play=True, ships_cat_aboard=True)
    assert statuses(state)["spacesuits"] is Status.MET
    assert statuses(state)["ships_cat"] is Status.MET


def test_two_player_coolant_uses_the_overheating_token_and_its_moves() -> None:
    two = replace(READY_3P, player_count=2, characters_aboard=2, ships_cat_aboard=True,
                  loadout=replace(FILLED, coolant=3))
    assert statuses(two)["coolant"] is Status.MET  # token on space 4: spaces 1-3 filled
    moved = replace(two, overheating_moves=1)  # Cocoon final space, spec §4.3 (T30)
    crit = check_launch(moved, BARS).criterion("coolant")
    assert crit.status is Status.NOT_MET
    assert "4 needed below the Overheating token on space 5" in crit.why


def test_two_player_cat_is_always_in_play() -> None:
    two = replace(READY_3P, player_count=2, characters_aboard=2, ships_cat_in_play=False,
                  ships_cat_aboard=False, loadout=replace(FILLED, coolant=3))
    assert statuses(two)["ships_cat"] is Status.NOT_MET


def test_agreement_not_asked_is_unknown() -> None:
    check = check_launch(replace(READY_3P, crew_agree=None), BARS)
    assert check.criterion("crew_agree").status is Status.UNKNOWN
    assert check.ready is None


def test_everyone_aboard_and_stuck_warns_the_lifeform_may_win() -> None:
    stuck = replace(READY_3P, loadout=replace(FILLED, energy_cells=1))
    notes = check_launch(stuck, BARS).notes
    assert any("the lifeform wins at once" in n for n in notes)
    assert not any("the lifeform wins at once" in n for n in check_launch(READY_3P, BARS).notes)


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"player_count": 5}, "player_count"),
    ({"characters_aboard": -1}, "characters_aboard"),
    ({"self_destruct": "nine"}, "self_destruct"),
])
def test_bad_state_names_the_field(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        replace(READY_3P, **kwargs)  # type: ignore[arg-type]


def test_bad_loadout_names_the_column() -> None:
    with pytest.raises(ValueError, match="loadout coolant"):
        Loadout(coolant=-1)
    with pytest.raises(ValueError, match="loadout coolant: 8 tokens, but the column has 7"):
        check_launch(replace(READY_3P, loadout=replace(FILLED, coolant=8)), BARS)
