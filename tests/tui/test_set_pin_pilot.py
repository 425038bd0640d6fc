"""The PIN's moment, on screen: each owner in turn, named behind the curtain, sets their PIN
before play or declines it (said plainly), and nobody's PIN is set by another's choice."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from tableside.api import OpenSession, Tableside
from trackers.pieces import Secret
from tui.screens.set_pin import SetPinScreen, offer_pins

LIFE = "sarah-pin-1"


class PinsApp(App[None]):
    """The PIN screens over an empty app: what they ask does not depend on a game screen.
    ``change`` opens Ann's change of PIN; else the offer of every owner's PIN."""

    def __init__(self, play: OpenSession, change: bool = False) -> None:
        super().__init__()
        self.play, self.change = play, change

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        if self.change:
            self.push_screen(SetPinScreen(self.play, "Ann", change=True))
        else:
            offer_pins(self, self.play)


def _text(app: App[None]) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query(Static))


async def test_each_owner_in_turn_sets_or_declines_their_pin_before_play(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path, by="app")
    play = table.create("lifeform", 3, names=["Sarah", "Bo", "Cy"])
    app = PinsApp(play)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetPinScreen)
        said = _text(app)
        assert "PRIVATE: Sarah only" in said and "Sarah sets their PIN for this game now" in said
        # unticked reads unticked without colour (an X read as 'declined' at a dim screen)
        assert "X" not in str(app.screen.query_one("#decline-pin").render())
        await pilot.press(*"12345", "enter")  # too short: said, nothing set
        await pilot.pause()
        assert "pin: give 6 to 64" in _text(app) and not play.has_key("Lifeform player")
        app.screen.query_one("#new-pin", Input).value = ""
        await pilot.press(*LIFE, "enter")
        await pilot.pause()
        said = _text(app)  # the crew's turn: a role held by two players, named as the role
        assert "PRIVATE: Crew (not the Lifeform player) only" in said
        await pilot.press("tab", "space")  # No PIN
        await pilot.pause()
        assert not isinstance(app.screen, SetPinScreen)
    assert play.pin_is_set("Lifeform player") and play.has_key("Crew (not the Lifeform player)")
    assert not play.pin_is_set("Crew (not the Lifeform player)") and play.head == 0
    assert [line.text for line in play.table_log()] == [
        "The Lifeform player's PIN set at the laptop",
        "The Crew (not the Lifeform player)'s PIN declined (hidden from the screen, not from "
        "the files) at the laptop"]
    play.close()
    table.close()


class FormApp(App[None]):
    """An action's form over an empty app."""

    def __init__(self, play: OpenSession, action: str) -> None:
        super().__init__()
        self.play, self.action = play, action

    def compose(self) -> ComposeResult:
        yield Static("the table")

    def on_mount(self) -> None:
        from tui.screens.action_form import ActionFormScreen

        self.push_screen(ActionFormScreen(self.play, self.play.action(self.action)))


async def test_the_app_asks_the_owners_pin_to_choose_and_a_wrong_one_changes_nothing(
        tmp_path: Path) -> None:
    from textual.widgets import Select

    from tests.lifeform.test_lifeform_sealed import lifeform_game
    from tui.screens.owner_pin import OwnerPinScreen

    table = Tableside(tmp_path, by="app")
    play = lifeform_game(table)  # Sarah is the Lifeform player
    play.set_pin("Lifeform player", LIFE)
    head = play.head
    app = FormApp(play, "reality_calibration")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "PRIVATE: Sarah only" in _text(app)
        await pilot.press("enter")  # Sarah has the laptop
        await pilot.pause()
        app.screen.query_one("#arg-image", Select).value = "Image 2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, OwnerPinScreen) and "needs Sarah's PIN" in _text(app)
        await pilot.press(*"bo-pin-22", "enter")  # another player's PIN
        await pilot.pause()
        assert "a wrong PIN for Reality Calibration" in _text(app)
    assert play.head == head and [line.kind for line in play.table_log()][-1] == "wrong_pin"
    assert not play.state.piece("real_lifeform", Secret).is_set
    play.close()
    table.close()


async def test_a_pin_is_changed_with_the_old_one_behind_the_curtain(tmp_path: Path) -> None:
    table = Tableside(tmp_path, by="app")
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p1_objective", "Survive", pin=LIFE)
    app = PinsApp(play, change=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "PRIVATE: Ann only" in _text(app)
        await pilot.press(*"bo-pin-22", "enter", *"new-pin-33", "enter")  # Bo's, not hers
        await pilot.pause()
        assert "a wrong PIN" in _text(app) and isinstance(app.screen, SetPinScreen)
        app.screen.query_one("#old-pin", Input).value = LIFE
        app.screen.query_one("#new-pin", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SetPinScreen)
    assert play.secret_value("p1_objective", pin="new-pin-33") == "Survive"
    assert [line.kind for line in play.table_log()][-3:] == ["wrong_pin", "pin", "look"]
    play.close()
    table.close()


async def test_the_no_pin_box_reads_unticked_without_colour(tmp_path: Path) -> None:
    """In a monochrome terminal (a tmux capture) Textual's box showed its X ticked or not:
    'No PIN' looked chosen before anyone chose it. Unticked, the box is empty."""
    from textual.widgets import Checkbox

    from tests.tui.screen_text import screen_text

    table = Tableside(tmp_path, by="app")
    play = table.create("lifeform", 3, names=["Sarah", "Bo", "Cy"])
    app = PinsApp(play)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#decline-pin", Checkbox).value
        shown = screen_text(app).replace("\n", "")
        assert "▐▌ No PIN" in shown and "▐X▌ No PIN" not in shown  # a blank draws no text
    play.close()
    table.close()
