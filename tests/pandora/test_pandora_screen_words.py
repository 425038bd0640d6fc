"""What the Pandora screen says at the table: the step line follows what is due after each
answer, and the header names both Targets while the ShipStern is in play."""

from __future__ import annotations

from tests.pandora.helpers import started
from trackers.games.pandora_celeste import darkness
from trackers.games.pandora_celeste.view import banner


def test_once_the_dark_is_answered_the_step_line_stops_asking_for_it() -> None:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board={"objective_timer": 9})
    assert "'In the dark'" in banner(s.state)[1]
    s.do("darkness", crew=darkness.NOBODY)
    line = banner(s.state)[1]
    assert "'In the dark'" not in line and "discard 1 card" not in line, line
    assert "in the dark this Cycle: nobody (answered)" in line


def test_the_header_names_the_stern_target_with_the_shipstern_in_play() -> None:
    s = started(("Cap", "Greaseball"), seed="stern", scenario="Scenario 4",
                custom_big_nasties="1", board={"objective_timer": 9})
    assert "| Stern Target - |" in banner(s.state)[0]
    s.state.facts["stern_target"] = "Greaseball"
    assert "First Target" in banner(s.state)[0]
    assert "| Stern Target Greaseball |" in banner(s.state)[0]
    plain = started(("Cap", "Greaseball"))
    assert "Stern Target" not in banner(plain.state)[0]
