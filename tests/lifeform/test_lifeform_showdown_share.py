"""Showdown Stage, hibernation step 1 (rulebook p. 38): the crew's draw is shared out among the
crew members with a surviving character before the Showdown goes on."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_fixtures import refused
from tests.lifeform.test_lifeform_session_showdown import example
from trackers.engine import Session
from trackers.engine.records import Event
from trackers.games.lifeform import decks, must_do
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck

KEEP = "keep all (worked example)"



def hands(s: Session) -> dict[str, int]:
    return dict(s.state.piece("crew_deck", PhysicalDeck).hands)


def test_the_fights_wait_until_the_crew_s_draw_is_shared_out() -> None:
    s = example()  # Improvised Weaponry holds 5: the crew draws 3
    s.do("hibernation", keep=KEEP)
    assert must_do.due_actions(s.state) == ["draw_cards"]
    said = refused(s, "fight_result", "hibernation step 1 is not done", target="Jacob",
                   result="matched")
    assert "3 Crew cards of the crew's draw are still to be shared among Andrew and Jacob" in said
    assert "('Draw cards')" in said and "(rulebook p. 38, Showdown Stage step 1)" in said
    form = {p.name: p.suggestion(s.state) for p in s.action("draw_cards").params}
    assert form == {"who": "crew member", "crew_member": "Andrew", "count": 3}
    before = hands(s)
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=2)
    said = refused(s, "draw_cards", "count: 1 of the crew's hibernation draw is left",
                   who="crew member", crew_member="Jacob", count=2)
    assert "give 1 to 1" in said
    assert "1 Crew card of the crew's draw is still" in (s.blocked("fight_result") or "")
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=1)
    assert hands(s)["Andrew"] == before["Andrew"] + 2 and hands(s)["Jacob"] == before["Jacob"] + 1
    assert must_do.due_actions(s.state) == []
    s.do("fight_result", target="Jacob", result="cancelled: Halon Gas Blast")


def test_a_share_goes_only_to_a_crew_member_with_a_surviving_character() -> None:
    s = example()
    s.do("character_killed", character="Cameron")  # Jacob's last character
    s.do("hibernation", keep=KEEP)
    said = refused(s, "draw_cards", "crew_member: the crew's hibernation draw goes to a crew "
                   "member with a surviving character: Andrew", who="crew member",
                   crew_member="Jacob", count=1)
    assert "(rulebook p. 38, Showdown Stage step 1)" in said


def test_module_d_s_bet_waits_for_the_share_too() -> None:
    s = example(("D",))
    s.do("hide_in_remora", location="Cockpit")
    s.do("hibernation", keep=KEEP)
    refused(s, "hunt_bet", "hibernation step 1 is not done", location="Storage Bay")
    assert must_do.due_actions(s.state) == ["draw_cards"]
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=2)  # 4 + 2: the limit
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=1)
    assert must_do.due_actions(s.state) == ["hunt_bet"]
    s.do("hunt_bet", location="Storage Bay")


def test_a_game_saved_before_the_share_was_held_replays_as_played() -> None:
    """A hibernation recorded before (no hold with its event): its fights go on as they were."""
    s = example()
    old = Session(GAME, s.setup, "t", events=[
        *s.events, Event(s.head + 1, "hibernation", {"keep": KEEP}),
        Event(s.head + 2, "fight_result", {"target": "Jacob",
                                           "result": "cancelled: Halon Gas Blast"})])
    assert old.state.facts["showdown"]["fights"] == 1
    assert must_do.due_actions(old.state) == []
    assert old.blocked("fight_result") is None


def test_the_checklist_names_the_share_right_after_the_hibernation() -> None:
    s = example()
    s.do("hibernation", keep=KEEP)
    todo = [text for text, done in GAME.checklist(s.state) if not done]
    assert todo[0] == ("Hibernation step 1: share 3 of the crew's draw ('Draw cards') "
                       "(rulebook p. 38, Showdown Stage)")


def test_a_hand_the_share_takes_over_its_limit_is_cut_before_the_fights() -> None:
    """Played at 80x24: all 3 cards went to Andrew, who held 6, and a fight was accepted with
    him at 9 (the hand limits stay in force in the Showdown, rulebook p. 38)."""
    from tests.lifeform.test_lifeform_session_showdown import at_the_launch

    s = at_the_launch()
    held = decks.hand_size(s.state, "Andrew")  # the Mining Laser card counts
    if held < 6:
        s.do("draw_cards", who="crew member", crew_member="Andrew", count=6 - held)
    s.do("launch")
    s.do("hibernation", keep=KEEP)
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=3)
    said = refused(s, "fight_result", "Andrew holds 9 cards, over the hand limit of 6: "
                   "discard 3 first", target="Jacob", result="matched")
    assert "the limits stay in force in the Showdown (rulebook p. 38, Showdown Stage)" in said
    assert must_do.due_actions(s.state) == ["discard_from_hand"]
    form = {p.name: p.suggestion(s.state) for p in s.action("discard_from_hand").params}
    assert form == {"who": "crew member", "crew_member": "Andrew", "count": 3}
    s.do("discard_from_hand", who="crew member", crew_member="Andrew", count=3)
    s.do("fight_result", target="Jacob", result="cancelled: Halon Gas Blast")
