"""Printed values of the late game asked when a rule first reads them: module
D's strip at the bet, the Showdown's values in a fight check and at hibernation, each Loadout
column when a token goes on it, module B's Impact decks when the tracker lands on a token the
app turns over, and Self-Destruct's minutes before a meeting could move it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tests.lifeform.test_lifeform_session_showdown as showdown_tests
from tableside.api import Tableside
from tableside.cli import main
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES, new, through_setup
from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.games.lifeform.game import GAME
from trackers.pieces import Track

SETUP: list[tuple[str, dict[str, Any]]] = [
    ("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Cameron", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 1", "decline_pin": True}),
    ("tick_setup", {"step": "all remaining"})]


def without(*keys: str) -> dict[str, Any]:
    return {k: v for k, v in BOARD.items() if k not in keys}


def session(board: dict[str, Any], modules: tuple[str, ...] = (), seed: str = "t",
            **options: str) -> Session:
    setup = GAME.check_setup(SessionSetup(3, {"modules": list(modules), **options},
                                          NAMES[3], board))
    return Session(GAME, setup, seed=seed)


def showdown(monkeypatch: pytest.MonkeyPatch, modules: tuple[str, ...], *keys: str) -> Session:
    """The rulebook's Showdown example, played with a board missing ``keys``."""
    monkeypatch.setattr(showdown_tests, "new",
                        lambda players, mods=(): session(without(*keys), mods))
    return showdown_tests.example(modules)


def asks(s: Session, name: str, **args: Any) -> list[str]:
    with pytest.raises(BoardValueNeeded) as asked:
        s.do(name, **args)
    return asked.value.keys


def test_module_d_strip_is_asked_at_the_bet_for_the_disks_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    strips = [f"module_d.actions_{n}_disks" for n in (1, 2, 3, 4)]
    s = showdown(monkeypatch, ("D",), *strips)
    showdown_tests.hibernate(s)
    s.do("hide_in_remora", location="Cockpit")  # hiding asks nothing
    assert asks(s, "hunt_bet", location="Storage Bay") == ["module_d.actions_3_disks"]
    assert s.state.facts.get("hunt") is None  # nothing placed yet
    s.do("set_board_value", key="module_d.actions_3_disks",
         value=BOARD["module_d.actions_3_disks"])
    s.do("hunt_bet", location="Storage Bay")
    hunt: dict[str, Any] = s.state.facts["hunt"]
    assert list(hunt["actions"]) == ["halon_search", "search", "search"]
    assert not any(k in s.state.board for k in strips if not k.endswith("3_disks"))


def test_a_fight_check_asks_only_what_the_fight_puts_in(monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.lifeform.test_lifeform_session_endings as endings_tests

    keys = ("stowaway.one_two_minute_icons", "showdown.tokens_in_two_for_one")
    monkeypatch.setattr(endings_tests, "new", lambda players, board=True: session(without(*keys)))
    s = endings_tests.ready("1-2 Minute")  # kept for the Showdown: a right guess at 3, +/- 1
    s.do("stowaway_token", held=True)
    endings_tests.to_minute(s, 3)
    s.do("launch")
    s.do("hibernation", keep="keep all (worked example)")
    plain = {"target": "Andrew", "fight_icons": "green eye", "cards": "green eye"}
    s.do("fight_check", **plain)  # no card added, no token held: nothing asked
    assert asks(s, "fight_check", **plain, stowaway_card=True) == [
        "stowaway.one_two_minute_icons"]
    assert asks(s, "fight_check", **plain, data_tokens="red claw") == [
        "showdown.tokens_in_two_for_one"]
    s.do("set_board_value", key="stowaway.one_two_minute_icons",
         value=BOARD["stowaway.one_two_minute_icons"])
    notes = s.do("fight_check", **plain, stowaway_card=True)  # the card's icons now count
    assert any("red claw" in n.text for n in notes)


def test_hibernation_asks_the_weaponry_numbers_it_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Improvised Weaponry holds 5 tokens: its printed numbers are asked, not the table's
    number for an empty column."""
    s = showdown(monkeypatch, (), "improvised_weaponry.draw_numbers",
                 "showdown.draw_when_weaponry_empty")
    assert asks(s, "hibernation", keep="keep all (worked example)") == [
        "improvised_weaponry.draw_numbers"]
    s.do("set_board_value", key="improvised_weaponry.draw_numbers",
         value=BOARD["improvised_weaponry.draw_numbers"])
    s.do("hibernation", keep="keep all (worked example)")
    assert s.state.facts["showdown"]["hibernated"]


def test_a_loadout_column_is_asked_when_a_token_first_goes_on_it() -> None:
    s = through_setup(new(3, board=False))
    assert asks(s, "place_mission", column="coolant", crew_member="Andrew") == [
        "coolant.length", "coolant.bonus_spaces"]
    assert s.state.facts["loadout"]["coolant"] == 0
    for key in ("coolant.length", "coolant.bonus_spaces"):
        s.do("set_board_value", key=key, value=BOARD[key])
    s.do("place_mission", column="coolant", crew_member="Andrew")
    assert s.state.facts["loadout"]["coolant"] == 1
    assert asks(s, "place_mission", column="spacesuits", crew_member="Andrew") == [
        "spacesuits.length", "spacesuits.bonus_spaces"]  # each column its own


def test_impact_decks_asked_when_the_tracker_lands_on_a_token_the_app_turns() -> None:
    """Asked on landing on any face-down token, so the question tells nothing of its face."""
    for seed in ("b1", "b2", "b3"):
        s = through_setup(session(without("module_b.impact_decks"), ("B",), seed=seed))
        s.do("advance_self_destruct", spaces=8)  # 28 -> 20: no token yet, nothing asked
        s.do("choose_stowaway", card="second")  # the 20 mark's card, before SD moves on
        assert asks(s, "advance_self_destruct", spaces=1) == ["module_b.impact_decks"]
        assert s.state.piece("self_destruct", Track).position == 20
        s.do("set_board_value", key="module_b.impact_decks", value=BOARD["module_b.impact_decks"])
        s.do("advance_self_destruct", spaces=1)
        assert "19" in s.state.facts["asteroids"]["revealed"]


def test_impact_decks_never_asked_when_the_tables_own_tokens_count() -> None:
    s = through_setup(session(without("module_b.impact_decks"), ("B",),
                              asteroid_tokens="mirror"))
    s.do("advance_self_destruct", spaces=9)  # 28 -> 19: the table flips its own token
    assert "module_b.impact_decks" not in s.state.board


def test_a_meeting_asks_self_destruct_before_the_image_is_revealed() -> None:
    """A sensor ghost moves Self-Destruct: its minutes are asked before anything is opened,
    whether the image proves real or not."""
    s = through_setup(session(without("self_destruct.minutes")))
    assert asks(s, "meet_image", image="Image 2", character="Solomon") == [
        "self_destruct.minutes"]
    assert s.state.facts["images"]["on_board"]  # nothing opened, nothing moved


def test_the_command_line_says_where_each_asked_value_is_printed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board={}, seed="cli")
    sid = play.id
    for name, args in SETUP:
        play.do(name, **args)
    play.close()
    table.close()
    code = main(["--data-dir", str(tmp_path), "do", sid, "place_mission", "column=coolant",
                 "crew_member=Andrew"])
    said = capsys.readouterr().err
    assert code != 0
    assert (f"tableside do {sid} set_board_value key=coolant.length value=... (where to look: "
            "rulebook p. 46, Shuttle Loadout") in said


def test_the_1_2_minute_card_is_not_offered_to_a_lifeform_without_it() -> None:
    s = showdown_tests.example()  # the second card, guessed right: the 1-2 Minute card is gone
    s.do("hibernation", keep="keep all (worked example)")
    assert "stowaway_card" not in [p.name for p in s.action("fight_check").shown_params(s.state)]
    with pytest.raises(ActionError, match="does not hold the 1-2 Minute card"):
        s.do("fight_check", target="Andrew", fight_icons="green eye", stowaway_card=True)

