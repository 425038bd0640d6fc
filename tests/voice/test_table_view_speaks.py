"""The table view speaks each new action's announcement once, whichever window made it; never
on opening, undo or redo; f5 mutes it at once, f6 says it again. Announcements go to a folder
(``TABLESIDE_VOICE_TO``) so the test hears them as files."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from textual.app import App

from tableside.api import Tableside
from tests.pilot_keys import record_notifications
from tests.voice.ready import ready_game
from tui.app import TablesideApp
from tui.screens.session import SessionScreen
from tui.widgets.keys_footer import KeysFooter

pytest.importorskip("espeakng_loader", reason="the voice extra (espeakng-loader) is not "
                                              "installed")
SIZE = (80, 24)


@pytest.fixture
def spoken_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sound on, each announcement written to a folder instead of played."""
    folder = tmp_path / "voice"
    monkeypatch.delenv("TABLESIDE_SOUND", raising=False)
    monkeypatch.setenv("TABLESIDE_VOICE_TO", str(folder))
    return folder


def saved(data: Path) -> str:
    # one announcement said before the app opens: never said again
    return ready_game(data, "v", ("advance_self_destruct", {"spaces": 1}))


def heard(screen: SessionScreen, folder: Path) -> list[str]:
    if screen._voice is not None:
        screen._voice.wait()
    return [p.name.split("-", 1)[1] for p in sorted(folder.glob("*.wav"))]  # in order said


async def test_each_new_action_is_spoken_once_and_undo_redo_opening_never(
        tmp_path: Path, spoken_to: Path) -> None:
    game = saved(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        # f5 is offered; at 80x24 in a crew turn it gives way in the footer to the keys that
        # move play (End of turn), and F1 lists it
        assert screen.check_action("voice_toggle", ()) is True
        assert " w  End turn" in str(screen.query_one(KeysFooter).render())
        assert heard(screen, spoken_to) == []  # opening replays the game: silent
        screen.play.do("advance_self_destruct", spaces=2)
        screen.session_changed()
        await pilot.pause()
        assert heard(screen, spoken_to) == ["self-destruct-25-minutes.wav"]
        await pilot.press("u")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert len(heard(screen, spoken_to)) == 1  # undo and redo: silent
        other = Tableside(tmp_path).load(game)  # another window (the CLI, a seat)
        other.do("advance_self_destruct", spaces=1)
        other.close()
        screen.look_elsewhere()
        await pilot.pause()
        screen.session_changed()  # a second redraw of the same change: not said again
        await pilot.pause()
        assert heard(screen, spoken_to)[-1] == "self-destruct-24-minutes-terror-icon.wav"
        assert len(heard(screen, spoken_to)) == 2
        await pilot.press("f6")  # say it again
        await pilot.pause()
        assert len(heard(screen, spoken_to)) == 3
        said = record_notifications(cast("App[object]", app))
        await pilot.press("f5")  # mute at once: this game, kept in the settings
        await pilot.pause()
        assert said[-1] == "Spoken announcements off for Lifeform."
        screen.play.do("advance_self_destruct", spaces=1)
        screen.session_changed()
        await pilot.pause()
        assert len(heard(screen, spoken_to)) == 3
    assert Tableside(tmp_path).setting("voice:lifeform") is False


async def test_with_no_way_to_speak_one_notice_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLESIDE_SOUND", raising=False)
    monkeypatch.setattr("tableside.voice.speaker.find_player", lambda: None)
    saved(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        said = record_notifications(cast("App[object]", app))
        for _ in range(2):
            screen.play.do("advance_self_destruct", spaces=1)
            screen.session_changed()
            await pilot.pause()
            assert screen._voice is not None
            screen._voice.wait()
            await pilot.pause()
        notices = [s for s in said if s.startswith("Spoken announcements are off")]
        assert notices == ["Spoken announcements are off: the sound could not be played: no "
                           "sound player was found: paplay, pw-play or aplay. The game goes on "
                           "without them."]
        assert screen.play.state.pieces["self_destruct"].position == 25  # type: ignore[attr-defined]
