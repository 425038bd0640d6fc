"""The Stowaway card and the real image are chosen only when the rules say (spec §6.2)."""

from __future__ import annotations

import pytest

from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.lifeform.game import GAME


def test_generic_secret_actions_leave_game_managed_secrets_alone() -> None:
    session = Session(GAME, SessionSetup(3), seed="managed")
    assert session.action("choose_secret").params[0].allowed(session.state) == []
    with pytest.raises(ActionError):
        session.do("choose_secret", secret="stowaway", value="second")
    with pytest.raises(ActionError):
        session.do("reveal_secret", secret="real_lifeform")
    assert session.head == 0


def test_starship_moves_are_put_away_after_the_launch() -> None:
    from trackers.games.lifeform.game import STARSHIP_ONLY

    session = Session(GAME, SessionSetup(3), seed="stages")
    session.state.facts["stage"] = "showdown"
    for name in STARSHIP_ONLY:
        assert not session.available(name), name
    assert session.available("draw_cards")
