"""Thirteenth Passenger modules B (asteroids) and D (hunting the alien) in a session
(spec lifeform §11.2, §11.4)."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import new, through_setup
from tests.lifeform.test_lifeform_session_showdown import example, hibernate
from trackers.engine import ActionError, Session
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck, Secret, Track


def with_hit_at(space: int) -> Session:
    """A module B session whose shuffled hit token lies on ``space`` (read for the test only)."""
    for i in range(200):
        s = new(3, ("B",), seed=f"b{i}")
        if s.state.facts["hidden"]["asteroids"][str(space)] == "hit":
            return through_setup(s)
    raise AssertionError("no seed found")


def test_module_b_tokens_are_shuffled_in_secret_onto_19_to_16() -> None:
    layouts = {tuple(new(3, ("B",), seed=f"b{i}").state.facts["hidden"]["asteroids"].items())
               for i in range(20)}
    assert len(layouts) > 1  # shuffled
    for layout in layouts:
        assert [k for k, _ in layout] == ["19", "18", "17", "16"]
        assert sorted(v for _, v in layout) == ["alert", "alert", "alert", "hit"]


def test_alerts_then_the_hit_each_revealed_as_the_tracker_arrives() -> None:
    s = with_hit_at(17)
    notes = s.do("advance_self_destruct", spaces=9)  # 28 -> 19
    assert any("19: Impact imminent!" in n.text for n in notes)
    s.do("choose_stowaway", card="second")  # the 20 mark passed: its card first
    s.do("advance_self_destruct", spaces=1)
    notes = s.do("advance_self_destruct", spaces=1)  # 17: the hit
    hit = next(n.text for n in notes if "Struck by asteroids!" in n.text)
    struck = s.state.facts["asteroids"]["struck"]
    assert struck in ("1", "2", "3") and f"card {struck} of your 3 (it strikes the " in hit
    assert s.state.facts["asteroids"]["face_down"] == []  # 16 leaves unseen
    assert s.state.facts["hidden"]["asteroids"] == {}
    assert not any(m.key.startswith("asteroid ") for m in s.state.piece(
        "self_destruct", Track).milestones)
    panel = next(p for p in GAME.panels(s.state) if p.title.startswith("Asteroids"))  # type: ignore
    assert "17: Struck by asteroids!" in panel.lines
    s.undo()
    assert s.state.facts["asteroids"]["face_down"] == [17, 16]
    assert s.state.facts["asteroids"]["struck"] is None


def test_tokens_jumped_over_wait_for_the_tables_decision_g20() -> None:
    s = with_hit_at(19)
    notes = s.do("advance_self_destruct", spaces=10)  # 28 -> 18: jumps over 19
    assert any("whether a skipped token is checked" in n.text for n in notes)
    assert s.available("asteroids_jumped") and s.state.facts["asteroids"]["held"] == [19, 18]
    notes = s.do("asteroids_jumped", decision="check them")
    assert "19: Struck by asteroids!" in notes[0].text
    assert s.state.facts["asteroids"]["face_down"] == []
    s.undo()
    notes = s.do("asteroids_jumped", decision="leave them unchecked")
    assert "left unchecked" in notes[0].text and "18: Impact imminent!" in notes[1].text
    assert s.state.facts["asteroids"]["struck"] is None
    assert s.state.facts["asteroids"]["face_down"] == [17, 16]


def hunted(hide: str, bet: str) -> Session:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location=hide)
    s.do("hunt_bet", location=bet)
    return s


def test_module_d_never_found_t33_and_the_hidden_reward() -> None:
    s = hunted("Cockpit", "Supply Locker")  # 3 disks: halon search, search, search
    notes = s.do("hunt_step", step="halon search", location="Storage Bay")  # T33
    assert "WHERE THE HELL IS IT?!" in notes[0].text and "loses 1 card" in notes[0].text
    assert s.state.facts["showdown"]["halon"] == 0
    with pytest.raises(ActionError, match="give one of: search$"):  # no blast left to spend
        s.do("hunt_step", step="lifeform reveal", location="Cockpit")
    with pytest.raises(ActionError, match="give one of: search$"):
        s.do("hunt_step", step="halon search", location="Cockpit")
    s.do("hunt_step", step="search", location="Hypersleep Chamber")
    tokens = s.state.facts["showdown"]["hostility_tokens"]
    notes = s.do("hunt_step", step="search", location="Supply Locker")
    text = "\n".join(n.text for n in notes)
    assert "the hiding place was the Cockpit" in text and "matches" in text
    assert s.state.facts["showdown"]["hostility_tokens"] == tokens + 1  # +1, bet not kept


def test_module_d_bet_on_the_true_place_is_kept_t32() -> None:
    s = hunted("Supply Locker", "Supply Locker")
    cards = s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"]
    tokens = s.state.facts["showdown"]["hostility_tokens"]
    s.do("hunt_step", step="skip the Halon search")
    s.do("hunt_step", step="search", location="Cockpit")
    s.do("hunt_step", step="search", location="Storage Bay")
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == cards + 1
    assert s.state.facts["showdown"]["hostility_tokens"] == tokens + 2


def test_module_d_found_it() -> None:
    s = hunted("Storage Bay", "Cockpit")
    cards = s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"]
    s.do("hunt_step", step="skip the Halon search")
    assert not s.state.piece("hiding_place", Secret).revealed
    notes = s.do("hunt_step", step="search", location="Storage Bay")
    text = "\n".join(n.text for n in notes)
    assert "IT'S IN HERE!" in text and "reward" in text
    assert s.state.piece("hiding_place", Secret).revealed
    assert s.state.piece("lifeform_deck", PhysicalDeck).hands["Sarah"] == cards - 1


def test_module_d_refuses_a_bet_on_engineering_and_a_second_hiding_place() -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    with pytest.raises(ActionError, match="hiding place first"):
        s.do("hunt_bet", location="Cockpit")
    s.do("hide_in_remora", location="Engineering Compartment")
    assert s.action("hide_in_remora").private_to == "Lifeform player"
    assert "(hidden)" in s.history()[-1].text
    with pytest.raises(ActionError, match="never changes"):
        s.do("hide_in_remora", location="Cockpit")
    with pytest.raises(ActionError):
        s.do("hunt_bet", location="Engineering Compartment")
