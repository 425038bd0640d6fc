"""New game of a title with secrets offers the PINs before play: Yes takes each owner in
turn behind the curtain (set or declined), Not now says each is asked at their first
secret. The PINs are records of their own: undo takes none back."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Static

from saves.journal import decode_line
from tests.pilot_keys import burst, key
from tests.tui.test_forms_pilot import set_game
from tui.app import TablesideApp
from tui.screens.session import SessionScreen
from tui.screens.set_pin import PinsOfferScreen, SetPinScreen

pytestmark = pytest.mark.usefixtures("pins_offer_shown")


@contextlib.asynccontextmanager
async def offered(data: Path, players: int, names: str
                  ) -> AsyncIterator[tuple[TablesideApp, Pilot[None]]]:
    """New game of Nemesis: Lockdown, up to its offer of the PINs (shown): the game and
    the player count put in their lists directly and the names typed in one burst (choosing
    from a list and typing a field by keys are the forms pilots' subject), ctrl+s."""
    app = TablesideApp(data_dir=data)
    async with app.run_test(size=(80, 24)) as pilot:
        await offer(pilot, players, names)
        yield app, pilot


async def offer(pilot: Pilot[None], players: int, names: str) -> None:
    """From Home: New game of Nemesis: Lockdown up to its offer of the PINs (see offered)."""
    await key(pilot, "n")
    await set_game(pilot, "nemesis-lockdown", players)
    pilot.app.screen.query_one("#names", Input).focus()
    await burst(pilot, *names)
    assert pilot.app.screen.query_one("#names", Input).value == names
    await key(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, PinsOfferScreen)


def _text(app: App[None]) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def test_yes_takes_each_player_in_turn_and_undo_removes_no_pin_not_now_asks_later(
        tmp_path: Path) -> None:
    """The offer's two answers, one new game each. Yes: each player in turn behind the
    curtain, a PIN set or declined; undo takes none back. Not now: each player is asked at
    their first secret, none has a key yet."""
    async with offered(tmp_path, 3, "Ann,Bo,Cy") as (app, pilot):
        assert "Set the PINs now? Each player in turn, behind the curtain" in _text(app)
        await pilot.press("y")
        await pilot.pause()
        for name, answer in (("Ann", "ann-pin-1"), ("Bo", None), ("Cy", "cy-pin-33")):
            assert isinstance(app.screen, SetPinScreen)
            said = _text(app)
            assert f"PRIVATE: {name} only" in said and f"{name} sets their PIN" in said
            if answer is None:
                await pilot.press("tab", "space")  # No PIN
            else:
                await burst(pilot, *answer, "enter")
            await pilot.pause()
        session = app.screen
        assert isinstance(session, SessionScreen)
        play = session.play
        play.do("next_step")
        session.refresh_all()
        await pilot.press("u")
        await pilot.pause()
        assert play.head == 0
        assert [play.pin_is_set(o) for o in ("Ann", "Bo", "Cy")] == [True, False, True]
        assert play.has_key("Bo")  # declined, said as declined
        journal = app.table.store.journal_path(play.id).read_bytes().splitlines()
        pins = [r for r in map(decode_line, journal) if r is not None and r.get("t") == "pin"]
        assert [r["owner"] for r in pins] == ["Ann", "Bo", "Cy"]
        assert [line.text for line in play.table_log()][:3] == [
            "Ann's PIN set at the laptop",
            "Bo's PIN declined (hidden from the screen, not from the files) at the laptop",
            "Cy's PIN set at the laptop"]

        await key(pilot, "escape")  # Home: a second new game
        await offer(pilot, 2, "Ann,Bo")
        assert "the first secret each player chooses asks them" in _text(app)
        await pilot.press("n")
        await pilot.pause()
        session = app.screen
        assert isinstance(session, SessionScreen)
        assert not session.play.has_key("Ann") and not session.play.has_key("Bo")
