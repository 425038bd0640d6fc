"""The dead are no targets (rulebook «Noise Count», «Moving Nasties»): the First Target token,
the First Player, Follow Instincts and the attack order pass over a dead crewmember."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import started, texts, walk_to

FOLLOW = "Follow Instincts"


@pytest.mark.parametrize(("crew", "players"), [(("Cargo", "Flygirl"), 1),
                                               (("Cargo", "Cap", "Flygirl"), 3)])
def test_a_dead_first_target_passes_the_token_to_the_next_noisiest(
        crew: tuple[str, ...], players: int) -> None:
    """Played: 'E1. Cargo (First Target) becomes First Player' and 'Follow Instincts towards
    the First Target (Cargo)' after Cargo died."""
    s = started(crew, players=players, seed="dead", mode="crew")
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Cargo", colour="Red")
    s.do("record_noise", crew="Flygirl", colour="Amber")
    walk_to(s, "count")
    s.do("count_noise")
    assert s.state.facts["first_target"] == "Cargo"
    walk_to(s, "nasties")
    s.do("reveal_nasty", name="Bug", room="Galley")
    notes = texts(s.do("wound", crew="Cargo", dmg=8))
    assert "Cargo is dead" in notes
    assert "The First Target token passes to Flygirl, the next noisiest" in notes
    s.do("nasty_round")
    notes = texts(s.do("nasty_card", instruction=FOLLOW))
    assert "towards the First Target (Flygirl)" in notes and "Cargo" not in notes
    s.do("next_step")
    notes = texts(s.do("end_cycle"))
    assert "E1. Flygirl (First Target) becomes First Player" in notes
    # a silent round: the token stays with the living holder, never goes back to the dead
    walk_to(s, "count")
    assert "Cargo" not in texts(s.do("count_noise"))
    assert s.state.facts["first_target"] == "Flygirl"


def test_with_nobody_else_noisy_the_table_is_asked() -> None:
    s = started(("Cargo", "Cap", "Flygirl"), players=3, seed="dead2")
    walk_to(s, "crew_round")
    s.do("record_noise", crew="Cargo", colour="Red")
    walk_to(s, "count")
    s.do("count_noise")
    notes = texts(s.do("wound", crew="Cargo", dmg=8))
    assert "who takes the First Target token now; set it by hand" in notes
    assert s.state.facts["first_target"] is None
    s.do("set_target", crew="Cap", which="First Target")
    assert s.state.facts["first_target"] == "Cap"


def test_the_last_one_alive_takes_the_token_and_you_first_on_the_dead_is_dropped() -> None:
    s = started(("Cargo", "Flygirl"), seed="dead3", mode="crew")
    walk_to(s, "crew_round")
    s.do("you_first", by="Flygirl", target="Cargo")
    s.do("wound", crew="Cargo", dmg=8)
    assert s.state.facts["first_target"] == "Flygirl"
    walk_to(s, "count")
    assert "'You First' keeps" not in texts(s.do("count_noise"))
