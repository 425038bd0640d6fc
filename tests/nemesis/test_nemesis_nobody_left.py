"""Once the last active Character has left, nothing remains to play (rulebook: End of the
Game): the round's steps, the bag, the Intruders and the Room Actions are refused with the
reason; Fast-forward, the corrections, the Victory Check and the report stay."""

from __future__ import annotations

import pytest

from tests.nemesis.lockdown_play import BUNKER, DEAD, game, step_to, turns_on
from trackers.engine import ActionError
from trackers.engine.report import build_report

REASON = "no Character is active in the Facility any more, so nothing remains to play"
PLAYING = ("next_step", "advance_time", "launch_css", "develop_bag", "encounter",
           "noise_roll", "place_fire", "place_malfunction", "start_autodestruction",
           "start_alert", "wound", "scan", "take_egg", "open_main_gate", "check_surprise")
STAYING = ("fast_forward", "correct_time", "correct_status", "correct_css", "set_value",
           "character_kind", "place_power")


def test_play_stops_once_the_last_active_character_has_left() -> None:
    s = game(css_slots=[10])
    turns_on(s, 10)
    s.do("leave", player="Ann", how=DEAD)
    for name in PLAYING:
        assert s.blocked(name) is None or REASON not in str(s.blocked(name)), name
    s.do("leave", player="Bo", how="in a CSS Pod")
    for name in PLAYING:
        assert REASON in str(s.blocked(name)), name
    for name in STAYING:
        assert s.blocked(name) is None, (name, s.blocked(name))
    before = len(s.events)
    with pytest.raises(ActionError, match="'Fast-forward to the end' ends the game"):
        s.do("next_step")
    assert len(s.events) == before
    s.do("fast_forward")
    s.do("reveal_active_contingency", code="Green")
    assert s.available("victory_check")
    report = build_report(s.game, s.setup, s.seed, s.events)
    assert report.end is not None and report.end.ending == "Facility purged"


def test_revive_is_refused_with_nobody_left_in_the_co_op_game() -> None:
    s = game(("Ann", "Bo"), mode="coop")
    step_to(s, "turns")
    s.do("leave", player="Ann", how=DEAD)
    assert s.blocked("revive") is None
    s.do("leave", player="Bo", how=BUNKER)  # the first death opened the Main Gate
    assert REASON in str(s.blocked("revive"))
    assert s.blocked("objective_met") is None and s.blocked("public_objective") is None
