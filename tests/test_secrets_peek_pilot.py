"""The peek screen by keys: the owner's PIN asked (never set by a look), a wrong one refused,
the value shown only after the right one, the look in the history, and hidden again after."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from tableside.api import OpenSession, Tableside
from tui.screens.peek import PeekScreen


class PeekApp(App[None]):
    """Just the peek screen over an empty app: what it shows does not depend on a game screen."""

    def __init__(self, play: OpenSession) -> None:
        super().__init__()
        self.play = play

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        self.push_screen(PeekScreen(self.play, "plan"))


def _screen_text(app: App[None]) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


def _looks(play: OpenSession) -> int:
    return sum(line.kind == "look" for line in play.table_log())


async def test_the_owners_pin_is_asked_and_a_wrong_one_refused(
        tmp_path: Path, demo_registered: None) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2)
    play.choose_secret("plan", "right", pin="246810")
    app = PeekApp(play)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Input) and app.focused.id == "pin"
        assert "right" not in _screen_text(app)
        await pilot.press(*"135790", "enter")
        await pilot.pause()
        assert "a wrong PIN for Plan" in _screen_text(app)
        assert "right" not in _screen_text(app) and _looks(play) == 0
        assert [line.kind for line in play.table_log()] == ["wrong_pin"]  # logged
        app.screen.query_one("#pin", Input).value = ""
        await pilot.press(*"246810", "enter")
        await pilot.pause()
        assert "Plan: right" in _screen_text(app)
        assert _looks(play) == 1
        await pilot.press("enter")  # Hide it
        await pilot.pause()
        assert "right" not in _screen_text(app) and "Hidden again" in _screen_text(app)
    play.close()
    table.close()


async def test_a_look_at_a_secret_whose_owner_declined_a_pin(
        tmp_path: Path, demo_registered: None) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2)
    play.choose_secret("plan", "left", decline_pin=True)
    app = PeekApp(play)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#pin")  # nothing to type, and no PIN to set here
        await pilot.press("enter")  # Show it
        await pilot.pause()
        assert "Plan: left" in _screen_text(app)
    assert _looks(play) == 1 and not play.pin_is_set("Captain")
    play.close()
    table.close()
