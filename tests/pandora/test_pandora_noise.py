"""Noise, First Target, You First and the Stern Target (spec pandora-celeste §3; T09-T17)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pandora.helpers import enter_setup, panel, walk_to
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste import cycle, darkness
from trackers.games.pandora_celeste.game import GAME
from trackers.games.pandora_celeste.noise import noise_rank


def new(crew: list[str], **options: Any) -> Session:
    s = Session(GAME, SessionSetup(len(crew), {"crew": crew, **options}), seed="noise")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6)
    s.do("add_protocol", name="Vacuum", start=4)
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        s.do("next_step")
    if darkness.due(s.state):  # the ShipStern's dark: nobody in it
        s.do("darkness", crew=darkness.NOBODY)
    s.do("next_step")  # into the Crew Round
    return s


def count(s: Session) -> str:
    while cycle.current(s.state) != "count":
        if darkness.due(s.state):
            s.do("darkness", crew=darkness.NOBODY)
        s.do("next_step")
    return "\n".join(n.text for n in s.do("count_noise"))


def noise(s: Session, who: str, colour: str, n: int = 1, source: str | None = None) -> None:
    s.do("record_noise", crew=who, colour=colour, count=n, source=source)


@pytest.mark.parametrize(("a", "b", "first"), [
    ((1, 0, 0, 0), (0, 5, 3, 0), "A"),  # T09
    ((1, 2, 0, 0), (1, 1, 4, 0), "A"),  # T10
    ((1, 1, 0, 3), (1, 1, 1, 0), "B"),  # T11
])
def test_t09_t10_t11_colours_rank_red_amber_yellow_green(a: tuple[int, ...],
                                                        b: tuple[int, ...], first: str) -> None:
    assert noise_rank({"A": list(a), "B": list(b)}, {"A": 1, "B": 2}, ["A", "B"])[0] == first
    assert noise_rank({"A": list(a), "B": list(b)}, {"A": 2, "B": 1}, ["A", "B"])[0] == first


def test_t12_a_full_tie_goes_to_the_latest_noise() -> None:
    s = new(["Cap", "Flygirl"])
    for colour in ("Red", "Amber", "Yellow", "Green"):
        noise(s, "Cap", colour)
    for colour in ("Red", "Amber", "Yellow"):
        noise(s, "Flygirl", colour)
    noise(s, "Flygirl", "Green")  # both now R1 A1 Y1 G1; Flygirl made noise last
    assert "If counted now, first target: Flygirl" in panel(s, "Noise")
    assert "First Target: Flygirl" in count(s)
    assert s.state.facts["first_target"] == "Flygirl"


def test_t13_nrg_counts_one_amber_in_place_of_the_cards() -> None:
    s = new(["Skins", "Cap"])
    s.do("record_noise", crew="Skins", source="NRG/Recharge")
    noise(s, "Skins", "Red")
    assert "Skins: R1 A1 Y0 G0" in panel(s, "Noise")
    with pytest.raises(ActionError, match="counts as 1 Amber"):
        s.do("record_noise", crew="Skins", colour="Red", source="NRG/Recharge")
    with pytest.raises(ActionError, match="colour: required"):
        s.do("record_noise", crew="Skins")


def test_t14_t15_spare_noise_and_tool_count_their_own_colour() -> None:
    s = new(["Cap", "Flygirl"])
    noise(s, "Cap", "Yellow", source="Tool")  # a Red card under a Yellow Tool
    noise(s, "Flygirl", "Green", source="Spare Noise card")
    assert "Cap: R0 A0 Y1 G0" in panel(s, "Noise")
    assert "First Target: Cap" in count(s)


def test_t16_you_first_beats_the_count() -> None:
    s = new(["Cap", "Flygirl", "Keni"])
    noise(s, "Cap", "Red", 3)
    s.do("you_first", by="Cap", target="Flygirl")
    assert s.state.facts["first_target"] == "Flygirl"
    with pytest.raises(ActionError, match="does not say what a second one does"):
        s.do("you_first", by="Keni", target="Cap")
    with pytest.raises(ActionError, match="played on another crewmember"):
        s.do("you_first", by="Cap", target="Cap")
    assert "'You First' keeps Flygirl" in count(s)
    assert s.state.facts["first_target"] == "Flygirl" and s.state.facts["you_first"] is None


def test_t17_stern_target_with_the_shipstern() -> None:
    s = new(["Cargo", "Greaseball", "Flygirl"], shipstern=True)
    s.do("crew_area", crew="Cargo", area="Cargo Control section")
    s.do("crew_area", crew="Greaseball", area="back")
    noise(s, "Cargo", "Red", 2)
    noise(s, "Greaseball", "Red")
    noise(s, "Flygirl", "Amber")
    notes = count(s)
    assert "First Target: Cargo" in notes and "Stern Target: Cargo" in notes
    assert s.state.facts["stern_target"] == "Cargo"


def test_without_the_shipstern_there_is_no_area_or_stern_target() -> None:
    s = new(["Cap", "Flygirl"])
    with pytest.raises(ActionError, match="Crewmember's area is not possible now"):
        s.do("crew_area", crew="Cap", area="back")
    with pytest.raises(ActionError, match="which: a Stern Target exists only"):
        s.do("set_target", crew="Cap", which="Stern Target")


def test_nobody_made_noise_is_left_to_the_table() -> None:
    s = new(["Cap", "Flygirl"])
    notes = count(s)
    assert "the rulebook does not say who is First Target" in notes
    assert "pause" in notes and not s.state.facts["noise_made"]
    assert s.state.facts["first_target"] is None
    s.do("set_target", crew="Cap", which="First Target")
    assert s.state.facts["first_target"] == "Cap"


def test_the_count_clears_the_round_and_noise_belongs_to_the_crew_round() -> None:
    s = new(["Cap", "Flygirl"])
    noise(s, "Cap", "Red")
    count(s)
    assert "Cap: R0 A0 Y0 G0" in panel(s, "Noise")
    assert cycle.current(s.state) == "refill"
    with pytest.raises(ActionError, match="this Cycle's count is done"):
        noise(s, "Cap", "Red")
    s.undo()
    assert "Cap: R1 A0 Y0 G0" in panel(s, "Noise")


def test_a_play_noted_late_still_counts_at_the_noise_count_step() -> None:
    """The count reads the face-up discards: noise entered once the Crew Round is ticked off,
    before 'Noise count', is counted (played: refused at the count step)."""
    s = new(["Cap", "Flygirl"])
    noise(s, "Cap", "Amber")
    while cycle.current(s.state) != "count":
        s.do("next_step")
    noise(s, "Flygirl", "Red")
    s.do("count_noise")
    assert s.state.facts["first_target"] == "Flygirl"


TALLY = st.lists(st.integers(0, 4), min_size=4, max_size=4)


@given(st.dictionaries(st.sampled_from(["A", "B", "C", "D"]), TALLY, min_size=1),
       st.permutations(range(1, 5)))
def test_rank_properties(tallies: dict[str, list[int]], seqs: list[int]) -> None:
    """More Red always ranks higher; the order ignores how the scope is listed (spec §3.3)."""
    last = dict(zip(sorted(tallies), seqs, strict=False))
    order = noise_rank(tallies, last, sorted(tallies))
    assert order == noise_rank(tallies, last, sorted(tallies, reverse=True))
    assert set(order) == {m for m, t in tallies.items() if sum(t)}
    for i, hi in enumerate(order):
        for lo in order[i + 1:]:
            assert tallies[hi][0] >= tallies[lo][0]
            assert (*tallies[hi], last[hi]) > (*tallies[lo], last[lo])


def test_true_solo_silence_keeps_the_lone_crewmember_as_first_target() -> None:
    s = new(["Flygirl"])
    assert s.setup.mode == "true-solo"
    notes = count(s)
    assert "Flygirl, the lone crewmember, stays First Target" in notes
    assert s.state.facts["first_target"] == "Flygirl" and not s.state.facts["noise_made"]
    other = Session(GAME, SessionSetup(1, {"crew": ["Flygirl"],
                                           "no_noise_target": "token stays"}), seed="n")
    while cycle.current(other.state) != "protocols":
        other.do("next_step")
    other.do("add_protocol", name="Aircon", start=6)
    other.do("add_protocol", name="Vacuum", start=4)
    walk_to(other, "count")
    other.do("count_noise")
    assert other.state.facts["first_target"] is None
