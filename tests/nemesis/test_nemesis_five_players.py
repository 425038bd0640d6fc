"""Five players (the box's 1-5; rulebook: Setup (Summary)): an Adult and a Contingency token
each, and the box's Contingency tokens, which the text does not count, asked where a deal
needs more than the five codes it names."""

from __future__ import annotations

import pytest

from tests.nemesis.lockdown_play import game, said
from trackers.engine import ActionError
from trackers.engine.actions import BoardValueNeeded
from trackers.games.nemesis_lockdown import rounds
from trackers.pieces import Bag, Secret

FIVE = ("Ann", "Bo", "Cy", "Di", "Ed")


def to_the_deal(names: tuple[str, ...] = FIVE, **board: object):
    s = game(names, **board)
    while rounds.current(s.state) != "contingency":
        if rounds.current(s.state) == "power":
            s.do("place_power", s01=1, s02=2, s03=3, elevator=4)
        s.do("next_step")
    return s


def test_five_players_get_an_adult_and_a_contingency_token_each() -> None:
    s = game(FIVE)
    bag = s.state.piece("intruder_bag", Bag).contents
    assert bag["Adult"] == 3 + 5 and sum(bag.values()) == 15
    tokens = [p.label for p in s.state.pieces.values()
              if isinstance(p, Secret) and "Contingency" in p.label]
    assert tokens == [f"{n}'s Contingency token 1" for n in FIVE]
    assert [f"p{i}_objective" in s.state.pieces for i in range(1, 6)] == [True] * 5


def test_the_deal_of_six_asks_how_many_tokens_the_box_holds() -> None:
    s = to_the_deal()
    with pytest.raises(BoardValueNeeded) as asked:
        s.do("next_step")
    assert asked.value.keys == ["contingency_tokens"]
    s.do("set_board_value", key="contingency_tokens", value="5")
    before = len(s.events)
    with pytest.raises(ActionError, match="this setup deals 6 Contingency tokens and your box "
                       r"holds 5 \(rulebook: Setup \(Summary\)\)"):
        s.do("next_step")
    assert len(s.events) == before
    s.do("set_board_value", key="contingency_tokens", value="7")
    assert "the other 1 form the Neutral Pool" in rounds.text(s.state, "contingency")
    assert "Draft" in said(s.do("next_step"))


def test_a_deal_the_five_codes_cover_is_not_asked() -> None:
    s = to_the_deal(("Ann", "Bo", "Cy", "Di"))
    s.do("next_step")  # 4 + the Active one: no question
    assert "contingency_tokens" not in s.state.board
