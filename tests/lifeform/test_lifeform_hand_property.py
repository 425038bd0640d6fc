"""The lifeform's hand is a counted quantity every action keeps right.

Over random sequences of the actions that touch it (draws, plays for an attack, Cocoon,
Malfunction, Lurk, Hostility draw icons, Flamethrower-Cocoon, the Mining Laser), the count the
app keeps equals the count this test keeps itself, never goes negative, and whenever it is
above the MAX HAND the app says "discard".
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError, Session
from trackers.games.lifeform import decks
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.rounds import pending
from trackers.pieces import PhysicalDeck, Track

DRAW_ICONS = (5, 11)  # the test board's Hostility Draw-card spaces
MAX_HAND = (6, 7, 8, 9)  # the test board's Cocoon 3P/4P MAX HAND from Start
EVOLUTION = (1, 2, 2, 3)

OPS = st.lists(st.tuples(st.sampled_from(
    ("draw", "discard", "attack", "attack_counted", "cocoon", "malfunction", "lurk",
     "hostility", "flamethrower_cocoon", "mining_laser")), st.integers(0, 3)),
    max_size=14)


def held(s: Session) -> int:
    return s.state.piece("lifeform_deck", PhysicalDeck).hands.get("Sarah", 0)


def step(s: Session, op: str, n: int, expected: int) -> tuple[int, list[str]]:
    """Do one action; returns the count this test expects after it, and the app's notes.
    Hostility passing a Draw-card icon draws 1 (a Flamethrower, the Mining Laser, a card)."""
    before = s.state.piece("hostility", Track).position
    count, notes = _do(s, op, n, expected)
    after = s.state.piece("hostility", Track).position
    return count + sum(before < i <= after for i in DRAW_ICONS), notes


def _do(s: Session, op: str, n: int, expected: int) -> tuple[int, list[str]]:
    cocoon = s.state.piece("cocoon", Track).position
    if op == "draw":
        notes = s.do("draw_cards", who="lifeform", count=n + 1)
        return expected + n + 1, [x.text for x in notes]
    if op == "discard":
        notes = s.do("discard_from_hand", who="lifeform", count=min(n + 1, expected))
        return expected - min(n + 1, expected), [x.text for x in notes]
    if op in ("attack", "attack_counted"):
        target = next(c for c, v in s.state.facts["characters"].items()
                      if v["where"] == "Valley Forge" and not v["hidden"])
        card = "a Lifeform card" if op == "attack" else "already counted"
        notes = s.do("attack", character=target, card=card)
        s.do("reality_calibration", image="Image 1")
        return expected - (op == "attack"), [x.text for x in notes]
    if op in ("cocoon", "malfunction"):
        notes = s.do(f"{op}_advance")
        return expected - 1, [x.text for x in notes]
    if op == "lurk":
        discard = min(n, EVOLUTION[cocoon - 1], expected)
        notes = s.do("lurk", discard=str(discard))
        return MAX_HAND[cocoon - 1], [x.text for x in notes]
    if op == "hostility":
        notes = s.do("hostility_other", spaces=n + 1, why="a card")
        return expected, [x.text for x in notes]
    if op == "flamethrower_cocoon":
        notes = s.do("flamethrower_cocoon", crew_member="Andrew", ghost_removed="Image 3")
        return expected, [x.text for x in notes]
    s.do("take_mining_laser", crew_member="Andrew")
    notes = s.do("shoot_mining_laser", crew_member="Andrew", target="lifeform image")
    return 0, [x.text for x in notes]


@given(OPS)
def test_the_lifeform_hand_equals_draws_minus_plays_and_says_discard(
        ops: list[tuple[str, int]]) -> None:
    s = through_setup(new(3))
    expected = 3  # the starting hand (rulebook, Lifeform Setup)
    for op, n in ops:
        try:
            expected, notes = step(s, op, n, expected)
        except ActionError:
            continue  # refused: nothing changed (a rule forbade it now)
        hand = held(s)
        assert hand == expected >= 0
        limit = decks.hand_limit(s.state, "Sarah", board_of(s.state.board))
        if limit is not None and hand > limit:
            said = notes + pending(s.state)
            assert any("discard" in line for line in said), (op, hand, limit, said)
        if s.state.facts["stage"] != "starship":
            break


def test_a_refused_play_changes_no_count() -> None:
    s = lifeform_phase(through_setup(new(3)))
    s.do("discard_from_hand", who="lifeform", count=3)
    try:
        s.do("cocoon_advance")  # no Lifeform card to play
    except ActionError as err:
        assert "holds no Lifeform card" in str(err)
    else:
        raise AssertionError("a play from an empty hand was accepted")
    assert held(s) == 0
