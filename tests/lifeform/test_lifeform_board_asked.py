"""A newcomer without their board: each printed value is asked in the form of the first action
whose rule reads it, and the action goes on once it is entered."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import (
    BOARD,
    NAMES,
    lifeform_phase,
    new,
    through_setup,
)
from trackers.engine.actions import BoardValueNeeded
from trackers.pieces import Track

HOSTILITY = ["hostility.start_3p", "hostility.length", "hostility.draw_card_spaces",
             "hostility.terror_spaces"]

# action, its arguments, the printed values its rule reads, the track it moves
ASKED: list[tuple[str, dict[str, Any], list[str], str]] = [
    ("flamethrower", {"crew_member": "Andrew"}, HOSTILITY, "hostility"),
    ("hostility_other", {"spaces": 1, "why": "a card's text"}, HOSTILITY, "hostility"),
    ("cocoon_advance", {}, ["cocoon_3p4p.max_hand", "cocoon_3p4p.evolution"], "cocoon"),
    ("malfunction_advance", {}, ["malfunction.spaces"], "malfunction"),
    ("flamethrower_android", {"crew_member": "Andrew", "via": "Flamethrower-Android"},
     ["android_status.removals"], "android_status"),
]


@pytest.mark.parametrize(("name", "args", "keys", "track"), ASKED, ids=[a[0] for a in ASKED])
def test_a_rule_reading_a_printed_value_asks_it_then_goes_on(
        name: str, args: dict[str, Any], keys: list[str], track: str) -> None:
    s = through_setup(new(3, board=False))
    if name in ("cocoon_advance", "malfunction_advance"):  # the lifeform's own activities
        s = lifeform_phase(s)
    before = s.state.piece(track, Track).position
    with pytest.raises(BoardValueNeeded) as asked:
        s.do(name, **args)
    assert asked.value.keys == keys
    assert s.state.piece(track, Track).position == before  # nothing done yet
    for key in keys:
        s.do("set_board_value", key=key, value=BOARD[key])
    before = s.state.piece(track, Track).position  # a start space entered moves the marker
    s.do(name, **args)
    assert s.state.piece(track, Track).position == before + 1


def test_a_cancelled_reaction_asks_nothing() -> None:
    """A reaction the lifeform cancels moves no track, so it reads no printed value."""
    s = through_setup(new(3, board=False))
    from trackers.games.lifeform.phases.needs import NEEDS

    assert NEEDS["crew_reaction"](s.state, {"cancelled": True}) == ()
    assert NEEDS["crew_reaction"](s.state, {"cancelled": False}) == tuple(HOSTILITY)


def test_the_heat_analyzer_asks_max_hand_only_when_the_lifeform_draws() -> None:
    s = through_setup(new(3, board=False))
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("use_heat_analyzer", crew_member="Andrew", image_within_2=True)
    assert asked.value.keys == ["cocoon_3p4p.max_hand"]
    assert s.state.facts["members"]["Andrew"]["heat_analyzer"]  # nothing done yet
    other = through_setup(new(3, board=False))
    other.do("use_heat_analyzer", crew_member="Andrew", image_within_2=False)  # crew draw only
    s.do("set_board_value", key="cocoon_3p4p.max_hand", value=BOARD["cocoon_3p4p.max_hand"])
    s.do("use_heat_analyzer", crew_member="Andrew", image_within_2=True)
    assert not s.state.facts["members"]["Andrew"]["heat_analyzer"]


def test_a_newcomer_plays_the_first_round_through_the_api_asked_as_rules_need(
        tmp_path: Path) -> None:
    """An empty board profile: setup and the phases ask nothing; the first crew move that
    reads Hostility asks its four printed values in its form; once given (kept in the
    profile for the next game) the move goes on."""
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board={})
    for member, pair in (("Andrew", ("Solomon", "Palmer")), ("Jacob", ("Cameron", "Bennings"))):
        play.do("record_characters", crew_member=member, first=pair[0], second=pair[1])
    play.do("reality_calibration", image="Image 2", pin="sarah-pin-9")
    play.do("tick_setup", step="all remaining")
    while play.state.facts["phase"] != "crew":
        play.do("next_phase")
    with pytest.raises(BoardValueNeeded) as asked:
        play.do("flamethrower", crew_member="Andrew")
    assert asked.value.keys == HOSTILITY
    assert "Hostility start space, 3 players" in str(asked.value)
    play.do_with_board("flamethrower", {k: BOARD[k] for k in HOSTILITY}, crew_member="Andrew")
    assert play.state.piece("hostility", Track).position == 3  # start 2, then +1
    assert set(HOSTILITY) <= set(table.board_profile("lifeform"))  # the next game knows them
