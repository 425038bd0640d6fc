"""Module B with the table's own tokens: the table flips its real token and
the app follows what it shows; the setup says which way the game plays; a launch waits for any
open asteroid decision, so no impact is ever told for a ship the crew has left."""

from __future__ import annotations

import pytest

from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES, new, through_setup
from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.lifeform.game import GAME
from trackers.games.lifeform.setup import steps


def mirrored(seed: str = "m") -> Session:
    setup = GAME.check_setup(SessionSetup(3, {"modules": ["B"], "asteroid_tokens": "mirror"},
                                          NAMES[3], BOARD))
    return through_setup(Session(GAME, setup, seed=seed))


def asteroid_lines(s: Session) -> tuple[str, ...]:
    return next(p.lines for p in GAME.panels(s.state)  # type: ignore[attr-defined]
                if p.title.startswith("Asteroids"))


def test_the_setup_says_plainly_whose_tokens_count() -> None:
    b1 = dict(steps(mirrored().state))["B1"]
    assert b1.startswith("Module B, your own tokens: shuffle the 4 asteroid tokens")
    # The app's own draw stays the default: a game saved before the option reopens as played.
    setup = GAME.check_setup(SessionSetup(3, {"modules": ["B"]}, NAMES[3], BOARD))
    assert setup.options["asteroid_tokens"] == "app"
    app = dict(steps(new(3, ("B",)).state))["B1"]
    assert app.startswith("Module B, drawn by the app")


@pytest.mark.parametrize("seed", ["m1", "m2", "m3"])
def test_the_tables_token_decides_whatever_the_seed(seed: str) -> None:
    s = mirrored(seed)
    assert s.state.facts["hidden"]["asteroids"] == {}  # nothing of the app's own to follow
    notes = s.do("advance_self_destruct", spaces=9)  # 28 -> 19
    assert any("asteroid token on 19: flip your token" in n.text for n in notes)
    s.do("choose_stowaway", card="second")  # the 20 mark: the card before SD moves on
    assert "to flip now: the token on 19" in asteroid_lines(s)
    with pytest.raises(ActionError, match="asteroid token on 19 is to be flipped"):
        s.do("end_turn")
    s.do("asteroid_token", shows="Impact imminent!")
    s.do("advance_self_destruct", spaces=1)  # 18
    notes = s.do("asteroid_token", shows="Struck by asteroids!", impact_card="the C-Deck card")
    hit = next(n for n in notes if "Struck by asteroids!" in n.text)
    assert "The Asteroid Impact card you drew (the C-Deck card) is followed" in hit.text
    assert hit.key_moment == "Struck by asteroids on 18"
    info = s.state.facts["asteroids"]
    assert info["revealed"] == {"19": "alert", "18": "hit"} and info["face_down"] == []
    assert "Asteroid Impact card drawn: the C-Deck card" in asteroid_lines(s)
    assert s.do("advance_self_destruct", spaces=2) is not None  # 16: nothing left to flip
    assert not s.available("asteroid_token")


def test_the_box_count_keeps_the_entries_honest() -> None:
    s = mirrored()
    s.do("advance_self_destruct", spaces=9)
    s.do("choose_stowaway", card="second")  # the 20 mark: the card before SD moves on
    s.do("asteroid_token", shows="Struck by asteroids!")
    # After the hit every other token left the game: nothing more is asked.
    s.do("advance_self_destruct", spaces=1)
    assert not s.available("asteroid_token")
    s.undo(2)
    s.do("asteroid_token", shows="Impact imminent!")
    for _ in range(2):
        s.do("advance_self_destruct", spaces=1)
        s.do("asteroid_token", shows="Impact imminent!")
    s.do("advance_self_destruct", spaces=1)  # 16: the last token must be the hit
    with pytest.raises(ActionError, match="the box holds 3 'Impact imminent!' token"):
        s.do("asteroid_token", shows="Impact imminent!")


def test_a_launch_waits_for_an_open_asteroid_decision() -> None:
    s = through_setup(new(3, ("B",), seed="b0"))  # the app's own tokens
    s.do("advance_self_destruct", spaces=10)  # 28 -> 18: jumps over 19, the table decides
    s.do("choose_stowaway", card="second")  # the 20 mark: the card before SD moves on
    assert s.state.facts["asteroids"]["held"]
    reason = s.blocked("launch") or ""
    assert reason.startswith("module B: the asteroid tokens the tracker jumped over are still "
                             "to be decided")
    with pytest.raises(ActionError, match="Launch the Remora is not possible now: module B"):
        s.do("launch")
    s.do("asteroids_jumped", decision="leave them unchecked")
    assert "module B" not in (s.blocked("launch") or "")


def test_a_mirrored_launch_waits_for_the_flip() -> None:
    s = mirrored()
    s.do("advance_self_destruct", spaces=9)
    assert "asteroid token on 19 is to be flipped" in (s.blocked("launch") or "")


def test_a_4_player_game_with_modules_a_and_b_follows_the_tables_tokens() -> None:
    """As played through the CLI: 4 players, modules A and B, the table's own tokens. The
    tracker lands on 19 (flip: an alert), jumps over 18 to 17 (the table decides to check both,
    flips 18: the hit with the Impact card it drew), and the hit ends module B: 17's token is
    never flipped and the launch no longer waits for anything of module B."""
    setup = GAME.check_setup(SessionSetup(4, {"modules": ["A", "B"],
                                              "asteroid_tokens": "mirror"}, NAMES[4], BOARD))
    s = Session(GAME, setup, seed="ab")
    for member, pair in (("Andrew", ("Solomon", "Palmer")), ("Jacob", ("Cameron", "Bennings")),
                         ("Maya", ("Scott", "Chandra"))):
        s.do("record_characters", crew_member=member, first=pair[0], second=pair[1])
    s.do("reality_calibration", image="Image 1")
    s.do("tick_setup", step="all remaining")
    assert dict(steps(s.state))["B1"].startswith("Module B, your own tokens")
    s.do("advance_self_destruct", spaces=12)  # START -> 19 on the test board
    s.do("choose_stowaway", card="second")  # the 20 mark: the card before SD moves on
    assert "asteroid token on 19 is to be flipped" in (s.blocked("end_turn") or "")
    s.do("asteroid_token", shows="Impact imminent!")
    s.do("advance_self_destruct", spaces=2)  # 19 -> 17: 18 jumped over
    assert "jumped over are decided first" in (s.blocked("asteroid_token") or "")
    assert "jumped over are still to be decided" in (s.blocked("launch") or "")
    s.do("asteroids_jumped", decision="check them")
    notes = s.do("asteroid_token", shows="Struck by asteroids!", impact_card="card 2")
    assert "The Asteroid Impact card you drew (card 2) is followed" in notes[0].text
    assert s.state.facts["asteroids"]["face_down"] == []  # 16 and 17 left the game unseen
    assert "no asteroid token is left face down" in (s.blocked("asteroid_token") or "")
    assert "module B" not in (s.blocked("launch") or "")
    assert s.state.facts["hidden"]["asteroids"] == {}  # the app never held a face of its own
