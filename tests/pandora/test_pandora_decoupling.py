"""The decisive moments of the escape in the rulebook's order of steps, in every mode: the
decoupling after the round's last attack («Decoupling»), a new card for each attack («Nasties vs
Crewmembers»), the Airlock flush whatever the typing order and the outcomes («Flush it out the
Airlock!», «Surviving's Just a Way of Keeping Score»)."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import act_three, power, started, texts, walk_to
from trackers.engine import ActionError, Session
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.cards import BLUE, RED

BRIDGE = {"bridge_stations": 3, "big_nasty_boxes": [3], "objective_timer": 9,
          "abandon_movers": "Little Nasties move"}
TOWARDS = "Move towards the Bridge/Engineering"
MODES = {  # crew, mode, players: a solo game with two crewmembers, True Solo, a table of 3
    "solo": (("Cargo", "Flygirl"), "crew", 1),
    "true solo": (("Flygirl",), "true-solo", 1),
    "three players": (("Cargo", "Cap", "Flygirl"), "crew", 3),
}


def abandoned(crew: tuple[str, ...], mode: str = "crew", players: int | None = None,
              seed: str = "decouple", company: tuple[str, ...] = ()) -> Session:
    s = started(crew, board=BRIDGE, seed=seed, mode=mode, players=players, company=company)
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    s.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(s)
    return s


def power_bridge(s: Session) -> None:
    power(s, "Bridge", stations=3)


@pytest.mark.parametrize("mode", list(MODES))
def test_the_bridge_decouples_after_the_last_attack_of_the_round(mode: str) -> None:
    """Played: the Bug's card moved it to the Bridge, and in the same step the Bridge Decoupled
    and the game ended, so its attack on Flygirl could not be entered."""
    crew, kind, players = MODES[mode]
    s = abandoned(crew, kind, players)
    s.do("reveal_nasty", name="Bug", room="Galley")
    for name in crew:
        if name == "Flygirl":
            s.do("board_vehicle", who=name, vehicle="Bridge")
        else:
            s.do("wound", crew=name, dmg=8)  # the others die: Flygirl is the last survivor
    power_bridge(s)
    walk_to(s, "nasties")
    s.do("nasty_round")
    notes = texts(s.do("nasty_card", instruction=TOWARDS))
    assert "Every activated Nasty has acted" in notes
    assert "When the round ends the Bridge Decouples" in notes
    assert "The Bridge Decouples" not in notes and s.game.end_record(s.state) is None
    # 1. the attack, 2. the push, 3. it lands, 4. the end of the round: the decoupling
    assert "HITS Flygirl for 2 dmg" in texts(s.do("nasty_attacks", nasty="3. Bug",
                                                  crew="Flygirl", box=RED))
    with pytest.raises(ActionError, match="an attack is under way"):
        s.do("next_step")
    s.do("push", box=BLUE)
    s.do("settle_attack")
    assert s.game.end_record(s.state) is None
    notes = texts(s.do("next_step"))
    assert "The Bridge Decouples (every surviving crewmember is aboard)" in notes
    record = s.game.end_record(s.state)
    assert record is not None and record.ending == "the Bridge Decoupled"
    assert "Flygirl: survivor" in record.summary


def test_an_attack_that_kills_the_last_survivor_stops_the_decoupling() -> None:
    s = abandoned(("Flygirl",), "true-solo")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    power_bridge(s)
    s.do("wound", crew="Flygirl", dmg=6)
    walk_to(s, "nasties")
    s.do("nasty_round")
    s.do("nasty_card", instruction=TOWARDS)
    s.do("nasty_attacks", nasty="3. Bug", crew="Flygirl", box=RED)
    assert "Flygirl is dead" in texts(s.do("settle_attack"))
    record = s.game.end_record(s.state)
    assert record is not None and record.outcomes == {"Player 1": "loser"}
    assert not s.state.facts["vehicles"]["Bridge"]["decoupled"]


def test_a_fulfilled_agenda_aboard_decouples_at_the_end_of_the_crew_round() -> None:
    s = abandoned(("Cargo", "Cap", "Flygirl"), players=3)
    s.do("board_vehicle", who="Cap", vehicle="Shuttle")
    power(s, "Shuttle")
    s.do("fulfil_agenda", crew="Cap")
    walk_to(s, "turn_end")
    assert s.game.end_record(s.state) is None  # not in the middle of the Crew Round
    s.do("next_step")
    assert "The Shuttle Decouples (a crewmember aboard has Fulfilled" in texts(
        s.do("next_step"))
    record = s.game.end_record(s.state)
    assert record is not None
    assert record.outcomes == {"Player 1": "loser", "Player 2": "winner", "Player 3": "loser"}


def test_whoever_waits_in_the_airlock_is_pulled_in_and_a_nasty_there_means_the_showdown(
) -> None:
    s = abandoned(("Cap", "Flygirl"), players=2)
    s.do("board_vehicle", who="Cap", vehicle="Bridge")
    s.do("board_vehicle", who="Flygirl", vehicle="Bridge",
         spot="in its Airlock or on the Bridge's Vent Nodes")
    s.do("board_vehicle", who="1. MonsterBug", vehicle="Bridge",
         spot="in its Airlock or on the Bridge's Vent Nodes")
    power_bridge(s)
    walk_to(s, "nasties")
    notes = texts(s.do("nasty_round"))  # nobody moves: the round ends at once
    assert "Decouples" not in notes  # Flygirl waits in the Airlock: not every survivor aboard
    s.do("board_vehicle", who="Flygirl", vehicle="Bridge")
    s.do("end_cycle")
    walk_to(s, "nasties")
    notes = texts(s.do("nasty_round"))
    assert "pulled inside from its Airlock: 1. MonsterBug" in notes
    assert "the Final Showdown" in notes and s.state.facts["showdown"] is not None
    assert s.game.end_record(s.state) is None


@pytest.mark.parametrize("virtual", [False, True])
def test_an_attack_flips_a_new_card_whatever_the_order_of_entry(virtual: bool) -> None:
    """Played: entered straight after its own card the attack reused it; after another
    Nasty's card a new card was flipped."""
    deck = {"deck_gold": [1, 2, 3, 4, 5, 6], "deck_top": [1, 1, 1, 1, 1, 1],
            "deck_bottom": [1, 1, 1, 1, 1, 1], "deck_top_red": [1, 2, 3, 4, 5, 6],
            "deck_bottom_red": [1, 2, 3, 4, 5, 6], "deck_reshuffle": []}
    drawn = []
    for order in ("own card first", "other card first"):
        s = started(("Cargo", "Flygirl"), seed="order", board=deck if virtual else {},
                    nasty_cards="virtual" if virtual else "mirror")
        walk_to(s, "count")
        s.do("count_noise")
        walk_to(s, "nasties")
        s.do("reveal_nasty", name="Bug", room="Galley")
        s.do("reveal_nasty", name="Bug", room="Bridge")
        s.do("nasty_round")  # virtual: the app draws the first Nasty's card with it
        if not virtual:
            s.do("nasty_card", instruction="Follow Instincts")
        if order == "other card first":
            s.do("nasty_round" if virtual else "nasty_card",
                 **({} if virtual else {"instruction": "Follow Instincts"}))
        if not virtual:  # the table flips a new card and enters its box, in either order
            with pytest.raises(ActionError, match="box: required"):
                s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl")
        box = {} if virtual else {"box": RED}
        notes = texts(s.do("nasty_attacks", nasty="1. Bug", crew="Flygirl", **box))
        assert "activation card" not in notes and "HITS Flygirl" in notes
        if virtual:
            assert "Drawn: card" in notes  # the app flips the attack's card and shows it
            drawn.append(len(s.state.facts["deck"]["discard"]))
    if virtual:
        assert drawn == [2, 3]  # one card per activation, one more for the attack


def _showdown(seed: str = "flush") -> Session:
    s = abandoned(("Cap", "Skins", "Greaseball"), players=3, seed=seed)
    for who in ("Cap", "Skins", "Greaseball", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    power_bridge(s)
    s.do("decouple_bridge")
    assert s.state.facts["showdown"] is not None
    s.do("flush_airlock", flusher="Greaseball")
    return s


FLIPS = {"1. MonsterBug": BLUE, "Cap": RED, "Skins": BLUE}


@pytest.mark.parametrize("order", [["1. MonsterBug", "Cap", "Skins"],
                                   ["Skins", "Cap", "1. MonsterBug"]])
def test_the_flush_waits_for_every_flip_and_the_order_changes_nothing(order: list[str]) -> None:
    """Played: the MonsterBug's MISS entered first ended the game before Cap and Skins
    flipped; with Skins first, Skins alone was flushed."""
    s = _showdown()
    for i, who in enumerate(order):
        notes = texts(s.do("flush_flip", who=who, box=FLIPS[who]))
        if i < len(order) - 1:
            assert "flushed into space" not in notes and s.game.end_record(s.state) is None
    assert "1. MonsterBug is flushed into space" in notes and "Skins is flushed" in notes
    assert "Cap grabs hold and stays aboard" in notes
    record = s.game.end_record(s.state)
    assert record is not None
    assert record.outcomes == {"Player 1": "survivor", "Player 2": "loser",
                               "Player 3": "survivor"}


def test_a_smoking_gun_fails_beside_a_fulfilled_company_agenda() -> None:
    s = abandoned(("Cap", "Skins", "Flygirl"), players=3, company=("Skins",))
    for who in ("Cap", "Skins"):
        s.do("board_vehicle", who=who, vehicle="Shuttle")
    power(s, "Shuttle")
    s.do("fulfil_agenda", crew="Cap", fails_if="a Company Agenda fulfilled in the same craft")
    s.do("fulfil_agenda", crew="Skins")
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    s.do("reveal_secret", secret="skins_company")
    record = s.game.end_record(s.state)
    assert record is not None
    # Cap: the Smoking Gun fails (Skins's Company Agenda, same craft); Flygirl left on the Ship
    assert record.outcomes == {"Player 1": "survivor", "Player 2": "loser",
                               "Player 3": "winner"}


def test_left_on_the_ship_loses_even_with_an_agenda_that_needs_no_survival() -> None:
    s = abandoned(("Cap", "Flygirl"), players=2)
    s.do("board_vehicle", who="Cap", vehicle="Shuttle")
    power(s, "Shuttle")
    s.do("fulfil_agenda", crew="Cap")
    s.do("fulfil_agenda", crew="Flygirl", survival_needed=False)
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    record = s.game.end_record(s.state)
    assert record is not None and record.outcomes == {"Player 1": "winner", "Player 2": "loser"}


def test_an_agenda_failed_by_hand_is_no_win() -> None:
    s = abandoned(("Cap",), "true-solo")
    s.do("board_vehicle", who="Cap", vehicle="Shuttle")
    power(s, "Shuttle")
    s.do("fulfil_agenda", crew="Cap")
    s.do("agenda_failed", crew="Cap", why="the McGuffin was destroyed")
    walk_to(s, "decouple_fulfilled")
    s.do("next_step")
    record = s.game.end_record(s.state)
    assert record is not None and record.outcomes == {"Player 1": "survivor"}
    assert cycle.current(s.state) == "decouple_fulfilled"


def test_the_report_keeps_every_death_the_decoupling_the_flush_and_the_outcomes() -> None:
    from trackers.engine.report import build_report
    from trackers.games.pandora_celeste.game import GAME

    s = abandoned(("Cargo", "Cap", "Skins", "Greaseball"), players=4, seed="report")
    s.do("wound", crew="Cargo", dmg=8)  # Cargo dies
    for who in ("Cap", "Skins", "Greaseball", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    power_bridge(s)
    walk_to(s, "nasties")
    s.do("nasty_round")  # the Bug-less round ends at once: every survivor aboard, it Decouples
    s.do("flush_airlock", flusher="Greaseball")
    for who in ("Skins", "Cap", "1. MonsterBug"):
        s.do("flush_flip", who=who, box=FLIPS[who])
    said = [m.text for m in build_report(GAME, s.setup, s.seed, s.events).moments]
    for moment in ("Cargo died", "Abandon Ship", "The Bridge Decoupled", "The Final Showdown",
                   "The Airlock flush", "Skins flushed into space"):
        assert moment in said, (moment, said)
    end = next(m for m in said if m.startswith("The end:"))
    assert "Cap: survivor" in end and "Skins: loser" in end and "Greaseball: survivor" in end


def test_in_the_showdown_a_nasty_goes_for_the_first_target_aboard() -> None:
    s = abandoned(("Cargo", "Cap", "Flygirl"), players=3, seed="sd")
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Cargo", colour="Red")  # Cargo, left on the Ship, is First Target
    walk_to(s, "count")
    s.do("count_noise")
    for who in ("Cap", "Flygirl", "1. MonsterBug"):
        s.do("board_vehicle", who=who, vehicle="Bridge")
    s.do("decouple_bridge")
    # anti-clockwise from Cargo (seats Cargo, Cap, Flygirl): Flygirl comes first aboard
    assert "HITS Flygirl" in texts(s.do("nasty_attacks", box=RED, moved=0))
