"""Undo and redo of every kind of Lifeform action: a long game stepped back to the setup and
forward again gives the very same states, and a replay from the journal matches (engine
session model; spec lifeform §4 milestones un-fire on undo)."""

from __future__ import annotations

from typing import Any

from tests.lifeform.test_lifeform_session_fixtures import new
from trackers.engine import Session
from trackers.games.lifeform.game import GAME

STEPS: list[tuple[str, dict[str, Any]]] = [
    ("record_characters", {"crew_member": "Andrew", "first": "Emma", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Overman", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 2"}),
    ("record_objective", {"slot": "1", "title": "Here, Kitty, Kitty!"}),
    ("tick_setup", {"step": "1"}),
    ("tick_setup", {"step": "all remaining"}),
    ("equip", {"crew_member": "Andrew", "option": "draw 2, Self-Destruct +1"}),
    ("discard_from_hand", {"who": "crew member", "crew_member": "Andrew", "count": 1}),
    ("place_mission", {"column": "improvised_weaponry", "crew_member": "Andrew"}),
    ("end_turn", {}),
    ("collect_missions", {"tokens": 0}),
    ("use_heat_analyzer", {"crew_member": "Jacob", "image_within_2": True}),
    ("end_turn", {}),
    ("next_phase", {}),  # the android is not active yet: its phase passes, Lifeform Activity
    ("meet_image", {"image": "Image 1", "character": "Palmer"}),
    ("reality_calibration", {"image": "Image 1"}),
    ("attack", {"character": "Bennings"}),
    ("crew_reaction", {"crew_member": "Jacob", "reaction": "Run!", "character": "Bennings"}),
    ("reality_calibration", {"image": "Image 2"}),
    ("cocoon_advance", {"card": "already counted"}),
    ("malfunction_advance", {"card": "already counted"}),
    ("malfunction_advance", {"card": "already counted"}),
    ("next_phase", {}),  # round 2, Andrew's turn
    ("take_mining_laser", {"crew_member": "Andrew"}),
    ("flamethrower_android", {"crew_member": "Andrew"}),
    ("end_turn", {}),
    ("flamethrower", {"crew_member": "Jacob"}),
    ("flamethrower_cocoon", {"crew_member": "Jacob", "card": "already counted"}),
    ("end_turn", {}),
    ("next_phase", {}),
    ("android_step", {"step": "moves to the next chamber of the A.I. Path"}),
    ("security_door", {"event": "placed by a Security Door action (Full-lock side up)"}),
    ("android_step", {"step": "is blocked by the Security Door"}),
    ("next_phase", {}),
    ("lurk", {"discard": "0"}),
    ("lifeform_survival", {"ability": "Hull Breach", "chamber": "Mess",
                           "card": "already counted"}),
    ("next_phase", {}),  # round 3, Andrew's turn
    ("shoot_mining_laser", {"crew_member": "Andrew", "target": "android"}),
    ("character_killed", {"character": "Bennings", "kill": "noisy"}),
    ("meet_terror", {"character": "Emma"}),
    ("token_moved", {"token": "Terror", "move": "placed on the board", "why": "SD icon"}),
    ("activate_survival", {"character": "Emma"}),
    ("end_turn", {}),
    ("end_turn", {}),  # Jacob's turn: a pass
    ("next_phase", {}),  # round 3: the destroyed android's phase passes; Lifeform Activity
    ("use_vent", {}),
    ("next_phase", {}),
    ("advance_self_destruct", {"spaces": 8}),
    ("choose_stowaway", {"card": "second"}),
    ("stowaway_token", {"held": True}),
    ("asteroids_jumped", {"decision": "leave them unchecked"}),
    ("character_hidden", {"character": "Emma", "hidden": True}),
    ("character_hidden", {"character": "Emma", "hidden": False}),
    ("complete_objective", {"slot": "1"}),
    ("complete_objective", {"slot": "2"}),
    ("set_value", {"target": "cocoon.position", "value": 2}),
    ("hostility_other", {"spaces": 3, "why": "a card"}),
    ("remove_mission", {"column": "improvised_weaponry", "why": "a card"}),
    ("mission_from_pool", {"chamber": "Maintenance"}),
    ("end_turn", {}),
    ("end_turn", {}),
    ("next_phase", {}),  # round 4: the destroyed android's phase passes; Lifeform Activity
    ("lifeform_card_played", {}),
    ("draw_cards", {"who": "lifeform", "count": 2}),
    ("discard_from_hand", {"who": "lifeform", "count": 1}),  # 8 held, MAX HAND 7: at once
]


def fill_and_launch() -> list[tuple[str, dict[str, Any]]]:
    steps: list[tuple[str, dict[str, Any]]] = [
        ("advance_self_destruct", {"spaces": 13}),  # 19 -> 6
        ("pathway_deviation", {"card": "already counted"}),
        ("next_phase", {})]  # round 5: tokens go on, and the launch, in a crew member's turn
    for column, n in (("improvised_weaponry", 5), ("coolant", 3), ("energy_cells", 6),
                      ("halon_gas", 4), ("spacesuits", 3)):
        steps += [("place_mission", {"column": column, "crew_member": "Jacob"})] * n
    steps += [("board_remora", {"character": c}) for c in ("Emma", "Palmer", "Overman")]
    steps += [("launch", {}),
              ("hibernation", {"keep": "keep 1 (rule text)"}),
              ("draw_cards", {"who": "crew member", "crew_member": "Andrew", "count": 3}),
              ("hide_in_remora", {"location": "Cockpit"}),
              ("hunt_bet", {"location": "Storage Bay"}),
              ("hunt_step", {"step": "halon search", "location": "Cockpit"}),
              ("hunt_reward", {"zone": "zone 1: the crew chooses and keeps 1 combat token"}),
              ("fight_check", {"target": "Andrew", "fight_icons": "green eye",
                               "cards": "green eye"}),
              ("fight_result", {"target": "Andrew", "result": "matched", "crew_cards_used": 1})]
    return steps


TOPICS = {"self_destruct", "hostility", "cocoon", "malfunction", "android_status",
          "shuttle_loadout", "launch", "reality_calibration", "stowaway", "endings", "showdown",
          "hibernation", "fight", "character_death", "ships_cat", "module_a", "module_b",
          "module_c", "module_d", "setup", "round"}  # module_c: the solo game's actions
SEEN: set[str | None] = set()


def play() -> tuple[Session, list[dict[str, Any]]]:
    s = new(3, ("A", "B", "D"), seed="undo")
    states = [s.state.to_dict()]
    for name, args in STEPS + fill_and_launch():
        notes = s.do(name, **args)
        if name != "set_value":  # the engine's own action has no topic
            SEEN.update(n.topic for n in notes)
        states.append(s.state.to_dict())
    return s, states


def test_every_topic_is_a_reference_card_topic() -> None:
    play()
    assert SEEN - {None} <= TOPICS and None not in SEEN
    for action in GAME.actions:
        assert action.topic in TOPICS, action.name
    for m in new(3, ("B",)).state.pieces["self_destruct"].milestones:  # type: ignore[attr-defined]
        assert m.topic in TOPICS
    assert set(GAME.topics.values()) <= TOPICS


def test_the_long_game_reaches_the_showdown() -> None:
    s, _ = play()
    assert s.state.facts["stage"] in ("showdown", "over")
    assert s.state.facts["hunt"]["found"] is True
    done = {e.action for e in s.events}
    offered = {a.name for a in GAME.actions}
    untested = offered - done
    assert len(done & offered) >= 43, sorted(untested)


def test_undo_to_the_start_and_redo_to_the_end_gives_the_same_states() -> None:
    s, states = play()
    for head in range(len(states) - 1, -1, -1):
        s.jump(head)
        assert s.state.to_dict() == states[head], f"after undo to {head}"
    for head in range(1, len(states)):
        s.redo()
        assert s.state.to_dict() == states[head], f"after redo to {head}"


def test_a_replay_from_the_events_matches() -> None:
    s, states = play()
    again = Session(GAME, s.setup, s.seed, events=s.events)
    assert again.state.to_dict() == states[-1]
    back = Session(GAME, s.setup, s.seed, events=s.events, head=20)
    assert back.state.to_dict() == states[20]


def test_undo_then_a_new_action_drops_the_undone_branch() -> None:
    s, states = play()
    s.jump(30)
    s.do("stowaway_token", held=True)
    assert len(s.events) == 31
    assert s.state.to_dict() != states[31]
