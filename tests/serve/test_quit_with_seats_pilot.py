"""Quitting the app while players have their seats open asks first and names who loses
their seat (quitting ends every seat); with no seat open it quits at once."""

from __future__ import annotations

from pathlib import Path

from tests.tui.screen_text import screen_text
from tui.app import TablesideApp
from tui.screens.confirm import ConfirmScreen


class _Served:
    """A served game as tui.serving keeps it, with these players' pages open."""

    def __init__(self, seated: list[str]) -> None:
        self._seated = seated

    def seated(self) -> list[str]:
        return list(self._seated)


async def test_ctrl_q_with_seats_open_asks_and_names_who_loses_their_seat(
        tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app._served_games = {"g1": _Served(["Ann", "Bo"])}  # type: ignore[attr-defined]
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Ann and Bo lose their seats" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_q_with_no_seat_open_quits_at_once(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app._served_games = {"g1": _Served([])}  # type: ignore[attr-defined]
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running
