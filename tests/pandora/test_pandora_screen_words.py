"""What the Pandora screen says at the table: the step line follows what is due after each
answer, and the header names both Targets while the ShipStern is in play."""

from __future__ import annotations

import pytest

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


def test_the_big_nasty_spawns_form_asks_the_gold_number_or_the_room_in_table_words() -> None:
    from tests.pandora.test_pandora_stern import stern_game
    from trackers.engine import ActionError

    s = stern_game()
    s.do("unlock_bay", bay="5", card="Widgets", kind="Tech: Widgets")
    s.do("take_widget", crew="Cap")
    words = {p.name: p.help for p in s.action("widget_spawn").shown_params(s.state)}
    assert "mirror mode" not in " ".join(words.values()).lower()
    assert "optional if room given" in words["gold"]
    assert "optional if gold number given" in words["room"]
    with pytest.raises(ActionError) as refused:
        s.do("widget_spawn", big_nasty="MonsterBug")
    said = str(refused.value)
    assert "gold number" in said and "room" in said and "one of the two is needed" in said
    s.do("widget_spawn", big_nasty="MonsterBug", room="Engine Room 2")


def test_a_big_nasty_spawned_by_the_widget_is_a_key_moment_of_the_report() -> None:
    from tests.pandora.test_pandora_stern import stern_game
    from trackers.engine.report import build_report
    from trackers.games.pandora_celeste.game import GAME

    s = stern_game()
    s.do("unlock_bay", bay="5", card="Widgets", kind="Tech: Widgets")
    s.do("take_widget", crew="Cap")
    s.do("widget_spawn", big_nasty="MonsterBug", gold=4)
    moments = [m.text for m in build_report(GAME, s.setup, s.seed, s.events).moments]
    assert any("MonsterBug spawns" in m for m in moments), moments
