"""The Showdown through the session: the rulebook's worked example (spec §12.4, §12.5) with the
test board's printed values shaped to it, fight checks and fight results (spec §10)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from trackers.engine import ActionError, Session
from trackers.games.lifeform import crew_share, decks
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck


def example(modules: tuple[str, ...] = ()) -> Session:
    """Andrew (Solomon, Palmer) and Jacob (Cameron) launch at 6 inside Sarah's card's range."""
    s = at_the_launch(modules)
    s.do("launch")
    return s


def at_the_launch(modules: tuple[str, ...] = ()) -> Session:
    """The example's table in Andrew's turn with every launch criterion met, before the
    launch."""
    s = through_setup(new(3, modules))
    s.do("take_mining_laser", crew_member="Andrew")
    for column, n in (("improvised_weaponry", 5), ("coolant", 3), ("energy_cells", 6),
                      ("halon_gas", 4), ("spacesuits", 3)):
        for _ in range(n):
            s.do("place_mission", column=column, crew_member="Jacob")
    s.do("discard_from_hand", who="crew member", crew_member="Jacob", count=1)  # the bonus draw
    s.do("complete_objective", slot="1")
    s.do("complete_objective", slot="2")
    s.do("cocoon_advance", card="already counted")  # one above Start: MAX HAND 7
    s.do("discard_from_hand", who="lifeform", count=1)  # Sarah holds 2
    s.do("character_killed", character="Bennings")
    s.do("set_value", target="hostility.position", value=12)  # reached the red claw "4"
    s.do("advance_self_destruct", spaces=8)
    s.do("choose_stowaway", card="second")  # 3-8 on the test board
    for name in ("Solomon", "Palmer", "Cameron"):
        s.do("board_remora", character=name)
    s.do("advance_self_destruct", spaces=14)  # 6
    return s


def hibernate(s: Session, keep: str = "keep all (worked example)") -> None:
    """The hibernation, then its step 1's draw shared out a card at a time to the smallest
    hand, and a hand it takes over the limit cut (rulebook p. 38, Showdown Stage)."""
    s.do("hibernation", keep=keep)
    while crew_share.left(s.state):
        to = min(crew_share.receivers(s.state), key=lambda m: decks.hand_size(s.state, m))
        s.do("draw_cards", who="crew member", crew_member=to, count=1)
    for who, held, limit in decks.over_limit_hands(s.state):
        s.do("discard_from_hand", who="crew member", crew_member=who, count=held - limit)


def lines(s: Session, title: str) -> tuple[str, ...]:
    return next(p.lines for p in GAME.panels(s.state) if p.title == title)  # type: ignore


def test_the_hibernation_numbers_of_the_rulebook_example() -> None:
    s = example()
    assert s.state.facts["stage"] == "showdown"
    panel = "\n".join(lines(s, "Hibernation numbers"))
    assert "Crew cards to draw and share: 3" in panel  # IW holds 5 -> 3
    assert "Halon Gas Blast: 1" in panel  # 4 tokens: 1 full compartment, 3P no bonus
    assert "Lifeform draws: 4" in panel  # Energy Cells 6 -> 4 uncovered
    assert "Hostility tokens: 4" in panel
    assert "reading 2 (worked example)" in panel and "2 + 4 = 6" in panel


def test_hibernation_then_the_six_fights_until_the_crew_wins() -> None:
    s = example()
    s.do("hibernation", keep="keep all (worked example)")
    s.do("draw_cards", who="crew member", crew_member="Andrew", count=2)
    s.do("draw_cards", who="crew member", crew_member="Jacob", count=1)
    show = s.state.facts["showdown"]
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 6
    assert (show["halon"], show["remora"], show["hostility_tokens"]) == (1, True, 4)
    with pytest.raises(ActionError, match="already"):
        s.do("hibernation", keep="keep 1 (rule text)")
    s.do("fight_result", target="Jacob", result="cancelled: Halon Gas Blast", hostility_tokens=1)
    with pytest.raises(ActionError, match="give one of: Andrew$"):
        s.do("fight_result", target="Jacob", result="matched")  # T24
    s.do("fight_result", target="Andrew", result="cancelled: Mining Laser")
    notes = s.do("fight_check", target="Jacob", fight_icons="green eye", hostility_tokens=1,
                 cards="green eye + red claw; purple stinger")
    assert "every fight icon can be matched" in notes[0].text
    s.do("fight_result", target="Jacob", result="matched", hostility_tokens=1, crew_cards_used=1)
    notes = s.do("fight_check", target="Andrew", fight_icons="red claw", hostility_tokens=2,
                 cards="red claw; blue claw; purple stinger; green eye; green eye")
    assert "every fight icon can be matched" in notes[0].text and "Two-for-One" in notes[1].text
    s.do("fight_result", target="Andrew", result="matched", hostility_tokens=2,
         crew_cards_used=5)
    s.do("fight_result", target="Jacob", result="cancelled: Remora token")
    notes = s.do("fight_check", target="Andrew", fight_icons="green eye",
                 surplus_character="not settled")
    assert "reading the table must settle" in notes[0].text
    assert any("second surviving character" in n.text for n in notes)
    notes = s.do("fight_check", target="Andrew", fight_icons="green eye", surplus_character="no")
    assert "eliminated" in notes[0].text
    notes = s.do("fight_result", target="Andrew", result="eliminated")
    assert s.state.facts["status"] == "the crew won the Showdown"
    assert "the crew wins" in notes[-1].text


def test_hibernation_keep_1_reading_and_the_last_survivor_eliminated() -> None:
    s = example()
    hibernate(s, "keep 1 (rule text)")
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == 3
    s.do("fight_result", target="Andrew", result="eliminated")
    s.do("fight_result", target="Jacob", result="eliminated")
    assert s.state.facts["status"] == "the lifeform won the Showdown"


def test_fight_check_refuses_bad_icons_and_more_than_five() -> None:
    s = example()
    s.do("hibernation", keep="keep all (worked example)")
    with pytest.raises(ActionError, match="not a showdown icon"):
        s.do("fight_check", target="Jacob", fight_icons="red paw")
    with pytest.raises(ActionError, match="picks the 5"):
        s.do("fight_check", target="Jacob", fight_icons="red claw, red claw, red claw",
             hostility_tokens=3)
    assert s.head == len(s.events)  # nothing recorded by the refusals
