"""What a 3-player game and a solo game played at 80x24 turned up, one test each: every one
failed before its fix."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_fixtures import new
from trackers.games.lifeform.game import GAME
from trackers.games.lifeform.setup import open_steps


def test_all_remaining_ticks_what_it_can_and_names_the_steps_that_tick_themselves() -> None:
    s = new(3)
    offered = s.action("tick_setup").params[0].allowed(s.state)
    assert "8" not in offered and "17" not in offered and "all remaining" in offered
    notes = s.do("tick_setup", step="all remaining")  # offered, so never refused
    assert open_steps(s.state) == ["8", "17"]
    assert any("step 8 is still open" in n.text for n in notes)
    assert any("step 17 is still open" in n.text for n in notes)
    s.do("record_characters", crew_member="Andrew", first="Solomon", second="Palmer")
    s.do("record_characters", crew_member="Jacob", first="Cameron", second="Scott")
    s.do("reality_calibration", image="Image 1")
    assert s.state.facts["stage"] == "starship"  # the last step done starts round 1


def test_history_lines_never_read_name_equals_value() -> None:
    for action in GAME.actions:
        args = {p.name: (True if p.kind == "bool" else "X") for p in action.params}
        line = action.describe(args)
        assert "=" not in line, (action.name, line)
        assert not any(f"{p.name}" in line for p in action.params if "_" in p.name), line
    launch = next(a for a in GAME.actions if a.name == "launch")
    assert launch.describe({"confirm_unknown": False}) == "the Remora launches"
