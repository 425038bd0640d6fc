"""The turn inside the Crew Activity phase, the lifeform's one activity, and the upkeep a table
did by hand: the Security Door, the android's path, Survival abilities, Skill tokens, token
supplies (rulebook: Crew Activity Phase, Lifeform Activity Phase, Android Phase, Survival
Abilities, Token Reference)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError, Session
from trackers.games.lifeform import turns
from trackers.games.lifeform.game import GAME


def turn_lines(s: Session) -> tuple[str, ...]:
    return next(p.lines for p in GAME.panels(s.state)  # type: ignore[misc]
                if p.title == "Turn")


def test_turns_go_from_the_lifeforms_left_with_step_1_then_one_activity() -> None:
    s = through_setup(new(3))
    assert turns.current(s.state) == "Andrew"
    assert "Andrew's turn: Step 1" in turn_lines(s)[0] and "Solomon, Palmer" in turn_lines(s)[0]
    s.do("collect_missions", tokens=2)
    with pytest.raises(ActionError, match="done Step 1"):
        s.do("collect_missions", tokens=1)
    for column in ("coolant", "energy_cells"):  # each collected token goes on at once
        s.do("place_mission", column=column, crew_member="Andrew")
    with pytest.raises(ActionError, match="it is Andrew's turn"):
        s.do("equip", crew_member="Jacob", option="draw 2, Self-Destruct +1")
    s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")
    with pytest.raises(ActionError, match="done an activity this turn"):
        s.do("flamethrower", crew_member="Andrew")
    s.do("flamethrower", crew_member="Andrew", card="already "
                                                    "counted")  # the same card's next action
    notes = s.do("end_turn")
    assert "Jacob's turn" in notes[0].text and turns.current(s.state) == "Jacob"
    assert s.history()[-1].text == "End of Andrew's turn"  # whose turn ended, in the log
    s.do("end_turn")
    assert turns.current(s.state) is None and not s.available("end_turn")
    s.do("next_phase")  # the idle Android phase passes: the Lifeform Activity phase
    assert turns.current(s.state) is None  # no crew turns outside the Crew Activity phase


def test_the_lifeform_takes_one_activity_in_its_phase() -> None:
    s = lifeform_phase(through_setup(new(3)))  # the idle Android phase passes by itself
    assert s.state.facts["phase"] == "lifeform"
    s.do("malfunction_advance")
    with pytest.raises(ActionError, match="taken its activity this phase"):
        s.do("cocoon_advance")
    s.do("cocoon_advance", card="already counted")  # a second action of the same card
    assert "Malfunction" in turn_lines(s)[0]
    s.do("next_phase")
    s.do("end_turn")
    s.do("end_turn")
    s.do("next_phase")  # one Malfunction step has not woken the android: its phase passes
    assert s.state.facts["phase"] == "lifeform"
    s.do("cocoon_advance")  # a new phase, a new activity


def test_one_ships_cat_card_per_turn_in_2p() -> None:
    s = through_setup(new(2))
    s.do("play_role_card", role="the Ship's Cat")
    with pytest.raises(ActionError, match="one per turn"):
        s.do("play_role_card", role="the Ship's Cat")
    for step in ("end_turn", "next_phase", "lifeform_card_played", "next_phase"):
        s.do(step)  # the idle Android phase passes
    s.do("play_role_card", role="the Ship's Cat")
    assert s.state.facts["ships_cat"]["cards"] == 8


def test_a_member_all_aboard_only_uses_the_remora_energy_cell() -> None:
    s = through_setup(new(3))
    s.do("advance_self_destruct", spaces=8)  # 20: the Remora opens
    s.do("choose_stowaway", card="second")
    for name in ("Solomon", "Palmer"):
        s.do("board_remora", character=name)
    assert "no Step 1" in turn_lines(s)[0]
    with pytest.raises(ActionError, match="only Use Remora Energy Cell"):
        s.do("equip", crew_member="Andrew", option="draw 2, Self-Destruct +1")


def test_the_security_door_goes_full_half_gone_and_the_bulkhead_leaves_next_turn() -> None:
    s = through_setup(new(3))
    s.do("malfunction_advance", card="already counted")
    s.do("malfunction_advance", card="already counted")  # space 3: the android wakes
    s.do("security_door", event="placed by a Security Door action (Full-lock side up)")
    s.do("end_turn")
    s.do("end_turn")
    s.do("next_phase")  # Android phase
    s.do("android_step", step="is blocked by the Security Door")
    assert s.state.facts["security_door"] == "Half-lock side up"
    s.do("android_step", step="is blocked by the Security Door")
    assert s.state.facts["security_door"] == "off the board"
    with pytest.raises(ActionError, match="not on the board"):
        s.do("android_step", step="is blocked by the Security Door")


def test_the_android_path_prompts_at_the_remora() -> None:
    s = through_setup(new(3))
    s.do("malfunction_advance", card="already counted")
    s.do("malfunction_advance", card="already counted")
    s.do("end_turn")
    s.do("end_turn")
    s.do("next_phase")
    notes: list[str] = []
    for _ in range(8):  # the test board's path: 8 chambers after Hypersleep
        notes = [n.text for n in s.do("android_step",
                                      step="moves to the next chamber of the A.I. Path")]
    assert any("reached the Remora" in n for n in notes)


def test_the_lifeform_survival_ability_is_once_a_game() -> None:
    s = lifeform_phase(through_setup(new(3)))
    s.do("lifeform_survival", ability="Hull Breach", chamber="Mess")
    assert s.state.facts["hull_breach"] == "Mess"
    assert not s.available("lifeform_survival")
    lines = next(p.lines for p in GAME.panels(s.state)  # type: ignore[misc]
                 if p.title == "Lifeform")
    assert any("Hull Breach: Mess" in line for line in lines)


def test_skill_and_survival_tokens_move_once() -> None:
    s = through_setup(new(3))
    s.do("activate_skill", crew_member="Andrew", character="Solomon")
    assert s.state.facts["turn"]["activity"] == "Activate Skill"
    s.do("activate_survival", character="Solomon")
    with pytest.raises(ActionError, match="Active Slot already"):
        s.do("activate_survival", character="Solomon")


def test_no_power_outage_left_means_none_placed() -> None:
    s = through_setup(new(3))
    for _ in range(7):  # 3 placed at setup: 7 left
        s.do("token_moved", token="Power Outage", move="placed on the board")
    notes = s.do("token_moved", token="Power Outage", move="placed on the board")
    assert "none is placed" in notes[0].text
    assert s.state.facts["tokens_on_board"]["power_outage"] == 10


def test_a_turn_ends_only_once_its_activity_is_done() -> None:
    """Step 2 is held at 'End of turn': the form asks, ticked, that the activity was done on
    the board (kept with the event); unticked, the turn goes on and the activities are named.
    A turn whose activity is recorded is not asked."""
    s = through_setup(new(3))
    s.do("collect_missions", tokens=0)
    assert [p.name for p in s.action("end_turn").shown_params(s.state)] == ["activity_done"]
    head = s.head
    with pytest.raises(ActionError, match="activity_done: Andrew does one activity before the "
                                          "turn ends: Equip, .*Play a Crew Card"):
        s.do("end_turn", activity_done=False)
    assert s.head == head and turns.current(s.state) == "Andrew"
    notes = s.do("end_turn")
    assert "Step 2: Andrew's activity was done on the board" in notes[0].text
    assert s.events[-1].args["activity_done"] is True  # the table's word, kept
    s.do("equip", crew_member="Jacob", option="draw 2, Self-Destruct +1")
    assert s.action("end_turn").shown_params(s.state) == []
    s.do("end_turn")
    assert "activity_done" not in s.events[-1].args


def test_a_game_saved_before_replays_its_turn_ends_unchanged() -> None:
    """An 'End of turn' recorded before it named the crew member or asked Step 2 replays as
    played: no question, no refusal, and the history says 'End of turn'."""
    s = through_setup(new(3))
    s.do("end_turn")
    s.do("end_turn")
    before = [replace(e, args={}) if e.action == "end_turn" else e for e in s.events]
    old = Session(s.game, s.setup, s.seed, events=before)
    assert old.state.facts["turn"] == s.state.facts["turn"] and turns.current(old.state) is None
    assert [h.text for h in old.history()[-2:]] == ["End of turn", "End of turn"]
