"""The solo game as a session (spec lifeform §11.3, §4.1, §4.6, §4.7): the play mode and its
options, setup, Self-Destruct and the Motion tracker, the Crisis deck in both modes, the manual
unlock, the launch the table confirms, the shuttlecraft phase and the end record."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from trackers.engine import ActionError, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded
from trackers.games.lifeform import remora, solo_board
from trackers.games.lifeform.game import GAME
from trackers.games.lifeform.module_d import Location
from trackers.pieces import Counter, Secret, Track

# TEST DATA for an imaginary printing of the Dragon's Domain parts: never product defaults.
BOARD: dict[str, Any] = {
    "solo_self_destruct_start": "25", "solo_motion_length": "8", "solo_motion_start": "6",
    "solo_life_support_length": "4", "solo_hand_limit": "5",
    "solo_combat_tokens": "red claw, blue claw, purple stinger, green eye",
}
NINE = ("Melted metal = Cockpit + clamp; Bulkhead = Storage Bay + keep; Vents = Supply Locker; "
        "Sparks = Engineering + clamp; Pods = Hyperleep + stamina; Wires = Cockpit; "
        "Hiss = Storage Bay + clamp; Dark = Supply Locker + keep; Steam = Engineering; Old one")
SPEC_WORDS = re.compile(r"spec\s*§|§|\bG\d+\b|\bC\d+\b")


def new(board: bool = True, seed: str = "s", **options: Any) -> Session:
    setup = GAME.check_setup(SessionSetup(1, options, ("Ripley",), BOARD if board else {}))
    return Session(GAME, setup, seed=seed)


def objectives_met(session: Session) -> Session:
    """Module C's 3 must-complete objectives achieved: the launch is open."""
    session.do("set_board_value", key=solo_board.OBJECTIVES, value="Restore power, Find the codes")
    for which in ("1", "2", "umbilicus"):
        session.do("solo_objective", objective=which)
    return session


def texts(session: Session, notes: list[Any]) -> str:
    """Everything the player reads: the notes, panels, checklist, history, piece summaries."""
    state = session.state
    parts = [str(n) for n in notes]
    parts += [line for p in GAME.panels(state) for line in (p.title, *p.lines)]  # type: ignore[misc]
    parts += [step for step, _ in GAME.checklist(state)]  # type: ignore[misc]
    parts += [h.text for h in session.history()]
    parts += [p.summary() for p in state.pieces.values()]
    return "\n".join(parts)


def available(session: Session) -> set[str]:
    return {a.name for a in session.actions() if session.available(a.name)}


# --- mode, options, setup ---------------------------------------------------------------
def test_one_player_plays_the_dragons_domain_solo_with_module_c_on() -> None:
    setup = GAME.check_setup(SessionSetup(1, {}, ("Ripley",)), new=True)
    assert setup.mode == "solo"
    assert setup.options == {"solo_modules": ["C"], "crisis_deck": "mirror",
                             "guess_cleared": "no", "asteroid_tokens": "mirror"}


def test_module_b_is_offered_in_solo_and_a_and_d_are_not() -> None:
    setup = GAME.check_setup(SessionSetup(1, {"solo_modules": ["B", "C"]}, ("Ripley",)))
    assert setup.options["solo_modules"] == ["B", "C"]
    for module in ("A", "D"):
        with pytest.raises(ActionError, match="B, C"):
            GAME.check_setup(SessionSetup(1, {"solo_modules": [module]}, ("Ripley",)))
    with pytest.raises(ActionError, match="'modules' is not offered"):
        GAME.check_setup(SessionSetup(1, {"modules": ["C"]}, ("Ripley",)))
    # Every option of the game has its own name: New game gives each one a field.
    names = [o.name for o in GAME.options]
    assert len(names) == len(set(names))
    with pytest.raises(ActionError, match="not offered"):
        GAME.check_setup(SessionSetup(1, {"character_pool": "x"}, ("Ripley",)))
    standard = GAME.check_setup(SessionSetup(3, {}, ("Sarah", "Andrew", "Jacob")))
    assert "crisis_deck" not in standard.options and standard.mode == "standard"


def test_setup_lists_module_cs_three_changes() -> None:
    session = new()
    steps = [step for step, _ in GAME.checklist(session.state)]  # type: ignore[misc]
    assert any("9 new Crisis cards" in s for s in steps)
    assert any("Remora board" in s for s in steps)
    assert any("Docking Clamps" in s and "Life Support" in s for s in steps)
    assert not any("asteroid" in s for s in steps)
    for step in ("1", "2", "3", "4", "5"):
        session.do("solo_tick_setup", step=step)
    open_items = [s for s, done in GAME.checklist(session.state) if not done]  # type: ignore[misc]
    assert open_items == [
        "Play the Dragon's Domain solo game; enter each Crisis card as you resolve it",
        "Launch the Remora when your rules allow ('Launch the Remora')"]


def test_the_lifeform_players_actions_are_closed_in_solo_and_solo_actions_elsewhere() -> None:
    solo_open = available(new())
    assert {"crisis_card", "solo_advance_sd", "manual_unlock"} <= solo_open
    assert not {"equip", "attack", "reality_calibration", "tick_setup"} & solo_open
    standard = Session(GAME, GAME.check_setup(SessionSetup(3, {}, ("S", "A", "J"))), seed="s")
    assert not {"crisis_card", "solo_launch", "hunt"} & available(standard)


def test_the_remora_chambers_are_module_ds_locations() -> None:
    assert tuple(loc.value for loc in Location) == remora.CHAMBERS


# --- Self-Destruct and the Motion tracker --------------------------------------------------
def test_self_destruct_waits_for_its_one_player_start() -> None:
    session = new(board=False)
    assert "self_destruct" not in session.state.pieces
    with pytest.raises(BoardValueNeeded) as err:
        session.do("solo_advance_sd", minutes=1)
    assert err.value.keys == [solo_board.SD_START]
    session.do("set_board_value", key=solo_board.SD_START, value="22")
    assert session.state.piece("self_destruct", Track).position == 22
    session.do("solo_advance_sd", minutes=1)
    assert session.state.piece("self_destruct", Track).position == 21


def test_the_20_mark_says_the_lifeform_players_part_is_not_applied() -> None:
    session = new()
    notes = session.do("solo_advance_sd", minutes=6)
    assert session.state.piece("self_destruct", Track).position == 19
    said = " ".join(str(n) for n in notes)
    assert "Stowaway" in said and "does not apply" in said
    assert "no lifeform player" in texts(session, notes)


def test_explosion_before_the_launch_ends_the_game() -> None:
    session = new()
    session.do("solo_advance_sd", minutes=30)
    record = GAME.end_record(session.state)
    assert record is not None and record.ending == "Explosion" and record.winners == ()
    assert GAME.status_of(session.state) == "ended: Explosion"
    with pytest.raises(ActionError, match="game is over"):
        session.do("crisis_card", chamber="Cockpit")


def test_motion_tracker_length_and_start_are_board_values() -> None:
    session = new(board=False)
    with pytest.raises(BoardValueNeeded) as err:
        session.do("motion", direction="closer", spaces=1)
    assert set(err.value.keys) == {solo_board.MOTION_LENGTH, solo_board.MOTION_START}
    session.do("set_board_value", key=solo_board.MOTION_LENGTH, value="5")
    with pytest.raises(ActionError, match="past its last space"):
        session.do("set_board_value", key=solo_board.MOTION_START, value="7")
    session.do("set_board_value", key=solo_board.MOTION_START, value="4")
    session.do("motion", direction="closer", spaces=5)
    assert session.state.piece("motion", Track).position == 1


# --- the Crisis deck -----------------------------------------------------------------------
def test_mirror_cards_fill_the_remora_and_a_second_token_advances_life_support() -> None:
    session = new(board=False)
    session.do("crisis_card", card="Melted metal", chamber="Cockpit", clamp=True)
    board = session.state.facts["remora"]
    assert board["tokens"] == ["Cockpit"] and board["clamps"] == 1
    with pytest.raises(BoardValueNeeded) as err:
        session.do("crisis_card", chamber="Cockpit")
    assert err.value.keys == [solo_board.LIFE_SUPPORT]
    session.do("set_board_value", key=solo_board.LIFE_SUPPORT, value="3")
    notes = session.do("crisis_card", chamber="Cockpit")
    assert session.state.facts["remora"]["life_support"] == 1
    assert "spare Mission token" in " ".join(map(str, notes))


def test_renewed_stamina_ends_exhausted() -> None:
    session = new()
    session.do("condition", condition="Exhausted")
    session.do("crisis_card", chamber="Supply Locker", stamina=True)
    assert session.state.facts["crisis"]["conditions"] == []


def test_a_kept_card_joins_the_hand_under_its_limit_and_may_be_discarded() -> None:
    session = new()
    session.do("set_value", target="action_cards.value", value=5)
    notes = session.do("crisis_card", card="Bulkhead", chamber="Storage Bay", keep=True)
    assert session.state.piece("action_cards", Counter).value == 6
    assert "over your hand limit of 5" in " ".join(map(str, notes))
    session.do("discard_cards", count=2, crisis_card="Bulkhead")
    assert session.state.piece("action_cards", Counter).value == 4
    assert session.state.facts["crisis"]["kept"] == []


def test_the_virtual_deck_is_listed_once_shuffled_and_drawn_the_same_on_replay() -> None:
    def play(seed: str) -> list[str]:
        session = new(seed=seed, crisis_deck="virtual")
        assert "crisis_card" not in available(session)
        with pytest.raises(ActionError, match="9 new Crisis cards"):
            session.do("list_crisis_deck", cards="Only = Cockpit")
        session.do("list_crisis_deck", cards=NINE)
        drawn = []
        for _ in range(4):
            session.do("draw_crisis")
            drawn.append(session.state.facts["crisis"]["current"])
            session.do("resolve_crisis")
        assert session.state.facts["crisis"]["resolved"] == 4
        return drawn

    assert play("a") == play("a")
    assert len(set(play("a"))) == 4


def test_a_virtual_card_applies_its_listed_effects() -> None:
    session = new(crisis_deck="virtual")
    session.do("list_crisis_deck", cards=NINE)
    deck = session.state.pieces["crisis_deck"]
    deck.draw_pile.remove("Melted metal")  # type: ignore[attr-defined]
    deck.draw_pile.insert(0, "Melted metal")  # type: ignore[attr-defined]
    session.do("draw_crisis")
    assert not session.available("draw_crisis")  # the drawn card is resolved first
    session.do("resolve_crisis")
    assert session.state.facts["remora"]["tokens"] == ["Cockpit"]
    assert session.state.facts["remora"]["clamps"] == 1


# --- the manual unlock -----------------------------------------------------------------------
def test_manual_unlock_costs_three_minutes_and_a_step_of_the_lifeform() -> None:
    session = new()
    with pytest.raises(ActionError, match="other two must-complete objectives"):
        session.do("manual_unlock", at_shuttle_bay=True)
    with pytest.raises(BoardValueNeeded) as err:
        session.do("solo_objective", objective="1")
    assert err.value.keys == [solo_board.OBJECTIVES]
    with pytest.raises(ActionError, match="not Uncoupling"):
        session.do("set_board_value", key=solo_board.OBJECTIVES,
                   value="Restore power, uncoupling the umbilicus")
    session.do("set_board_value", key=solo_board.OBJECTIVES,
               value="Restore power, Find the codes")
    notes = session.do("solo_objective", objective="1")
    assert "objective achieved: Restore power (1 of 3)" in str(notes[0])
    session.do("solo_objective", objective="2")
    with pytest.raises(ActionError, match="Shuttle Bay"):
        session.do("manual_unlock", at_shuttle_bay=False)
    for n in (1, 2, 3):
        session.do("manual_unlock", at_shuttle_bay=True)
        assert session.state.piece("self_destruct", Track).position == 25 - 3 * n
        assert session.state.piece("motion", Track).position == 6 - n
    assert remora.umbilicus_done(session.state.facts["remora"])
    with pytest.raises(ActionError, match="already achieved"):
        session.do("manual_unlock", at_shuttle_bay=True)


# --- launch, the shuttlecraft phase, the end ---------------------------------------------------
def test_a_launch_without_the_lifeform_aboard_skips_the_shuttlecraft_phase() -> None:
    session = new()
    objectives_met(session)
    session.do("solo_launch", lifeform_aboard=False)
    assert session.state.facts["stage"] == "launched" and session.state.facts["shuttle"] is None
    assert not {"hunt", "confront"} & available(session)
    session.do("solo_outcome", outcome="you survived")
    record = GAME.end_record(session.state)
    assert record is not None and record.winners == ("Ripley",)


def test_cleared_rooms_then_hunt_with_a_wrong_guess_sets_up_the_fight() -> None:
    session = new()
    session.do("crisis_card", chamber="Cockpit")
    objectives_met(session)
    session.do("solo_launch", lifeform_aboard=True)
    phase = session.state.facts["shuttle"]
    assert phase["removed"] == ["Cockpit"] and len(phase["held"]) == 4
    session.do("hunt")
    secret = session.state.piece("hiding_chamber", Secret)
    hidden = secret.value
    public = json.dumps(session.state.public_dict()) + texts(session, [])
    assert hidden is not None and f'"value": "{hidden}"' not in public
    wrong = next(c for c in phase["held"] if c != hidden)
    notes = session.do("guess_chamber", chamber=wrong)
    fight = session.state.facts["shuttle"]["fight"]
    assert fight["extra_box"] is True and len(fight["combat_tokens"]) == 3
    said = texts(session, notes)
    assert "conflict chit" in said and "survival token" in said
    assert not SPEC_WORDS.search(said), SPEC_WORDS.search(said)
    session.do("solo_outcome", outcome="the lifeform won", how="overwhelmed")
    record = GAME.end_record(session.state)
    assert record is not None and record.sides == ("lifeform",)


def test_one_card_left_goes_straight_to_the_fight() -> None:
    session = new()
    session.do("crisis_card", chamber="Cockpit")
    objectives_met(session)
    session.do("solo_launch", lifeform_aboard=True,
               cards_not_in_hand="Storage Bay, Hyperleep Chamber, Supply Locker")
    phase = session.state.facts["shuttle"]
    assert phase["removed"] == ["Cockpit"] and phase["held"] == ["Engineering Compartment"]
    assert session.state.facts["stage"] == "fight"
    assert phase["fight"] == {"extra_box": False, "combat_tokens": []}
    assert not {"hunt", "confront"} & available(session)


def test_confront_adds_the_extra_box() -> None:
    session = new()
    objectives_met(session)
    session.do("solo_launch", lifeform_aboard=True)
    session.do("confront")
    assert session.state.facts["shuttle"]["fight"] == {"extra_box": True, "combat_tokens": []}
    assert "guess_chamber" not in available(session)


def test_status_moment_and_the_log() -> None:
    session = new()
    assert GAME.status_of(session.state) == "solo: before the launch"
    session.do("crisis_card", card="Melted metal", chamber="Cockpit", clamp=True)
    session.do("solo_advance_sd", minutes=1)
    assert GAME.moment_of(session.state) == {"crisis": 1}
    assert [h.text for h in session.history()] == [
        "Crisis card Melted metal: token on Cockpit, a clamp", "Self-Destruct +1 minute"]


def test_module_b_in_solo_checks_the_asteroid_tokens_on_self_destruct() -> None:
    session = new(solo_modules=["B", "C"])
    spaces = session.state.facts["asteroids"]["face_down"]
    assert spaces == [19, 18, 17, 16]
    session.do("solo_advance_sd", minutes=6)  # 25 -> 19
    assert 19 not in session.state.facts["asteroids"]["face_down"]
    assert "19" in session.state.facts["asteroids"]["revealed"]


def test_without_module_c_only_the_trackers_and_the_launch_remain() -> None:
    session = new(solo_modules=[])
    assert not {"crisis_card", "manual_unlock", "solo_objective"} & available(session)
    assert any(p.title == "Module C off" for p in GAME.panels(session.state))  # type: ignore[misc]
    session.do("solo_launch", lifeform_aboard=True)
    assert session.state.facts["stage"] == "launched" and session.state.facts["shuttle"] is None


def test_the_hunt_replays_exactly_from_the_session_seed() -> None:
    def hunted(seed: str) -> tuple[str | None, str | None]:
        session = new(seed=seed)
        objectives_met(session)
        session.do("solo_launch", lifeform_aboard=True)
        session.do("hunt")
        first = session.state.piece("hiding_chamber", Secret)
        session.undo()
        session.redo()
        again = session.state.piece("hiding_chamber", Secret)
        assert (again.value, again.code) == (first.value, first.code)
        return first.value, first.code

    assert hunted("same") == hunted("same")
    assert len({hunted(f"seed {n}")[1] for n in range(5)}) == 5  # a new code every game


def test_another_option_of_a_virtual_card_applies_nothing_but_it_may_still_be_kept() -> None:
    session = new(crisis_deck="virtual")
    session.do("list_crisis_deck", cards=NINE)
    deck = session.state.pieces["crisis_deck"]
    deck.draw_pile.remove("Bulkhead")  # type: ignore[attr-defined]
    deck.draw_pile.insert(0, "Bulkhead")  # type: ignore[attr-defined]
    session.do("draw_crisis")
    session.do("resolve_crisis", effects="none of them (another option)", keep=True)
    assert session.state.facts["remora"]["tokens"] == []
    assert session.state.facts["crisis"]["kept"] == ["Bulkhead"]
    assert session.state.piece("action_cards", Counter).value == 1


def test_a_bad_chamber_card_name_at_the_launch_changes_nothing() -> None:
    session = objectives_met(new())
    head = session.head
    with pytest.raises(ActionError, match="Galley.*Cockpit, Storage Bay") as err:
        session.do("solo_launch", lifeform_aboard=True, cards_not_in_hand="Galley")
    assert err.value.field == "cards_not_in_hand"
    assert session.state.facts["stage"] == "play" and session.head == head


def test_unnamed_kept_mirror_cards_get_names_of_their_own() -> None:
    session = new()
    session.do("crisis_card", chamber="Cockpit", keep=True)
    session.do("crisis_card", chamber="Storage Bay", keep=True)
    assert session.state.facts["crisis"]["kept"] == ["card 1", "card 2"]
    with pytest.raises(ActionError, match="card 1 already"):
        session.do("crisis_card", card="card 1", chamber="Supply Locker", keep=True)
