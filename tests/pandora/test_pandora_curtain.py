"""Whom the curtain speaks to when a Hidden Agenda is chosen: at a table,
the player who runs the crewmember, by name; in True Solo the one player is "you" (there is
nobody to hand the laptop to)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Static

from tableside.api import Tableside
from tests.pandora.test_pandora_solo_pilot import SIZE
from tests.pilot_keys import choose_focused
from trackers.games.pandora_celeste import CREW_MODE
from tui.screens.action_form import ActionFormScreen


class Shell(App[None]):
    """A bare app under the form: the curtain is the form's, whatever screen opened it (the
    session screen's key c opening the form is its own pilots' subject)."""

    def compose(self) -> ComposeResult:
        yield Static("the table")


async def _curtain(tmp_path: Path, mode: str, names: tuple[str, ...],
                   crew: list[str]) -> tuple[str, str]:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", len(names), mode=mode, names=names,
                        options={"crew": crew}, seed="curtain")
    app = Shell()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(ActionFormScreen(play, play.action("choose_secret")))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen)
        await choose_focused(pilot, f"{crew[0].lower()}_agenda")
        await pilot.press("ctrl+s")  # to the curtain
        await pilot.pause()
        assert form.step == "curtain"
        title = str(form.query_one("#curtain-title").render())
        text = str(form.query_one("#curtain-text").render())
        await pilot.press("escape")
    play.close()
    table.close()
    return title, text


async def test_true_solo_curtain_speaks_to_you(tmp_path: Path) -> None:
    title, text = await _curtain(tmp_path, "true-solo", ("Ann",), ["Flygirl"])
    assert title == "PRIVATE: you only"
    assert text.startswith("For your eyes only. Everyone else, look away.")
    assert "Ann" not in text and "Flygirl's player" not in text


async def test_a_table_curtain_names_the_crewmember_s_player(tmp_path: Path) -> None:
    # seats follow the crew sheet's order (Cap, Flygirl, Skins): Cap is Ann's
    title, text = await _curtain(tmp_path, "", ("Ann", "Bo", "Cy"), ["Cap", "Flygirl", "Skins"])
    assert title == "PRIVATE: Ann only"
    assert text.startswith("Hand the laptop to Ann. Everyone else, look away.")


async def test_a_standard_solo_curtain_speaks_to_the_one_player(tmp_path: Path) -> None:
    """One player running two crewmembers: their agendas are that player's, and the curtain
    speaks to them as in True Solo (not to "Flygirl's player")."""
    title, text = await _curtain(tmp_path, CREW_MODE, ("Ann",), ["Flygirl", "Cap"])
    assert title == "PRIVATE: you only"
    assert text.startswith("For your eyes only. Everyone else, look away.")
    assert "Flygirl's player" not in title + text


async def test_true_solo_look_and_pin_curtains_speak_to_you(tmp_path: Path) -> None:
    """Looking at (or opening) your own Agenda in True Solo: the curtains say "you", never
    the player's name (there is nobody to hand the laptop to)."""
    from tui.screens.owner_pin import OwnerPinScreen, ask_owner_pin
    from tui.screens.peek import PeekScreen

    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, mode="true-solo", names=("Ann",),
                        options={"crew": ["Flygirl"]}, seed="solo-look")
    play.do("choose_secret", secret="flygirl_agenda", value="The Smoking Gun", pin="solo-pin")

    app = Shell()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PeekScreen(play, "flygirl_agenda"))
        await pilot.pause()
        said = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "PRIVATE: you only" in said and "For your eyes only" in said
        assert "Ann" not in said
        app.pop_screen()
        ask_owner_pin(app, play, play.state.pieces["flygirl_agenda"].owner,  # type: ignore
                      "Reveal a secret", lambda pin: None)
        await pilot.pause()
        assert isinstance(app.screen, OwnerPinScreen)
        said = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "PRIVATE: you only" in said and "needs your PIN" in said
        assert "Ann" not in said
    play.close()
    table.close()
