"""The Crisis deck of the solo game (spec lifeform §11.3): the list the player enters once, and
what a card does to the Remora, the conditions and the hand."""

from __future__ import annotations

import pytest

from trackers.engine import ActionError
from trackers.games.lifeform import crisis, remora
from trackers.games.lifeform.crisis import CrisisCard

# Test data: nine made-up new cards (each names a chamber) and two old C-Deck cards.
NINE = ("Melted metal = Cockpit + clamp; Bulkhead = Storage Bay + keep; Vents = Supply Locker; "
        "Sparks = Engineering + clamp; Pods = Hyperleep Chamber + stamina; Wires = Cockpit; "
        "Hiss = Storage Bay + clamp; Dark = Supply Locker + keep; Steam = Engineering")
LIST = NINE + "; Old card one; Old card two"


def _facts() -> dict[str, object]:
    return {"remora": remora.new_remora(), "crisis": crisis.new_crisis("virtual")}


def test_the_list_is_read_once_with_chambers_and_effects() -> None:
    cards = crisis.parse_list(LIST)
    assert len(cards) == 11
    assert cards[0] == CrisisCard("Melted metal", "Cockpit", clamp=True)
    assert cards[4] == CrisisCard("Pods", "Hypersleep Chamber", stamina=True)
    assert cards[-1] == CrisisCard("Old card two")
    assert sum(1 for c in cards if c.chamber) == crisis.NEW_CARDS


@pytest.mark.parametrize(("text", "says"), [
    ("Melted metal = Cockpit", "9 new Crisis cards"),
    (NINE + "; Wires = Cockpit", "listed twice"),
    (NINE.replace("Steam = Engineering", "Steam = Galley"), "neither a Remora chamber"),
    (NINE.replace("Steam = Engineering", "Steam = Engineering + Cockpit"), "two chambers"),
    (NINE + "; Old = clamp", "effects are listed for the new cards"),
    (" = Cockpit", "has no name"),
])
def test_a_bad_list_is_refused_naming_the_problem(text: str, says: str) -> None:
    with pytest.raises(ActionError, match=says) as err:
        crisis.parse_list(text)
    assert err.value.field == "cards"


def test_a_card_puts_a_token_and_unlocks_a_clamp() -> None:
    facts = _facts()
    lines = crisis.resolve(facts, CrisisCard("Melted metal", "Cockpit", clamp=True), None)
    board = facts["remora"]
    assert board["tokens"] == ["Cockpit"] and board["clamps"] == 1  # type: ignore[index]
    assert len(lines) == 3


def test_a_card_on_a_chamber_holding_a_token_advances_life_support() -> None:
    facts = _facts()
    crisis.resolve(facts, CrisisCard("Melted metal", "Cockpit", clamp=True), None)
    crisis.resolve(facts, CrisisCard("Wires", "Cockpit"), 3)
    assert facts["remora"]["life_support"] == 1  # type: ignore[index]
    assert crisis.needs_life_support(facts, "Cockpit")
    assert not crisis.needs_life_support(facts, "Storage Bay")


def test_renewed_stamina_ends_the_other_conditions() -> None:
    facts = _facts()
    facts["crisis"]["conditions"] = ["Exhausted", "Shaken"]  # type: ignore[index]
    lines = crisis.resolve(facts, CrisisCard("Pods", "Hypersleep Chamber", stamina=True), None)
    assert facts["crisis"]["conditions"] == []  # type: ignore[index]
    assert any("Exhausted, Shaken ended" in line for line in lines)


def test_a_kept_card_joins_the_hand_and_the_limit_applies() -> None:
    facts = _facts()
    hand, lines = crisis.keep_card(facts, "Bulkhead", hand=4, hand_limit=5)
    assert hand == 5 and len(lines) == 1
    hand, lines = crisis.keep_card(facts, "Dark", hand=hand, hand_limit=5)
    assert hand == 6 and "discard 1" in lines[-1]
    assert facts["crisis"]["kept"] == ["Bulkhead", "Dark"]  # type: ignore[index]


def test_a_kept_crisis_card_counts_toward_discard_any_cards() -> None:
    facts = _facts()
    hand, _ = crisis.keep_card(facts, "Bulkhead", hand=2, hand_limit=6)
    hand, lines = crisis.discard(facts, hand, 2, "Bulkhead")
    assert hand == 1 and facts["crisis"]["kept"] == []  # type: ignore[index]
    assert any("Bulkhead was one of them" in line for line in lines)
    with pytest.raises(ActionError, match="count: you hold 1 card;"):
        crisis.discard(facts, hand, 2, None)
    with pytest.raises(ActionError, match="not a kept Crisis card"):
        crisis.discard(facts, hand, 1, "Bulkhead")


def test_option_c_of_the_example_card_is_never_made_up() -> None:
    text = crisis.EXAMPLE_CARD
    assert "option C" in text and "read it from your card" in text
    for invented in ("Hesitate", "Lose Nerve"):  # legible fragments only, not an effect
        assert invented not in text
