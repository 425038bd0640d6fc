"""Each action in its phase (spec pandora-celeste §2): refused elsewhere with a message saying
when it can be done; one Station a turn, one Dodge a Cycle, the empty-board draw only with an
empty board, ScuttleBug bites from the next turn on, the Wake-Up discard."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import act_three, started, texts, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste.cards import RED
from trackers.games.pandora_celeste.game import GAME

BRIDGE = {"bridge_stations": 3, "big_nasty_boxes": [3], "objective_timer": 9,
          "abandon_movers": "Little Nasties move"}


def at_setup() -> Session:
    return Session(GAME, SessionSetup(2, {"crew": ["Cap", "Flygirl"]}), seed="setup")


@pytest.mark.parametrize(("action", "args", "says"), [
    ("reveal_nasty", {"name": "Bug", "room": "Galley"}, "Nasties come in once the Cycle"),
    ("end_turn", {"crew": "Cap"}, "in the Crew Round; the game is at setup"),
    ("power_up", {"vehicle": "Escape Pod", "widget": True}, "in the Crew Round"),
    ("wound", {"crew": "Cap", "dmg": 1}, "once the Cycle has begun"),
])
def test_setup_refuses_the_plays_of_the_cycle(action: str, args: dict[str, object],
                                              says: str) -> None:
    s = at_setup()
    with pytest.raises(ActionError, match=says):
        s.do(action, **args)
    assert s.state.facts["nasties"] == [] and s.state.facts["phase"] == "setup"


def test_the_nasty_round_refuses_crew_plays_and_shut_downs() -> None:
    s = started(("Cap", "Flygirl"), seed="ph")
    s.do("reveal_nasty", name="Bug", room="Galley")
    walk_to(s, "nasties")
    s.do("nasty_round")
    with pytest.raises(ActionError, match="Shut down a Protocol is not possible now: Shutting "
                       "down a Protocol is done on a player's turn, in the Crew Round"):
        s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    with pytest.raises(ActionError, match="a crewmember attacks on their turn"):
        s.do("crew_attack", crew="Cap", nasty="1. Bug", weapon="fists", box=RED)
    s.do("nasty_card", instruction="Follow Instincts")
    s.do("nasty_attacks", nasty="1. Bug", crew="Cap", box="blue (MISS)")  # its attack: allowed
    s.do("next_step")
    with pytest.raises(ActionError, match="a Nasty attacks in the Crew Round"):
        s.do("nasty_attacks", nasty="1. Bug", crew="Cap", box=RED)


def test_one_station_a_turn_unless_a_card_allows_more() -> None:
    s = started(("Cap", "Flygirl"), seed="ph2", board=BRIDGE)
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    s.do("power_up", vehicle="Bridge", station=1, icons=1, who="Flygirl")
    s.do("power_up", vehicle="Bridge", station=1, icons=1, who="Flygirl")  # same Station
    with pytest.raises(ActionError, match="who: Flygirl powered Bridge 1 this turn already"):
        s.do("power_up", vehicle="Bridge", station=2, icons=2, who="Flygirl")
    assert "by Flygirl" in texts(s.do("power_up", vehicle="Bridge", station=2, icons=2,
                                      who="Flygirl", extra=True))
    s.do("end_turn", crew="Flygirl")
    s.do("power_up", vehicle="Bridge", station=3, icons=2, who="Flygirl")
    with pytest.raises(ActionError, match="widget: the Escape Pod opens only once a Widget"):
        s.do("power_up", vehicle="Escape Pod", who="Cap")


def test_one_dodge_a_cycle_and_the_empty_board_draw_only_when_empty() -> None:
    s = started(("Cap", "Flygirl"), seed="ph3")
    walk_to(s, "crew_round")
    s.do("reveal_nasty", name="Bug", room="Galley")
    assert "Dodge cancels" in texts(s.do("nasty_attacks", nasty="1. Bug", crew="Cap",
                                         box=RED, defence="Dodge"))
    with pytest.raises(ActionError, match="defence: Cap's Dodge already cancelled a HIT"):
        s.do("nasty_attacks", nasty="1. Bug", crew="Cap", box=RED, defence="Dodge")
    with pytest.raises(ActionError, match="why: the empty-board draw is only for a board with "
                       "no Nasty on it; on the board now: 1. Bug"):
        s.do("vents_card", why="empty board", card="a Nasty", nasty="Bug")
    s.do("remove_nasty", nasty="1. Bug")
    walk_to(s, "tick")  # the Nasty Action Round has ended with the board empty
    s.do("vents_card", why="empty board", card="a Nasty", nasty="Bug")
    with pytest.raises(ActionError, match="why: the empty-board draw is only"):
        s.do("vents_card", why="empty board", card="a Nasty", nasty="Bug")


def test_no_vents_card_in_the_hand_refill() -> None:
    """A Vents card comes with a crewmember's move into a Vent Node, the empty board at the
    end of the Nasty Action Round, or Check Aircon at the End of Cycle: never the refill."""
    s = started(("Cap", "Flygirl"), seed="ph5")
    walk_to(s, "refill")
    assert "the game is at the hand refill" in str(s.blocked("vents_card"))
    with pytest.raises(ActionError, match="the game is at the hand refill"):
        s.do("vents_card", why="crew entered a Vent Node", card="an Action card",
             drawer="Cap")
    s.do("next_step")
    s.do("nasty_round")  # nobody to move: the round ends with the board empty
    with pytest.raises(ActionError, match=r"why: the Vents card is drawn when a crewmember "
                       r"enters a Vent Node \(the Crew Round\); the game is at the End of "
                       "Cycle"):
        s.do("vents_card", why="crew entered a Vent Node", card="an Action card")
    with pytest.raises(ActionError, match="why: the Vents card is drawn for Check Aircon"):
        s.do("vents_card", why="Check Aircon", card="an Action card")
    s.do("end_cycle")
    s.do("vents_card", why="Check Aircon", card="an Action card")
    walk_to(s, "crew_round")
    s.do("vents_card", why="crew entered a Vent Node", card="an Action card", drawer="Cap")
    with pytest.raises(ActionError, match=r"why: the Vents card is drawn for an empty board "
                       r"\(the end of the Nasty Action Round\)"):
        s.do("vents_card", why="empty board", card="a Nasty", nasty="Bug")


def test_the_wake_up_start_reminds_the_discard() -> None:
    s = at_setup()
    while s.state.facts["step"] < 2:
        s.do("next_step")
    s.do("add_protocol", name="Lockdown", start=5)
    notes = texts(s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)"))
    assert "Wake-Up, discard 1 card of your choice at once" in notes


def test_the_showdown_holds_the_cycle() -> None:
    s = started(("Cap",), seed="ph4", board=BRIDGE)
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    s.do("board_vehicle", who="Cap", vehicle="Bridge")
    s.do("board_vehicle", who="1. MonsterBug", vehicle="Bridge")
    s.do("decouple_bridge")
    with pytest.raises(ActionError, match="time stands still in the Final Showdown"):
        s.do("end_turn", crew="Cap")
